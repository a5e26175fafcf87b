/* The registry of the firmware's own kernels, their operand helpers and runtime.verify's CPU
 * reference (accsim_tflite/kernel_registry.h). Placement (placement.c) offers operators to the
 * registered kernels; this file only keeps them and checks what is registered. */
#include "accsim_tflite/kernel_registry.h"

#include <string.h>

#include "../ops/conv_2d_common.h"
#include "accsim_tflite/op_kernel.h"

static const TflUserKernel* g_kernels[TFL_MAX_USER_KERNELS];
static int g_count;

static int valid_name(const char* name) {
  if (!name || !(name[0] >= 'a' && name[0] <= 'z')) return 0;
  size_t n = 0;
  for (; name[n]; ++n) {
    const char c = name[n];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return 0;
  }
  /* the built-in backends' names and auto are runtime.delegate's own words */
  const char* reserved[] = {"cpu", "cfu", "vta", "auto", "user"};
  for (unsigned i = 0; i < sizeof(reserved) / sizeof(reserved[0]); ++i) {
    if (strcmp(name, reserved[i]) == 0) return 0;
  }
  return n < TFL_KERNEL_NAME_BYTES;
}

int tfl_register_kernel(const TflUserKernel* k, TflError* error) {
  if (!k) return tfl_fail(error, -1, "tfl_register_kernel: no kernel");
  if (!valid_name(k->name)) {
    return tfl_fail(error, -1,
                    "tfl_register_kernel: bad name \"%.40s\" ([a-z][a-z0-9_]*, at most %d "
                    "characters, not cpu, cfu, vta, auto or user)",
                    k->name ? k->name : "(null)", TFL_KERNEL_NAME_BYTES - 1);
  }
  if (!k->supports || !k->eval) {
    return tfl_fail(error, -1, "tfl_register_kernel: kernel %s lacks supports() or eval()",
                    k->name);
  }
  if (!tfl_find_op_kernel(k->builtin)) {
    return tfl_fail(error, -1,
                    "tfl_register_kernel: kernel %s is for builtin %d (%s), which the "
                    "interpreter does not run (supported: %s)",
                    k->name, (int)k->builtin, tfl_builtin_name(k->builtin), tfl_supported_ops());
  }
  if (tfl_find_user_kernel(k->name)) {
    return tfl_fail(error, -1, "tfl_register_kernel: a kernel named %s is registered already",
                    k->name);
  }
  if (g_count == TFL_MAX_USER_KERNELS) {
    return tfl_fail(error, -1, "tfl_register_kernel: %s: the registry holds %d kernels", k->name,
                    TFL_MAX_USER_KERNELS);
  }
  g_kernels[g_count++] = k;
  return 0;
}

int tfl_user_kernel_count(void) { return g_count; }
const TflUserKernel* tfl_user_kernel(int i) { return i >= 0 && i < g_count ? g_kernels[i] : 0; }

const TflUserKernel* tfl_find_user_kernel(const char* name) {
  for (int i = 0; i < g_count; ++i) {
    if (strncmp(g_kernels[i]->name, name, TFL_KERNEL_NAME_BYTES) == 0) return g_kernels[i];
  }
  return 0;
}

void tfl_clear_user_kernels(void) { g_count = 0; }

int tfl_conv_2d_geometry(const TflModel* cm, int index, ConvParams* p, TflError* error) {
  TflModel* m = (TflModel*)cm; /* the ops' helpers take the model writable; these only read */
  if (m->operators[index].builtin != TFL_OP_CONV_2D) {
    return tfl_fail(error, index, "tfl_conv_2d_geometry: not a CONV_2D");
  }
  ConvGeometry g;
  if (conv2d_geometry(m, index, &g, error) != 0) return -1;
  conv2d_params(m, index, &g, p);
  op_activation_range(g.activation, op_output(m, index), &p->act_min, &p->act_max);
  p->output_multiplier = p->output_shift = 0;
  return 0;
}

int tfl_conv_2d_params(const TflModel* cm, int index, ConvParams* p, int32_t* multipliers,
                       int32_t* shifts, TflError* error) {
  TflModel* m = (TflModel*)cm;
  if (tfl_conv_2d_geometry(cm, index, p, error) != 0) return -1;
  ConvGeometry g;
  conv2d_geometry(m, index, &g, error);
  conv2d_quantization(m, index, &g, multipliers, shifts, p);
  return 0;
}

