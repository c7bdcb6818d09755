#!/bin/sh
# Golden files of the report, the plot and the sample .PRF writer. Usage:
#   golden.sh MAKE_SAMPLES REPORT_CLI SRC_DIR WORK_DIR
# With UPDATE_GOLDEN=1 the golden files are rewritten instead (commit them with the reason).
set -u
make_samples=$1 cli=$2 src=$3 work=$4
gold=$src/golden data=$src/data
mkdir -p "$work"
fail=0

check() { # NAME: compare $work/NAME with $gold/NAME
    if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
        cp "$work/$1" "$gold/$1"
    elif ! cmp -s "$work/$1" "$gold/$1"; then
        echo "golden mismatch: $1 (diff $gold/$1 $work/$1)"
        diff "$gold/$1" "$work/$1" | head -20
        fail=1
    fi
}

"$make_samples" "$work/sample_com.prf" "$work/sample_exe.prf" || exit 1
check sample_com.prf
check sample_exe.prf

run() { # OUT ARGS...: the report into $work/OUT
    out=$1
    shift
    if ! "$cli" "$@" -o "$work/$out"; then
        echo "report failed: $*"
        fail=1
    fi
    check "$out"
}

cd "$work"   # file names in the listings are as given: relative, the same on every host
run com_nasm.txt sample_com.prf --map "$data/sample.map"
run com_nasm.csv sample_com.prf --map "$data/sample.map" --format csv
run com_nasm.json sample_com.prf --map "$data/sample.map" --format json
run com_nomap.txt sample_com.prf
run exe_link.txt sample_exe.prf --map "$data/sample_exe.map"
run exe_link_all.csv sample_exe.prf --map "$data/sample_exe.map" --format csv --all
run exe_link.json sample_exe.prf --map "$data/sample_exe.map" --format json --plot exe_link.svg
check exe_link.svg
run com_nasm_plot.txt sample_com.prf --map "$data/sample.map" --plot com_nasm.svg
check com_nasm.svg

# the same run twice: the same bytes
"$cli" sample_com.prf --map "$data/sample.map" --format json -o again.json --plot again.svg || fail=1
cmp -s again.json com_nasm.json || { echo "second run differs: json"; fail=1; }
cmp -s again.svg com_nasm.svg || { echo "second run differs: svg"; fail=1; }
exit $fail
