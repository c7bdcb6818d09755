#!/usr/bin/env bash
# The disassembler against NASM's ndisasm: gen_cases writes byte sequences covering every 8086
# opcode, ModRM form and prefix and every 8087 instruction, with our listing of each; ndisasm
# lists the same bytes; the two must be the same line for line (offset, bytes, text), with
# only the spacing of the columns normalised. A missing ndisasm is a failure of the test's
# setup, said as such (Debian: apt-get install nasm).
#   ndisasm.sh GEN_CASES WORK_DIR
set -uo pipefail
gen=$1 W=$2
rm -rf "$W" && mkdir -p "$W" || exit 1
command -v ndisasm >/dev/null || { echo "FAIL: ndisasm not found (it comes with nasm): nothing compared" >&2; exit 1; }
n=$("$gen" "$W") || { echo "FAIL: gen_cases failed" >&2; exit 1; }
lines=0
for ((i = 0; i < n; i++)); do
  # ndisasm names F2h and F3h by what they mean to later CPUs before some instructions (MPX's
  # bnd, TSX's xacquire and xrelease): to the 8086 they are repne and rep
  ndisasm -b 16 "$W/case$i.bin" | tr -s ' ' |
    sed -E 's/ (bnd|xacquire) / repne /; s/ xrelease / rep /' >"$W/nasm$i.txt"
  tr -s ' ' <"$W/ours$i.txt" >"$W/ours$i.norm"
  if ! cmp -s "$W/nasm$i.txt" "$W/ours$i.norm"; then
    echo "FAIL: case$i.bin: ndisasm (<) and ours (>) differ:" >&2
    diff "$W/nasm$i.txt" "$W/ours$i.norm" | head -40 >&2
    exit 1
  fi
  lines=$((lines + $(wc -l <"$W/ours$i.norm")))
done
[ "$lines" -gt 20000 ] || { echo "FAIL: only $lines instructions compared" >&2; exit 1; }
echo "$lines instructions in $n files: the same as ndisasm's"
