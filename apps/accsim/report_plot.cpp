#include "report_plot.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
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
// Character cell of the fonts below, in pixels, to turn label lengths into picture size.
constexpr size_t kCharWidthPx = 7;
constexpr size_t kCharHeightPx = 16;

bool upright_labels(const PlotPanel& panel) {
  return panel.categories.size() >= kUprightLabelsFrom;
}

size_t longest_label(const PlotPanel& panel) {
  size_t chars = 0;
  for (const auto& name : panel.categories) chars = std::max(chars, name.size());
  return chars;
}

// Room for the x labels, in character cells. gnuplot does not reserve it for rotated labels
// in a multiplot, so long names were cut off at the bottom and, slanted, at the right edge.
// Upright labels hang their whole length below the axis; slanted ones (30 degrees, starting
// at the tick) half of it below and most of it to the right of the last tick. A character is
// about half as wide as a cell is high, hence the factors below.
struct LabelRoom {
  size_t below = 0;  // cell heights under the axis: labels, then the axis title
  size_t right = 0;  // cell widths right of the plot
};

LabelRoom label_room(const PlotPanel& panel) {
  const size_t chars = longest_label(panel);
  if (upright_labels(panel)) return {chars * 45 / 100 + 3, 2};
  return {chars * 25 / 100 + 4, std::max<size_t>(2, chars * 85 / 100)};
}

size_t picture_width(const std::vector<PlotPanel>& panels) {
  size_t width = 900;
  for (const auto& panel : panels) {
    const size_t bar_px = 10 * std::max<size_t>(1, panel.series.size()) + 6;
    width = std::max(
        width, 100 + panel.categories.size() * bar_px + label_room(panel).right * kCharWidthPx);
  }
  return width;
}

// Every panel gets the same height (multiplot layout): 240 px for the bars plus the room the
// labels of the most demanding panel need.
size_t panel_height(const std::vector<PlotPanel>& panels) {
  size_t below = 0;
  for (const auto& panel : panels) below = std::max(below, label_room(panel).below);
  return 240 + below * kCharHeightPx;
}

// A series with no value in the panel (a run without regions, say) is drawn as zeros and says
// so in the key: gnuplot would otherwise skip it, dropping the run from the panel, and warn.
bool has_values(const PlotPanel& panel, size_t series) {
  return std::any_of(panel.y.begin(), panel.y.end(),
                     [&](const auto& row) { return row[series].has_value(); });
}

void write_data_block(std::ostream& s, const PlotPanel& panel, const std::string& block) {
  std::vector<bool> present;
  for (size_t k = 0; k < panel.series.size(); ++k) present.push_back(has_values(panel, k));
  s << block << " << EOD\n" << quoted("x");
  for (size_t k = 0; k < panel.series.size(); ++k) {
    s << ' ' << quoted(present[k] ? panel.series[k] : panel.series[k] + " (no data)");
  }
  s << '\n';
  for (size_t c = 0; c < panel.categories.size(); ++c) {
    s << quoted(panel.categories[c]);
    for (size_t k = 0; k < panel.series.size(); ++k) {
      const auto& v = panel.y[c][k];
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.17g", v.value_or(0.0));
      s << ' ' << (v || !present[k] ? buf : "?");
    }
    s << '\n';
  }
  s << "EOD\n";
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
    const LabelRoom room = label_room(panel);
    write_data_block(s, panel, block);
    s << (upright_labels(panel) ? "set xtics rotate by 90 right noenhanced\n"
                                : "set xtics rotate by -30 left noenhanced\n")
      << "set bmargin " << room.below << "\nset rmargin " << room.right << "\n"
      << "set title " << quoted(panel.title) << " noenhanced\n"
      << "set xlabel " << quoted(panel.xlabel) << " noenhanced\n"
      << "set ylabel " << quoted(panel.ylabel) << " noenhanced\n"
      << "plot for [i=2:" << panel.series.size() + 1 << "] " << block
      << " using i:xtic(1) title columnheader(i) noenhanced\n";
  }
  if (panels.size() > 1) s << "unset multiplot\n";
  return s.str();
}

namespace {

// What gnuplot said on stderr that explains a failure: its message lines, without the echo of
// the offending command and the caret under it, joined into one line.
std::string gnuplot_complaint(const std::string& stderr_text) {
  std::istringstream lines(stderr_text);
  std::string line, out;
  while (std::getline(lines, line)) {
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '^' || line.rfind("gnuplot>", 0) == 0) {
      continue;
    }
    std::string text = line.substr(first);
    // "line 0:          cannot open file" -> "line 0: cannot open file"
    if (const auto colon = text.find(':'); colon != std::string::npos) {
      const auto rest = text.find_first_not_of(' ', colon + 1);
      if (rest != std::string::npos) text = text.substr(0, colon + 1) + " " + text.substr(rest);
    }
    out += (out.empty() ? "" : "; ") + text;
  }
  return out;
}

struct GnuplotRun {
  int status = -1;
  std::string stderr_text;
};

// Feeds `script` to gnuplot. stdout goes to /dev/null (if gnuplot cannot open the output it
// draws there instead); stderr is captured, so warnings stay off the user's terminal and a
// failure can say why.
GnuplotRun run_gnuplot(const std::string& script) {
  GnuplotRun run;
  char stderr_path[] = "/tmp/accsim_gnuplot_XXXXXX";
  const int fd = mkstemp(stderr_path);
  if (fd < 0) return run;
  close(fd);
  const std::string command = std::string("gnuplot >/dev/null 2>'") + stderr_path + "'";
  if (std::FILE* pipe = popen(command.c_str(), "w")) {
    std::fwrite(script.data(), 1, script.size(), pipe);
    run.status = pclose(pipe);
  }
  std::ifstream captured(stderr_path, std::ios::binary);
  run.stderr_text.assign(std::istreambuf_iterator<char>(captured), {});
  std::remove(stderr_path);
  return run;
}

}  // namespace

