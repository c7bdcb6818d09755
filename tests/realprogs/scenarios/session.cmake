# MS-DOS 2.0's COMMAND.COM as an interactive shell reading its commands from stdin (its prompts
# go to stderr, as COMMAND.COM writes them): COPY CON (a device found by an FCB search), DATE and
# TIME with arguments, VOL, VERIFY, MKDIR, COPY with wildcards, DIR of a folder (11h there, 12h
# after changing back), REN and DEL with wildcards (DEL *.* asks), RMDIR, redirection to NUL,
# COPY to PRN, binary concatenation, PROMPT, SET, EXIT.
rp_tool(v2.0/bin COMMAND.COM)
rp_input(A.TXT)
rp_input(B.TXT)
rp_stamp()
rp_run(session PROG COMMAND.COM STDIN session.in STDERR)
rp_expect(NEW.TXT)
rp_expect(C.BIN)
rp_listing(files)
