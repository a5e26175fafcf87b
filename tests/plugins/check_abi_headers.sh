#!/usr/bin/env bash
# check_abi_headers.sh CXX RECORD HEADER...: fails when the code of the headers a plug-in
# compiles against (comments and white space aside) no longer has the hash RECORD holds, so
# that no change to them reaches users without a decision about the plug-in ABI.
set -euo pipefail
cxx=$1 record=$2
shift 2
actual=$(for header in "$@"; do
  "$cxx" -fpreprocessed -dD -E -P -w "$header" | tr -d '[:space:]'
done | sha256sum | cut -d' ' -f1)
expected=$(grep -v '^#' "$record" | tr -d '[:space:]')
if [[ $actual != "$expected" ]]; then
  cat <<MSG
FAIL: the plug-in API headers changed (code, not comments): hash $actual, recorded $expected.
If a plug-in built before the change could misbehave with it (a member, a virtual function,
a signature, a type or the meaning of a call changed), bump kAbi in models/contract/accsim_plugin.h.
Either way, record the new hash in $record.
MSG
  exit 1
fi
