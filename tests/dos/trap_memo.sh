#!/bin/sh
# The block cache's memo of a trap's steady state (emu/cache/repeats.inc, service_repeat):
# SLICES.COM calls a long service 300 times, through three traps (DOS, its console driver, the
# ROM's teletype) whose time is spent in slices, each call begun from another bus state. With
# the cache, a call's slices are handed over after its first one, from the state the trap's
# slices were steady in before; the run must print and end as it does without the cache, at the
# same clock after the same instructions, and the cache's counters (EMU86_FAST_STATS) must show
# most runs of slices begun that way (else the check proves nothing of that path).
#   trap_memo.sh EMU86 SLICES.COM
set -u
. "$(dirname "$0")/cache_both.sh"
# (not under EMU86_FAST_VERIFY, as CI's cache stage runs the tests: the checking copy of the
# replay runs every slice in the model, and the counts below would prove nothing)
unset EMU86_FAST_VERIFY
cp "$2" "$dir/c/SLICES.COM" || fail "cannot copy the guest"
cache_both "$emu" "$dir" SLICES.COM
lines=$(grep -c 'The quick brown fox' "$dir/cache.out")
[ "$lines" = 300 ] || fail "$lines lines written, expected 300"
runs=$(sed -n 's/.* service slices in \([0-9][0-9]*\) (.*/\1/p' "$dir/cache.err")
known=$(sed -n 's/.* service slices in [0-9][0-9]* (\([0-9][0-9]*\) from a known state).*/\1/p' "$dir/cache.err")
[ -n "$runs" ] && [ -n "$known" ] || fail "no counts of service slices: $(cat "$dir/cache.err")"
[ "$known" -ge 800 ] || fail "$known of $runs runs of slices from a known state, expected at least 800 of 900"
echo "ok: the same output, clocks and counts as without the cache; $known of $runs runs of slices from a known state"
