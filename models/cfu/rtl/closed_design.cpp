#include "closed_design.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace accsim::cfu {

std::string state_outside_model(const std::string& obj_dir, const std::string& prefix) {
  // Verilator 5's names for the runtime calls and types (verilated_funcs.h, verilated_types.h).
  static const char* const kMarkers[][2] = {
      {"VL_RANDOM", "$random/$urandom"},
      {"VL_URANDOM", "$urandom"},
      {"VL_WRITEF", "$display/$write"},
      {"VL_FWRITEF", "$fdisplay/$fwrite"},
      {"VL_PRINTF", "printing"},
      {"VL_FOPEN", "file I/O"},
      {"VL_FCLOSE", "file I/O"},
      {"VL_FFLUSH", "file I/O"},
      {"VL_FGET", "file I/O"},
      {"VL_FREAD", "file I/O"},
      {"VL_FSCANF", "file I/O"},
      {"VL_FEOF", "file I/O"},
      {"VL_FSEEK", "file I/O"},
      {"VL_FTELL", "file I/O"},
      {"VL_READMEM", "$readmem"},
      {"VL_WRITEMEM", "$writemem"},
      {"VL_FINISH", "$finish"},
      {"VL_STOP", "$stop/$fatal"},
      {"VL_TIME", "$time"},
      {"VL_SYSTEM", "$system"},
      {"__Vdpi", "DPI"},
      {"std::string", "string variables"},
      {"VlQueue", "queues"},
      {"VlAssocArray", "associative arrays"},
      {"VlClass", "classes"},
  };
  std::error_code ec;
  fs::directory_iterator files(obj_dir, ec);
  if (ec) throw std::runtime_error("cannot read the Verilated code in " + obj_dir);
  for (const auto& entry : files) {
    const std::string name = entry.path().filename().string();
    const std::string ext = entry.path().extension().string();
    if (name.rfind(prefix, 0) != 0 || (ext != ".cpp" && ext != ".h")) continue;
    // The model class and its tracing code hold no design state (and name std::string).
    if (name == prefix + ext || name.rfind(prefix + "__Syms", 0) == 0 ||
        name.rfind(prefix + "__Trace", 0) == 0) {
      continue;
    }
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    for (const auto& [marker, what] : kMarkers) {
      if (text.str().find(marker) != std::string::npos) return what;
    }
  }
  return "";
}

}  // namespace accsim::cfu
