# MS-DOS 2.0's COMMAND.COM /C running a batch file that builds RET.COM (MASM, LINK, EXE2BIN) and
# uses it for IF ERRORLEVEL, then parameters, SHIFT, GOTO, FOR, redirection, pipes, COPY, REN,
# MKDIR, CD, DIR, DEL, IF EXIST; every program is a child of COMMAND.COM through EXEC, and the
# pipes are COMMAND's temporary files in the root. The drive afterwards is checked too.
rp_tool(v2.0/bin COMMAND.COM MASM.EXE LINK.EXE EXE2BIN.EXE SORT.EXE FIND.EXE)
rp_input(BUILD.BAT)
rp_input(RET.ASM)
rp_input(FRUIT.TXT)
rp_input(NOTES.TXT)
rp_stamp()
rp_run(build PROG COMMAND.COM TAIL "/C BUILD one two three" STDERR)
rp_expect(ALL.TXT)
rp_expect(RET.COM)
rp_listing(files)
