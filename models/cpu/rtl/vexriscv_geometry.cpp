#include "vexriscv_geometry.h"

#include <map>
#include <regex>

namespace accsim::cpu::rtl {

namespace {

// The text of module `name`, from its header to its endmodule ("" if absent).
std::string module_text(const std::string& verilog, const std::string& name) {
  const std::string header = "module " + name + " ";
  size_t begin = verilog.find(header);
  while (begin != std::string::npos && begin != 0 && verilog[begin - 1] != '\n') {
    begin = verilog.find(header, begin + 1);
  }
  if (begin == std::string::npos) return "";
  const size_t end = verilog.find("endmodule", begin);
  return verilog.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

VexRiscvCacheShape shape_of(const std::string& module) {
  // reg [21:0] ways_0_tags [0:127];   reg [31:0] banks_0 [0:1023];
  // reg [7:0] ways_0_data_symbol0 [0:1023];
  static const std::regex array(
      R"(reg\s*\[(\d+):(\d+)\]\s*(ways_(\d+)_tags|banks_(\d+)|ways_(\d+)_data_symbol\d+)\s*\[(\d+):(\d+)\])");
  std::map<unsigned, uint64_t> sets;        // by way
  std::map<unsigned, uint64_t> data_bytes;  // by way
  for (auto it = std::sregex_iterator(module.begin(), module.end(), array);
       it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    const uint64_t width = std::stoull(m[1]) - std::stoull(m[2]) + 1;
    const uint64_t depth = std::stoull(m[8]) - std::stoull(m[7]) + 1;
    if (m[4].matched) {
      sets[static_cast<unsigned>(std::stoul(m[4]))] = depth;
    } else {
      const unsigned way = static_cast<unsigned>(std::stoul(m[5].matched ? m[5] : m[6]));
      data_bytes[way] += width * depth / 8;
    }
  }
  VexRiscvCacheShape shape;
  if (sets.empty() || data_bytes.empty()) return shape;
  uint64_t total = 0;
  for (const auto& [way, bytes] : data_bytes) total += bytes;
  shape.ways = static_cast<uint32_t>(sets.size());
  shape.size = total;
  const uint64_t per_way = shape.size / shape.ways;
  shape.line_bytes = static_cast<uint32_t>(per_way / sets.begin()->second);
  return shape;
}

}  // namespace

VexRiscvCaches vexriscv_caches(const std::string& verilog) {
  VexRiscvCaches caches;
  caches.icache = shape_of(module_text(verilog, "InstructionCache"));
  caches.dcache = shape_of(module_text(verilog, "DataCache"));
  return caches;
}

}  // namespace accsim::cpu::rtl
