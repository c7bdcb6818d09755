# The block cache's differential test on the real programs (realprogs.cmake, with
# EMU86_REALPROGS_CACHE_DIFF=1): each step runs four more times, from the drive as it was before
# the step, in the same folder (so that paths in the outputs are the same):
#   sampled  --profil and --unix-profil, a tick every 60 us by the IRQ rule (with the cache, most
#            ticks are taken from its log of passes: the deferred-tick path);
#   exact    --exact-profile, --folded and --profil by the EXEC rule (the execution observer,
#            which the cache feeds runs of replayed instructions);
# each with the cache and with --no-block-cache. Each pair must agree in everything: stdout,
# stderr, exit status, every profile byte for byte, and the drive afterwards (names, sizes,
# contents); and each run's stdout, status and drive listing must be the checked run's. A step's own
# options come after these (a --profil of its own wins: its file is in the drive). Then the
# drive is put back as the checked run left it.

set(RP_DIFF "${WORK}/diff")

# Before the step: a copy of the drive, times and all.
function(rp_diff_begin)
  file(REMOVE_RECURSE "${RP_DIFF}")
  file(MAKE_DIRECTORY "${RP_DIFF}")
  execute_process(COMMAND cp -a "${DRIVE}" "${RP_DIFF}/before" RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "${SCENARIO}: cannot copy ${DRIVE}")
  endif()
endfunction()

# "name size" of every file and "name/" of every folder under DIR, sorted, into FILE. (Not their
# times: the host's clock sets a folder's when a file is made in it. Not emu86's own sidecars
# of the .PRF files a step writes into the drive: their size follows the sampling rule, which
# the exact kind's runs change.)
function(rp_diff_tree dir file)
  execute_process(COMMAND find . -mindepth 1 ( -type d -printf "%P/\\n" ) -o ( -not -name *.emu86 -printf "%P %s\\n" )
                  WORKING_DIRECTORY "${dir}"
                  OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "${SCENARIO}: cannot list ${dir}")
  endif()
  string(REPLACE "\n" ";" lines "${listing}")
  list(SORT lines)
  string(REPLACE ";" "\n" listing "${lines}")
  file(WRITE "${file}" "${listing}")
endfunction()

# Appends WHAT to rp_diffs when files A and B differ (both missing: the same).
function(rp_diff_same a b what)
  if(NOT EXISTS "${a}" AND NOT EXISTS "${b}")
    return()
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${a}" "${b}" RESULT_VARIABLE rc)
  if(rc)
    list(APPEND rp_diffs "${what} (${a}, ${b})")
    set(rp_diffs "${rp_diffs}" PARENT_SCOPE)
  endif()
endfunction()

# Defects of the cache this test found and nobody fixed yet: "SCENARIO STEP KIND" lines of
# cache_diff_known.txt. Their differences are printed (KNOWN) and do not fail; a listed step
# that agrees fails, so that the list is emptied as they are fixed.
file(STRINGS "${CMAKE_CURRENT_LIST_DIR}/cache_diff_known.txt" lines REGEX "^[^#]")
set(rp_known "")
foreach(l ${lines})
  if(l MATCHES "^([^ \t]+)[ \t]+([^ \t]+)[ \t]+([^ \t]+)")
    list(APPEND rp_known "${CMAKE_MATCH_1} ${CMAKE_MATCH_2} ${CMAKE_MATCH_3}")
  endif()
endforeach()

# One run of STEP profiled as KIND, with the cache or not (MODE), from the drive before it.
function(rp_diff_run step kind mode)
  set(r "${RP_DIFF}/${kind}.${mode}")
  execute_process(COMMAND cp -a "${RP_DIFF}/before" "${DRIVE}")
  set(opts ${opts_${kind}})
  if(mode STREQUAL "nocache")
    list(APPEND opts --no-block-cache)
  endif()
  rp_exec("${r}" ${opts})
  file(WRITE "${r}.status" "${rp_rc}\n")
  file(RENAME "${DRIVE}" "${r}.drive")
  rp_diff_tree("${r}.drive" "${r}.tree")
  foreach(p PRF upr cg folded)
    if(EXISTS "${RP_DIFF}/p.${p}")
      file(RENAME "${RP_DIFF}/p.${p}" "${r}.${p}")
    endif()
  endforeach()
  rp_diff_same("${r}.status" "${RP_DIFF}/checked.status" "${mode}: the exit status against the checked run's")
  rp_diff_same("${r}.out" "${OUT}/${step}.out" "${mode}: stdout against the checked run's")
  rp_diff_same("${r}.tree" "${RP_DIFF}/after.tree" "${mode}: the drive's files against the checked run's")
  set(rp_diffs "${rp_diffs}" PARENT_SCOPE)
endfunction()

# After the checked run of STEP (exit status RC): the four runs and their comparisons.
function(rp_diff_end step rc)
  file(RENAME "${DRIVE}" "${RP_DIFF}/after")
  rp_diff_tree("${RP_DIFF}/after" "${RP_DIFF}/after.tree")
  file(WRITE "${RP_DIFF}/checked.status" "${rc}\n")
  set(grain --profil=${RP_DIFF}/p.PRF --grain 60 --bucket 1)
  set(opts_sampled ${grain} --unix-profil=${RP_DIFF}/p.upr --profil-style bsd --profil-scale 0x10000)
  set(opts_exact ${grain} --sample exact --exact-profile=${RP_DIFF}/p.cg --folded=${RP_DIFF}/p.folded)
  set(keep FALSE)
  foreach(kind sampled exact)
    set(rp_diffs "")
    rp_diff_run(${step} ${kind} cache)
    rp_diff_run(${step} ${kind} nocache)
    set(c "${RP_DIFF}/${kind}.cache")
    set(n "${RP_DIFF}/${kind}.nocache")
    foreach(x out err status tree PRF upr cg folded)
      rp_diff_same("${c}.${x}" "${n}.${x}" "the ${x} with and without the cache")
    endforeach()
    execute_process(COMMAND diff -rq "${c}.drive" "${n}.drive" OUTPUT_VARIABLE d RESULT_VARIABLE drc)
    if(drc)
      list(APPEND rp_diffs "the drive with and without the cache: ${d}")
    endif()
    set(what "step ${step}, ${kind} profile")
    list(FIND rp_known "${SCENARIO} ${step} ${kind}" known)
    if(known GREATER -1 AND rp_diffs)
      string(REGEX REPLACE " \\([^)]*\\)" "" d "${rp_diffs}") # (without the files' paths)
      string(REPLACE ";" "; " d "${d}")
      message("KNOWN DIFFERENCE (cache_diff_known.txt), ${what}: ${d}")
      set(keep TRUE)
    elseif(known GREATER -1)
      rp_fail("${what}: listed in cache_diff_known.txt, but the runs agree: take it off the list")
    elseif(rp_diffs)
      string(REPLACE ";" "\n  " d "${rp_diffs}")
      rp_fail("${what}: with and without the block cache:\n  ${d}")
      set(keep TRUE)
    endif()
  endforeach()
  file(RENAME "${RP_DIFF}/after" "${DRIVE}")
  if(keep) # (this step's runs, to look at)
    file(REMOVE_RECURSE "${RP_DIFF}.${step}")
    file(RENAME "${RP_DIFF}" "${RP_DIFF}.${step}")
  endif()
  file(REMOVE_RECURSE "${RP_DIFF}")
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()
