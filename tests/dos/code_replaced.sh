#!/bin/sh
# The block cache drops its blocks when EXEC loads another program than the one it loaded last
# (dos-hle/dos_exec.c, code_replaced), and only then: RELOAD.COM runs CHILD.COM twice, EXE.EXE,
# then CHILD.COM again, so its counters (EMU86_FAST_STATS) must show three drops. The run prints
# and ends as it does without the cache, at the same clock after the same instructions.
#   code_replaced.sh EMU86 RELOAD.COM CHILD.COM EXE.EXE
set -u
. "$(dirname "$0")/cache_both.sh"
cp "$2" "$dir/c/RELOAD.COM" && cp "$3" "$dir/c/CHILD.COM" && cp "$4" "$dir/c/EXE.EXE" || fail "cannot copy the guests"
cache_both "$emu" "$dir" RELOAD.COM
n=$(sed -n 's/.* \([0-9][0-9]*\) drops for another program.*/\1/p' "$dir/cache.err")
[ "$n" = 3 ] || fail "drops for another program: '$n', expected 3 (counters: $(cat "$dir/cache.err"))"
grep -q 'again' "$dir/cache.out" || fail "the children did not run: $(cat "$dir/cache.out")"
echo "ok: 3 drops, the same output, clocks and counts as without the cache"
