#include "plugin_library.h"

#include <dlfcn.h>

#include <filesystem>
#include <map>
#include <vector>

#include "jsonconfig/config.h"

namespace accsim::plugin_device {

namespace {

std::string quote(const std::string& text) { return "\"" + text + "\""; }

// dlerror() text without the path it repeats ("<path>: invalid ELF header").
std::string load_error(const std::string& path) {
  const char* error = dlerror();
  std::string text = error != nullptr ? error : "unknown error";
  if (text.rfind(path + ": ", 0) == 0) text.erase(0, path.size() + 2);
  return text;
}

std::string built_against(const char* version, int abi) {
  return "accsim " + std::string(version != nullptr ? version : "(unknown version)") +
         " (plug-in ABI " + std::to_string(abi) + ")";
}

// Refuses a library built against other headers: its table and types cannot be trusted.
void check_versions(const plugin::Library& library, const std::string& path,
                    const std::string& key) {
  if (library.abi != plugin::kAbi) {
    throw config::ValueError(key, quote(path) + " was built against " +
                                      built_against(library.accsim_version, library.abi) +
                                      "; this is " + built_against(kVersion, plugin::kAbi) +
                                      ": rebuild it against this accsim's SDK");
  }
  const std::string dependencies =
      library.dependencies != nullptr ? library.dependencies : "(unknown)";
  if (dependencies != plugin::kDependencies) {
    throw config::ValueError(key, quote(path) + " was built with " + dependencies +
                                      "; this accsim uses " + plugin::kDependencies +
                                      ": rebuild it against this accsim's SDK");
  }
}

}  // namespace

const plugin::Library& load_plugin_library(const std::string& path, const std::string& key) {
  // Loaded once per process: `accsim validate` of several configs, or the check before the
  // build of a run, find the same library.
  static std::map<std::string, const plugin::Library*> loaded;
  if (const auto it = loaded.find(path); it != loaded.end()) return *it->second;

  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    throw config::ValueError(key, quote(path) + ": no such file");
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw config::ValueError(key, quote(path) + " is not a file");
  }
  // RTLD_NOW: a symbol the library needs but accsim does not export is reported here, not in
  // the middle of a run. RTLD_LOCAL: two plug-ins may define the same names.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    throw config::ValueError(
        key, quote(path) + " cannot be loaded as a shared library: " + load_error(path));
  }
  using Factory = const plugin::Library* (*)();
  const auto factory = reinterpret_cast<Factory>(dlsym(handle, "accsim_plugin"));
  if (factory == nullptr) {
    throw config::ValueError(key, quote(path) +
                                      " is not an accsim plug-in: it defines no accsim_plugin() "
                                      "(see docs/plugins.md)");
  }
  const plugin::Library* library = factory();
  if (library == nullptr) {
    throw config::ValueError(key, quote(path) + ": accsim_plugin() returned no library");
  }
  check_versions(*library, path, key);
  loaded.emplace(path, library);
  return *library;
}

const plugin::ComponentSpec& find_plugin_component(const plugin::Library& library,
                                                   const std::string& path, const std::string& name,
                                                   const std::string& key) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < library.component_count; ++i) {
    const plugin::ComponentSpec& spec = library.components[i];
    if (name == spec.name) return spec;
    names.push_back(spec.name);
  }
  std::string message = "no component " + quote(name) + " in " + quote(path);
  const std::string hint = config::did_you_mean(name, names);
  if (!hint.empty()) {
    message += " (did you mean " + quote(hint) + "?)";
  } else if (names.empty()) {
    message += " (it has none)";
  } else {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    message += " (it has: " + list + ")";
  }
  throw config::ValueError(key, message);
}

}  // namespace accsim::plugin_device
