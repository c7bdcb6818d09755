#!/usr/bin/env bash
# Configures (Release) and builds into ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
"$(dirname "$0")/deps.sh"
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
# CI must build (and so test) the window frontend: there a missing SDL2 is an error
sdl=()
[ "${CI:-}" = true ] && [ "${EMU86_NO_SDL:-0}" != 1 ] && sdl=(-DEMU86_SDL=ON)
# (cmake's status lines are shown: they say what this build leaves out and why)
[ -f build/CMakeCache.txt ] || cmake -S . -B build "${gen[@]}" "${sdl[@]}"
cmake --build build -j2
