#!/usr/bin/env bash
# Fuzzing with libFuzzer (clang). Runs each target, two at a time:
#   scripts/fuzz.sh [--build DIR] RUNS            every target for RUNS inputs, fixed seed (CI: repeatable)
#   scripts/fuzz.sh [--build DIR] --time SECONDS  every target for SECONDS (long campaigns: e.g. 3600)
# DIR: a build configured with -DEMU86_FUZZ=ON, built here if need be. Default build-fuzz,
# configured here as RelWithDebInfo (fast: for long campaigns); scripts/test passes its
# sanitizer build (build-asan, unoptimised, with the fuzzer's coverage), so that CI compiles the
# CPU once for both.
# New corpus entries go to DIR/corpus/<target> (the seeds stay in tests/fuzz/corpus). A crash
# leaves crash-* in DIR/; copy it into tests/fuzz/corpus/<target>/ once fixed, so that ctest
# replays it forever.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-fuzz
if [ "${1:-}" = "--build" ]; then build=${2:?folder}; shift 2; fi
mode=runs n=${1:-2000}
if [ "${1:-}" = "--time" ]; then mode=time n=${2:?seconds}; fi
command -v clang >/dev/null || { echo "fuzz: clang is needed (apt-get install clang libclang-rt-14-dev)" >&2; exit 2; }
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
[ -f "$build/CMakeCache.txt" ] ||
  CC=clang cmake -S . -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEMU86_FUZZ=ON
grep -q '^EMU86_FUZZ:BOOL=ON' "$build/CMakeCache.txt" ||
  { echo "fuzz: $build is not configured with -DEMU86_FUZZ=ON" >&2; exit 2; }
targets=(cpu cache loader dos report)
cmake --build "$build" -j2 --target "${targets[@]/#/fuzz_}"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
if [ $mode = runs ]; then lim="-runs=$n -seed=1"; else lim="-max_total_time=$n"; fi
export lim
# each target's log in DIR/fuzz-<target>.log; its last lines are shown, in order
root=$PWD
rm -f "$build"/fuzz-*.status
(cd "$build" && printf '%s\n' "${targets[@]}" | xargs -P 2 -I{} sh -c '
  mkdir -p corpus/{} && ./tests/fuzz/fuzz_{} $lim -max_len=4096 -timeout=20 corpus/{} "$0/tests/fuzz/corpus/{}" \
    > fuzz-{}.log 2>&1 && echo ok > fuzz-{}.status || echo FAILED > fuzz-{}.status' "$root")
status=0
for t in "${targets[@]}"; do
  (cd "$build" && { echo "fuzz_$t: $(cat "fuzz-$t.status" 2>/dev/null || echo FAILED)"; tail -3 "fuzz-$t.log"; })
  [ "$(cat "$build/fuzz-$t.status" 2>/dev/null)" = ok ] || status=1
done
exit $status
