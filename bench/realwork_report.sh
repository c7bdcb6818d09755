# The table of bench/realwork.sh (sourced by it, after the runs): report prints the section it
# appends to bench/RESULTS.md, from $tmp's times (t.CONFIG.NAME, one a line), reference runs'
# --stats (ref/NAME/stats), peer checks (peer.CONFIG.NAME) and callgrind counts (ir.NAME).
# shellcheck shell=bash
# shellcheck disable=SC2154 # set by realwork.sh

median() { sort -n "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

peer_label() {   # the peer's name, and its commit where it is a git checkout
  local p=$1 path=$emu2 c
  [ "$p" = emu2 ] || path=$dosbox
  c=$(git -C "$(dirname "$path")" rev-parse --short HEAD 2>/dev/null || true)
  echo "$p${c:+ (commit $c)}"
}

report() {
  local commit cpu w c p i line rows=$tmp/rows
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  [ -z "$(git status --porcelain -- emu dos-hle profiler frontends 2>/dev/null)" ] || commit+=" (modified)"
  cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
  : >"$rows"
  for w in $sel; do   # NAME REAL insns clocks emu86 profil nocache ir peer-medians...
    line="$w ${REAL[$w]} $(statv "$tmp/ref/$w" instructions) $(statv "$tmp/ref/$w" cycles)"
    for c in emu86 profil nocache; do line+=" $(median "$tmp/t.$c.$w")"; done
    line+=" $(cat "$tmp/ir.$w" 2>/dev/null || echo -)"
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
      if (ir) printf " | %7s", "Ir/insn"
      print ""
    }
    {
      printf "%-9s %7.1f %7.1f | %7.3f %6.1f %6.1f | %8.3f %+5.1f%% | %8.3f %6.2f", $1, $3 / 1e6,
        $4 / 1e6, $5, $3 / $5 / 1e6, $4 / $5 / 1e6, $6, ($6 / $5 - 1) * 100, $7, $7 / $5
      for (i = 1; i <= np; i++) printf " | %7.3f %8.2f", $(8 + i), $6 / $(8 + i)
      if (ir) printf " | %7s", $8
      print ""
    }' "$rows"
  echo "(Minsn, Mclk: emulated instructions and clocks, millions; MIPS, MHz: emulated, by the default's"
  echo " median; ovh: --profil against the default; x: --no-block-cache time / default time; prof/PEER:"
  echo " emu86 --profil time / the peer's, below 1 when emu86 is faster)"
  [ -z "$dosbox" ] || echo "(dosbox s: less DOSBox's start-up, $(median "$tmp/t.dosbox0") s, the median of a DOSBox that starts and exits)"
  for i in "${!peers[@]}"; do
    awk -v p="${peers[i]}" -v col=$((9 + i)) '
      $2 == 1 {s += log($col / $6); n++}
      END {if (n) printf "headline: %s time / emu86 --profil time, geometric mean over %d real workloads: %.2f (issue 19 wants >= 1.5)\n", p, n, exp(s / n)}' "$rows"
  done
  awk '{n++} $6 / $5 - 1 <= 0.03 {ok++} $6 / $5 - 1 > w {w = $6 / $5 - 1; wn = $1}
       $7 > $5 {slow++} $7 <= $5 {fast = fast " " $1}
    END {printf "--profil within 3%% of the default: %d of %d (most: %s %+.1f%%)\n", ok, n, wn, w * 100
         printf "--no-block-cache slower than the default: %d of %d%s\n", slow, n, fast ? " (not:" fast ")" : ""}' "$rows"
  for p in "${peers[@]}"; do
    for w in $sel; do
      [ ! -f "$tmp/peer.$p.$w" ] || echo "output of $(peer_label "$p") on $w against emu86's: $(sort -u "$tmp/peer.$p.$w" | paste -sd';')"
    done
  done
  for w in $sel; do [ ! -f "$tmp/bad.$w" ] || echo "EMU86 OUTPUT CHECK FAILED: $w: $(paste -sd';' "$tmp/bad.$w")"; done
  echo "emu86's outputs (stdout, stderr, exit, drive files, clocks, instructions; the .PRF) were the same in every run: $([ "$failed" = 0 ] && echo yes || echo NO)"
  for w in $sel; do printf '%-9s %s\n' "$w" "${DESC[$w]}"; done
  echo '```'
}
