#!/bin/sh
# ticks.bin prints "ticks N" and "cycles C": N must equal C / 262144 within one.
out=$("$@") || { echo "guest failed: $out"; exit 1; }
ticks=$(echo "$out" | sed -n 's/^ticks \([0-9]*\).*/\1/p')
cycles=$(echo "$out" | sed -n 's/^cycles \([0-9]*\).*/\1/p')
[ -n "$ticks" ] && [ -n "$cycles" ] || { echo "unexpected output: $out"; exit 1; }
want=$((cycles / 262144))
d=$((ticks - want))
echo "ticks $ticks cycles $cycles expected $want"
[ "$d" -ge -1 ] && [ "$d" -le 1 ]
