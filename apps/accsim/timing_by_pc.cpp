#include "timing_by_pc.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

// One row of insn.csv: cycle,pc,raw,"disassembly",cycles,stalls,function.
struct Row {
  uint32_t pc = 0;
  std::string disassembly;
  uint64_t cycles = 0;
  std::string function;
};

class TraceReader {
 public:
  explicit TraceReader(const fs::path& file) : m_file(file), m_in(file) {
    if (!m_in) throw std::runtime_error(file.string() + ": cannot read the instruction trace");
    std::string header;
    std::getline(m_in, header);
    if (header.rfind("cycle,pc,raw,disassembly,cycles", 0) != 0) {
      throw std::runtime_error(file.string() + ":1: not an insn.csv (header \"" + header + "\")");
    }
    m_line = 1;
  }

  bool next(Row& row) {
    std::string text;
    if (!std::getline(m_in, text)) return false;
    ++m_line;
    if (!parse(text, row)) {
      throw std::runtime_error(m_file.string() + ":" + std::to_string(m_line) +
                               ": cannot read the row \"" + text + "\"");
    }
    return true;
  }

 private:
  // The disassembly is the one quoted field (it may hold commas); the others hold none.
  static bool parse(const std::string& text, Row& row) {
    const size_t c1 = text.find(',');
    const size_t c2 = c1 == std::string::npos ? c1 : text.find(',', c1 + 1);
    if (c2 == std::string::npos) return false;
    const size_t quote = text.find(",\"", c2 + 1);
    const size_t end_quote = quote == std::string::npos ? quote : text.find("\",", quote + 2);
    if (end_quote == std::string::npos) return false;
    const size_t c5 = text.find(',', end_quote + 2);
    const size_t c6 = c5 == std::string::npos ? c5 : text.find(',', c5 + 1);
    if (c6 == std::string::npos) return false;
    char* end = nullptr;
    const std::string pc = text.substr(c1 + 1, c2 - c1 - 1);
    row.pc = static_cast<uint32_t>(std::strtoul(pc.c_str(), &end, 16));
    if (pc.empty() || *end != '\0') return false;
    const std::string cycles = text.substr(end_quote + 2, c5 - end_quote - 2);
    row.cycles = std::strtoull(cycles.c_str(), &end, 10);
    if (cycles.empty() || *end != '\0') return false;
    row.disassembly = text.substr(quote + 2, end_quote - quote - 2);
    row.function = text.substr(c6 + 1);
    return true;
  }

  fs::path m_file;
  std::ifstream m_in;
  uint64_t m_line = 0;
};

int64_t delta(uint64_t model, uint64_t rtl) {
  return static_cast<int64_t>(rtl) - static_cast<int64_t>(model);
}
uint64_t magnitude(uint64_t model, uint64_t rtl) { return model > rtl ? model - rtl : rtl - model; }

std::string hex_pc(uint32_t pc) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", pc);
  return buf;
}

std::vector<std::string> top_functions(const ByPcResult& r, size_t top) {
  std::vector<std::string> names;
  for (const auto& [name, f] : r.functions) {
    if (f.model != f.rtl) names.push_back(name);
  }
  std::stable_sort(names.begin(), names.end(), [&](const auto& a, const auto& b) {
    const auto &fa = r.functions.at(a), &fb = r.functions.at(b);
    return magnitude(fa.model, fa.rtl) > magnitude(fb.model, fb.rtl);
  });
  if (top != 0 && names.size() > top) names.resize(top);
  return names;
}

std::vector<uint32_t> top_pcs(const ByPcResult& r, size_t top) {
  std::vector<uint32_t> pcs;
  for (const auto& [pc, p] : r.pcs) {
    if (p.model != p.rtl) pcs.push_back(pc);
  }
  std::stable_sort(pcs.begin(), pcs.end(), [&](uint32_t a, uint32_t b) {
    const auto &pa = r.pcs.at(a), &pb = r.pcs.at(b);
    return magnitude(pa.model, pa.rtl) > magnitude(pb.model, pb.rtl);
  });
  if (top != 0 && pcs.size() > top) pcs.resize(top);
  return pcs;
}

}  // namespace

