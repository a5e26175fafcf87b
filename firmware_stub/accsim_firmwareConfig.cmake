# accsim's firmware SDK as a CMake package, for a project configured with the toolchain file
# beside it (riscv32-accsim.cmake, which points find_package here). find_package(accsim_firmware)
# gives
#   accsim_hal                             the runtime every app links: startup (crt0), console,
#                                          exit, perf counters, and the HAL's headers
#   accsim_add_firmware(NAME SOURCES...)   NAME.elf: the sources compiled with the SDK's flags and
#                                          linked with the HAL by the linker script
#   ACCSIM_FIRMWARE_COMPILE_OPTIONS        those flags, for a project's own libraries
#   ACCSIM_FIRMWARE_LINKER_SCRIPT          the linker script (configs/vexriscv_arty.json's memory
#                                          map); set it before accsim_add_firmware for another
# accsim's own firmware (firmware_stub/CMakeLists.txt) is built with this very file, so in-tree
# and out-of-tree firmware cannot differ. The install (cmake/Install.cmake) keeps the layout
# beside it: hal/ and link/. docs/firmware.md walks through using it.
get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
if(NOT "C" IN_LIST languages OR NOT "ASM" IN_LIST languages)
  message(FATAL_ERROR "accsim_firmware: enable C and ASM first: project(<name> C ASM)")
endif()

set(ACCSIM_FIRMWARE_COMPILE_OPTIONS -O2 -g -Wall -Wextra -ffunction-sections -fdata-sections)
if(NOT DEFINED ACCSIM_FIRMWARE_LINKER_SCRIPT)
  set(ACCSIM_FIRMWARE_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/link/vexriscv_arty.ld)
endif()

if(NOT TARGET accsim_hal)
  # OBJECT, not STATIC: libc references stdout/_exit, which must be linked in whether or not the
  # app itself uses them.
  set(hal ${CMAKE_CURRENT_LIST_DIR}/hal)
  add_library(accsim_hal OBJECT ${hal}/src/crt0.S ${hal}/src/console.c ${hal}/src/exit.c
                                ${hal}/src/perf.c)
  # cfu_playground/ gives CFU-Playground code its `#include "cfu.h"` and `#include "perf.h"`.
  target_include_directories(accsim_hal PUBLIC ${hal}/include ${hal}/include/cfu_playground)
  target_compile_options(accsim_hal PRIVATE ${ACCSIM_FIRMWARE_COMPILE_OPTIONS})
  # The HAL's headers use GNU C (statement expressions).
  set_target_properties(accsim_hal PROPERTIES C_STANDARD 11 C_EXTENSIONS ON)
  unset(hal)
endif()

# accsim_add_firmware(name sources...): name.elf (and its link map name.map) from the sources,
# linked with the HAL. Options a project adds to the target afterwards come later on the command
# line, so they win over the SDK's.
function(accsim_add_firmware name)
  add_executable(${name} ${ARGN})
  set_target_properties(${name} PROPERTIES SUFFIX ".elf"
                        LINK_DEPENDS ${ACCSIM_FIRMWARE_LINKER_SCRIPT})
  target_compile_options(${name} PRIVATE ${ACCSIM_FIRMWARE_COMPILE_OPTIONS})
  target_link_libraries(${name} PRIVATE accsim_hal)
  target_link_options(${name} PRIVATE -T${ACCSIM_FIRMWARE_LINKER_SCRIPT} -Wl,--gc-sections
                      -Wl,-Map=${name}.map)
endfunction()
