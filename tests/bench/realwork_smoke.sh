#!/usr/bin/env bash
# bench/realwork.sh end to end on its shortest workload (FIND 2.0 on 3 MB of text, two rounds):
# it exits 0, prints the table's row with its emulated counts and the ratios again by the
# fastest runs and by the rounds, and finds emu86's outputs the same in every run (default,
# --profil, --no-block-cache: also clocks and instructions).
# Without the MS-DOS tools (../shared/testdata/ms-dos) it says so and is skipped.
#   realwork_smoke.sh SOURCE_DIR BUILD_DIR
set -u
src=$(realpath "$1") build=$(realpath "$2")
tree=${EMU86_MSDOS_TREE:-$src/../shared/testdata/ms-dos}
[ -f "$tree/v2.0/bin/FIND.EXE" ] || { echo "SKIPPED: no MS-DOS tools at $tree"; exit 77; }
command -v python3 >/dev/null || { echo "SKIPPED: no python3 (bench/'s scripts need it)"; exit 77; }
out=$("$src/bench/realwork.sh" --rounds 2 --only find --no-append "$build" 2>&1); rc=$?
fail=0
bad() { echo "FAIL: $*"; fail=1; }
[ "$rc" = 0 ] || bad "exit $rc"
echo "$out" | grep -Eq '^find +[0-9]+\.[0-9] +[0-9]+\.[0-9] \| ' || bad "no row for find with its counts"
echo "$out" | grep -Eq '^find +\| +[-+][0-9]+\.[0-9]% +[-+][0-9]+\.[0-9]% \| ' || bad "no row for find by the fastest and the rounds"
echo "$out" | grep -q '^--profil within 3% of the default (by the rounds): [01] of 1' || bad "no verdict by the rounds"
echo "$out" | grep -q 'were the same in every run: yes' || bad "emu86's outputs were not the same in every run"
[ "$fail" = 0 ] || echo "$out"
exit $fail
