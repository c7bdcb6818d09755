#!/bin/sh
# `emu86 report` usage and input errors: exit status (2 bad usage, 1 bad input or output) and
# one clear line naming the option or file. Usage: cli.sh REPORT_CLI MAKE_SAMPLES SRC WORK
set -u
cli=$1 make_samples=$2 src=$3 work=$4
mkdir -p "$work"
cd "$work" || exit 1
fail=0
"$make_samples" s.prf e.prf || exit 1

expect() { # STATUS TEXT ARGS...: exit status STATUS and TEXT in stderr
    want=$1 text=$2
    shift 2
    "$cli" "$@" > out.txt 2> err.txt
    got=$?
    if [ "$got" != "$want" ]; then
        echo "report $*: exit $got, expected $want"; cat err.txt; fail=1
    elif [ -n "$text" ] && ! grep -q -- "$text" err.txt out.txt; then
        echo "report $*: no '$text' in:"; cat err.txt; fail=1
    fi
}

expect 0 "usage: emu86 report" --help
expect 0 "usage: emu86 report" -h
expect 2 "missing FILE.PRF" 
expect 2 "unknown option '--bogus'" s.prf --bogus
expect 2 "--format: expected text, csv or json, got 'xml'" s.prf --format xml
expect 2 "--map needs a value" s.prf --map
expect 2 "one FILE.PRF only; unexpected 'e.prf'" s.prf e.prf
expect 2 "--map-origin: expected a hex number" s.prf --map-origin zz
expect 1 "cannot read 'missing.prf'" missing.prf
printf 'abc' > odd.prf
expect 1 "odd.prf: not a PROFIL file: 3 bytes" odd.prf
head -c 20 s.prf > short.prf
expect 1 "short.prf: length 20 does not match bucket_num" short.prf
expect 1 "cannot read 'nomap.map'" s.prf --map nomap.map
printf 'garbage\n' > bad.map
expect 1 "bad.map: not a LINK map" s.prf --map bad.map
expect 1 "cannot write 'nodir/out.txt'" s.prf -o nodir/out.txt
expect 1 "cannot write 'nodir/p.svg'" s.prf --plot nodir/p.svg
expect 0 "" s.prf --map "$src/data/sample.map" --format csv -o ok.csv
[ -s ok.csv ] || { echo "no ok.csv"; fail=1; }
# the listing to standard output by default
"$cli" s.prf > stdout.txt 2>/dev/null && grep -q "emu86 profile listing" stdout.txt || { echo "no listing on stdout"; fail=1; }
# --map-origin: a LINK-made .COM linked at 100h
"$cli" e.prf --map "$src/data/sample_exe.map" --map-origin 100 > rebased.txt 2>&1 || fail=1
grep -q "_compute" rebased.txt || { echo "--map-origin lost the symbols"; fail=1; }
# a failed write leaves no file and no temporary behind
ls -a | grep -q 'tmp-' && { echo "temporary file left behind"; fail=1; }
exit $fail
