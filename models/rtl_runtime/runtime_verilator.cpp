#include "runtime_verilator.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "data_dir.h"

namespace fs = std::filesystem;

namespace accsim::rtl {

std::vector<VerilatedPort> parse_verilated_ports(const std::string& header) {
  // VL_IN8(&clk,0,0);  VL_OUT(&dat_r,31,0);  VL_INW(&wide,95,0,3);  VL_INOUT16(&io,15,0);
  static const std::regex port(R"(VL_(IN|OUT|INOUT)(8|16|64|W)?\(&(\w+),\s*(\d+),\s*(\d+))");
  std::vector<VerilatedPort> ports;
  for (auto it = std::sregex_iterator(header.begin(), header.end(), port);
       it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    VerilatedPort p;
    p.name = m[3];
    p.input = m[1] != "OUT";
    p.output = m[1] != "IN";
    p.width = static_cast<unsigned>(std::stoul(m[4]) - std::stoul(m[5]) + 1);
    ports.push_back(p);
  }
  return ports;
}

std::string runtime_cache_dir(const char* env_var, const std::string& subdir) {
  if (const char* dir = std::getenv(env_var); dir != nullptr && *dir != '\0') return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return std::string(xdg) + "/accsim/" + subdir;
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::string(home) + "/.cache/accsim/" + subdir;
  }
  return "/tmp/accsim-" + subdir + "-cache";
}

bool runtime_verilator_supported() {
#ifdef ACCSIM_HAVE_VERILATOR_RUNTIME
  return true;
#else
  return false;
#endif
}

#ifdef ACCSIM_HAVE_VERILATOR_RUNTIME

namespace {

// Bumped whenever how a library is built changes, so stale builds are not loaded.
constexpr const char* kBuildVersion = "accsim-runtime-verilator-3";
constexpr const char* kLibrary = "libmodel.so";

std::string read_file(const std::string& path, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(what + ": cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

uint64_t fnv1a64(const std::string& data, uint64_t hash) {
  for (unsigned char c : data) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string quote(const std::string& s) { return "'" + s + "'"; }

std::string hex(uint64_t key) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(key));
  return text;
}

// Runs `command` with its output in `log`; on failure throws with the log's first error line.
void run(const std::string& what, const std::string& step, const std::string& command,
         const fs::path& log) {
  const std::string full = command + " > " + quote(log.string()) + " 2>&1";
  if (std::system(full.c_str()) == 0) return;
  std::ifstream in(log);
  std::string line, first;
  while (std::getline(in, line)) {
    if (line.find("rror") != std::string::npos) {
      first = line;
      break;
    }
    if (first.empty()) first = line;
  }
  throw std::runtime_error(what + ": " + step + " failed (" + log.string() + "): " + first);
}

// What `command` prints on stdout ("" if it cannot run).
std::string output_of(const std::string& command) {
  std::string out;
  if (FILE* pipe = ::popen((command + " 2>/dev/null").c_str(), "r")) {
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
    ::pclose(pipe);
  }
  return out;
}

// The folder of the headers a wrapper is compiled against.
fs::path runtime_include_dir() { return data_path("runtime"); }

// The headers in that folder, sorted (relative paths); throws when there are none.
std::vector<fs::path> runtime_headers(const std::string& what) {
  std::vector<fs::path> headers;
  const fs::path dir = runtime_include_dir();
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_regular_file()) headers.push_back(it->path().lexically_relative(dir));
  }
  if (headers.empty()) {
    throw std::runtime_error(what + ": accsim's headers for verilated models are missing (" +
                             dir.string() + " holds none)");
  }
  std::sort(headers.begin(), headers.end());
  return headers;
}

