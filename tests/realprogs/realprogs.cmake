# Runs one real-program scenario (scenarios/NAME.cmake) under emu86: Microsoft's MS-DOS tools,
# taken at test time from ../shared/testdata/ms-dos or a copy of github.com/microsoft/MS-DOS
# (MIT licence; never committed here), on our own inputs (inputs/), their outputs compared with
# expected/NAME/.
#   cmake -DEMU=emu86 -DSRC=tests/realprogs -DSCENARIO=name -DWORK=dir [-DREPO=path]
#         [-DPRFCMP=prfcmp] -P realprogs.cmake
# PRFCMP: tests/profiling's .PRF comparison tool, for the profil scenario.
# REPO: a clone, a bare mirror or a plain copy of the repository (the environment variable
# EMU86_MSDOS_REPO, when set, is taken instead). Without one the scenario prints TEST-SKIPPED
# (ctest shows it as skipped), or under CI=true fails. With EMU86_REALPROGS_UPDATE=1 in the
# environment the outputs are written to expected/ instead of compared (to make goldens: check
# every byte of them by hand). With EMU86_REALPROGS_CACHE_DIFF=1, each step also runs four more
# times, from the drive as it was before it: profiled by sampling and exactly, each with and
# without the block cache (cache_diff.cmake); the pairs must agree in everything.
#
# Helpers for the scenarios:
#   rp_tool(DIR FILE...)        FILEs of the repository folder DIR into the drive
#   rp_tree(DIR SUB)            the whole folder DIR (recursively) into the drive's folder SUB
#   rp_input(NAME [AS DOSNAME] [BINARY])  inputs/NAME into the drive, LF made CR LF unless BINARY
#   rp_stamp()                  every file in the drive gets the time of inputs (1987-01-01 0:00)
#   rp_run(STEP PROG p [TAIL "command tail"] [STDIN inputs-file] [KEYS text] [EXIT n]
#          [STDERR] [OPTS emu86-options...])
#                               run p (a drive file) with the tail (one string: ';' is fine),
#                               stdin the inputs file with CR LF (else empty); its stdout must
#                               equal expected/NAME/STEP.out, with STDERR its stderr STEP.err
#   rp_expect(FILE [AS name])   the drive's FILE must equal expected/NAME/FILE (or name)
#   rp_listing(STEP)            the drive's files and sizes must equal expected/NAME/STEP.txt
cmake_minimum_required(VERSION 3.16)

if(NOT "$ENV{EMU86_MSDOS_REPO}" STREQUAL "")
  set(REPO "$ENV{EMU86_MSDOS_REPO}")
endif()
if(NOT IS_DIRECTORY "${REPO}")
  set(why "no MS-DOS tools at '${REPO}': put the shared folder beside the clone (its testdata/ms-dos), or set EMU86_MSDOS_REPO to a clone of github.com/microsoft/MS-DOS (README.md, \"Tests and their data\")")
  if("$ENV{CI}" STREQUAL "true")
    message(FATAL_ERROR "FAILED: real programs (${SCENARIO}): ${why}; CI=true: there nothing may be skipped")
  endif()
  message("TEST-SKIPPED: real programs (MS-DOS tools): ${why}")
  return()
endif()
set(GITDIR "")
if(EXISTS "${REPO}/.git")
  set(GITDIR "${REPO}/.git")
elseif(EXISTS "${REPO}/HEAD" AND IS_DIRECTORY "${REPO}/objects")
  set(GITDIR "${REPO}")
endif()

set(DRIVE "${WORK}/drive")
set(OUT "${WORK}/out")
set(EXPECT "${SRC}/expected/${SCENARIO}")
set(UPDATE "$ENV{EMU86_REALPROGS_UPDATE}")
set(CACHE_DIFF "$ENV{EMU86_REALPROGS_CACHE_DIFF}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${DRIVE}" "${OUT}")
set(RP_FAILED FALSE)

function(rp_fail msg)
  message(SEND_ERROR "${SCENARIO}: ${msg}")
  set(RP_FAILED TRUE PARENT_SCOPE)
