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
#   accsim::tflite                         the TFLite interpreter (accsim_tflite/*.h: the model,
#                                          plan, placement, the kernel registry) with its op
#                                          kernels (accsim_kernels) and accelerator
#                                          implementations (accsim_tflite_accel, accsim_vta)
#   accsim::tflite_runner                  the model runner's main (`accsim run --model`): link
#                                          it and define tflite_runner_register_kernels() to run
#                                          models with kernels of your own
#   accsim_cxx                             with CXX enabled (project(<name> C CXX ASM)): the C++
#                                          headers (<cstdint>, <new>, ...) and runtime (operator
#                                          new/delete, guards, pure virtual) that stand in for
#                                          libstdc++; accsim_add_firmware links it
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

if("CXX" IN_LIST languages AND NOT TARGET accsim_cxx)
  set(cxx ${CMAKE_CURRENT_LIST_DIR}/cxx)
  add_library(accsim_cxx OBJECT ${cxx}/src/cxx_runtime.cpp)
  target_include_directories(accsim_cxx PUBLIC $<$<COMPILE_LANGUAGE:CXX>:${cxx}/include>)
  target_compile_options(accsim_cxx PRIVATE ${ACCSIM_FIRMWARE_COMPILE_OPTIONS})
  target_link_libraries(accsim_cxx PUBLIC accsim_hal)
  unset(cxx)
endif()

# The TFLite interpreter and the libraries under it, compiled from their sources beside this file
# (firmware_stub/ in the tree, the SDK folder in an install) into this project's build.
if(NOT TARGET accsim_tflite AND EXISTS ${CMAKE_CURRENT_LIST_DIR}/tflite/CMakeLists.txt)
  foreach(part kernels vta tflite)
    add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/${part} ${CMAKE_BINARY_DIR}/accsim_firmware/${part})
  endforeach()
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
  if(TARGET accsim_cxx)
    target_link_libraries(${name} PRIVATE accsim_cxx)
  endif()
  # The gcc driver links, not g++, which would add the -lstdc++ this target lacks: C++ code
  # gets its runtime from accsim_cxx.
  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE C)
  target_link_options(${name} PRIVATE -T${ACCSIM_FIRMWARE_LINKER_SCRIPT} -Wl,--gc-sections
                      -Wl,-Map=${name}.map)
endfunction()
