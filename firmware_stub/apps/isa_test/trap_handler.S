/* Records mcause/mepc/mtval in trap_record, counts the trap, skips the faulting instruction
 * (all RV32IM instructions are 4 bytes) and returns. Preserves every register. */
  .section .bss
  .align 4
  .globl trap_record
trap_record:
  .space 20

  .section .text
  .align 4
  .globl trap_entry
trap_entry:
  csrw mscratch, t0
  la t0, trap_record
  sw t1, 12(t0)
  csrr t1, mcause
  sw t1, 0(t0)
  csrr t1, mepc
  sw t1, 4(t0)
  csrr t1, mtval
  sw t1, 8(t0)
  lw t1, 16(t0)
  addi t1, t1, 1
  sw t1, 16(t0)
  csrr t1, mepc
  addi t1, t1, 4
  csrw mepc, t1
  lw t1, 12(t0)
  csrr t0, mscratch
  mret