/* runtime.verify. The CPU reference of operator i runs with its own prepared state
 * (g_ref_state), its own persistent block, a scratch block and a shadow output shared by all
 * operators (one runs at a time), all in the memory tfl_verify_prepare() is given. While it runs
 * the operator's fields and its output tensor's offset are switched to the reference's and back,
 * so the chosen kernel's own state is untouched. */
static void* g_ref_state[TFL_MAX_OPERATORS];
static uint32_t g_ref_persistent[TFL_MAX_OPERATORS];
static uint32_t g_ref_persistent_bytes[TFL_MAX_OPERATORS];
static uint32_t g_ref_scratch_bytes[TFL_MAX_OPERATORS];
static const char* g_ref_kernel[TFL_MAX_OPERATORS];
static uint32_t g_shadow_offset, g_scratch_offset;
static int g_verify_ready;

typedef struct {
  const TflAccelKernel* accel;
  const TflUserKernel* user;
  const char* kernel;
  uint64_t macs;
  uint32_t persistent_bytes, scratch_bytes, persistent_offset, scratch_offset;
  uint32_t output_offset;
} OpFields;

static OpFields save(const TflModel* m, const TflOperator* op) {
  const OpFields f = {op->accel,
                      op->user,
                      op->kernel,
                      op->macs,
                      op->persistent_bytes,
                      op->scratch_bytes,
                      op->persistent_offset,
                      op->scratch_offset,
                      m->tensors[op->outputs[0]].arena_offset};
  return f;
}

static void restore(TflModel* m, TflOperator* op, const OpFields* f) {
  op->accel = f->accel;
  op->user = f->user;
  op->kernel = f->kernel;
  op->macs = f->macs;
  op->persistent_bytes = f->persistent_bytes;
  op->scratch_bytes = f->scratch_bytes;
  op->persistent_offset = f->persistent_offset;
  op->scratch_offset = f->scratch_offset;
  m->tensors[op->outputs[0]].arena_offset = f->output_offset;
}

static int elsewhere(const TflOperator* op) { return op->accel != 0 || op->user != 0; }

/* The CPU check of an operator placed elsewhere: its kernel and sizes in the operator's fields
 * (the caller restores them). */
static int cpu_check(TflModel* m, int index, TflError* error) {
  TflOperator* op = &m->operators[index];
  op->accel = 0;
  op->user = 0;
  op->kernel = "reference";
  op->macs = 0;
  op->persistent_bytes = op->scratch_bytes = 0;
  if (op->ops->check(m, index, error) != 0) {
    error->operator_index = index;
    return -1;
  }
  return 0;
}

static uint32_t align16(uint32_t v) { return (v + 15u) & ~15u; }

/* The CPU references' sizes for every operator placed elsewhere: 0 with *needed, or -1. */
static int verify_sizes(TflModel* m, uint32_t* needed, TflError* error) {
  uint32_t shadow = 0, scratch = 0, persistent = 0;
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    TflOperator* op = &m->operators[o];
    if (!elsewhere(op)) continue;
    const OpFields f = save(m, op);
    const int failed = cpu_check(m, (int)o, error);
    g_ref_persistent_bytes[o] = op->persistent_bytes;
    g_ref_scratch_bytes[o] = op->scratch_bytes;
    g_ref_kernel[o] = op->kernel;
    restore(m, op, &f);
    if (failed) return -1;
    const uint32_t out = m->tensors[op->outputs[0]].bytes;
    if (out > shadow) shadow = out;
    if (g_ref_scratch_bytes[o] > scratch) scratch = g_ref_scratch_bytes[o];
    persistent += align16(g_ref_persistent_bytes[o]);
  }
  *needed = align16(shadow) + align16(scratch) + persistent;
  return 0;
}

uint32_t tfl_verify_bytes(TflModel* m, TflError* error) {
  uint32_t needed = 0;
  return verify_sizes(m, &needed, error) == 0 ? needed : 0;
}

