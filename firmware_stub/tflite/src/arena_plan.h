/* The arena half of planning (lifetimes, greedy placement, per-operator data), shared by
 * tfl_plan and tfl_place: it uses each operator's current persistent and scratch sizes. */
#ifndef ACCSIM_TFLITE_ARENA_PLAN_H
#define ACCSIM_TFLITE_ARENA_PLAN_H

#include "accsim_tflite/interpreter.h"

int tfl_plan_arena(TflModel* model, uint32_t arena_size, TflPlan* plan, TflError* error);

#endif
