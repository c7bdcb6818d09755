#!/bin/sh
# Code written under the block cache (emu/cache/code_trust.inc): SMC.COM patches the code of
# its hot loops by a MOV, by DOS reading a routine from a file over one, by REP MOVSB and REP
# STOSB, and writes a word between two of its instructions. The run prints and ends as it
# does without the cache, at the same clock after the same instructions, and the cache's
# counters (EMU86_FAST_STATS) show that it checked blocks again.
#   code_written.sh EMU86 SMC.COM
set -u
. "$(dirname "$0")/cache_both.sh"
cp "$2" "$dir/c/SMC.COM" || fail "cannot copy the guest"
printf '\260A\303\220\220' > "$dir/c/ROUTA.BIN" # MOV AL, 'A' / RET / NOP / NOP
printf '\260A\376\300\303' > "$dir/c/ROUTB.BIN" # MOV AL, 'A' / INC AL / RET
cache_both "$emu" "$dir" SMC.COM
expect=$(printf '%s\r\n' 8AFD 0BB8 ABABABABABAB abzzabzzabzzabzz)
[ "$(cat "$dir/cache.out")" = "$expect" ] || fail "output: $(od -c "$dir/cache.out" | head -5)"
n=$(sed -n 's/.* blocks checked at \([0-9][0-9]*\) code epochs.*/\1/p' "$dir/cache.err")
[ -n "$n" ] && [ "$n" -gt 20 ] || fail "code epochs: '$n', expected more than 20 (counters: $(cat "$dir/cache.err"))"
echo "ok: the same output, clocks and counts as without the cache; blocks checked at $n code epochs"
