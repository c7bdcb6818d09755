#!/bin/sh
# The emu86 command line: every option accepted with good values; bad values, unknown options
# and conflicting options refused with exit status 2 and one line on stderr that names the option
# and points to --help; EMU86_OPTIONS and --config; --help and the man page list every option
# of the code's table (and nothing else); the man page renders without warnings; the guest's
# output on stdout, emu86's own messages on stderr only.
#   cli.sh EMU86 SOURCE_DIR GUEST_DIR   (GUEST_DIR holds keyecho.com and sdlshow.com)
set -u
emu=$(realpath "$1") src=$(realpath "$2") guests=$(realpath "$3")
guest=$guests/keyecho.com     # echoes keys until Esc, then exits with status 7
map=$src/tests/profiler/data/sample.map
fail=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
unset EMU86_OPTIONS
bad() { echo "FAIL: $*"; fail=1; }

# accept STATUS OPTIONS...: a run of keyecho with these options ends with STATUS and says nothing
# on stderr (unless STATUS is not 7: then it says why in one line)
accept() {
    want=$1
    shift
    "$emu" "$@" "$guest" < /dev/null > out.txt 2> err.txt
    got=$?
    if [ "$got" != "$want" ]; then
        bad "$*: exit $got, expected $want: $(cat err.txt)"
    elif [ "$want" = 7 ] && [ -s err.txt ]; then
        bad "$*: unexpected stderr: $(cat err.txt)"
    elif [ "$want" != 7 ] && [ "$(wc -l < err.txt)" -gt 1 ]; then
        bad "$*: more than one line on stderr: $(cat err.txt)"
    fi
}

# refuse OPTION ARGS...: exit 2, nothing on stdout, one line on stderr naming --OPTION and
# pointing to --help
refuse() {
    opt=$1
    shift
    "$emu" "$@" < /dev/null > out.txt 2> err.txt
    got=$?
    if [ "$got" != 2 ]; then
        bad "$*: exit $got, expected 2"
    elif [ -s out.txt ]; then
        bad "$*: stdout not empty: $(cat out.txt)"
    elif [ "$(wc -l < err.txt)" != 1 ]; then
        bad "$*: expected one line on stderr, got: $(cat err.txt)"
    elif ! grep -q -- "$opt" err.txt; then
        bad "$*: the message does not name $opt: $(cat err.txt)"
    elif ! grep -q -- "emu86 --help" err.txt; then
        bad "$*: the message does not point to emu86 --help: $(cat err.txt)"
    fi
}

# ---- every option, with good values ----
k='{Esc}'
accept 7 --keys "$k"
accept 7 --keys "$k" --timing exact
accept 7 --keys "$k" --timing table
accept 7 --keys "$k" --cpu-mhz 7.16
accept 7 --keys "$k" --cpu-mhz=4.77
accept 124 --max-cycles 1000
accept 7 --keys "$k" --max-cycles 0x10000000
accept 127 --input-limit 3
accept 7 --keys "$k" --epoch 1999-12-31T23:59:58
accept 7 --keys "$k" --epoch 2024-02-29
mkdir -p d
accept 7 --keys "$k" --drive C=d --drive D=.:ro
accept 7 --keys "$k" --cost-model off
accept 7 --keys "$k" --memory 64 --psp 0800
accept 7 --keys "$k" --crlf
accept 7 --keys "$k" --crlf=in --crlf=out --strict
accept 7 --keys "$k" --memory=512 --psp 400
accept 7 --keys "$k" --profil
accept 7 --keys "$k" --profil=k.prf --bucket 4 --grain 500 --sample exact
accept 7 --keys "$k" --profil --bucket 0xFFFF --grain 54925 --sample irq
accept 7 --keys "$k" --unix-profil u.bin --profil-offset 0x1000 --profil-scale 0x8000 \
    --profil-bufsiz 4096 --profil-style bsd --profil-pc ip
accept 7 --keys "$k" --unix-profil u.bin --profil-style linux --profil-pc linear
accept 7 --keys "$k" --unix-profil u.bin --profil-style osf --profil-range 0x4000-0x5000:0x10000 \
    --profil-range 1000h-2000h
