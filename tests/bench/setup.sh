# Sourced by tests/bench's scripts on bench/'s Python tools: skipped (77) without python3; a
# temporary folder $dir removed at exit; bad MESSAGE prints a failure and sets fail=1.
# shellcheck shell=bash
command -v python3 >/dev/null || { echo "SKIPPED: no python3 (bench/'s scripts need it)"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
