#!/usr/bin/env bash
# bench/same_output.py, the fairness check of bench/realwork.sh: runs that are the same are
# "identical"; any other difference in stdout, stderr, exit status or a drive file is named
# (exit 1), also with --peer; with --peer it allows exactly its named differences (names,
# console, dates, memfree, exehdr, screen) and says which it needed.
#   same_output.sh SOURCE_DIR
set -u
tool=$1/bench/same_output.py
# shellcheck source=tests/bench/setup.sh
. "$(dirname "$0")/setup.sh"

# mk NAME: a run folder with a drive, from the fixed base
mk() {
  mkdir -p "$dir/$1/drive/SUB"
  printf 'Hello\r\nA\tB\r\n' >"$dir/$1/out"
  printf 'Warning\tSevere\r\n' >"$dir/$1/err"
  echo 0 >"$dir/$1/rc"
  printf 'listing 10/10/88 10:10:10\r\n  47718 + 402527 Bytes symbol space free\r\n' >"$dir/$1/drive/BIG.LST"
  printf '\x80\x01\x02\x03' >"$dir/$1/drive/BIG.OBJ"
  printf 'MZ%038d' 0 >"$dir/$1/drive/SUB/BIG.EXE"
}
# expect WANT-STATUS WANT-TEXT ARGS...: same_output.py ARGS prints WANT-TEXT, exits WANT-STATUS
expect() {
  local want=$1 text=$2 got out; shift 2
  out=$(cd "$dir" && python3 "$tool" "$@"); got=$?
  [ "$got" = "$want" ] && [ "$out" = "$text" ] || bad "$*: exit $got, \"$out\"; expected $want, \"$text\""
}

mk a; mk b
expect 0 "identical" a b
expect 0 "identical" --peer a b

mk c; mv "$dir/c/drive/BIG.OBJ" "$dir/c/drive/big.obj"
expect 1 "DIFFERS: drive/BIG.OBJ only in a, drive/big.obj only in c" a c
expect 0 "same but for: names" --peer a c

mk d; printf 'Hello\r\n\r\nC>ECHO OFF\r\nA       B\r\n' >"$dir/d/out"
expect 1 "DIFFERS: out" a d
expect 0 "same but for: console" --peer a d

mk e; printf 'listing 11/26/26 13:18:5\r\n\r\n  47744 + 416725 Bytes symbol space free\r\n' >"$dir/e/drive/BIG.LST"
expect 0 "same but for: dates memfree" --peer a e

mk f; printf 'MZ%016d\x12\x34%08d\x56\x78%010d' 0 0 0 >"$dir/f/drive/SUB/BIG.EXE"
expect 1 "DIFFERS: drive/SUB/BIG.EXE" a f
expect 0 "same but for: exehdr" --peer a f

# what no allowance covers
mk g; printf '\x80\x01\x02\x04' >"$dir/g/drive/BIG.OBJ"
expect 1 "DIFFERS: drive/BIG.OBJ" --peer a g
mk h; echo 1 >"$dir/h/rc"
expect 1 "DIFFERS: rc" --peer a h
mk i; printf 'Hallo\r\nA\tB\r\n' >"$dir/i/out"
expect 1 "DIFFERS: out" --peer a i
mk j; printf 'listing 10/10/88 10:10:10\r\n  47718 + 402527 Bytes symbol space free\r\nmore\r\n' >"$dir/j/drive/BIG.LST"
expect 1 "DIFFERS: drive/BIG.LST" --peer a j
mk k; printf 'MZ%037d\x01' 0 >"$dir/k/drive/SUB/BIG.EXE"
expect 1 "DIFFERS: drive/SUB/BIG.EXE" --peer a k
mk l; rm "$dir/l/drive/BIG.OBJ"
expect 1 "DIFFERS: drive/BIG.OBJ only in a" --peer a l

# DOSBox's run: no stderr, no exit status ("-")
mk m; : >"$dir/m/err"; echo - >"$dir/m/rc"
expect 0 "same but for: screen" --peer a m
expect 1 "DIFFERS: err, rc" a m
exit $fail