int tfl_verify_prepare(TflRuntime* rt, uint8_t* memory, uint32_t bytes, TflError* error) {
  TflModel* m = rt->model;
  g_verify_ready = 0;
  uint32_t needed = 0;
  if (verify_sizes(m, &needed, error) != 0) return -1;
  if (memory < rt->arena || needed > bytes) {
    return tfl_fail(error, -1,
                    "runtime.verify needs %u bytes of the arena region beyond the plan but %u "
                    "are free (raise workload.arena_size)",
                    (unsigned)needed, memory < rt->arena ? 0u : (unsigned)bytes);
  }
  const uint32_t base = (uint32_t)(memory - rt->arena);
  uint32_t shadow = 0, scratch = 0;
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    const TflOperator* op = &m->operators[o];
    if (!elsewhere(op)) continue;
    if (m->tensors[op->outputs[0]].bytes > shadow) shadow = m->tensors[op->outputs[0]].bytes;
    if (g_ref_scratch_bytes[o] > scratch) scratch = g_ref_scratch_bytes[o];
  }
  g_shadow_offset = base;
  g_scratch_offset = base + align16(shadow);
  uint32_t next = g_scratch_offset + align16(scratch);
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    TflOperator* op = &m->operators[o];
    g_ref_state[o] = 0;
    if (!elsewhere(op)) continue;
    const OpFields f = save(m, op);
    void* state = rt->op_state[o];
    int failed = cpu_check(m, (int)o, error);
    if (!failed) {
      op->persistent_offset = next;
      op->scratch_offset = g_scratch_offset;
      m->tensors[op->outputs[0]].arena_offset = g_shadow_offset;
      rt->op_state[o] = 0;
      failed = op->ops->prepare(rt, (int)o, error);
      g_ref_state[o] = rt->op_state[o];
      g_ref_persistent[o] = next;
      next += align16(op->persistent_bytes);
    }
    rt->op_state[o] = state;
    restore(m, op, &f);
    if (failed) {
      error->operator_index = (int)o;
      return -1;
    }
  }
  g_verify_ready = 1;
  return 0;
}

static int32_t element(const TflTensor* t, const uint8_t* data, uint32_t i) {
  switch (t->type) {
    case TFL_TYPE_INT8:
      return (int8_t)data[i];
    case TFL_TYPE_UINT8:
      return data[i];
    case TFL_TYPE_INT16: {
      int16_t v;
      memcpy(&v, data + 2 * i, 2);
      return v;
    }
    default: { /* int32 and float32: compared as their bits */
      int32_t v;
      memcpy(&v, data + 4 * i, 4);
      return v;
    }
  }
}

int tfl_verify_op(TflRuntime* rt, int index, TflMismatch* mismatch) {
  TflModel* m = rt->model;
  TflOperator* op = &m->operators[index];
  if (!g_verify_ready || !elsewhere(op)) return 0;
  const OpFields f = save(m, op);
  void* state = rt->op_state[index];
  op->accel = 0;
  op->user = 0;
  op->kernel = g_ref_kernel[index];
  op->persistent_bytes = g_ref_persistent_bytes[index];
  op->scratch_bytes = g_ref_scratch_bytes[index];
  op->persistent_offset = g_ref_persistent[index];
  op->scratch_offset = g_scratch_offset;
  m->tensors[op->outputs[0]].arena_offset = g_shadow_offset;
  rt->op_state[index] = g_ref_state[index];
  op->ops->eval(rt, index);
  rt->op_state[index] = state;
  restore(m, op, &f);

  const TflTensor* out = &m->tensors[op->outputs[0]];
  const uint8_t* got = (const uint8_t*)tfl_tensor_data(rt, op->outputs[0]);
  const uint8_t* want = rt->arena + g_shadow_offset;
  if (memcmp(got, want, out->bytes) == 0) return 0;
  const uint32_t size = out->elements ? out->bytes / out->elements : 1;
  uint32_t i = 0;
  while (i + 1 < out->elements && memcmp(got + i * size, want + i * size, size) == 0) ++i;
  mismatch->op_index = index;
  mismatch->element = i;
  mismatch->got = element(out, got, i);
  mismatch->want = element(out, want, i);
  mismatch->rank = out->rank;
  uint32_t rest = i;
  for (int d = out->rank - 1; d >= 0; --d) {
    const uint32_t dim = out->dims[d] > 0 ? (uint32_t)out->dims[d] : 1;
    mismatch->coords[d] = (int32_t)(rest % dim);
    rest /= dim;
  }
  return 1;
}
