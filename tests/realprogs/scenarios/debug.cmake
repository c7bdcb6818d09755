# MS-DOS 2.0's DEBUG driven by scripts on stdin: assemble a .COM, write it, run it with G (DEBUG
# made its PSP with 26h and the program's INT 20h returns to DEBUG: "Program terminated
# normally"); the written HI.COM runs alone; then DEBUG on HI.COM: registers, unassemble, trace,
# a breakpoint, dump, enter, fill, search, compare, move, hex arithmetic, and run to the end.
rp_tool(v2.0/bin DEBUG.COM)
rp_stamp()
rp_run(make PROG DEBUG.COM STDIN debug_make.in)
rp_expect(HI.COM)
rp_run(hi PROG HI.COM)
rp_run(trace PROG DEBUG.COM TAIL "HI.COM" STDIN debug_trace.in)
