# The workloads of bench/realwork.sh (sourced by it): each a drive folder made from
# ../shared/testdata/ms-dos and the generators here, and how to run it. Nothing here runs a
# guest; realwork.sh runs them (in this order: link takes masm1's object, mathc takes cl's
# program).
#   workloads_make MSDOS BENCH SEEDS   fills SEEDS/NAME/ for every NAME in $WORKLOADS
# and sets, per NAME: PROG (a file of the drive), TAIL (the command tail, may be empty), STDIN
# (a file of SEEDS, or empty for none), MAKES (a file the run must leave in the drive), ENV2
# (emu2's extra environment), REAL (1, or 0 for cpubench: not in the headline), DESC.
# shellcheck shell=bash
# shellcheck disable=SC2034 # the arrays are read by realwork.sh
WORKLOADS="masm1 masm5 cl link mathc sort find cpubench"
declare -A PROG TAIL STDIN MAKES ENV2 REAL DESC

# crlf < LF text > CR LF text
crlf() { sed 's/$/\r/'; }

# tools DEST DIR FILE...: FILEs of the MS-DOS tree's DIR into DEST (writable copies)
tools() {
  local dest=$1 dir=$2 f; shift 2
  mkdir -p "$dest"
  for f in "$@"; do cp "$MSDOS/$dir/$f" "$dest/$f"; done
  chmod -R u+w "$dest"
}

# The files workloads_make takes from the MS-DOS tree (realwork.sh checks them first).
workloads_needs() {
  echo v2.0/bin/MASM.EXE v2.0/bin/LINK.EXE v2.0/bin/SORT.EXE v2.0/bin/FIND.EXE \
    v2.0/bin/COMMAND.COM v4.0/src/TOOLS/MASM.EXE v4.0/src/TOOLS/CL.EXE v4.0/src/TOOLS/C1.EXE \
    v4.0/src/TOOLS/C2.EXE v4.0/src/TOOLS/C3.EXE v4.0/src/TOOLS/LINK.EXE \
    v4.0/src/TOOLS/BLD/INC/STDIO.H v4.0/src/TOOLS/BLD/LIB/SLIBCE.LIB
}

workloads_make() {
  MSDOS=$1
  local bench=$2 seeds=$3 d i
  # MS-DOS 2.0's MASM.EXE says "Version 1.10" (1981, 82); emu2 runs it only with 512 KiB
  d=$seeds/masm1; tools "$d" v2.0/bin MASM.EXE
  python3 "$bench/gen_masm.py" --dialect masm1 >"$d/BIG.ASM"
  PROG[masm1]=MASM.EXE TAIL[masm1]="BIG,BIG,BIG;" MAKES[masm1]=BIG.OBJ ENV2[masm1]=EMU2_LOWMEM=1
  DESC[masm1]="MASM 1.10 (MS-DOS 2.0) on a $(wc -l <"$d/BIG.ASM")-line source: object, listing"

  d=$seeds/masm5; tools "$d" v4.0/src/TOOLS MASM.EXE
  python3 "$bench/gen_masm.py" --dialect masm5 >"$d/BIG.ASM"
  PROG[masm5]=MASM.EXE TAIL[masm5]="BIG,BIG,BIG;" MAKES[masm5]=BIG.OBJ
  DESC[masm5]="MASM 5.10 (MS-DOS 4.0 tools) on a $(wc -l <"$d/BIG.ASM")-line source: object, listing"

  # CL 5.1 as tests/realprogs/scenarios/cl.cmake drives it: a batch file sets INCLUDE and LIB
  d=$seeds/cl; tools "$d" v4.0/src/TOOLS CL.EXE C1.EXE C2.EXE C3.EXE CL.ERR C1.ERR C23.ERR LINK.EXE
  tools "$d" v2.0/bin COMMAND.COM
  cp -r "$MSDOS/v4.0/src/TOOLS/BLD/INC" "$d/INC"; cp -r "$MSDOS/v4.0/src/TOOLS/BLD/LIB" "$d/LIB"
  chmod -R u+w "$d"
  crlf <"$bench/mathwork.c" >"$d/MATHWORK.C"
  printf 'ECHO OFF\nSET INCLUDE=C:\\INC\nSET LIB=C:\\LIB\nSET TMP=C:\\\nCL /Ox MATHWORK.C\n' | crlf >"$d/BUILD.BAT"
  PROG[cl]=COMMAND.COM TAIL[cl]="/C BUILD" MAKES[cl]=MATHWORK.EXE
  DESC[cl]="CL 5.1 /Ox on bench/mathwork.c ($(wc -l <"$bench/mathwork.c") lines): C1, C2, C3, LINK 3.65"

  # LINK 2.0 on masm1's object (realwork.sh puts it there), ten times from a batch file
  d=$seeds/link; tools "$d" v2.0/bin LINK.EXE COMMAND.COM
  { echo 'ECHO OFF'; for i in 1 2 3 4 5 6 7 8 9 10; do echo 'LINK BIG,BIG,BIG;'; done; } | crlf >"$d/LINK10.BAT"
  PROG[link]=COMMAND.COM TAIL[link]="/C LINK10" MAKES[link]=BIG.EXE
  DESC[link]="LINK 2.0 on masm1's object, 10 times (a batch file)"

  # the MUL/DIV program that cl builds (realwork.sh puts it there)
  mkdir -p "$seeds/mathc"
  PROG[mathc]=MATHWORK.EXE TAIL[mathc]=20 MAKES[mathc]=""
  DESC[mathc]="bench/mathwork.c built by CL 5.1: MUL/DIV on varying data, 20 rounds"

  d=$seeds/sort; tools "$d" v2.0/bin SORT.EXE
  python3 "$bench/gen_text.py" --bytes 62000 --seed 7 >"$seeds/sort.in"
  PROG[sort]=SORT.EXE TAIL[sort]="" STDIN[sort]=sort.in MAKES[sort]=""
  DESC[sort]="SORT 2.0 < $(wc -c <"$seeds/sort.in") bytes of CR LF text ($(wc -l <"$seeds/sort.in") lines)"

  d=$seeds/find; tools "$d" v2.0/bin FIND.EXE
  python3 "$bench/gen_text.py" --bytes 3000000 >"$d/BIG.TXT"
  PROG[find]=FIND.EXE TAIL[find]='"ab" BIG.TXT' MAKES[find]=""
  DESC[find]="FIND 2.0 \"ab\" on $(wc -c <"$d/BIG.TXT") bytes of CR LF text ($(wc -l <"$d/BIG.TXT") lines)"

  mkdir -p "$seeds/cpubench"; cp "$CPUBENCH20" "$seeds/cpubench/CPUBENCH.COM"
  PROG[cpubench]=CPUBENCH.COM TAIL[cpubench]="" MAKES[cpubench]=""
  DESC[cpubench]="bench/cpubench.asm, REPEAT=20 (a synthetic loop: not in the headline)"
  for i in $WORKLOADS; do REAL[$i]=1; done
  REAL[cpubench]=0
}
