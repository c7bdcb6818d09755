#!/usr/bin/env bash
# bench/realwork.sh refuses what it cannot run with exit status 2 and one line on stderr that
# says what is missing (the build, the MS-DOS tools, a peer) or wrong (an option),
# before it writes anything: bench/RESULTS.md is left as it was.
#   realwork_guard.sh SOURCE_DIR BUILD_DIR
set -u
src=$(realpath "$1") build=$(realpath "$2")
fail=0
bad() { echo "FAIL: $*"; fail=1; }
before=$(cksum <"$src/bench/RESULTS.md")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# refuse WORD ARGS...: realwork.sh ARGS exits 2 with one stderr line holding WORD, no stdout
refuse() {
  local word=$1 got; shift
  "$src/bench/realwork.sh" "$@" >"$dir/out" 2>"$dir/err" </dev/null; got=$?
  [ "$got" = 2 ] || bad "$*: exit $got, expected 2"
  [ "$(wc -l <"$dir/err")" = 1 ] && grep -q -- "$word" "$dir/err" || bad "$*: stderr: $(cat "$dir/err")"
  [ ! -s "$dir/out" ] || bad "$*: wrote to stdout: $(cat "$dir/out")"
}
refuse "build first" "$dir/no-build"
refuse "unknown option --bogus" --bogus "$build"
refuse "--rounds needs" --rounds 0 "$build"
refuse "--emu2 needs" --emu2
refuse "no workload nosuch" --only nosuch "$build"
refuse "is not an executable" --emu2 "$dir/no-emu2" "$build"
EMU86_MSDOS_TREE=$dir/no-tree refuse "MS-DOS tools" "$build"
[ "$(cksum <"$src/bench/RESULTS.md")" = "$before" ] || bad "bench/RESULTS.md changed"
exit $fail
