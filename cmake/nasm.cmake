# NASM is a build dependency: the free BIOS and the test guests are NASM sources.
find_program(NASM_EXECUTABLE nasm)
if(NOT NASM_EXECUTABLE)
  message(FATAL_ERROR "nasm not found: install it (Debian: apt-get install nasm), "
                      "or run scripts/quickstart which installs what is missing")
endif()

# emu86_nasm_bin(OUTPUT <file> SOURCE <file.asm> [DEPENDS ...] [INCLUDES dirs...])
# Assembles SOURCE as a flat binary (-f bin) at build time.
function(emu86_nasm_bin)
  cmake_parse_arguments(A "" "OUTPUT;SOURCE" "DEPENDS;INCLUDES" ${ARGN})
  get_filename_component(src "${A_SOURCE}" ABSOLUTE)
  get_filename_component(srcdir "${src}" DIRECTORY)
  set(incs -i "${srcdir}/")
  foreach(inc ${A_INCLUDES})
    list(APPEND incs -i "${inc}/")
  endforeach()
  set(outs "${A_OUTPUT}")
  add_custom_command(
    OUTPUT ${outs}
    COMMAND ${NASM_EXECUTABLE} -f bin -w+all ${incs} -o "${A_OUTPUT}" "${src}"
    DEPENDS "${src}" ${A_DEPENDS}
    COMMENT "NASM ${A_SOURCE}"
    VERBATIM)
endfunction()

# emu86_embed_binary(<c_file> <bin_file> <symbol>)
# Turns a binary file into a C source defining `const unsigned char <symbol>[]` and
# `const unsigned int <symbol>_size`, so the product carries its ROM with it.
function(emu86_embed_binary cfile binfile symbol)
  add_custom_command(
    OUTPUT "${cfile}"
    COMMAND ${CMAKE_COMMAND} -DIN=${binfile} -DOUT=${cfile} -DSYM=${symbol}
            -P "${PROJECT_SOURCE_DIR}/cmake/embed.cmake"
    DEPENDS "${binfile}" "${PROJECT_SOURCE_DIR}/cmake/embed.cmake"
    COMMENT "Embedding ${binfile}"
    VERBATIM)
endfunction()