accept 7 --keys "$k" --profil --exact-profile x.out --folded x.folded --plot x.svg --map "$map"
accept 7 --keys "$k" --frontend stdio --speed max --no-progress
accept 7 --keys "$k" --speed real
accept 7 --keys "$k" --trace t.txt
[ -s t.txt ] || bad "--trace wrote nothing"
accept 7 --keys "$k" --screen
grep -q "emu86 terminal frontend" out.txt || bad "--screen did not print the screen"
"$emu" --keys "$k" --stats "$guest" > out.txt 2> err.txt
[ $? = 7 ] && grep -q "^cycles [0-9]" err.txt && grep -q "^exit 7" err.txt && ! grep -q cycles out.txt ||
    bad "--stats: expected cycles and exit lines on stderr: $(cat err.txt)"

# ---- bad values ----
refuse --timing --timing fast "$guest"
refuse "--timing needs a value" --timing
refuse --cpu-mhz --cpu-mhz 0 "$guest"
refuse --cpu-mhz --cpu-mhz abc "$guest"
refuse --cpu-mhz --cpu-mhz 15 "$guest"
refuse --max-cycles --max-cycles 0 "$guest"
refuse --max-cycles --max-cycles -1 "$guest"
refuse --max-cycles --max-cycles 12x "$guest"
refuse --keys --keys '{Nope}' "$guest"
refuse --input-limit --input-limit 0 "$guest"
refuse --input-limit --input-limit lots "$guest"
refuse --epoch --epoch 1979-12-31 "$guest"
refuse --epoch --epoch 2024-13-01 "$guest"
refuse --epoch --epoch yesterday "$guest"
refuse --drive --drive C "$guest"
refuse --drive --drive 1=. "$guest"
refuse --drive --drive C=. --drive c=d "$guest"
refuse --crlf --crlf=sideways "$guest"
refuse --memory --memory 63 "$guest"
refuse --memory --memory 641 "$guest"
refuse --psp --psp 3FF "$guest"
refuse --psp --psp 401 "$guest"
refuse --psp --psp A000 "$guest"
refuse --psp --memory 64 --psp 1000 "$guest"
refuse --bucket --bucket 0 "$guest"
refuse --bucket --bucket 65536 "$guest"
refuse --grain --grain 59 "$guest"
refuse --grain --grain 54926 "$guest"
refuse --sample --sample sometimes "$guest"
refuse --profil-offset --unix-profil u --profil-offset 0x100000 "$guest"
refuse --profil-scale --unix-profil u --profil-scale 0x10001 "$guest"
refuse --profil-bufsiz --unix-profil u --profil-bufsiz 0x1000001 "$guest"
refuse --profil-style --unix-profil u --profil-style aix "$guest"
refuse --profil-pc --unix-profil u --profil-pc segment "$guest"
refuse --profil-range --unix-profil u --profil-range 5000-4000 "$guest"
refuse --profil-range --unix-profil u --profil-range 4000 "$guest"
refuse --frontend --frontend curses "$guest"
refuse --speed --speed fast "$guest"
refuse --scale --frontend sdl --scale 0 "$guest"
refuse --scale --frontend sdl --scale 9 "$guest"
refuse --scale --frontend sdl --scale two "$guest"
refuse --screenshot --frontend sdl --screenshot shot.jpg "$guest"
refuse --stats --stats=yes "$guest"
refuse --config --config missing.cfg "$guest"
refuse "unknown option '--bogus'" --bogus "$guest"
refuse "unknown option '-x'" -x "$guest"
refuse "no program given" --timing exact

# ---- conflicting options ----
refuse --unix-profil --profil-offset 0 "$guest"
refuse --unix-profil --profil-style bsd "$guest"
refuse --unix-profil --profil-pc ip "$guest"
refuse --unix-profil --profil-range 4000-5000 "$guest"
refuse "--profil-style osf" --unix-profil u --profil-style sysv --profil-range 4000-5000 "$guest"
refuse "--frontend sdl" --scale 2 "$guest"
refuse "--frontend sdl" --frontend tty --screenshot a.png "$guest"
refuse "--frontend tty" --frontend tty "$guest"
# --frontend sdl without a display (or without SDL2) is refused, but for that reason alone
DISPLAY= WAYLAND_DISPLAY= SDL_VIDEODRIVER=x11 "$emu" --frontend sdl --scale 2 --screenshot a.png "$guest" \
    < /dev/null > out.txt 2> err.txt
[ $? = 2 ] && grep -q -- "--frontend sdl: \(cannot open a window\|this emu86 was built without SDL2\)" err.txt ||
    bad "--frontend sdl without a display: $(cat err.txt)"