// The key of everything the build depends on that is known before running Verilator: accsim's
// side (this build, the headers compiled into the library, the wrapper's inputs), Verilator's
// version, the top, the parameters and the sources named in the config.
uint64_t design_key(const RuntimeBuild& build) {
  uint64_t key = fnv1a64(kBuildVersion, 1469598103934665603ull);
  key = fnv1a64(ACCSIM_RUNTIME_BUILD_ID, key);
  key = fnv1a64(build.key, key);
  key = fnv1a64(build.prefix, key);
  // A change to the headers must not load a library built against the old ones.
  for (const auto& header : runtime_headers(build.what)) {
    key = fnv1a64(header.string(), key);
    key = fnv1a64(read_file((runtime_include_dir() / header).string(), build.what), key);
  }
  // The Verilator that runs now, which may not be the one accsim was built with.
  key = fnv1a64(output_of(quote(ACCSIM_VERILATOR) + " --version"), key);
  key = fnv1a64(build.top, key);
  for (const auto& [name, value] : build.parameters) {
    key = fnv1a64(name + "=" + std::to_string(value), key);
  }
  for (const auto& source : build.sources) {
    key = fnv1a64(fs::absolute(source).string(), key);
    key = fnv1a64(read_file(source, build.what), key);
  }
  return key;
}

// The files Verilator read (sources and every `include), from its dependency file: the
// prerequisites of "targets : prerequisites", less Verilator's own executable.
std::vector<std::string> files_verilator_read(const fs::path& ver_d) {
  std::ifstream in(ver_d);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t colon = text.find(": ");
  std::vector<std::string> files;
  if (colon == std::string::npos) return files;
  std::istringstream words(text.substr(colon + 2));
  for (std::string word; words >> word;) {
    if (word == "\\" || fs::path(word).filename().string().rfind("verilator", 0) == 0) continue;
    if (std::find(files.begin(), files.end(), word) == files.end()) files.push_back(word);
  }
  return files;
}

// The key of the design's dependencies: the path and contents of each file (a file that is
// gone changes the key too, so the next build reports it).
uint64_t dependency_key(uint64_t design, const std::vector<std::string>& files) {
  uint64_t key = design;
  for (const auto& file : files) {
    key = fnv1a64(file, key);
    std::ifstream in(file, std::ios::binary);
    std::ostringstream contents;
    if (in) contents << in.rdbuf();
    key = fnv1a64(in ? contents.str() : std::string("<missing>"), key);
  }
  return key;
}

std::vector<std::string> read_lines(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

// Verilates the design and compiles it with its wrapper into `dir` (a fresh directory);
// returns the files Verilator read.
std::vector<std::string> build_library(const RuntimeBuild& build, const std::string& prefix,
                                       const fs::path& dir) {
  fs::create_directories(dir);
  const fs::path obj = dir / "obj";
  std::string verilate =
      std::string(ACCSIM_VERILATOR) +
      " --cc --build -j 2 -Wno-fatal -O3 --trace-fst -MAKEFLAGS OPT_FAST=-O2 --prefix " +
      quote(prefix) + " --top-module " + quote(build.top) + " -CFLAGS '-fPIC -O2' -Mdir " +
      quote(obj.string());
  for (const auto& [name, value] : build.parameters) {
    verilate += " -G" + name + "=" + std::to_string(value);
  }
  // `include "x.vh" finds files beside the sources.
  for (const auto& source : build.sources) {
    verilate += " +incdir+" + quote(fs::absolute(source).parent_path().string());
  }
  for (const auto& source : build.sources) verilate += " " + quote(fs::absolute(source).string());
  run(build.what, "verilator", verilate, dir / "verilator.log");
  // The wrapper is written for the ports the top really has, so a port the interface needs
  // and the top lacks is reported by name rather than as a C++ compile error.
  const std::vector<VerilatedPort> ports =
      parse_verilated_ports(read_file((obj / (prefix + ".h")).string(), build.what));
  std::string wrapper;
  try {
    wrapper = build.wrapper(prefix, ports, obj.string());
  } catch (const std::runtime_error& e) {
    fs::remove_all(dir);  // a refused design leaves nothing behind
    // One problem a line, each naming what it is about.
    std::string lines;
    std::istringstream problems(e.what());
    for (std::string line; std::getline(problems, line);) {
      lines += (lines.empty() ? "" : "\n") + build.what + ": " + line;
    }
    throw std::runtime_error(lines);
  }
  std::ofstream(dir / "wrapper.cpp") << wrapper;
  // The Verilated runtime and accsim's own symbols come from the accsim executable, which
  // exports them: only the design and the wrapper are compiled here.
  const std::string compile =
      std::string(ACCSIM_CXX) + " -std=c++17 -shared -fPIC -O2 " + ACCSIM_RUNTIME_SYSTEM_INCLUDES +
      " -I" + quote(runtime_include_dir().string()) + " -I" + quote(obj.string()) + " -o " +
      quote((dir / kLibrary).string()) + " " + quote((dir / "wrapper.cpp").string()) +
      " -Wl,--whole-archive " + quote((obj / (prefix + "__ALL.a")).string()) +
      " -Wl,--no-whole-archive";
  run(build.what, build.compile_step, compile, dir / "compile.log");
  return files_verilator_read(obj / (prefix + "__ver.d"));
}

// Writes `text` to `file` atomically (parallel runs never read a half-written file).
void write_atomically(const fs::path& file, const std::string& text) {
  const fs::path temporary = file.string() + ".tmp" + std::to_string(::getpid());
  std::ofstream(temporary) << text;
  fs::rename(temporary, file);
}

}  // namespace

