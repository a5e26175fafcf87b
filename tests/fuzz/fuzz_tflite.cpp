// Fuzz target: the firmware interpreter's .tflite reader and planner (firmware_stub/tflite), as
// `accsim run --model` runs them on the host before simulating: tfl_model_load, then tfl_plan.
// Both report malformed or unsupported models by returning -1 with a message; a crash, a
// sanitizer report or a hang is a finding.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>

#include "accsim_tflite/interpreter.h"
#include "accsim_tflite/model.h"

namespace {

// Big enough that the plan, not the arena, decides; the firmware's real arenas are smaller.
constexpr uint32_t kArenaBytes = 64u << 20;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > UINT32_MAX) return 0;
  // TflModel holds fixed-size tensor and operator tables (a few hundred KiB): allocated once.
  static const auto model = std::make_unique<TflModel>();
  std::memset(model.get(), 0, sizeof(TflModel));
  TflError error{};
  if (tfl_model_load(model.get(), data, static_cast<uint32_t>(size), &error) != 0) {
    // A refusal must say why.
    if (error.message[0] == '\0') __builtin_trap();
    return 0;
  }
  // What the run summary reads of a loaded model: names, types and quantisation.
  for (uint32_t t = 0; t < model->tensor_count; ++t) {
    const TflTensor& tensor = model->tensors[t];
    tfl_type_name(tensor.type);
    for (uint32_t i = 0; i < tensor.scale_count; ++i) tfl_tensor_scale(model.get(), &tensor, i);
  }
  for (uint32_t o = 0; o < model->operator_count; ++o) {
    tfl_builtin_name(model->operators[o].builtin);
  }
  TflPlan plan{};
  if (tfl_plan(model.get(), kArenaBytes, &plan, &error) != 0 && error.message[0] == '\0') {
    __builtin_trap();
  }
  return 0;
}
