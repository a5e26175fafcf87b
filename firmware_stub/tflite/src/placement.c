/* Delegation: which backends can run each operator and which one does (docs/models.md,
 * "Accelerators"). Every accelerator the SoC has is checked for every operator, whatever the
 * delegation, so the placement shows all the choices (op->supported) with each refusal's reason,
 * not just the first backend that accepts. Then the rule, written once here, picks one:
 *  - a runtime.placement override names the backend; an accelerator that cannot run the operator
 *    leaves it on the CPU with its reason;
 *  - delegate cpu: the CPU;
 *  - delegate cfu / vta: that accelerator when it supports the operator, else the CPU;
 *  - delegate auto: the CFU when it supports the operator (seed 001's 1x1 convolutions), else the
 *    VTA when it supports it and the operator is large enough to pay for a VTA call (building the
 *    program, the layout conversion and the launch cost ~75-140 k CPU cycles; the CPU needs 5-15
 *    cycles per MAC and ~200 per ADD element): CONV_2D from AUTO_VTA_MIN_MACS MACs, ADD from
 *    AUTO_VTA_MIN_ELEMENTS elements (docs/networks.md measures both sides); else the CPU.
 * Kernels the firmware registered (kernel_registry.h) are offered every operator of their builtin
 * too, after the built-in backends: under auto the first that supports the operator wins over
 * the built-in accelerators (the user registered it to accelerate that operator); a delegation
 * that names one (runtime.delegate "<name>", an override) gets it where it supports the
 * operator, else auto's built-in choice (delegate) or the CPU (override). */
#include <stdio.h>
#include <string.h>

#include "accsim/hw/tflite_delegate.h"
#include "accsim_tflite/interpreter.h"
#include "accsim_tflite/kernel_registry.h"
#include "accsim_tflite/op_kernel.h"
#include "accsim_tflite/schema.h"
#include "arena_plan.h"

#define AUTO_VTA_MIN_MACS 32768
#define AUTO_VTA_MIN_ELEMENTS 1024

static const TflAccelKernel* const* g_accel;
static int g_accel_count;

void tfl_register_accelerators(const TflAccelKernel* const* kernels, int count) {
  g_accel = kernels;
  g_accel_count = count;
}

static const TflAccelKernel* find_accel(int32_t builtin, int backend) {
  for (int i = 0; i < g_accel_count; ++i) {
    if (g_accel[i]->builtin == builtin && g_accel[i]->backend == backend) return g_accel[i];
  }
  return 0;
}

static int present(const TflHardware* hw, int backend) {
  if (backend == TFL_BACKEND_CFU) return hw->cfu == TFL_SOC_CFU_MNV2;
  if (backend == TFL_BACKEND_VTA) return hw->vta != 0;
  return 1;
}

/* One backend's implementation of an operator: what its check chose. */
typedef struct {
  const TflAccelKernel* accel; /* NULL = the CPU's */
  const TflUserKernel* user;   /* a registered kernel's */
  const char* kernel;
  uint32_t persistent_bytes, scratch_bytes;
} Implementation;

static Implementation current(const TflOperator* op, const TflAccelKernel* accel) {
  const Implementation i = {accel, 0, op->kernel, op->persistent_bytes, op->scratch_bytes};
  return i;
}

static void apply(TflOperator* op, const Implementation* i) {
  op->accel = i->accel;
  op->user = i->user;
  op->kernel = i->kernel;
  op->persistent_bytes = i->persistent_bytes;
  op->scratch_bytes = i->scratch_bytes;
}

/* Whether accelerator `backend` (present on the SoC) can run operator `index`: 0 with its
 * implementation in *i, else -1 and `reason` says why. The operator keeps the CPU's fields. */
static int check_backend(TflModel* m, int index, const TflHardware* hw, int backend,
                         Implementation* i, char* reason, int reason_bytes) {
  TflOperator* op = &m->operators[index];
  const TflAccelKernel* k = find_accel(op->builtin, backend);
  if (!k) {
    snprintf(reason, (size_t)reason_bytes, "%s does not run %s",
             tfl_backend_name((uint32_t)backend), tfl_builtin_name(op->builtin));
    return -1;
  }
  /* The accelerators run int8 arithmetic: float32 and 16x8 operators stay on the CPU. */
  const int first_input = op->input_count > 0 ? op->inputs[0] : -1;
  const int in_type = first_input >= 0 ? m->tensors[first_input].type : TFL_TYPE_INT8;
  const int out_type = m->tensors[op->outputs[0]].type;
  if (in_type != TFL_TYPE_INT8 || out_type != TFL_TYPE_INT8) {
    snprintf(reason, (size_t)reason_bytes, "%s: runs int8 operators only (this one is %s -> %s)",
             tfl_backend_name((uint32_t)backend), tfl_type_name(in_type), tfl_type_name(out_type));
    return -1;
  }
  /* The accelerator's check sets the operator's kernel and sizes as the CPU's did. */
  const Implementation cpu = current(op, 0);
  char why[TFL_REASON_BYTES];
  why[0] = 0;
  const int refused = k->check(m, index, hw, why, (int)sizeof(why)) != 0;
  *i = current(op, k);
  apply(op, &cpu);
  if (refused) {
    snprintf(reason, (size_t)reason_bytes, "%s: %s", tfl_backend_name((uint32_t)backend), why);
    return -1;
  }
  return 0;
}

