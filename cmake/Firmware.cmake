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
  set(launcher -DCMAKE_C_COMPILER_LAUNCHER=${CCACHE_PROGRAM})
endif()
ExternalProject_Add(firmware
  SOURCE_DIR ${CMAKE_SOURCE_DIR}/firmware_stub
  BINARY_DIR ${CMAKE_BINARY_DIR}/firmware_stub-build
  INSTALL_DIR ${ACCSIM_FIRMWARE_DIR}
  CMAKE_ARGS -DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/firmware_stub/riscv32-accsim.cmake
             -DCMAKE_INSTALL_PREFIX=<INSTALL_DIR> ${launcher}
  BUILD_ALWAYS ON
  INSTALL_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target install)
