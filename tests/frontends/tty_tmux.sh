#!/bin/sh
# The terminal frontend driven by tmux: the guest's screen appears in the terminal, keys typed
# there reach the guest (arrows and F-keys as scan codes), and the terminal is restored at exit
# and after a crash signal; with stdout redirected, a long run shows its progress on the terminal
# and the terminal's lines are the guest's keys.
# Keys typed ahead, before emu86 takes the terminal and while the guest is busy, a Ctrl-C among
# them, all reach the guest in order.
#   tty_tmux.sh EMU86 GUEST.COM LONG.COM TYPEAHEAD.COM
set -u
emu=$(realpath "$1") guest=$(realpath "$2") long=$(realpath "$3") ahead=$(realpath "$4")
sock="emu86-test-$$"
phase=0 # each part of the test has a tmux server of its own
t() { tmux -L "$sock-$phase" "$@"; }
next() { t kill-server 2>/dev/null; phase=$((phase + 1)); }
cleanup() { while [ $phase -ge 0 ]; do t kill-server 2>/dev/null; phase=$((phase - 1)); done; }
trap cleanup EXIT
dir=$(mktemp -d)
trap 'cleanup; rm -rf "$dir"' EXIT
t new-session -d -x 90 -y 30 "cd '$dir' && '$emu' '$guest'; echo \"EXIT=\$?\"; sleep 30"
wait_for() { # text [tries, 0.1 s apart; 50]
  i=0
  while [ $i -lt "${2:-50}" ]; do
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
# a crash signal: the terminal is restored all the same (normal screen, cooked mode with echo)
next
t new-session -d -x 90 -y 30 "cd '$dir' && '$emu' '$guest'; echo \"EXIT=\$?\"; stty -a | tr ' ' '\n' | grep -x -e icanon -e echo | tr '\n' ' '; echo; sleep 30"
wait_for "emu86 terminal frontend" || exit 1
[ "$(t display-message -p '#{alternate_on}')" = 1 ] || { echo "the guest's screen is not on the alternate screen"; exit 1; }
pkill_emu() { # the emu86 of this test, by the pane's process tree
  for p in $(pgrep -P "$(t display-message -p '#{pane_pid}')"); do
    [ "$(cat /proc/$p/comm)" = emu86 ] && kill -"$1" "$p"
  done
}
pkill_emu SEGV
wait_for "EXIT=139" || exit 1
[ "$(t display-message -p '#{alternate_on}')" = 0 ] || { echo "after SIGSEGV the alternate screen is still on"; exit 1; }
wait_for "icanon echo" || { echo "after SIGSEGV the terminal is not back in cooked mode"; exit 1; }

# a long run with stdout redirected: progress on the terminal's stderr, erased at the end
next
t new-session -d -x 90 -y 30 "cd '$dir' && '$emu' --speed real '$long' > out.txt; echo \"EXIT=\$?\"; sleep 30"
wait_for "\[emu86\] [0-9.]* s emulated, [0-9]* clocks" || exit 1
wait_for "EXIT=0" || exit 1
t capture-pane -p | grep -q "\[emu86\]" && { echo "the progress line was not erased"; t capture-pane -p; exit 1; }

# stdout redirected, stdin the terminal (line mode): keys reach the guest line by line
next
t new-session -d -x 90 -y 30 "cd '$dir' && '$emu' '$guest' > keys.txt; echo \"EXIT=\$?\"; sleep 30"
sleep 0.3
t send-keys a Enter
t send-keys Escape Enter
wait_for "EXIT=7" || exit 1
[ "$(cat "$dir/keys.txt")" = "1E:61 1C:0D 01:1B " ] || { echo "line-mode keys: '$(cat "$dir/keys.txt")'"; exit 1; }

# keys typed ahead: "abc" before emu86 takes the terminal (it must not flush them), then Ctrl-C,
# x and Esc while the guest is busy printing (DOS looks for a Ctrl-C at the first key waiting)
next
t new-session -d -x 90 -y 30 "cd '$dir' && sleep 1 && '$emu' --frontend tty '$ahead'; echo \"EXIT=\$?\"; sleep 30"
sleep 0.3
t send-keys a b c
sleep 1.5
t send-keys C-c x Escape
wait_for "EXIT=0" 200 || exit 1
t capture-pane -p | grep -q "1E:61 30:62 2E:63 2E:03 2D:78 01:1B" ||
  { echo "keys typed ahead did not all arrive in order:"; t capture-pane -p; exit 1; }
echo "ok"
