#include "vta_timeline.h"

#include <cstdio>

#include "timeline.h"

namespace accsim::vta {

VtaTimeline::VtaTimeline(TimelineSink& sink) : m_sink(sink) {
  for (const char* module : {"fetch", "load", "compute", "store"}) track(module);
  for (const char* module : {"fetch", "load", "compute", "store"}) {
    track(std::string("dma ") + module);
  }
}

void VtaTimeline::instruction(const std::string& module, uint64_t index, const std::string& text,
                              std::optional<uint64_t> dram_address, const sc_core::sc_time& begin,
                              const sc_core::sc_time& end) {
  // The slice's name is the opcode and memory type ("LOAD INP", "GEMM", "ALU"); the full
  // disassembly goes into its arguments.
  const size_t space = text.find(' ');
  std::string name = text.substr(0, space);
  if ((name == "LOAD" || name == "STORE" || name == "ALU") && space != std::string::npos) {
    name += " " + text.substr(space + 1, text.find(' ', space + 1) - space - 1);
  }
  std::string args = "{\"index\":" + std::to_string(index) + ",\"insn\":" + Timeline::quote(text);
  if (dram_address) {
    // Hex like the DMA bursts' addresses, so an instruction and its bursts line up.
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%08llx", static_cast<unsigned long long>(*dram_address));
    args += std::string(",\"dram_address\":\"") + hex + "\"";
  }
  m_sink.slice(track(module), name, begin, end, args + "}", TimelineSink::Empty::kInstant);
}

void VtaTimeline::waited(const std::string& module, const std::string& what,
                         const sc_core::sc_time& begin, const sc_core::sc_time& end) {
  m_sink.slice(track(module), what, begin, end, "", TimelineSink::Empty::kDrop);
}

void VtaTimeline::dma(const std::string& module, bool write, uint64_t address, uint64_t bytes,
                      const sc_core::sc_time& begin, const sc_core::sc_time& end) {
  char args[64];
  std::snprintf(args, sizeof args, "{\"address\":\"0x%08llx\",\"bytes\":%llu}",
                static_cast<unsigned long long>(address), static_cast<unsigned long long>(bytes));
  m_sink.slice(track("dma " + module), write ? "write" : "read", begin, end, args,
               TimelineSink::Empty::kInstant);
}

}  // namespace accsim::vta
