#include "report_plot.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace fs = std::filesystem;

namespace accsim::cli {

namespace {

// A gnuplot double-quoted string.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') continue;
    out += c;
  }
  return out + "\"";
}

bool have_gnuplot() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

size_t index_of(std::vector<std::string>& list, const std::string& item) {
  auto it = std::find(list.begin(), list.end(), item);
  if (it != list.end()) return size_t(it - list.begin());
  list.push_back(item);
  return list.size() - 1;
}

// From this many categories (~70 operators of a network) the labels stand upright, so that
// neighbours do not overlap, and the picture grows wide enough for a readable bar each.
constexpr size_t kUprightLabelsFrom = 24;

bool upright_labels(const PlotPanel& panel) {
  return panel.categories.size() >= kUprightLabelsFrom;
}

size_t picture_width(const std::vector<PlotPanel>& panels) {
  size_t width = 900;
  for (const auto& panel : panels) {
    const size_t bar_px = 10 * std::max<size_t>(1, panel.series.size()) + 6;
    width = std::max(width, 100 + panel.categories.size() * bar_px);
  }
  return width;
}

// Every panel gets the same height (multiplot layout): 300 px plus room for upright labels.
size_t panel_height(const std::vector<PlotPanel>& panels) {
  size_t label_chars = 0;
  for (const auto& panel : panels) {
    if (!upright_labels(panel)) continue;
    for (const auto& name : panel.categories) label_chars = std::max(label_chars, name.size());
  }
  return 300 + 7 * label_chars;
}

}  // namespace

std::string gnuplot_script(const std::vector<PlotPanel>& panels, const fs::path& file) {
  const std::string ext = file.extension().string();
  const size_t width = picture_width(panels);
  const size_t height = panel_height(panels) * std::max<size_t>(1, panels.size()) + 60;
  std::ostringstream s;
  if (ext == ".png") {
    s << "set terminal pngcairo size " << width << "," << height << " font 'sans,10'\n";
  } else {
    s << "set terminal svg size " << width << "," << height
      << " font 'sans,11' background rgb 'white'\n";
  }
  s << "set output " << quoted(file.string()) << "\n"
    << "set datafile missing '?'\n"
    << "set style data histograms\nset style histogram clustered gap 1\n"
    << "set style fill solid 0.85 border -1\nset boxwidth 0.9\n"
    << "set grid ytics\nset key outside top center horizontal\n"
    << "set format y '%.1s%c'\nset yrange [0:*]\n";
  if (panels.size() > 1) s << "set multiplot layout " << panels.size() << ",1\n";
  for (size_t p = 0; p < panels.size(); ++p) {
    const PlotPanel& panel = panels[p];
    const std::string block = "$d" + std::to_string(p);
    s << block << " << EOD\n" << quoted("x");
    for (const auto& name : panel.series) s << ' ' << quoted(name);
    s << '\n';
    for (size_t c = 0; c < panel.categories.size(); ++c) {
      s << quoted(panel.categories[c]);
      for (size_t k = 0; k < panel.series.size(); ++k) {
        const auto& v = panel.y[c][k];
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g", v ? *v : 0.0);
        s << ' ' << (v ? buf : "?");
      }
      s << '\n';
    }
    s << "EOD\n"
      << (upright_labels(panel) ? "set xtics rotate by 90 right noenhanced\n"
                                : "set xtics rotate by -30 left noenhanced\n")
      << "set title " << quoted(panel.title) << " noenhanced\n"
      << "set xlabel " << quoted(panel.xlabel) << " noenhanced\n"
      << "set ylabel " << quoted(panel.ylabel) << " noenhanced\n"
      << "plot for [i=2:" << panel.series.size() + 1 << "] " << block
      << " using i:xtic(1) title columnheader(i) noenhanced\n";
  }
  if (panels.size() > 1) s << "unset multiplot\n";
  return s.str();
}

