#include <catch2/catch.hpp>

#include "jsonconfig/config.h"

using accsim::config::as_u64;
using accsim::config::parse_address;
using accsim::config::parse_size;
using accsim::config::to_hex;
using accsim::config::to_size;
using nlohmann::json;

TEST_CASE("parse_size accepts plain non-negative integers", "[values]") {
  CHECK(parse_size(json(0)) == 0u);
  CHECK(parse_size(json(4096)) == 4096u);
  CHECK(parse_size(json(UINT64_MAX)) == UINT64_MAX);
}

TEST_CASE("parse_size accepts binary suffixes in any case", "[values]") {
  CHECK(parse_size(json("4K")) == 4096u);
  CHECK(parse_size(json("4k")) == 4096u);
  CHECK(parse_size(json("4KiB")) == 4096u);
  CHECK(parse_size(json("4kib")) == 4096u);
  CHECK(parse_size(json("4KB")) == 4096u);
  CHECK(parse_size(json("32M")) == 32u << 20);
  CHECK(parse_size(json("1G")) == 1u << 30);
  CHECK(parse_size(json("2T")) == uint64_t{2} << 40);
  CHECK(parse_size(json("512")) == 512u);
  CHECK(parse_size(json("512B")) == 512u);
}

TEST_CASE("parse_size accepts hex strings", "[values]") {
  CHECK(parse_size(json("0x1000")) == 4096u);
  CHECK(parse_size(json("0X10")) == 16u);
  CHECK(parse_size(json("0x1_0000")) == 65536u);
}

TEST_CASE("parse_size rejects negative numbers and floats", "[values]") {
  CHECK_FALSE(parse_size(json(-1)));
  CHECK_FALSE(parse_size(json(-4096)));
  CHECK_FALSE(parse_size(json(1.5)));
  CHECK_FALSE(parse_size(json(4096.0)));
  CHECK_FALSE(parse_size(json("-4K")));
}

TEST_CASE("parse_size rejects malformed strings", "[values]") {
  for (const char* text : {"", "K", "four", "4X", "4 K", " 4K", "4K ", "0x", "0x_1", "0x1_",
                           "0x1__0", "0xg", "0x10K", "+4", "4.5K", "4KK"}) {
    INFO(text);
    CHECK_FALSE(parse_size(json(text)));
  }
}

TEST_CASE("parse_size rejects values that overflow 64 bits", "[values]") {
  CHECK_FALSE(parse_size(json("99999999999G")));
  CHECK_FALSE(parse_size(json("18446744073709551616")));
  CHECK_FALSE(parse_size(json("16777216T")));
  CHECK_FALSE(parse_size(json("0x1_0000_0000_0000_0000")));
  CHECK(parse_size(json("18446744073709551615")) == UINT64_MAX);
  CHECK(parse_size(json("16777215T")) == uint64_t{16777215} << 40);
}

TEST_CASE("parse_size rejects non-numeric JSON types", "[values]") {
  CHECK_FALSE(parse_size(json(true)));
  CHECK_FALSE(parse_size(json(nullptr)));
  CHECK_FALSE(parse_size(json::array({4096})));
  CHECK_FALSE(parse_size(json::object()));
}

TEST_CASE("parse_address accepts hex with underscores and integers", "[values]") {
  CHECK(parse_address(json("0x4000_0000")) == 0x40000000u);
  CHECK(parse_address(json("0x40000000")) == 0x40000000u);
  CHECK(parse_address(json("0XDEAD_beef")) == 0xdeadbeefu);
  CHECK(parse_address(json("0xffff_ffff_ffff_ffff")) == UINT64_MAX);
  CHECK(parse_address(json(0)) == 0u);
  CHECK(parse_address(json(4096)) == 4096u);
}

TEST_CASE("parse_address rejects malformed and negative values", "[values]") {
  for (const char* text : {"0x", "0x_", "0x_4000", "0x4000_", "0x40__00", "4096", "40000000h",
                           "0x1_0000_0000_0000_0000", "0xzz", "", "x10"}) {
    INFO(text);
    CHECK_FALSE(parse_address(json(text)));
  }
  CHECK_FALSE(parse_address(json(-1)));
  CHECK_FALSE(parse_address(json(1.0)));
  CHECK_FALSE(parse_address(json(false)));
}

TEST_CASE("as_u64 converts integers, sizes and hex strings", "[values]") {
  CHECK(as_u64(json(7)) == 7u);
  CHECK(as_u64(json("8K")) == 8192u);
  CHECK(as_u64(json("0x4000_0000")) == 0x40000000u);
}

TEST_CASE("as_u64 throws invalid_argument for anything else", "[values]") {
  CHECK_THROWS_AS(as_u64(json(-1)), std::invalid_argument);
  CHECK_THROWS_AS(as_u64(json("fast")), std::invalid_argument);
  CHECK_THROWS_AS(as_u64(json(2.5)), std::invalid_argument);
  CHECK_THROWS_AS(as_u64(json(nullptr)), std::invalid_argument);
  CHECK_THROWS_WITH(as_u64(json("fast")), Catch::Contains("string \"fast\""));
}

TEST_CASE("to_hex pads to eight lower-case digits", "[values]") {
  CHECK(to_hex(0) == "0x00000000");
  CHECK(to_hex(0x40000000) == "0x40000000");
  CHECK(to_hex(0xABCDEF) == "0x00abcdef");
  CHECK(to_hex(0x123456789) == "0x123456789");
  CHECK(to_hex(UINT64_MAX) == "0xffffffffffffffff");
}

TEST_CASE("to_size writes the largest exact suffix, and parse_size reads it back", "[values]") {
  CHECK(to_size(0) == json(0));
  CHECK(to_size(32) == json(32));
  CHECK(to_size(1000) == json(1000));
  CHECK(to_size(4096) == json("4K"));
  CHECK(to_size(6144) == json("6K"));
  CHECK(to_size(16u << 20) == json("16M"));
  CHECK(to_size(uint64_t{2} << 30) == json("2G"));
  CHECK(to_size((uint64_t{1} << 30) + 1024) == json("1048577K"));
  for (const uint64_t bytes : {uint64_t{0}, uint64_t{32}, uint64_t{4096}, uint64_t{3} << 40}) {
    CHECK(parse_size(to_size(bytes)) == bytes);
  }
}
