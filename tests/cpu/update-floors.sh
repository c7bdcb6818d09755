#!/usr/bin/env bash
# Raises the per-file floors from a run of the conformance suite:
#   tests/cpu/update-floors.sh build/tests/singlestep exact|table DIR [FLOORS]
# FLOORS: the floor file (default tests/cpu/floors-TIMING.txt). Floors only ever go up: a file's
# new floor is the higher of its floor and this run's count, and a file the run did not report
# keeps its floor. A run below any floor is a regression, not a new floor: then nothing is
# written, the files below are listed and the exit status is 1. Commit a new floor file with the
# change that raised it.
set -euo pipefail
bin=$1 timing=$2 dir=$3
here=$(dirname "$0")
floors=${4:-$here/floors-$timing.txt}
run=$(mktemp)
trap 'rm -f "$run" "$floors.tmp"' EXIT
old=$floors
[ -f "$old" ] || old=/dev/null
"$bin" --timing "$timing" --absent "$here/singlestep-absent.txt" "$dir" > "$run"
{
  echo "# file state_floor cycle_floor  (from: singlestep --timing $timing; raise, never lower)"
  awk 'FILENAME == ARGV[1] { if ($1 !~ /^#/ && NF >= 3) { s[$1] = $2; c[$1] = $3; order[++n] = $1 } next }
       $1 == "total:" { next }
       { split($3, rs, "/"); split($5, rc, "/")
         if ($1 in s) {
           if (rs[1] + 0 < s[$1] + 0 || rc[1] + 0 < c[$1] + 0) {
             printf "update-floors: %s: state %d cycles %d, below its floors %d %d\n", $1, rs[1], rc[1], s[$1], c[$1] > "/dev/stderr"
             below = 1
           }
           if (rs[1] + 0 > s[$1] + 0) s[$1] = rs[1]
           if (rc[1] + 0 > c[$1] + 0) c[$1] = rc[1]
         } else { s[$1] = rs[1]; c[$1] = rc[1]; order[++n] = $1 } }
       END { if (below) exit 1
             for (i = 1; i <= n; i++) print order[i], s[order[i]], c[order[i]] }' \
    "$old" "$run" | LC_ALL=C sort
} > "$floors.tmp"
mv "$floors.tmp" "$floors"
