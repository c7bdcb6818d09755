#!/usr/bin/env bash
# The rule "no product file over 800 lines": every .c, .h, .inc and .asm under the product's
# folders (emu, dos-hle, profiler, disasm, frontends, roms-free) has at most 800 lines. The files
# named in the allow-list (one path a line, relative to SOURCE_DIR; '#' comments) are still being
# split: they may be longer, and a listed file that has come within the limit fails the test too,
# so that the list only shrinks. Each offender is printed on a line of its own.
#   file_sizes.sh SOURCE_DIR [ALLOW_LIST]   (default: tests/harness/file_sizes_allowed.txt)
set -uo pipefail
src=$1
allow=${2:-$src/tests/harness/file_sizes_allowed.txt}
max=800
[ -d "$src" ] || { echo "file_sizes: no folder $src" >&2; exit 2; }
[ -f "$allow" ] || { echo "file_sizes: no allow-list $allow" >&2; exit 2; }
listed=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$allow" | grep -v '^$' || true)
bad=0 n=0
while IFS= read -r f; do
  n=$((n + 1))
  lines=$(wc -l <"$src/$f")
  if grep -qxF -- "$f" <<<"$listed"; then
    if [ "$lines" -le $max ]; then
      echo "FAIL: $f has $lines lines, within $max: remove it from $(basename "$allow")"
      bad=1
    fi
  elif [ "$lines" -gt $max ]; then
    echo "FAIL: $f has $lines lines (at most $max)"
    bad=1
  fi
done < <(cd "$src" && find emu dos-hle profiler disasm frontends roms-free -type f \
           \( -name '*.c' -o -name '*.h' -o -name '*.inc' -o -name '*.asm' \) 2>/dev/null | LC_ALL=C sort)
while IFS= read -r f; do
  [ -z "$f" ] || [ -f "$src/$f" ] || { echo "FAIL: $f is in $(basename "$allow") but not a file"; bad=1; }
done <<<"$listed"
[ $n -gt 0 ] || { echo "FAIL: no product files found under $src"; exit 1; }
[ $bad = 0 ] && echo "file_sizes: $n files, none over $max lines but the $(grep -c . <<<"$listed") allowed"
exit $bad