# ---- EMU86_OPTIONS and --config ----
EMU86_OPTIONS="--max-cycles 1000" accept 124
EMU86_OPTIONS="--max-cycles=1000  --timing table" accept 7 --max-cycles 100000000 --keys "$k"
EMU86_OPTIONS="--timing=fast" refuse "EMU86_OPTIONS: --timing" "$guest"
EMU86_OPTIONS="--keys" refuse "EMU86_OPTIONS: --keys needs a value" "$guest"
EMU86_OPTIONS="prog.com" refuse "EMU86_OPTIONS: unexpected 'prog.com'" "$guest"
printf '# a comment\n\nmax-cycles 1000\n--timing=table\n  --cpu-mhz 4.77\n' > a.cfg
accept 124 --config a.cfg
accept 7 --config a.cfg --max-cycles 100000000 --keys "$k"
printf 'config a.cfg\n' > b.cfg
accept 124 --config b.cfg
printf 'timing exact\n\ntiming fast\n' > bad.cfg
refuse "bad.cfg:3: --timing: expected exact or table" --config bad.cfg "$guest"
printf 'bogus 1\n' > bad2.cfg
refuse "bad2.cfg:1: unknown option '--bogus'" --config bad2.cfg "$guest"
printf 'config loop.cfg\n' > loop.cfg
refuse "too deeply nested" --config loop.cfg "$guest"
EMU86_OPTIONS="--config a.cfg" accept 124

# ---- the guest's output on stdout, emu86's messages on stderr ----
printf 'x' | "$emu" --keys 'a\e' "$guest" > out.txt 2> err.txt
[ $? = 7 ] || bad "filter run: exit status"
[ "$(cat out.txt)" = "1E:61 01:1B " ] || bad "filter run: stdout is '$(cat out.txt)'"
[ -s err.txt ] && bad "filter run: stderr is '$(cat err.txt)'"
# the keyboard is apart from stdin: the bytes of a redirected stdin are not keys, and a guest
# that reads keys after --keys with no terminal stops: input exhausted (127)
printf 'a\033' | "$emu" "$guest" > out.txt 2> err.txt
[ $? = 127 ] || bad "stdin is not the keyboard: exit status"
grep -q "kept reading input after its end" err.txt || bad "stdin is not the keyboard: stderr is '$(cat err.txt)'"
"$emu" --max-cycles 1000 "$guest" < /dev/null > out.txt 2> err.txt
[ -s out.txt ] && bad "a stopped run wrote on stdout: $(cat out.txt)"
grep -q "^emu86: " err.txt || bad "a stopped run did not say why on stderr"
# no progress line when stderr is not a terminal, even for a run longer than a second
"$emu" --speed real "$guests/sdlshow.com" > /dev/null 2> err.txt
[ -s err.txt ] && bad "progress or messages on a non-terminal stderr: $(od -c err.txt | head -3)"

# ---- --help, --version: every option of the code's table, and only those ----
# other words after -- in the texts: `emu86 report`'s options, "--option value"
# the subcommands' own options (emu86 report, annotate, diff) may be named too
sed -n 's/^ *{"\([a-z-]*\)", *\(no\|required\|optional\)_argument.*/\1/p' "$src/profiler/report_main.c" \
    "$src/profiler/annotate.c" "$src/profiler/diff.c" | sort -u > sub.txt
[ "$(wc -l < sub.txt)" -gt 10 ] || bad "could not read the option tables of the subcommands"
allowed() { [ "$1" = option ] || grep -qx -- "$1" sub.txt; }
sed -n 's/^ *{"\([a-z-]*\)", *\(no\|required\|optional\)_argument.*/\1/p' "$src/frontends/options.c" \
    | sort -u > code.txt
[ "$(wc -l < code.txt)" -gt 30 ] || bad "could not read the option table of options.c"
"$emu" --help > help.txt 2> err.txt
[ $? = 0 ] && [ ! -s err.txt ] || bad "--help: exit status or stderr"
grep -q "^usage: emu86 \[OPTIONS\] PROGRAM \[ARGS...\]" help.txt || bad "--help: no usage line"
for group in Machine DOS Profiling Output; do
    grep -q "^$group:" help.txt || bad "--help: no '$group:' group"
done
grep -o -- '--[a-z][a-z-]*' help.txt | sed 's/^--//' | sort -u > help_opts.txt
for o in $(cat code.txt); do grep -qx -- "$o" help_opts.txt || bad "--help does not list --$o"; done
for o in $(cat help_opts.txt); do
    grep -qx -- "$o" code.txt || allowed "$o" || bad "--help lists --$o, which the code does not accept"
