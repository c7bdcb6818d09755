# emu86's profiles of real programs without their maps (docs/profiler.md, "Names without a
# map"): MS-DOS 2.0's SORT.EXE sorting 35 KB of text, its MASM.EXE assembling SPOTS.ASM, and a
# Microsoft C 5.1 program (PROFC.C, built here by CL). For each, with the IRQ sampling rule
# (the default, PROFIL's) and the exact one: the routines of `emu86 report --sort time --top 10`
# are where --exact-profile says the clocks went, each share within 2 points of the exact
# profile's, and the exact profile's 5 hottest routines are among them; `emu86 annotate` shows the
# hottest one's instructions with their samples and clocks. SORT's hottest bucket passes 65,535
# samples: the warning on stderr, and the report's full count. `emu86 diff`: 0 for two runs of
# one program (the .PRF and the exact profile), 1 when a routine's share moves (SORT on
# another input), 2 for a .PRF against an exact profile. A map (CL's /Fm) names what the code
# alone cannot: _main, _qsort, __chkstk.
rp_tool(v2.0/bin SORT.EXE MASM.EXE COMMAND.COM)
rp_tool(v4.0/src/TOOLS CL.EXE C1.EXE C2.EXE C3.EXE CL.ERR C1.ERR C23.ERR LINK.EXE)
rp_tree(v4.0/src/TOOLS/BLD/INC INC)
rp_tree(v4.0/src/TOOLS/BLD/LIB LIB)
rp_input(SPOTS.ASM)
rp_input(PROFC.C)
rp_input(BUILDP.BAT)
rp_stamp()

# SORT's input: 1,100 lines of five pseudo-random five-letter words (35,200 bytes)
set(text "")
set(s 1)
foreach(i RANGE 1 1100)
  set(line "")
  foreach(k RANGE 1 5)
    math(EXPR s "(${s} * 25173 + 13849) % 65536")
    set(word "")
    foreach(d 1 26 676 97 7)
      math(EXPR c "97 + (${s} / ${d}) % 26")
      string(ASCII ${c} ch)
      string(APPEND word "${ch}")
    endforeach()
    string(APPEND line "${word} ")
  endforeach()
  string(APPEND text "${line}\r\n")
endforeach()
file(WRITE "${OUT}/words.txt" "${text}")
file(WRITE "${OUT}/few.txt" "zebra\r\napple\r\nmango\r\n")

set(PF "${WORK}/prof")
file(MAKE_DIRECTORY "${PF}")

# pf_emu(STEP PROG p [TAIL t] [STDIN file] OPTS ...): emu86 runs p from the drive with the
# options (an empty tail is an empty argument, as DOS sees none); its stdout and stderr go to
# OUT/STEP.out, .err. The guest's own exit status is not checked (MS-DOS 2.0's SORT leaves AL
# as it was at INT 21h/4Ch: 126 here); emu86's own (2, 123-125, 127, a halt) are failures.
function(pf_emu step)
  cmake_parse_arguments(PARSE_ARGV 1 P "" "PROG;TAIL;STDIN" "OPTS")
  set(input /dev/null)
  if(P_STDIN)
    set(input "${P_STDIN}")
  endif()
  string(REPLACE "\\;" ";" tail "${P_TAIL}")
  set(cmd "${EMU}" --frontend stdio --no-progress --max-cycles 4000000000 --epoch 1988-01-01T09:00:00
      --drive "C=${DRIVE}" ${P_OPTS} "${DRIVE}/${P_PROG}")
  execute_process(COMMAND ${cmd} "${tail}" WORKING_DIRECTORY "${PF}" INPUT_FILE "${input}"
                  OUTPUT_FILE "${OUT}/${step}.out" ERROR_FILE "${OUT}/${step}.err" RESULT_VARIABLE rc)
  file(READ "${OUT}/${step}.err" err)
  if(rc MATCHES "^(2|12[3457])$" OR err MATCHES "halted")
    rp_fail("step ${step} (${P_PROG}): emu86 exit status ${rc}:\n${err}")
  endif()
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()

# pf_tool(VAR EXIT args...): emu86 (a subcommand); its stdout into VAR; its exit status must
# be EXIT.
function(pf_tool var want)
  execute_process(COMMAND "${EMU}" ${ARGN} WORKING_DIRECTORY "${PF}" OUTPUT_VARIABLE o ERROR_VARIABLE e
                  RESULT_VARIABLE rc)
  if(NOT "${rc}" STREQUAL "${want}")
    rp_fail("emu86 ${ARGN}: exit status ${rc}, expected ${want}:\n${e}${o}")
  endif()
  set(${var} "${o}" PARENT_SCOPE)
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()

