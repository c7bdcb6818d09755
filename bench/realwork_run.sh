# Running one workload in one configuration, and checking what it gave (sourced by
# bench/realwork.sh, which sets emu86, emu2, dosbox, seeds, tmp, root and the workload arrays).
#   run_one CONFIG NAME DIR    a fresh copy of the drive in DIR/drive, the run with DIR/out,
#                              DIR/err, DIR/rc (and DIR/stats from emu86); prints the seconds
#   check_run CONFIG NAME DIR ROUND   DIR against the reference run; false if emu86's differs
#   ir_one CONFIG NAME         callgrind's Ir per emulated instruction into $tmp/ir.CONFIG.NAME
# shellcheck shell=bash
# shellcheck disable=SC2154 # set by realwork.sh
EPOCH=1988-10-10T10:10:10   # a two-digit month and day: dates as wide as in most of the year

# build_cmd CONFIG NAME DIR: sets cmd (the command), cwd (where it runs), in (its stdin)
build_cmd() {
  local c=$1 w=$2 d=$3
  in=/dev/null
  [ -z "${STDIN[$w]:-}" ] || in=$seeds/${STDIN[$w]}
  case $c in
    emu86|profil|nocache)
      cmd=("$emu86" --frontend stdio --no-progress --stats --epoch "$EPOCH" --drive "C=$d/drive")
      [ "$c" != profil ] || cmd+=(--profil="$d/run.PRF")
      [ "$c" != nocache ] || cmd+=(--no-block-cache)
      cmd+=("$d/drive/${PROG[$w]}")
      cwd=$d ;;
    emu2)
      cmd=("$emu2" "${PROG[$w]}")
      cwd=$d/drive ;;
    dosbox)
      dosbox_cmd "$w" "$d"
      cwd=$d ;;
  esac
  if [ "$c" != dosbox ] && [ -n "${TAIL[$w]}" ]; then cmd+=("${TAIL[$w]}"); fi
  # emu2's COMMAND.COM 2.0 reloads its transient part from COMSPEC (else it asks for a disk)
  if [ "$c" = emu2 ] && [ "${PROG[$w]}" = COMMAND.COM ]; then cmd+=(-- 'COMSPEC=C:\COMMAND.COM'); fi
}

# split_stats DIR: emu86's --stats lines (at the end of DIR/err) moved into DIR/stats
split_stats() {
  python3 - "$1" <<'EOF'
import re, sys
d = sys.argv[1]
err = open(d + "/err", "rb").read()
m = re.search(rb"cycles \d+\ninstructions \d+\nticks \d+\nexit -?\d+\n\Z", err)
if not m:
    sys.exit("realwork: no --stats lines in " + d + "/err")
open(d + "/stats", "wb").write(m.group(0))
open(d + "/err", "wb").write(err[:m.start()])
EOF
}

run_one() {
  local c=$1 w=$2 d=$3 t0 t1 rc cmd cwd in
  rm -rf "$d"; mkdir -p "$d"; cp -r "$seeds/$w" "$d/drive"
  build_cmd "$c" "$w" "$d"
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086 # ENV2 is words (NAME=VALUE ...)
  (cd "$cwd" && export EMU2_DRIVE_C="$d/drive" ${ENV2[$w]:-} &&
    exec timeout --foreground 600 "${cmd[@]}" <"$in" >"$d/out" 2>"$d/err") && rc=0 || rc=$?
  t1=$(date +%s.%N)
  echo "$rc" >"$d/rc"
  case $c in emu86|profil|nocache) split_stats "$d" ;; esac
  [ "$c" != dosbox ] || dosbox_collect "$d"
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f\n", b - a}'
}

# statv DIR NAME: a --stats value of the run in DIR
statv() { awk -v k="$2" '$1 == k {print $2}' "$1/stats"; }

check_run() {
  local c=$1 w=$2 d=$3 r=$4 ref=$tmp/ref/$2 got k bad=""
  case $c in
    emu86|profil|nocache)
      # (--profil's stderr has its own warnings: the same from round to round, below)
      got=$(python3 bench/same_output.py $([ "$c" = profil ] && echo --no-err) "$ref" "$d") || bad="outputs: $got"
      for k in cycles instructions exit; do
        [ "$(statv "$d" $k)" = "$(statv "$ref" $k)" ] || bad+=" $k $(statv "$d" $k) (first run: $(statv "$ref" $k))"
      done
      if [ "$c" = profil ] && [ "$r" != 1 ]; then
        [ "$(statv "$d" ticks)" = "$(statv "$tmp/first.$c.$w" ticks)" ] || bad+=" ticks differ between rounds"
        cmp -s "$d/run.PRF" "$tmp/first.$c.$w/run.PRF" || bad+=" the .PRF differs between rounds"
        cmp -s "$d/err" "$tmp/first.$c.$w/err" || bad+=" stderr differs between rounds"
      fi
      if [ -n "$bad" ]; then
        echo "realwork: $w, $c, round $r: not the first run's:$bad" >&2
        echo "$c:$bad" >>"$tmp/bad.$w"
        return 1
      fi ;;
    *) python3 bench/same_output.py --peer "$ref" "$d" >>"$tmp/peer.$c.$w" || true ;;
  esac
}

ir_one() {
  local c=$1 w=$2 d=$tmp/ir/$1.$2 cmd cwd in
  rm -rf "$d"; mkdir -p "$d"; cp -r "$seeds/$w" "$d/drive"
  build_cmd "$c" "$w" "$d"
  (cd "$cwd" && valgrind --tool=callgrind --callgrind-out-file=/dev/null "${cmd[@]}" <"$in" \
    >/dev/null 2>"$d/err") || true
  awk '/I +refs:/ {gsub(",", "", $NF); i = $NF} $1 == "instructions" {n = $2}
    END {if (i && n) printf "%.1f\n", i / n; else print "failed"}' "$d/err" >"$tmp/ir.$c.$w"
}
