#include "vta_module.h"

#include <algorithm>
#include <cstring>

#include "accsim/hw/vta_regs.h"
#include "direct_to_memory.h"
#include "error_reason.h"
#include "stats.h"

namespace accsim::vta {

namespace {

constexpr uint64_t kInsnBytes = 16;

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%08llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

// LOAD/STORE rows and instruction fetch as timed bus transactions: each row is cut into bursts
// of at most burst_bytes (aligned to burst_bytes, as an AXI master would), issued one after the
// other; a burst takes the bus's answer (contention + memory service time) or the DMA's own
// data path time, whichever is longer.
class VtaModule::BusDram : public DramPort {
 public:
  BusDram(VtaModule& owner) : m_owner(owner) {}

  void read(uint64_t address, uint8_t* data, uint64_t length) override {
    transfer(tlm::TLM_READ_COMMAND, address, data, length);
    m_read_bytes += length;
  }
  void write(uint64_t address, const uint8_t* data, uint64_t length) override {
    transfer(tlm::TLM_WRITE_COMMAND, address, const_cast<uint8_t*>(data), length);
    m_write_bytes += length;
  }

  uint64_t m_read_bytes = 0, m_write_bytes = 0, m_transactions = 0;
  uint64_t m_busy_cycles = 0, m_bus_wait_cycles = 0;

 private:
  void transfer(tlm::tlm_command command, uint64_t address, uint8_t* data, uint64_t length) {
    const VtaDma& dma = m_owner.m_config.dma;
    const Clock& clock = m_owner.m_clock;
    uint64_t done = 0;
    while (done < length) {
      const uint64_t at = address + done;
      const uint64_t chunk = std::min(length - done, dma.burst_bytes - at % dma.burst_bytes);
      tlm::tlm_generic_payload trans;
      trans.set_command(command);
      trans.set_address(at);
      trans.set_data_ptr(data + done);
      trans.set_data_length(static_cast<unsigned>(chunk));
      trans.set_streaming_width(static_cast<unsigned>(chunk));
      trans.set_byte_enable_ptr(nullptr);
      trans.set_dmi_allowed(false);
      trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      DirectToMemory direct;
      ErrorReason reason;  // why a target refused, when it says
      // The payload's destructor deletes the extensions it holds: these live on the stack, so
      // they leave it however the call ends (a plug-in target may throw).
      struct StackExtensions {
        tlm::tlm_generic_payload& trans;
        ~StackExtensions() {
          trans.clear_extension<DirectToMemory>();
          trans.clear_extension<ErrorReason>();
        }
      } held{trans};
      if (dma.bypass_l2) trans.set_extension(&direct);
      trans.set_extension(&reason);
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      m_owner.dma_side->b_transport(trans, delay);
      if (!trans.is_response_ok()) {
        throw VtaError(std::string("DMA ") + (command == tlm::TLM_READ_COMMAND ? "read" : "write") +
                       " of " + std::to_string(chunk) + " bytes at " + hex(at) +
                       " failed: " + trans.get_response_string() +
                       (reason.text.empty() ? "" : ": " + reason.text));
      }
      const uint64_t own = (chunk + dma.bytes_per_cycle - 1) / dma.bytes_per_cycle;
      // Round the bus's answer up to whole VTA cycles.
      const uint64_t bus = (delay.value() + clock.period_ps() - 1) / clock.period_ps();
      const uint64_t cycles = std::max(own, bus);
      m_busy_cycles += cycles;
      m_bus_wait_cycles += cycles - own;
      ++m_transactions;
      const sc_core::sc_time begin = sc_core::sc_time_stamp();
      sc_core::wait(clock.time(cycles));
      if (m_owner.m_sink) {
        // The calling thread is the module ("fetch_thread", "load_thread", ...).
        std::string module = sc_core::sc_get_current_process_handle().basename();
        module = module.substr(0, module.find('_'));
        m_owner.m_sink->dma(module, command == tlm::TLM_WRITE_COMMAND, at, chunk, begin,
                            sc_core::sc_time_stamp());
      }
      done += chunk;
    }
  }

