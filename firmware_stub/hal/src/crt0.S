/* Startup: global pointer, stack, thread pointer (picolibc keeps errno in TLS), zeroed .tbss
 * and .bss, constructors, then exit(main()). The simulator loads the ELF straight into RAM,
 * so .data and .tdata need no copy. */
  .section .text.start, "ax"
  .globl _start
_start:
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
  la sp, __stack_top
  la tp, __tls_base

  la a0, __tbss_start
  la a1, __tls_end
  call zero_words
  la a0, __bss_start
  la a1, __bss_end
  call zero_words

  call __libc_init_array
  li a0, 0
  li a1, 0
  call main
  call exit
1:
  j 1b

/* zero_words(a0 = start, a1 = end): clears [start, end), both 4-byte aligned. */
zero_words:
  bgeu a0, a1, 2f
  sw zero, 0(a0)
  addi a0, a0, 4
  j zero_words
2:
  ret
