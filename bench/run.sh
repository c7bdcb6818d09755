#!/usr/bin/env bash
# Measures emulated instructions per second (MIPS) and emulated MHz on the CPU benchmark guest
# (bench/cpubench.asm), median of 5 interleaved runs each, and appends the results with the machine and
# commit to bench/RESULTS.md. The timed runs are of cpubench5 (its loop five times over, about a
# quarter of a second: a moment's load on a shared host weighs less on it); callgrind counts
# cpubench (once over: the same instructions in the same proportions, deterministic).
#   - the CPU alone (tests/machine/guestrun on the flat image), exact and table models;
#   - emu86 on the DOS .COM: plain, with --profil (default grain), with --profil --grain 60,
#     with --exact-profile, each with its overhead against plain, and with --timing table;
#   - the exact/table speed ratio, from those times and (deterministic) from callgrind counts;
#   - start-up: emu86 running a 5-byte program that exits at once (median of 5 rounds of 40);
#   - the profiler alone (bench/tick_cost.c): per tick, and per instruction of the exact
#     collector;
#   - the profiler's cost against its histogram's size, if valgrind is installed (about 2
#     minutes): callgrind's host instructions (Ir, deterministic, unlike the time on a loaded
#     machine) per emulated instruction, with 1 bucket against 3841 (the guest padded to
#     61,440 bytes), a 2-byte profil buffer (scale 2: one counter for the program) against
#     16 MiB (2 bytes of code a counter), 1 OSF/1 range against 16 covering 1 MiB, and runs of
#     half the clocks (the cost should halve: linear in emulated cycles).
#     BENCH_CALLGRIND=0 skips it.
# Then bench/realwork.sh: real programs (MASM, CL, LINK, SORT, FIND, a C program's MUL/DIV),
# with the peers given (--emu2 PATH, --dosbox PATH) timed in the same rounds; BENCH_REALWORK=0
# skips it, --callgrind is passed on to it.
#   bench/run.sh [--emu2 PATH] [--dosbox PATH] [--callgrind] [BUILD_DIR]
#                                   (default: build; build it first: scripts/build.sh)
# A measurement, not a test: nothing in ctest depends on the host's speed.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build realwork=()
while [ $# -gt 0 ]; do
  case $1 in
    --emu2|--dosbox) [ $# -ge 2 ] || { echo "bench: $1 needs a path" >&2; exit 2; }; realwork+=("$1" "$2"); shift 2 ;;
    --callgrind) realwork+=("$1"); shift ;;
    -*) echo "bench: unknown option $1" >&2; exit 2 ;;
    *) B=$1; shift ;;
  esac
done
runner="$B/tests/machine/guestrun"
guest="$B/bench/cpubench.bin"
emu86="$B/emu86"
com="$B/bench/cpubench.com"
guest5="$B/bench/cpubench5.bin"
com5="$B/bench/cpubench5.com"
tick_cost="$B/bench/bench_tick_cost"
for f in "$runner" "$guest" "$emu86" "$com" "$guest5" "$com5" "$tick_cost"; do
  [ -e "$f" ] || { echo "bench: $f is missing: build first (scripts/build.sh)" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }

# The timed runs are interleaved: 5 rounds, each running every configuration once, so that a
# slow spell of this shared machine falls on all of them alike rather than on one; each row is
# the median of its 5 (output to /dev/null, in $tmp).
labels=() cmds=()
config() { labels+=("$1"); cmds+=("$(printf '%q ' "${@:2}")"); }   # config LABEL PROGRAM ARGS...
time_all() {
  local r k t0 t1
  for r in 1 2 3 4 5; do
    for k in "${!cmds[@]}"; do
      t0=$(now); (cd "$tmp" && eval "${cmds[k]}" >/dev/null 2>&1 </dev/null); t1=$(now)
      awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.4f\n", b-a}' >>"$tmp/t.$k"
    done
  done
  for k in "${!cmds[@]}"; do median <"$tmp/t.$k" >"$tmp/s.$k"; sort -n "$tmp/t.$k" | head -1 >"$tmp/n.$k"; done
}

