#!/bin/sh
# Runs a guest with two builds of guestrun and requires identical output and statistics.
#   compare_builds.sh BUILD_A BUILD_B GUEST [ARGS...]
a=$1 b=$2; shift 2
oa=$("$a" --stats "$@" 2>&1); ob=$("$b" --stats "$@" 2>&1)
if [ "$oa" != "$ob" ]; then
  echo "builds differ:"; printf '%s\n' "$oa" > /tmp/cmp_a.$$; printf '%s\n' "$ob" | diff /tmp/cmp_a.$$ -; rm -f /tmp/cmp_a.$$
  exit 1
fi
printf '%s\n' "$oa" | tail -3
