#!/usr/bin/env bash
# scripts/pgo-train.sh, the profile-guided build's training (scripts/build.sh runs it with an
# instrumented emu86; here the build's own emu86 stands in: the runs are the same): every run of
# its set succeeds and makes its files; a wrong usage exits 2; an emulator that fails every run
# ends it with exit status 1 and says which run.
# Without the MS-DOS tools (../shared/testdata/ms-dos) it says so and is skipped.
#   pgo_train.sh SOURCE_DIR BUILD_DIR
set -u
src=$(realpath "$1") build=$(realpath "$2")
tree=${EMU86_MSDOS_TREE:-$src/../shared/testdata/ms-dos}
[ -f "$tree/v4.0/src/TOOLS/CL.EXE" ] || { echo "SKIPPED: no MS-DOS tools at $tree"; exit 77; }
fail=0
bad() { echo "FAIL: $*"; fail=1; }
out=$("$src/scripts/pgo-train.sh" "$build/emu86" "$tree" 2>&1); rc=$?
[ "$rc" = 0 ] || bad "exit $rc: $out"
[ "$out" = "pgo-train: 9 profiled runs and 2 plain ones made" ] || bad "said: $out"
out=$("$src/scripts/pgo-train.sh" "$build/emu86" 2>&1); rc=$?
[ "$rc" = 2 ] || bad "one argument: exit $rc"
[[ "$out" == usage:* ]] || bad "one argument: said $out"
out=$("$src/scripts/pgo-train.sh" /bin/false "$tree" 2>&1); rc=$?
[ "$rc" = 1 ] || bad "an emulator that fails: exit $rc"
[[ "$out" == "pgo-train: "*"MASM.EXE CHKDSK,CHKDSK,CHKDSK; made no CHKDSK.LST"* ]] || bad "an emulator that fails: said $out"
[ -z "$(find "${TMPDIR:-/tmp}" -maxdepth 1 -name 'emu86-pgo.*' -newer "$src/scripts/pgo-train.sh" 2>/dev/null)" ] \
  || bad "a temporary folder was left behind"
exit $fail
