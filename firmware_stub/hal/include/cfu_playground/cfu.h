/* CFU-Playground's `#include "cfu.h"`: its cfu_op0..cfu_op7 names, with accsim's own, are in
 * accsim/cfu.h. This folder is on every firmware target's include path (the firmware SDK's
 * accsim_hal), so code written for CFU-Playground compiles unchanged. */
#ifndef ACCSIM_CFU_PLAYGROUND_CFU_H
#define ACCSIM_CFU_PLAYGROUND_CFU_H

#include "accsim/cfu.h"

#endif
