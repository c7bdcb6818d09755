#!/bin/sh
# Runs a test that needs test data (or a tool) only where it is: the data are checked when the
# test runs, not when the build is configured, so that they count as soon as they appear.
#   need-data.sh [--why TEXT] GROUP PATH COMMAND [ARGS...]
# PATH missing: prints "TEST-SKIPPED: GROUP: PATH not found (TEXT)" and exits 77 (ctest reports the
# test as skipped: SKIP_RETURN_CODE 77; scripts/test lists the reasons), except under CI=true,
# where missing data fails the test.
why='see README.md, "Tests and their data"'
if [ "$1" = --why ]; then why=$2; shift 2; fi
group=$1 path=$2
shift 2
if [ ! -e "$path" ]; then
  if [ "${CI:-}" = true ]; then
    echo "FAILED: $group: $path not found ($why), and CI=true: there nothing may be skipped"
    exit 1
  fi
  echo "TEST-SKIPPED: $group: $path not found ($why)"
  exit 77
fi
exec "$@"
