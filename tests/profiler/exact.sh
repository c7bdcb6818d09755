#!/bin/sh
# The exact profile: golden callgrind and folded files, the same bytes twice, and (when
# valgrind's callgrind_annotate is installed) callgrind_annotate reads the file and finds the
# totals and the functions. Usage: exact.sh EXACT_DEMO SRC_DIR WORK_DIR
set -u
demo=$1 src=$2 work=$3
mkdir -p "$work"
cd "$work" || exit 1
fail=0
"$demo" "$src/data/sample.map" exact.callgrind exact.folded || exit 1
"$demo" "$src/data/sample.map" again.callgrind again.folded >/dev/null || exit 1
cmp -s exact.callgrind again.callgrind || { echo "second run differs: callgrind"; fail=1; }
cmp -s exact.folded again.folded || { echo "second run differs: folded"; fail=1; }
for f in exact.callgrind exact.folded; do
    if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
        cp "$f" "$src/golden/$f"
    elif ! cmp -s "$f" "$src/golden/$f"; then
        echo "golden mismatch: $f"
        diff "$src/golden/$f" "$f" | head -20
        fail=1
    fi
done
if command -v callgrind_annotate >/dev/null 2>&1; then
    callgrind_annotate --inclusive=yes exact.callgrind > annotate.raw 2> annotate.err
    status=$?
    tr -d , < annotate.raw > annotate.txt
    if [ $status -ne 0 ] || [ -s annotate.err ]; then
        echo "callgrind_annotate rejected exact.callgrind:"
        cat annotate.err
        fail=1
    fi
    total=$(sed -n 's/^totals: \([0-9]*\) .*/\1/p' exact.callgrind)
    for want in "$total" compute copy_block print_num start 0100:0010 F000:FEA5; do
        grep -q -- "$want" annotate.txt || { echo "callgrind_annotate output lacks '$want'"; fail=1; }
    done
else
    echo "callgrind_annotate not installed: format check skipped"
fi
exit $fail
