# Project-wide warning set, applied per target so third-party headers stay quiet.
add_library(accsim_warnings INTERFACE)
target_compile_options(accsim_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                       -Wno-unused-parameter)
