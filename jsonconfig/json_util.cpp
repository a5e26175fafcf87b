#include "jsonconfig/json_util.h"

#include <cerrno>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <system_error>
#include <utility>

#include "jsonconfig/parse_json.h"

namespace accsim::config::detail {

namespace {

// nlohmann's messages start with "[json.exception.parse_error.101] "; the id helps nobody
// editing a config file.
std::string strip_exception_id(const std::string& what) {
  if (what.rfind("[json.exception.", 0) == 0) {
    const auto end = what.find("] ");
    if (end != std::string::npos) return what.substr(end + 2);
  }
  return what;
}

std::pair<std::size_t, std::size_t> line_and_column(const std::string& text, std::size_t offset) {
  std::size_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return {line, offset - line_start + 1};
}

// Records only where parsing failed. json::parse reports the position inside the message of
// syntax errors but not of semantic ones such as "number overflow", so on failure the text is
// parsed a second time with this handler to locate the error.
class ErrorPositionSax : public nlohmann::json_sax<json> {
 public:
  std::size_t position = 0;

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t byte, const std::string&, const json::exception&) override {
    position = byte;
    return false;
  }
};

std::string locate_error(const std::string& text) {
  ErrorPositionSax sax;
  json::sax_parse(text, &sax);
  const auto [line, column] = line_and_column(text, sax.position > 0 ? sax.position - 1 : 0);
  return "parse error at line " + std::to_string(line) + ", column " + std::to_string(column);
}

// Follows the parse to report keys repeated within one object: nlohmann::json keeps the last
// value silently, so a config edited by appending a key would quietly ignore the earlier one.
// Paths are below `root` (where a --set value goes).
template <class Json>
class DuplicateKeyFinder {
 public:
  DuplicateKeyFinder(const std::string& origin, const std::string& root,
                     std::vector<Diagnostic>& out)
      : m_origin(origin), m_root(root), m_out(out) {}

  bool operator()(int /*depth*/, typename Json::parse_event_t event, Json& parsed) {
    using Event = typename Json::parse_event_t;
    switch (event) {
      case Event::object_start:
        m_frames.push_back({true, next_child_path(), {}, {}, 0});
        break;
      case Event::array_start:
        m_frames.push_back({false, next_child_path(), {}, {}, 0});
        break;
      case Event::object_end:
      case Event::array_end:
        if (!m_frames.empty()) m_frames.pop_back();
        break;
      case Event::key:
        note_key(parsed.template get<std::string>());
        break;
      case Event::value:
        if (!m_frames.empty() && !m_frames.back().is_object) ++m_frames.back().next_index;
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool is_object;
    std::string path;
    std::set<std::string> keys;
    std::string last_key;
    std::size_t next_index;
  };

  std::string next_child_path() {
    if (m_frames.empty()) return m_root;
    Frame& parent = m_frames.back();
    if (parent.is_object) return child_path(parent.path, parent.last_key);
    return index_path(parent.path, parent.next_index++);
  }

  void note_key(const std::string& key) {
    if (m_frames.empty()) return;
    Frame& frame = m_frames.back();
    if (!frame.keys.insert(key).second) {
      m_out.push_back(
          {m_origin, frame.path,
           "duplicate key " + quote(key) + " (JSON would silently keep only the last one)"});
    }
    frame.last_key = key;
  }

  const std::string& m_origin;
  const std::string& m_root;
  std::vector<Diagnostic>& m_out;
  std::vector<Frame> m_frames;
};

template <class Json>
std::optional<Json> parse_as(const std::string& text, const std::string& origin,
                             std::vector<Diagnostic>& out, const std::string& path) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    out.push_back({origin, path, "file is empty; expected a JSON object"});
    return std::nullopt;
  }
  if (const auto offset = find_excess_nesting(text, kMaxDepth)) {
    const auto [line, column] = line_and_column(text, *offset);
    out.push_back({origin, path,
                   "nesting deeper than " + std::to_string(kMaxDepth) + " levels at line " +
                       std::to_string(line) + ", column " + std::to_string(column)});
    return std::nullopt;
  }
  try {
    std::vector<Diagnostic> duplicates;
    auto doc = Json::parse(text, DuplicateKeyFinder<Json>(origin, path, duplicates));
    if (duplicates.empty()) return doc;
    out.insert(out.end(), duplicates.begin(), duplicates.end());
    return std::nullopt;
  } catch (const json::parse_error& e) {
    // The message already names line and column ("parse error at line 3, column 7: ...").
    out.push_back({origin, path, "invalid JSON: " + strip_exception_id(e.what())});
  } catch (const json::exception& e) {
    out.push_back({origin, path,
                   "invalid JSON: " + locate_error(text) + ": " + strip_exception_id(e.what())});
  }
  return std::nullopt;
}

}  // namespace

