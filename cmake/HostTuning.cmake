# Code layout of the simulator on x86-64 hosts. Intel cores since Skylake run with the "JCC
# erratum" microcode, which keeps the decoded-uop cache from holding a jump that crosses or ends on
# a 32-byte boundary. The instruction loop is one large function of short jumps, so its speed then
# depends on where they happen to fall: unrelated edits moved the benchmarks by 5-10% either way.
# Padding jumps away from those boundaries (GNU as) measured 2-4% faster on every benchmark of
# tools/bench and steadier (docs/profile-notes.md); compilers or assemblers without the option
# build as before.
include(CheckCXXCompilerFlag)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
  check_cxx_compiler_flag("-Wa,-mbranches-within-32B-boundaries" ACCSIM_HAS_JCC_PADDING)
  if(ACCSIM_HAS_JCC_PADDING)
    add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-Wa,-mbranches-within-32B-boundaries>)
  endif()
endif()
