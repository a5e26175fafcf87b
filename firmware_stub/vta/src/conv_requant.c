/* CONV2D's requantisation chain on the ALU (the chain itself: accsim_kernels/vta_rq_plan.h). */
#include "accsim_vta/vta_conv2d.h"

int vta_conv_requant_plan(const ConvParams* p, vta_rq_plan_t* plan) {
  if (p->output_offset < -32768 || p->output_offset > 32767 || p->act_min < -128 ||
      p->act_max > 127 || p->act_min > p->act_max) {
    return VTA_ERR_ARGUMENT;
  }
  vta_rq_exact_plan(p->output_offset, p->act_min, p->act_max, plan);
  return VTA_OK;
}
