#!/usr/bin/env bash
# Tests of the test harness itself: each case makes a check fail on purpose (or lack its data)
# and requires that it says so, so that no test can pass without running what it claims.
#   harness.sh CASE SOURCE_DIR WORK_DIR [ARGS...]
set -uo pipefail
case_=$1 SRC=$2 W=$3
shift 3
rm -rf "$W" && mkdir -p "$W" && cd "$W" || exit 1
fail() { echo "FAIL ($case_): $*" >&2; exit 1; }
# expect STATUS PATTERN COMMAND...: the command exits STATUS and its output (stdout and stderr)
# matches the extended regular expression PATTERN (unless it is empty)
expect() {
  local want=$1 pat=$2; shift 2
  "$@" >out.txt 2>&1; local st=$?
  [ "$st" = "$want" ] || fail "$* exited $st, not $want: $(cat out.txt)"
  [ -z "$pat" ] || grep -Eq -- "$pat" out.txt || fail "$*: no '$pat' in: $(cat out.txt)"
}
T=$SRC/tests

case $case_ in
run_guest)
  # tests/run-guest.sh: the output byte for byte (a lost trailing newline, CR removed) and the
  # exit status (default 0, else --exit N)
  printf 'one\ntwo\n' >exp.txt
  expect 0 '' "$T/run-guest.sh" exp.txt printf 'one\ntwo\n'
  expect 0 '' "$T/run-guest.sh" exp.txt printf 'one\r\ntwo\r\n'
  expect 1 'exit status 3, expected 0' "$T/run-guest.sh" exp.txt sh -c 'printf "one\ntwo\n"; exit 3'
  expect 0 '' "$T/run-guest.sh" exp.txt --exit 3 sh -c 'printf "one\ntwo\n"; exit 3'
  expect 1 'exit status 0, expected 3' "$T/run-guest.sh" exp.txt --exit 3 printf 'one\ntwo\n'
  expect 1 'output differs' "$T/run-guest.sh" exp.txt printf 'one\ntwo'
  expect 1 'output differs' "$T/run-guest.sh" exp.txt printf 'one\ntwo\n\n'
  expect 1 'output differs' "$T/run-guest.sh" exp.txt printf 'one\nTwo\n'
  ;;
need_data)
  # tests/need-data.sh: missing data is a skip (77) that says what is missing and why, a
  # failure under CI=true; present data runs the test, whose status counts
  expect 77 '^TEST-SKIPPED: the group: /nonexistent/x not found \(see README' \
    env -u CI "$T/need-data.sh" "the group" /nonexistent/x true
  expect 77 '^TEST-SKIPPED: g: /nonexistent/x not found \(install it\)' \
    env -u CI "$T/need-data.sh" --why "install it" g /nonexistent/x true
  expect 1 'FAILED: the group: /nonexistent/x not found .*CI=true' \
    env CI=true "$T/need-data.sh" "the group" /nonexistent/x true
  expect 0 '' env CI=true "$T/need-data.sh" g . true
  expect 5 '' env -u CI "$T/need-data.sh" g . sh -c 'exit 5'
  ;;
guest_c_without_bcc)
  # profiling.guest_service_c in a build configured without bcc (no selfprof_c.com): skipped,
  # saying why, not passed; under CI=true failed
  mkdir guests && touch guests/a.com guests/a.exe guests/a.map guests/a.lst
  expect 77 '^TEST-SKIPPED: the C guest header: .*bcc was not found' \
    env -u CI "$T/profiling/run.sh" guest_service_c /bin/false "$W/guests" "$T/profiling" "$W/work"
  expect 1 'FAILED: the C guest header: .*CI=true' \
    env CI=true "$T/profiling/run.sh" guest_service_c /bin/false "$W/guests" "$T/profiling" "$W/work"
  ;;
