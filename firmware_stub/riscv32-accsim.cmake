# The toolchain file of accsim's firmware SDK: Debian's riscv64-unknown-elf-gcc with picolibc,
# compiling for the RV32IM core. accsim's own firmware (cmake/Firmware.cmake) and out-of-tree
# firmware (docs/firmware.md) both configure with it:
#   cmake -S . -B build -DCMAKE_TOOLCHAIN_FILE=<this file>
# binutils 2.40 needs Zicsr for csrr and Zifencei for fence.i, but spelling them in -march
# (rv32im_zicsr_zifencei) makes gcc 12 miss the rv32im/ilp32 multilib and link the rv64
# libraries. -misa-spec=2.2 keeps both inside the base ISA and selects the right multilib.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_ASM_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_CXX_COMPILER riscv64-unknown-elf-g++)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(ACCSIM_RISCV_ARCH_FLAGS "-march=rv32im -mabi=ilp32 -misa-spec=2.2")
set(CMAKE_C_FLAGS_INIT "${ACCSIM_RISCV_ARCH_FLAGS} --specs=picolibc.specs")
set(CMAKE_ASM_FLAGS_INIT "${ACCSIM_RISCV_ARCH_FLAGS} --specs=picolibc.specs")
# C++ without libstdc++ (Debian ships none for this target): no exceptions, no RTTI; the SDK's
# headers (cxx/include) and runtime (cxx/src) supply what that C++ needs (docs/firmware.md, "C++").
set(CMAKE_CXX_FLAGS_INIT
    "${ACCSIM_RISCV_ARCH_FLAGS} --specs=picolibc.specs -fno-exceptions -fno-rtti -fno-asynchronous-unwind-tables")
# C flags (with the specs) are on the link line already.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-nostartfiles -Wl,--no-warn-rwx-segments")
# find_package(accsim_firmware) finds the SDK this file belongs to: accsim_firmwareConfig.cmake
# lies beside it, in the tree as in the install.
if(NOT DEFINED accsim_firmware_DIR)
  set(accsim_firmware_DIR ${CMAKE_CURRENT_LIST_DIR})
endif()