# tenths of a percent from "12.3"
function(pf_tenths var pct)
  string(REPLACE "." "" t "${pct}")
  math(EXPR t "${t}")
  set(${var} ${t} PARENT_SCOPE)
endfunction()

# pf_match(NAME): NAME.PRF against NAME.cg. The report's 10 hottest routines (by samples) and
# the exact profile's functions (by clocks, at their addresses): each routine's share within
# 2 points (20 tenths) of the exact one's; the exact profile's 5 hottest routines of the
# program among the 10. The table goes to the log.
function(pf_match name)
  pf_tool(rep 0 report "${PF}/${name}.PRF" --sort time --top 10 --format csv)
  pf_tool(ex 0 report "${PF}/${name}.cg" --format csv)
  file(READ "${PF}/${name}.PRF.emu86" sidecar)
  string(REPLACE "\n" ";" rep_lines "${rep}")
  string(REPLACE "\n" ";" ex_lines "${ex}")
  set(table "")
  set(top "")
  set(worst 0)
  foreach(l ${rep_lines})
    if(NOT l MATCHES "^routine,,,[0-9A-F]+,([^,]+),[0-9]+,([0-9.]+),")
      continue()
    endif()
    set(r "${CMAKE_MATCH_1}")
    pf_tenths(a "${CMAKE_MATCH_2}")
    list(APPEND top "${r}")
    set(b 0)
    foreach(x ${ex_lines})
      if(x MATCHES "^([^,]+),[0-9]+,([0-9.]+),")
        if(CMAKE_MATCH_1 STREQUAL r)
          pf_tenths(b "${CMAKE_MATCH_2}")
        endif()
      endif()
    endforeach()
    math(EXPR d "${a} - ${b}")
    if(d LESS 0)
      math(EXPR d "-${d}")
    endif()
    if(d GREATER worst)
      set(worst ${d})
    endif()
    string(APPEND table "  ${r}: samples ${a}, clocks ${b} (tenths of a percent)\n")
    if(d GREATER 20)
      rp_fail("${name}: ${r} has ${a} tenths of a percent of the samples, ${b} of the clocks")
    endif()
  endforeach()
  if(NOT top)
    rp_fail("${name}: no routines in the report:\n${rep}")
  endif()
  set(rank 0)
  foreach(x ${ex_lines})
    if(x MATCHES "^([^,]+),[0-9]+,([0-9.]+),")
      set(f "${CMAKE_MATCH_1}")
      pf_tenths(b "${CMAKE_MATCH_2}")
      # the program's routines are the sidecar's names (INT_21h, 0070:0012: DOS and I/O)
      if(rank LESS 5 AND sidecar MATCHES "\nname [0-9A-F]+ ${f}\n")
        math(EXPR rank "${rank} + 1")
        list(FIND top "${f}" at)
        if(at LESS 0)
          rp_fail("${name}: ${f}, the exact profile's hottest routine ${rank} (${b} tenths of a percent of the clocks), is not among the report's 10: ${top}")
        endif()
      endif()
    endif()
  endforeach()
  message(STATUS "${name}: the report's 10 hottest routines against the exact profile (largest difference ${worst} tenths):\n${table}")
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()

# pf_annotate(NAME): the hottest routine of the report, disassembled by emu86 annotate with
# samples and clocks on its instructions
function(pf_annotate name)
  pf_tool(rep 0 report "${PF}/${name}.PRF" --sort time --top 1 --format csv)
  string(REGEX MATCH "\nroutine,,,[0-9A-F]+,([^,]+)," m "${rep}")
  set(r "${CMAKE_MATCH_1}")
  pf_tool(ann 0 annotate "${PF}/${name}.PRF" "${PF}/${name}.cg" --routine "${r}")
  file(WRITE "${OUT}/${name}.annotate.txt" "${ann}")
  string(REGEX MATCHALL "\n +[0-9,]+ +[0-9,]+  [0-9A-F]+ +[0-9A-F.]+ +[a-z]+[^\n]*" hot "${ann}")
  list(LENGTH hot n)
  if(NOT ann MATCHES "\n${r}  \\(offset " OR n LESS 3)
    rp_fail("${name}: emu86 annotate --routine ${r} shows ${n} instructions with samples and clocks:\n${ann}")
  endif()
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()

# --- SORT.EXE: one routine; the hottest bucket's counter wraps at the default grain
foreach(rule irq exact)
  pf_emu(sort_${rule} PROG SORT.EXE STDIN "${OUT}/words.txt"
         OPTS --profil=${PF}/sort_${rule}.PRF --sample ${rule} --exact-profile ${PF}/sort_${rule}.cg)
  pf_match(sort_${rule})
  pf_annotate(sort_${rule})
