# The table of bench/realwork.sh (sourced by it, after the runs): report prints the section it
# appends to bench/RESULTS.md, from $tmp's times (t.CONFIG.NAME, one a line), reference runs'
# --stats (ref/NAME/stats), peer checks (peer.CONFIG.NAME) and callgrind counts (ir.CONFIG.NAME);
# with more than one round, the ratios again by the fastest runs and by the rounds.
# shellcheck shell=bash
# shellcheck disable=SC2154 # set by realwork.sh

median() { sort -n "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
fastest() { sort -n "$1" | head -n 1; }
# rounds A B: the median of the rounds' own ratios A / B (line by line: round by round)
rounds() { paste "$1" "$2" | awk '{print $1 / $2}' >"$tmp/ratios"; median "$tmp/ratios"; }

peer_label() {   # the peer's name, and its commit where it is a git checkout
  local p=$1 path=$emu2 c
  [ "$p" = emu2 ] || path=$dosbox
  c=$(git -C "$(dirname "$path")" rev-parse --short HEAD 2>/dev/null || true)
  echo "$p${c:+ (commit $c)}"
}

# targets DEFAULT PROFIL NOCACHE HOW < rows: issue 19's targets on the rows' fields
# (times, or Ir per instruction): --profil within 3% of the default, --no-block-cache slower
targets() {
  awk -v d="$1" -v p="$2" -v c="$3" -v how="$4" 'BEGIN {w = -1e9}
    $d + 0 > 0 {n++; o = $p / $d - 1; if (o <= 0.03) ok++; if (o > w) {w = o; wn = $1}
                if ($c > $d) slow++; else fast = fast " " $1}
    END {printf "--profil within 3%% of the default (%s): %d of %d (most: %s %+.1f%%)\n", how, ok, n, wn, w * 100
         printf "--no-block-cache slower than the default (%s): %d of %d%s\n", how, slow, n, fast ? " (not:" fast ")" : ""}'
}

report() {
  local commit cpu w c p i line rows=$tmp/rows
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  [ -z "$(git status --porcelain -- emu dos-hle profiler frontends 2>/dev/null)" ] || commit+=" (modified)"
  cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
  # the build's kind: profile-guided (scripts/build.sh) or not
  local pgo
  pgo=$(sed -n 's/^EMU86_PGO:STRING=//p' "$B/CMakeCache.txt" 2>/dev/null)
  [ "$pgo" = USE ] && cpu+=", profile-guided build" || cpu+=", build without profiles"
  : >"$rows"
  for w in $sel; do   # NAME REAL insns clocks emu86 profil nocache (times) ir*3 peer-times...
    line="$w ${REAL[$w]} $(statv "$tmp/ref/$w" instructions) $(statv "$tmp/ref/$w" cycles)"
    for c in emu86 profil nocache; do line+=" $(median "$tmp/t.$c.$w")"; done
    for c in emu86 profil nocache; do line+=" $(cat "$tmp/ir.$c.$w" 2>/dev/null || echo -)"; done
    for p in "${peers[@]}"; do
      if [ "$p" = dosbox ]; then   # less its start-up
        line+=" $(awk -v a="$(median "$tmp/t.$p.$w")" -v b="$(median "$tmp/t.dosbox0")" 'BEGIN {print a - b}')"
      else
        line+=" $(median "$tmp/t.$p.$w")"
      fi
    done
    echo "$line" >>"$rows"
  done
  echo
  echo "### $(date -u +%Y-%m-%d) commit $commit — $cpu, $(nproc) cores: real work (bench/realwork.sh, medians of $rounds)"
  echo '```'
  awk -v peers="${peers[*]}" -v ir="$callgrind" '
    BEGIN {
      np = split(peers, pn, " ")
      printf "%-9s %7s %7s | %7s %6s %6s | %8s %6s | %8s %6s", "workload", "Minsn", "Mclk",
        "emu86 s", "MIPS", "MHz", "profil s", "ovh", "nocache s", "x", ""
      for (i = 1; i <= np; i++) printf " | %7s %8s", pn[i] " s", "prof/" pn[i]
      if (ir) printf " | %7s %7s %6s", "Ir/insn", "ovh", "x"
      print ""
    }
    {
      printf "%-9s %7.1f %7.1f | %7.3f %6.1f %6.1f | %8.3f %+5.1f%% | %8.3f %6.2f", $1, $3 / 1e6,
        $4 / 1e6, $5, $3 / $5 / 1e6, $4 / $5 / 1e6, $6, ($6 / $5 - 1) * 100, $7, $7 / $5
      for (i = 1; i <= np; i++) printf " | %7.3f %8.2f", $(10 + i), $6 / $(10 + i)
      if (ir && $8 + 0 > 0 && $9 + 0 > 0 && $10 + 0 > 0)
        printf " | %7.1f %+6.1f%% %6.2f", $8, ($9 / $8 - 1) * 100, $10 / $8
      else if (ir) printf " | %7s", "failed"
      print ""
    }' "$rows"
  echo "(Minsn, Mclk: emulated instructions and clocks, millions; MIPS, MHz: emulated, by the default's"
  echo " median; ovh: --profil against the default; x: --no-block-cache time / default time; prof/PEER:"
  echo " emu86 --profil time / the peer's, below 1 when emu86 is faster; Ir/insn: callgrind's host"
  echo " instructions per emulated instruction, ovh and x as above but in Ir: deterministic)"
  [ -z "$dosbox" ] || echo "(dosbox s: less DOSBox's start-up, $(median "$tmp/t.dosbox0") s, the median of a DOSBox that starts and exits)"
  for i in "${!peers[@]}"; do
    awk -v p="${peers[i]}" -v col=$((11 + i)) '
      $2 == 1 {s += log($col / $6); n++}
      END {if (n) printf "headline: %s time / emu86 --profil time, geometric mean over %d real workloads: %.2f (issue 19 wants >= 1.5)\n", p, n, exp(s / n)}' "$rows"
  done
  targets 5 6 7 "by the medians" <"$rows"
  [ "$callgrind" = 0 ] || targets 8 9 10 "by callgrind's Ir" <"$rows"
  [ "$rounds" = 1 ] || robust
  for p in "${peers[@]}"; do
    for w in $sel; do
      [ ! -f "$tmp/peer.$p.$w" ] || echo "output of $(peer_label "$p") on $w against emu86's: $(sort -u "$tmp/peer.$p.$w" | paste -sd';')"
    done
  done
  for w in $sel; do
    [ ! -f "$tmp/bad.$w" ] || sort "$tmp/bad.$w" | uniq -c | while read -r n what; do
      echo "EMU86 OUTPUT CHECK FAILED: $w, $n run(s): $what"
    done
  done
  echo "emu86's outputs (stdout, stderr, exit, drive files, clocks, instructions; the .PRF) were the same in every run: $([ "$failed" = 0 ] && echo yes || echo NO)"
  for w in $sel; do printf '%-9s %s\n' "$w" "${DESC[$w]}"; done
  echo '```'
}

# The same ratios two more ways, to show how far the host's noise moves them (seen: one
# program's runs at 0.53 s and at 0.90 s in turn): by the fastest run of each, and by the
# median of the rounds' own ratios (a round runs a workload's configurations one after
# another, so that each ratio is of runs close in time).
robust() {
  local w c p line fr=$tmp/rows.fastest rr=$tmp/rows.rounds
  : >"$fr"; : >"$rr"
  for w in $sel; do   # NAME REAL emu86 profil nocache peers... (times; for the rounds, ratios to emu86's)
    line="$w ${REAL[$w]}"
    for c in emu86 profil nocache "${peers[@]}"; do line+=" $(fastest "$tmp/t.$c.$w")"; done
    echo "$line" >>"$fr"
    line="$w ${REAL[$w]} 1"
    for c in profil nocache; do line+=" $(rounds "$tmp/t.$c.$w" "$tmp/t.emu86.$w")"; done
    for p in "${peers[@]}"; do line+=" $(rounds "$tmp/t.profil.$w" "$tmp/t.$p.$w")"; done
    echo "$line" >>"$rr"
  done
  echo "The same by the fastest of $rounds runs (NAME:), and by the median of the $rounds rounds' own ratios"
  echo "(rounds; each round runs a workload's configurations one after another):"
  paste -d' ' "$fr" "$rr" | awk -v np="${#peers[@]}" -v peers="${peers[*]}" '
    BEGIN {
      split(peers, pn, " "); k = 5 + np   # fields of a fastest row; a rounds row follows
      printf "%-9s | %7s %7s | %7s %7s", "workload", "ovh:", "rounds", "x:", "rounds"
      for (i = 1; i <= np; i++) printf " | %9s %7s", "prof/" pn[i] ":", "rounds"
      print ""
    }
    {
      printf "%-9s | %+6.1f%% %+6.1f%% | %7.2f %7.2f", $1, ($4 / $3 - 1) * 100, ($(k + 4) - 1) * 100, $5 / $3, $(k + 5)
      for (i = 1; i <= np; i++) printf " | %9.2f %7.2f", $4 / $(5 + i), $(k + 5 + i)
      print ""
    }'
  for p in "${!peers[@]}"; do
    paste -d' ' "$fr" "$rr" | awk -v p="${peers[p]}" -v i="$p" -v np="${#peers[@]}" '
      $2 == 1 {f += log($(6 + i) / $4); r -= log($(5 + np + 6 + i)); n++}
      END {if (n) printf "headline (%s / emu86 --profil): %.2f by the fastest, %.2f by the rounds\n", p, exp(f / n), exp(r / n)}'
  done
  targets 3 4 5 "by the fastest" <"$fr"
  targets 3 4 5 "by the rounds" <"$rr"
}
