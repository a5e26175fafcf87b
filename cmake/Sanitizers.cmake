# ACCSIM_SANITIZE=ON builds everything with AddressSanitizer + UndefinedBehaviorSanitizer
# (used by the `asan` preset and by .ci/run).
option(ACCSIM_SANITIZE "Build with -fsanitize=address,undefined" OFF)
if(ACCSIM_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
