/* Runs the .tflite model accsim placed in memory (`accsim run --model`), as TFLite Micro runs a
 * model on the board: parse the flatbuffer, check every operator, ask the SoC which accelerators
 * it has and place each operator (runtime.delegate / runtime.placement), plan the tensor arena,
 * prepare every operator, copy the input into input tensor 0, invoke the graph. Each operator's
 * placement goes to accsim (PLACEMENT) before the graph runs. Regions: "setup" (parse, plan,
 * prepare, input copy), "invoke" (the graph) and one "op.NNN.<name>" per operator inside it, whose
 * figures become the op.* statistics. The output tensor's address goes back to accsim for
 * output.bin. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "accsim/hw/tflite_delegate.h"
#include "accsim/mnv2_cfu.h"
#include "accsim/sim_control.h"
#include "accsim_tflite/interpreter.h"
#include "tflite_accel.h"

/* The interpreter's bookkeeping (a few hundred KiB for the largest graphs it accepts) and the
 * operators' parameter structs live in .bss, outside the arena. */
static TflModel g_model;
static TflRuntime g_runtime;
static uint8_t g_state_pool[64 * 1024];
static vta_device_t g_vta;
static TflHardware g_hw;

/* "op.007.depthwise_conv_2d": sorts in graph order. */
static char g_region_names[TFL_MAX_OPERATORS][40];

static void name_regions(const TflModel* m) {
  for (uint32_t i = 0; i < m->operator_count; ++i) {
    snprintf(g_region_names[i], sizeof(g_region_names[i]), "op.%03u.%s", (unsigned)i,
             tfl_op_stat_name(m->operators[i].builtin));
  }
}

static void op_begin(void* context, int index, const TflOperator* op) {
  (void)context;
  (void)op;
  accsim_region_begin(g_region_names[index]);
}

static void op_end(void* context, int index, const TflOperator* op) {
  (void)context;
  (void)op;
  accsim_region_end(g_region_names[index]);
}

/* accsim checked the model before simulating; a failure here means the firmware and accsim
 * disagree, so say so loudly. */
static void fail(const char* step, const TflError* error) {
  if (error->operator_index >= 0) {
    char name[64];
    printf("tflite_runner: %s: operator %d (%s): %s\n", step, error->operator_index,
           tfl_operator_name(&g_model, error->operator_index, name, (int)sizeof(name)),
           error->message);
  } else {
    printf("tflite_runner: %s: %s\n", step, error->message);
  }
  accsim_exit(3);
}

/* What the SoC has: sim-control says which CFU and where the VTA is; the CFU's GET_CONFIG and the
 * VTA's configuration registers say how big they are. */
static void discover_hardware(TflHardware* hw) {
  const uint32_t delegate = ACCSIM_DELEGATE;
  hw->cfu = (int)ACCSIM_SOC_CFU;
  if (hw->cfu == TFL_SOC_CFU_MNV2) {
    hw->cfu_filter_words = cfu_mnv2_get_config(MNV2_CONFIG_FILTER_WORDS);
    hw->cfu_param_entries = cfu_mnv2_get_config(MNV2_CONFIG_PARAM_ENTRIES);
    hw->cfu_input_words = cfu_mnv2_get_config(MNV2_CONFIG_INPUT_WORDS);
  }
  hw->vta = 0;
  hw->vta_threads = (int)((delegate >> 8) & 0xFF) == 1 ? 1 : 2;
  const uint32_t vta_base = ACCSIM_SOC_VTA_BASE;
  if (vta_base != 0 && vta_open(&g_vta, vta_base) == VTA_OK) hw->vta = &g_vta;
}

/* Sends each operator's placement and where its buffers are to accsim (which prints and records
 * it). `arena` and `arena_used`: the plan tfl_place made. */
