/* Never exits: the run must be stopped by the cycle limit. */
int main(void) {
  for (;;) {
    __asm__ volatile("");
  }
}
