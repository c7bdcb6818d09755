# Script mode: cmake -DIN=file.bin -DOUT=file.c -DSYM=name -P embed.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hexlen)
math(EXPR size "${hexlen} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n" body "${body}")
file(WRITE "${OUT}.tmp"
  "/* Generated from ${IN}; do not edit. */\n"
  "const unsigned char ${SYM}[${size} + 1] = {\n${body}0x00\n};\n"
  "const unsigned int ${SYM}_size = ${size};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
