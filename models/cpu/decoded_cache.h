// The decoded-instruction cache: instructions are decoded once per address into a DecodedInsn
// slot, in pages of 4 KiB of code allocated on first use. Stores into code empty the slots of
// the words they write, fence.i empties every slot. Pages are never freed while the core
// runs (emptying marks slots), so the slot of the instruction executing stays valid whatever
// that instruction does.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "rv32_decoder.h"

namespace accsim::cpu {

class DecodedCache {
 public:
  // DecodedInsn::op of a slot that holds no decoded instruction.
  static constexpr Op kEmpty = static_cast<Op>(0xFF);
  // A decoded slot may be marked as the first instruction of a function reached in sequence:
  // the top bit of its op (no Op has it), so that the instruction loop finds empty and marked
  // slots with one test (needs_attention) and executes the unmarked copy (plain).
  static bool needs_attention(const DecodedInsn& d) { return static_cast<uint8_t>(d.op) >= 0x80; }
  static bool function_entry(const DecodedInsn& d) { return needs_attention(d) && d.op != kEmpty; }
  static void mark_function_entry(DecodedInsn& d) {
    d.op = static_cast<Op>(static_cast<uint8_t>(d.op) | 0x80);
  }
  static DecodedInsn plain(DecodedInsn d) {
    d.op = static_cast<Op>(static_cast<uint8_t>(d.op) & 0x7F);
    return d;
  }

  DecodedCache();
  ~DecodedCache();

  // The slot of the instruction at `pc` (4-aligned); its op is kEmpty until decoded.
  DecodedInsn& slot(uint32_t pc) {
    Page* page = m_pages[pc >> kPageBits];
    if (__builtin_expect(page == nullptr, 0)) page = new_page(pc);
    return page->slots[(pc >> 2) & (kSlotsPerPage - 1)];
  }
  // The slot after `slot` in its page, so that straight-line code finds its next instruction
  // without a lookup or a test. After a page's last slot comes its end marker, which is always
  // empty: a caller that finds the slot of pc + 4 empty looks it up with slot(pc + 4) (as it
  // must anyway, to decode it).
  DecodedInsn& next_slot(DecodedInsn& slot) { return (&slot)[1]; }
  // A store wrote [address, address + size): empties the slots of the words it touched.
  void invalidate(uint32_t address, unsigned size) {
    invalidate_word(address);
    if (((address & 3) + size) > 4) invalidate_word(address + size - 1);
  }
  // Empties every slot (fence.i, or a loader rewrote memory).
  void invalidate_all();

 private:
  static constexpr uint32_t kPageBits = 12;
  static constexpr uint32_t kPageBytes = 1u << kPageBits;
  static constexpr uint32_t kSlotsPerPage = 1u << (kPageBits - 2);
  struct Page {
    DecodedInsn slots[kSlotsPerPage];
    DecodedInsn end_marker;  // always empty (see next_slot)
  };

  Page* new_page(uint32_t pc);
  void invalidate_word(uint32_t address) {
    Page* page = m_pages[address >> kPageBits];
    if (page != nullptr) page->slots[(address >> 2) & (kSlotsPerPage - 1)].op = kEmpty;
  }

  struct Free {
    void operator()(Page** table) const { std::free(table); }
  };
  // Indexed by pc >> kPageBits; calloc'ed, so the entries of the address space no code was
  // ever decoded in cost neither time nor memory.
  std::unique_ptr<Page*[], Free> m_pages;
  std::vector<std::unique_ptr<Page>> m_used;  // the pages allocated so far
};

}  // namespace accsim::cpu
