// Why a target refused a transaction, for the one-line diagnostic of the fault it causes: a
// target that answers with an error response may put a phrase here ("the model region
// 0x41000000-0x41ffffff (workload.model_base) is read-only"). An initiator that reports faults
// attaches one to its payload and clears it before each transaction; targets write it only
// when it is there. Empty: the target gave no reason.
#pragma once

#include <string>
#include <tlm>

namespace accsim {

struct ErrorReason : tlm::tlm_extension<ErrorReason> {
  std::string text;

  tlm::tlm_extension_base* clone() const override { return new ErrorReason(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    text = static_cast<const ErrorReason&>(other).text;
  }
};

}  // namespace accsim
