# The Microsoft C 5.1 compiler of MS-DOS 4.0's build tools: CL (it runs C1, C2, C3 and LINK
# 3.65 through EXEC) from a batch file in MS-DOS 2.0's COMMAND.COM (which SETs INCLUDE and LIB),
# then the programs: HELLO.EXE with arguments (returns 3) and CTEST.EXE, which works the C
# run-time library on DOS (files, folders, environment, date, spawnlp, system) and sorts its
# standard input (returns the line count); BIGFILE.EXE (large model): a 150 KiB file with seeks
# past 64 KiB, and the far heap grown from DOS until memory runs out.
rp_tool(v4.0/src/TOOLS CL.EXE C1.EXE C2.EXE C3.EXE CL.ERR C1.ERR C23.ERR LINK.EXE)
rp_tree(v4.0/src/TOOLS/BLD/INC INC)
rp_tree(v4.0/src/TOOLS/BLD/LIB LIB)
rp_tool(v2.0/bin COMMAND.COM)
rp_input(HELLO.C)
rp_input(CTEST.C)
rp_input(BIGFILE.C)
rp_input(BUILDC.BAT)
rp_input(FRUIT.TXT)
rp_stamp()
rp_run(cl PROG COMMAND.COM TAIL "/C BUILDC" STDERR)
rp_run(hello PROG HELLO.EXE TAIL "first second" EXIT 3)
rp_run(ctest PROG CTEST.EXE STDIN FRUIT.TXT EXIT 10 STDERR)
rp_run(bigfile PROG BIGFILE.EXE)
