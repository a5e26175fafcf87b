/* Reports failure through its exit code. */
#include <stdio.h>

int main(void) {
  printf("about to fail on purpose\n");
  return 3;
}