ByPcResult compare_insn_traces(const fs::path& model_csv, const fs::path& rtl_csv) {
  TraceReader model(model_csv), rtl(rtl_csv);
  ByPcResult result;
  Row m, r;
  while (true) {
    const bool have_m = model.next(m);
    const bool have_r = rtl.next(r);
    if (!have_m || !have_r) {
      if (have_m || have_r) {
        result.stopped = std::string("the ") + (have_m ? "RTL" : "model") +
                         "'s trace ends first (--trace-limit or --trace-window)";
      }
      break;
    }
    if (m.pc != r.pc) {
      result.stopped = "the streams part at row " + std::to_string(result.rows + 1) +
                       ": model pc " + hex_pc(m.pc) + ", RTL pc " + hex_pc(r.pc) +
                       " (a branch on a value that differs, such as a cycle count the firmware "
                       "prints, or a cycle --trace-window)";
      break;
    }
    ++result.rows;
    PcCycles& p = result.pcs[m.pc];
    if (p.count == 0) {
      p.function = m.function;
      p.disassembly = m.disassembly;
    }
    ++p.count;
    p.model += m.cycles;
    p.rtl += r.cycles;
    FunctionCycles& f = result.functions[m.function];
    ++f.count;
    f.model += m.cycles;
    f.rtl += r.cycles;
  }
  return result;
}

std::string by_pc_table(const ByPcResult& r, size_t top) {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "by pc: %llu instructions compared%s%s\n",
                static_cast<unsigned long long>(r.rows), r.stopped.empty() ? "" : "; ",
                r.stopped.c_str());
  out += line;
  std::snprintf(line, sizeof line, "\n%-32s %9s %13s %13s %11s\n", "functions (largest |delta|)",
                "insns", "model cycles", "RTL cycles", "RTL-model");
  out += line;
  for (const auto& name : top_functions(r, top)) {
    const auto& f = r.functions.at(name);
    std::snprintf(line, sizeof line, "%-32s %9llu %13llu %13llu %+11lld\n", name.c_str(),
                  static_cast<unsigned long long>(f.count),
                  static_cast<unsigned long long>(f.model), static_cast<unsigned long long>(f.rtl),
                  static_cast<long long>(delta(f.model, f.rtl)));
    out += line;
  }
  std::snprintf(line, sizeof line, "\n%-10s %-28s %-24s %9s %11s %11s %9s\n", "pcs", "function",
                "instruction", "executed", "model", "RTL", "RTL-model");
  out += line;
  for (uint32_t pc : top_pcs(r, top)) {
    const auto& p = r.pcs.at(pc);
    std::snprintf(line, sizeof line, "%-10s %-28s %-24s %9llu %11llu %11llu %+9lld\n",
                  hex_pc(pc).c_str(), p.function.c_str(), p.disassembly.c_str(),
                  static_cast<unsigned long long>(p.count),
                  static_cast<unsigned long long>(p.model), static_cast<unsigned long long>(p.rtl),
                  static_cast<long long>(delta(p.model, p.rtl)));
    out += line;
  }
  return out;
}

nlohmann::ordered_json by_pc_json(const ByPcResult& r, size_t top) {
  nlohmann::ordered_json functions = nlohmann::ordered_json::array();
  for (const auto& name : top_functions(r, top)) {
    const auto& f = r.functions.at(name);
    functions.push_back({{"function", name},
                         {"instructions", f.count},
                         {"model_cycles", f.model},
                         {"rtl_cycles", f.rtl}});
  }
  nlohmann::ordered_json pcs = nlohmann::ordered_json::array();
  for (uint32_t pc : top_pcs(r, top)) {
    const auto& p = r.pcs.at(pc);
    pcs.push_back({{"pc", hex_pc(pc)},
                   {"function", p.function},
                   {"instruction", p.disassembly},
                   {"executed", p.count},
                   {"model_cycles", p.model},
                   {"rtl_cycles", p.rtl}});
  }
  return {{"instructions_compared", r.rows},
          {"stopped", r.stopped},
          {"functions", functions},
          {"pcs", pcs}};
}

}  // namespace accsim::cli
