# A two-module .EXE (stack, data, code segments; macros from an include file; far calls between
# modules) with MS-DOS 2.0's MASM and LINK; it prints a computed sum and returns 55.
rp_tool(v2.0/bin MASM.EXE LINK.EXE)
rp_input(MAIN.ASM)
rp_input(UTIL.ASM)
rp_input(DOSCALL.INC)
rp_stamp()
rp_run(masm_main PROG MASM.EXE TAIL "MAIN,MAIN,MAIN;" STDERR)
rp_run(masm_util PROG MASM.EXE TAIL "UTIL;" STDERR)
rp_expect(MAIN.LST)
rp_run(link PROG LINK.EXE TAIL "MAIN+UTIL,MAIN,MAIN;" STDERR)
rp_expect(MAIN.MAP)
rp_run(main PROG MAIN.EXE EXIT 55)