realprogs_without_data)
  # a real-program scenario without the MS-DOS tools: skipped, saying what is missing (ctest's
  # SKIP_REGULAR_EXPRESSION), or under CI=true failed (and not matching it)
  rp() { # rp ENV-ARGS...: the scenario masm, with env's arguments
    env "$@" cmake -DEMU=/bin/false -DSRC="$T/realprogs" -DSCENARIO=masm -DWORK="$W/rp" \
      -DREPO=/nonexistent/ms-dos -P "$T/realprogs/realprogs.cmake"
  }
  expect 0 "TEST-SKIPPED: real programs \(MS-DOS tools\): no MS-DOS tools at '/nonexistent/ms-dos'" \
    rp -u CI -u EMU86_MSDOS_REPO
  expect 1 'FAILED: real programs \(masm\): no MS-DOS tools at' rp -u EMU86_MSDOS_REPO CI=true
  grep -q 'TEST-SKIPPED: ' out.txt && fail "under CI=true the failure still reads as a skip: $(cat out.txt)"
  # EMU86_MSDOS_REPO in the environment names the copy instead
  expect 0 "no MS-DOS tools at '/elsewhere'" rp -u CI EMU86_MSDOS_REPO=/elsewhere
  ;;
singlestep_complete)
  # the conformance runner fails unless it saw every file metadata.json lists (but those named
  # absent), and on a file without a test: an empty or partial copy of the suite cannot pass
  SS=$1
  mkdir -p s/v1 s/v1_binary
  cat >s/v1/metadata.json <<'EOF'
{"opcodes": {"26": {"status": "prefix"}, "90": {"status": "normal"}, "D6": {"status": "undocumented"},
 "8F": {"reg": {"0": {"status": "normal"}, "1": {"status": "undefined"}}},
 "FE": {"reg": {"0": {"status": "normal"}, "1": {"status": "alias"}, "2": {"status": "undefined"}}}}}
EOF
  printf '# absent\n' >none.txt
  printf 'D6  why\n# 90 commented out\nFE.1 why\n' >absent.txt
  expect 1 'missing: 90 D6 8F FE.0 FE.1' "$SS" --absent none.txt s/v1_binary
  expect 1 'missing: 90 8F FE.0$' "$SS" --absent absent.txt s/v1_binary
  expect 1 'missing: 90 8F FE.0$' "$SS" s/v1_binary --absent absent.txt
  expect 1 'missing: FE.0$' "$SS" --absent absent.txt --only FE s/v1_binary
  expect 2 'nofile.txt' "$SS" --absent nofile.txt s/v1_binary
  # a file without a test (an empty gzip) fails too; 8F.0 stands for the group of one form
  gzip -c </dev/null >s/v1_binary/90.MOO.gz
  gzip -c </dev/null >s/v1_binary/8F.0.MOO.gz
  expect 1 'missing: FE.0$' "$SS" --absent absent.txt s/v1_binary
  grep -q '90.MOO.gz: no test in it' out.txt || fail "no complaint about the empty 90.MOO.gz: $(cat out.txt)"
  # with the real suite (when it is there): its metadata.json and 4 of its 322 files
  real=${2:-}
  if [ -n "$real" ] && [ -d "$real/v1_binary" ]; then
    mkdir -p r/v1 r/v1_binary
    ln -s "$real/v1/metadata.json" r/v1/
    expect 1 '322 of the 326 files missing' "$SS" --absent "$T/cpu/singlestep-absent.txt" r/v1_binary
    for f in 00 01 02 03; do ln -s "$real/v1_binary/$f.MOO.gz" r/v1_binary/; done
    expect 1 '318 of the 326 files missing' "$SS" --absent "$T/cpu/singlestep-absent.txt" r/v1_binary
    grep -q '^total: state 8000/8000' out.txt || fail "the 4 files were not run: $(cat out.txt)"
  else
    echo "(the real suite is not at '$real': checked on made-up files only)"
  fi
  ;;
update_floors)
  # tests/cpu/update-floors.sh: floors only rise; a run below a floor writes nothing and fails;
  # a file the run did not report keeps its floor
  cat >ss.sh <<'EOF'