void* load_runtime_build(const RuntimeBuild& build, const char* symbol,
                         const std::function<void(const std::string&)>& note) {
  if (build.sources.empty()) throw std::runtime_error(build.what + ": no Verilog sources");
  // The cache: <cache>/<design key>/<dependency key>/libmodel.so. Which files a design
  // includes is only known once Verilator has read them, so <design key>/dependencies lists
  // the files of its last build; their current contents select the build, and an edited
  // `include file selects none, so the design is built again (and the list refreshed).
  const uint64_t design = design_key(build);
  const std::string prefix = build.unique_prefix ? build.prefix + hex(design) : build.prefix;
  const fs::path design_dir = fs::path(build.cache_dir) / hex(design);
  const fs::path dependencies = design_dir / "dependencies";
  fs::path dir = design_dir / hex(dependency_key(design, read_lines(dependencies)));
  if (!fs::exists(dir / kLibrary)) {
    if (note) {
      note("verilating " + build.sources.front() + (build.sources.size() > 1 ? " (and more)" : "") +
           " into " + design_dir.string() + " (first use of this design; cached afterwards)");
    }
    const fs::path staging = design_dir / ("build.tmp" + std::to_string(::getpid()));
    fs::remove_all(staging);
    // A failed step leaves its log in `staging` for the user to read.
    const std::vector<std::string> files = build_library(build, prefix, staging);
    std::string list;
    for (const auto& file : files) list += file + "\n";
    write_atomically(dependencies, list);
    dir = design_dir / hex(dependency_key(design, files));
    std::error_code ec;
    fs::rename(staging, dir, ec);  // fails if a parallel run got there first: use its build
    if (ec) fs::remove_all(staging);
  }
  const fs::path library = dir / kLibrary;
  // RTLD_LOCAL: each design's symbols stay its own.
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    throw std::runtime_error(build.what + ": cannot load " + library.string() + ": " + dlerror());
  }
  // The library stays loaded for the life of the process: the model's code lives in it.
  void* address = dlsym(handle, symbol);
  if (address == nullptr) {
    throw std::runtime_error(build.what + ": " + library.string() + " has no " + symbol);
  }
  return address;
}

#else

void* load_runtime_build(const RuntimeBuild& build, const char*,
                         const std::function<void(const std::string&)>&) {
  throw std::runtime_error(
      build.what + ": Verilog needs an accsim built with Verilator (-DACCSIM_BUILD_RTL=ON)");
}

#endif

}  // namespace accsim::rtl