/* auto's size test for the VTA (see the rule above); 0 with the reason when too small. */
static int worth_a_vta_call(const TflModel* m, const TflOperator* op, char* reason,
                            int reason_bytes) {
  if (op->builtin == TFL_OP_CONV_2D && op->macs < AUTO_VTA_MIN_MACS) {
    snprintf(reason, (size_t)reason_bytes,
             "vta: %u MACs are too few to pay for a VTA call (auto uses it from %d)",
             (unsigned)op->macs, AUTO_VTA_MIN_MACS);
    return 0;
  }
  const uint32_t elements = m->tensors[op->outputs[0]].elements;
  if (op->builtin == TFL_OP_ADD && elements < AUTO_VTA_MIN_ELEMENTS) {
    snprintf(reason, (size_t)reason_bytes,
             "vta: %u elements are too few to pay for a VTA call (auto uses it from %d)",
             (unsigned)elements, AUTO_VTA_MIN_ELEMENTS);
    return 0;
  }
  return 1;
}

/* The operator's override (its backend, -1 = none); *name gets the kernel it names (or NULL). */
static int override_for(const TflDelegation* d, int index, const char** name) {
  const TflPlacementOverride* o = (const TflPlacementOverride*)d->overrides;
  *name = 0;
  for (uint32_t i = 0; i < d->override_count; ++i) {
    if ((int)o[i].op_index != index) continue;
    const uint32_t backend = o[i].backend & 0xFFu;
    if (backend == TFL_BACKEND_USER) {
      const uint32_t n = o[i].backend >> 8;
      if (n >= d->kernel_name_count) return -1; /* accsim wrote it: cannot happen */
      *name = d->kernel_names + n * TFL_KERNEL_NAME_BYTES;
    }
    return backend < TFL_BACKEND_COUNT ? (int)backend : -1; /* accsim checked it */
  }
  return -1;
}

static const char* delegate_kernel(const TflDelegation* d) {
  if (d->delegate != TFL_DELEGATE_USER || d->delegate_name < 0 ||
      (uint32_t)d->delegate_name >= d->kernel_name_count) {
    return 0;
  }
  return d->kernel_names + (uint32_t)d->delegate_name * TFL_KERNEL_NAME_BYTES;
}

static int supports(const TflOperator* op, int backend) {
  return (op->supported & TFL_BACKEND_BIT(backend)) != 0;
}

/* The backend the delegation names for the operator: its override, else the delegate's (cpu,
 * cfu or vta); -1 under auto. */
static int named_backend(const TflDelegation* d, const TflOperator* op) {
  if (op->override_backend >= 0) return op->override_backend;
  if (d->delegate == TFL_DELEGATE_CPU) return TFL_BACKEND_CPU;
  if (d->delegate == TFL_DELEGATE_CFU) return TFL_BACKEND_CFU;
  if (d->delegate == TFL_DELEGATE_VTA) return TFL_BACKEND_VTA;
  return -1; /* auto, or a registered kernel's name (chosen in choose()) */
}

/* The rule above, given the backends that support the operator and whether the registered
 * kernel the delegation asks for runs it (user_ok); `note` gets auto's reason for not using an
 * accelerator that supports it (else stays empty). */
static int choose(const TflModel* m, const TflOperator* op, const TflDelegation* d, int user_ok,
                  char* note, int note_bytes) {
  const int named = named_backend(d, op);
  if (named == TFL_BACKEND_USER) return user_ok ? TFL_BACKEND_USER : TFL_BACKEND_CPU;
  if (named >= 0) return supports(op, named) ? named : TFL_BACKEND_CPU;
  /* auto or a kernel's name: the registered kernel the delegation asked for, else auto's. */
  if (user_ok) return TFL_BACKEND_USER;
  if (supports(op, TFL_BACKEND_CFU)) return TFL_BACKEND_CFU;
  if (supports(op, TFL_BACKEND_VTA) && worth_a_vta_call(m, op, note, note_bytes)) {
    return TFL_BACKEND_VTA;
  }
  return TFL_BACKEND_CPU;
}

