#include "instruction_trace.h"

#include <cstdio>

#include "rv32_decoder.h"

namespace accsim::cli {

InstructionTrace::InstructionTrace(const std::string& path, const TraceLimits& limits)
    : m_file(path, limits, "cycle,pc,raw,disassembly,cycles,stalls,function") {}

void InstructionTrace::on_instruction(const cpu::ExecutedInstruction& e) {
  if (!m_file.wants(e.begin_cycle)) return;
  // Stall cycles by reason, "fetch:12 data:20", or empty when the instruction took its issue
  // cycle only.
  std::string stalls;
  const cpu::StallCounters& s = e.stalls;
  const std::pair<const char*, uint64_t> kinds[] = {
      {"fetch", s.fetch}, {"branch", s.branch}, {"load_use", s.load_use}, {"mul_div", s.mul_div},
      {"data", s.data},   {"cfu", s.cfu},       {"csr", s.csr},           {"trap", s.trap}};
  for (const auto& [name, cycles] : kinds) {
    if (cycles == 0) continue;
    if (!stalls.empty()) stalls += ' ';
    stalls += name + std::string(":") + std::to_string(cycles);
  }
  if (e.trapped) stalls += stalls.empty() ? "trapped" : " trapped";
  std::string text = cpu::disassemble(*e.insn, e.pc);
  // Disassembly may contain commas ("addi a0, a0, 1"): quote it for CSV.
  std::string function = m_symbols ? m_symbols->function(e.insn->function).name : "";
  char head[96];
  std::snprintf(head, sizeof head, "%llu,0x%08x,0x%08x,\"",
                static_cast<unsigned long long>(e.begin_cycle), e.pc, e.insn->raw);
  std::string row = head;
  row += text + "\"," + std::to_string(e.end_cycle - e.begin_cycle) + "," + stalls + "," +
         function + "\n";
  m_file.write_row(row.data(), row.size());
}

}  // namespace accsim::cli
