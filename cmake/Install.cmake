# `cmake --install <build dir> --prefix P`: the accsim executable with its data folder (what it
# reads at run time: the shipped configs, the built firmware, the Verilog and the headers of
# run-time verilation), the plug-in SDK (the API headers, a CMake package: find_package(accsim
# CONFIG) gives accsim::plugin, accsim::accsim, accsim_add_plugin), the firmware SDK (HAL,
# linker script, toolchain file, CMake package accsim_firmware) and their examples.
# accsim finds its data folder relative to itself (run/data_dir.h); a build tree gets the same
# folder as links into the source and build trees (accsim_data_link), so a build-tree accsim
# finds its data as an installed one does and neither has a path of the trees compiled in.
# docs/plugins.md and docs/firmware.md walk through building against the SDK.
#
# The installed docs link as they do in the source tree, so every relative link is rewritten at
# install time (cmake/InstallDocLinks.cmake) to where its target was installed, or, for a file
# the install does not copy, replaced by its text and the file's path in accsim's source. Each
# install rule below records what it copies (accsim_doc_map); tests/sdk walks the installed
# docs' links and fails on a dangling one.
include(CMakePackageConfigHelpers)

set(ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR}/accsim/plugin)
set(ACCSIM_INSTALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/accsim)
set(ACCSIM_INSTALL_FIRMWARE_SDK_DIR ${ACCSIM_INSTALL_DATA_DIR}/firmware-sdk)

# accsim_doc_map(SOURCE DEST): the file or folder SOURCE (absolute) is installed as DEST
# (relative to the prefix), for the installed docs' links.
set(ACCSIM_DOC_MAP "")
function(accsim_doc_map source destination)
  set(ACCSIM_DOC_MAP ${ACCSIM_DOC_MAP} "${source}=${destination}" PARENT_SCOPE)
endfunction()

