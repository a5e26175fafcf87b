#include "jsonconfig/overrides.h"

#include <cctype>

#include "jsonconfig/json_util.h"

namespace accsim::config::detail {

namespace {

// Array indices are short decimal numbers; the length cap keeps stoull from overflowing.
std::optional<std::size_t> as_index(const std::string& key) {
  if (key.empty() || key.size() > 9) return std::nullopt;
  for (const char c : key) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  }
  return static_cast<std::size_t>(std::stoull(key));
}

// "devices.0.base" or, as messages print paths, "devices[0].base": an index in brackets is a
// key of its own.
std::vector<std::string> split_keys(const std::string& dotted_or_indexed) {
  std::string path;
  for (std::size_t i = 0; i < dotted_or_indexed.size(); ++i) {
    const char c = dotted_or_indexed[i];
    const auto close = c == '[' ? dotted_or_indexed.find(']', i) : std::string::npos;
    if (close != std::string::npos && as_index(dotted_or_indexed.substr(i + 1, close - i - 1))) {
      path += '.' + dotted_or_indexed.substr(i + 1, close - i - 1);
      i = close;
    } else {
      path += c;
    }
  }
  std::vector<std::string> keys;
  std::size_t start = 0;
  while (true) {
    const auto dot = path.find('.', start);
    keys.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) return keys;
    start = dot + 1;
  }
}

// "cpu.branch_prediction=static" and "caches.dcache.size=8K" should work without shell-quoting
// JSON strings, so anything that is not valid JSON is taken as a plain string. Valid JSON is
// read like a config file, so a key given twice is an error at `path` (nullopt).
std::optional<json> parse_value(const std::string& text, const std::string& path,
                                std::vector<Diagnostic>& out) {
  if (!json::accept(text)) return json(text);
  return parse_json_text(text, kOverrideOrigin, out, path);
}

}  // namespace

std::optional<Override> parse_override(const std::string& text, std::vector<Diagnostic>& out) {
  const auto malformed = [&](const std::string& why) {
    out.push_back({kOverrideOrigin, "", "malformed override " + quote(text) + ": " + why});
    return std::nullopt;
  };
  if (!is_valid_utf8(text)) return malformed("not valid UTF-8");
  const auto equals = text.find('=');
  if (equals == std::string::npos) return malformed("expected <path>=<value>");
  const std::string path = text.substr(0, equals);
  if (path.empty()) return malformed("empty path before '='");
  Override result{text, split_keys(path), json()};
  for (const auto& key : result.keys) {
    if (key.empty()) return malformed("empty key in path " + quote(path));
  }
  if (result.keys.size() > static_cast<std::size_t>(kMaxDepth)) {
    return malformed("path is deeper than " + std::to_string(kMaxDepth) + " levels");
  }
  const std::string value_text = text.substr(equals + 1);
  if (find_excess_nesting(value_text, kMaxDepth)) {
    return malformed("value nests deeper than " + std::to_string(kMaxDepth) + " levels");
  }
  auto value = parse_value(value_text, path, out);
  if (!value) return std::nullopt;
  result.value = std::move(*value);
  return result;
}

void apply_override(json& doc, const Override& override_, OriginMap& origins,
                    std::vector<Diagnostic>& out) {
  const auto fail = [&](const std::string& path, const std::string& why) {
    out.push_back({kOverrideOrigin, path, "cannot apply " + quote(override_.text) + ": " + why});
  };
  json* current = &doc;
  std::string path;
  for (std::size_t i = 0; i < override_.keys.size(); ++i) {
    const std::string& key = override_.keys[i];
    json* child = nullptr;
    std::string child_path_text;
    if (current->is_array()) {
      const auto index = as_index(key);
      if (!index) return fail(path, "expected an array index, got " + quote(key));
      if (*index > current->size()) {
        return fail(path, "index " + key + " is out of range for an array of " +
                              std::to_string(current->size()) + " items");
      }
      // Index == size appends, so that a list can be extended from the command line.
      if (*index == current->size()) current->push_back(nullptr);
      child = &(*current)[*index];
      child_path_text = index_path(path, *index);
    } else {
      child = &(*current)[key];  // creates a null member if missing
      child_path_text = child_path(path, key);
    }
    if (i + 1 == override_.keys.size()) {
      *child = override_.value;
      origin_record_tree(origins, child_path_text, override_.value, kOverrideOrigin);
      return;
    }
    if (child->is_null()) {
      // A missing list ("devices"): only a whole first item may start it. A key inside an item
      // that does not exist would make a partial item, reported as a dozen follow-on errors.
      if (const auto index = as_index(override_.keys[i + 1])) {
        if (*index != 0 || i + 2 < override_.keys.size()) {
          if (current->is_object()) current->erase(key);  // operator[] made it: leave no null
          return fail(child_path_text, "the config has no \"" + child_path_text + "\" " +
                                           (i == 0 ? "section" : "list") +
                                           "; add it first (--set '" + child_path_text +
                                           ".0={...}' with a whole item, or in the config file)");
        }
        *child = json::array();
      } else {
        *child = json::object();
      }
      origins[child_path_text] = kOverrideOrigin;
    } else if (!child->is_structured()) {
      return fail(child_path_text, "it is " + describe(*child) + ", not an object or array");
    }
    current = child;
    path = child_path_text;
  }
}

}  // namespace accsim::config::detail
