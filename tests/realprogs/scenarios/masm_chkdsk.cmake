# MS-DOS 2.0's MASM 1.10 assembling MS-DOS 2.0's own CHKDSK.ASM (its sources are test inputs
# here, inputs/msdos2src, MIT licence, as CI's copy of the repository has the binaries only).
#
# MASM sizes its data segment from the memory top in its PSP (word 2) less its DGROUP segment,
# capped at 64 KiB, but with a signed compare (JLE): with 640 KiB and its PSP at 0400h the
# difference, 8D4Ch paragraphs, is "negative", so it is not capped, and 8D4Ch x 16 wraps to
# D4C0h: a data segment of 54,464 bytes, and CHKDSK.ASM runs out of it ("*Out Of Memory*").
# A machine of 512 KiB (--memory 512: the difference is 6D4Ch, capped to 64 KiB) or a larger
# DOS below the program (--psp 1400: DGROUP at 22B4h, the difference 7D4Ch) assembles it. The
# .OBJ is then byte for byte the one DOSBox's run makes, whose SHA-256 is below. How it was made
# (DOSBox 0.74-3 from Debian, apt-get install dosbox; DOSBox loads programs at 0192h with its
# memory top at 9FFFh: the difference is 8FB9h, "negative" too, giving 64,400 bytes, enough):
#   mkdir c && cp MASM.EXE CHKDSK.ASM DOSSYM.ASM DOSMAC.ASM c/
#   printf '[cpu]\ncycles=max\n[autoexec]\nmount c %s/c\nc:\nMASM CHKDSK; > MASM.OUT\nexit\n' \
#     "$PWD" > masm.conf
#   SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy dosbox -conf masm.conf -noconsole
#   sha256sum c/CHKDSK.OBJ      # 4,186 bytes
# MASM 1.10 reports one warning and 8 severe errors on it under DOSBox too (DOSSYM's
# internat_block structure is beyond this MASM); they are kept in the expected stderr.
set(DOSBOX_OBJ_SHA256 2b76c34d38400e0371e1179d48ae72301e0d52d940bbeaf08f9d0e3f5d9f7770)
rp_tool(v2.0/bin MASM.EXE)
foreach(f CHKDSK.ASM DOSSYM.ASM DOSMAC.ASM)
  rp_input(msdos2src/${f} AS ${f} BINARY)
endforeach()
rp_stamp()

function(obj_is step)
  if(NOT EXISTS "${DRIVE}/CHKDSK.OBJ")
    rp_fail("step ${step}: no CHKDSK.OBJ")
  else()
    file(SHA256 "${DRIVE}/CHKDSK.OBJ" h)
    file(SIZE "${DRIVE}/CHKDSK.OBJ" n)
    if(NOT h STREQUAL DOSBOX_OBJ_SHA256)
      rp_fail("step ${step}: CHKDSK.OBJ (${n} bytes, SHA-256 ${h}) is not DOSBox's (${DOSBOX_OBJ_SHA256})")
    endif()
    file(REMOVE "${DRIVE}/CHKDSK.OBJ")
  endif()
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()

# 640 KiB, PSP at 0400h: out of memory
rp_run(default PROG MASM.EXE TAIL "CHKDSK;" STDERR)
rp_run(memory512 PROG MASM.EXE TAIL "CHKDSK;" STDERR OPTS --memory 512)
obj_is(memory512)
rp_run(psp1400 PROG MASM.EXE TAIL "CHKDSK;" STDERR OPTS --psp 1400)
obj_is(psp1400)