/* Appends "; part" (or "part" first) to the operator's reason, cut to the record's size. */
static void add_reason(TflOperator* op, const char* part) {
  size_t used = strlen(op->reason);
  if (used > 0 && used + 2 < sizeof(op->reason)) {
    op->reason[used++] = ';';
    op->reason[used++] = ' ';
  }
  while (*part && used + 1 < sizeof(op->reason)) op->reason[used++] = *part++;
  op->reason[used] = 0;
}

/* The registered kernels for the operator's builtin, each asked whether it runs it (refusals
 * join the reason); *i gets the first that does among those `wanted` allows (NULL: any).
 * Returns 0 when one was found. */
static int check_user_kernels(TflModel* m, int index, const char* wanted, Implementation* i) {
  TflOperator* op = &m->operators[index];
  int found = -1;
  for (int k = 0; k < tfl_user_kernel_count(); ++k) {
    const TflUserKernel* u = tfl_user_kernel(k);
    if (u->builtin != op->builtin) continue;
    TflKernelNeeds needs = {0, 0};
    char why[TFL_REASON_BYTES];
    why[0] = 0;
    if (!u->supports(m, index, &needs, why, (int)sizeof(why))) {
      char reason[TFL_REASON_BYTES];
      snprintf(reason, sizeof(reason), "%s: %s", u->name, why[0] ? why : "refused");
      add_reason(op, reason);
      continue;
    }
    op->supported |= TFL_BACKEND_BIT(TFL_BACKEND_USER);
    if (found == 0 || (wanted && strcmp(wanted, u->name) != 0)) continue;
    const Implementation chosen = {0, u, u->name, needs.persistent_bytes, needs.scratch_bytes};
    *i = chosen;
    found = 0;
  }
  return found;
}

/* A kernel name the delegation gives that no registered kernel has: refused (accsim cannot know
 * the firmware's kernels before it runs). */
static int require_registered(const char* name, const char* what, int index, TflError* error) {
  if (!name || tfl_find_user_kernel(name)) return 0;
  char registered[TFL_REASON_BYTES];
  registered[0] = 0;
  for (int k = 0; k < tfl_user_kernel_count(); ++k) {
    const size_t used = strlen(registered);
    snprintf(registered + used, sizeof(registered) - used, "%s%s", k ? ", " : "",
             tfl_user_kernel(k)->name);
  }
  return tfl_fail(error, index,
                  "%s names kernel \"%.23s\", which the firmware did not register (%s%s)", what,
                  name, registered[0] ? "registered: " : "it registered none", registered);
}

int tfl_place(TflModel* m, const TflHardware* hw, const TflDelegation* d, uint32_t arena_size,
              TflPlan* plan, TflError* error) {
  const char* delegate_name = delegate_kernel(d);
  if (require_registered(delegate_name, "runtime.delegate", -1, error) != 0) return -1;
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    TflOperator* op = &m->operators[o];
    Implementation implementations[TFL_BACKEND_COUNT];
    implementations[TFL_BACKEND_CPU] = current(op, 0); /* tfl_plan's check */
    op->supported = TFL_BACKEND_BIT(TFL_BACKEND_CPU);
    const char* override_name;
    op->override_backend = override_for(d, (int)o, &override_name);
    if (require_registered(override_name, "runtime.placement", (int)o, error) != 0) return -1;
    op->reason[0] = 0;
    for (int b = TFL_BACKEND_CPU + 1; b < TFL_BACKEND_USER; ++b) {
      char reason[TFL_REASON_BYTES];
      if (!present(hw, b)) {
        /* An absent accelerator is only worth a word when the delegation names it (accsim
         * refuses that before simulating; this is the firmware's own guard). */
        if (named_backend(d, op) == b) {
          snprintf(reason, sizeof(reason), "the SoC has no %s", tfl_backend_name((uint32_t)b));
          add_reason(op, reason);
        }
      } else if (check_backend(m, (int)o, hw, b, &implementations[b], reason,
                               (int)sizeof(reason)) == 0) {
        op->supported |= TFL_BACKEND_BIT(b);
      } else {
        add_reason(op, reason);
      }
    }
    /* Registered kernels: the one the override names, else the delegate's, else any (auto);
     * eligible when the delegation asks for one (an override, a kernel's name, auto). */
    const char* wanted = op->override_backend == TFL_BACKEND_USER ? override_name : delegate_name;
    const int asked = op->override_backend == TFL_BACKEND_USER ||
                      (op->override_backend < 0 &&
                       (d->delegate == TFL_DELEGATE_AUTO || d->delegate == TFL_DELEGATE_USER));
    const int user_ok =
        check_user_kernels(m, (int)o, wanted, &implementations[TFL_BACKEND_USER]) == 0 && asked;
    char note[TFL_REASON_BYTES];
    note[0] = 0;
    op->backend = choose(m, op, d, user_ok, note, (int)sizeof(note));
    if (note[0]) add_reason(op, note);
    apply(op, &implementations[op->backend]);
  }
  return tfl_plan_arena(m, arena_size, plan, error);
}
