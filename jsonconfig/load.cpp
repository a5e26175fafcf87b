// Loading: read the extends chain, merge it, apply overrides, validate.
#include <algorithm>
#include <system_error>
#include <utility>

#include "jsonconfig/config.h"
#include "jsonconfig/json_util.h"
#include "jsonconfig/origins.h"
#include "jsonconfig/overrides.h"
#include "jsonconfig/validator.h"

namespace accsim::config {

namespace {

namespace fs = std::filesystem;
using detail::json;
using detail::OriginMap;

constexpr const char* kExtendsKey = "extends";

struct Source {
  std::string origin;
  json doc;
};

bool check_top_level(const json& doc, const std::string& origin, std::vector<Diagnostic>& out) {
  if (doc.is_object()) return true;
  out.push_back(
      {origin, "", "top-level value must be a JSON object, got " + detail::describe(doc)});
  return false;
}

// Identity of a file for cycle detection, independent of how the path was spelled.
fs::path file_identity(const fs::path& file) {
  std::error_code ec;
  auto canonical = fs::weakly_canonical(file, ec);
  if (ec) return fs::absolute(file, ec).lexically_normal();
  return canonical;
}

// Reads `file` and every file it extends, most-derived first. Stops at the first broken link,
// since nothing useful can be said about a chain with a missing or unparsable file.
// Where `extends` names a base: beside the extending file first (so a config can be loaded from
// any working directory), then in each of `base_dirs`; each place as spelled, then with ".json"
// (so "vexriscv_arty" names configs/vexriscv_arty.json as it does on the command line). Returns
// the file, or nothing and every path tried.
struct BaseLookup {
  std::optional<fs::path> found;
  std::vector<fs::path> tried;
};

BaseLookup find_base(const fs::path& extending_file, const std::string& base_name,
                     const std::vector<fs::path>& base_dirs) {
  std::vector<fs::path> dirs{extending_file.parent_path()};
  if (fs::path(base_name).is_relative())
    dirs.insert(dirs.end(), base_dirs.begin(), base_dirs.end());
  BaseLookup lookup;
  std::error_code ec;
  for (const auto& dir : dirs) {
    for (const auto& name : {base_name, base_name + ".json"}) {
      const fs::path candidate = (dir / name).lexically_normal();
      if (std::find(lookup.tried.begin(), lookup.tried.end(), candidate) != lookup.tried.end()) {
        continue;
      }
      if (fs::is_regular_file(candidate, ec)) {
        lookup.found = candidate;
        return lookup;
      }
      lookup.tried.push_back(candidate);
    }
  }
  return lookup;
}

std::string quoted_list(const std::vector<fs::path>& paths) {
  std::string out;
  for (const auto& path : paths) out += (out.empty() ? "" : ", ") + detail::quote(path.string());
  return out;
}

std::vector<Source> read_chain(const fs::path& file, const std::vector<fs::path>& base_dirs,
                               std::vector<Diagnostic>& out) {
  std::vector<Source> chain;
  std::vector<fs::path> identities;
  fs::path current = file;
  std::string origin = file.string();
  while (true) {
    auto doc = detail::read_json_file(current, origin, out);
    if (!doc || !check_top_level(*doc, origin, out)) return chain;
    identities.push_back(file_identity(current));
    std::optional<json> extends;
    if (doc->contains(kExtendsKey)) {
      extends = std::move(doc->at(kExtendsKey));
      doc->erase(kExtendsKey);
    }
    chain.push_back({origin, std::move(*doc)});
    if (!extends) return chain;
    if (!extends->is_string() || extends->get_ref<const std::string&>().empty()) {
      out.push_back({origin, kExtendsKey,
                     "expected the name of a base file, got " + detail::describe(*extends)});
      return chain;
    }
    const auto& base_name = extends->get_ref<const std::string&>();
    const auto lookup = find_base(current, base_name, base_dirs);
    if (!lookup.found) {
      out.push_back({origin, kExtendsKey,
                     "base file " + detail::quote(base_name) + " not found (looked for " +
                         quoted_list(lookup.tried) + ")"});
      return chain;
    }
    const fs::path& base = *lookup.found;
    const auto seen = std::find(identities.begin(), identities.end(), file_identity(base));
    if (seen != identities.end()) {
      std::string cycle;
      for (const auto& source : chain) cycle += source.origin + " -> ";
      cycle += chain[static_cast<std::size_t>(seen - identities.begin())].origin;
      out.push_back({origin, kExtendsKey, "extends cycle: " + cycle});
      return chain;
    }
    current = base;
    origin = base.string();
  }
}

// Objects merge recursively with `source` winning; anything else replaces the target whole;
// null removes the key (a config that extends another can drop an optional section, e.g.
// "l2": null).
void merge_into(json& target, const json& source, const std::string& path, OriginMap& origins,
                const std::string& origin) {
  origins[path] = origin;
  for (const auto& [key, value] : source.items()) {
    const std::string key_path = detail::child_path(path, key);
    if (value.is_null()) {
      target.erase(key);
    } else if (target.contains(key) && target.at(key).is_object() && value.is_object()) {
      merge_into(target.at(key), value, key_path, origins, origin);
    } else {
      target[key] = value;
      detail::origin_record_tree(origins, key_path, value, origin);
    }
  }
}

std::vector<detail::Override> parse_overrides(const std::vector<std::string>& texts,
                                              std::vector<Diagnostic>& out) {
  std::vector<detail::Override> parsed;
  for (const auto& text : texts) {
    if (auto override_ = detail::parse_override(text, out)) parsed.push_back(std::move(*override_));
  }
  return parsed;
}

// How to add optional top-level section `name` from the command line: by its "kind" where it
// has one (the choice that matters), else whole.
std::string how_to_add(const std::string& name, const json& section_schema) {
  const json kind = section_schema.value("properties", json::object()).value("kind", json());
  if (kind.is_object() && kind.contains("default") && kind["default"].is_string()) {
    return "--set " + name + ".kind=" + kind["default"].get<std::string>();
  }
  return "--set '" + name + "={}'";
}

// `--set cfu.macc_lanes=8` on a config without a CFU would silently add a whole CFU with its
// defaults. An optional section the config lacks has to be asked for: set whole, or by its
// "kind". Returns false (with a diagnostic) for an override that would add one by accident.
bool adds_section_deliberately(const json& doc, const detail::Override& override_,
                               const Schema& schema, std::vector<Diagnostic>& out) {
  if (override_.keys.size() < 2 || override_.keys[1] == "kind") return true;
  const std::string& name = override_.keys[0];
  if (doc.contains(name) && !doc.at(name).is_null()) return true;
  const json section =
      schema.root().value("properties", json::object()).value(name, json::object());
  if (!section.value("optional", false)) return true;
  std::string path;
  for (const auto& key : override_.keys) path = detail::child_path(path, key);
  out.push_back({detail::kOverrideOrigin, path,
                 "the config has no \"" + name + "\" section; add one first (" +
                     how_to_add(name, section) + ", or in the config file)"});
  return false;
}

// Shared tail of load() and load_json(): overrides, then one validation of the merged result.
// `diags` may already hold malformed-override errors; validation still runs so that they are
// reported together with everything else.
LoadedConfig finish(json doc, OriginMap origins, const std::vector<detail::Override>& overrides,
                    const Schema& schema, std::vector<std::string> files,
                    std::vector<Diagnostic> diags, const CrossCheck& cross_check) {
  for (const auto& override_ : overrides) {
    if (adds_section_deliberately(doc, override_, schema, diags)) {
      detail::apply_override(doc, override_, origins, diags);
    }
  }
  detail::Validator(origins, diags).check(schema.root(), doc, "");
  LoadedConfig loaded{std::move(doc), std::move(origins), std::move(files)};
  // Cross-key checks run even after schema errors, so one pass reports everything; they must
  // skip values the schema rejected.
  if (cross_check) cross_check(loaded, diags);
  if (!diags.empty()) throw ConfigError(std::move(diags));
  return loaded;
}

}  // namespace

LoadedConfig load(const std::filesystem::path& file, const std::vector<std::string>& overrides,
                  const Schema& schema, const CrossCheck& cross_check,
                  const std::vector<std::filesystem::path>& base_dirs) {
  std::vector<Diagnostic> diags;
  auto chain = read_chain(file, base_dirs, diags);
  const bool chain_ok = diags.empty();
  const auto parsed = parse_overrides(overrides, diags);
  // Nothing useful can be validated without the whole chain.
  if (!chain_ok) throw ConfigError(std::move(diags));

  json doc = json::object();
  OriginMap origins;
  std::vector<std::string> files;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    merge_into(doc, it->doc, "", origins, it->origin);
  }
  for (const auto& source : chain) files.push_back(source.origin);
  return finish(std::move(doc), std::move(origins), parsed, schema, std::move(files),
                std::move(diags), cross_check);
}

LoadedConfig load_json(const nlohmann::json& doc, const std::string& origin,
                       const std::vector<std::string>& overrides, const Schema& schema,
                       const CrossCheck& cross_check) {
  std::vector<Diagnostic> diags;
  if (check_top_level(doc, origin, diags)) {
    if (!detail::within_depth(doc, detail::kMaxDepth)) {
      diags.push_back(
          {origin, "",
           "document nests deeper than " + std::to_string(detail::kMaxDepth) + " levels"});
    } else if (doc.contains(kExtendsKey)) {
      diags.push_back({origin, kExtendsKey, "only supported when loading from a file"});
    }
  }
  const bool doc_ok = diags.empty();
  const auto parsed = parse_overrides(overrides, diags);
  if (!doc_ok) throw ConfigError(std::move(diags));

  OriginMap origins;
  detail::origin_record_tree(origins, "", doc, origin);
  return finish(doc, std::move(origins), parsed, schema, {}, std::move(diags), cross_check);
}

}  // namespace accsim::config
