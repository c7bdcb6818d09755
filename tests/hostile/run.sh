#!/usr/bin/env bash
# Hostile input through the emu86 command line: each case must end with one clear line on
# stderr (naming the file or option) and the documented exit status, with no crash, no
# half-written output and nothing left behind.
#   run.sh TEST EMU86 GUESTS_DIR DOS_GUESTS_DIR WORK_DIR
set -uo pipefail
test=$1 E=$2 G=$3 D=$4 W=$5
rm -rf "$W" && mkdir -p "$W" && cd "$W" || exit 1
fail() { echo "FAIL ($test): $*" >&2; exit 1; }
# expect STATUS PATTERN COMMAND...: the exit status, one line on stderr matching PATTERN
expect() {
  local want=$1 pat=$2; shift 2
  "$@" </dev/null >out.txt 2>err.txt
  local st=$?
  [ "$st" = "$want" ] || fail "$*: exit status $st, expected $want; stderr: $(cat err.txt)"
  grep -q -- "$pat" err.txt || fail "$*: stderr does not say '$pat': $(cat err.txt)"
  [ "$(wc -l <err.txt)" = 1 ] || fail "$*: more than one line on stderr: $(cat err.txt)"
}
no_leftovers() { ls -a | grep -q 'tmp-' && fail "temporary files left: $(ls -a)"; return 0; }

case $test in
program)
  # programs that cannot be loaded: 125, the file named, nothing run
  expect 125 "nosuch.com: no such program" "$E" nosuch.com
  mkdir adir
  expect 125 "adir: not an executable" "$E" adir
  expect 125 "truncated.exe: truncated MZ header" "$E" "$D/truncated.exe"
  expect 125 "zeropages.exe: inconsistent MZ header: zero pages" "$E" "$D/zeropages.exe"
  expect 125 "relocs.exe: inconsistent MZ header: relocation table (65535 entries" "$E" "$D/relocs.exe"
  expect 125 "pastend.exe: truncated MZ file" "$E" "$D/pastend.exe"
  expect 125 "hdrpast.exe: truncated MZ file: header size" "$E" "$D/hdrpast.exe"
  expect 125 "bigmem.exe: not enough memory" "$E" "$D/bigmem.exe"
  expect 125 "bigcom.com: too large for a .COM program (65281 bytes" "$E" "$D/bigcom.com"
  # with profiling asked for, a program that cannot load leaves no profile behind
  expect 125 "no such program" "$E" --profil --exact-profile x.cg nosuch.com
  [ -e nosuch.PRF ] || [ -e x.cg ] && fail "a profile was written for a program that never ran"
  # a 0-byte .COM is a program (it runs into its PSP's INT 20h), as under DOS
  "$E" "$D/emptycom.com" </dev/null >out.txt 2>err.txt || fail "empty .COM: exit status $?"
  # bad usage: 2, the option named
  expect 2 "unknown option '--nosuch'" "$E" --nosuch x.com
  expect 2 "no program given" "$E"
  expect 2 "timing" "$E" --timing fast x.com
  expect 2 "nodir: cannot open the drive folder" "$E" --drive C=nodir "$D/hello.com"
  expect 2 "nofile: cannot read the cost file" "$E" --cost-model nofile "$D/hello.com"
  no_leftovers
  ;;
halt)
  expect 126 "halted with interrupts disabled" "$E" --profil "$G/halt.com"
  grep -q 'halting with IF=0' out.txt || fail "the guest's output is lost: $(cat out.txt)"
  [ -s halt.PRF ] || fail "no profile"
  ;;
garbage)
  expect 124 "max-cycles" "$E" --profil --max-cycles 3000000 "$G/garbage.com"
  [ "$(stat -c %s garbage.PRF)" -gt 18 ] || fail "no profile"
  "$E" report garbage.PRF | grep -q 'high' || fail "report"
  ;;
outputs)
  # outputs that cannot be written are found before the run: 123, nothing run
  expect 123 "cannot write 'nodir/x.PRF'" "$E" --profil=nodir/x.PRF "$G/halt.com"
  [ -s out.txt ] && fail "the guest ran"
  mkdir adir
  expect 123 "cannot write 'adir': it is a folder" "$E" --exact-profile adir "$G/halt.com"
  expect 123 "cannot write 'nodir/f'" "$E" --folded nodir/f "$G/halt.com"
  expect 123 "cannot write 'nodir/p.svg'" "$E" --plot nodir/p.svg "$G/halt.com"
  expect 123 "cannot write 'nodir/u'" "$E" --unix-profil nodir/u "$G/halt.com"
  expect 123 "trace" "$E" --trace nodir/t "$G/halt.com"
  no_leftovers
  ;;
full_disk)
  # a disk that fills up while the profile is written (here: a file size limit of 4 KiB, which
  # a callgrind file passes): the error is reported, nothing half-written stays, exit 123
  ( ulimit -f 8; "$E" --profil=ok.PRF --exact-profile big.cg --max-cycles 2000000 "$G/garbage.com" \
      </dev/null >out.txt 2>err.txt; echo $? >st.txt )
  [ "$(cat st.txt)" = 123 ] || fail "exit status $(cat st.txt); stderr: $(cat err.txt)"
  grep -q "cannot write 'big.cg': File too large" err.txt || fail "stderr: $(cat err.txt)"
  [ -e big.cg ] && fail "a half-written big.cg is left"
  [ -s ok.PRF ] || fail "the .PRF, which fits, was not written"
  no_leftovers
  ;;
pipe)
  # the reader of standard output goes away: a clear message, 123
  "$E" "$G/chatter.com" </dev/null 2>err.txt | head -c 10 >/dev/null
  st=${PIPESTATUS[0]}
  [ "$st" = 123 ] || fail "exit status $st; stderr: $(cat err.txt)"
  grep -q "standard output: Broken pipe" err.txt || fail "stderr: $(cat err.txt)"
  ;;
tamper)
  # a guest that tries to change files it never opened for writing (tamper.asm): INT 26h,
  # writes and truncations through read handles, FCB tricks, a forged FCB; nothing changes
  mkdir drive drive/SUB
  for i in $(seq 100); do echo "victim line $i"; done > drive/VICTIM.TXT
  echo "read only" > drive/RO.TXT
  echo "inner" > drive/SUB/INNER.TXT
  cp "$G/tamper.com" drive/TAMPER.COM
  chmod 444 drive/RO.TXT
  touch -d '1987-01-01 00:00:00' drive/VICTIM.TXT drive/RO.TXT drive/SUB/INNER.TXT
  snapshot() { (cd drive && find . -printf '%p %s %T@ %m\n' | sort && find . -type f -exec md5sum {} + | sort); }
  snapshot > before.txt
  "$E" --frontend stdio --drive C=drive drive/TAMPER.COM </dev/null >out.txt 2>err.txt
  st=$?
  [ "$st" = 0 ] || fail "exit status $st (attempts that succeeded); output: $(cat out.txt) $(cat err.txt)"
  grep -q "tamper: all refused" out.txt || fail "output: $(cat out.txt)"
  snapshot > after.txt
  diff before.txt after.txt >&2 || fail "the drive folder changed"
  ;;
*) fail "unknown test" ;;
esac
exit 0
