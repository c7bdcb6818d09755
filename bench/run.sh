#!/usr/bin/env bash
# Measures emulated instructions per second (MIPS) and emulated MHz on the CPU benchmark guest,
# median of 5 runs, and appends the results with the machine and commit to bench/RESULTS.md.
#   bench/run.sh [BUILD_DIR]        (default: build; build it first: scripts/build.sh)
# Until the DOS layer runs .COM files through emu86, the guest runs on the machine's test
# harness (tests/machine/guestrun), which boots the same BIOS and machine.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build}
runner="$B/tests/machine/guestrun"
guest="$B/bench/cpubench.bin"
[ -x "$runner" ] && [ -f "$guest" ] || { echo "bench: build first (scripts/build.sh)" >&2; exit 2; }

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

measure() { # label, args... -> prints "label MIPS MHz seconds"
  local label=$1; shift
  local stats times=()
  stats=$("$runner" --stats "$@" "$guest" 2>&1 >/dev/null)
  local insns cycles
  insns=$(echo "$stats" | awk '$1=="instructions"{print $2}')
  cycles=$(echo "$stats" | awk '$1=="cycles"{print $2}')
  for i in 1 2 3 4 5; do
    local t0 t1
    t0=$(date +%s.%N); "$runner" "$@" "$guest" >/dev/null 2>&1; t1=$(date +%s.%N)
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.4f", b-a}')")
  done
  local s
  s=$(printf '%s\n' "${times[@]}" | median)
  awk -v l="$label" -v i="$insns" -v c="$cycles" -v s="$s" \
    'BEGIN{printf "%-22s %8.1f MIPS %8.1f MHz %7.3f s  (%d instructions, %d clocks)\n", l, i/s/1e6, c/s/1e6, s, i, c}'
}

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
{
  echo
  echo "### $(date -u +%Y-%m-%d) commit $commit — $cpu, $(nproc) cores"
  echo '```'
  measure "exact model" --timing exact
  measure "table model" --timing table
  echo '```'
} | tee -a bench/RESULTS.md
