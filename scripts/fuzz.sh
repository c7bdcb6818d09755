#!/usr/bin/env bash
# Fuzzing with libFuzzer (clang). Builds build-fuzz/ and runs each target.
#   scripts/fuzz.sh RUNS            every target for RUNS inputs with a fixed seed (CI: repeatable)
#   scripts/fuzz.sh --time SECONDS  every target for SECONDS (long campaigns: e.g. 3600)
# New corpus entries go to build-fuzz/corpus/<target> (the seeds stay in tests/fuzz/corpus).
# A crash leaves crash-* in build-fuzz/; copy it into tests/fuzz/corpus/<target>/ once fixed,
# so that ctest replays it forever.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=runs n=${1:-2000}
if [ "${1:-}" = "--time" ]; then mode=time n=${2:?seconds}; fi
command -v clang >/dev/null || { echo "fuzz: clang is needed (apt-get install clang libclang-rt-14-dev)" >&2; exit 2; }
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
[ -f build-fuzz/CMakeCache.txt ] || CC=clang cmake -S . -B build-fuzz "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEMU86_FUZZ=ON >/dev/null
cmake --build build-fuzz -j2 --target fuzz_cpu fuzz_cache fuzz_loader fuzz_dos fuzz_report
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
for t in cpu cache loader dos report; do
  mkdir -p "build-fuzz/corpus/$t"
  if [ $mode = runs ]; then lim=(-runs="$n" -seed=1); else lim=(-max_total_time="$n"); fi
  (cd build-fuzz && "./tests/fuzz/fuzz_$t" "${lim[@]}" -max_len=4096 -timeout=20 \
      "corpus/$t" "../tests/fuzz/corpus/$t" 2>&1 | tail -3)
done
