#!/usr/bin/env bash
# Installs what the build needs and is missing (Debian/Ubuntu): nasm, cJSON, zlib, pkg-config,
# cmake, a C compiler. SDL2 is optional (EMU86_WITH_SDL=1 to install it too).
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
pkg-config --exists libcjson 2>/dev/null || need+=(libcjson-dev)
pkg-config --exists zlib 2>/dev/null || need+=(zlib1g-dev)
if [ "${EMU86_WITH_SDL:-0}" = 1 ]; then
  pkg-config --exists sdl2 2>/dev/null || need+=(libsdl2-dev)
fi
[ ${#need[@]} -eq 0 ] && exit 0
echo "emu86: installing ${need[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null || true
$sudo apt-get install -y -qq "${need[@]}" >/dev/null
