# ACCSIM_FUZZ=ON (the `fuzz` preset) builds tests/fuzz as libFuzzer targets: clang only, every
# compiled file instrumented for coverage and checked by AddressSanitizer + UBSan. Only the fuzz
# targets (and the code they test) are meant to be built in that tree; without the option the
# same targets are plain executables that replay their corpus under ctest.
option(ACCSIM_FUZZ "Build tests/fuzz as libFuzzer targets (needs clang)" OFF)
if(ACCSIM_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang" OR NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "ACCSIM_FUZZ needs clang/clang++ (cmake --preset fuzz selects them)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
