#include "address_map.h"

#include <catch2/catch.hpp>

using accsim::AddressMap;
using accsim::AddressRange;

TEST_CASE("address map decodes each range and nothing outside", "[address_map]") {
  AddressMap map;
  map.add({"ram", 0x4000'0000, 0x1000, 1});
  map.add({"rom", 0x0, 0x100, 0});
  REQUIRE(map.decode(0x0)->name == "rom");
  REQUIRE(map.decode(0xFF)->name == "rom");
  REQUIRE(map.decode(0x100) == nullptr);
  REQUIRE(map.decode(0x4000'0000)->port == 1);
  REQUIRE(map.decode(0x4000'0FFF)->name == "ram");
  REQUIRE(map.decode(0x4000'1000) == nullptr);
  REQUIRE(map.decode(0x3FFF'FFFF) == nullptr);
}

TEST_CASE("address map rejects an access straddling the end of a range", "[address_map]") {
  AddressMap map;
  map.add({"a", 0x0, 0x100, 0});
  map.add({"b", 0x100, 0x100, 1});
  REQUIRE(map.decode(0xFC, 4)->name == "a");
  REQUIRE(map.decode(0xFE, 4) == nullptr);
}

TEST_CASE("address map refuses overlapping and empty ranges", "[address_map]") {
  AddressMap map;
  map.add({"a", 0x1000, 0x1000, 0});
  REQUIRE_THROWS_WITH(map.add({"b", 0x1FFF, 0x10, 1}),
                      Catch::Contains("a [0x00001000, 0x00002000) overlaps b"));
  REQUIRE_THROWS(map.add({"c", 0x0, 0x1001, 1}));
  REQUIRE_NOTHROW(map.add({"d", 0x2000, 0x10, 1}));
  REQUIRE_THROWS(map.add({"e", 0x9000, 0, 2}));
}

TEST_CASE("find_overlap reports the first overlapping pair in address order", "[address_map]") {
  REQUIRE_FALSE(AddressMap::find_overlap({{"a", 0, 16, 0}, {"b", 16, 16, 1}}).has_value());
  auto overlap = AddressMap::find_overlap({{"b", 8, 16, 1}, {"a", 0, 16, 0}});
  REQUIRE(overlap.has_value());
  REQUIRE(*overlap == "a [0x00000000, 0x00000010) overlaps b [0x00000008, 0x00000018)");
}
