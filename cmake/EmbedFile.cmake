# cmake -DINPUT=file -DOUTPUT=file.cpp -DSYMBOL=name -P EmbedFile.cmake
# Writes a C++ file defining accsim::embedded_schema() over the bytes of INPUT. Bytes, not a
# raw string literal, so any content is safe.
file(READ ${INPUT} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(LENGTH "${hex}" hex_length)
math(EXPR length "${hex_length} / 2")
file(WRITE ${OUTPUT}
  "// Generated from ${INPUT}; do not edit.\n#include <string_view>\n"
  "namespace accsim {\nnamespace { const char ${SYMBOL}[] = {${bytes} 0}; }\n"
  "std::string_view embedded_schema() { return {${SYMBOL}, ${length}}; }\n}\n")
