# `cmake --install <build dir> --prefix P`: the accsim executable with what it reads at run time
# (the shipped configs, the built firmware), and the plug-in SDK: the API headers, a CMake
# package (find_package(accsim CONFIG): accsim::plugin, accsim::accsim, accsim_add_plugin) and
# the example plug-in. An installed accsim finds its configs and firmware relative to itself
# (apps/accsim/locations.cpp); docs/plugins.md walks through building a plug-in against it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ACCSIM_INSTALL_DATA_DIR ${CMAKE_INSTALL_DATADIR}/accsim)
set(ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR}/accsim/plugin)
set(ACCSIM_INSTALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/accsim)

# The simulator and its data.
install(TARGETS accsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${ACCSIM_SOURCE_DIR}/configs/ DESTINATION ${ACCSIM_INSTALL_DATA_DIR}/configs)
# The RTL the shipped configs name relative to themselves ("../rtl/cfu/simd_mac/cfu.v").
install(DIRECTORY ${ACCSIM_SOURCE_DIR}/rtl/ DESTINATION ${ACCSIM_INSTALL_DATA_DIR}/rtl
        FILES_MATCHING PATTERN "*.v" PATTERN "*.md")
if(ACCSIM_HAVE_FIRMWARE)
  install(DIRECTORY ${ACCSIM_FIRMWARE_DIR}/ DESTINATION ${ACCSIM_INSTALL_DATA_DIR}/firmware
          FILES_MATCHING PATTERN "*.elf")
endif()

# The plug-in SDK. The headers go flat into include/accsim/plugin (config.h into jsonconfig/
# below it), as their relative includes expect.
foreach(header ${ACCSIM_PLUGIN_HEADERS})
  if(header MATCHES "/jsonconfig/")
    install(FILES ${header} DESTINATION ${ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR}/jsonconfig)
  else()
    install(FILES ${header} DESTINATION ${ACCSIM_INSTALL_PLUGIN_INCLUDE_DIR})
  endif()
endforeach()
install(FILES ${CMAKE_BINARY_DIR}/soc/contract/accsim_version.h
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
install(FILES ${ACCSIM_SOURCE_DIR}/docs/plugins.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
