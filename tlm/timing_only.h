// Timing-only accesses: a bus access whose data has already moved through DMI. The CPU's caches
// copy data through DMI pointers and use the bus only for time (a line fill, a write-back, a
// write-through store): the transaction's bytes are the memory's own. Building a generic
// payload, crossing two sockets and copying those bytes again was most of the host time of
// such an access, so the fabric offers the same timing and statistics without a transaction.
//
// Only a target whose b_transport does nothing beyond moving the bytes and timing the access
// (a Memory) may take them; for any other target, or an access the target would refuse, the
// path declines and the initiator sends the transaction as usual. Taken or declined, the
// cycles, contention, counters and memory-side state are what the transaction would have given.
#pragma once

#include <cstdint>

namespace accsim {

// A target that times an access without moving its data.
class TimingOnlyTarget {
 public:
  virtual ~TimingOnlyTarget() = default;
  // The service cycles of a `length`-byte access at local `offset`, with the target's state and
  // statistics updated exactly as its b_transport would. False, with nothing changed, if the
  // transaction would fail (out of range, a write to ROM or a read-only range).
  virtual bool timing_only_access(bool write, uint64_t offset, unsigned length,
                                  uint64_t& cycles) = 0;
};

// The bus side: routes a timing-only access from initiator port `initiator` issued at the
// initiator's local `cycle`, and gives its annotated delay in `cycles` (hop latency, contention
// and service, as b_transport annotates). False if it declines (unmapped, not a
// TimingOnlyTarget, or the target refused): nothing was counted, send the transaction.
class TimingOnlyPath {
 public:
  virtual ~TimingOnlyPath() = default;
  virtual bool timing_only_access(int initiator, bool write, uint64_t address, unsigned length,
                                  uint64_t cycle, uint64_t& cycles) = 0;
};

}  // namespace accsim