std::string render_plot(const std::vector<PlotPanel>& panels, const fs::path& file) {
  const std::string ext = file.extension().string();
  if (ext != ".svg" && ext != ".png") return file.string() + ": use a .svg or .png file name";
  if (panels.empty()) return "nothing to plot";
  if (!have_gnuplot()) return "gnuplot is not installed (Debian: apt-get install gnuplot-nox)";
  std::error_code ec;
  if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
  // stdout to /dev/null: if gnuplot cannot open the output it would draw to stdout instead.
  std::FILE* pipe = popen("gnuplot >/dev/null", "w");
  if (pipe == nullptr) return "cannot start gnuplot";
  const std::string script = gnuplot_script(panels, file);
  std::fwrite(script.data(), 1, script.size(), pipe);
  const int status = pclose(pipe);
  if (status != 0) return "gnuplot failed on " + file.string();
  return "";
}

std::vector<PlotPanel> sweep_panels(const SweepSpec& spec,
                                    const std::vector<std::vector<std::string>>& csv) {
  if (csv.size() < 2) return {};
  const auto& header = csv[0];
  const auto column = [&](const std::string& name) -> std::optional<size_t> {
    auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end()) return std::nullopt;
    return size_t(it - header.begin());
  };
  const auto status = column("status");
  if (!status) return {};
  std::string x = spec.columns.empty() ? "point" : spec.columns.front();
  std::string series_key;
  std::vector<std::string> ys;
  if (spec.plot.contains("x")) x = spec.plot["x"].get<std::string>();
  if (spec.plot.contains("series")) series_key = spec.plot["series"].get<std::string>();
  if (spec.plot.contains("y")) {
    const auto& y = spec.plot["y"];
    if (y.is_string()) {
      ys.push_back(y.get<std::string>());
    } else {
      for (const auto& v : y) ys.push_back(v.get<std::string>());
    }
  } else if (*status + 1 < header.size()) {
    ys.push_back(header[*status + 1]);
  }
  const auto x_col = column(x);
  if (!x_col) return {};
  std::vector<PlotPanel> panels;
  for (const auto& y : ys) {
    const auto y_col = column(y);
    if (!y_col) continue;
    PlotPanel panel;
    panel.title =
        (spec.plot.contains("title") ? spec.plot["title"].get<std::string>() : spec.name) + ": " +
        y;
    panel.xlabel = x;
    panel.ylabel = y;
    std::vector<std::tuple<size_t, size_t, double>> cells;
    for (size_t r = 1; r < csv.size(); ++r) {
      const auto& row = csv[r];
      if (row.size() != header.size() || row[*status] != "ok" || row[*y_col].empty()) continue;
      std::string series;
      for (const auto& c : spec.columns) {
        if (c == x || (!series_key.empty() && c != series_key)) continue;
        const auto i = column(c);
        if (!i || row[*i].empty()) continue;
        // Legend entries name keys by their last component: "line_bytes=32".
        const std::string key = c.substr(c.rfind('.') + 1);
        series += (series.empty() ? "" : " ") + (series_key.empty() ? key + "=" : "") + row[*i];
      }
      if (!series_key.empty()) series = series_key.substr(series_key.rfind('.') + 1) + "=" + series;
      if (series.empty()) series = y;
      char* end = nullptr;
      const double v = std::strtod(row[*y_col].c_str(), &end);
      if (end == row[*y_col].c_str()) continue;
      cells.emplace_back(index_of(panel.categories, row[*x_col]), index_of(panel.series, series),
                         v);
    }
    panel.y.assign(panel.categories.size(),
                   std::vector<std::optional<double>>(panel.series.size()));
    for (const auto& [c, k, v] : cells) panel.y[c][k] = v;
    if (!panel.categories.empty()) panels.push_back(std::move(panel));
  }
  return panels;
}

std::string plot_sweep(const SweepSpec& spec, const std::vector<std::vector<std::string>>& csv,
                       const fs::path& file) {
  return render_plot(sweep_panels(spec, csv), file);
}

}  // namespace accsim::cli
