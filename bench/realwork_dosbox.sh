# DOSBox as a peer of bench/realwork.sh (sourced by it; only with --dosbox PATH): headless
# (SDL's dummy drivers), the drive mounted as C:, cycles=max on the dynamic core, and DOSBox's
# own shell running the command line with its output redirected to a file. HOME is the run's
# folder, so DOSBox reads and writes nothing of the host's.
#   dosbox_cmd NAME DIR      sets cmd for run_one (cwd is DIR)
#   dosbox_collect DIR       DIR/out from the redirected file; no stderr, no exit status
#   dosbox_time_null         times DOSBox starting and leaving at once (its start-up, which
#                            the report subtracts from DOSBox's times) into $tmp/t.dosbox0
# DOSBox reports DOS 5, which COMMAND.COM 2.0 refuses: the lines of a batch file given to
# COMMAND.COM /C are given to DOSBox's shell one by one (each one's output redirected: a batch
# file's redirection would not reach the commands inside). Stderr goes to DOSBox's screen and
# DOSBox gives no exit status: bench/same_output.py does not compare them for it ("screen").
# shellcheck shell=bash
# shellcheck disable=SC2154 # set by realwork.sh

dosbox_base() {   # dosbox_base DIR COMMAND...: cmd for DOSBox running COMMANDs on DIR/drive
  local d=$1; shift
  # the commands in the configuration's [autoexec]: DOSBox 0.74 takes at most 10 -c options
  printf '%s\n' '[sdl]' 'output=surface' '[cpu]' 'core=dynamic' 'cycles=max' '[mixer]' \
    'nosound=true' '[speaker]' 'pcspeaker=false' 'tandy=off' 'disney=false' '[sblaster]' \
    'sbtype=none' '[gus]' 'gus=false' '[midi]' 'mpu401=none' '[joystick]' \
    'joysticktype=none' '[serial]' 'serial1=disabled' 'serial2=disabled' '[autoexec]' \
    "mount c \"$d/drive\"" 'c:' "$@" 'exit' >"$d/dosbox.conf"
  cmd=(env HOME="$d" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$dosbox" -conf "$d/dosbox.conf" -noconsole)
}

dosbox_cmd() {
  local w=$1 d=$2 line lines=()
  if [ "${PROG[$w]}" = COMMAND.COM ]; then   # the batch file's lines, one by one
    while IFS= read -r line; do
      line=${line%$'\r'}
      case ${line^^} in "ECHO OFF") ;; SET\ *) lines+=("$line") ;; *) lines+=("$line >> STDOUT.TXT") ;; esac
    done <"$seeds/$w/${TAIL[$w]#/C }.BAT"
  else
    line="${PROG[$w]} ${TAIL[$w]}"
    if [ -n "${STDIN[$w]:-}" ]; then cp "$seeds/${STDIN[$w]}" "$d/drive/STDIN.TXT"; line+=" < STDIN.TXT"; fi
    lines=("$line > STDOUT.TXT")
  fi
  dosbox_base "$d" "${lines[@]}"
}

dosbox_collect() {
  local d=$1
  if [ -f "$d/drive/STDOUT.TXT" ]; then mv "$d/drive/STDOUT.TXT" "$d/out"; else : >"$d/out"; fi
  rm -f "$d/drive/STDIN.TXT"
  : >"$d/err"
  echo - >"$d/rc"
}

# dosbox_time_null: one timed run of DOSBox starting and leaving, into $tmp/t.dosbox0
dosbox_time_null() {
  local d=$tmp/run/dosbox0 t0 t1 cmd
  rm -rf "$d"; mkdir -p "$d/drive"
  dosbox_base "$d"
  t0=$(date +%s.%N)
  (cd "$d" && exec timeout --foreground 600 "${cmd[@]}" </dev/null >/dev/null 2>&1) || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f\n", b - a}' >>"$tmp/t.dosbox0"
}
