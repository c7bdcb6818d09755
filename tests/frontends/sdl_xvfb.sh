#!/bin/sh
# The SDL window under Xvfb, driven as a person would:
#   - the screenshot of a coloured text screen with its live profile panel is the golden image,
#     pixel for pixel, as PNG and BMP, at scale 1 and 2, and the same bytes on a second run;
#   - keys typed into the window reach the guest as INT 16h codes (arrows, F-keys, Ctrl, Alt);
#   - closing the window ends the run as SIGINT does (exit 130, the screenshot still written);
#   - the guest's output goes to the window only: nothing on stdout.
#   sdl_xvfb.sh EMU86 IMGCMP XWIN SDLSHOW.COM SDLSHOW.MAP GOLDEN.png KEYECHO.COM
# Exit 77 (skipped) without xvfb-run, except in CI (CI=true), where that is a failure.
set -u
if [ -z "${EMU86_UNDER_XVFB:-}" ]; then
  if ! command -v xvfb-run >/dev/null 2>&1; then
    [ "${CI:-}" = true ] && { echo "FAIL: xvfb-run not found (scripts/deps.sh installs it)"; exit 1; }
    echo "TEST-SKIPPED: the SDL window: xvfb-run not found (scripts/deps.sh installs it)"; exit 77
  fi
  EMU86_UNDER_XVFB=1 exec xvfb-run -a -s "-screen 0 2048x1024x24 -noreset" sh "$0" "$@"
fi
emu=$(realpath "$1") imgcmp=$(realpath "$2") xwin=$(realpath "$3") show=$(realpath "$4")
map=$(realpath "$5") golden=$(realpath "$6") keyecho=$(realpath "$7")
start=$(pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

# screenshots against the golden image
"$emu" --frontend sdl --speed max --map "$map" --screenshot a.png "$show" > out.txt 2> err.txt
st=$?
[ $st -eq 0 ] || { cat err.txt; fail "sdlshow exited $st"; }
[ -s out.txt ] && fail "the guest's output reached stdout: $(head -c 200 out.txt)"
[ -s err.txt ] && fail "unexpected messages on stderr: $(cat err.txt)"
if ! "$imgcmp" a.png "$golden"; then
  cp a.png "$start/sdlshow.actual.png"
  fail "the screenshot differs from the golden image (kept as $start/sdlshow.actual.png)"
fi
"$emu" --frontend sdl --speed max --map "$map" --screenshot b.bmp "$show" || fail "BMP run"
"$imgcmp" b.bmp "$golden" || fail "the BMP screenshot differs from the golden image"
"$emu" --frontend sdl --speed max --map "$map" --screenshot c.png "$show" || fail "second run"
cmp -s a.png c.png || fail "two runs gave different PNG bytes"
"$emu" --frontend sdl --speed max --map "$map" --scale 2 --screenshot d.png "$show" || fail "scale 2 run"
"$imgcmp" d.png "$golden" 2 || fail "--scale 2 is not the golden image doubled"
echo "ok: screenshots"

# keys typed into the window
"$emu" --frontend sdl --screen "$keyecho" > keys.txt 2> err.txt &
pid=$!
"$xwin" wait "emu86 - keyecho" || { kill $pid; fail "no window"; }
sleep 1 # the guest reaches its INT 16h loop (slower on a loaded machine)
"$xwin" keys "emu86 - keyecho" a Up F1 F12 ctrl+c shift+a alt+x Home Escape
wait $pid
st=$?
[ $st -eq 7 ] || { cat err.txt; fail "keyecho exited $st, not 7"; }
grep -q "1E:61 48:00 3B:00 86:00 2E:03 1E:41 2D:00 47:00 01:1B" keys.txt ||
  fail "keys did not arrive as typed: $(grep : keys.txt)"
echo "ok: keys"

# closing the window
"$emu" --frontend sdl --screenshot closed.png "$keyecho" > out.txt 2> err.txt &
pid=$!
"$xwin" wait "emu86 - keyecho" || { kill $pid; fail "no window"; }
sleep 1
"$xwin" close "emu86 - keyecho"
wait $pid
st=$?
[ $st -eq 130 ] || fail "closing the window: exit $st, not 130"
[ "$(wc -l < err.txt)" -eq 1 ] || fail "closing the window: expected one line on stderr, got: $(cat err.txt)"
[ -s closed.png ] || fail "closing the window: no screenshot"
echo "ok: close"
