# Every dependency comes from a Debian package installed by scripts/setup.sh; nothing is
# downloaded at build time.
find_package(PkgConfig REQUIRED)
# Debian's SystemC 2.3.4 ships pkg-config files but no CMake package.
pkg_check_modules(SYSTEMC REQUIRED IMPORTED_TARGET systemc)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(spdlog REQUIRED)
find_package(CLI11 REQUIRED)
find_package(Threads REQUIRED)
if(ACCSIM_BUILD_TESTS)
  find_package(Catch2 2 REQUIRED)
  include(Catch)
endif()
