/* Runs the .tflite model accsim placed in memory (`accsim run --model`), as TFLite Micro runs a
 * model on the board: parse the flatbuffer, check every operator, register the firmware's own
 * kernels (tflite_runner_register_kernels(), accsim_tflite/kernel_registry.h), ask the SoC which
 * accelerators it has and place each operator (runtime.delegate / runtime.placement), plan the
 * tensor arena, prepare every operator, copy the inputs into the input tensors, invoke the graph.
 * With runtime.verify every operator not on the CPU is checked against the CPU's kernel right
 * after it ran; the first differing element stops the run (exit code 3).
 * This is the library accsim::tflite_runner (the SDK's main for model firmware): tflite_runner
 * is it alone, your firmware is it plus your kernels. Each operator's
 * placement goes to accsim (PLACEMENT) before the graph runs. Regions: "setup" (parse, plan,
 * prepare, input copy), "invoke" (the graph) and one "op.NNN.<name>" per operator inside it, whose
 * figures become the op.* statistics. The output tensors' addresses go back to accsim for
 * output.bin, output_1.bin, ... */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "accsim/hw/tflite_delegate.h"
#include "accsim/mnv2_cfu.h"
#include "accsim/sim_control.h"
#include "accsim_tflite/interpreter.h"
#include "accsim_tflite/kernel_registry.h"
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

static int g_verify;
static void fail(const char* step, const TflError* error) __attribute__((noreturn));

static void verify(int index) {
  TflMismatch mismatch;
  if (tfl_verify_op(&g_runtime, index, &mismatch) == 0) return;
  char name[64], where[96];
  int used = 0;
  for (int d = 0; d < mismatch.rank && used < (int)sizeof(where) - 12; ++d) {
    used += snprintf(where + used, sizeof(where) - (size_t)used, d ? ",%d" : "%d",
                     (int)mismatch.coords[d]);
  }
  where[used] = 0;
  const TflOperator* op = &g_model.operators[index];
  printf(
      "tflite_runner: verify: operator %d (%s) on %s (%s): output element %u [%s] is %d, the "
      "cpu reference gives %d\n",
      index, tfl_operator_name(&g_model, index, name, (int)sizeof(name)),
      op->user ? op->user->name : tfl_backend_name((uint32_t)op->backend), op->kernel,
      (unsigned)mismatch.element, where, (int)mismatch.got, (int)mismatch.want);
  accsim_region_end("invoke"); /* a finding, not a crash: the regions close as at the end */
  accsim_exit(3);
}

static void op_end(void* context, int index, const TflOperator* op) {
  (void)context;
  (void)op;
  accsim_region_end(g_region_names[index]);
  /* outside the operator's region: its figures stay the chosen kernel's own */
  if (g_verify) verify(index);
}

/* Firmware without kernels of its own registers none; yours defines this (strong) symbol. */
__attribute__((weak)) void tflite_runner_register_kernels(void) {}

void tflite_runner_add_kernel(const TflUserKernel* kernel) {
  TflError error;
  if (tfl_register_kernel(kernel, &error) != 0) fail("register", &error);
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
  hw->vta_threads = TFL_DELEGATE_VTA_THREADS(delegate) == 1 ? 1 : 2;
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
    snprintf(record.kernel, sizeof(record.kernel), "%s", op->user ? op->user->name : op->kernel);
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
  error.message[0] = 0;
  TflPlan plan;

  accsim_region_begin("setup");
  if (tfl_model_load(&g_model, model, model_bytes, &error) != 0) fail("load", &error);
  if (tfl_plan(&g_model, arena_bytes, &plan, &error) != 0) fail("plan", &error);
  discover_hardware(&g_hw);
  tfl_register_accelerators(tfl_accel_kernels, tfl_accel_kernel_count);
  tflite_runner_register_kernels();
  const uint32_t delegate = ACCSIM_DELEGATE;
  TflDelegation delegation;
  delegation.delegate = TFL_DELEGATE_KIND(delegate);
  delegation.overrides = (const void*)(uintptr_t)ACCSIM_OVERRIDES_ADDR;
  delegation.override_count = ACCSIM_OVERRIDES_COUNT;
  /* The kernel names follow the overrides: a count, then the names (tflite_delegate.h). */
  delegation.kernel_names = 0;
  delegation.kernel_name_count = 0;
  delegation.delegate_name = TFL_DELEGATE_NAME_INDEX(delegate);
  if (delegation.overrides) {
    const uint32_t* names = (const uint32_t*)delegation.overrides + 2 * delegation.override_count;
    delegation.kernel_name_count = names[0];
    delegation.kernel_names = (const char*)(names + 1);
  }
  g_verify = (delegate & TFL_DELEGATE_VERIFY_BIT) != 0;
  if (tfl_place(&g_model, &g_hw, &delegation, arena_bytes, &plan, &error) != 0) {
    fail("place", &error);
  }
  report_placement(&g_model, arena, plan.arena_bytes);
  /* runtime.verify's CPU references, then the VTA operators' work buffers: the arena region
   * beyond the plan. */
  uint32_t used = (plan.arena_bytes + 63u) & ~63u;
  uint32_t verify_bytes = 0;
  if (g_verify) {
    verify_bytes = (tfl_verify_bytes(&g_model, &error) + 63u) & ~63u;
    if (verify_bytes == 0 && error.message[0]) fail("verify", &error);
  }
  const uint32_t verify_at = used;
  used += verify_bytes;
  tfl_accel_attach(&g_hw, arena + used, arena_bytes > used ? arena_bytes - used : 0);
  if (tfl_prepare(&g_runtime, &g_model, arena, g_state_pool, sizeof(g_state_pool), &error) != 0) {
    fail("prepare", &error);
  }
  if (g_verify &&
      tfl_verify_prepare(&g_runtime, arena + verify_at,
                         arena_bytes > verify_at ? arena_bytes - verify_at : 0, &error) != 0) {
    fail("verify", &error);
  }
  name_regions(&g_model);
  /* The inputs from accsim's --input bytes: every input tensor's bytes one after another, in
   * the graph's input order (accsim zero-fills the ones not given); without them, zeros. */
  const uint32_t input_bytes = ACCSIM_INPUT_BYTES;
  uint32_t all_inputs = 0;
  for (int i = 0; i < g_model.input_count; ++i)
    all_inputs += g_model.tensors[g_model.inputs[i]].bytes;
  const uint8_t* given = (const uint8_t*)(uintptr_t)ACCSIM_INPUT_ADDR;
  for (int i = 0; i < g_model.input_count; ++i) {
    const int tensor = g_model.inputs[i];
    uint8_t* data = (uint8_t*)tfl_tensor_data(&g_runtime, tensor);
    const uint32_t bytes = g_model.tensors[tensor].bytes;
    if (input_bytes == all_inputs) {
      memcpy(data, given, bytes);
      given += bytes;
    } else {
      memset(data, 0, bytes);
    }
  }
  accsim_region_end("setup");

  accsim_region_begin("invoke");
  tfl_invoke(&g_runtime, op_begin, op_end, 0);
  accsim_region_end("invoke");

  /* Every graph output, in order: each OUTPUT_BYTES write reports one (output.bin,
   * output_1.bin, ...). */
  for (int i = 0; i < g_model.output_count; ++i) {
    ACCSIM_OUTPUT_ADDR = (uint32_t)(uintptr_t)tfl_tensor_data(&g_runtime, g_model.outputs[i]);
    ACCSIM_OUTPUT_BYTES = g_model.tensors[g_model.outputs[i]].bytes;
  }
  return 0;
}