# accsim_data_link(PATH TARGET): <build>/share/accsim/PATH links to TARGET (made afresh at each
# configure, so nothing stale stays).
set(ACCSIM_BUILD_DATA_DIR ${CMAKE_BINARY_DIR}/${ACCSIM_INSTALL_DATA_DIR})
file(REMOVE_RECURSE ${ACCSIM_BUILD_DATA_DIR})
function(accsim_data_link path target)
  get_filename_component(parent ${ACCSIM_BUILD_DATA_DIR}/${path} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  file(CREATE_LINK ${target} ${ACCSIM_BUILD_DATA_DIR}/${path} SYMBOLIC)
endfunction()

# The simulator and its data folder.
install(TARGETS accsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${ACCSIM_SOURCE_DIR}/configs/ DESTINATION ${ACCSIM_INSTALL_DATA_DIR}/configs)
accsim_doc_map(${ACCSIM_SOURCE_DIR}/configs ${ACCSIM_INSTALL_DATA_DIR}/configs)
accsim_data_link(configs ${ACCSIM_SOURCE_DIR}/configs)
# The RTL the shipped configs name relative to themselves ("../rtl/cfu/simd_mac/cfu.v"), and the
# mnv2 CFU's, verilated at run time for sizes other than the built-in model's.
install(DIRECTORY ${ACCSIM_SOURCE_DIR}/rtl/ DESTINATION ${ACCSIM_INSTALL_DATA_DIR}/rtl
        FILES_MATCHING PATTERN "*.v" PATTERN "*.md")
accsim_doc_map(${ACCSIM_SOURCE_DIR}/rtl ${ACCSIM_INSTALL_DATA_DIR}/rtl)
accsim_data_link(rtl ${ACCSIM_SOURCE_DIR}/rtl)
if(ACCSIM_HAVE_FIRMWARE)
  install(DIRECTORY ${ACCSIM_FIRMWARE_DIR}/ DESTINATION ${ACCSIM_INSTALL_DATA_DIR}/firmware
          FILES_MATCHING PATTERN "*.elf")
endif()
accsim_data_link(firmware ${ACCSIM_FIRMWARE_DIR})
# The headers of run-time verilation (rtl/CMakeLists.txt), flat in runtime/ but for the hardware
# contracts, which keep their accsim/hw/ path.
if(ACCSIM_HAVE_VERILATOR_RUNTIME)
  foreach(header ${ACCSIM_RUNTIME_HEADERS})
    file(RELATIVE_PATH relative ${ACCSIM_SOURCE_DIR}/firmware_stub/hal/include ${header})
    if(relative MATCHES "^\\.\\./")
      get_filename_component(relative ${header} NAME)
    endif()
    get_filename_component(subdir ${relative} DIRECTORY)
    install(FILES ${header} DESTINATION ${ACCSIM_INSTALL_DATA_DIR}/runtime/${subdir})
    accsim_doc_map(${header} ${ACCSIM_INSTALL_DATA_DIR}/runtime/${relative})
    accsim_data_link(runtime/${relative} ${header})
  endforeach()
endif()

# The firmware SDK: the package and toolchain file with the HAL and linker scripts beside them,
# as in firmware_stub/, and the bus devices' register maps in the HAL's include root (in the
# tree, firmware_stub/CMakeLists.txt adds models/devices instead).
install(FILES ${ACCSIM_SOURCE_DIR}/firmware_stub/accsim_firmwareConfig.cmake
              ${ACCSIM_SOURCE_DIR}/firmware_stub/riscv32-accsim.cmake
        DESTINATION ${ACCSIM_INSTALL_FIRMWARE_SDK_DIR})
# The TFLite interpreter (accsim::tflite, accsim::tflite_runner) ships as its sources with the
# kernel and VTA driver libraries under it, built into the firmware project that uses them.
install(DIRECTORY ${ACCSIM_SOURCE_DIR}/firmware_stub/hal ${ACCSIM_SOURCE_DIR}/firmware_stub/link
                  ${ACCSIM_SOURCE_DIR}/firmware_stub/cxx ${ACCSIM_SOURCE_DIR}/firmware_stub/kernels
                  ${ACCSIM_SOURCE_DIR}/firmware_stub/vta ${ACCSIM_SOURCE_DIR}/firmware_stub/tflite
        DESTINATION ${ACCSIM_INSTALL_FIRMWARE_SDK_DIR})
foreach(part accsim_firmwareConfig.cmake riscv32-accsim.cmake hal link cxx kernels vta tflite)
  accsim_doc_map(${ACCSIM_SOURCE_DIR}/firmware_stub/${part} ${ACCSIM_INSTALL_FIRMWARE_SDK_DIR}/${part})
endforeach()
file(GLOB device_registers ${ACCSIM_SOURCE_DIR}/models/devices/*/*_regs.h)
foreach(header ${device_registers})
  get_filename_component(device_dir ${header} DIRECTORY)
  get_filename_component(kind ${device_dir} NAME)
  install(FILES ${header} DESTINATION ${ACCSIM_INSTALL_FIRMWARE_SDK_DIR}/hal/include/${kind})
  get_filename_component(name ${header} NAME)
  accsim_doc_map(${header} ${ACCSIM_INSTALL_FIRMWARE_SDK_DIR}/hal/include/${kind}/${name})
endforeach()
install(DIRECTORY ${ACCSIM_SOURCE_DIR}/examples/firmware/
        DESTINATION ${ACCSIM_INSTALL_DATA_DIR}/examples/firmware)
accsim_doc_map(${ACCSIM_SOURCE_DIR}/examples/firmware ${ACCSIM_INSTALL_DATA_DIR}/examples/firmware)
install(FILES ${ACCSIM_SOURCE_DIR}/docs/firmware.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
accsim_doc_map(${ACCSIM_SOURCE_DIR}/docs/firmware.md ${CMAKE_INSTALL_DOCDIR}/firmware.md)

# The plug-in SDK. The headers go flat into include/accsim/plugin (config.h into jsonconfig/
# below it), as their relative includes expect.
foreach(header ${ACCSIM_PLUGIN_HEADERS})
  get_filename_component(name ${header} NAME)
  if(header MATCHES "/jsonconfig/")
    install(FILES ${header} DESTINATION ${ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR}/jsonconfig)
    accsim_doc_map(${header} ${ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR}/jsonconfig/${name})
  else()
    install(FILES ${header} DESTINATION ${ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR})
    accsim_doc_map(${header} ${ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR}/${name})
  endif()
endforeach()
install(FILES ${ACCSIM_PLUGIN_VERSION_HEADER}
        DESTINATION ${ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR})
configure_package_config_file(${ACCSIM_SOURCE_DIR}/cmake/accsimConfig.cmake.in
  ${CMAKE_BINARY_DIR}/accsimConfig.cmake
  INSTALL_DESTINATION ${ACCSIM_INSTALL_CMAKE_DIR}
  PATH_VARS ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR CMAKE_INSTALL_BINDIR)
# Plug-ins are checked against accsim's plug-in ABI when loaded; the package version only says
# which accsim a project asked for.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/accsimConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/accsimConfig.cmake ${CMAKE_BINARY_DIR}/accsimConfigVersion.cmake
        DESTINATION ${ACCSIM_INSTALL_CMAKE_DIR})
install(DIRECTORY ${ACCSIM_SOURCE_DIR}/examples/plugins/
        DESTINATION ${ACCSIM_INSTALL_DATA_DIR}/examples/plugins)
accsim_doc_map(${ACCSIM_SOURCE_DIR}/examples/plugins ${ACCSIM_INSTALL_DATA_DIR}/examples/plugins)
install(FILES ${ACCSIM_SOURCE_DIR}/docs/plugins.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
accsim_doc_map(${ACCSIM_SOURCE_DIR}/docs/plugins.md ${CMAKE_INSTALL_DOCDIR}/plugins.md)

# Last, once every doc is in place: their links, rewritten (see the top of this file).
set(doc_links_script ${CMAKE_BINARY_DIR}/accsim_install_doc_links.cmake)
file(CONFIGURE OUTPUT ${doc_links_script} CONTENT [==[
set(ACCSIM_SOURCE_DIR [=[@ACCSIM_SOURCE_DIR@]=])
set(ACCSIM_DOC_MAP [=[@ACCSIM_DOC_MAP@]=])
include([=[@ACCSIM_SOURCE_DIR@/cmake/InstallDocLinks.cmake]=])
]==] @ONLY)
install(SCRIPT ${doc_links_script})
