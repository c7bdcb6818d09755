# Disk utilities on the drive's read-only FAT view (docs/dos.md, "The drive as a disk"):
# MS-DOS 1.25 and 2.0 CHKDSK run to completion and report a healthy disk, 2.0 RECOVER reads
# the file's clusters and is refused its writes (write protect), and nothing in the drive
# folder changes: every file's contents and time are compared before and after each run.
# CHKDSK 1.25 reads the FAT where 1Ch points (as DOS 1 kept it in memory); it knows no folders,
# so on a drive with subfolders it counts their clusters as lost and "frees" them in that
# copy (as it would have on a real DOS 2 disk): it is also run on a drive without folders, D:.
# 2.0's tools accept DOS 1.54-2.11 only: --dos-version 2.0. 1.25's files have no archive
# attribute (DOS 1 had none): --dos-version 1.25.
rp_extract(v1.25/bin/CHKDSK.COM "${DRIVE}/CHKDSK1.COM")
rp_tool(v2.0/bin CHKDSK.COM RECOVER.COM COMMAND.COM)
rp_input(FRUIT.TXT)
rp_input(NOTES.TXT)
rp_input(POEM.TXT AS SUB/POEM.TXT)
rp_input(OLD.TXT AS SUB/DEEP/OLD.TXT)
rp_input(NEW.TXT AS SUB/DEEP/NEW.TXT)
rp_input(SPOTS.ASM AS SUB/SPOTS.ASM)
set(FLAT "${WORK}/flat")
file(MAKE_DIRECTORY "${FLAT}")
configure_file("${DRIVE}/CHKDSK1.COM" "${FLAT}/CHKDSK1.COM" COPYONLY)
configure_file("${DRIVE}/COMMAND.COM" "${FLAT}/COMMAND.COM" COPYONLY)
configure_file("${DRIVE}/FRUIT.TXT" "${FLAT}/FRUIT.TXT" COPYONLY)
rp_stamp()
execute_process(COMMAND ${CMAKE_COMMAND} -E env TZ=UTC touch -t 198701010000 "${FLAT}/CHKDSK1.COM"
                "${FLAT}/COMMAND.COM" "${FLAT}/FRUIT.TXT")

# Every file of the two drives: name, SHA-256, time.
function(ck_snapshot var)
  set(s "")
  foreach(root "${DRIVE}" "${FLAT}")
    file(GLOB_RECURSE files LIST_DIRECTORIES true RELATIVE "${root}" "${root}/*")
    list(SORT files)
    foreach(f ${files})
      file(TIMESTAMP "${root}/${f}" t "%Y-%m-%dT%H:%M:%S" UTC)
      if(IS_DIRECTORY "${root}/${f}")
        string(APPEND s "${root}/${f}/ ${t}\n")
      else()
        file(SHA256 "${root}/${f}" h)
        string(APPEND s "${root}/${f} ${h} ${t}\n")
      endif()
    endforeach()
  endforeach()
  set(${var} "${s}" PARENT_SCOPE)
endfunction()
ck_snapshot(BEFORE)
function(ck_unchanged step)
  ck_snapshot(now)
  if(NOT now STREQUAL BEFORE)
    rp_fail("step ${step} changed the drive folder:\nbefore:\n${BEFORE}after:\n${now}")
  endif()
  set(RP_FAILED ${RP_FAILED} PARENT_SCOPE)
endfunction()

rp_run(chkdsk1 PROG CHKDSK1.COM OPTS --dos-version 1.25)
ck_unchanged(chkdsk1)
rp_run(chkdsk1_flat PROG CHKDSK1.COM TAIL "D:" OPTS --dos-version 1.25 --drive "D=${FLAT}")
ck_unchanged(chkdsk1_flat)
rp_run(chkdsk2 PROG CHKDSK.COM TAIL "/V" OPTS --dos-version 2.0)
ck_unchanged(chkdsk2)
rp_run(chkdsk2_fix PROG CHKDSK.COM TAIL "/F" OPTS --dos-version 2.0)
ck_unchanged(chkdsk2_fix)
rp_run(chkdsk2_files PROG CHKDSK.COM TAIL "*.*" OPTS --dos-version 2.0)
ck_unchanged(chkdsk2_files)
# RECOVER asks for a key (a space from stdin), recovers the file's clusters, and its write of
# the FAT is refused: "Abort, Retry, Ignore?" is answered A.
rp_run(recover PROG RECOVER.COM TAIL "FRUIT.TXT" STDIN recover.in OPTS --dos-version 2.0)
ck_unchanged(recover)
