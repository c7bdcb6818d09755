#!/usr/bin/env bash
# bench/'s input generators (gen_masm.py, gen_text.py) give the same bytes on every host and
# every run (the SHA-256 of bench/realwork.sh's inputs are fixed here: a change to a generator
# changes them, and its commit says why), in CR LF lines of the promised size and make-up:
# about 3,500 lines of assembly, masm1 without what MASM 1.10 lacks and masm5 with it; text
# within the byte budget with "ab" on about one line in six.
#   generators.sh SOURCE_DIR
set -u
bench=$1/bench
# shellcheck source=tests/bench/setup.sh
. "$(dirname "$0")/setup.sh"

# check FILE SHA256 MIN-LINES MAX-LINES: the digest, CR LF on every line, the line count
check() {
  local f=$1 sum n
  sum=$(sha256sum <"$f" | cut -d' ' -f1)
  [ "$sum" = "$2" ] || bad "$f: SHA-256 $sum, expected $2"
  n=$(wc -l <"$f")
  [ "$n" -ge "$3" ] && [ "$n" -le "$4" ] || bad "$f: $n lines, expected $3 to $4"
  [ "$(grep -c $'\r$' "$f")" = "$n" ] || bad "$f: a line without CR LF"
  [ "$(tail -c 2 "$f" | od -An -c | tr -d ' ')" = '\r\n' ] || bad "$f: does not end with CR LF"
}

python3 "$bench/gen_masm.py" --dialect masm1 >"$dir/m1.asm"
python3 "$bench/gen_masm.py" --dialect masm1 >"$dir/m1b.asm"
cmp -s "$dir/m1.asm" "$dir/m1b.asm" || bad "gen_masm.py masm1: two runs differ"
check "$dir/m1.asm" 3a5e438ac1fe6e4a97917338e138ba7c842764ab816231378a8a14178baba819 3400 3700
python3 "$bench/gen_masm.py" --dialect masm5 >"$dir/m5.asm"
check "$dir/m5.asm" 0a5fbbc32e6eb9f636f4257fbbe6fa78304b9033373e3777cbfc80349d9ebd0e 3400 3700
# has FILE WORD: WORD is the first or second word of a line of FILE (outside comments)
has() { tr -d '\r' <"$1" | awk -v k="$2" '{sub(/;.*/, "")} $1 == k || $2 == k {f = 1} END {exit !f}'; }
for kw in LOCAL STRUC REPT IRP IF ELSE ENDIF; do
  ! has "$dir/m1.asm" $kw || bad "masm1 uses $kw (MASM 1.10 is not given it)"
  has "$dir/m5.asm" $kw || bad "masm5 does not use $kw"
done
for kw in MACRO ENDM PROC ENDP SEGMENT ASSUME DW DB EQU LOOP CALL REP MUL DIV JNZ PUSH RET; do
  has "$dir/m1.asm" $kw || bad "masm1 has no $kw"
done
python3 "$bench/gen_masm.py" --dialect masm1 --lines 1000 --seed 3 >"$dir/small.asm"
n=$(wc -l <"$dir/small.asm")
[ "$n" -ge 900 ] && [ "$n" -le 1100 ] || bad "--lines 1000 gave $n lines"

python3 "$bench/gen_text.py" --bytes 62000 --seed 7 >"$dir/sort.txt"
check "$dir/sort.txt" 86fee4981bc398249528d7de9916d32e48efe56b6531c817ae3a6f0b1a51a038 1000 2000
python3 "$bench/gen_text.py" --bytes 3000000 >"$dir/find.txt"
check "$dir/find.txt" d852f1c5de8fbab2350aae2a3914ae4d1d6f4d58026acf59141f544c072d7a41 50000 80000
for f in sort find; do
  s=$(wc -c <"$dir/$f.txt")
  want=$([ $f = sort ] && echo 62000 || echo 3000000)
  [ "$s" -le "$want" ] && [ "$s" -gt $((want - 200)) ] || bad "$f.txt: $s bytes for --bytes $want"
  share=$(tr -d '\r' <"$dir/$f.txt" | awk '/ab/ {n++} END {printf "%d", n * 100 / NR}')
  [ "$share" -ge 10 ] && [ "$share" -le 25 ] || bad "$f.txt: $share% of lines hold \"ab\""
done
exit $fail
