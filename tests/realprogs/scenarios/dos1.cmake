# MS-DOS 1.25's COMMAND.COM (it loads programs itself with 26h and FCB reads, not EXEC, and
# reloads its transient part from drive A:): AUTOEXEC.BAT (which also spares the date and time
# prompts, whose time would depend on CPU timing), then commands from stdin: DIR, a DOS 1 style
# program ending with INT 20h (built with 2.0's MASM and 1.25's LINK and EXE2BIN) with and
# without a command tail, TYPE, REN. COMMAND.COM 1.x has no EXIT: the run ends when it reads
# past the end of its input.
rp_tool(v1.25/bin COMMAND.COM LINK.EXE EXE2BIN.EXE)
rp_tool(v2.0/bin MASM.EXE)
rp_input(OLD.ASM)
rp_input(POEM.TXT)
rp_input(AUTOEXEC.BAT)
rp_stamp()
rp_run(masm PROG MASM.EXE TAIL "OLD;")
rp_run(link PROG LINK.EXE TAIL "OLD;")
rp_run(exe2bin PROG EXE2BIN.EXE TAIL "OLD.EXE OLD.COM")
rp_run(command PROG COMMAND.COM STDIN command1.in EXIT 127 OPTS --drive "A=${DRIVE}" --input-limit 1)
