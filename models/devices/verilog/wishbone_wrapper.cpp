#include "wishbone_wrapper.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace accsim::wishbone {

namespace {

enum class Direction { kIn, kOut };

// A signal of the interface and the port that carries it.
struct Signal {
  std::string role;  // "the Wishbone slave's ack"
  std::string port;  // "wb_ack"
  Direction direction;
  unsigned min_width, max_width;
  bool required;
};

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

std::string mask(unsigned width) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%llxull",
                width >= 64 ? ~0ull : (1ull << width) - 1);  // NOLINT(runtime/int)
  return text;
}

std::vector<Signal> signals_of(const WishbonePortNames& names) {
  std::vector<Signal> signals;
  signals.push_back({"the clock", names.clock, Direction::kIn, 1, 1, true});
  if (!names.reset.empty()) {
    signals.push_back({"the reset", names.reset, Direction::kIn, 1, 1, true});
  }
  // The slave port: the device is driven; the master port: it drives.
  struct Role {
    std::string prefix;
    const char* role;
    Direction in;   // of the signals the master drives
    Direction out;  // of those the slave drives
  };
  std::vector<Role> roles = {{names.slave, "slave", Direction::kIn, Direction::kOut}};
  if (!names.master.empty()) {
    roles.push_back({names.master, "master", Direction::kOut, Direction::kIn});
  }
  for (const Role& r : roles) {
    const std::string role = std::string("the Wishbone ") + r.role + "'s ";
    signals.push_back({role + "adr", r.prefix + "adr", r.in, 1, 32, true});
    signals.push_back({role + "dat_w", r.prefix + "dat_w", r.in, 32, 32, true});
    signals.push_back({role + "dat_r", r.prefix + "dat_r", r.out, 32, 32, true});
    signals.push_back({role + "sel", r.prefix + "sel", r.in, 4, 4, true});
    signals.push_back({role + "cyc", r.prefix + "cyc", r.in, 1, 1, true});
    signals.push_back({role + "stb", r.prefix + "stb", r.in, 1, 1, true});
    signals.push_back({role + "we", r.prefix + "we", r.in, 1, 1, true});
    signals.push_back({role + "ack", r.prefix + "ack", r.out, 1, 1, true});
    signals.push_back({role + "err", r.prefix + "err", r.out, 1, 1, false});
  }
  return signals;
}

const rtl::VerilatedPort* find(const std::vector<rtl::VerilatedPort>& ports,
                               const std::string& name) {
  for (const auto& p : ports) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

// The top's ports, for a message about a port it lacks (the user sees what to name instead).
std::string port_list(const std::vector<rtl::VerilatedPort>& ports) {
  std::string list;
  const size_t shown = std::min<size_t>(ports.size(), 16);
  for (size_t i = 0; i < shown; ++i) list += (i ? ", " : "") + ports[i].name;
  if (shown < ports.size()) list += ", ...";
  return list.empty() ? "none" : list;
}

void check(const std::string& top, const std::vector<rtl::VerilatedPort>& ports,
           const std::vector<Signal>& signals) {
  std::vector<const Signal*> missing;
  for (const Signal& s : signals) {
    const rtl::VerilatedPort* p = find(ports, s.port);
    if (p == nullptr) {
      if (s.required) missing.push_back(&s);
      continue;
    }
    const bool input = s.direction == Direction::kIn;
    if (input ? !p->input : !p->output) {
      throw std::runtime_error("port " + quoted(s.port) + " of top module " + quoted(top) +
                               " is an " + (p->input ? "input" : "output") + ", but " + s.role +
                               " is an " + (input ? "input" : "output") + " of the device");
    }
    if (p->width < s.min_width || p->width > s.max_width) {
      const std::string want =
          s.min_width == s.max_width
              ? std::to_string(s.min_width) + " bit" + (s.min_width == 1 ? "" : "s")
              : std::to_string(s.min_width) + " to " + std::to_string(s.max_width) + " bits";
      throw std::runtime_error("port " + quoted(s.port) + " of top module " + quoted(top) + " is " +
                               std::to_string(p->width) + " bits wide; " + s.role + " must be " +
                               want + " (accsim's bus is 32 bits wide)");
    }
  }
  if (missing.empty()) return;
  std::string names;
  for (size_t i = 0; i < missing.size(); ++i) {
    names += (i ? ", " : "") + quoted(missing[i]->port);
  }
  throw std::runtime_error("top module " + quoted(top) + " has no port" +
                           (missing.size() > 1 ? "s " : " ") + names + " (" +
                           missing.front()->role + (missing.size() > 1 ? ", ..." : "") +
                           "; its ports: " + port_list(ports) + ")");
}

}  // namespace

