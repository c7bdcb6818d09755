#!/bin/sh
# The exact model's block cache changes nothing but the speed: each guest run with and without
# it (--no-block-cache) prints the same, ends at the same clock after the same instructions and
# writes the same profiles, byte for byte (the .PRF of the sampling profiler, a tick every 60 us
# into 1-paragraph buckets, by the IRQ rule and by the exact one, with the IRQ rule's profil(2)
# buffer, a counter for every 2 bytes of code, and the callgrind and folded files
# of the exact profiler, which observes every instruction); and with
# EMU86_FAST_VERIFY=1 every instruction the
# cache replays is run again in the exact model and compared (clocks, registers, bus state,
# memory), up to a clock limit that keeps the run short, without and with profiling.
#   block_cache.sh EMU86 GUEST.com...
set -u
emu=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
for g in "$@"; do
  name=$(basename "$g" .com)
  for mode in cache nocache; do
    opt=
    [ $mode = nocache ] && opt=--no-block-cache
    (cd "$dir" && "$emu" $opt --stats --profil="$name.$mode.PRF" --grain 60 --bucket 1 \
       --unix-profil="$name.$mode.upr" --profil-style bsd --profil-scale 0x10000 --max-cycles 60000000 "$g" \
       > "$name.$mode.out" 2> "$name.$mode.err" < /dev/null)
    echo $? > "$dir/$name.$mode.status"
    (cd "$dir" && "$emu" $opt --exact-profile="$name.$mode.cg" --folded="$name.$mode.folded" \
       --profil="$name.$mode.ePRF" --grain 60 --bucket 1 --sample exact --max-cycles 20000000 "$g" \
       > /dev/null 2>&1 < /dev/null)
  done
  for f in out err status PRF upr ePRF cg folded; do
    cmp -s "$dir/$name.cache.$f" "$dir/$name.nocache.$f" ||
      fail "$name: the $f differs with the block cache: $(diff "$dir/$name.cache.$f" "$dir/$name.nocache.$f" | head -5)"
  done
  # checked plain, then with a profiling tick every 60 us (the replay meets them itself: before
  # a node's opcode is read, after a node, between two REP MOVSB iterations) and the exact
  # profiler taking runs of instructions
  for prof in "" "--profil=v.PRF --grain 60 --exact-profile=v.cg"; do
    (cd "$dir" && EMU86_FAST_VERIFY=1 "$emu" $prof --max-cycles 15000000 "$g" > /dev/null 2> "$name.verify" < /dev/null)
    st=$?
    grep -q "block cache check failed" "$dir/$name.verify" && fail "$name ($prof): $(cat "$dir/$name.verify")"
    [ $st -lt 128 ] || fail "$name ($prof): the checked run ended with status $st: $(cat "$dir/$name.verify")"
  done
  echo "ok: $name ($(grep '^cycles' "$dir/$name.cache.err"))"
done
