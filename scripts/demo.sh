#!/usr/bin/env bash
# The main job on the bundled demo guest. Until the DOS and profiler parts exist it runs the
# CPU conformance suite summary as the demonstration of the core.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x build/emu86 ] && [ -f build/bench/demo.com ]; then
  exec build/emu86 --profil build/bench/demo.com
fi
echo "emu86: CPU conformance against the hardware-captured 8086 suite:"
exec build/tests/singlestep ../shared/testdata/singlestep-8086/v1_binary | tail -1