# row K [BASE]: "label MIPS MHz seconds (counts)", and the overhead against row BASE (of the
# medians, and of the fastest of the 5: a slow spell of the host lengthens runs, never shortens
# them)
row() {
  local k=$1 base=${2:-} stats insns cycles s
  stats=$(cd "$tmp" && eval "set -- ${cmds[k]}" && "$1" --stats "${@:2}" 2>&1 >/dev/null </dev/null)
  insns=$(echo "$stats" | awk '$1=="instructions"{print $2}')
  cycles=$(echo "$stats" | awk '$1=="cycles"{print $2}')
  s=$(cat "$tmp/s.$k")
  awk -v l="${labels[k]}" -v i="$insns" -v c="$cycles" -v s="$s" \
    'BEGIN{printf "%-26s %8.1f MIPS %8.1f MHz %7.3f s  (%d instructions, %d clocks)", l, i/s/1e6, c/s/1e6, s, i, c}'
  if [ -n "$base" ]; then
    awk -v s="$s" -v p="$(cat "$tmp/s.$base")" -v n="$(cat "$tmp/n.$k")" -v q="$(cat "$tmp/n.$base")" \
      'BEGIN{printf "  %+.1f%% (fastest: %+.1f%%)", (s / p - 1) * 100, (n / q - 1) * 100}'
  fi
  echo
}

# irrun N ARGS...: "Ir instructions" of emu86 ARGS under callgrind, into $tmp/ir.N (its own folder)
irrun() {
  local n=$1 out; shift
  mkdir -p "$tmp/j$n"
  out=$(cd "$tmp/j$n" && valgrind --tool=callgrind --callgrind-out-file=/dev/null "$emu86" --stats "$@" \
    2>&1 >/dev/null </dev/null) || true   # a --max-cycles run ends with status 124
  echo "$out" | awk '/I +refs:/ {gsub(",", "", $NF); i = $NF} $1 == "instructions" {n = $2}
    END {print i + 0, n + 0}' >"$tmp/ir.$n"
}

# The two timing models' cost in callgrind Ir per emulated instruction, CPU alone and through
# emu86 (deterministic, unlike the times above on a shared machine), and their ratio.
model_cost() {
  if [ "${BENCH_CALLGRIND:-1}" = 0 ] || ! command -v valgrind >/dev/null; then
    echo "timing models in callgrind Ir: skipped (no valgrind, or BENCH_CALLGRIND=0)"
    return
  fi
  local t out
  for t in exact table; do
    (out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$runner" --stats --timing $t "$guest" 2>&1 >/dev/null </dev/null)
     echo "$out" | awk '/I +refs:/ {gsub(",", "", $NF); i = $NF} $1 == "instructions" {n = $2}
       END {print i + 0, n + 0}' >"$tmp/m.$t") &
  done
  wait
  irrun m1 "$com"; irrun m2 --timing table "$com"
  local ei en ti tn xi xn yi yn
  read -r ei en <"$tmp/m.exact"; read -r ti tn <"$tmp/m.table"
  read -r xi xn <"$tmp/ir.m1"; read -r yi yn <"$tmp/ir.m2"
  awk -v ei="$ei" -v en="$en" -v ti="$ti" -v tn="$tn" -v xi="$xi" -v xn="$xn" -v yi="$yi" -v yn="$yn" 'BEGIN {
    if (!en || !tn || !xn || !yn) { print "timing models in callgrind Ir: failed (no count)"; exit }
    printf "timing models, callgrind Ir per emulated instruction: exact %.1f, table %.1f, exact/table speed %.3f (CPU alone)\n", ei / en, ti / tn, (ti / tn) / (ei / en)
    printf "%53s exact %.1f, table %.1f, exact/table speed %.3f (emu86)\n", "", xi / xn, yi / yn, (yi / yn) / (xi / xn) }'
}

