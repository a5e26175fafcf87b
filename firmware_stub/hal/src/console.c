/* stdout/stderr for picolibc's tinystdio, written byte by byte to the sim-control console. */
#include <stdio.h>

#include "accsim/sim_control.h"

static int console_putc(char c, FILE* file) {
  (void)file;
  ACCSIM_CONSOLE_TX = (uint8_t)c;
  return (unsigned char)c;
}

static FILE console_stream = FDEV_SETUP_STREAM(console_putc, NULL, NULL, _FDEV_SETUP_WRITE);

FILE* const stdin = &console_stream;
FILE* const stdout = &console_stream;
FILE* const stderr = &console_stream;