#!/bin/sh
cat "$(dirname "$0")/run.txt"
EOF
  chmod +x ss.sh
  printf '# header\n00 2000 1990\n01 1500 1500\n02 100 100\n' >floors.txt
  printf '00 state 2000/2000 cycles 1995/2000\n01 state 1600/2000 cycles 1500/2000\nD0.1 state 7/2000 cycles 6/2000\ntotal: state 3607/6000 cycles 3501/6000\n' >run.txt
  expect 0 '' "$T/cpu/update-floors.sh" ./ss.sh exact dir floors.txt
  grep -v '^#' floors.txt >got.txt
  printf '00 2000 1995\n01 1600 1500\n02 100 100\nD0.1 7 6\n' >want.txt
  cmp -s got.txt want.txt || fail "floors after a better run: $(cat floors.txt)"
  cp floors.txt before.txt
  printf '00 state 2000/2000 cycles 1994/2000\n01 state 1700/2000 cycles 1500/2000\ntotal: state 3700/4000 cycles 3494/4000\n' >run.txt
  expect 1 '00: state 2000 cycles 1994, below its floors 2000 1995' "$T/cpu/update-floors.sh" ./ss.sh exact dir floors.txt
  cmp -s floors.txt before.txt || fail "a run below a floor changed the floors: $(cat floors.txt)"
  ;;
ctest_notes)
  # scripts/ctest-notes.sh: the skipped tests of a ctest run, grouped by the reason each gave
  # (one without a reason says so), and the known differences passing tests reported
  cat >j.xml <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="x" tests="5" failures="0" disabled="0" skipped="4" hostname="h" time="0" timestamp="t">
	<testcase name="cpu.a" classname="cpu.a" time="0.1" status="notrun">
		<skipped message="SKIP_RETURN_CODE=77"/>
		<system-out>TEST-SKIPPED: CPU conformance: /x/v1_binary not found (see README.md, &quot;Test data&quot;)
</system-out>
	</testcase>
	<testcase name="cpu.b" classname="cpu.b" time="0.1" status="notrun">
		<skipped message="SKIP_RETURN_CODE=77"/>
		<system-out>TEST-SKIPPED: CPU conformance: /x/v1_binary not found (see README.md, &quot;Test data&quot;)
</system-out>
	</testcase>
	<testcase name="rp_x" classname="rp_x" time="0.1" status="notrun">
		<skipped message="SKIP_REGULAR_EXPRESSION_MATCHED"/>
		<system-out>something first
TEST-SKIPPED: real programs (MS-DOS tools): no MS-DOS tools at &apos;/y&apos;
</system-out>
	</testcase>
	<testcase name="quiet" classname="quiet" time="0.1" status="notrun">
		<skipped message="SKIP_RETURN_CODE=77"/>
		<system-out></system-out>
	</testcase>
	<testcase name="rp_z" classname="rp_z" time="0.1" status="run">
		<system-out>KNOWN DIFFERENCE (cache_diff_known.txt), step s, exact profile: the PRF
TEST-SKIPPED: not a skip: the test ran
</system-out>
	</testcase>
</testsuite>
EOF
  "$SRC/scripts/ctest-notes.sh" j.xml >notes.txt || fail "ctest-notes.sh failed"
  cat >want.txt <<'EOF'
skipped: 2 tests (cpu.a, cpu.b): CPU conformance: /x/v1_binary not found (see README.md, "Test data")
skipped: 1 test (rp_x): real programs (MS-DOS tools): no MS-DOS tools at '/y'
skipped: 1 test (quiet): (the test gave no reason: no TEST-SKIPPED line)
known: rp_z: KNOWN DIFFERENCE (cache_diff_known.txt), step s, exact profile: the PRF
EOF
  cmp -s notes.txt want.txt || fail "ctest-notes.sh said: $(cat notes.txt)"
  ;;
