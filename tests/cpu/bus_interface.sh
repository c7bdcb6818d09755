#!/usr/bin/env bash
# The bus interface (emu/cpu/bus/bus.h): every model defines the primitives its list names and
# no other B_* name, and the interpreter uses none that is not listed. (The types of the listed
# ones are checked by the compiler: BUS_CHECK in emu/cpu/exec.inc.)
# usage: bus_interface.sh SOURCE_DIR
set -euo pipefail
src=$1
bus=$src/emu/cpu/bus/bus.h
listed=$(awk '/^#define BUS_PRIMITIVES\(X\)/ { on = 1; next } on { print; if ($0 !~ /\\$/) exit }' "$bus" |
         grep -oE 'X\([a-z0-9_]+, B_[A-Za-z0-9_]+' | grep -oE 'B_[A-Za-z0-9_]+' | sort -u)
optional="B_CALLOUT_REFUSED B_qread_hot B_rni_hot"
[ "$(echo "$listed" | wc -l)" -ge 20 ] || { echo "bus_interface: cannot read the list in $bus"; exit 1; }
allowed=$(printf '%s\n' $listed $optional | sort -u)
fail=0
# Names a model defines: a function at the start of a line, or a macro.
defined() {
  grep -hoE '^(static[^(=;]*[ *]|#define +)B_[A-Za-z0-9_]+' "$@" | grep -oE 'B_[A-Za-z0-9_]+$' | sort -u
}
for m in "$src"/emu/cpu/bus/{lazy,exact,table,null}.h "$src"/tests/cpu/biu_ref.h; do
  d=$(defined "$m")
  extra=$(comm -23 <(echo "$d") <(echo "$allowed"))
  missing=$(comm -13 <(echo "$d") <(echo "$listed"))
  if [ -n "$extra" ]; then
    echo "FAIL: ${m#$src/} defines $(echo $extra) not in the bus interface (emu/cpu/bus/bus.h)"; fail=1
  fi
  if [ -n "$missing" ]; then
    echo "FAIL: ${m#$src/} lacks $(echo $missing) of the bus interface (emu/cpu/bus/bus.h)"; fail=1
  fi
done
used=$(cat "$src"/emu/cpu/exec.inc "$src"/emu/cpu/exec/*.inc "$src"/emu/cpu/muldiv.h |
       grep -oE '\bB_[A-Za-z0-9_]+' | sort -u)
extra=$(comm -23 <(echo "$used") <(echo "$allowed"))
if [ -n "$extra" ]; then
  echo "FAIL: the interpreter (emu/cpu/exec*) uses $(echo $extra), not in emu/cpu/bus/bus.h"; fail=1
fi
[ $fail = 0 ] && echo "bus interface: $(echo $listed | wc -w) primitives, 5 models agree"
exit $fail