# The profiler's cost must grow with emulated cycles, not with bucket count or buffer size:
# pairs of runs that differ only in the histogram's size, two at a time (Ir does not depend on
# the load), each row in Ir per emulated instruction and against the first of its pair.
profiler_cost() {
  if [ "${BENCH_CALLGRIND:-1}" = 0 ] || ! command -v valgrind >/dev/null; then
    echo "profiler cost vs histogram size: skipped (no valgrind, or BENCH_CALLGRIND=0)"
    return
  fi
  local big="$tmp/big.com" half u r16="" k
  cp "$com" "$big"; truncate -s 61440 "$big"   # zeros after the code: 3841 one-paragraph buckets
  half=$("$emu86" --stats "$big" 2>&1 >/dev/null </dev/null | awk '$1 == "cycles" {print int($2 / 2)}')
  u="--unix-profil=u.buf --profil-style bsd --grain 60"
  for k in $(seq 0 15); do r16+=" --profil-range $(printf '0x%X-0x%X' $((k * 65536)) $((k * 65536 + 65536)))"; done
  local labels=(
    "plain"
    "--profil --bucket 1 (3841 buckets)" "--profil --bucket 65535 (1 bucket)"
    "--grain 60 --bucket 1 (3841)" "--grain 60 --bucket 65535 (1)"
    "--unix-profil, grain 60: 2 bytes" "--unix-profil, grain 60: 16 MiB"
    "--profil-range: 1 range, 256 bytes" "--profil-range: 16 ranges, 1 MiB"
    "--grain 60 --bucket 1, half the clocks" "--unix-profil 16 MiB, half the clocks")
  local args=(
    ""
    "--profil=b.PRF --bucket 1" "--profil=b.PRF --bucket 65535"
    "--profil=b.PRF --grain 60 --bucket 1" "--profil=b.PRF --grain 60 --bucket 65535"
    "$u --profil-bufsiz 2 --profil-scale 2" "$u --profil-bufsiz 16777216 --profil-scale 0x10000"
    "--unix-profil=u.buf --profil-range 0x4100-0x4200" "--unix-profil=u.buf$r16"
    "--profil=b.PRF --grain 60 --bucket 1 --max-cycles $half" "$u --profil-bufsiz 16777216 --profil-scale 0x10000 --max-cycles $half")
  local i n=${#labels[@]} ir insns full first
  # shellcheck disable=SC2086 # the options are words
  for ((i = 0; i < n; i += 2)); do
    irrun $i ${args[i]} "$big" &
    if ((i + 1 < n)); then irrun $((i + 1)) ${args[i + 1]} "$big" & fi
    wait
  done
  echo "profiler cost vs histogram size: callgrind Ir per emulated instruction (guest padded to 61440 bytes)"
  for ((i = 0; i < n; i++)); do
    read -r ir insns <"$tmp/ir.$i"
    if [ "$ir" = 0 ] || [ "$insns" = 0 ]; then printf '%-40s   failed (no count from callgrind)\n' "${labels[i]}"; continue; fi
    printf '%-40s %8.2f' "${labels[i]}" "$(awk -v a="$ir" -v b="$insns" 'BEGIN {print (b ? a / b : 0)}')"
    if ((i >= 9)); then       # half the clocks: the full run's Ir over this one's (2 = linear)
      read -r full _ <"$tmp/ir.$((i == 9 ? 3 : 6))"
      awk -v f="$full" -v h="$ir" 'BEGIN {if (f > 0) printf "  Ir of the full run / this one: %.3f", f / h; print ""}'
    elif ((i % 2 == 0 && i > 0)); then
      read -r first _ <"$tmp/ir.$((i - 1))"
      awk -v f="$first" -v s="$ir" 'BEGIN {if (f > 0) printf "  %+.2f%% Ir against the row above", (s / f - 1) * 100; print ""}'
    else
      echo
    fi
  done
}

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
runner=$(abs "$runner") guest=$(abs "$guest") emu86=$(abs "$emu86") com=$(abs "$com")
guest5=$(abs "$guest5") com5=$(abs "$com5") tick_cost=$(abs "$tick_cost")
printf '\xb8\x00\x4c\xcd\x21' >"$tmp/exit.com"   # mov ax, 4C00h; int 21h
{
  echo
  echo "### $(date -u +%Y-%m-%d) commit $commit — $cpu, $(nproc) cores"
  echo '```'
  config "CPU alone, exact model" "$runner" --timing exact "$guest5"             # 0
  config "CPU alone, table model" "$runner" --timing table "$guest5"             # 1
  config "emu86 (exact)" "$emu86" "$com5"                                        # 2
  config "emu86 --profil" "$emu86" --profil=b.PRF "$com5"                        # 3
  config "emu86 --profil --grain 60" "$emu86" --profil=b.PRF --grain 60 "$com5"  # 4
  config "emu86 --exact-profile" "$emu86" --exact-profile=b.cg "$com5"           # 5
  config "emu86 --timing table" "$emu86" --timing table "$com5"                  # 6
  time_all
  row 0; row 1; row 2; row 3 2; row 4 2; row 5 2; row 6
  awk -v e="$(cat "$tmp/s.0")" -v t="$(cat "$tmp/s.1")" -v ee="$(cat "$tmp/s.2")" -v te="$(cat "$tmp/s.6")" \
    'BEGIN{printf "%-26s %8.3f (CPU alone)  %.3f (emu86)\n", "exact/table speed", t / e, te / ee}'
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
  "$tick_cost"   # the profiler alone: per tick, and per instruction of the exact collector
  model_cost
  profiler_cost
  echo '```'
} | tee -a bench/RESULTS.md
[ "${BENCH_REALWORK:-1}" = 0 ] || bench/realwork.sh "${realwork[@]}" "$B"
