# MS-DOS 2.0's assembler tool chain on a .COM program: MASM (object, listing, cross-reference
# file), LINK (map; "No STACK segment" is right for a .COM), EXE2BIN, then the program itself;
# CREF on MASM's cross-reference file. MASM writes its messages to handle 2 (stderr).
rp_tool(v2.0/bin MASM.EXE LINK.EXE EXE2BIN.EXE CREF.EXE)
rp_input(HELLO.ASM)
rp_stamp()
rp_run(masm PROG MASM.EXE TAIL "HELLO,HELLO,HELLO,HELLO;" STDERR)
rp_expect(HELLO.LST)
rp_run(link PROG LINK.EXE TAIL "HELLO,HELLO,HELLO;" STDERR)
rp_expect(HELLO.MAP)
rp_run(exe2bin PROG EXE2BIN.EXE TAIL "HELLO.EXE HELLO.COM" STDERR)
rp_run(hello PROG HELLO.COM)
rp_run(cref PROG CREF.EXE TAIL "HELLO,HELLO;" STDERR)
rp_expect(HELLO.REF)
rp_listing(files)
