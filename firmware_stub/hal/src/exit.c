/* exit(): picolibc's exit() runs atexit handlers and calls _exit(), which tells the simulator
 * the exit code through sim-control. */
#include <stdio.h>

#include "accsim/sim_control.h"

void _exit(int code) {
  fflush(stdout);
  ACCSIM_EXIT = (uint32_t)code;
  for (;;) {
  }
}

void accsim_exit(int code) { _exit(code); }
