#!/usr/bin/env bash
# fresh_machine_check.sh [DIR]
# The README's promise on a fresh Debian 12: a minimal bookworm (debootstrap --variant=minbase)
# in DIR (default /var/tmp/accsim-fresh), a clone of this repository's HEAD in it, ../shared
# beside the clone (read-only), and the README's two commands run there as root with a clean
# environment: scripts/build-and-run.sh, then scripts/test.sh. Catches what a green CI on a
# machine with hand-installed packages hides (numpy, flatbuffers, zlib1g-dev did). Needs root,
# debootstrap and Debian's mirror; takes ~15 min for the system and its packages plus a cold
# build (set ACCSIM_FRESH_CCACHE=1 to lend the chroot this machine's ccache) and the suite.
# Logs: DIR/build-and-run.log, DIR/test.log. Exit 0 when both commands pass.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-/var/tmp/accsim-fresh}
root=$dir/root
[[ $(id -u) -eq 0 ]] || { echo "fresh_machine_check: needs root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "fresh_machine_check: apt-get install debootstrap" >&2; exit 2; }

mounts=()
cleanup() {
  for ((i = ${#mounts[@]} - 1; i >= 0; --i)); do umount -l "${mounts[$i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
bind() {  # bind SOURCE TARGET [ro]
  mkdir -p "$2"
  mount --bind "$1" "$2"
  mounts+=("$2")
  [[ ${3:-} != ro ]] || mount -o remount,bind,ro "$2"
}

if [[ ! -x $root/usr/bin/apt-get ]]; then
  echo "fresh_machine_check: debootstrap bookworm (minbase) into $root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian > "$dir.debootstrap.log"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc" && mounts+=("$root/proc")
bind /dev "$root/dev"
bind /sys "$root/sys"
[[ -d $src/../shared ]] && bind "$src/../shared" "$root/work/shared" ro
if [[ ${ACCSIM_FRESH_CCACHE:-0} == 1 ]]; then
  bind "${CCACHE_DIR:-$HOME/.cache/ccache}" "$root/root/.cache/ccache"
fi
rm -rf "$root/work/main"
git clone -q "$src" "$root/work/main"
echo "fresh_machine_check: $(git -C "$root/work/main" log --oneline -1)"

in_chroot() {
  chroot "$root" env -i HOME=/root TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    bash -c "cd /work/main && $1"
}
status=0
echo "fresh_machine_check: scripts/build-and-run.sh (log $dir/build-and-run.log)"
in_chroot scripts/build-and-run.sh > "$dir/build-and-run.log" 2>&1 || status=$?
head -1 "$dir/build-and-run.log"
if grep -q Traceback "$dir/build-and-run.log"; then
  echo "fresh_machine_check: FAIL: a Python traceback in build-and-run.log" >&2
  status=1
fi
if [[ $status -ne 0 ]]; then
  tail -20 "$dir/build-and-run.log"
  echo "fresh_machine_check: FAIL: scripts/build-and-run.sh exited $status" >&2
  exit 1
fi
echo "fresh_machine_check: scripts/test.sh (log $dir/test.log)"
in_chroot scripts/test.sh > "$dir/test.log" 2>&1 || status=$?
grep -E "tests passed|tests failed" "$dir/test.log" || true
[[ $status -eq 0 ]] || { echo "fresh_machine_check: FAIL: scripts/test.sh exited $status" >&2; exit 1; }
echo "fresh_machine_check: ok"
