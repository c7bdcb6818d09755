#!/bin/sh
# The terminal frontend driven by tmux: the guest's screen appears in the terminal, keys typed
# there reach the guest (arrows and F-keys as scan codes), and the terminal is restored at exit.
#   tty_tmux.sh EMU86 GUEST.COM
set -u
emu=$(realpath "$1") guest=$(realpath "$2")
sock="emu86-test-$$"
t() { tmux -L "$sock" "$@"; }
cleanup() { t kill-server 2>/dev/null; }
trap cleanup EXIT
dir=$(mktemp -d)
trap 'cleanup; rm -rf "$dir"' EXIT
t new-session -d -x 90 -y 30 "cd '$dir' && '$emu' '$guest'; echo \"EXIT=\$?\"; sleep 30"
wait_for() { # text, tries
  i=0
  while [ $i -lt 50 ]; do
    if t capture-pane -p | grep -q "$1"; then return 0; fi
    sleep 0.1; i=$((i + 1))
  done
  echo "timed out waiting for: $1"; t capture-pane -p; return 1
}
wait_for "emu86 terminal frontend" || exit 1
t send-keys a
t send-keys Up
t send-keys F1
wait_for "1E:61 48:00 3B:00" || exit 1
t send-keys Escape
wait_for "EXIT=7" || exit 1
# after exit the last screen stays in the normal buffer
t capture-pane -p | grep -q "1E:61 48:00 3B:00 01:1B" || { echo "final screen not kept"; t capture-pane -p; exit 1; }
echo "ok"
