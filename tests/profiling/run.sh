#!/usr/bin/env bash
# End-to-end profiling tests: emu86 runs a NASM guest with profiling options and the outputs
# are checked against PROFIL's formulas, the guests' maps, each other, and golden files.
#   run.sh TEST EMU86 GUESTS_DIR SOURCE_DIR WORK_DIR
# UPDATE_GOLDEN=1 rewrites the golden files (say why in the commit).
set -uo pipefail
test=$1 E=$2 G=$3 S=$4 W=$5
rm -rf "$W" && mkdir -p "$W" && cd "$W" || exit 1
# the guests are run from here by relative names, so that outputs that name the program (the
# callgrind header) are the same wherever the build is
cp "$G"/*.com "$G"/*.exe "$G"/*.map "$G"/*.lst . && G=. || exit 1

fail() { echo "FAIL ($test): $*" >&2; exit 1; }
# the .PRF's 16-bit words, one per line
words() { od -An -tu2 -v "$1" | tr -s ' ' '\n' | sed '/^$/d'; }
word() { words "$1" | sed -n "$(($2 + 1))p"; }
sum_words_from() { words "$1" | tail -n +$(($2 + 1)) | awk '{s += $1} END {print s + 0}'; }
# the sum of 32-bit little-endian counters in bytes [from, to) of a file
sum32() { od -An -tu4 -v -j "$2" -N $(($3 - $2)) "$1" | tr -s ' ' '\n' | awk '{s += $1} END {print s + 0}'; }
sum16() { od -An -tu2 -v -j "$2" -N $(($3 - $2)) "$1" | tr -s ' ' '\n' | awk '{s += $1} END {print s + 0}'; }
stat_of() { awk -v k="$1" '$1 == k {print $2}' stats.txt; }
# run emu86 with --stats; the statistics go to stats.txt, the guest's output to out.txt
run() { "$E" --stats "$@" >out.txt 2>stats.txt; echo $? >status.txt; }
status() { cat status.txt; }
golden() { # golden NAME FILE
  if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then cp "$2" "$S/golden/$1"; return; fi
  cmp -s "$S/golden/$1" "$2" || { diff <(od -c "$S/golden/$1") <(od -c "$2") | head -20; fail "$2 differs from golden/$1"; }
}
# hits of the report's bucket rows, "paragraph hits symbol" per line, by hits descending
ranked() { "$E" report "$@" --format csv | awk -F, '$1 == "bucket" {print $3, $6, $5}' | sort -k2,2nr -k1,1; }
within() { # within A B NUM DEN: A/B is NUM/DEN within 15%
  awk -v a="$1" -v b="$2" -v n="$3" -v d="$4" 'BEGIN {r = a * d / (b * n); exit !(r > 0.85 && r < 1.15)}'
}
# the PROFIL invariants of any .PRF: its length, bucket_num from the size, and that every
# sample is counted once (no counter wrapped in these runs)
check_prf() { # check_prf FILE TICKS
  local n len
  n=$(word "$1" 1)
  len=$(stat -c %s "$1")
  [ "$len" = $((2 * (9 + n))) ] || fail "$1: $len bytes for $n buckets"
  [ "$n" = $(( ($(word "$1" 4) - $(word "$1" 3)) / $(word "$1" 2) + 1 )) ] || fail "$1: bucket_num $n"
  # 16-bit counters wrap (as PROFIL's did): they add up to the ticks modulo 65536 (a run stopped
  # by a host signal after a fixed wall time can pass 65,535 ticks in one bucket on a fast host)
  [ $(( $(sum_words_from "$1" 6) % 65536 )) = $(( $2 % 65536 )) ] ||
    fail "$1: counters add up to $(sum_words_from "$1" 6), not the $2 ticks (modulo 65536)"
  "$E" report "$1" >/dev/null || fail "emu86 report rejects $1"
}

case $test in
prf_header)
  # .COM: size = file size rounded up to a paragraph; low = PSP + 10h = 0410h; dos_pa = the
  # INT 20h vector's segment, 0100h
  bytes=$(stat -c %s "$G/hot.com")
  size=$(( (bytes + 15) / 16 ))
  for b in 1 3 16 200; do
    run --profil=h$b.PRF --bucket $b --grain 500 "$G/hot.com"
    [ "$(status)" = 0 ] || fail "exit status $(status)"
    h=($(words h$b.PRF | head -9))
    [ "${h[0]}" = 500 ] || fail "clock_grain ${h[0]}"
    [ "${h[1]}" = $((size / b + 1)) ] || fail "bucket_num ${h[1]} for bucket $b (size $size)"
    [ "${h[2]}" = $b ] || fail "bucket_siz ${h[2]}"
    [ "${h[3]}" = $((0x410)) ] || fail "prog_low_pa ${h[3]}"
    [ "${h[4]}" = $((0x410 + size)) ] || fail "prog_high_pa ${h[4]}"
    [ "${h[5]}" = $((0x100)) ] || fail "dos_pa ${h[5]}"
    check_prf h$b.PRF "$(stat_of ticks)"
  done
  # the number of samples follows the clock: one per grain (597 PIT clocks, 2,388 CPU clocks)
  # of the program's run (the run less the boot's few thousand clocks)
  run --profil=e.PRF --sample exact --grain 500 "$G/hot.com"
  cyc=$(stat_of cycles) ticks=$(stat_of ticks)
  [ "$ticks" -le $((cyc / (597 * 4))) ] && [ "$ticks" -ge $((cyc / (597 * 4) - 10)) ] ||
    fail "$ticks ticks for $cyc clocks at 500 us"
  # the default name: the program's name with .PRF, in the current folder
  cp "$G/hot.com" Prog.Com
  run --profil ./Prog.Com
  [ -f Prog.PRF ] || fail "no Prog.PRF (files: $(ls))"
  ;;
prf_hotspots)
  # hot, warm and cold run 4:2:1; the map names the buckets
  run --profil=hot.PRF "$G/hot.com"
  check_prf hot.PRF "$(stat_of ticks)"
  ranked hot.PRF --map "$G/hot.map" >ranked.txt
  mapfile -t r <ranked.txt
  set -- ${r[0]} ${r[1]} ${r[2]}
  [ "$3 $6 $9" = "hot warm cold" ] || fail "hottest buckets: ${r[*]}"
  [ "$1 $4 $7" = "0412 0413 0414" ] || fail "paragraphs of hot, warm, cold: $1 $4 $7"
  within "$2" "$5" 2 1 && within "$5" "$8" 2 1 || fail "hot:warm:cold = $2:$5:$8, not 4:2:1"
  # the symbols' addresses come from the guest's own map (as offsets from the load segment)
  [ "$("$E" report hot.PRF --map "$G/hot.map" --format csv | awk -F, '$1 == "bucket" && $5 == "hot" {print $4}')" = 0020 ] ||
    fail "hot is not listed at 0020"
  ;;
prf_exe)
  # .EXE: 3 pages = 96 paragraphs (the header included), 97 buckets; the loop at image offset
  # 100h is paragraph 10h of the image
  run --profil=e.PRF "$G/hotexe.exe"
  h=($(words e.PRF | head -9))
  [ "${h[1]} ${h[3]} ${h[4]}" = "97 $((0x410)) $((0x410 + 96))" ] || fail "header ${h[*]}"
  check_prf e.PRF "$(stat_of ticks)"
  top=$(ranked e.PRF --map "$G/hotexe.map" --map-origin 20 | head -1)
  [ "$top" = "0420 $(word e.PRF $((9 + 16))) spin" ] || fail "hottest bucket: $top"
  # a .COM named .EXE and an .EXE named .COM: the MZ signature decides, not the name
  cp "$G/hotexe.exe" disguised.com
  run --profil=d.PRF ./disguised.com
  [ "$(word d.PRF 1)" = 97 ] || fail "an MZ file named .COM was not sized as an .EXE"
  ;;
prf_rules)
  # IRQ rule: ticks while IF=0 wait and merge (a pending IRQ0), and land after STI's shadow;
  # exact rule: they land in the masked loop (paragraph 0415h)
  run --profil=irq.PRF "$G/hot.com"
  irq_masked=$(word irq.PRF $((9 + 5))) irq_landing=$(word irq.PRF $((9 + 6)))
  run --profil=exact.PRF --sample exact "$G/hot.com"
  ex_masked=$(word exact.PRF $((9 + 5))) ex_landing=$(word exact.PRF $((9 + 6)))
  [ "$irq_masked $irq_landing" = "0 1" ] || fail "IRQ rule: masked loop $irq_masked, landing $irq_landing"
  [ "$ex_landing" = 0 ] && [ "$ex_masked" -ge 9 ] && [ "$ex_masked" -le 12 ] ||
    fail "exact rule: masked loop $ex_masked, landing $ex_landing (the loop is ~51,000 clocks: 10-11 ticks)"
  ;;
prf_wrap)
  # over 65,535 samples in one bucket: the counter wraps as PROFIL's INC did
  run --profil=w.PRF --grain 60 --bucket 16 "$G/wrap.com"
  ticks=$(stat_of ticks)
  [ "$ticks" -gt 65535 ] || fail "only $ticks ticks"
  b=$(word w.PRF 9) others=$(( $(word w.PRF 6) + $(word w.PRF 7) + $(word w.PRF 8) ))
  [ "$b" = $(( (ticks - others) % 65536 )) ] || fail "bucket $b, expected ($ticks - $others) mod 65536"
  # ... and it is said: which bucket, how often, what it holds, the grain that avoids it
  full=$((ticks - others))
  grep -q "^emu86: w.PRF: bucket 0 (offset 0000, in start) counted $full samples: its 16-bit counter wrapped once and holds $b, as PROFIL's would\$" stats.txt ||
    fail "no warning of the wrapped counter: $(cat stats.txt)"
  g=$(sed -n 's/.*to keep every counter below 65536: --grain \([0-9]*\) or more$/\1/p' stats.txt)
  [ -n "$g" ] || fail "no grain suggested: $(cat stats.txt)"
  run --profil=w2.PRF --grain "$g" --bucket 16 "$G/wrap.com"
  grep -q wrapped stats.txt && fail "--grain $g still wraps: $(cat stats.txt)"
  # the report of emu86's .PRF shows the full count (from the sidecar), PROFIL's readers the
  # .PRF's own; the .PRF is PROFIL's format to the byte (its length, its counter)
  "$E" report w.PRF >rep.txt || fail "emu86 report w.PRF: exit $?"
  grep -q "^ *$full  0000 " rep.txt || fail "the report does not show bucket 0's $full samples: $(cat rep.txt)"
  grep -q "^wrapped: bucket 0 (offset 0000): $full samples; the .PRF's 16-bit counter holds $b (wrapped once)\$" rep.txt ||
    fail "the report does not list the wrapped counter: $(cat rep.txt)"
  [ "$(stat -c %s w.PRF)" = $((2 * (9 + $(word w.PRF 1)))) ] || fail "w.PRF is not PROFIL's length"
  "$E" report w.PRF --no-sidecar --format csv | grep -q "^bucket,0,0410,0000,,$b," ||
    fail "--no-sidecar: not the .PRF's counter"
  # a sidecar of another run is not used, and the report says so
  cp w.PRF.emu86 w2.PRF.emu86
  "$E" report w2.PRF >rep2.txt 2>err.txt || fail "emu86 report w2.PRF with a stale sidecar: exit $?"
  grep -q "w2.PRF.emu86 ignored: its header is not the .PRF's (written by another run?)" err.txt ||
    fail "no word of the stale sidecar: $(cat err.txt)"
  grep -q "^counts:" rep2.txt && fail "a stale sidecar's counts were used"
  ;;
names)
  # without a map: the routines found in the code (the calls' targets), named by their offsets
  # (hot is at 0020: sub_0020), in the report, the plot, the callgrind file and the folded
  # stacks alike; the same numbers as with the map's names
  run --profil=n.PRF --exact-profile=n.cg --folded=n.folded --plot=n.svg "$G/hot.com"
  "$E" report n.PRF --sort time --top 3 --format csv >n.csv || fail "report: exit $?"
  "$E" report hot.PRF --map "$G/hot.map" --sort time --top 3 --format csv >/dev/null 2>&1
  mapfile -t r < <(awk -F, '$1 == "routine" {print $4, $5}' n.csv)
  [ "${r[*]}" = "0020 sub_0020 0030 sub_0030 0040 sub_0040" ] || fail "routines without a map: ${r[*]}"
  grep -q "fn=([0-9]*) sub_0020$" n.cg || fail "callgrind: no sub_0020"
  grep -q "^start;sub_0020 " n.folded || fail "folded: no start;sub_0020"
  grep -q ">sub_0020<" n.svg || fail "plot: no sub_0020"
  grep -q "^name 0040 sub_0040$" n.PRF.emu86 || fail "sidecar: no sub_0040"
  grep -q "^program $G/hot.com$" n.PRF.emu86 || fail "sidecar: no program line"
  # with the map its names win, and the shares are the same
  run --profil=m.PRF --map "$G/hot.map" "$G/hot.com"
  "$E" report m.PRF --sort time --top 3 --format csv | awk -F, '$1 == "routine" {print $5, $7}' >m.txt
  awk -F, '$1 == "routine" {print $5, $7}' n.csv | sed 's/sub_0020/hot/; s/sub_0030/warm/; s/sub_0040/cold/' >n.txt
  cmp -s m.txt n.txt || fail "with the map: $(cat m.txt); without: $(cat n.txt)"
  # NASM's listing names them as its map does
  "$E" report n.PRF --map "$G/hot.lst" --sort time --top 3 --format csv | awk -F, '$1 == "routine" {print $5, $7}' >l.txt
  cmp -s m.txt l.txt || fail "with the listing: $(cat l.txt); with the map: $(cat m.txt)"
  # the exact profile agrees: hot's share of the clocks is within 2 points of its samples'
  s=$(awk -F, '$5 == "sub_0020" {print $7}' n.csv)
  c=$("$E" report n.cg --format csv | awk -F, '$1 == "sub_0020" {print $3}')
  awk -v s="$s" -v c="$c" 'BEGIN {d = s - c; exit !(d <= 2 && d >= -2)}' || fail "hot: $s% of the samples, $c% of the clocks"
  ;;
annotate)
  # the hottest routines disassembled, with their samples and clocks per instruction: hot's
  # loop (ADD, LOOP) carries them; names for the calls' targets; both profiles of one run
  run --profil=a.PRF --exact-profile=a.cg "$G/hot.com"
  "$E" annotate a.PRF a.cg --top 2 >ann.txt || fail "annotate: exit $?"
  grep -q "^sub_0020  (offset 0020-002F; [0-9,]* samples, [0-9.]*%; [0-9,]* clocks, [0-9.]*%)$" ann.txt ||
    fail "annotate: no header for sub_0020: $(cat ann.txt)"
  grep -Eq "^ +[0-9,]+ +[0-9,]+  0023    01D8 +add ax, bx$" ann.txt || fail "annotate: no add ax, bx with its costs: $(cat ann.txt)"
  grep -Eq "^ +[0-9,]+ +[0-9,]+  0025    E2FC +loop loc_0023$" ann.txt || fail "annotate: no loop with its costs: $(cat ann.txt)"
  # the start calls them by name
  "$E" annotate a.PRF a.cg --routine start >ann2.txt || fail "annotate --routine start: exit $?"
  grep -q "call sub_0020$" ann2.txt || fail "annotate: the call is not named: $(cat ann2.txt)"
  # the .PRF alone, the exact profile alone (its program from the command it names)
  "$E" annotate a.PRF --top 1 | grep -q "^sub_0020 " || fail "annotate of the .PRF alone"
  "$E" annotate a.cg --top 1 | grep -q "^sub_0020 " || fail "annotate of the exact profile alone"
  # and with a map, its names
  "$E" annotate a.PRF a.cg --map "$G/hot.map" --top 1 | grep -q "^hot  (offset 0020" || fail "annotate with the map"
  # errors: no profile (2), an unknown routine (1), a .PRF and an exact profile of two runs (1)
  "$E" annotate 2>/dev/null; [ $? = 2 ] || fail "annotate without a profile: not exit 2"
  "$E" annotate a.PRF --routine nosuch 2>err.txt; [ $? = 1 ] && grep -q "no routine 'nosuch'" err.txt || fail "annotate --routine nosuch: $(cat err.txt)"
  run --profil=e.PRF "$G/hotexe.exe"
  "$E" annotate e.PRF a.cg 2>err.txt; [ $? = 1 ] && grep -q "not of one run" err.txt || fail "two runs: $(cat err.txt)"
  ;;
diff)
  # two runs of one program: nothing moves (exit 0, at any threshold); the same program with
  # another grain: shares move a little (0 at 2 points); hot against hotexe: they move (1)
  run --profil=a.PRF --exact-profile=a.cg "$G/hot.com"
  run --profil=b.PRF --exact-profile=b.cg "$G/hot.com"
  "$E" diff a.PRF b.PRF --threshold 0 >d.txt || fail "diff of two runs (.PRF): exit $?: $(cat d.txt)"
  "$E" diff a.cg b.cg --threshold 0 >d.txt || fail "diff of two runs (exact): exit $?: $(cat d.txt)"
  grep -q "^0 of [0-9]* moved by more than 0.0 points" d.txt || fail "diff: $(cat d.txt)"
  run --profil=c.PRF --grain 700 "$G/hot.com"
  "$E" diff a.PRF c.PRF --threshold 2 >d.txt || fail "another grain moved a share by 2 points: $(cat d.txt)"
  run --profil=x.PRF --exact-profile=x.cg "$G/hotexe.exe"
  "$E" diff a.PRF x.PRF >d.txt; [ $? = 1 ] || fail "diff hot hotexe: not exit 1: $(cat d.txt)"
  grep -q " \* " d.txt || fail "diff: no row marked: $(cat d.txt)"
  "$E" diff a.cg x.cg --threshold 100 >d.txt || fail "diff at 100 points: exit $?"
  "$E" diff a.cg x.cg --threshold 100 --total-threshold 1 >d.txt; [ $? = 1 ] || fail "--total-threshold: not exit 1: $(cat d.txt)"
  # trouble: 2
  "$E" diff a.PRF a.cg 2>err.txt; [ $? = 2 ] && grep -q "not of one kind" err.txt || fail "a .PRF and an exact profile: $(cat err.txt)"
  "$E" diff a.PRF 2>/dev/null; [ $? = 2 ] || fail "one profile: not exit 2"
  "$E" diff a.PRF nosuch.PRF 2>/dev/null; [ $? = 2 ] || fail "a missing profile: not exit 2"
  "$E" diff a.PRF b.PRF --threshold x 2>/dev/null; [ $? = 2 ] || fail "--threshold x: not exit 2"
  ;;
prf_ends)
  # the file is written however the program ends
  check_end() { # check_end NAME STATUS
    [ "$(status)" = "$2" ] || fail "$1: exit status $(status), expected $2; $(cat stats.txt)"
    [ -f "$1.PRF" ] || fail "$1: no .PRF"
    check_prf "$1.PRF" "$(stat_of ticks)"
    [ "$(stat_of ticks)" -gt 50 ] || fail "$1: only $(stat_of ticks) ticks"
  }
  run --profil=x.PRF "$G/ends.com" x; check_end x 3
  run --profil=i.PRF "$G/ends.com" i; check_end i 0
  run --profil=t.PRF "$G/ends.com" t; check_end t 0
  run --profil=k.PRF "$G/ends.com" k; check_end k 0
  printf 'ab\003cd' | run --profil=c.PRF "$G/ends.com" c; check_end c 0
  grep -q '\^C' out.txt || fail "Ctrl-C: no ^C echoed"
  run --profil=m.PRF --max-cycles 2000000 "$G/ends.com" l; check_end m 124
  ls | grep -q 'tmp-' && fail "temporary files left: $(ls)"
  exit 0
  ;;
prf_signals)
  # a host signal ends the run; the profile is still written
  for sig in INT TERM; do
    timeout --preserve-status -s $sig 0.5 "$E" --stats --profil=$sig.PRF "$G/ends.com" l >out.txt 2>stats.txt
    st=$?
    want=130; [ $sig = TERM ] && want=143
    [ $st = $want ] || fail "SIG$sig: exit status $st, expected $want"
    check_prf $sig.PRF "$(stat_of ticks)"
    grep -q 'interrupted' stats.txt || fail "SIG$sig: no message: $(cat stats.txt)"
  done
  ;;
prf_errors)
  # bad values: exit 2, one line naming the option
  for bad in "--grain 59" "--grain 65536" "--bucket 0" "--bucket 65536" "--map nosuch.map --profil"; do
    "$E" $bad "$G/hot.com" >/dev/null 2>err.txt
    st=$?
    opt=${bad%% *}
    [ $st = 2 ] || fail "'$bad': exit status $st"
    [ "$(wc -l <err.txt)" = 1 ] || fail "'$bad': not one line: $(cat err.txt)"
    grep -q -- "${opt#--}\|nosuch.map" err.txt || fail "'$bad': message does not name it: $(cat err.txt)"
  done
  # an output that cannot be written: said before the run when the folder is missing or the
  # name is a folder (exit 123, nothing run)
  mkdir adir
  for out in nodir/x.PRF adir; do
    "$E" --profil=$out "$G/hot.com" >out.txt 2>err.txt
    st=$?
    [ $st = 123 ] || fail "--profil=$out: exit status $st"
    grep -q "cannot write '$out'" err.txt || fail "--profil=$out: $(cat err.txt)"
    [ -s out.txt ] && fail "--profil=$out: the program ran"
  done
  # and after it, when the write itself fails: the message, exit 123, nothing half-written
  "$E" --profil=/proc/emu86-test.PRF "$G/hot.com" >/dev/null 2>err.txt
  st=$?
  [ $st = 123 ] || fail "--profil=/proc/...: exit status $st"
  grep -q "cannot write '/proc/emu86-test.PRF'" err.txt || fail "/proc: $(cat err.txt)"
  ;;
unix_flavours)
  # the same samples through each flavour's rule: with 2 bytes per counter, the counters of the
  # hot routine's 16 bytes hold exactly the .PRF's bucket of that paragraph (System V's also
  # the samples at warm's first instruction, 30h: Linux's counter 24, bytes 30h-31h)
  at30=
  for f in linux bsd osf sysv; do
    run --profil=p.PRF --unix-profil=$f.buf --profil-style $f "$G/hot.com"
    hot=$(word p.PRF $((9 + 2))) prog=$(sum_words_from p.PRF 9)
    size=$(stat -c %s $f.buf)
    [ "$size" = 112 ] || fail "$f: default buffer of $size bytes, expected 112 (the program's 7 paragraphs)"
    # hot is image bytes 20h-2Fh: counters 16-23 (System V's 0xFFFF: byte d-1, counters 15-23)
    from=32
    [ $f = linux ] && at30=$(sum16 $f.buf 48 50)
    [ $f = sysv ] && from=30 hot=$((hot + at30))
    [ "$(sum16 $f.buf $from 48)" = "$hot" ] || fail "$f: hot's counters $(sum16 $f.buf $from 48), .PRF bucket $hot (with 30h's for sysv)"
    [ "$(sum16 $f.buf 0 "$size")" = "$prog" ] || fail "$f: buffer total $(sum16 $f.buf 0 "$size"), program samples $prog"
  done
  # scales that turn profiling off leave a zero buffer; 4.4BSD's scale 1 counts everything in
  # counter 0 (its manual: 1 to 65536 are scales)
  run --profil=p.PRF --unix-profil=off.buf --profil-style linux --profil-scale 1 --profil-bufsiz 64 "$G/hot.com"
  [ "$(stat -c %s off.buf) $(sum16 off.buf 0 64)" = "64 0" ] || fail "linux scale 1 is not off"
  run --profil=p.PRF --unix-profil=sv.buf --profil-style sysv --profil-scale 0 --profil-bufsiz 64 "$G/hot.com"
  [ "$(sum16 sv.buf 0 64)" = 0 ] || fail "sysv scale 0 is not off"
  run --profil=p.PRF --unix-profil=b1.buf --profil-style bsd --profil-scale 1 --profil-bufsiz 4 "$G/hot.com"
  [ "$(sum16 b1.buf 0 2) $(sum16 b1.buf 2 4)" = "$(sum_words_from p.PRF 9) 0" ] || fail "bsd scale 1: $(od -An -tu2 b1.buf)"
  # pc = IP alone, offset 0 by default: every sample is counted (any CS), a 64 KiB buffer
  run --unix-profil=ip.buf --profil-style bsd --profil-pc ip "$G/hot.com"
  [ "$(stat -c %s ip.buf)" = 65536 ] || fail "--profil-pc ip: buffer of $(stat -c %s ip.buf) bytes"
  [ "$(sum16 ip.buf 0 65536)" = "$(stat_of ticks)" ] || fail "--profil-pc ip: $(sum16 ip.buf 0 65536) of $(stat_of ticks) ticks"
  # an explicit offset and size, and a counter past the buffer is not counted
  run --profil=p.PRF --unix-profil=o.buf --profil-style bsd --profil-offset 0x4120 --profil-scale 0x10000 --profil-bufsiz 16 "$G/hot.com"
  [ "$(sum16 o.buf 0 16)" = "$(word p.PRF $((9 + 2)))" ] || fail "offset 4120h, 16 bytes: $(sum16 o.buf 0 16)"
  ;;
unix_ranges)
  # OSF/1's extended form: each range its own 32-bit counters, written in decreasing lowpc
  # order (given here in increasing order: emu86 sorts them)
  run --profil=p.PRF --unix-profil=r.buf --profil-range 0x4120-0x4130 --profil-range 0x4130-0x4140:0x8000 "$G/hot.com"
  [ "$(stat -c %s r.buf)" = 24 ] || fail "ranges: $(stat -c %s r.buf) bytes, expected 8 + 16"
  [ "$(sum32 r.buf 0 8)" = "$(word p.PRF $((9 + 3)))" ] || fail "warm's range: $(sum32 r.buf 0 8)"
  [ "$(sum32 r.buf 8 24)" = "$(word p.PRF $((9 + 2)))" ] || fail "hot's range: $(sum32 r.buf 8 24)"
  "$E" --unix-profil=x --profil-range 0x4120-0x4140 --profil-range 0x4130-0x4150 "$G/hot.com" 2>err.txt
  [ $? = 2 ] && grep -q overlap err.txt || fail "overlapping ranges: $(cat err.txt)"
  "$E" --unix-profil=x --profil-range 0x4120-0x4140 --profil-scale 2 "$G/hot.com" 2>err.txt
  [ $? = 2 ] || fail "--profil-range with --profil-scale accepted"
  ;;
exact)
  run --exact-profile=hot.cg --folded=hot.folded --map "$G/hot.map" "$G/hot.com"
  total=$(awk '/^summary:/ {print $2}' hot.cg)
  [ "$(awk '{s += $NF} END {print s}' hot.folded)" = "$total" ] || fail "folded stacks do not add up to $total"
  # every clock of the run after the program's start: the total is the cycle count less the
  # boot's (the same for every program: the machine and DOS start the same way)
  cyc=$(stat_of cycles)
  [ $((cyc - total)) -gt 1000 ] && [ $((cyc - total)) -lt 100000 ] || fail "exact total $total of $cyc clocks"
  incl() { awk -v f="$1" -F'[; ]' '{for (i = 1; i < NF; i++) if ($i == f) {s += $NF; break}} END {print s}' hot.folded; }
  within "$(incl hot)" "$(incl warm)" 2 1 && within "$(incl warm)" "$(incl cold)" 2 1 ||
    fail "inclusive clocks hot $(incl hot), warm $(incl warm), cold $(incl cold)"
  golden hot.cg hot.cg
  golden hot.folded hot.folded
  if command -v callgrind_annotate >/dev/null; then
    callgrind_annotate --inclusive=yes hot.cg >ann.txt 2>ann.err || fail "callgrind_annotate: $(cat ann.err)"
    # (the program is the object: "???:hot [./hot.com]", no source file to open)
    grep -q "PROGRAM TOTALS" ann.txt && grep -q ':hot \[./hot.com\]$' ann.txt && grep -q ':main \[./hot.com\]$' ann.txt ||
      fail "callgrind_annotate: $(head -30 ann.txt)"
    # with its auto-annotation (the default) and the program in the current folder: no warnings
    # (a program named as the source file made it read the binary as source: "uninitialized
    # value $pairs[0]")
    callgrind_annotate hot.cg >ann2.txt 2>ann2.err || fail "callgrind_annotate: $(cat ann2.err)"
    [ -s ann2.err ] && fail "callgrind_annotate warns: $(head -5 ann2.err)"
  fi
  # emu86 report reads it back: the flat profile agrees with the folded stacks' leaves here
  "$E" report hot.cg --top 4 >flat.txt || fail "emu86 report hot.cg: exit $?"
  for f in hot warm cold; do grep -q "  $f\$" flat.txt || fail "emu86 report hot.cg lacks $f: $(cat flat.txt)"; done
  ;;
plot)
  run --profil=hot.PRF --plot=hot.svg --map "$G/hot.map" "$G/hot.com"
  grep -q '<svg' hot.svg && grep -q '>hot<' hot.svg || fail "plot: $(head -5 hot.svg)"
  golden hot.svg hot.svg
  # --plot alone: the histogram is made for the plot only
  run --plot=alone.svg "$G/hot.com"
  grep -q '<svg' alone.svg || fail "--plot alone wrote no plot"
  ;;
determinism)
  # the same program and options: the same bytes, run after run (and build after build: the
  # golden files hold for every build ctest runs)
  for k in 1 2; do
    mkdir r$k && cp hot.com hot.map r$k && (cd r$k && "$E" --profil=hot.PRF --unix-profil=hot.buf \
      --exact-profile=hot.cg --folded=hot.folded --plot=hot.svg --map hot.map hot.com >out.txt 2>&1)
  done
  for f in hot.PRF hot.buf hot.cg hot.folded hot.svg out.txt; do
    cmp -s r1/$f r2/$f || fail "$f differs between two runs"
  done
  golden hot.PRF r1/hot.PRF
  golden hot.buf r1/hot.buf
  (cd r1 && "$E" report hot.PRF --map hot.map) >hot.txt
  golden hot.txt hot.txt
  ;;
guest_service)
  # a program that profiles itself through INT 2Fh and prints its histogram
  run "$G/selfprof.com"
  [ "$(status)" = 0 ] || fail "exit status $(status): $(cat out.txt)"
  golden selfprof.txt out.txt
  cp out.txt out.txt.plain
  # its three routines run 4:2:1
  a=$(awk '$1 == "01C0-01DF" {print $2}' out.txt) b=$(awk '$1 == "01E0-01FF" {print $2}' out.txt)
  c=$(awk '$1 == "0200-021F" {print $2}' out.txt)
  within "$a" "$b" 2 1 && within "$b" "$c" 2 1 || fail "busy_a:b:c = $a:$b:$c"
  # the same samples as the host's .PRF of the same run (buckets of 2 paragraphs = 32 bytes)
  run --profil=s.PRF --bucket 2 "$G/selfprof.com"
  for r in 01C0-01DF:6 01E0-01FF:7 0200-021F:8; do
    g=$(awk -v r="${r%:*}" '$1 == r {print $2}' out.txt) h=$(word s.PRF $((9 + ${r#*:})))
    [ "$g" = "$h" ] || fail "${r%:*}: the guest counted $g, the host's .PRF $h"
  done
  # pre ran before the profil call: the host's .PRF has its samples (held back by the machine
  # until the call), the guest's buffer none
  [ "$(word s.PRF $((9 + 9)))" -gt 0 ] || fail "no host samples in pre (0220-023F): $(cat out.txt)"
  ! grep -q '^0220-023F' out.txt || fail "the guest counted pre's samples, taken before its profil call: $(cat out.txt)"
  ! grep -q '^0220-023F' out.txt.plain || fail "pre counted without --profil: $(cat out.txt.plain)"
  ;;
guest_service_c)
  # the same from C, through profiler/guest/emu86prof.h compiled by bcc
  # (without bcc when the build was configured, there is no selfprof_c.com: skipped, saying so,
  # or under CI=true failed)
  "$S/../need-data.sh" --why "bcc was not found when the build was configured: apt-get install bcc bin86 elks-libc, then reconfigure" \
    "the C guest header" selfprof_c.com true || exit $?
  run selfprof_c.com
  [ "$(status)" = 0 ] || fail "exit status $(status): $(cat out.txt)"
  read -r _ a _ b _ c < <(grep '^busy_a' out.txt)
  ca=$(awk -v k="$a" '$1 == k {print $2}' out.txt) cb=$(awk -v k="$b" '$1 == k {print $2}' out.txt)
  cc=$(awk -v k="$c" '$1 == k {print $2}' out.txt)
  within "$ca" "$cb" 2 1 && within "$cb" "$cc" 2 1 || fail "busy_a:b:c = $ca:$cb:$cc: $(cat out.txt)"
  ;;
corpus)
  # the README's example: a folder of programs profiled two at a time with xargs, the reports
  # merged into one CSV with a column for the program
  mkdir progs && cp hot.com wrap.com hotexe.exe progs/ && mv progs/hot.com progs/HOT.COM
  export PATH="$(dirname "$E"):$PATH"
  mkdir -p out
  ls progs/* | xargs -P 2 -I{} sh -c 'emu86 --profil="out/$(basename "{}").PRF" "{}" </dev/null >/dev/null'
  { echo "program,kind,bucket,paragraph,address,symbol,hits,percent,cumulative_percent"
    for f in out/*.PRF; do
      emu86 report "$f" --format csv | tail -n +2 | sed "s|^|$(basename "$f" .PRF),|"
    done; } >all.csv
  for p in HOT.COM wrap.com hotexe.exe; do
    grep -q "^$p,total," all.csv || fail "no total row for $p: $(cat all.csv)"
  done
  # the same as one at a time
  emu86 --profil=one.PRF progs/HOT.COM </dev/null >/dev/null
  cmp -s one.PRF out/HOT.COM.PRF || fail "a parallel run differs from a run alone"
  ;;
prfcmp)
  # the comparison tool of tests/realprogs (PROFIL's own .PRF against emu86's), on made-up files
  # and on emu86's: it must pass what agrees and catch what does not
  mkprf() { # mkprf FILE WORD...: the words, 16-bit little-endian
    local f=$1 w; shift; : >"$f"
    for w; do printf "$(printf '\\x%02x\\x%02x' $((w & 255)) $((w >> 8)))" >>"$f"; done
  }
  agrees() { "$PRFCMP" "$@" >cmp.txt 2>&1 || fail "prfcmp $*: exit $?: $(cat cmp.txt)"; }
  differs() { # differs PATTERN ARGS...: exit 1 and the pattern in the output
    local pat=$1; shift
    "$PRFCMP" "$@" >cmp.txt 2>&1; local rc=$?
    [ $rc = 1 ] && grep -q -- "$pat" cmp.txt || fail "prfcmp $*: exit $rc, no '$pat': $(cat cmp.txt)"
  }
  # grain, buckets, size, low, high, dos_pa, io, dos, high, buckets (10,000 samples)
  mkprf a.PRF 1000 4 1 $((0x410)) $((0x413)) $((0x100)) 100 200 0 5000 3000 1700 0
  # loaded elsewhere (low not compared), 12,000 samples in about the same shares
  mkprf b.PRF 1000 4 1 $((0x46E)) $((0x471)) $((0x100)) 95 210 0 6000 3620 2075 0
  agrees a.PRF a.PRF
  grep -q '^agree$' cmp.txt || fail "no 'agree': $(cat cmp.txt)"
  agrees a.PRF b.PRF
  grep -q '^prog_low_pa  *0410   046E' cmp.txt || fail "prog_low_pa line: $(cat cmp.txt)"
  # 4 points moved from bucket 1 to bucket 0: |z| about 6
  mkprf c.PRF 1000 4 1 $((0x410)) $((0x413)) $((0x100)) 100 200 0 5400 2600 1700 0
  differs 'bucket 0 .*FAIL' a.PRF c.PRF
  # 1 point moved (z about 1.4): agrees; with --pp 0.5 it does not; with --z 1 neither
  mkprf d.PRF 1000 4 1 $((0x410)) $((0x413)) $((0x100)) 100 200 0 5100 2900 1700 0
  agrees a.PRF d.PRF
  differs 'FAIL: the distributions differ' --pp 0.5 a.PRF d.PRF
  differs 'FAIL: the distributions differ' --z 1 a.PRF d.PRF
  # I/O against DOS: 1% of the samples change class
  mkprf e.PRF 1000 4 1 $((0x410)) $((0x413)) $((0x100)) 200 100 0 5000 3000 1700 0
  differs '^I/O .*FAIL' a.PRF e.PRF
  # each header word PROFIL's rules fix
  mkprf g.PRF 500 4 1 $((0x410)) $((0x413)) $((0x100)) 100 200 0 5000 3000 1700 0
  differs '^clock_grain .*DIFFERENT' a.PRF g.PRF
  mkprf s.PRF 1000 2 2 $((0x410)) $((0x413)) $((0x100)) 100 200 0 5000 4700
  differs '^bucket_num .*DIFFERENT' a.PRF s.PRF
  mkprf p.PRF 1000 4 1 $((0x410)) $((0x414)) $((0x100)) 100 200 0 5000 3000 1700 0
  "$PRFCMP" a.PRF p.PRF >cmp.txt 2>&1; [ $? = 2 ] || fail "an invalid .PRF (bucket_num 4 for 4 paragraphs) accepted"
  mkprf p.PRF 1000 5 1 $((0x410)) $((0x414)) $((0x100)) 100 200 0 5000 3000 1700 0 0
  differs '^prog_high_pa - prog_low_pa .*DIFFERENT' a.PRF p.PRF
  mkprf o.PRF 1000 4 1 $((0x410)) $((0x413)) $((0x70)) 100 200 0 5000 3000 1700 0
  differs '^dos_pa .*DIFFERENT' a.PRF o.PRF
  # too few samples; unreadable files and bad usage
  mkprf f.PRF 1000 4 1 $((0x410)) $((0x413)) $((0x100)) 1 2 0 50 30 17 0
  differs 'too few samples' a.PRF f.PRF
  agrees --min 100 f.PRF f.PRF
  "$PRFCMP" a.PRF nosuch.PRF >cmp.txt 2>&1; [ $? = 2 ] && grep -q nosuch cmp.txt || fail "a missing file: $(cat cmp.txt)"
  "$PRFCMP" a.PRF >cmp.txt 2>&1; [ $? = 2 ] || fail "one file accepted"
  "$PRFCMP" --z x a.PRF a.PRF >cmp.txt 2>&1; [ $? = 2 ] || fail "--z x accepted"
  # emu86's own files: two runs of one program agree; at another grain they do not compare
  run --profil=r1.PRF --grain 200 "$G/hot.com"
  run --profil=r2.PRF --grain 200 "$G/hot.com"
  agrees r1.PRF r2.PRF
  run --profil=r3.PRF --grain 300 "$G/hot.com"
  differs '^clock_grain .*DIFFERENT' r1.PRF r3.PRF
  ;;
undisturbed)
  # profiling must not change what it measures: the same clocks, instructions and output with
  # any profiling option, any grain, the exact profile's observer, or an instruction trace
  # (selfprof is not here: it prints what its own profil saw, whose clock starts with --profil)
  for opts in "" "--profil=a.PRF" "--profil=b.PRF --grain 60 --bucket 3" "--profil=c.PRF --sample exact --grain 97" \
              "--unix-profil=d.buf" "--exact-profile=e.cg --folded=e.folded" "--trace t.txt"; do
    for prog in hot.com hotexe.exe ends.com; do
      arg=""; [ $prog = ends.com ] && arg=x
      run $opts $prog $arg
      got="$prog $(stat_of cycles) $(stat_of instructions) $(status) $(md5sum <out.txt)"
      eval "want=\${ref_${prog%.*}:-}"
      if [ -z "$want" ]; then eval "ref_${prog%.*}=\$got"; continue; fi
      [ "$got" = "$want" ] || fail "with '$opts': $got, without profiling: $want"
    done
  done
  ;;
*) fail "unknown test" ;;
esac
exit 0
