#!/usr/bin/env bash
# Times emu86 on real work: MS-DOS 2.0's MASM (1.10 by its banner), MASM 5.10 and CL 5.1 of
# MS-DOS 4.0's tools, LINK 2.0 (10 runs), SORT and FIND 2.0 on large inputs, a C program doing
# MUL/DIV on varying data, and cpubench (REPEAT=20; synthetic: not in the headline). The
# workloads (bench/workloads.sh) come from ../shared/testdata/ms-dos and bench/'s generators,
# copied into a temporary folder; each run starts from a fresh copy of its drive.
#   bench/realwork.sh [--emu2 PATH] [--dosbox PATH] [--callgrind] [--rounds N]
#                     [--only "NAME..."] [--no-append] [BUILD_DIR]
# For every workload: emulated instructions and clocks (--stats), and per configuration (emu86,
# emu86 --profil, emu86 --no-block-cache, and the peers given) the median wall time of N rounds
# (default 5), the rounds interleaved across workloads and configurations so that a slow spell
# of the host falls on all alike; MIPS and MHz; --profil's overhead; the cache's gain; each
# peer's time and the ratio emu86 --profil / peer. Headline: the geometric mean over the real
# workloads of peer time / emu86 --profil time (the speedup; issue 19 wants at least 1.5 against
# emu2). With more than one round, the overhead, the cache's gain, the peer ratios and the
# headline again by the fastest run of each and by the median of the rounds' own ratios
# (to show how far the host's noise moves them). --callgrind adds callgrind's host
# instructions per emulated instruction (emu86, --profil, --no-block-cache; deterministic:
# steadier than the times on a loaded host; slow: about 15 minutes). Every run's outputs are
# checked: emu86's against its first run, byte for byte (clocks and instruction counts too, and
# the .PRF across rounds), each peer's against emu86 (bench/same_output.py --peer names the
# harmless differences it had to allow). Appends the table to bench/RESULTS.md (not with
# --no-append).
# Exit status: 0, 1 if an output check failed, 2 if the build, ../shared or a tool is missing.
# A measurement, not a test: nothing in ctest depends on the host's speed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
die() { echo "realwork: $*" >&2; exit 2; }
emu2="" dosbox="" callgrind=0 rounds=5 only="" append=1 B=build
while [ $# -gt 0 ]; do
  case $1 in
    --emu2) [ $# -ge 2 ] || die "--emu2 needs a path"; emu2=$2; shift 2 ;;
    --dosbox) [ $# -ge 2 ] || die "--dosbox needs a path"; dosbox=$2; shift 2 ;;
    --callgrind) callgrind=1; shift ;;
    --rounds) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || die "--rounds needs a positive number"; rounds=$2; shift 2 ;;
    --only) [ $# -ge 2 ] || die "--only needs workload names"; only=$2; shift 2 ;;
    --no-append) append=0; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) B=$1; shift ;;
  esac
done
abs() { case $1 in /*) echo "$1" ;; *) echo "$root/$1" ;; esac; }
# shellcheck source=bench/workloads.sh
. bench/workloads.sh
# the options first, then what the runs need
peers=()
if [ -n "$emu2" ]; then
  emu2=$(abs "$emu2"); { [ -f "$emu2" ] && [ -x "$emu2" ]; } || die "--emu2 $emu2 is not an executable"; peers+=(emu2)
fi
if [ -n "$dosbox" ]; then
  dosbox=$(command -v "$dosbox" || abs "$dosbox")
  { [ -f "$dosbox" ] && [ -x "$dosbox" ]; } || die "--dosbox $dosbox is not an executable"; peers+=(dosbox)
fi
sel=$WORKLOADS
if [ -n "$only" ]; then
  for w in $only; do [[ " $WORKLOADS " == *" $w "* ]] || die "no workload $w (there are: $WORKLOADS)"; done
  sel=$only
fi
[ "$callgrind" = 0 ] || command -v valgrind >/dev/null || die "--callgrind needs valgrind"
emu86=$(abs "$B/emu86") CPUBENCH20=$(abs "$B/bench/cpubench20.com")
for f in "$emu86" "$CPUBENCH20"; do
  [ -e "$f" ] || die "$f is missing: build first (scripts/build.sh)"
done
command -v python3 >/dev/null || die "python3 is needed (the input generators)"
MSDOS_TREE=$(abs "${EMU86_MSDOS_TREE:-../shared/testdata/ms-dos}")
for f in $(workloads_needs); do
  [ -f "$MSDOS_TREE/$f" ] || die "$MSDOS_TREE/$f is missing: the MS-DOS tools (../shared/testdata/ms-dos, or EMU86_MSDOS_TREE) are needed"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
seeds=$tmp/seed
mkdir -p "$seeds"
workloads_make "$MSDOS_TREE" "$root/bench" "$seeds"
configs=(emu86 profil nocache "${peers[@]}")
# shellcheck source=bench/realwork_run.sh
. bench/realwork_run.sh
# shellcheck source=bench/realwork_dosbox.sh
. bench/realwork_dosbox.sh

# Reference runs, in WORKLOADS' order (link needs masm1's object, mathc needs cl's program):
# emu86 default, whose outputs every later run must give.
failed=0 refs=""
for w in $WORKLOADS; do
  if [[ " $sel " == *" $w "* || ( $w == masm1 && " $sel " == *" link "* ) ||
        ( $w == cl && " $sel " == *" mathc "* ) ]]; then refs+=" $w"; fi
done
for w in $refs; do
  case $w in
    link) cp "$tmp/ref/masm1/drive/BIG.OBJ" "$seeds/link/" ;;
    mathc) cp "$tmp/ref/cl/drive/MATHWORK.EXE" "$seeds/mathc/" ;;
  esac
  run_one emu86 "$w" "$tmp/ref/$w" >/dev/null
  rc=$(cat "$tmp/ref/$w/rc")
  if [ "$rc" -ge 124 ] || { [ -n "${MAKES[$w]}" ] && [ ! -f "$tmp/ref/$w/drive/${MAKES[$w]}" ]; }; then
    echo "realwork: $w failed under emu86 (exit $rc${MAKES[$w]:+, no ${MAKES[$w]}}); its stderr:" >&2
    cat "$tmp/ref/$w/err" >&2
    exit 1
  fi
done

# The timed rounds.
for r in $(seq "$rounds"); do
  [ -z "$dosbox" ] || dosbox_time_null
  for w in $sel; do
    for c in "${configs[@]}"; do
      d=$tmp/run/$c.$w
      run_one "$c" "$w" "$d" >>"$tmp/t.$c.$w"
      check_run "$c" "$w" "$d" "$r" || failed=1
      if [ "$r" = 1 ]; then rm -rf "$tmp/first.$c.$w"; mv "$d" "$tmp/first.$c.$w"; fi
    done
  done
done
if [ "$callgrind" = 1 ]; then
  for w in $sel; do for c in emu86 profil nocache; do ir_one "$c" "$w"; done; done
fi

# shellcheck source=bench/realwork_report.sh
. bench/realwork_report.sh
report >"$tmp/section"
cat "$tmp/section"
[ "$append" = 0 ] || cat "$tmp/section" >>bench/RESULTS.md
exit "$failed"
