/* Executes an all-zero word, which is not a RISC-V instruction. */
int main(void) {
  __asm__ volatile(".word 0x00000000");
  return 0;
}
