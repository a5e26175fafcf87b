#include "trace_window.h"

#include <cstdio>
#include <stdexcept>

namespace accsim::cli {

namespace {

constexpr const char* kRegion = "region:";
constexpr const char* kOp = "op:";

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

bool all_digits(const std::string& text) {
  return !text.empty() && text.size() <= 9 &&
         text.find_first_not_of("0123456789") == std::string::npos;
}

// The region an op:N or region:NAME window follows: its name, or the start of it.
std::string region_of(const std::string& label, bool& prefix) {
  prefix = starts_with(label, kOp);
  if (!prefix) return label.substr(std::string(kRegion).size());
  // tflite_runner names operator regions "op.%03u.<op name>" (firmware_stub/apps/tflite_runner).
  char name[32];
  std::snprintf(name, sizeof name, "op.%03lu.", std::stoul(label.substr(std::string(kOp).size())));
  return name;
}

}  // namespace

std::string parse_trace_window(const std::string& text, TraceLimits& limits) {
  const std::string expected =
      "expected A:B with cycle numbers A < B, region:NAME or op:N, got \"" + text + "\"";
  if (starts_with(text, kRegion) || starts_with(text, kOp)) {
    const bool op = starts_with(text, kOp);
    const std::string rest = text.substr(std::string(op ? kOp : kRegion).size());
    if (op ? !all_digits(rest) : rest.empty()) return expected;
    limits.live = std::make_shared<LiveWindow>();
    limits.live->label = text;
    return "";
  }
  const auto colon = text.find(':');
  if (colon == std::string::npos) return expected;
  const std::string a = text.substr(0, colon), b = text.substr(colon + 1);
  // stoull would take "-1" (wrapping) and leading blanks: digits only.
  if ((!a.empty() && a.find_first_not_of("0123456789") != std::string::npos) ||
      (!b.empty() && b.find_first_not_of("0123456789") != std::string::npos)) {
    return expected;
  }
  try {
    if (!a.empty()) limits.window_begin = std::stoull(a);
    if (!b.empty()) limits.window_end = std::stoull(b);
  } catch (const std::out_of_range&) {
    return expected;
  }
  if (limits.window_end <= limits.window_begin) return expected;
  return "";
}

RegionWindow::RegionWindow(std::shared_ptr<LiveWindow> window) : m_window(std::move(window)) {
  m_name = region_of(m_window->label, m_prefix);
}

bool RegionWindow::matches(const std::string& name) const {
  return m_prefix ? starts_with(name, m_name.c_str()) : name == m_name;
}

void RegionWindow::on_region(const RegionEvent& event) {
  if (event.begin) m_seen.insert(event.name);
  if (!matches(event.name)) return;
  if (event.begin) {
    if (m_depth++ == 0) {
      m_window->begin = event.cycle;
      m_window->end = UINT64_MAX;
      ++m_runs;
    }
  } else if (m_depth > 0 && --m_depth == 0) {
    m_window->end = event.cycle;
  }
}

std::string RegionWindow::never_ran_warning() const {
  if (m_runs > 0) return "";
  std::string ran;
  size_t listed = 0;
  for (const auto& name : m_seen) {
    if (listed++ == 8) {
      ran += ", ...";
      break;
    }
    ran += (ran.empty() ? "" : ", ") + name;
  }
  return "--trace-window " + m_window->label + ": " +
         (m_prefix ? "operator " + m_window->label.substr(3) : "region \"" + m_name + "\"") +
         " never ran, so the traces are empty (" +
         (ran.empty() ? std::string("the firmware marked no regions")
                      : "regions that ran: " + ran) +
         ")";
}

}  // namespace accsim::cli
