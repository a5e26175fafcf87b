/* CFU-Playground's performance counters as the CPU exposes them: counter n (0..7) counts
 * cycles while enabled; its value is CSR 0xB04 + 2n and its enable CSR 0xB05 + 2n. The CPU
 * model implements these CSRs (models/cpu/csr_file.h, tied to this header by tests/unit/hw) and
 * the HAL reaches them with csrr/csrw, whose CSR operand must be a constant: hence macros.
 * Part of accsim/hw/, the contracts both sides include (README.md there). */
#ifndef ACCSIM_HW_PERF_CSR_H
#define ACCSIM_HW_PERF_CSR_H

#define ACCSIM_PERF_COUNTERS 8
#define ACCSIM_PERF_CSR_VALUE(n) (0xB04 + 2 * (n))
#define ACCSIM_PERF_CSR_ENABLE(n) (0xB05 + 2 * (n))

#endif
