#!/usr/bin/env bash
# pgo-train.sh EMU86 MSDOS: runs EMU86, a build made with EMU86_PGO=GENERATE, on real programs so
# that it writes its profiles (scripts/build.sh calls it). MSDOS is the MS-DOS tree
# (../shared/testdata/ms-dos). The training set is the era's tools on this repository's test
# inputs (tests/realprogs/inputs), never bench/'s workloads or their sources:
#   MASM 1.10 and MASM 5.10 on MS-DOS 2.0's own CHKDSK.ASM, MASM 5.10 and LINK 2.0 on MAIN.ASM
#   and UTIL.ASM; CL 5.1 on HELLO.C, CTEST.C (/Ox) and BIGFILE.C (/AL) from COMMAND.COM, then
#   CTEST.EXE and BIGFILE.EXE; SORT on CHKDSK.ASM; FIND on 20 copies of the three sources.
# Each run is profiled (--profil) but two, as most runs worth making faster are. Any run that
# fails ends the training with its name and output (exit status 1). The runs work in a
# temporary folder, removed at the end.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: pgo-train.sh EMU86 MSDOS" >&2
  exit 2
fi
emu=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
msdos=$(cd "$2" && pwd)
inputs=$(cd "$(dirname "$0")/../tests/realprogs/inputs" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/emu86-pgo.XXXXXX")
trap 'rm -rf "$work"' EXIT

# tools DEST DIR FILE...: the MS-DOS tree's files into a drive, as the bench's workloads copy them
# shellcheck source=bench/workloads.sh
. "$(dirname "$0")/../bench/workloads.sh"
MSDOS=$msdos

# run DIR MAKES [emu86 options] PROG [TAIL]: one run in drive DIR (stdin from DIR/STDIN when
# the file is there); it must leave the file MAKES in DIR (- for none) and, but for MASM and
# CL (errors in the sources are part of the work), CTEST.EXE (it returns a count) and SORT 2.0
# (it returns whatever AL held), exit 0
run() {
  local d=$work/$1 makes=$2 in=/dev/null
  shift 2
  [ -f "$d/STDIN" ] && in=$d/STDIN
  if ! (cd "$d" && "$emu" --frontend stdio --no-progress --epoch 1988-10-10T10:10:10 \
          --drive "C=$d" "$@" <"$in" >"$d/OUT" 2>"$d/ERR"); then
    case " $* " in
      *MASM.EXE*|*COMMAND.COM*|*CTEST.EXE*|*SORT.EXE*) ;;
      *) echo "pgo-train: failed: $*" >&2; cat "$d/ERR" >&2; exit 1 ;;
    esac
  fi
  if [ "$makes" != - ] && [ ! -f "$d/$makes" ]; then
    echo "pgo-train: $* made no $makes" >&2
    cat "$d/OUT" "$d/ERR" >&2
    exit 1
  fi
}
src=$inputs/msdos2src

tools "$work/masm1" v2.0/bin MASM.EXE
cp "$src"/*.ASM "$work/masm1/"
run masm1 CHKDSK.LST --profil="$work/masm1.prf" --memory 512 MASM.EXE 'CHKDSK,CHKDSK,CHKDSK;'

tools "$work/masm5" v4.0/src/TOOLS MASM.EXE
tools "$work/masm5" v2.0/bin LINK.EXE
cp "$src"/*.ASM "$inputs/MAIN.ASM" "$inputs/UTIL.ASM" "$inputs/DOSCALL.INC" "$work/masm5/"
run masm5 CHKDSK.LST --profil="$work/masm5.prf" MASM.EXE 'CHKDSK,CHKDSK,CHKDSK;'
run masm5 MAIN.OBJ MASM.EXE 'MAIN,MAIN,MAIN;'
run masm5 UTIL.OBJ --profil="$work/util.prf" MASM.EXE 'UTIL,UTIL,UTIL;'
run masm5 MAIN.EXE --profil="$work/link.prf" LINK.EXE 'MAIN+UTIL,MAIN,MAIN;'

tools "$work/cl" v4.0/src/TOOLS CL.EXE C1.EXE C2.EXE C3.EXE CL.ERR C1.ERR C23.ERR LINK.EXE
tools "$work/cl" v2.0/bin COMMAND.COM
cp -r "$msdos/v4.0/src/TOOLS/BLD/INC" "$msdos/v4.0/src/TOOLS/BLD/LIB" "$work/cl/"
chmod -R u+w "$work/cl"
cp "$inputs/HELLO.C" "$inputs/CTEST.C" "$inputs/BIGFILE.C" "$work/cl/"
printf 'ECHO OFF\r\nSET INCLUDE=C:\\INC\r\nSET LIB=C:\\LIB\r\nSET TMP=C:\\\r\nCL HELLO.C\r\nCL /Ox CTEST.C\r\nCL /AL BIGFILE.C\r\n' \
  >"$work/cl/TRAIN.BAT"
run cl BIGFILE.EXE --profil="$work/cl.prf" COMMAND.COM '/C TRAIN'
cp "$inputs/FRUIT.TXT" "$work/cl/STDIN"
run cl - --profil="$work/ctest.prf" CTEST.EXE
rm "$work/cl/STDIN"
run cl - --profil="$work/bigfile.prf" BIGFILE.EXE

tools "$work/text" v2.0/bin SORT.EXE FIND.EXE
cp "$src"/CHKDSK.ASM "$work/text/STDIN"
run text - --profil="$work/sort.prf" SORT.EXE
for i in $(seq 20); do cat "$src"/*.ASM; done >"$work/text/ALL.TXT"
rm "$work/text/STDIN"
run text - --profil="$work/find.prf" FIND.EXE '"MOV" ALL.TXT'
run text - FIND.EXE '/C /V "A" ALL.TXT'
echo "pgo-train: $(find "$work" -name '*.prf' | wc -l) profiled runs and 2 plain ones made"
