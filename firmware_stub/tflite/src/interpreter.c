#include "accsim_tflite/interpreter.h"

#include "accsim/hw/tflite_delegate.h"
#include "accsim_tflite/kernel_registry.h"
#include "accsim_tflite/op_kernel.h"
#include "accsim_tflite/schema.h"
#include "arena_plan.h"

static uint64_t align_up(uint64_t value) {
  return (value + TFL_ARENA_ALIGNMENT - 1) & ~(uint64_t)(TFL_ARENA_ALIGNMENT - 1);
}

/* Every non-constant tensor lives from the operator that writes it (graph inputs: from before the
 * first operator) to the last operator that reads it (graph outputs: to the end). */
static int compute_lifetimes(TflModel* m, TflError* error) {
  for (uint32_t t = 0; t < m->tensor_count; ++t)
    m->tensors[t].first_op = m->tensors[t].last_op = -1;
  for (int i = 0; i < m->input_count; ++i) {
    TflTensor* t = &m->tensors[m->inputs[i]];
    if (t->data)
      return tfl_fail(error, -1, "graph input tensor %d has constant data", m->inputs[i]);
    t->first_op = t->last_op = 0;
  }
  /* Variable tensors (recurrent state) are read before anything writes them: they live from the
   * first operator to the last. */
  for (uint32_t t = 0; t < m->tensor_count; ++t) {
    TflTensor* tensor = &m->tensors[t];
    if (tensor->is_variable && !tensor->data) {
      tensor->first_op = 0;
      tensor->last_op = (int)m->operator_count - 1;
    }
  }
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    const TflOperator* op = &m->operators[o];
    for (int i = 0; i < op->input_count; ++i) {
      if (op->inputs[i] < 0) continue;
      TflTensor* t = &m->tensors[op->inputs[i]];
      if (t->data) continue;
      if (t->first_op < 0) {
        return tfl_fail(error, (int)o, "input tensor %d is read before any operator writes it",
                        op->inputs[i]);
      }
      t->last_op = (int)o;
    }
    TflTensor* out = &m->tensors[op->outputs[0]];
    if (out->data)
      return tfl_fail(error, (int)o, "output tensor %d has constant data", op->outputs[0]);
    if (out->first_op >= 0) {
      return tfl_fail(error, (int)o, "output tensor %d is written twice", op->outputs[0]);
    }
    out->first_op = out->last_op = (int)o;
  }
  for (int i = 0; i < m->output_count; ++i) {
    TflTensor* output = &m->tensors[m->outputs[i]];
    if (output->first_op < 0 && !output->data) {
      return tfl_fail(error, -1, "graph output tensor %d is never written", m->outputs[i]);
    }
    if (!output->data) output->last_op = (int)m->operator_count - 1;
  }
  return 0;
}

/* One block to place: a tensor or an operator's scratch, with its lifetime. */
typedef struct {
  uint32_t bytes;
  int first, last;
  uint32_t* offset;
} Block;

static Block g_blocks[TFL_MAX_TENSORS + TFL_MAX_OPERATORS];

static int overlaps(const Block* a, const Block* b) {
  return a->first <= b->last && b->first <= a->last;
}

/* TFLite Micro's greedy planner idea: largest blocks first, each at the lowest offset where it
 * does not collide with an already placed block whose lifetime overlaps. Deterministic: ties keep
 * graph order. Returns the peak (64-bit: the caller refuses a peak beyond the arena). */
static uint64_t place_blocks(Block* blocks, int count) {
  /* Insertion sort by size, descending, stable (a few hundred blocks). */
  for (int i = 1; i < count; ++i) {
    const Block b = blocks[i];
    int j = i - 1;
    while (j >= 0 && blocks[j].bytes < b.bytes) {
      blocks[j + 1] = blocks[j];
      --j;
    }
    blocks[j + 1] = b;
  }
  uint64_t peak = 0;
  for (int i = 0; i < count; ++i) {
    uint64_t candidate = 0;
    const uint64_t size = align_up(blocks[i].bytes);
    int moved = 1;
    while (moved) { /* raise the candidate past every colliding placed block until none collides */
      moved = 0;
      for (int j = 0; j < i; ++j) {
        if (!overlaps(&blocks[i], &blocks[j])) continue;
        const uint64_t start = *blocks[j].offset;
        const uint64_t end = start + align_up(blocks[j].bytes);
        if (candidate < end && start < candidate + size) {
          candidate = end;
          moved = 1;
        }
      }
    }
    /* Offsets are 32-bit: a plan past 4 GiB is refused by the arena check before use. */
    *blocks[i].offset = candidate > 0xFFFFFFF0u ? 0xFFFFFFF0u : (uint32_t)candidate;
    if (candidate + size > peak) peak = candidate + size;
  }
  return peak;
}

