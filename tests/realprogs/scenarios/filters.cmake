# MS-DOS 2.0's filters: SORT (as a UNIX filter, reversed, from a column), FIND (on files, as a
# filter, /V /C /N), FC (lines and /B bytes), MORE (through a pipe in COMMAND.COM and with its
# stdin redirected, a space for its "-- More --" from the keys). SORT 2.0 writes its last line without CR LF (its code subtracts 2
# from the length it writes) and ends with AH=4Ch and whatever AL the write left (the low byte of
# the count written: 76 here) as its return code: the expected outputs keep both.
rp_tool(v2.0/bin SORT.EXE FIND.EXE FC.EXE MORE.COM COMMAND.COM)
rp_input(FRUIT.TXT)
rp_input(NOTES.TXT)
rp_input(OLD.TXT)
rp_input(NEW.TXT)
rp_input(L30.TXT)
rp_stamp()
rp_run(sort PROG SORT.EXE STDIN FRUIT.TXT EXIT 76)
rp_run(sort_r PROG SORT.EXE TAIL "/R" STDIN FRUIT.TXT EXIT 76)
rp_run(sort_col PROG SORT.EXE TAIL "/+3" STDIN FRUIT.TXT EXIT 76)
rp_run(find PROG FIND.EXE TAIL "\"an\" FRUIT.TXT NOTES.TXT")
rp_run(find_filter PROG FIND.EXE TAIL "\"a\"" STDIN NOTES.TXT)
rp_run(find_v PROG FIND.EXE TAIL "/V /N \"e\" FRUIT.TXT")
rp_run(find_c PROG FIND.EXE TAIL "/C \"a\" FRUIT.TXT NOTES.TXT")
rp_run(fc PROG FC.EXE TAIL "OLD.TXT NEW.TXT")
rp_run(fc_b PROG FC.EXE TAIL "/B OLD.TXT NEW.TXT")
rp_run(fc_same PROG FC.EXE TAIL "OLD.TXT OLD.TXT")
rp_run(more PROG COMMAND.COM TAIL "/C TYPE L30.TXT | MORE" KEYS " ")
# MORE < file: the file is standard input, the keyboard apart from it: MORE waits at "-- More --"
# for a key from --keys (it reads the console through handle 2, which it made its handle 0)
rp_run(more_stdin PROG MORE.COM STDIN L30.TXT KEYS " ")

# SORT 2.0 on UNIX text (LF only): without CR it sees one line and gives the text back unsorted;
# --crlf reads stdin's LF as CR LF and writes its CR LF as LF: a UNIX filter.
file(WRITE "${OUT}/unix.txt" "pear\nbanana\napple\nfig\n")
foreach(step sort_unix sort_unix_crlf)
  set(opt "")
  if(step STREQUAL sort_unix_crlf)
    set(opt --crlf)
  endif()
  execute_process(COMMAND "${EMU}" --frontend stdio --no-progress --drive "C=${DRIVE}" ${opt} "${DRIVE}/SORT.EXE"
                  WORKING_DIRECTORY "${WORK}" INPUT_FILE "${OUT}/unix.txt"
                  OUTPUT_FILE "${OUT}/${step}.out" ERROR_FILE "${OUT}/${step}.err" RESULT_VARIABLE rc)
  rp_compare("${OUT}/${step}.out" "${EXPECT}/${step}.out" "step ${step}: stdout")
endforeach()
