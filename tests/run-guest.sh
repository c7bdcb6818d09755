#!/bin/sh
# Runs a guest command and compares its stdout with an expected file (CR removed).
#   run-guest.sh EXPECTED COMMAND [ARGS...]
exp=$1; shift
out=$("$@" | tr -d '\r'); status=$?
if [ "$out" != "$(cat "$exp")" ]; then
  echo "output differs from $exp:"
  printf '%s\n' "$out" | diff -u "$exp" - ; exit 1
fi
exit 0