std::string quote(const std::string& text) {
  return json(text).dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string dump_scalar(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string describe(const json& value) {
  switch (value.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "boolean " + dump_scalar(value);
    case json::value_t::string:
      return "string " + dump_scalar(value);
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
      return "integer " + dump_scalar(value);
    case json::value_t::number_float:
      return "number " + dump_scalar(value);
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    default:
      return "an unsupported value";
  }
}

std::string child_path(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

std::string index_path(const std::string& parent, std::size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

int compare_numbers(const json& a, const json& b) {
  if (a.is_number_integer() && b.is_number_integer()) {
    const bool a_negative = !a.is_number_unsigned() && a.get<int64_t>() < 0;
    const bool b_negative = !b.is_number_unsigned() && b.get<int64_t>() < 0;
    if (a_negative != b_negative) return a_negative ? -1 : 1;
    if (a_negative) {
      const auto x = a.get<int64_t>();
      const auto y = b.get<int64_t>();
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    const auto x = a.get<uint64_t>();
    const auto y = b.get<uint64_t>();
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  const auto x = a.get<double>();
  const auto y = b.get<double>();
  return x < y ? -1 : (x > y ? 1 : 0);
}

std::optional<json> parse_json_text(const std::string& text, const std::string& origin,
                                    std::vector<Diagnostic>& out, const std::string& path) {
  return parse_as<json>(text, origin, out, path);
}

std::optional<json> read_json_file(const std::filesystem::path& file, const std::string& origin,
                                   std::vector<Diagnostic>& out) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    out.push_back({origin, "", "is a directory, not a JSON file"});
    return std::nullopt;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    const std::error_code error(errno, std::generic_category());
    out.push_back({origin, "", "cannot open file: " + error.message()});
    return std::nullopt;
  }
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) {
    out.push_back({origin, "", "error while reading file"});
    return std::nullopt;
  }
  return parse_json_text(text, origin, out);
}

std::optional<std::size_t> find_excess_nesting(const std::string& text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

bool within_depth(const json& value, int max_depth) {
  if (!value.is_structured()) return true;
  if (max_depth <= 0) return false;
  for (const auto& child : value) {
    if (!within_depth(child, max_depth - 1)) return false;
  }
  return true;
}

bool is_valid_utf8(const std::string& text) {
  try {
    (void)json(text).dump();
    return true;
  } catch (const json::type_error&) {
    return false;
  }
}

}  // namespace accsim::config::detail

namespace accsim::config {

std::optional<nlohmann::json> parse_json(const std::string& text, const std::string& origin,
                                         std::vector<Diagnostic>& out, const std::string& path) {
  return detail::parse_as<nlohmann::json>(text, origin, out, path);
}

std::optional<nlohmann::ordered_json> parse_ordered_json(const std::string& text,
                                                         const std::string& origin,
                                                         std::vector<Diagnostic>& out,
                                                         const std::string& path) {
  return detail::parse_as<nlohmann::ordered_json>(text, origin, out, path);
}

}  // namespace accsim::config
