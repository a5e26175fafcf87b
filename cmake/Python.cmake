# The Python the tests and tools/ run: Debian's /usr/bin/python3, which sees the Debian python3-*
# packages scripts/setup.sh installs (a python3 earlier on PATH, pyenv's or a venv's, may
# not). A missing one is a configure error naming the package, not a traceback later.
set(ACCSIM_PYTHON /usr/bin/python3 CACHE FILEPATH "Python for the tests and tools (Debian's)")
if(NOT ACCSIM_BUILD_TESTS)
  return()
endif()
if(NOT EXISTS ${ACCSIM_PYTHON})
  message(FATAL_ERROR "${ACCSIM_PYTHON} not found: the tests need Debian's python3 "
                      "(package python3; scripts/setup.sh installs it)")
endif()
# Every python3-X of setup's package list provides module X.
file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/scripts/setup.sh listed REGEX "^  python3-")
set(missing)
foreach(line ${listed})
  string(STRIP "${line}" line)
  string(REGEX REPLACE "[ \t#].*" "" package "${line}")
  string(REGEX REPLACE "^python3-" "" module "${package}")
  execute_process(COMMAND ${ACCSIM_PYTHON} -c "import ${module}" RESULT_VARIABLE status
                  OUTPUT_QUIET ERROR_QUIET)
  if(NOT status EQUAL 0)
    list(APPEND missing ${package})
  endif()
endforeach()
if(missing)
  list(JOIN missing " " missing)
  message(FATAL_ERROR "${ACCSIM_PYTHON} cannot import what the tests need: install Debian "
                      "package(s) ${missing} (scripts/setup.sh installs them)")
endif()