/* What every supported operator needs of its operands before its own check: counts the
 * interpreter holds and known shapes (checked here, operator by operator in graph order, so the
 * first operator that cannot run is the one a refusal names). */
static int check_operands(const TflModel* m, int o, TflError* error) {
  const TflOperator* op = &m->operators[o];
  if (op->output_count != 1) {
    return tfl_fail(error, o, "has %d outputs; the interpreter runs single-output operators",
                    op->output_count);
  }
  if (op->input_count > TFL_MAX_OP_INPUTS) {
    return tfl_fail(error, o, "has %d inputs; the interpreter holds at most %d", op->input_count,
                    TFL_MAX_OP_INPUTS);
  }
  for (int i = 0; i <= op->input_count; ++i) {
    const int t = i < op->input_count ? op->inputs[i] : op->outputs[0];
    if (t >= 0 && m->tensors[t].unknown_shape) {
      return tfl_fail(error, o,
                      "tensor %d has a dimension <= 0 (dynamic or empty shapes are not "
                      "supported)",
                      t);
    }
  }
  return 0;
}

int tfl_plan(TflModel* m, uint32_t arena_size, TflPlan* plan, TflError* error) {
  plan->tensor_bytes = plan->persistent_bytes = plan->arena_bytes = 0;
  plan->macs = 0;
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    TflOperator* op = &m->operators[o];
    op->ops = tfl_find_op_kernel_for(m, (int)o);
    if (!op->ops) {
      return tfl_fail(error, (int)o,
                      "operator not supported by accsim's interpreter (supported: %s)",
                      tfl_supported_ops());
    }
    if (check_operands(m, (int)o, error) != 0) return -1;
    op->kernel = "reference";
    op->macs = 0;
    op->persistent_bytes = op->scratch_bytes = 0;
    if (op->ops->check(m, (int)o, error) != 0) {
      error->operator_index = (int)o;
      return -1;
    }
    op->accel = 0;
    op->user = 0;
    op->backend = TFL_BACKEND_CPU;
    op->supported = TFL_BACKEND_BIT(TFL_BACKEND_CPU); /* its check passed */
    op->override_backend = -1;
    op->reason[0] = 0;
    plan->macs += op->macs;
  }
  return tfl_plan_arena(m, arena_size, plan, error);
}

int tfl_plan_arena(TflModel* m, uint32_t arena_size, TflPlan* plan, TflError* error) {
  plan->tensor_bytes = plan->persistent_bytes = plan->arena_bytes = 0;
  for (int i = 0; i < m->input_count; ++i) {
    const TflTensor* t = &m->tensors[m->inputs[i]];
    /* The operators that read an input check its type; these are the types an input can
     * arrive in (uint8 camera pixels and float32 samples meet a QUANTIZE first). */
    if (t->type != TFL_TYPE_INT8 && t->type != TFL_TYPE_UINT8 && t->type != TFL_TYPE_FLOAT32 &&
        t->type != TFL_TYPE_INT16) {
      return tfl_fail(error, -1,
                      "graph input tensor %d is %s; inputs must be int8, uint8, int16 or float32",
                      m->inputs[i], tfl_type_name(t->type));
    }
  }
  for (int i = 0; i < m->input_count; ++i) {
    if (m->tensors[m->inputs[i]].unknown_shape) {
      return tfl_fail(error, -1, "graph input tensor %d has a dimension <= 0", m->inputs[i]);
    }
  }
  for (int i = 0; i < m->output_count; ++i) {
    if (m->tensors[m->outputs[i]].unknown_shape) {
      return tfl_fail(error, -1, "graph output tensor %d has a dimension <= 0", m->outputs[i]);
    }
  }
  if (compute_lifetimes(m, error) != 0) return -1;

  int count = 0;
  for (uint32_t t = 0; t < m->tensor_count; ++t) {
    TflTensor* tensor = &m->tensors[t];
    tensor->arena_offset = 0;
    if (tensor->data || tensor->first_op < 0) continue;
    const Block b = {tensor->bytes, tensor->first_op, tensor->last_op, &tensor->arena_offset};
    g_blocks[count++] = b;
  }
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    TflOperator* op = &m->operators[o];
    op->scratch_offset = 0;
    if (op->scratch_bytes == 0) continue;
    const Block b = {op->scratch_bytes, (int)o, (int)o, &op->scratch_offset};
    g_blocks[count++] = b;
  }
  const uint64_t peak = place_blocks(g_blocks, count);
  if (peak > arena_size) {
    return tfl_fail(error, -1,
                    "the tensor arena needs at least %llu bytes for tensors and scratch "
                    "but the arena region holds %u",
                    (unsigned long long)peak, (unsigned)arena_size);
  }
  plan->tensor_bytes = (uint32_t)peak;
  uint64_t offset = plan->tensor_bytes;
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    TflOperator* op = &m->operators[o];
    op->persistent_offset = (uint32_t)offset;
    offset += align_up(op->persistent_bytes);
    if (offset > 0xFFFFFFF0u) return tfl_fail(error, (int)o, "arena needs more than 4 GiB");
  }
  plan->persistent_bytes = (uint32_t)offset - plan->tensor_bytes;
  plan->arena_bytes = (uint32_t)offset;
  if (plan->arena_bytes > arena_size) {
    return tfl_fail(error, -1,
                    "the tensor arena needs %u bytes (%u for tensors and scratch, %u "
                    "for operator data) but the arena region holds %u",
                    (unsigned)plan->arena_bytes, (unsigned)plan->tensor_bytes,
                    (unsigned)plan->persistent_bytes, (unsigned)arena_size);
  }
  return 0;
}