done
"$emu" --version > out.txt 2> err.txt
[ $? = 0 ] && grep -q "^emu86 [0-9][0-9.]*$" out.txt && [ ! -s err.txt ] || bad "--version: $(cat out.txt err.txt)"
"$emu" --help --bogus > /dev/null 2>&1 || bad "--help before a bad option should still be help"
"$emu" -h > h.txt 2> err.txt
[ $? = 0 ] && cmp -s h.txt help.txt && [ ! -s err.txt ] || bad "-h is not --help"

# ---- the program as COMMAND.COM finds it: NAME, else NAME.COM, else NAME.EXE, any case ----
mkdir -p progs
cp "$guest" progs/Echo.Com
printf 'not a program' > progs/ECHO.EXE
"$emu" --keys '{Esc}' progs/echo < /dev/null > out.txt 2> err.txt
[ $? = 7 ] || bad "progs/echo did not run Echo.Com before ECHO.EXE: $(cat err.txt)"
(cd progs && "$emu" --keys '{Esc}' ECHO < /dev/null > ../out.txt 2> ../err.txt)
[ $? = 7 ] || bad "ECHO did not run Echo.Com: $(cat err.txt)"
"$emu" progs/nothere < /dev/null > out.txt 2> err.txt
[ $? = 125 ] && grep -q "progs/nothere: no such program" err.txt || bad "a missing NAME: $(cat err.txt)"

# ---- --screen: the text screen without its trailing blank lines ----
"$emu" --frontend stdio --keys '{Esc}' --screen "$guest" < /dev/null > out.txt 2> err.txt
[ "$(tail -c 1 out.txt | od -An -c | tr -d ' ')" = '\n' ] && [ -n "$(tail -n 1 out.txt)" ] ||
    bad "--screen printed blank lines at the end: $(od -c out.txt | tail -3)"

# ---- functions emu86 does not have: a warning once each; --strict ends the run ----
"$emu" --frontend stdio "$guests/unknown.com" < /dev/null > out.txt 2> err.txt
[ $? = 0 ] && grep -q "^done" out.txt || bad "unknown.com: exit status or output: $(cat out.txt err.txt)"
[ "$(wc -l < err.txt)" = 6 ] && [ "$(grep -c 'warning: INT 21h function 5Ch is not implemented here (AL=00h, carry set)$' err.txt)" = 1 ] &&
    grep -q "warning: INT 21h function 44h subfunction 20h is not implemented" err.txt &&
    grep -q "warning: INT 10h function 1Ah" err.txt && grep -q "warning: INT 16h function 05h" err.txt &&
    grep -q "warning: INT 13h function 02h" err.txt || bad "unknown.com: the warnings: $(cat err.txt)"
"$emu" --frontend stdio --strict "$guests/unknown.com" < /dev/null > out.txt 2> err.txt
[ $? = 126 ] && [ "$(wc -l < err.txt)" = 1 ] && grep -q "INT 21h function 5Ch is not implemented here.*stopped (--strict)" err.txt ||
    bad "--strict: $(cat err.txt)"

# ---- --frontend sdl without a display: one line, status 2, nothing run ----
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$emu" --frontend sdl "$guest" < /dev/null > out.txt 2> err.txt
[ $? = 2 ] && [ "$(wc -l < err.txt)" = 1 ] && grep -q "no display\|without SDL2" err.txt && [ ! -s out.txt ] ||
    bad "--frontend sdl without a display: $(cat err.txt)"

# ---- the man page ----
page=$src/frontends/emu86.1
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
    LC_ALL=C MANWIDTH=80 MANROFFSEQ= man --warnings -l "$page" > man.txt 2> err.txt
    [ $? = 0 ] && [ ! -s err.txt ] || bad "man -l $page: $(cat err.txt)"
    groff -man -ww -z "$page" 2> err.txt
    [ ! -s err.txt ] || bad "groff warnings: $(cat err.txt)"
    grep -q "^SYNOPSIS" man.txt && grep -q "^EXIT STATUS" man.txt && grep -q "^ENVIRONMENT" man.txt ||
        bad "the man page lacks a section"
    LC_ALL=C MANWIDTH=1000 man -l "$page" 2>/dev/null | grep -o -- '--[a-z][a-z-]*[a-z]' | sed 's/^--//' \
        | sort -u > man_opts.txt
    for o in $(cat code.txt); do grep -qx -- "$o" man_opts.txt || bad "the man page does not document --$o"; done
    for o in $(cat man_opts.txt); do
        grep -qx -- "$o" code.txt || allowed "$o" ||
            bad "the man page documents --$o, which the code does not accept"
    done
else
    echo "man or groff not found: the man page checks are skipped"
fi

[ $fail = 0 ] && echo "ok"
exit $fail
