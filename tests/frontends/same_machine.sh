#!/bin/sh
# One machine for every frontend: guests run under --frontend stdio and under FRONTEND (tty in
# a pseudo-terminal made by script(1) or tmux; sdl under xvfb-run, or SDL's dummy video driver
# without it) must end with the same --stats (cycles, instructions, ticks, exit status), the
# same .PRF, byte for byte, and the same files written. Each run starts in a fresh folder (the
# drive C:) with stdin from /dev/null. The guests: lines.com (200 lines through INT 21h AH=09h),
# keyecho.com (reads the keyboard: --keys), sdlshow.com (colours straight into video memory),
# layers.com (console, a file written and read, computing), demo.com (the profiling demo).
#   same_machine.sh EMU86 tty|sdl GUEST...
# Exit 77 (skipped, with the reason) when the frontend cannot be run here.
set -u
emu=$(realpath "$1") fe=$2
shift 2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIPPED: $*"; exit 77; }

# run_under FRONTEND WORKDIR ARGS...: the run's stats in WORKDIR/stats.txt
run_under() {
  f=$1 w=$2
  shift 2
  mkdir -p "$w"
  (cd "$w" && case $f in
    stdio) "$emu" --frontend stdio --speed max --stats "$@" </dev/null >out.txt 2>err.txt ;;
    tty)
      cmd="'$emu' --frontend tty --speed max --stats"
      for a in "$@"; do cmd="$cmd '$a'"; done
      cmd="$cmd </dev/null 2>err.txt"
      if command -v script >/dev/null 2>&1; then
        script -qec "$cmd" /dev/null >out.txt 2>&1
      else
        sock="emu86-same-$$"
        tmux -L "$sock" new-session -d -x 90 -y 30 "$cmd; touch done"
        i=0
        while [ ! -e done ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
        tmux -L "$sock" kill-server 2>/dev/null
      fi ;;
    sdl)
      if command -v xvfb-run >/dev/null 2>&1; then
        xvfb-run -a "$emu" --frontend sdl --speed max --stats "$@" </dev/null >out.txt 2>err.txt
      else
        SDL_VIDEODRIVER=dummy "$emu" --frontend sdl --speed max --stats "$@" </dev/null >out.txt 2>err.txt
      fi ;;
  esac
  grep -E '^(cycles|instructions|ticks|exit) ' err.txt > stats.txt)
}

case $fe in
tty)
  command -v script >/dev/null 2>&1 || command -v tmux >/dev/null 2>&1 ||
    skip "neither script(1) nor tmux is here to make a pseudo-terminal" ;;
sdl)
  SDL_VIDEODRIVER=dummy "$emu" --frontend sdl --speed max "$1" </dev/null >/dev/null 2>"$dir/probe.txt"
  grep -q "built without SDL2\|window module" "$dir/probe.txt" && skip "$(cat "$dir/probe.txt")" ;;
*) fail "unknown frontend $fe" ;;
esac

n=0
for g in "$@"; do
  guest=$(realpath "$g") name=$(basename "$g" .com)
  set -- --profil="$name.PRF" --grain 100
  [ "$name" = keyecho ] && set -- "$@" --keys 'ab{Up}{F1}x\e'
  run_under stdio "$dir/stdio/$name" "$@" "$guest"
  run_under "$fe" "$dir/$fe/$name" "$@" "$guest"
  a="$dir/stdio/$name" b="$dir/$fe/$name"
  grep -q '^cycles ' "$a/stats.txt" || fail "$name: no --stats under stdio: $(cat "$a/err.txt")"
  grep -q '^cycles ' "$b/stats.txt" || fail "$name: no --stats under $fe: $(cat "$b/err.txt")"
  cmp -s "$a/stats.txt" "$b/stats.txt" ||
    fail "$name: --stats differ: stdio $(tr '\n' ' ' < "$a/stats.txt"), $fe $(tr '\n' ' ' < "$b/stats.txt")"
  cmp -s "$a/$name.PRF" "$b/$name.PRF" || fail "$name: the .PRF differs between stdio and $fe"
  for f in "$a"/*; do
    case $(basename "$f") in out.txt|err.txt|stats.txt) continue ;; esac
    cmp -s "$f" "$b/$(basename "$f")" || fail "$name: $(basename "$f") differs between stdio and $fe"
  done
  echo "ok: $name: $(tr '\n' ' ' < "$a/stats.txt")"
  n=$((n + 1))
done
[ $n -ge 5 ] || fail "only $n guests"
echo "ok: $n guests, the same machine under stdio and $fe"
