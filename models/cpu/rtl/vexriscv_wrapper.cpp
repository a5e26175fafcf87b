#include "vexriscv_wrapper.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace accsim::cpu::rtl {

namespace {

enum class Direction { kIn, kOut };  // of the CPU

struct Port {
  const char* name;
  Direction direction;
  unsigned width;
  const char* pin;  // the VexRiscvPins field it carries ("" for a constant input)
};

// CFU-Playground's VexRiscv ports (../shared/rtl/vexriscv/README.md) and the pins they carry.
const std::vector<Port>& expected_ports() {
  static const std::vector<Port> ports = {
      {"clk", Direction::kIn, 1, ""},
      {"reset", Direction::kIn, 1, ""},
      {"externalResetVector", Direction::kIn, 32, ""},
      {"timerInterrupt", Direction::kIn, 1, ""},
      {"softwareInterrupt", Direction::kIn, 1, ""},
      {"externalInterruptArray", Direction::kIn, 32, ""},
      {"CfuPlugin_bus_cmd_valid", Direction::kOut, 1, "cfu.cmd_valid"},
      {"CfuPlugin_bus_cmd_ready", Direction::kIn, 1, "cfu.cmd_ready"},
      {"CfuPlugin_bus_cmd_payload_function_id", Direction::kOut, 10, "cfu.function_id"},
      {"CfuPlugin_bus_cmd_payload_inputs_0", Direction::kOut, 32, "cfu.inputs_0"},
      {"CfuPlugin_bus_cmd_payload_inputs_1", Direction::kOut, 32, "cfu.inputs_1"},
      {"CfuPlugin_bus_rsp_valid", Direction::kIn, 1, "cfu.rsp_valid"},
      {"CfuPlugin_bus_rsp_ready", Direction::kOut, 1, "cfu.rsp_ready"},
      {"CfuPlugin_bus_rsp_payload_outputs_0", Direction::kIn, 32, "cfu.outputs_0"},
      {"iBusWishbone_CYC", Direction::kOut, 1, "ibus.cyc"},
      {"iBusWishbone_STB", Direction::kOut, 1, "ibus.stb"},
      {"iBusWishbone_ACK", Direction::kIn, 1, "ibus.ack"},
      {"iBusWishbone_WE", Direction::kOut, 1, "ibus.we"},
      {"iBusWishbone_ADR", Direction::kOut, 30, "ibus.adr"},
      {"iBusWishbone_DAT_MISO", Direction::kIn, 32, "ibus.dat_r"},
      {"iBusWishbone_DAT_MOSI", Direction::kOut, 32, "ibus.dat_w"},
      {"iBusWishbone_SEL", Direction::kOut, 4, "ibus.sel"},
      {"iBusWishbone_ERR", Direction::kIn, 1, "ibus.err"},
      {"iBusWishbone_CTI", Direction::kOut, 3, "ibus.cti"},
      {"iBusWishbone_BTE", Direction::kOut, 2, "ibus.bte"},
      {"dBusWishbone_CYC", Direction::kOut, 1, "dbus.cyc"},
      {"dBusWishbone_STB", Direction::kOut, 1, "dbus.stb"},
      {"dBusWishbone_ACK", Direction::kIn, 1, "dbus.ack"},
      {"dBusWishbone_WE", Direction::kOut, 1, "dbus.we"},
      {"dBusWishbone_ADR", Direction::kOut, 30, "dbus.adr"},
      {"dBusWishbone_DAT_MISO", Direction::kIn, 32, "dbus.dat_r"},
      {"dBusWishbone_DAT_MOSI", Direction::kOut, 32, "dbus.dat_w"},
      {"dBusWishbone_SEL", Direction::kOut, 4, "dbus.sel"},
      {"dBusWishbone_ERR", Direction::kIn, 1, "dbus.err"},
      {"dBusWishbone_CTI", Direction::kOut, 3, "dbus.cti"},
      {"dBusWishbone_BTE", Direction::kOut, 2, "dbus.bte"},
  };
  return ports;
}

const accsim::rtl::VerilatedPort* find(const std::vector<accsim::rtl::VerilatedPort>& ports,
                                       const std::string& name) {
  for (const auto& p : ports) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string describe(const Port& p) {
  return std::string(p.direction == Direction::kIn ? "input" : "output") + " " + p.name +
         (p.width > 1 ? "[" + std::to_string(p.width - 1) + ":0]" : "");
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

SignalAccess find_signal(const std::string& prefix, const std::string& obj_dir,
                         const std::string& signal) {
  const std::string top = kVexRiscvTop;
  const std::string root = prefix + "___024root.h";
  const std::string inlined = top + "__DOT__" + signal;
  if (file_text(obj_dir + "/" + root).find(inlined + ";") != std::string::npos) {
    return {root, "t.rootp->" + inlined};
  }
  const std::string module = prefix + "_" + top + ".h";
  if (file_text(obj_dir + "/" + module).find("__PVT__" + signal + ";") != std::string::npos) {
    return {module, "t.rootp->" + top + "->__PVT__" + signal};
  }
  return {};
}

VexRiscvInternals find_internals(const std::string& prefix, const std::string& obj_dir) {
  VexRiscvInternals in;
  in.instret = find_signal(prefix, obj_dir, "CsrPlugin_minstret");
  in.retire_firing = find_signal(prefix, obj_dir, "writeBack_arbitration_isFiring");
  in.retire_pc = find_signal(prefix, obj_dir, "memory_to_writeBack_PC");
  in.retire_instruction = find_signal(prefix, obj_dir, "memory_to_writeBack_INSTRUCTION");
  return in;
}

std::vector<std::string> vexriscv_port_problems(
    const std::vector<accsim::rtl::VerilatedPort>& ports) {
  std::vector<std::string> problems;
  for (const Port& want : expected_ports()) {
    const accsim::rtl::VerilatedPort* have = find(ports, want.name);
    const bool in = want.direction == Direction::kIn;
    if (have == nullptr) {
      problems.push_back("missing port: " + describe(want));
    } else if (in ? !have->input : !have->output) {
      problems.push_back("port " + std::string(want.name) + " is an " +
                         (have->input ? "input" : "output") + ", expected " + describe(want));
    } else if (have->width != want.width) {
      problems.push_back("port " + std::string(want.name) + " is " + std::to_string(have->width) +
                         " bits wide, expected " + describe(want));
    }
  }
  return problems;
}

std::string vexriscv_wrapper_source(const std::string& prefix,
                                    const std::vector<accsim::rtl::VerilatedPort>& ports,
                                    const VexRiscvInternals& internals) {
  const std::vector<std::string> problems = vexriscv_port_problems(ports);
  if (!problems.empty()) {
    std::string text = "top module " + std::string(kVexRiscvTop) +
                       " lacks CFU-Playground's VexRiscv ports (one line each):";
    for (const auto& line : problems) text += "\n  " + line;
    throw std::runtime_error(text);
  }
  std::string drive, sample;
  for (const Port& p : expected_ports()) {
    const std::string pin = p.pin;
    if (p.direction == Direction::kIn) {
      if (pin.empty()) continue;  // clk, reset, the vector and interrupts: below
      drive += "    t." + std::string(p.name) + " = p." + pin + ";\n";
    } else {
      sample += "    p." + pin + " = t." + p.name + ";\n";
    }
  }
  std::string text =
      "// Generated by accsim: a VexRiscv behind the CPU transactors "
      "(models/cpu/rtl).\n";
  text += "#include \"" + prefix + ".h\"\n#include \"" + prefix + "___024root.h\"\n";
  std::vector<std::string> headers;
  for (const SignalAccess* a : {&internals.instret, &internals.retire_firing, &internals.retire_pc,
                                &internals.retire_instruction}) {
    if (a->found() && std::find(headers.begin(), headers.end(), a->header) == headers.end()) {
      headers.push_back(a->header);
      if (a->header != prefix + "___024root.h") text += "#include \"" + a->header + "\"\n";
    }
  }
  text += "#include \"verilated_vexriscv.h\"\n\nnamespace {\n";
  text += "using accsim::cpu::rtl::VexRiscvPins;\n";
  text += "struct Ports {\n";
  text += "  static void drive(" + prefix +
          "& t, bool clk, bool reset, uint32_t reset_vector, const VexRiscvPins& p) {\n";
  text += "    t.clk = clk;\n    t.reset = reset;\n    t.externalResetVector = reset_vector;\n";
  text += "    t.timerInterrupt = 0;\n    t.softwareInterrupt = 0;\n";
  text += "    t.externalInterruptArray = 0;\n" + drive + "  }\n";
  text += "  static void sample(const " + prefix + "& t, VexRiscvPins& p) {\n" + sample + "  }\n";
  const SignalAccess& instret = internals.instret;
  text += "  static bool has_instret() { return " +
          std::string(instret.found() ? "true" : "false") + "; }\n";
  text += "  static uint64_t instret(const " + prefix + "& t) {\n";
  text += instret.found() ? "    return " + instret.expression + ";\n"
                          : "    (void)t;\n    return 0;\n";
  text += "  }\n";
  const bool retire = internals.retire_firing.found() && internals.retire_pc.found() &&
                      internals.retire_instruction.found();
  text += "  static bool has_retire() { return " + std::string(retire ? "true" : "false") + "; }\n";
  text += "  static bool retiring(const " + prefix + "& t, uint32_t& pc, uint32_t& insn) {\n";
  if (retire) {
    text += "    if (!" + internals.retire_firing.expression + ") return false;\n";
    text += "    pc = " + internals.retire_pc.expression + ";\n";
    text += "    insn = " + internals.retire_instruction.expression + ";\n";
    text += "    return true;\n";
  } else {
    text += "    (void)t;\n    (void)pc;\n    (void)insn;\n    return false;\n";
  }
  text += "  }\n};\n}  // namespace\n\n";
  text += std::string("extern \"C\" accsim::cpu::rtl::VexRiscvModel* ") + kVexRiscvFactory +
          "(const char* name, bool trace) {\n";
  text +=
      "  return new accsim::cpu::rtl::VerilatedVexRiscv<" + prefix + ", Ports>(name, trace);\n}\n";
  return text;
}

}  // namespace accsim::cpu::rtl
