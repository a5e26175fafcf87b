/* Startup of the QEMU user-mode twins (tools/bench/qemu/README.md): Linux already zeroed .bss
 * (the load segment's memory size covers it) and gave us a stack with argc and argv; set the
 * global and thread pointers, run constructors and main, and leave through exit(). */
  .section .text.start, "ax"
  .globl _start
_start:
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
  la tp, __tls_base
  call __libc_init_array
  lw a0, 0(sp)   /* argc, then argv, where Linux left them */
  addi a1, sp, 4
  call main
  call exit