std::string wishbone_wrapper_source(const std::string& prefix, const std::string& top,
                                    const std::vector<rtl::VerilatedPort>& ports,
                                    const WishbonePortNames& names) {
  const std::vector<Signal> signals = signals_of(names);
  check(top, ports, signals);
  std::string drive, sample;
  drive += "    t." + names.clock + " = clk;\n";
  if (!names.reset.empty()) {
    drive += "    t." + names.reset + " = " + (names.reset_active_low ? "!reset" : "reset") + ";\n";
  }
  // Each port's pins: inputs driven (masked to the port's width), outputs sampled.
  const auto map_port = [&](const std::string& prefix_of_port, const char* pins, bool slave) {
    const char* fields[] = {"adr", "dat_w", "dat_r", "sel", "cyc", "stb", "we", "ack", "err"};
    for (const char* field : fields) {
      const std::string port = prefix_of_port + field;
      const rtl::VerilatedPort* p = find(ports, port);
      const std::string f = field;
      const bool driven_by_master = f != "dat_r" && f != "ack" && f != "err";
      const bool input = slave == driven_by_master;
      if (p == nullptr) {
        if (!input) sample += std::string("    ") + pins + "." + f + " = 0;\n";
        continue;
      }
      if (input) {
        drive += "    t." + port + " = " + pins + "." + f + " & " + mask(p->width) + ";\n";
      } else {
        sample += std::string("    ") + pins + "." + f + " = t." + port + ";\n";
      }
    }
  };
  map_port(names.slave, "s", true);
  // Classic cycles only: a slave's cycle type and burst type inputs, if it has them, held at 0.
  for (const char* field : {"cti", "bte"}) {
    const rtl::VerilatedPort* p = find(ports, names.slave + field);
    if (p != nullptr && p->input) drive += "    t." + p->name + " = 0;\n";
  }
  if (!names.master.empty()) map_port(names.master, "m", false);

  std::string text = "// Generated by accsim: top module " + top +
                     " behind the Wishbone transactors (models/devices/verilog).\n";
  text += "#include \"" + prefix + ".h\"\n#include \"" + prefix + "__Syms.h\"\n";
  text += "#include \"verilated_wishbone.h\"\n\nnamespace {\n";
  text += "using accsim::wishbone::WishbonePins;\n";
  text += "struct Ports {\n";
  text += "  static void drive(" + prefix +
          "& t, bool clk, bool reset, const WishbonePins& s, const WishbonePins& m) {\n";
  text += "    (void)reset;\n    (void)s;\n    (void)m;\n" + drive + "  }\n";
  text += "  static void sample(const " + prefix + "& t, WishbonePins& s, WishbonePins& m) {\n";
  text += "    (void)m;\n" + sample + "  }\n};\n}  // namespace\n\n";
  text += std::string("extern \"C\" accsim::wishbone::WishboneModel* ") + kWishboneFactory +
          "(const char* name, bool trace) {\n";
  text +=
      "  return new accsim::wishbone::VerilatedWishbone<" + prefix + ", Ports>(name, trace);\n}\n";
  return text;
}

}  // namespace accsim::wishbone