endfunction()

function(rp_extract path dest)
  get_filename_component(dir "${dest}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  if(GITDIR)
    execute_process(COMMAND git --git-dir=${GITDIR} show HEAD:${path}
                    OUTPUT_FILE "${dest}" ERROR_VARIABLE err RESULT_VARIABLE rc)
    if(rc)
      message(FATAL_ERROR "${SCENARIO}: cannot take ${path} from ${REPO}: ${err}")
    endif()
  elseif(EXISTS "${REPO}/${path}")
    configure_file("${REPO}/${path}" "${dest}" COPYONLY)
  else()
    message(FATAL_ERROR "${SCENARIO}: ${REPO} has no ${path}")
  endif()
endfunction()

function(rp_tool dir)
  foreach(f ${ARGN})
    rp_extract("${dir}/${f}" "${DRIVE}/${f}")
  endforeach()
endfunction()

function(rp_tree dir sub)
  set(files "")
  if(GITDIR)
    execute_process(COMMAND git --git-dir=${GITDIR} ls-tree -r --name-only HEAD "${dir}/"
                    OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
    if(rc)
      message(FATAL_ERROR "${SCENARIO}: cannot list ${dir} in ${REPO}")
    endif()
    string(REPLACE "\n" ";" files "${listing}")
  else()
    file(GLOB_RECURSE files RELATIVE "${REPO}" "${REPO}/${dir}/*")
  endif()
  foreach(f ${files})
    if(f STREQUAL "")
      continue()
    endif()
    string(LENGTH "${dir}/" n)
    string(SUBSTRING "${f}" ${n} -1 rel)
    rp_extract("${f}" "${DRIVE}/${sub}/${rel}")
  endforeach()
endfunction()

function(rp_input name)
  cmake_parse_arguments(I "BINARY" "AS" "" ${ARGN})
  set(dos "${name}")
  if(I_AS)
    set(dos "${I_AS}")
  endif()
  get_filename_component(dir "${DRIVE}/${dos}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  if(I_BINARY)
    configure_file("${SRC}/inputs/${name}" "${DRIVE}/${dos}" COPYONLY)
  else()
    file(READ "${SRC}/inputs/${name}" text)
    string(REPLACE "\r\n" "\n" text "${text}")
    string(REPLACE "\n" "\r\n" text "${text}")
    file(WRITE "${DRIVE}/${dos}" "${text}")
  endif()
endfunction()

# Input files' times are input to the guest (DIR shows them, NMAKE compares them): fix them.
function(rp_stamp)
  file(GLOB_RECURSE files LIST_DIRECTORIES true "${DRIVE}/*")
  if(files)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env TZ=UTC touch -t 198701010000 ${files}
                    RESULT_VARIABLE rc)
    if(rc)
      message(FATAL_ERROR "${SCENARIO}: touch failed")
    endif()
  endif()
endfunction()

function(rp_compare got want what)
  if(UPDATE)
    file(MAKE_DIRECTORY "${EXPECT}")
    configure_file("${got}" "${want}" COPYONLY)
    return()
  endif()
  if(NOT EXISTS "${want}")
    rp_fail("${what}: no expected file ${want} (got ${got})")
    set(RP_FAILED TRUE PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${got}" "${want}" RESULT_VARIABLE rc)
  if(rc)
    file(READ "${got}" g)
    rp_fail("${what} differs from ${want}; got (${got}):\n${g}")
    set(RP_FAILED TRUE PARENT_SCOPE)
  endif()
endfunction()

# The step's program as rp_run set it up (rp_args, tail, input), emu86's options ARGN first;
# stdout to PREFIX.out, stderr to PREFIX.err, the exit status in rp_rc.
function(rp_exec prefix)
  set(cmd "${EMU}" ${ARGN} ${rp_args})
  if(tail STREQUAL "") # (the tail is one argument, ';' and all: not in the list)
    execute_process(COMMAND ${cmd} WORKING_DIRECTORY "${WORK}" INPUT_FILE "${input}"
                    OUTPUT_FILE "${prefix}.out" ERROR_FILE "${prefix}.err" RESULT_VARIABLE rc)
  else()
    execute_process(COMMAND ${cmd} "${tail}" WORKING_DIRECTORY "${WORK}" INPUT_FILE "${input}"
                    OUTPUT_FILE "${prefix}.out" ERROR_FILE "${prefix}.err" RESULT_VARIABLE rc)
  endif()
  set(rp_rc ${rc} PARENT_SCOPE)
endfunction()

include("${CMAKE_CURRENT_LIST_DIR}/cache_diff.cmake")

function(rp_run step)
  cmake_parse_arguments(PARSE_ARGV 1 R "STDERR" "PROG;TAIL;STDIN;KEYS;EXIT" "OPTS")
  string(REPLACE "\\;" ";" tail "${R_TAIL}")
  set(input /dev/null)
  if(R_STDIN) # a text file of inputs/, given with CR LF as a DOS text file
    file(READ "${SRC}/inputs/${R_STDIN}" text)
    string(REPLACE "\r\n" "\n" text "${text}")
    string(REPLACE "\n" "\r\n" text "${text}")
    set(input "${OUT}/${step}.in")
    file(WRITE "${input}" "${text}")
  endif()
  if(NOT DEFINED R_EXIT)
    set(R_EXIT 0)
  endif()
  set(rp_args --frontend stdio --no-progress --max-cycles 4000000000
      --epoch 1988-01-01T09:00:00 --drive "C=${DRIVE}" ${R_OPTS})
  if(DEFINED R_KEYS)
    list(APPEND rp_args --keys "${R_KEYS}")
  endif()
  list(APPEND rp_args "${DRIVE}/${R_PROG}")
  if(CACHE_DIFF)
    rp_diff_begin()
  endif()
  rp_exec("${OUT}/${step}")
  set(rc ${rp_rc})
  if(NOT "${rc}" STREQUAL "${R_EXIT}")
    file(READ "${OUT}/${step}.err" err)
    rp_fail("step ${step} (${R_PROG} ${tail}): exit status ${rc}, expected ${R_EXIT}; stderr:\n${err}")
  endif()
  rp_compare("${OUT}/${step}.out" "${EXPECT}/${step}.out" "step ${step}: stdout")
  if(R_STDERR)
    rp_compare("${OUT}/${step}.err" "${EXPECT}/${step}.err" "step ${step}: stderr")
  endif()
  if(CACHE_DIFF)
    rp_diff_end(${step} ${rc})
  endif()
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()

function(rp_expect file)
  cmake_parse_arguments(E "" "AS" "" ${ARGN})
  set(name "${file}")
  if(E_AS)
    set(name "${E_AS}")
  endif()
  if(NOT EXISTS "${DRIVE}/${file}")
    rp_fail("the program did not make ${file}")
  else()
    rp_compare("${DRIVE}/${file}" "${EXPECT}/${name}" "${file}")
  endif()
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()

function(rp_listing step)
  file(GLOB_RECURSE files LIST_DIRECTORIES true RELATIVE "${DRIVE}" "${DRIVE}/*")
  list(SORT files)
  set(listing "")
  foreach(f ${files})
    if(IS_DIRECTORY "${DRIVE}/${f}")
      string(APPEND listing "${f}/\n")
    else()
      file(SIZE "${DRIVE}/${f}" n)
      string(APPEND listing "${f} ${n}\n")
    endif()
  endforeach()
  file(WRITE "${OUT}/${step}.txt" "${listing}")
  rp_compare("${OUT}/${step}.txt" "${EXPECT}/${step}.txt" "drive listing ${step}")
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()

include("${SRC}/scenarios/${SCENARIO}.cmake")
if(RP_FAILED)
  message(FATAL_ERROR "${SCENARIO} failed (outputs in ${OUT}, the drive in ${DRIVE})")
endif()
