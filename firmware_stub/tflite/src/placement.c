/* Delegation: which backend runs each operator (docs/models.md, "Accelerators"). The rule,
 * written once here:
 *  - a runtime.placement override names the backend; an accelerator that cannot run the operator
 *    leaves it on the CPU with its reason;
 *  - delegate cpu: the CPU;
 *  - delegate cfu / vta: that accelerator when it supports the operator, else the CPU;
 *  - delegate auto: the CFU when it supports the operator (seed 001's 1x1 convolutions), else the
 *    VTA when it supports it and the operator is large enough to pay for a VTA call (building the
 *    program, the layout conversion and the launch cost ~75-140 k CPU cycles; the CPU needs 5-15
 *    cycles per MAC and ~200 per ADD element): CONV_2D from AUTO_VTA_MIN_MACS MACs, ADD from
 *    AUTO_VTA_MIN_ELEMENTS elements (docs/networks.md measures both sides); else the CPU. */
#include <stdio.h>
#include <string.h>

#include "accsim/hw/tflite_delegate.h"
#include "accsim_tflite/interpreter.h"
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

/* 0 with op->accel set when `backend` can run operator `index`; else -1 and `reason` says why. */
static int try_backend(TflModel* m, int index, const TflHardware* hw, int backend, char* reason,
                       int reason_bytes) {
  TflOperator* op = &m->operators[index];
  if (!present(hw, backend)) {
    snprintf(reason, (size_t)reason_bytes, "the SoC has no %s",
             tfl_backend_name((uint32_t)backend));
    return -1;
  }
  const TflAccelKernel* k = find_accel(op->builtin, backend);
  if (!k) {
    snprintf(reason, (size_t)reason_bytes, "%s does not run %s",
             tfl_backend_name((uint32_t)backend), tfl_builtin_name(op->builtin));
    return -1;
  }
  /* The accelerator's check replaces the CPU's sizes and kernel name; keep them to restore. */
  const char* kernel = op->kernel;
  const uint32_t persistent = op->persistent_bytes, scratch = op->scratch_bytes;
  char why[TFL_REASON_BYTES];
  why[0] = 0;
  if (k->check(m, index, hw, why, (int)sizeof(why)) != 0) {
    op->kernel = kernel;
    op->persistent_bytes = persistent;
    op->scratch_bytes = scratch;
    snprintf(reason, (size_t)reason_bytes, "%s: %s", tfl_backend_name((uint32_t)backend), why);
    return -1;
  }
  op->accel = k;
  op->backend = backend;
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

static int override_for(const TflDelegation* d, int index) {
  const TflPlacementOverride* o = (const TflPlacementOverride*)d->overrides;
  for (uint32_t i = 0; i < d->override_count; ++i) {
    if ((int)o[i].op_index == index) return (int)o[i].backend;
  }
  return -1;
}

int tfl_place(TflModel* m, const TflHardware* hw, const TflDelegation* d, uint32_t arena_size,
              TflPlan* plan, TflError* error) {
  for (uint32_t o = 0; o < m->operator_count; ++o) {
    TflOperator* op = &m->operators[o];
    op->accel = 0;
    op->backend = TFL_BACKEND_CPU;
    op->reason[0] = 0;
    const int forced = override_for(d, (int)o);
    int order[2] = {-1, -1};
    if (forced >= 0) {
      order[0] = forced;
    } else if (d->delegate == TFL_DELEGATE_CFU) {
      order[0] = TFL_BACKEND_CFU;
    } else if (d->delegate == TFL_DELEGATE_VTA) {
      order[0] = TFL_BACKEND_VTA;
    } else if (d->delegate == TFL_DELEGATE_AUTO) {
      order[0] = TFL_BACKEND_CFU;
      order[1] = TFL_BACKEND_VTA;
    }
    char reasons[2][TFL_REASON_BYTES];
    int tried = 0, placed = 0;
    for (int i = 0; i < 2 && !placed; ++i) {
      if (order[i] < 0 || order[i] == TFL_BACKEND_CPU) continue;
      /* auto only reports why an accelerator the SoC has was not used. */
      if (forced < 0 && d->delegate == TFL_DELEGATE_AUTO && !present(hw, order[i])) continue;
      placed = try_backend(m, (int)o, hw, order[i], reasons[tried], TFL_REASON_BYTES) == 0;
      if (placed && forced < 0 && d->delegate == TFL_DELEGATE_AUTO && order[i] == TFL_BACKEND_VTA &&
          !worth_a_vta_call(m, op, reasons[tried], TFL_REASON_BYTES)) {
        placed = 0;
        op->accel = 0;
        op->backend = TFL_BACKEND_CPU;
        /* restore the CPU implementation's sizes: check it again */
        op->ops->check(m, (int)o, error);
      }
      if (!placed) ++tried;
    }
    if (!placed && tried > 0) {
      /* "cfu: ...; vta: ...", cut to the record's size. */
      size_t used = 0;
      for (int i = 0; i < tried; ++i) {
        const char* part = reasons[i];
        if (i > 0 && used + 2 < sizeof(op->reason)) {
          op->reason[used++] = ';';
          op->reason[used++] = ' ';
        }
        while (*part && used + 1 < sizeof(op->reason)) op->reason[used++] = *part++;
      }
      op->reason[used] = 0;
    }
  }
  return tfl_plan_arena(m, arena_size, plan, error);
}
