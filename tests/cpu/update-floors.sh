#!/usr/bin/env bash
# Regenerates the per-file floors from a run of the conformance suite:
#   tests/cpu/update-floors.sh build/tests/singlestep exact|table DIR
# Floors only ever go up: commit a new floor file with the run that raised it.
set -euo pipefail
bin=$1 timing=$2 dir=$3
out="$(dirname "$0")/floors-$timing.txt"
{
  echo "# file state_floor cycle_floor  (from: singlestep --timing $timing; raise, never lower)"
  "$bin" --timing "$timing" "$dir" | awk '$1 != "total:" { split($3,s,"/"); split($5,c,"/"); print $1, s[1], c[1] }'
} > "$out.tmp"
mv "$out.tmp" "$out"