endforeach()
file(READ "${OUT}/sort_irq.err" err)
if(NOT err MATCHES "sort_irq.PRF: bucket ([0-9]+) \\(offset [0-9A-F]+, in start\\) counted ([0-9]+) samples: its 16-bit counter wrapped once and holds ([0-9]+)")
  rp_fail("SORT: no warning of the wrapped counter on stderr:\n${err}")
else()
  set(bucket ${CMAKE_MATCH_1})
  set(full ${CMAKE_MATCH_2})
  set(held ${CMAKE_MATCH_3})
  math(EXPR check "${full} - 65536")
  if(NOT check EQUAL held)
    rp_fail("SORT: ${full} samples and a counter of ${held}")
  endif()
  if(NOT err MATCHES "to keep every counter below 65536: --grain [0-9]+ or more")
    rp_fail("SORT: the warning says no grain that avoids it:\n${err}")
  endif()
  pf_tool(rep 0 report "${PF}/sort_irq.PRF")
  if(NOT rep MATCHES "\nwrapped: bucket ${bucket} \\(offset [0-9A-F]+\\): ${full} samples; the .PRF's 16-bit counter holds ${held} \\(wrapped once\\)")
    rp_fail("SORT: emu86 report does not give bucket ${bucket}'s full count ${full}:\n${rep}")
  endif()
  pf_tool(rep 0 report "${PF}/sort_irq.PRF" --no-sidecar --format csv)
  if(NOT rep MATCHES "\nbucket,${bucket},[0-9A-F]+,[0-9A-F]+,[^,]*,${held},")
    rp_fail("SORT: without the sidecar the report should show the .PRF's own counter ${held}:\n${rep}")
  endif()
endif()

# --- MASM.EXE assembling SPOTS.ASM: hundreds of routines, found in the code
foreach(rule irq exact)
  pf_emu(masm_${rule} PROG MASM.EXE TAIL "SPOTS,SPOTS,SPOTS;"
         OPTS --profil=${PF}/masm_${rule}.PRF --grain 200 --sample ${rule} --exact-profile ${PF}/masm_${rule}.cg)
  pf_match(masm_${rule})
  pf_annotate(masm_${rule})
endforeach()

# --- a C program: built by CL (with its map), then profiled without the map and with it
rp_run(cl PROG COMMAND.COM TAIL "/C BUILDP" STDERR)
foreach(rule irq exact)
  pf_emu(profc_${rule} PROG PROFC.EXE
         OPTS --profil=${PF}/profc_${rule}.PRF --grain 200 --sample ${rule} --exact-profile ${PF}/profc_${rule}.cg)
  pf_match(profc_${rule})
  pf_annotate(profc_${rule})
endforeach()
rp_expect(PROFC.MAP)
pf_tool(rep 0 report "${PF}/profc_irq.PRF" --map "${DRIVE}/PROFC.MAP" --sort time --format csv)
foreach(n _main _qsort __chkstk __output)
  if(NOT rep MATCHES "\nroutine,,,[0-9A-F]+,${n},")
    rp_fail("PROFC: with its map the report does not name ${n}:\n${rep}")
  endif()
endforeach()

# --- emu86 diff
pf_emu(profc_again PROG PROFC.EXE
       OPTS --profil=${PF}/profc_again.PRF --grain 200 --exact-profile ${PF}/profc_again.cg)
pf_tool(d 0 diff "${PF}/profc_irq.PRF" "${PF}/profc_again.PRF" --threshold 0)
pf_tool(d 0 diff "${PF}/profc_irq.cg" "${PF}/profc_again.cg" --threshold 0)
pf_emu(sort_few PROG SORT.EXE STDIN "${OUT}/few.txt" OPTS --profil=${PF}/sort_few.PRF --exact-profile ${PF}/sort_few.cg)
pf_tool(d 1 diff "${PF}/sort_irq.PRF" "${PF}/sort_few.PRF" --threshold 2)
if(NOT d MATCHES "\\*  +[0-9]+ +[0-9]+  start\n")
  rp_fail("emu86 diff: start's move is not marked:\n${d}")
endif()
pf_tool(d 1 diff "${PF}/sort_irq.cg" "${PF}/sort_few.cg" --threshold 2)
pf_tool(d 0 diff "${PF}/sort_irq.cg" "${PF}/sort_few.cg" --threshold 100)
pf_tool(d 2 diff "${PF}/sort_irq.PRF" "${PF}/sort_few.cg")
