#include "run_traces.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>

#include "run_outputs.h"

namespace accsim::cli {

RunTraces::RunTraces(const RunOptions& options, const RunSetup& setup)
    : m_options(options),
      m_out_dir(setup.out_dir),
      // Counters are sampled once per quantum: the CPU's natural synchronisation points.
      m_sample_interval(
          setup.loaded.effective.at("simulation").at("quantum_cycles").get<uint64_t>()) {
  m_memory.limits = options.trace_limits;
  if (wants("mem")) m_memory.din_path = (m_out_dir / run_file::kMemDin).string();
  if (wants("cache-misses")) m_memory.misses_path = (m_out_dir / run_file::kCacheMisses).string();
  if (wants("console")) {
    m_console_log = std::make_unique<std::ofstream>(m_out_dir / run_file::kConsole);
  }
}

RunTraces::~RunTraces() = default;

bool RunTraces::wants(const std::string& kind) const {
  return std::find(m_options.traces.begin(), m_options.traces.end(), kind) !=
         m_options.traces.end();
}

std::filesystem::path RunTraces::waveform() const {
  return wants("fst") ? m_out_dir / run_file::kCfuWaveform : std::filesystem::path();
}

TraceLimits RunTraces::waveform_window() const {
  TraceLimits window = m_options.trace_limits;
  const uint64_t room = UINT64_MAX - window.window_begin;
  if (window.max_rows < room) {
    window.window_end = std::min(window.window_end, window.window_begin + window.max_rows);
  }
  return window;
}

// Firmware console: echoed to stdout as it arrives, optionally logged to console.log (up to
// --trace-limit lines; stdout gets everything).
void RunTraces::put(char c) {
  std::fputc(c, stdout);
  if (c == '\n') std::fflush(stdout);
  if (m_console_log) {
    if (m_console_lines < m_options.trace_limits.max_rows) {
      m_console_log->put(c);
      if (c == '\n') ++m_console_lines;
    } else {
      m_console_truncated = true;
    }
  }
  m_last_console_char = c;
}

void RunTraces::attach(soc::Soc& soc, const cpu::ElfImage& image) {
  soc.sim_control().set_console([this](char c) { put(c); });
  if (m_options.trace_limits.live) {
    m_region_window = std::make_unique<RegionWindow>(m_options.trace_limits.live);
    RegionWindow* window = m_region_window.get();
    soc.sim_control().add_region_listener([window](const RegionEvent& e) { window->on_region(e); });
    if (wants("fst")) {
      spdlog::warn("--trace-window {}: waveforms (fst) follow cycle windows only; written whole",
                   m_options.trace_limits.live->label);
    }
  }
  // The RTL CPU has no cache model to trace: say so, not an empty file.
  if (const cpu::RtlCpu* rtl = soc.cpu().rtl()) {
    for (const char* kind : {"cache-misses", "mem"}) {
      if (wants(kind)) {
        throw std::runtime_error(std::string("--trace ") + kind +
                                 ": not available with cpu.impl = rtl (console, timeline, insn "
                                 "and fst are)");
      }
    }
    if (wants("insn") && !rtl->can_observe()) {
      throw std::runtime_error(
          "--trace insn: the CPU's Verilog does not show its retiring instruction (VexRiscv's "
          "writeBack_arbitration_isFiring, memory_to_writeBack_PC and _INSTRUCTION)");
    }
  }
  try {
    open(soc, image);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(std::string("--trace: ") + e.what());
  }
  if (!m_observers.empty()) soc.cpu().set_observer(m_observers.target());
}

void RunTraces::open(soc::Soc& soc, const cpu::ElfImage& image) {
  if (wants("timeline")) {
    m_timeline =
        std::make_unique<TimelineRecorder>((m_out_dir / run_file::kTimeline).string(), soc.clock(),
                                           m_options.trace_limits, m_sample_interval);
    soc.attach_timeline(*m_timeline);
    m_timeline->set_symbols(&image.symbols);
    TimelineRecorder* timeline = m_timeline.get();
    soc.sim_control().add_region_listener(
        [timeline](const RegionEvent& e) { timeline->on_region(e); });
    m_observers.add(timeline);
  }
  if (wants("insn")) {
    m_insn = std::make_unique<InstructionTrace>((m_out_dir / run_file::kInsn).string(),
                                                m_options.trace_limits);
    m_insn->set_symbols(&image.symbols);
    m_observers.add(m_insn.get());
  }
}

void RunTraces::finish(soc::Soc& soc, const RunStatus& status) {
  if (m_last_console_char != '\n' && m_last_console_char != 0) {
    std::fputc('\n', stdout);  // keep the summary apart
  }
  std::fflush(stdout);
  if (m_console_log) {
    m_console_log->flush();
    if (m_console_truncated) {
      spdlog::warn("{}: truncated after {} lines", (m_out_dir / run_file::kConsole).string(),
                   m_console_lines);
    }
  }
  // A waveform cut by --trace-limit: the run went on past the last cycle it dumped.
  const TraceLimits window = waveform_window();
  if (wants("fst") && window.window_end < m_options.trace_limits.window_end &&
      soc.cpu().core().cycle() > window.window_end) {
    for (const auto& entry : std::filesystem::directory_iterator(m_out_dir)) {
      if (entry.path().extension() != ".fst") continue;
      spdlog::warn("{}: truncated after {} cycles", entry.path().string(),
                   window.window_end - window.window_begin);
    }
  }
  soc.cpu().memory().flush_traces();
  if (m_timeline) {
    m_timeline->finish(soc.cpu().cycle(),
                       status.outcome() == RunStatus::Outcome::kFailed
                           ? "run failed: " + status.message()
                           : "run exited with code " + std::to_string(status.exit_code()));
    if (m_timeline->timeline().truncated()) {
      spdlog::warn("{}: truncated after {} events (raise --trace-limit or narrow --trace-window)",
                   m_timeline->timeline().path(), m_timeline->timeline().events());
    }
  }
  if (m_insn) {
    m_insn->file().flush();
    if (m_insn->file().truncated()) {
      spdlog::warn("{}: truncated after {} rows", m_insn->file().path(), m_insn->file().rows());
    }
  }
  for (const auto& note : soc.cpu().memory().trace_notes()) spdlog::warn("{}", note);
  if (m_region_window && !m_region_window->never_ran_warning().empty()) {
    spdlog::warn("{}", m_region_window->never_ran_warning());
  }
  if (const cpu::RtlCpu* rtl = soc.cpu().rtl()) {
    for (const auto& note : rtl->notes()) spdlog::warn("{}", note);
  }
}

}  // namespace accsim::cli
