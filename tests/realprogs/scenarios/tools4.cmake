# MS-DOS 4.0's build tools: NMAKE building HELLO.EXE from a makefile (CL and LINK as its
# children), and a second NMAKE finding it up to date (file times: inputs from 1987, outputs from
# the DOS clock); MASM 5.10 and LIB 3.10 making a library of UTIL.OBJ, LINK 3.65 linking
# MAIN.OBJ against it; EXEPACK packing HELLO.EXE and the packed program running; EXEMOD showing
# its header.
rp_tool(v4.0/src/TOOLS NMAKE.EXE CL.EXE C1.EXE C2.EXE C3.EXE CL.ERR C1.ERR C23.ERR LINK.EXE
        MASM.EXE LIB.EXE EXEPACK.EXE EXEMOD.EXE)
rp_tree(v4.0/src/TOOLS/BLD/INC INC)
rp_tree(v4.0/src/TOOLS/BLD/LIB LIB)
rp_tool(v2.0/bin COMMAND.COM)
rp_input(HELLO.C)
rp_input(MAKEFILE)
rp_input(MAKEIT.BAT)
rp_input(MAIN.ASM)
rp_input(UTIL.ASM)
rp_input(DOSCALL.INC)
rp_stamp()
rp_run(nmake PROG COMMAND.COM TAIL "/C MAKEIT" STDERR)
rp_run(hello PROG HELLO.EXE EXIT 3)
rp_run(masm_main PROG MASM.EXE TAIL "MAIN;" STDERR)
rp_run(masm_util PROG MASM.EXE TAIL "UTIL;" STDERR)
rp_run(lib PROG LIB.EXE TAIL "UTILS +UTIL,UTILS.LST;" STDERR)
rp_expect(UTILS.LST)
rp_run(link PROG LINK.EXE TAIL "MAIN,MAIN,MAIN/MAP,UTILS;" STDERR)
rp_expect(MAIN.MAP)
rp_run(main PROG MAIN.EXE EXIT 55)
rp_run(exepack PROG EXEPACK.EXE TAIL "HELLO.EXE PACKED.EXE" STDERR)
rp_run(packed PROG PACKED.EXE TAIL "packed" EXIT 3)
rp_run(exemod PROG EXEMOD.EXE TAIL "PACKED.EXE" STDERR)