static void report_placement(const TflModel* m, const uint8_t* arena, uint32_t arena_used) {
  static TflPlacementRecord record;
  for (uint32_t i = 0; i < m->operator_count; ++i) {
    const TflOperator* op = &m->operators[i];
    record.op_index = i;
    record.backend = (uint32_t)op->backend;
    record.supported = op->supported;
    record.override_backend =
        op->override_backend < 0 ? TFL_NO_OVERRIDE : (uint32_t)op->override_backend;
    snprintf(record.kernel, sizeof(record.kernel), "%s", op->kernel);
    snprintf(record.reason, sizeof(record.reason), "%s", op->reason);
    for (int k = 0; k < TFL_PLACEMENT_TENSORS; ++k) {
      const int in = k < op->input_count && k < TFL_MAX_OP_INPUTS ? op->inputs[k] : -1;
      const int out_k =
          k - (op->input_count < TFL_MAX_OP_INPUTS ? op->input_count : TFL_MAX_OP_INPUTS);
      const int out = out_k >= 0 && out_k < op->output_count && out_k < TFL_MAX_OP_OUTPUTS
                          ? op->outputs[out_k]
                          : -1;
      const int t = out_k < 0 ? in : out;
      record.tensor[k] = t;
      record.tensor_addr[k] = 0;
      if (t >= 0) {
        const TflTensor* tensor = &m->tensors[t];
        record.tensor_addr[k] =
            (uint32_t)(uintptr_t)(tensor->data ? tensor->data : arena + tensor->arena_offset);
      }
    }
    record.scratch_bytes = op->scratch_bytes;
    record.scratch_addr = (uint32_t)(uintptr_t)(arena + op->scratch_offset);
    record.persistent_bytes = op->persistent_bytes;
    record.persistent_addr = (uint32_t)(uintptr_t)(arena + op->persistent_offset);
    record.arena_used = arena_used;
    ACCSIM_PLACEMENT = (uint32_t)(uintptr_t)&record;
  }
}

int main(void) {
  const uint32_t model_bytes = ACCSIM_MODEL_BYTES;
  if (model_bytes == 0) {
    printf("tflite_runner: no model (run it with `accsim run --model FILE.tflite`)\n");
    return 2;
  }
  const void* model = (const void*)(uintptr_t)ACCSIM_MODEL_ADDR;
  uint8_t* arena = (uint8_t*)(uintptr_t)ACCSIM_ARENA_ADDR;
  const uint32_t arena_bytes = ACCSIM_ARENA_BYTES;
  TflError error;
  TflPlan plan;

  accsim_region_begin("setup");
  if (tfl_model_load(&g_model, model, model_bytes, &error) != 0) fail("load", &error);
  if (tfl_plan(&g_model, arena_bytes, &plan, &error) != 0) fail("plan", &error);
  discover_hardware(&g_hw);
  tfl_register_accelerators(tfl_accel_kernels, tfl_accel_kernel_count);
  TflDelegation delegation;
  delegation.delegate = (int)(ACCSIM_DELEGATE & 0xFF);
  delegation.overrides = (const void*)(uintptr_t)ACCSIM_OVERRIDES_ADDR;
  delegation.override_count = ACCSIM_OVERRIDES_COUNT;
  if (tfl_place(&g_model, &g_hw, &delegation, arena_bytes, &plan, &error) != 0) {
    fail("place", &error);
  }
  report_placement(&g_model, arena, plan.arena_bytes);
  /* The VTA operators' work buffers: the arena region beyond the plan. */
  const uint32_t used = (plan.arena_bytes + 63u) & ~63u;
  tfl_accel_attach(&g_hw, arena + used, arena_bytes > used ? arena_bytes - used : 0);
  if (tfl_prepare(&g_runtime, &g_model, arena, g_state_pool, sizeof(g_state_pool), &error) != 0) {
    fail("prepare", &error);
  }
  name_regions(&g_model);
  /* Input tensor 0 from accsim's --input bytes (zeros without); further inputs are zeroed. */
  const uint32_t input_bytes = ACCSIM_INPUT_BYTES;
  for (int i = 0; i < g_model.input_count; ++i) {
    const int tensor = g_model.inputs[i];
    uint8_t* data = (uint8_t*)tfl_tensor_data(&g_runtime, tensor);
    const uint32_t bytes = g_model.tensors[tensor].bytes;
    if (i == 0 && input_bytes == bytes) {
      memcpy(data, (const void*)(uintptr_t)ACCSIM_INPUT_ADDR, bytes);
    } else {
      memset(data, 0, bytes);
    }
  }
  accsim_region_end("setup");

  accsim_region_begin("invoke");
  tfl_invoke(&g_runtime, op_begin, op_end, 0);
  accsim_region_end("invoke");

  ACCSIM_OUTPUT_ADDR = (uint32_t)(uintptr_t)tfl_tensor_data(&g_runtime, g_model.output);
  ACCSIM_OUTPUT_BYTES = g_model.tensors[g_model.output].bytes;
  return 0;
}
