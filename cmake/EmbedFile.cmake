# cmake -DINPUT=file -DOUTPUT=file.cpp -DFUNCTION=name -P EmbedFile.cmake
# Writes a C++ file defining std::string_view accsim::<FUNCTION>() over the bytes of INPUT.
# Bytes, not a raw string literal, so any content is safe. (accsim_embed_file() in
# Embed.cmake adds the command.)
file(READ ${INPUT} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(LENGTH "${hex}" hex_length)
math(EXPR length "${hex_length} / 2")
file(WRITE ${OUTPUT}
  "// Generated from ${INPUT}; do not edit.\n#include <string_view>\n"
  "namespace accsim {\nnamespace { const char kBytes[] = {${bytes} 0}; }\n"
  "std::string_view ${FUNCTION}() { return {kBytes, ${length}}; }\n}\n")