namespace {
// Runs a script drawing `file`; "" or why not.
std::string render_script(const std::string& script, const fs::path& file) {
  if (!have_gnuplot()) return "gnuplot is not installed (Debian: apt-get install gnuplot-nox)";
  std::error_code ec;
  if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
  fs::remove(file, ec);  // so that a stale picture cannot pass for this one
  const GnuplotRun run = run_gnuplot(script);
  const std::string complaint = gnuplot_complaint(run.stderr_text);
  const bool drawn = fs::is_regular_file(file, ec) && fs::file_size(file, ec) > 0;
  if (run.status != 0 || !drawn) {
    return "gnuplot failed on " + file.string() + (complaint.empty() ? "" : ": " + complaint);
  }
  return "";
}
}  // namespace

std::string render_plot(const std::vector<PlotPanel>& panels, const fs::path& file) {
  const std::string ext = file.extension().string();
  if (ext != ".svg" && ext != ".png") return file.string() + ": use a .svg or .png file name";
  if (panels.empty()) return "nothing to plot";
  return render_script(gnuplot_script(panels, file), file);
}

std::vector<ParetoPoint> pareto_points(const std::vector<std::vector<std::string>>& csv,
                                       const std::string& x, const std::string& y) {
  std::vector<ParetoPoint> points;
  if (csv.size() < 2) return points;
  const auto& header = csv[0];
  const auto column = [&](const std::string& name) {
    return size_t(std::find(header.begin(), header.end(), name) - header.begin());
  };
  const size_t status = column("status"), xi = column(x), yi = column(y);
  if (status == header.size() || xi == header.size() || yi == header.size()) return points;
  for (size_t r = 1; r < csv.size(); ++r) {
    const auto& row = csv[r];
    if (row.size() != header.size() || row[status] != "ok") continue;
    char* end_x = nullptr;
    char* end_y = nullptr;
    const double cx = std::strtod(row[xi].c_str(), &end_x);
    const double cy = std::strtod(row[yi].c_str(), &end_y);
    if (end_x == row[xi].c_str() || end_y == row[yi].c_str()) continue;
    points.push_back({row[0], cx, cy, false});
  }
  for (auto& p : points) {
    p.on_front = std::none_of(points.begin(), points.end(), [&](const ParetoPoint& q) {
      return q.cycles <= p.cycles && q.energy <= p.energy &&
             (q.cycles < p.cycles || q.energy < p.energy);
    });
  }
  return points;
}

std::string pareto_script(const std::vector<ParetoPoint>& points, const std::string& x,
                          const std::string& y, const std::string& title, const fs::path& file) {
  std::ostringstream s;
  if (file.extension() == ".png") {
    s << "set terminal pngcairo size 900,600 font 'sans,10'\n";
  } else {
    s << "set terminal svg size 900,600 font 'sans,11' background rgb 'white'\n";
  }
  s << "set output " << quoted(file.string()) << "\n"
    << "set title " << quoted(title) << " noenhanced\n"
    << "set xlabel " << quoted(x) << " noenhanced\nset ylabel " << quoted(y) << " noenhanced\n"
    << "set grid\nset key outside top center horizontal\nset format x '%.1s%c'\n"
    // Room right of the slowest point and above the costliest for their labels.
    << "set offsets graph 0.02, graph 0.15, graph 0.08, graph 0.05\n"
    << "set format y '%.1s%c'\n";
  s << "$all << EOD\n";
  for (const auto& p : points) s << p.cycles << " " << p.energy << " " << quoted(p.label) << "\n";
  s << "EOD\n$front << EOD\n";
  std::vector<ParetoPoint> front;
  for (const auto& p : points) {
    if (p.on_front) front.push_back(p);
  }
  std::sort(front.begin(), front.end(),
            [](const ParetoPoint& a, const ParetoPoint& b) { return a.cycles < b.cycles; });
  for (const auto& p : front) s << p.cycles << " " << p.energy << "\n";
  s << "EOD\n"
    << "plot $all using 1:2 with points pt 7 ps 1.2 title 'points', "
    << "$all using 1:2:3 with labels offset 1,1 left noenhanced notitle, "
    << "$front using 1:2 with linespoints lw 2 pt 6 ps 2 title 'Pareto front'\n";
  return s.str();
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
  if (spec.plot.value("pareto", false)) {
    const std::string ext = file.extension().string();
    if (ext != ".svg" && ext != ".png") return file.string() + ": use a .svg or .png file name";
    const auto points = pareto_points(csv, "cpu.cycles", "energy.total_pj");
    if (points.empty()) {
      return "nothing to plot: no finished point has cpu.cycles and energy.total_pj";
    }
    const std::string title =
        (spec.plot.contains("title") ? spec.plot["title"].get<std::string>() : spec.name) +
        ": cycles vs energy";
    return render_script(pareto_script(points, "cpu.cycles", "energy.total_pj (pJ)", title, file),
                         file);
  }
  return render_plot(sweep_panels(spec, csv), file);
}

}  // namespace accsim::cli
