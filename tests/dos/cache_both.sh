# Sourced by the block cache's DOS tests (first argument: EMU86): sets emu, a directory dir
# (removed at exit) with an empty drive folder dir/c, and fail. cache_both EMU86 DIR PROGRAM
# runs C:\PROGRAM from DIR/c with the cache and without (--no-block-cache), in DIR, into
# DIR/MODE.out, MODE.err (with the cache's counters, EMU86_FAST_STATS) and MODE.stats (the run's
# clocks and counts), and fails if either does not end well or their output, clocks or counts
# differ.
emu=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mkdir "$dir/c"
cache_both() {
  for mode in cache nocache; do
    opt=
    [ $mode = nocache ] && opt=--no-block-cache
    (cd "$2" && env EMU86_FAST_STATS=1 "$1" $opt --frontend stdio --no-progress --stats \
       --drive "C=$2/c" "$2/c/$3" > $mode.out 2> $mode.err < /dev/null) || fail "$mode: exit status $?"
    grep -v 'block cache' "$2/$mode.err" > "$2/$mode.stats"
  done
  cmp -s "$2/cache.out" "$2/nocache.out" || fail "the output differs with the block cache"
  cmp -s "$2/cache.stats" "$2/nocache.stats" || fail "the clocks or counts differ with the block cache"
}