void* tfl_tensor_data(const TflRuntime* rt, int tensor) {
  if (tensor < 0) return 0;
  const TflTensor* t = &rt->model->tensors[tensor];
  if (t->data) return (void*)t->data;
  return rt->arena + t->arena_offset;
}

void* tfl_state_alloc(TflRuntime* rt, uint32_t bytes) {
  const uint32_t start = (rt->state_pool_used + 7u) & ~7u;
  if (start > rt->state_pool_bytes || bytes > rt->state_pool_bytes - start) return 0;
  rt->state_pool_used = start + bytes;
  return rt->state_pool + start;
}

int tfl_prepare(TflRuntime* rt, TflModel* model, uint8_t* arena, uint8_t* state_pool,
                uint32_t state_pool_bytes, TflError* error) {
  rt->model = model;
  rt->arena = arena;
  rt->state_pool = state_pool;
  rt->state_pool_bytes = state_pool_bytes;
  rt->state_pool_used = 0;
  /* TFLite Micro's ResetVariableTensors: int8 state starts at its zero point, the rest at 0. */
  for (uint32_t t = 0; t < model->tensor_count; ++t) {
    const TflTensor* tensor = &model->tensors[t];
    if (!tensor->is_variable || tensor->data || tensor->first_op < 0) continue;
    const uint8_t fill = tensor->type == TFL_TYPE_INT8 ? (uint8_t)tensor->zero_point : 0;
    uint8_t* bytes = arena + tensor->arena_offset;
    for (uint32_t i = 0; i < tensor->bytes; ++i) bytes[i] = fill;
  }
  for (uint32_t o = 0; o < model->operator_count; ++o) {
    rt->op_state[o] = 0;
    const TflOperator* op = &model->operators[o];
    int failed;
    if (op->user) {
      failed = op->user->prepare ? op->user->prepare(rt, (int)o, error) : 0;
    } else if (op->accel) {
      failed = op->accel->prepare(rt, (int)o, error);
    } else {
      failed = op->ops->prepare(rt, (int)o, error);
    }
    if (failed != 0) {
      error->operator_index = (int)o;
      return -1;
    }
  }
  return 0;
}

void tfl_invoke(TflRuntime* rt, TflOpHook before, TflOpHook after, void* context) {
  const TflModel* m = rt->model;
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    const TflOperator* op = &m->operators[o];
    if (before) before(context, (int)o, op);
    if (op->user) {
      op->user->eval(rt, (int)o);
    } else if (op->accel) {
      op->accel->eval(rt, (int)o);
    } else {
      op->ops->eval(rt, (int)o);
    }
    if (after) after(context, (int)o, op);
  }
}

const char* tfl_op_stat_name(int32_t builtin) {
  const TflOpKernel* k = tfl_find_op_kernel(builtin);
  return k ? k->name : 0;
}
