#!/usr/bin/env bash
# Installs what the build and the tests need and is missing (Debian/Ubuntu): nasm, cJSON, zlib,
# pkg-config, cmake, a C compiler; tmux, man and groff for the frontend tests; SDL2 (the window
# frontend) with Xvfb and xauth to test it. EMU86_NO_SDL=1 leaves SDL2 and Xvfb out (the build
# then has no window frontend and its tests are not run).
set -euo pipefail
need=()
command -v nasm >/dev/null 2>&1 || need+=(nasm)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v cc >/dev/null 2>&1 || need+=(gcc)
command -v tmux >/dev/null 2>&1 || need+=(tmux)         # terminal frontend test
command -v clang >/dev/null 2>&1 || need+=(clang)            # sanitizer build, fuzzing
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || need+=(libclang-rt-dev)
command -v bcc >/dev/null 2>&1 || need+=(bcc bin86 elks-libc) # a 16-bit C compiler: the C guest header's test
command -v man >/dev/null 2>&1 || need+=(man-db)        # the man page test
command -v groff >/dev/null 2>&1 || need+=(groff-base)
pkg-config --exists libcjson 2>/dev/null || need+=(libcjson-dev)
pkg-config --exists zlib 2>/dev/null || need+=(zlib1g-dev)
if [ "${EMU86_NO_SDL:-0}" != 1 ]; then
  pkg-config --exists sdl2 2>/dev/null || need+=(libsdl2-dev)
  pkg-config --exists x11 2>/dev/null || need+=(libx11-dev)   # the test's window driver
  command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb)
  command -v xauth >/dev/null 2>&1 || need+=(xauth)
fi
[ ${#need[@]} -eq 0 ] && exit 0
echo "emu86: installing ${need[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null || true
$sudo apt-get install -y -qq "${need[@]}" >/dev/null
