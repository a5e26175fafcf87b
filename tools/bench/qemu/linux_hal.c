/* The HAL of the QEMU user-mode twins: the console and exit of firmware_stub/hal/src, as Linux
 * system calls instead of sim-control registers. */
#include <stdint.h>
#include <stdio.h>

static long linux_syscall(long number, long a0, long a1, long a2) {
  register long r_a0 __asm__("a0") = a0;
  register long r_a1 __asm__("a1") = a1;
  register long r_a2 __asm__("a2") = a2;
  register long r_a7 __asm__("a7") = number;
  __asm__ volatile("ecall" : "+r"(r_a0) : "r"(r_a1), "r"(r_a2), "r"(r_a7) : "memory");
  return r_a0;
}

static int console_putc(char c, FILE* file) {
  (void)file;
  linux_syscall(64 /* write */, 1, (long)(uintptr_t)&c, 1);
  return (unsigned char)c;
}

static FILE console_stream = FDEV_SETUP_STREAM(console_putc, NULL, NULL, _FDEV_SETUP_WRITE);

FILE* const stdin = &console_stream;
FILE* const stdout = &console_stream;
FILE* const stderr = &console_stream;

void _exit(int code) {
  linux_syscall(94 /* exit_group */, code, 0, 0);
  for (;;) {
  }
}
