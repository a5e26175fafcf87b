// The accsim process exit codes (documented in README.md and `accsim --help`).
#pragma once

namespace accsim::cli {
constexpr int kExitOk = 0;
constexpr int kExitSimulationFailure = 1;  // firmware failed, trapped, hung, or exited non-zero
constexpr int kExitUsageError = 2;         // bad command line or bad configuration
// timing-check: the model and the RTL disagree functionally (exit code, console, output.bin),
// or a run did not finish. (Its exit 1 is a timing error over the budget.)
constexpr int kExitMismatch = 3;
constexpr int kExitInterrupted = 130;  // a run or sweep stopped by Ctrl-C/SIGTERM (as a shell)
}  // namespace accsim::cli
