// An action a part of the SoC performs (an instruction of a class, a cache hit, a DRAM row
// activation, a MAC, a byte on the bus), counted where it happens: what the energy model
// (run/energy_model.h, docs/energy.md) prices with a technology table. Energy = sum over
// actions of count x energy per action, plus leakage over simulated time (Accelergy's method).
// Counters are cumulative and read only at region boundaries and at the run's end, so counting
// costs the models nothing beyond the counters they keep anyway.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace accsim {

struct ActionCounter {
  // The part that acts, as statistics name it: "cpu", "icache", "main_ram", "vta", a device's
  // name. energy.<component>.* and op.NNN.*.energy.<component>_pj.
  std::string component;
  // Its row in the energy table ("cpu", "cache", "dram", "sram", "bus", "cfu", "vta"; a
  // plug-in's own class): components of one class share their energies per action.
  std::string table_class;
  // The action, a column of that row: "hit", "mac", "read_byte"...
  std::string action;
  // Splits the count of one action by who caused it (the bus's initiators); empty if none.
  // Every qualifier's count is priced the same.
  std::string qualifier;
  std::string description;
  // Bytes of the storage acting (a cache's or an SRAM's capacity), for tables whose energies
  // scale with size (energy_table.h); 0 = no size.
  uint64_t size_bytes = 0;
  std::function<uint64_t()> read;  // cumulative count so far
};

}  // namespace accsim
