// Catch2's main for every unit-test binary. libsystemc references sc_main, so test binaries
// that link SystemC provide one; tests drive SystemC directly from their TEST_CASEs.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

extern "C" int sc_main(int, char*[]) { return 0; }