  VtaModule& m_owner;
};

VtaModule::VtaModule(sc_core::sc_module_name name, const VtaConfig& config,
                     const Clock& platform_clock, RunStatus& status, uint64_t max_cycles)
    : sc_module(name),
      control_side("control_side"),
      dma_side("dma_side"),
      m_config(config),
      m_platform_clock(platform_clock),
      m_clock(config.clock_mhz > 0 ? config.clock_mhz : platform_clock.frequency_mhz()),
      m_status(status),
      m_max_vta_cycles(max_cycles == 0 ? 0 : m_clock.cycles(platform_clock.time(max_cycles))),
      m_core(config.shape, config.timing),
      m_dram(std::make_unique<BusDram>(*this)),
      m_load_q("load", config.command_queue_depth),
      m_compute_q("compute", config.command_queue_depth),
      m_store_q("store", config.command_queue_depth),
      m_l2c("l2c", "load->compute", config.token_queue_depth, m_tokens_changed),
      m_c2l("c2l", "compute->load", config.token_queue_depth, m_tokens_changed),
      m_c2s("c2s", "compute->store", config.token_queue_depth, m_tokens_changed),
      m_s2c("s2c", "store->compute", config.token_queue_depth, m_tokens_changed) {
  m_fetch.name = "fetch";
  m_load.name = "load";
  m_load.input = &m_load_q;
  m_compute.name = "compute";
  m_compute.input = &m_compute_q;
  m_store.name = "store";
  m_store.input = &m_store_q;
  control_side.register_b_transport(this, &VtaModule::b_transport);
  SC_HAS_PROCESS(VtaModule);
  SC_THREAD(fetch_thread);
  SC_THREAD(load_thread);
  SC_THREAD(compute_thread);
  SC_THREAD(store_thread);
  SC_METHOD(check_deadlock);
  sensitive << m_check_event;
  dont_initialize();
}

VtaModule::~VtaModule() = default;

// --- state bookkeeping and deadlock detection ----------------------------------------------

void VtaModule::set_wait(Unit& unit, Wait wait) {
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  const uint64_t elapsed = m_clock.cycles(now - unit.since);
  if (unit.wait == Wait::kBusy) {
    unit.busy_cycles += elapsed;
  } else if (unit.wait == Wait::kTokens || unit.wait == Wait::kTokenSpace ||
             unit.wait == Wait::kQueueSpace) {
    unit.stall_cycles += elapsed;
  }
  unit.wait = wait;
  unit.since = now;
  if (wait != Wait::kBusy) m_check_event.notify(sc_core::SC_ZERO_TIME);
}

bool VtaModule::live(const Unit& unit) const {
  switch (unit.wait) {
    case Wait::kBusy:
      return true;
    case Wait::kInstruction:
      return !unit.input->empty();
    case Wait::kTokens:
      return std::all_of(unit.tokens.begin(), unit.tokens.end(),
                         [](const TokenQueue* q) { return q->tokens() > 0; });
    case Wait::kTokenSpace:
      return std::none_of(unit.tokens.begin(), unit.tokens.end(),
                          [](const TokenQueue* q) { return q->full(); });
    case Wait::kQueueSpace:
      return !unit.blocked_on->full();
    case Wait::kIdle:
      return &unit == &m_fetch && m_launch_pending;
    case Wait::kDone:
      return false;
  }
  return false;
}

std::string VtaModule::describe(const Unit& unit) const {
  const vta_layout_t layout = m_core.layout();
  const auto insn = [&] {
    return "instruction " + std::to_string(unit.current.index) + " `" +
           disassemble(layout, unit.current.insn) + "`";
  };
  const auto queues = [&](const char* what) {
    std::string s;
    for (const TokenQueue* q : unit.tokens) {
      if ((what[0] == 'e' && q->tokens() == 0) || (what[0] == 'f' && q->full())) {
        s += (s.empty() ? "" : " and ") + q->label();
      }
    }
    return s;
  };
  switch (unit.wait) {
    case Wait::kInstruction:
      return unit.name + " has no instruction left (its queue is empty)";
    case Wait::kTokens:
      return unit.name + " " + insn() + " waits for a token on " + queues("empty") +
             ", which is empty";
    case Wait::kTokenSpace:
      return unit.name + " " + insn() + " cannot push: " + queues("full") + " is full";
    case Wait::kQueueSpace:
      return "fetch cannot dispatch: the " + unit.blocked_on->name() + " queue is full";
    case Wait::kDone:
    case Wait::kIdle:
      // Fetch returns to idle once it has dispatched the whole stream.
      if (&unit == &m_fetch && m_busy) {
        return "fetch dispatched all " + std::to_string(m_insn_count) + " instructions";
      }
      return unit.name + " is idle";
    case Wait::kBusy:
      return unit.name + " is busy";
  }
  return unit.name;
}

void VtaModule::check_deadlock() {
  if (!m_busy || !m_status.running()) return;
  for (const Unit* u : {&m_fetch, &m_load, &m_compute, &m_store}) {
    if (live(*u)) return;
  }
  const uint64_t now = vta_cycles_now();
  const uint64_t cycle = now > m_launch_cycle ? now - m_launch_cycle : 0;
  bool waits_on_tokens = false;
  for (const Unit* u : {&m_load, &m_compute, &m_store}) {
    waits_on_tokens |= u->wait == Wait::kTokens || u->wait == Wait::kTokenSpace;
  }
  std::string message;
  if (!waits_on_tokens) {
    message = "VTA program ended without FINISH: all " + std::to_string(m_insn_count) +
              " instructions ran and the VTA is still busy " + std::to_string(cycle) +
              " cycles after launch (is INSN_COUNT right, does the stream end with FINISH?)";
  } else {
    message = "VTA deadlock " + std::to_string(cycle) + " cycles after launch: ";
    bool first = true;
    for (const Unit* u : {&m_fetch, &m_load, &m_compute, &m_store}) {
      message += (first ? "" : "; ") + describe(*u);
      first = false;
    }
  }
  fail(message);
}

void VtaModule::fail(const std::string& message) {
  m_status.fail(message, m_platform_clock.now_cycles());
}

void VtaModule::finish() {
  m_busy = false;
  m_done = true;
  m_finish_cycle = vta_cycles_now();
  m_total_cycles += m_finish_cycle - m_launch_cycle;
}

// --- the four modules --------------------------------------------------------------------

void VtaModule::fetch_thread() {
  std::vector<uint8_t>& buffer = m_fetch_buffer;
  const uint64_t per_burst = std::max<uint64_t>(1, m_config.dma.burst_bytes / kInsnBytes);
  for (;;) {
    set_wait(m_fetch, Wait::kIdle);
    sc_core::wait(m_launch_event);
    m_launch_pending = false;
    set_wait(m_fetch, Wait::kBusy);
    const sc_core::sc_time launched = sc_core::sc_time_stamp();
    const uint64_t count = m_insn_count;
    const uint64_t address = m_insn_addr;
    for (uint64_t i = 0; i < count;) {
      const uint64_t n = std::min(per_burst, count - i);
      buffer.resize(n * kInsnBytes);
      try {
        m_dram->read(address + i * kInsnBytes, buffer.data(), buffer.size());
      } catch (const VtaError& e) {
        fail("VTA error: fetch of instruction " + std::to_string(i) + ": " + e.what());
        return;
      }
      for (uint64_t j = 0; j < n; ++j) {
        vta_insn_t insn;
        std::memcpy(&insn.lo, &buffer[j * kInsnBytes], 8);
        std::memcpy(&insn.hi, &buffer[j * kInsnBytes + 8], 8);
        sc_core::wait(m_clock.time(m_config.timing.dispatch_cycles));
        const unsigned opcode = vta_insn_opcode(insn);
        CommandQueue* queue = nullptr;
        if (opcode == VTA_OPCODE_STORE) {
          queue = &m_store_q;
        } else if (opcode == VTA_OPCODE_LOAD) {
          const unsigned type = vta_decode_mem(insn).memory_type;
          queue = (type == VTA_MEM_INP || type == VTA_MEM_WGT) ? &m_load_q : &m_compute_q;
        } else if (opcode <= VTA_OPCODE_ALU) {
          queue = &m_compute_q;
        } else {
          fail("VTA error: instruction " + std::to_string(i + j) + " at " +
               hex(address + (i + j) * kInsnBytes) + " has opcode " + std::to_string(opcode) +
               ", which is not a VTA opcode (0..4)");
          return;
        }
        if (queue->full()) {
          m_fetch.blocked_on = queue;
          set_wait(m_fetch, Wait::kQueueSpace);
          const sc_core::sc_time since = sc_core::sc_time_stamp();
          while (queue->full()) sc_core::wait(queue->changed());
          set_wait(m_fetch, Wait::kBusy);
          if (m_sink) {
            m_sink->waited("fetch", "the " + queue->name() + " queue is full", since,
                           sc_core::sc_time_stamp());
          }
        }
        queue->push({insn, i + j});
        ++m_fetch.instructions;
        ++m_insn_kind[opcode];
      }
      i += n;
    }
    if (m_sink) {
      m_sink->instruction("fetch", 0, "dispatch " + std::to_string(count) + " instructions",
                          std::nullopt, launched, sc_core::sc_time_stamp());
    }
    set_wait(m_fetch, Wait::kDone);
  }
}

void VtaModule::token_queues(const Unit& unit, const vta_deps_t& d, std::vector<TokenQueue*>& pops,
                             std::vector<TokenQueue*>& pushes) const {
  // docs/reference/vta-isa.md section 4: load has only a "next" (compute), store only a "prev"
  // (compute); compute has both.
  TokenQueue* const none = nullptr;
  TokenQueue* pop_prev = none;
  TokenQueue* pop_next = none;
  TokenQueue* push_prev = none;
  TokenQueue* push_next = none;
  if (&unit == &m_load) {
    pop_next = const_cast<TokenQueue*>(&m_c2l);
    push_next = const_cast<TokenQueue*>(&m_l2c);
  } else if (&unit == &m_compute) {
    pop_prev = const_cast<TokenQueue*>(&m_l2c);
    pop_next = const_cast<TokenQueue*>(&m_s2c);
    push_prev = const_cast<TokenQueue*>(&m_c2l);
    push_next = const_cast<TokenQueue*>(&m_c2s);
  } else {
    pop_prev = const_cast<TokenQueue*>(&m_c2s);
    push_prev = const_cast<TokenQueue*>(&m_s2c);
  }
  const auto want = [&](uint8_t flag, TokenQueue* q, const char* flag_name,
                        std::vector<TokenQueue*>& out) {
    if (!flag) return;
    if (q == nullptr) {
      throw VtaError(std::string(flag_name) + " is set but the " + unit.name +
                     " module has no such neighbour");
    }
    out.push_back(q);
  };
  want(d.pop_prev, pop_prev, "pop_prev", pops);
  want(d.pop_next, pop_next, "pop_next", pops);
  want(d.push_prev, push_prev, "push_prev", pushes);
  want(d.push_next, push_next, "push_next", pushes);
}

void VtaModule::module_loop(Unit& unit) {
  std::vector<TokenQueue*>& pops = unit.pops;
  std::vector<TokenQueue*>& pushes = unit.pushes;
  for (;;) {
    set_wait(unit, Wait::kInstruction);
    while (unit.input->empty()) sc_core::wait(unit.input->changed());
    unit.current = unit.input->pop();
    const vta_insn_t& insn = unit.current.insn;
    const unsigned opcode = vta_insn_opcode(insn);
    const vta_deps_t deps = (opcode == VTA_OPCODE_LOAD || opcode == VTA_OPCODE_STORE)
                                ? vta_decode_mem(insn).deps
                                : vta_decode_compute(&m_core.layout(), insn).deps;
    pops.clear();
    pushes.clear();
    try {
      token_queues(unit, deps, pops, pushes);
    } catch (const VtaError& e) {
      fail("VTA error: " + unit.name + " instruction " + std::to_string(unit.current.index) + " `" +
           disassemble(m_core.layout(), insn) + "`: " + e.what());
      return;
    }
    unit.tokens = pops;
    set_wait(unit, Wait::kTokens);
    const sc_core::sc_time waiting = sc_core::sc_time_stamp();
    while (!live(unit)) sc_core::wait(m_tokens_changed);
    for (TokenQueue* q : pops) q->pop();
    set_wait(unit, Wait::kBusy);
    const sc_core::sc_time begin = sc_core::sc_time_stamp();
    if (m_sink && begin > waiting) {
      std::string what = "wait for";
      for (const TokenQueue* q : pops) what += " " + q->name();
      m_sink->waited(unit.name, what, waiting, begin);
    }
    execute(unit, unit.current);
    if (!m_status.running()) return;
    if (m_sink) {
      const std::optional<uint64_t> dram = opcode == VTA_OPCODE_LOAD || opcode == VTA_OPCODE_STORE
                                               ? m_core.dram_address(vta_decode_mem(insn))
                                               : std::nullopt;
      m_sink->instruction(unit.name, unit.current.index, disassemble(m_core.layout(), insn), dram,
                          begin, sc_core::sc_time_stamp());
    }
    unit.tokens = pushes;
    set_wait(unit, Wait::kTokenSpace);
    while (!live(unit)) sc_core::wait(m_tokens_changed);
    for (TokenQueue* q : pushes) q->push();
    ++unit.instructions;
  }
}

void VtaModule::execute(Unit& unit, const QueuedInsn& queued) {
  const vta_insn_t& insn = queued.insn;
  const unsigned opcode = vta_insn_opcode(insn);
  try {
    uint64_t cycles = 0;
    if (opcode == VTA_OPCODE_LOAD) {
      cycles = m_core.load(vta_decode_mem(insn), *m_dram);
    } else if (opcode == VTA_OPCODE_STORE) {
      cycles = m_core.store(vta_decode_mem(insn), *m_dram);
    } else if (opcode == VTA_OPCODE_FINISH) {
      sc_core::wait(m_clock.time(m_config.timing.insn_overhead_cycles));
      finish();
      return;
    } else {
      const vta_compute_insn_t c = vta_decode_compute(&m_core.layout(), insn);
      const uint64_t planned = m_core.compute_cycles(c);
      if (m_max_vta_cycles != 0 && vta_cycles_now() + planned > m_max_vta_cycles) {
        throw VtaError("it would run for " + std::to_string(planned) +
                       " cycles, past simulation.max_cycles");
      }
      cycles = opcode == VTA_OPCODE_GEMM ? m_core.gemm(c) : m_core.alu(c);
    }
    sc_core::wait(m_clock.time(cycles));
  } catch (const VtaError& e) {
    fail("VTA error: " + unit.name + " instruction " + std::to_string(queued.index) + " `" +
         disassemble(m_core.layout(), insn) + "`: " + e.what());
  }
}

// --- MMIO ------------------------------------------------------------------------------------

void VtaModule::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  delay += m_platform_clock.time(1);
  const uint64_t offset = trans.get_address();
  if (trans.get_data_length() != 4 || offset % 4 != 0 || trans.get_byte_enable_ptr() != nullptr) {
    trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  uint32_t value = 0;
  if (trans.is_write()) std::memcpy(&value, trans.get_data_ptr(), 4);
  const auto base_type = [](uint64_t off) -> int {
    switch (off) {
      case VTA_REG_UOP_BASE:
        return VTA_MEM_UOP;
      case VTA_REG_INP_BASE:
        return VTA_MEM_INP;
      case VTA_REG_WGT_BASE:
        return VTA_MEM_WGT;
      case VTA_REG_ACC_BASE:
        return VTA_MEM_ACC;
      case VTA_REG_OUT_BASE:
        return VTA_MEM_OUT;
      default:
        return -1;
    }
  };
  const uint64_t now = m_clock.cycles(sc_core::sc_time_stamp() + delay);
  if (trans.is_read()) {
    switch (offset) {
      case VTA_REG_CONTROL:
        value = (m_busy ? VTA_CONTROL_BUSY : 0) | (m_done ? VTA_CONTROL_DONE : 0);
        break;
      case VTA_REG_CYCLES:
        value = static_cast<uint32_t>((m_busy ? now : m_finish_cycle) - m_launch_cycle);
        break;
      case VTA_REG_INSN_COUNT:
        value = m_insn_count;
        break;
      case VTA_REG_INSN_ADDR:
        value = m_insn_addr;
        break;
      case VTA_REG_ID:
        value = VTA_ID_VALUE;
        break;
      case VTA_REG_SHAPE:
        value = (m_config.shape.log_batch << VTA_SHAPE_LOG_BATCH_SHIFT) |
                (m_config.shape.log_block << VTA_SHAPE_LOG_BLOCK_SHIFT);
        break;
      case VTA_REG_DEPTHS: {
        const VtaShape& s = m_config.shape;
        value = (s.log_uop_depth() << VTA_DEPTHS_LOG_UOP_SHIFT) |
                (s.log_inp_depth() << VTA_DEPTHS_LOG_INP_SHIFT) |
                (s.log_wgt_depth() << VTA_DEPTHS_LOG_WGT_SHIFT) |
                (s.log_acc_depth() << VTA_DEPTHS_LOG_ACC_SHIFT);
        break;
      }
      default: {
        const int type = base_type(offset);
        if (type < 0) {
          trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
          return;
        }
        value = static_cast<uint32_t>(m_core.dram_base(type));
      }
    }
    std::memcpy(trans.get_data_ptr(), &value, 4);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    return;
  }
  switch (offset) {
    case VTA_REG_CONTROL:
      if (value & VTA_CONTROL_START) {
        if (m_busy) {
          fail("VTA error: CONTROL written to launch while the VTA is still busy with the " +
               std::string("previous program (poll CONTROL bit 1 before launching again)"));
          break;
        }
        m_busy = true;
        m_done = false;
        m_launch_cycle = now;
        m_launch_pending = true;
        ++m_launches;
        m_launch_event.notify(delay);
      }
      break;
    case VTA_REG_INSN_COUNT:
      m_insn_count = value;
      break;
    case VTA_REG_INSN_ADDR:
      m_insn_addr = value;
      break;
    default: {
      const int type = base_type(offset);
      if (type < 0) {
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
      }
      m_core.set_dram_base(type, value);
    }
  }
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

uint64_t VtaModule::module_busy_cycles() const {
  return m_load.busy_cycles + m_compute.busy_cycles + m_store.busy_cycles;
}

uint64_t VtaModule::dma_bytes() const { return m_dram->m_read_bytes + m_dram->m_write_bytes; }
uint64_t VtaModule::dma_read_bytes() const { return m_dram->m_read_bytes; }
uint64_t VtaModule::dma_write_bytes() const { return m_dram->m_write_bytes; }

// --- statistics ------------------------------------------------------------------------------

void VtaModule::report(Stats& stats) const {
  const VtaCounters& c = m_core.counters();
  const nlohmann::json shape = shape_to_json(m_config.shape);
  for (const auto& [key, value] : shape.items()) {
    stats.set("vta.hw." + key, value.get<uint64_t>(),
              "The simulated shape (upstream vta_config.json key, log2)");
  }
  stats.set("vta.launches", m_launches, "Programs launched (CONTROL = 1)");
  stats.set("vta.cycles", m_total_cycles,
            "VTA cycles from launch to FINISH, summed over launches (the CYCLES register)");
  stats.set("vta.instructions", m_fetch.instructions, "Instructions fetched and dispatched");
  static const char* const kKinds[] = {"load", "store", "gemm", "finish", "alu"};
  for (int k = 0; k < 5; ++k) {
    stats.set(std::string("vta.instructions.") + kKinds[k], m_insn_kind[k],
              "Instructions of this opcode");
  }
  stats.set("vta.inp_load_nbytes", c.inp_load_nbytes, "fsim: INP bytes loaded (no padding)");
  stats.set("vta.wgt_load_nbytes", c.wgt_load_nbytes, "fsim: WGT bytes loaded (no padding)");
  stats.set("vta.acc_load_nbytes", c.acc_load_nbytes, "fsim: ACC bytes loaded (no padding)");
  stats.set("vta.uop_load_nbytes", c.uop_load_nbytes, "fsim: micro-op bytes loaded");
  stats.set("vta.out_store_nbytes", c.out_store_nbytes, "fsim: OUT bytes stored");
  stats.set("vta.gemm_counter", c.gemm_counter,
            "fsim: GEMM micro-op iterations (iter_out x iter_in x uops; reset GEMMs not counted)");
  stats.set("vta.alu_counter", c.alu_counter, "fsim: ALU micro-op iterations");
  for (const Unit* u : {&m_fetch, &m_load, &m_compute, &m_store}) {
    const std::string p = "vta." + u->name + ".";
    stats.set(p + "instructions", u->instructions, "Instructions this module completed");
    stats.set(p + "busy_cycles", u->busy_cycles, "Cycles executing (including its DMA)");
    stats.set(p + "stall_cycles", u->stall_cycles,
              "Cycles waiting for dependency tokens or queue space");
  }
  stats.set("vta.dma.read_bytes", m_dram->m_read_bytes, "Bytes the VTA read from the bus");
  stats.set("vta.dma.write_bytes", m_dram->m_write_bytes, "Bytes the VTA wrote to the bus");
  stats.set("vta.dma.transactions", m_dram->m_transactions, "DMA bursts issued");
  stats.set("vta.dma.busy_cycles", m_dram->m_busy_cycles, "Cycles DMA bursts took");
  stats.set("vta.dma.bus_wait_cycles", m_dram->m_bus_wait_cycles,
            "Cycles bursts took beyond the DMA's own data path (memory latency, contention)");
  for (unsigned t = 0; t <= VTA_MEM_OUT; ++t) {
    const std::string p = std::string("vta.sram.") + memory_type_name(t) + ".";
    stats.set(p + "reads", m_core.accesses(t).reads, "Elements read from this buffer");
    stats.set(p + "writes", m_core.accesses(t).writes, "Elements written to this buffer");
  }
  for (const TokenQueue* q : {&m_l2c, &m_c2l, &m_c2s, &m_s2c}) {
    stats.set("vta.tokens." + q->name() + ".pushed", q->pushed(), "Tokens pushed on " + q->label());
  }
}

}  // namespace accsim::vta
