#!/usr/bin/env bash
# Configures (Release) and builds into ./build. With EMU86_PGO=1 (it needs gcc and the MS-DOS
# tools of ../shared/testdata/ms-dos or EMU86_MSDOS_REPO: without, exit status 2), a build
# folder configured for the first time is profile-guided: an instrumented emu86 is built in
# build/pgo/gen, run on real programs (scripts/pgo-train.sh), and build/ compiled with what it
# counted (twice the build time). `EMU86_PGO=1 scripts/build.sh --retrain` trains again (after
# changes to the emulator) and rebuilds everything. Not the default: with this training set it
# was no faster (bench/RESULTS.md, 2026-11-29).
set -euo pipefail
cd "$(dirname "$0")/.."
"$(dirname "$0")/deps.sh"
retrain=0
case "${1:-}" in
  --retrain) retrain=1 ;;
  "") ;;
  *) echo "usage: scripts/build.sh [--retrain]" >&2; exit 2 ;;
esac
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
# CI must build (and so test) the window frontend: there a missing SDL2 is an error
sdl=()
[ "${CI:-}" = true ] && [ "${EMU86_NO_SDL:-0}" != 1 ] && sdl=(-DEMU86_SDL=ON)
msdos=${EMU86_MSDOS_REPO:-../shared/testdata/ms-dos}

# pgo_train: the instrumented build, its runs, their profiles in build/pgo/profile
pgo_train() {
  echo "=== profile-guided build: training an instrumented emu86 (build/pgo/gen)"
  rm -rf build/pgo/profile
  cmake -S . -B build/pgo/gen "${gen[@]}" -DEMU86_PGO=GENERATE \
    -DEMU86_PGO_DIR="$PWD/build/pgo/profile" -DBUILD_TESTING=OFF -DEMU86_SDL=OFF >/dev/null
  cmake --build build/pgo/gen -j2 --target emu86
  scripts/pgo-train.sh build/pgo/gen/emu86 "$msdos"
}

pgo=() fresh=0
[ -f build/CMakeCache.txt ] || fresh=1
if [ $fresh = 1 ] || [ $retrain = 1 ]; then
  macros=$("${CC:-cc}" -dM -E - </dev/null 2>/dev/null || true)
  if [ "${EMU86_PGO:-0}" != 1 ]; then
    [ $retrain = 1 ] && echo "emu86: --retrain needs EMU86_PGO=1: built without profile-guided optimisation"
  elif [[ "$macros" != *__GNUC__* || "$macros" == *__clang__* ]]; then
    echo "emu86: EMU86_PGO=1 needs gcc; the compiler (${CC:-cc}) is not" >&2
    exit 2
  elif [ ! -f "$msdos/v4.0/src/TOOLS/CL.EXE" ]; then
    echo "emu86: EMU86_PGO=1 needs the MS-DOS tools; there are none at $msdos" >&2
    exit 2
  else
    pgo_train
    pgo=(-DEMU86_PGO=USE -DEMU86_PGO_DIR="$PWD/build/pgo/profile")
  fi
fi
# (cmake's status lines are shown: they say what this build leaves out and why)
if [ $fresh = 1 ] || [ ${#pgo[@]} -gt 0 ]; then
  cmake -S . -B build "${gen[@]}" "${sdl[@]}" "${pgo[@]}"
fi
# a new training changes no flag: everything is compiled again with it
[ $retrain = 1 ] && [ ${#pgo[@]} -gt 0 ] && cmake --build build --target clean
cmake --build build -j2
