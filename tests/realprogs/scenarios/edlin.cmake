# MS-DOS 2.0's EDLIN driven by a script on stdin: list, edit a line, search, replace, insert,
# move, append, end (which keeps the old file as POEM.BAK).
rp_tool(v2.0/bin EDLIN.COM)
rp_input(POEM.TXT)
rp_stamp()
rp_run(edlin PROG EDLIN.COM TAIL "POEM.TXT" STDIN edlin.in)
rp_expect(POEM.TXT)
rp_expect(POEM.BAK)
