#!/usr/bin/env bash
# Measures emulated instructions per second (MIPS) and emulated MHz on the CPU benchmark guest
# (bench/cpubench.asm), median of 5 runs each, and appends the results with the machine and
# commit to bench/RESULTS.md:
#   - the CPU alone (tests/machine/guestrun on the flat image), exact and table models;
#   - emu86 on the DOS .COM: plain, with --profil (default grain), with --profil --grain 60,
#     with --exact-profile, each with its overhead against plain;
#   - start-up: emu86 running a 5-byte program that exits at once (median of 5 rounds of 40).
#   bench/run.sh [BUILD_DIR]        (default: build; build it first: scripts/build.sh)
# A measurement, not a test: nothing in ctest depends on the host's speed.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build}
runner="$B/tests/machine/guestrun"
guest="$B/bench/cpubench.bin"
emu86="$B/emu86"
com="$B/bench/cpubench.com"
for f in "$runner" "$guest" "$emu86" "$com"; do
  [ -e "$f" ] || { echo "bench: $f is missing: build first (scripts/build.sh)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }

# seconds PROGRAM ARGS...: median wall time of 5 runs (output to /dev/null, in $tmp)
seconds() {
  local times=() t0 t1
  for i in 1 2 3 4 5; do
    t0=$(now); (cd "$tmp" && "$@" >/dev/null 2>&1 </dev/null); t1=$(now)
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.4f", b-a}')")
  done
  printf '%s\n' "${times[@]}" | median
}

# measure LABEL PROGRAM ARGS...: "label MIPS MHz seconds"; the run's counts from --stats
measure() {
  local label=$1; shift
  local stats insns cycles s
  stats=$(cd "$tmp" && "$1" --stats "${@:2}" 2>&1 >/dev/null </dev/null)
  insns=$(echo "$stats" | awk '$1=="instructions"{print $2}')
  cycles=$(echo "$stats" | awk '$1=="cycles"{print $2}')
  s=$(seconds "$@")
  echo "$s" >"$tmp/last"
  awk -v l="$label" -v i="$insns" -v c="$cycles" -v s="$s" \
    'BEGIN{printf "%-26s %8.1f MIPS %8.1f MHz %7.3f s  (%d instructions, %d clocks)", l, i/s/1e6, c/s/1e6, s, i, c}'
}

# overhead against the plain emu86 run
overhead() { awk -v s="$(cat "$tmp/last")" -v p="$plain" 'BEGIN{printf "  %+.1f%%\n", (s / p - 1) * 100}'; }

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
runner=$(abs "$runner") guest=$(abs "$guest") emu86=$(abs "$emu86") com=$(abs "$com")
printf '\xb8\x00\x4c\xcd\x21' >"$tmp/exit.com"   # mov ax, 4C00h; int 21h
{
  echo
  echo "### $(date -u +%Y-%m-%d) commit $commit — $cpu, $(nproc) cores"
  echo '```'
  measure "CPU alone, exact model" "$runner" --timing exact "$guest"; echo
  measure "CPU alone, table model" "$runner" --timing table "$guest"; echo
  measure "emu86 (exact)" "$emu86" "$com"; echo
  plain=$(cat "$tmp/last")
  measure "emu86 --profil" "$emu86" --profil=b.PRF "$com"; overhead
  measure "emu86 --profil --grain 60" "$emu86" --profil=b.PRF --grain 60 "$com"; overhead
  measure "emu86 --exact-profile" "$emu86" --exact-profile=b.cg "$com"; overhead
  # 5 rounds of 40 runs; the mean of a round, the median of the rounds (no timer process
  # inside a round, so only emu86's own start and end are measured)
  rounds=()
  for r in 1 2 3 4 5; do
    t0=$(now)
    for i in $(seq 40); do "$emu86" "$tmp/exit.com" >/dev/null 2>&1 </dev/null; done
    t1=$(now)
    rounds+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", (b-a)*1000/40}')")
  done
  printf '%-26s %8s ms (the whole process: power-on, BIOS, DOS, a program that exits)\n' "start-up" \
    "$(printf '%s\n' "${rounds[@]}" | median)"
  echo '```'
} | tee -a bench/RESULTS.md
