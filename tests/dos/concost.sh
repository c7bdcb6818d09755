#!/bin/sh
# The clocks of DOS's CON output, pinned down. concost.com writes n = 8 x (its tail's length)
# characters to CON in one 40h call (interrupts masked, the same instructions whatever n), so
# that its run takes
#     X + trap(850 + 12 n) + for each run of k characters (at most 256, CON's buffer):
#                            trap(io_char x k) + trap(600 k) + F
# clocks: the INT 21h (call 250 + fn.40 600 + per_byte 12 a byte, in the DOS layer), one device
# step for the run (io.char a character, in the I/O layer), the ROM's teletype run (600 a
# character, as AH=0Eh, in the ROM), F = 120 the instructions of a run (the I/O stub's step loop, its
# far call, the ROM's trap and return), X the rest of the program. A trap of C clocks spends them
# in slices of at most 256, the trap instruction running again for each slice after the first
# at 2 clocks: trap(C) = C + 2 x (ceil(C / 256) - 1). Checked for n from 16 to 1000 (one to four
# runs), with the default costs and with io.char 1000 from a cost file.
#   concost.sh DOSRUN CONCOST.COM
set -u
run=$1 guest=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/drive"
printf 'io.char 1000\n' > "$dir/costs.txt"
fail=0
F=120

trapc() { echo $(($1 + 2 * (($1 - 1) / 256))); }

# predicted N IO_CHAR: the clocks that depend on n
predicted() {
  n=$1 io=$2
  p=$(trapc $((850 + 12 * n)))
  while [ "$n" -gt 0 ]; do
    k=$n
    [ "$k" -gt 256 ] && k=256
    p=$((p + $(trapc $((io * k))) + $(trapc $((600 * k))) + F))
    n=$((n - k))
  done
  echo "$p"
}

# cycles N [OPTS...]: the run's clocks with n characters
cycles() {
  n=$1
  shift
  arg=$(printf "%$((n / 8 - 1))s" '' | tr ' ' x)
  "$run" --drive "$dir/drive" --tty-out --stats "$@" "$guest" "$arg" 2>&1 >/dev/null |
    sed -n 's/^cycles //p'
}

x=
for io in 180 1000; do
  opts=
  [ "$io" = 1000 ] && opts="--costs $dir/costs.txt"
  for n in 16 24 256 264 512 520 1000; do
    # shellcheck disable=SC2086
    got=$(cycles "$n" $opts)
    [ -n "$got" ] || { echo "FAIL: no clocks for n=$n (io.char $io)"; exit 1; }
    rest=$((got - $(predicted "$n" "$io")))
    [ -n "$x" ] || x=$rest
    if [ "$rest" != "$x" ]; then
      echo "FAIL: io.char $io, n=$n: $got clocks, $rest besides the characters' (first run: $x)"
      fail=1
    else
      echo "ok: io.char $io, n=$n: $got clocks = $x + the write's $((got - x))"
    fi
  done
done
exit $fail
