#!/bin/sh
# The exact model's block cache changes nothing but the speed: each guest run with and without
# it (--no-block-cache) prints the same, ends at the same clock after the same instructions and
# writes the same profiles, byte for byte (the .PRF of the sampling profiler, a tick every 60 us
# into 1-paragraph buckets, by the IRQ rule and by the exact one, with the IRQ rule's profil(2)
# buffer, a counter for every 2 bytes of code, and the callgrind and folded files
# of the exact profiler, which observes every instruction); and with
# EMU86_FAST_VERIFY=1 every instruction the
# cache replays is run again in the exact model and compared (clocks, registers, bus state,
# memory), up to a clock limit that keeps the run short, without and with profiling. The cache's
# counters (EMU86_FAST_STATS) must show a link moved to a block that agrees at its first node
# (cache/replay.inc, replay_disagrees) in at least one of the guests, so that the outputs are
# compared with that path in use.
#   block_cache.sh EMU86 GUEST.com...
# With --phases, the sampling ticks at every phase instead: each guest profiled with a tick
# every 60 to 75 us (so that the ticks fall at every point of its loops: after a node, while a
# node's opcode is read, between two REP MOVSB iterations, in the first node after a jump,
# several in one pass through a block), by both rules, into the .PRF and the profil(2) buffer
# above, with and without the cache (which takes most ticks after the passes they fell in:
# cache/sampling.inc, defer_flush): the same files, byte for byte. The cache's counters
# (EMU86_FAST_STATS) must show ticks taken that way, so that the check cannot pass by that path
# falling out of use (so these runs are without EMU86_FAST_VERIFY, whose checking copy of the
# replay meets every tick where it falls), and replays that went on after a node the interpreter
# ran for a tick (cache/replay.inc, replay_enter: the state after it as recorded).
#   block_cache.sh --phases EMU86 GUEST.com...
set -u
phases=
[ "$1" = --phases ] && phases=1 && shift
emu=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# --phases: one guest
phases() {
  g=$1
  name=$(basename "$g" .com)
  deferred=0
  resumed=0
  for grain in 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75; do
    for rule in irq exact; do
      for mode in cache nocache; do
        opt=
        [ $mode = nocache ] && opt=--no-block-cache
        (cd "$dir" && env -u EMU86_FAST_VERIFY EMU86_FAST_STATS=1 "$emu" $opt --profil=$mode.PRF --grain $grain --bucket 1 --sample $rule \
           --unix-profil=$mode.upr --profil-style bsd --profil-scale 0x10000 --max-cycles 20000000 "$g" \
           > /dev/null 2> $mode.err < /dev/null)
      done
      for f in PRF upr; do
        cmp -s "$dir/cache.$f" "$dir/nocache.$f" || fail "$name, grain $grain, --sample $rule: the .$f differs with the block cache"
      done
      n=$(sed -n 's/.* \([0-9][0-9]*\) deferred in .*/\1/p' "$dir/cache.err")
      [ -n "$n" ] || fail "$name: no block cache counters in: $(cat "$dir/cache.err")"
      deferred=$((deferred + n))
      n=$(sed -n 's/.*(\([0-9][0-9]*\) after the interpreter.*/\1/p' "$dir/cache.err")
      [ -n "$n" ] || fail "$name: no count of replays resumed in: $(cat "$dir/cache.err")"
      resumed=$((resumed + n))
    done
  done
  [ $deferred -gt 0 ] || fail "$name: no tick was taken after its pass (deferred)"
  [ $resumed -gt 0 ] || fail "$name: no replay went on after the interpreter's node for a tick"
  echo "ok: $name ($deferred ticks deferred, $resumed replays resumed after a node, in 32 runs)"
}

if [ -n "$phases" ]; then
  for g in "$@"; do phases "$g"; done
  exit 0
fi
moved=0
for g in "$@"; do
  name=$(basename "$g" .com)
  n=$(cd "$dir" && env -u EMU86_FAST_VERIFY EMU86_FAST_STATS=1 "$emu" --max-cycles 60000000 "$g" 2>&1 >/dev/null </dev/null |
      sed -n 's/.* \([0-9][0-9]*\) links moved.*/\1/p')
  [ -n "$n" ] || fail "$name: no block cache counters (links moved)"
  moved=$((moved + n))
  for mode in cache nocache; do
    opt=
    [ $mode = nocache ] && opt=--no-block-cache
    (cd "$dir" && "$emu" $opt --stats --profil="$name.$mode.PRF" --grain 60 --bucket 1 \
       --unix-profil="$name.$mode.upr" --profil-style bsd --profil-scale 0x10000 --max-cycles 60000000 "$g" \
       > "$name.$mode.out" 2> "$name.$mode.err" < /dev/null)
    echo $? > "$dir/$name.$mode.status"
    # (a wrapped counter's warning names the .PRF and its sidecar: the same but for the mode)
    sed -i "s/$name\.$mode\./$name.MODE./g" "$dir/$name.$mode.err"
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
  echo "ok: $name ($(grep '^cycles' "$dir/$name.cache.err"), $n links moved)"
done
[ $moved -gt 0 ] || fail "no link was moved to a block that agrees, in any guest"
echo "ok: $moved links moved in all"