file_sizes)
  # tests/harness/file_sizes.sh: a product file over 800 lines fails, named; 800 pass; a file
  # on the allow-list may be longer, but a listed one within the limit fails (the list shrinks)
  mkdir -p t/emu/cpu t/dos-hle t/profiler t/disasm t/frontends t/roms-free
  lines() { yes 'x;' | head -n "$1"; }
  lines 800 >t/emu/cpu/ok.c
  lines 10 >t/dos-hle/small.h
  printf '# none\n' >none.txt
  expect 0 'file_sizes: 2 files' "$SRC/tests/harness/file_sizes.sh" t none.txt
  lines 801 >t/profiler/big.inc
  expect 1 '^FAIL: profiler/big.inc has 801 lines \(at most 800\)$' "$SRC/tests/harness/file_sizes.sh" t none.txt
  lines 900 >t/frontends/big2.asm
  expect 1 'FAIL: frontends/big2.asm has 900 lines' "$SRC/tests/harness/file_sizes.sh" t none.txt
  printf 'profiler/big.inc\n# a comment\nfrontends/big2.asm\n' >allowed.txt
  expect 0 '' "$SRC/tests/harness/file_sizes.sh" t allowed.txt
  printf 'profiler/big.inc\nfrontends/big2.asm\ndos-hle/small.h\n' >allowed.txt
  expect 1 'FAIL: dos-hle/small.h has 10 lines, within 800: remove it' "$SRC/tests/harness/file_sizes.sh" t allowed.txt
  printf 'profiler/big.inc\nfrontends/big2.asm\nemu/gone.c\n' >allowed.txt
  expect 1 'FAIL: emu/gone.c is in allowed.txt but not a file' "$SRC/tests/harness/file_sizes.sh" t allowed.txt
  ;;
check_commits)
  # scripts/check-commits.sh: a subject over 72 characters, an empty one, or a commit of more
  # than 5 changed lines without a body fails, naming the commit; merges need no body; the
  # commits up to the start point are not checked
  command -v git >/dev/null || { echo "TEST-SKIPPED: check_commits: git not found"; [ "${CI:-}" = true ] && exit 1; exit 77; }
  export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
  export GIT_CONFIG_NOSYSTEM=1 HOME=$W
  git init -q -b main r && cd r || fail "git init"
  cc() { printf '%s\n' "$2" >>f.txt && git add f.txt && git commit -q -m "$1" ${3:+-m "$3"}; }
  cc "$(printf 'An old subject far too long %.0s' 1 2 3 4)" "$(yes l | head -20)"
  export EMU86_COMMITS_SINCE=$(git rev-parse HEAD)
  expect 0 'check-commits: 0 commits' "$SRC/scripts/check-commits.sh"
  cc "Add six lines" "$(yes a | head -6)" "Because the test needs them."
  cc "Fix a typo" "b"
  expect 0 'check-commits: 2 commits' "$SRC/scripts/check-commits.sh"
  cc "Add lines without saying why" "$(yes c | head -6)"
  expect 1 '^[0-9a-f]+: no body saying why \(6 lines changed\): Add lines without' "$SRC/scripts/check-commits.sh"
  git reset -q --hard HEAD~1
  cc "$(printf 'x%.0s' $(seq 73))" "d" "Why: to see the limit."
  expect 1 '^[0-9a-f]+: subject of 73 characters \(at most 72\)' "$SRC/scripts/check-commits.sh"
  git reset -q --hard HEAD~1
  cc "$(printf 'x%.0s' $(seq 72))" "d" "Why: to see the limit."
  git checkout -q -b side HEAD~1 && echo e >g.txt && git add g.txt && git commit -q -m "On the side" -m "Why: a merge."
  git checkout -q main
  git merge -q --no-ff -m "Merge the side branch" side || fail "git merge"
  expect 0 'check-commits: 5 commits' "$SRC/scripts/check-commits.sh"
  expect 2 'bad range' "$SRC/scripts/check-commits.sh" nosuch..HEAD
  ;;
*)
  fail "unknown case"
  ;;
esac
echo "ok: $case_"
