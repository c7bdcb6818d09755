#!/usr/bin/env bash
# What a ctest run's summary does not say: the tests it skipped, grouped by the reason each gave
# (its TEST-SKIPPED line), and the known differences passing tests reported (KNOWN DIFFERENCE
# lines: tests/realprogs/cache_diff_known.txt).
#   scripts/ctest-notes.sh JUNIT.xml      (from ctest --output-junit)
# Prints nothing when there is nothing to say.
set -euo pipefail
awk '
  function unxml(s) { gsub(/&quot;/, "\"", s); gsub(/&apos;/, "\047", s); gsub(/&lt;/, "<", s);
                      gsub(/&gt;/, ">", s); gsub(/&amp;/, "\\&", s); return s }
  function done_case() {
    if (name != "" && skipped) {
      r = reason != "" ? reason : "(the test gave no reason: no TEST-SKIPPED line)"
      if (!(r in n)) order[++nr] = r
      names[r] = names[r] (n[r]++ ? ", " : "") name
    }
    name = ""; skipped = 0; reason = ""
  }
  /<testcase / { done_case(); match($0, /name="[^"]*"/); name = unxml(substr($0, RSTART + 6, RLENGTH - 7)) }
  /<skipped / { skipped = 1 }
  { line = $0; sub(/^.*<system-out>/, "", line)
    if (reason == "" && match(line, /TEST-SKIPPED: .*/)) reason = unxml(substr(line, RSTART + 14))
    if (match(line, /KNOWN DIFFERENCE.*/)) known[++nk] = name ": " unxml(substr(line, RSTART)) }
  END { done_case()
        for (i = 1; i <= nr; i++) printf "skipped: %d test%s (%s): %s\n", n[order[i]], (n[order[i]] > 1 ? "s" : ""), names[order[i]], order[i]
        for (i = 1; i <= nk; i++) printf "known: %s\n", known[i] }
' "$1"
