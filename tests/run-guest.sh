#!/bin/sh
# Runs a guest command; its stdout (CR removed) must equal the expected file byte for byte
# (trailing newlines included) and its exit status must be N (default 0).
#   run-guest.sh EXPECTED [--exit N] COMMAND [ARGS...]
exp=$1; shift
want=0
if [ "$1" = --exit ]; then want=$2; shift 2; fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$@" > "$tmp/raw"; status=$?
tr -d '\r' < "$tmp/raw" > "$tmp/out" || exit 2
fail=0
if ! cmp -s "$exp" "$tmp/out"; then
  echo "output differs from $exp:"
  diff -u "$exp" "$tmp/out"
  cmp "$exp" "$tmp/out" # (names the first differing byte, or the shorter file: a lost newline)
  fail=1
fi
if [ "$status" != "$want" ]; then
  echo "exit status $status, expected $want"
  fail=1
fi
exit $fail
