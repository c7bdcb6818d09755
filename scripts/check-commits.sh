#!/usr/bin/env bash
# Checks the habits of commit messages on the commits since a start point (history written
# before the rule is left alone):
#   - the subject (first line) is not empty and has at most 72 characters;
#   - a commit that is not a merge and changes more than 5 lines has a body, after a blank line,
#     that says why.
#   scripts/check-commits.sh [RANGE]   (default START..HEAD)
# START is the commit before the rule (below; EMU86_COMMITS_SINCE overrides it). In a shallow
# clone that lacks it, only HEAD is checked, and the script says so; outside a git clone
# nothing is (a failure under CI=true). Exit status 1 lists every
# commit that breaks a rule, one line each; 2 for a bad range.
set -uo pipefail
START=${EMU86_COMMITS_SINCE:-b80259ab07c9610dbbbbdace29147c7d5b8cee4f}
MAX=72 TRIVIAL=5
cd "$(git rev-parse --show-toplevel 2>/dev/null || echo .)" || exit 2
if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "check-commits: not in a git clone: no commits checked"
  [ "${CI:-}" = true ] && exit 1 # (in CI nothing is skipped)
  exit 0
fi
if [ $# -ge 1 ]; then
  range=$1
elif git cat-file -e "$START^{commit}" 2>/dev/null; then
  range=$START..HEAD
else
  echo "check-commits: the start commit $START is not in this clone (shallow?): HEAD only"
  range=HEAD~1..HEAD
  git cat-file -e HEAD~1 2>/dev/null || range=HEAD
fi
commits=$(git rev-list --no-merges "$range" 2>/dev/null) || { echo "check-commits: bad range $range" >&2; exit 2; }
merges=$(git rev-list --merges "$range")
bad=0 n=0
for c in $commits $merges; do
  n=$((n + 1))
  short=$(git rev-parse --short "$c")
  subject=$(git log -1 --format=%s "$c")
  len=${#subject}
  if [ "$len" -eq 0 ]; then
    echo "$short: empty subject"; bad=1
  elif [ "$len" -gt $MAX ]; then
    echo "$short: subject of $len characters (at most $MAX): $subject"; bad=1
  fi
  grep -qx "$c" <<<"$merges" && continue
  body=$(git log -1 --format=%b "$c" | grep -v '^[[:space:]]*$' | grep -v -i '^[a-z-]*-by:' || true)
  changed=$(git show --numstat --format= "$c" | awk '{ if ($1 != "-") n += $1 + $2 } END { print n + 0 }')
  if [ -z "$body" ] && [ "$changed" -gt $TRIVIAL ]; then
    echo "$short: no body saying why ($changed lines changed): $subject"; bad=1
  fi
done
[ $bad = 0 ] && echo "check-commits: $n commits in $range: subjects within $MAX characters, bodies where needed"
exit $bad
