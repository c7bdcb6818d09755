#!/usr/bin/env bash
# Configures (Release) and builds into ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
"$(dirname "$0")/deps.sh"
gen=()
command -v ninja >/dev/null 2>&1 && gen=(-G Ninja)
[ -f build/CMakeCache.txt ] || cmake -S . -B build "${gen[@]}" >/dev/null
cmake --build build -j2
