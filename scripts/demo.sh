#!/usr/bin/env bash
# The main job, on the bundled demo guest (bench/demo.asm): run it under emu86 with the PROFIL
# histogram, an exact profile and a plot, then print the PROHST-style report with the guest's
# symbols. The files land in build/demo/.
set -euo pipefail
cd "$(dirname "$0")/.."
E=$PWD/build/emu86
mkdir -p build/demo
cd build/demo
cp ../bench/demo.com ../bench/demo.map .
echo "\$ emu86 --profil --exact-profile demo.callgrind --folded demo.folded --plot demo.svg --map demo.map demo.com"
"$E" --profil --exact-profile demo.callgrind --folded demo.folded --plot demo.svg --map demo.map demo.com
echo
echo "\$ emu86 report demo.PRF --map demo.map"
"$E" report demo.PRF --map demo.map
echo
echo "Written in build/demo/: demo.PRF (PROFIL's format), demo.callgrind (callgrind_annotate or"
echo "KCachegrind), demo.folded (flamegraph.pl, speedscope), demo.svg (the histogram)."
