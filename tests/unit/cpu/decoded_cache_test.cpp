// The decoded-instruction cache: instructions are decoded once, and stores into code and
// fence.i make the core decode them again (self-modifying firmware).
#include "decoded_cache.h"

#include <catch2/catch.hpp>

#include "core_harness.h"
#include "rv32_asm.h"

using namespace accsim;
using namespace accsim::test;
namespace rv = accsim::test::rv;

TEST_CASE("decoded cache: slots start empty and stores empty the words they touch",
          "[cpu][decoded_cache]") {
  cpu::DecodedCache cache;
  for (uint32_t pc : {0x0u, 0x4u, 0x8u, 0xFFCu, 0x1000u}) {
    CHECK(cache.slot(pc).op == cpu::DecodedCache::kEmpty);
    cache.slot(pc) = cpu::decode(rv::addi(1, 1, 1));
  }
  CHECK(&cache.next_slot(cache.slot(0x4)) == &cache.slot(0x8));
  // After a page's last slot: its end marker, empty even when the next page's first slot is not.
  CHECK(&cache.next_slot(cache.slot(0xFFC)) != &cache.slot(0x1000));
  CHECK(cache.next_slot(cache.slot(0xFFC)).op == cpu::DecodedCache::kEmpty);
  CHECK(cache.slot(0x1000).op == cpu::Op::kAddi);
  cache.invalidate(0x6, 4);  // a misaligned word: the end of one instruction, the start of next
  CHECK(cache.slot(0x0).op == cpu::Op::kAddi);
  CHECK(cache.slot(0x4).op == cpu::DecodedCache::kEmpty);
  CHECK(cache.slot(0x8).op == cpu::DecodedCache::kEmpty);
  cache.invalidate(0xFFF, 1);
  CHECK(cache.slot(0xFFC).op == cpu::DecodedCache::kEmpty);
  CHECK(cache.slot(0x1000).op == cpu::Op::kAddi);
  cache.invalidate_all();
  CHECK(cache.slot(0x1000).op == cpu::DecodedCache::kEmpty);
  cache.invalidate(0x40000000, 4);  // no code decoded there: nothing to do
}

TEST_CASE("a store into decoded code takes effect the next time it runs", "[cpu][decoded_cache]") {
  CoreHarness h;
  // The loop runs the instruction at 0x04 twice; between, the store rewrites it.
  h.preset = {{2, rv::addi(5, 0, 2)}};
  h.run({rv::addi(6, 0, 0),  // 0x00
         rv::addi(5, 0, 1),  // 0x04: rewritten to addi x5, x0, 2
         rv::add(7, 7, 5),   // 0x08
         rv::sw(2, 0, 4),    // 0x0c
         rv::addi(6, 6, 1), rv::addi(8, 0, 2), rv::blt(6, 8, -0x14)});
  REQUIRE(h.stopped_at_end());
  CHECK(h.core.reg(7) == 1 + 2);
}

TEST_CASE("a store into the very next instruction takes effect at once", "[cpu][decoded_cache]") {
  CoreHarness h;
  // Straight-line code finds its next instruction without a lookup: the store must empty it.
  // The first pass writes the same word (so 0x08 is decoded), the second a new one.
  h.preset = {{9, rv::addi(5, 0, 1)}, {10, rv::addi(5, 0, 7)}};
  h.run({rv::addi(6, 0, 0),  // 0x00
         rv::sw(9, 0, 8),    // 0x04
         rv::addi(5, 0, 1),  // 0x08: rewritten by the store right before it
         rv::add(7, 7, 5),   // 0x0c
         rv::add(9, 10, 0),  // 0x10: the second pass stores the new word
         rv::addi(6, 6, 1), rv::addi(8, 0, 2), rv::blt(6, 8, -0x18)});
  REQUIRE(h.stopped_at_end());
  CHECK(h.core.reg(7) == 1 + 7);
}

TEST_CASE("byte and halfword stores into an instruction take effect", "[cpu][decoded_cache]") {
  CoreHarness h;
  // sh writes the upper half of the addi at 0x04: its immediate becomes 3.
  h.preset = {{2, rv::addi(5, 0, 3) >> 16}};
  h.run({rv::addi(6, 0, 0),  // 0x00
         rv::addi(5, 0, 1),  // 0x04: immediate rewritten to 3
         rv::add(7, 7, 5),   // 0x08
         rv::sh(2, 0, 6),    // 0x0c
         rv::addi(6, 6, 1), rv::addi(8, 0, 2), rv::blt(6, 8, -0x14)});
  REQUIRE(h.stopped_at_end());
  CHECK(h.core.reg(7) == 1 + 3);
}

TEST_CASE("code changed behind the core takes effect after fence.i", "[cpu][decoded_cache]") {
  // The loop runs the instruction at 0x00 three times. After its first run the memory
  // changes without a store from the core (as a DMA or a loader would change it).
  for (bool fence : {false, true}) {
    CoreHarness h;
    h.load({rv::addi(5, 0, 1),  // 0x00: changed to addi x5, x0, 2 after its first run
            rv::add(7, 7, 5),   // 0x04
            fence ? rv::fence_i() : rv::addi(0, 0, 0), rv::addi(6, 6, 1), rv::addi(8, 0, 3),
            rv::blt(6, 8, -0x14)});
    h.core.reset(0);
    while (h.core.pc() != 0x04) h.core.run(h.core.cycle() + 1);
    h.memory.set_word(0x00, rv::addi(5, 0, 2));
    h.step_to_end();
    REQUIRE(h.stopped_at_end());
    INFO("fence.i " << fence);
    // Without fence.i the decoded instruction stays in use, as the I$ would keep serving it.
    CHECK(h.core.reg(7) == (fence ? 1u + 2 + 2 : 1u + 1 + 1));
    CHECK(h.memory.fences == (fence ? 3 : 0));
  }
}
