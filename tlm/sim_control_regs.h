// The sim-control block's register offsets (the map is documented in sim_control.h). Apart
// from the SystemC module so that code checking configs (platform_checks.cpp, and through it the
// config fuzz target) needs no SystemC.
#pragma once

#include <cstdint>

namespace accsim {

namespace sim_control_reg {
constexpr uint64_t kId = 0x00;
constexpr uint64_t kConsoleTx = 0x04;
constexpr uint64_t kExit = 0x08;
constexpr uint64_t kRegionBegin = 0x0C;
constexpr uint64_t kRegionEnd = 0x10;
constexpr uint64_t kCycleLo = 0x14;
constexpr uint64_t kCycleHi = 0x18;
constexpr uint64_t kArgCount = 0x1C;
constexpr uint64_t kArg0 = 0x20;
constexpr unsigned kMaxArgs = 8;
constexpr uint64_t kModelAddr = 0x40;
constexpr uint64_t kModelBytes = 0x44;
constexpr uint64_t kInputAddr = 0x48;
constexpr uint64_t kInputBytes = 0x4C;
constexpr uint64_t kArenaAddr = 0x50;
constexpr uint64_t kArenaBytes = 0x54;
constexpr uint64_t kOutputAddr = 0x58;
constexpr uint64_t kOutputBytes = 0x5C;
constexpr uint64_t kSocCfu = 0x60;
constexpr uint64_t kSocVtaBase = 0x64;
constexpr uint64_t kDelegate = 0x68;
constexpr uint64_t kOverridesAddr = 0x6C;
constexpr uint64_t kOverridesCount = 0x70;
constexpr uint64_t kPlacement = 0x74;
constexpr uint64_t kBlockSize = 0x100;
constexpr uint32_t kIdValue = 0x41435349;
}  // namespace sim_control_reg

}  // namespace accsim
