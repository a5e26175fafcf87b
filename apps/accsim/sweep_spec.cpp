#include "sweep_spec.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "jsonconfig/config.h"
#include "jsonconfig/parse_json.h"

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace accsim::cli {

namespace {

constexpr size_t kMaxPoints = 100000;  // a typo in a grid should not fork a million processes

const std::vector<std::string> kTopKeys = {"description", "base",       "firmware", "firmware_args",
                                           "set",         "axes",       "points",   "stats",
                                           "out",         "max_cycles", "plot"};
const std::vector<std::string> kPlotKeys = {"x", "y", "series", "title", "pareto"};

class Parser {
 public:
  explicit Parser(fs::path file) : m_file(std::move(file)) {}

  [[noreturn]] void fail(const std::string& path, const std::string& message) const {
    throw SpecError(m_file.string() + ": " + (path.empty() ? "" : path + ": ") + message);
  }

  // JSON path of `key` under `parent`: dotted keys (config paths) are bracketed so the path
  // stays unambiguous: axes["cfu.macc_lanes"].
  static std::string child(const std::string& parent, const std::string& key) {
    if (key.find('.') != std::string::npos) return parent + "[\"" + key + "\"]";
    return parent.empty() ? key : parent + "." + key;
  }

  void check_keys(const ojson& object, const std::vector<std::string>& allowed,
                  const std::string& path) const {
    for (const auto& item : object.items()) {
      if (std::find(allowed.begin(), allowed.end(), item.key()) != allowed.end()) continue;
      const std::string near = config::did_you_mean(item.key(), allowed);
      fail(child(path, item.key()), "unknown key \"" + item.key() + "\"" +
                                        (near.empty() ? "" : " (did you mean \"" + near + "\"?)"));
    }
  }

  std::string string_at(const ojson& value, const std::string& path) const {
    if (!value.is_string() || value.get<std::string>().empty()) {
      fail(path, "expected a non-empty string, got " + value.dump());
    }
    return value.get<std::string>();
  }

  // A --set key: a dotted config path, or "firmware" (the app), or "label" (a name only).
  void check_setting(const std::string& key, const ojson& value, const std::string& path,
                     bool allow_label) const {
    if (key.empty() || key.find_first_of("= \t\n") != std::string::npos || key.front() == '.' ||
        key.back() == '.' || key.find("..") != std::string::npos) {
      fail(path, "\"" + key + "\" is not a config key path (a.b.c)");
    }
    if (key == "label" && !allow_label) fail(path, "\"label\" is only allowed in points");
    if ((key == "firmware" || key == "label") && (!value.is_string() || value.empty())) {
      fail(path, "expected a non-empty string, got " + value.dump());
    }
    if (value.is_null()) fail(path, "null is not a value a config key can take");
  }

 private:
  fs::path m_file;
};

std::string slug(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '+' || c == '_') {
      out += c;
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "x" : out;
}

std::string point_name(size_t index, size_t total, const std::vector<Setting>& values) {
  std::string number = std::to_string(index);
  const size_t width = std::max<size_t>(3, std::to_string(total ? total - 1 : 0).size());
  number.insert(0, width - std::min(width, number.size()), '0');
  std::string tail;
  for (const auto& [key, value] : values) {
    const std::string v = slug(cell_text(value));
    if (key == "label") {
      tail += "_" + v;
    } else {
      tail += "_" + key.substr(key.rfind('.') + 1) + "-" + v;  // npos + 1 == 0: whole key
    }
  }
  if (tail.size() > 80) tail.resize(80);  // keep names readable; the index keeps them unique
  while (!tail.empty() && (tail.back() == '-' || tail.back() == '_')) tail.pop_back();
  return number + tail;
}

}  // namespace

std::string override_text(const ojson& value) {
  if (!value.is_string()) return value.dump();
  const std::string text = value.get<std::string>();
  const ojson reparsed = ojson::parse(text, nullptr, /*allow_exceptions=*/false);
  return reparsed.is_discarded() ? text : value.dump();
}

std::string cell_text(const ojson& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

SweepSpec parse_sweep_spec(const ojson& doc, const fs::path& file) {
  Parser p(file);
  if (!doc.is_object()) p.fail("", "expected a JSON object at the top level");
  p.check_keys(doc, kTopKeys, "");
  SweepSpec spec;
  spec.file = file;
  spec.name = file.stem().string();
  spec.source = doc;

  if (!doc.contains("base")) p.fail("base", "missing: the architecture config to sweep");
  spec.base = p.string_at(doc["base"], "base");
  if (fs::path(spec.base).is_relative()) {
    const fs::path beside = file.parent_path() / spec.base;
    std::error_code ec;
    if (fs::is_regular_file(beside, ec)) {
      spec.base = fs::absolute(beside).lexically_normal().string();
    }
  }
  spec.source["base"] = spec.base;  // sweep.json must resolve it from anywhere

  std::vector<std::string> fixed;  // run arguments shared by every point
  std::string firmware;
  if (doc.contains("firmware")) firmware = p.string_at(doc["firmware"], "firmware");
  if (doc.contains("set")) {
    if (!doc["set"].is_object()) p.fail("set", "expected an object of key.path: value");
    for (const auto& item : doc["set"].items()) {
      p.check_setting(item.key(), item.value(), Parser::child("set", item.key()), false);
      if (item.key() == "firmware") {
        p.fail(Parser::child("set", item.key()), "use the top-level \"firmware\" key");
      }
      fixed.push_back("--set");
      fixed.push_back(item.key() + "=" + override_text(item.value()));
    }
  }
  if (doc.contains("firmware_args")) {
    const auto& a = doc["firmware_args"];
    if (!a.is_array()) p.fail("firmware_args", "expected an array of integers");
    for (size_t i = 0; i < a.size(); ++i) {
      if (!a[i].is_number_integer()) {
        p.fail("firmware_args[" + std::to_string(i) + "]", "expected an integer");
      }
    }
    fixed.push_back("--set");
    fixed.push_back("firmware_args=" + a.dump());
  }
  std::vector<std::string> tail;  // after the point's own settings
  if (doc.contains("max_cycles")) {
    const auto& m = doc["max_cycles"];
    if (!m.is_number_unsigned() || m.get<uint64_t>() == 0) {
      p.fail("max_cycles", "expected a positive integer, got " + m.dump());
    }
    tail = {"--max-cycles", std::to_string(m.get<uint64_t>())};
  }

  // Listed points (default: one empty point) and grid axes (default: none).
  std::vector<std::vector<Setting>> listed{{}};
  std::vector<std::string> point_keys;
  if (doc.contains("points")) {
    const auto& points = doc["points"];
    if (!points.is_array() || points.empty()) p.fail("points", "expected a non-empty array");
    listed.clear();
    for (size_t i = 0; i < points.size(); ++i) {
      const std::string path = "points[" + std::to_string(i) + "]";
      if (!points[i].is_object()) p.fail(path, "expected an object of key.path: value");
      std::vector<Setting> settings;
      for (const auto& item : points[i].items()) {
        p.check_setting(item.key(), item.value(), Parser::child(path, item.key()), true);
        settings.emplace_back(item.key(), item.value());
        if (std::find(point_keys.begin(), point_keys.end(), item.key()) == point_keys.end()) {
          point_keys.push_back(item.key());
        }
      }
      listed.push_back(std::move(settings));
    }
  }
  std::vector<std::pair<std::string, ojson>> axes;
  if (doc.contains("axes")) {
    if (!doc["axes"].is_object() || doc["axes"].empty()) {
      p.fail("axes", "expected a non-empty object of key.path: [values]");
    }
    for (const auto& item : doc["axes"].items()) {
      const std::string path = Parser::child("axes", item.key());
      if (!item.value().is_array() || item.value().empty()) {
        p.fail(path, "expected a non-empty array of values");
      }
      if (std::find(point_keys.begin(), point_keys.end(), item.key()) != point_keys.end()) {
        p.fail(path, "\"" + item.key() + "\" is both an axis and a key of points");
      }
      if (item.key() == "label") p.fail(path, "\"label\" is only allowed in points");
      for (size_t i = 0; i < item.value().size(); ++i) {
        p.check_setting(item.key(), item.value()[i], path + "[" + std::to_string(i) + "]", false);
      }
      axes.emplace_back(item.key(), item.value());
    }
  }
  if (!doc.contains("axes") && !doc.contains("points")) {
    p.fail("", "nothing to sweep: give \"axes\" (a grid) or \"points\" (a list), or both");
  }
  // A point's label names it: first column, first in its directory name.
  const auto label = std::find(point_keys.begin(), point_keys.end(), "label");
  if (label != point_keys.end()) std::rotate(point_keys.begin(), label, label + 1);
  spec.columns = point_keys;
  for (const auto& [key, values] : axes) spec.columns.push_back(key);

  size_t grid = 1;
  for (const auto& [key, values] : axes) {
    grid *= values.size();
    if (grid * listed.size() > kMaxPoints) {
      p.fail("axes", "more than " + std::to_string(kMaxPoints) + " points");
    }
  }
  const size_t total = grid * listed.size();
  for (size_t l = 0; l < listed.size(); ++l) {
    for (size_t g = 0; g < grid; ++g) {
      SweepPoint point;
      point.index = spec.points.size();
      point.values = listed[l];
      // The first axis varies slowest, like nested loops written in the file's order.
      std::vector<Setting> grid_values(axes.size());
      size_t rest = g;
      for (size_t a = axes.size(); a-- > 0;) {
        const auto& values = axes[a].second;
        grid_values[a] = {axes[a].first, values[rest % values.size()]};
        rest /= values.size();
      }
      point.values.insert(point.values.end(), grid_values.begin(), grid_values.end());
      // Listed values in column order, so every point's row lines up with the header.
      std::stable_sort(
          point.values.begin(), point.values.end(), [&](const Setting& a, const Setting& b) {
            const auto pos = [&](const std::string& k) {
              return std::find(spec.columns.begin(), spec.columns.end(), k) - spec.columns.begin();
            };
            return pos(a.first) < pos(b.first);
          });
      std::string point_firmware = firmware;
      point.args.push_back(spec.base);
      std::vector<std::string> sets = fixed;
      for (const auto& [key, value] : point.values) {
        if (key == "firmware") {
          point_firmware = value.get<std::string>();
        } else if (key != "label") {
          sets.push_back("--set");
          sets.push_back(key + "=" + override_text(value));
        }
      }
      if (!point_firmware.empty()) {
        point.args.push_back("--firmware");
        point.args.push_back(point_firmware);
      }
      point.args.insert(point.args.end(), sets.begin(), sets.end());
      point.args.insert(point.args.end(), tail.begin(), tail.end());
      point.name = point_name(point.index, total, point.values);
      spec.points.push_back(std::move(point));
    }
  }

  spec.stats = {"cpu.cycles", "cpu.instructions"};
  if (doc.contains("stats")) {
    const auto& s = doc["stats"];
    if (!s.is_array() || s.empty()) p.fail("stats", "expected a non-empty array of stat names");
    spec.stats.clear();
    for (size_t i = 0; i < s.size(); ++i) {
      spec.stats.push_back(p.string_at(s[i], "stats[" + std::to_string(i) + "]"));
    }
  }
  if (doc.contains("out")) spec.out = p.string_at(doc["out"], "out");
  if (doc.contains("description")) p.string_at(doc["description"], "description");
  if (doc.contains("plot")) {
    const auto& plot = doc["plot"];
    if (!plot.is_object()) p.fail("plot", "expected an object with x, y, series, title");
    p.check_keys(plot, kPlotKeys, "plot");
    for (const char* key : {"x", "series"}) {
      if (!plot.contains(key)) continue;
      const std::string column = p.string_at(plot[key], std::string("plot.") + key);
      if (std::find(spec.columns.begin(), spec.columns.end(), column) == spec.columns.end()) {
        const std::string near = config::did_you_mean(column, spec.columns);
        p.fail(std::string("plot.") + key,
               "\"" + column + "\" is not a column" +
                   (near.empty() ? "" : " (did you mean \"" + near + "\"?)"));
      }
    }
    if (plot.contains("y")) {
      const auto& y = plot["y"];
      if (y.is_string()) {
        p.string_at(y, "plot.y");
      } else if (y.is_array() && !y.empty()) {
        for (size_t i = 0; i < y.size(); ++i) {
          p.string_at(y[i], "plot.y[" + std::to_string(i) + "]");
        }
      } else {
        p.fail("plot.y", "expected a stat name or an array of stat names");
      }
    }
    if (plot.contains("title")) p.string_at(plot["title"], "plot.title");
    // cycles vs energy over the points, the Pareto front joined (docs/energy.md).
    if (plot.contains("pareto") && !plot["pareto"].is_boolean()) {
      p.fail("plot.pareto", "expected true or false");
    }
    spec.plot = plot;
  }
  return spec;
}

SweepSpec load_sweep_spec(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw SpecError(file.string() + ": cannot read the sweep spec");
  std::stringstream text;
  text << in.rdbuf();
  // Parsed like a config file: syntax errors and keys given twice (an axis) are refused.
  std::vector<config::Diagnostic> problems;
  const auto doc = config::parse_ordered_json(text.str(), file.string(), problems);
  if (!doc) {
    std::string lines;
    for (const auto& problem : problems) lines += (lines.empty() ? "" : "\n") + problem.format();
    throw SpecError(lines);
  }
  return parse_sweep_spec(*doc, file);
}

}  // namespace accsim::cli
