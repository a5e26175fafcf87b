// Plots for `accsim report --plot` and `accsim sweep --plot`, drawn by gnuplot (Debian package
// gnuplot-nox) when it is installed: clustered bar charts over categories, one panel per
// measure, written as SVG or PNG by the file's extension. Without gnuplot the caller says so
// in one line and carries on: plots are a convenience, the tables hold the numbers.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sweep_spec.h"

namespace accsim::cli {

struct PlotPanel {
  std::string title;
  std::string xlabel;
  std::string ylabel;
  std::vector<std::string> categories;                // x axis, in order
  std::vector<std::string> series;                    // one bar per series in each category
  std::vector<std::vector<std::optional<double>>> y;  // y[category][series]; nullopt = missing
};

// The gnuplot script drawing `panels` stacked vertically into `file` (.svg or .png).
std::string gnuplot_script(const std::vector<PlotPanel>& panels, const std::filesystem::path& file);

// Draws `panels` into `file`; returns "" on success, else a one-line reason (no gnuplot,
// unknown extension, gnuplot failed: with what gnuplot said). gnuplot's warnings are swallowed.
std::string render_plot(const std::vector<PlotPanel>& panels, const std::filesystem::path& file);

// results.csv (parsed) as panels: x = the spec's plot.x (default: the first column), one
// series per value of plot.series (default: the other columns together), one panel per
// plot.y stat (default: the first stat column); failed points are left out.
std::vector<PlotPanel> sweep_panels(const SweepSpec& spec,
                                    const std::vector<std::vector<std::string>>& csv);
std::string plot_sweep(const SweepSpec& spec, const std::vector<std::vector<std::string>>& csv,
                       const std::filesystem::path& file);

// A cycles-vs-energy view of a sweep (plot.pareto, docs/energy.md): every finished point, the
// Pareto front (no other point has both fewer cycles and less energy) joined by a line.
struct ParetoPoint {
  std::string label;  // the point's name
  double cycles = 0, energy = 0;
  bool on_front = false;
};
// The points of results.csv with both `x` and `y` (cpu.cycles, energy.total_pj), front marked,
// in csv order.
std::vector<ParetoPoint> pareto_points(const std::vector<std::vector<std::string>>& csv,
                                       const std::string& x, const std::string& y);
std::string pareto_script(const std::vector<ParetoPoint>& points, const std::string& x,
                          const std::string& y, const std::string& title,
                          const std::filesystem::path& file);

}  // namespace accsim::cli
