# Builds firmware_stub/ with the RISC-V cross compiler as a separate CMake project, so the
# simulator itself never needs the cross compiler. The ELF files land in ACCSIM_FIRMWARE_DIR,
# where `accsim run --firmware NAME` finds them.
find_program(ACCSIM_RISCV_GCC riscv64-unknown-elf-gcc)
if(NOT ACCSIM_RISCV_GCC)
  message(WARNING "riscv64-unknown-elf-gcc not found: firmware apps and firmware tests are "
                  "skipped (scripts/setup.sh installs it)")
  set(ACCSIM_HAVE_FIRMWARE OFF)
  return()
endif()
set(ACCSIM_HAVE_FIRMWARE ON)

include(ExternalProject)
set(launcher "")
if(CCACHE_PROGRAM)
  set(launcher -DCMAKE_C_COMPILER_LAUNCHER=${CCACHE_PROGRAM}
               -DCMAKE_CXX_COMPILER_LAUNCHER=${CCACHE_PROGRAM})
endif()
set(firmware_build ${CMAKE_BINARY_DIR}/firmware_stub-build)
set(firmware_toolchain ${CMAKE_SOURCE_DIR}/firmware_stub/riscv32-accsim.cmake)
# CMake cannot switch an existing build to another toolchain file (one that moved, say): a
# firmware build configured with another one, or left half-configured, starts afresh.
if(EXISTS ${firmware_build})
  set(cached_toolchain "")
  if(EXISTS ${firmware_build}/CMakeCache.txt)
    file(STRINGS ${firmware_build}/CMakeCache.txt cached_toolchain REGEX "^CMAKE_TOOLCHAIN_FILE:")
    string(REGEX REPLACE "^[^=]*=" "" cached_toolchain "${cached_toolchain}")
  endif()
  if(NOT cached_toolchain STREQUAL firmware_toolchain)
    message(STATUS "firmware: configured with another toolchain file, starting ${firmware_build} afresh")
    file(REMOVE_RECURSE ${firmware_build} ${CMAKE_BINARY_DIR}/firmware-prefix/src/firmware-stamp)
  endif()
endif()
ExternalProject_Add(firmware
  SOURCE_DIR ${CMAKE_SOURCE_DIR}/firmware_stub
  BINARY_DIR ${firmware_build}
  INSTALL_DIR ${ACCSIM_FIRMWARE_DIR}
  CMAKE_ARGS -DCMAKE_TOOLCHAIN_FILE=${firmware_toolchain}
             -DCMAKE_INSTALL_PREFIX=<INSTALL_DIR> ${launcher}
  BUILD_ALWAYS ON
  INSTALL_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target install)
