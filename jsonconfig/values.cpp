// Size and address literals as written in configs: "4K", "0x4000_0000", plain integers.
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "jsonconfig/config.h"
#include "jsonconfig/json_util.h"

namespace accsim::config {

namespace {

constexpr uint64_t kMaxU64 = std::numeric_limits<uint64_t>::max();

int hex_digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Hex digits after "0x". Underscores may separate digits ("4000_0000") but may not lead, trail
// or repeat, so that a typo such as "0x_" is not silently read as zero.
std::optional<uint64_t> parse_hex_digits(std::string_view digits) {
  if (digits.empty()) return std::nullopt;
  uint64_t value = 0;
  bool previous_was_digit = false;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const char c = digits[i];
    if (c == '_') {
      if (!previous_was_digit || i + 1 == digits.size()) return std::nullopt;
      previous_was_digit = false;
      continue;
    }
    const int digit = hex_digit_value(c);
    if (digit < 0 || value > (kMaxU64 >> 4)) return std::nullopt;
    value = (value << 4) | static_cast<uint64_t>(digit);
    previous_was_digit = true;
  }
  return value;
}

bool has_hex_prefix(std::string_view text) {
  return text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
}

std::optional<uint64_t> non_negative_integer(const nlohmann::json& value) {
  if (value.is_number_unsigned()) return value.get<uint64_t>();
  if (value.is_number_integer() && value.get<int64_t>() >= 0) {
    return static_cast<uint64_t>(value.get<int64_t>());
  }
  return std::nullopt;
}

// Binary multipliers only: in hardware configs "32KB" means 32768 bytes.
std::optional<uint64_t> size_multiplier(std::string_view suffix) {
  std::string lower;
  for (const char c : suffix)
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.empty() || lower == "b") return 1;
  if (lower == "k" || lower == "kb" || lower == "kib") return uint64_t{1} << 10;
  if (lower == "m" || lower == "mb" || lower == "mib") return uint64_t{1} << 20;
  if (lower == "g" || lower == "gb" || lower == "gib") return uint64_t{1} << 30;
  if (lower == "t" || lower == "tb" || lower == "tib") return uint64_t{1} << 40;
  return std::nullopt;
}

std::optional<uint64_t> parse_size_string(std::string_view text) {
  if (has_hex_prefix(text)) return parse_hex_digits(text.substr(2));
  std::size_t i = 0;
  uint64_t number = 0;
  for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
    const auto digit = static_cast<uint64_t>(text[i] - '0');
    if (number > (kMaxU64 - digit) / 10) return std::nullopt;
    number = number * 10 + digit;
  }
  if (i == 0) return std::nullopt;
  const auto multiplier = size_multiplier(text.substr(i));
  if (!multiplier || number > kMaxU64 / *multiplier) return std::nullopt;
  return number * *multiplier;
}

}  // namespace

std::optional<uint64_t> parse_size(const nlohmann::json& value) {
  if (value.is_string()) return parse_size_string(value.get_ref<const std::string&>());
  return non_negative_integer(value);
}

std::optional<uint64_t> parse_address(const nlohmann::json& value) {
  if (value.is_string()) {
    const auto& text = value.get_ref<const std::string&>();
    if (!has_hex_prefix(text)) return std::nullopt;
    return parse_hex_digits(std::string_view(text).substr(2));
  }
  return non_negative_integer(value);
}

uint64_t as_u64(const nlohmann::json& value) {
  if (const auto parsed = parse_size(value)) return *parsed;
  throw std::invalid_argument("expected a non-negative integer, size or hex string, got " +
                              detail::describe(value));
}

std::string to_hex(uint64_t value) {
  char buffer[2 + 16 + 1];
  std::snprintf(buffer, sizeof buffer, "0x%08" PRIx64, value);
  return buffer;
}

nlohmann::json to_size(uint64_t bytes) {
  for (const auto& [suffix, unit] :
       {std::pair{"G", uint64_t{1} << 30}, std::pair{"M", uint64_t{1} << 20},
        std::pair{"K", uint64_t{1} << 10}}) {
    if (bytes >= unit && bytes % unit == 0) return std::to_string(bytes / unit) + suffix;
  }
  return bytes;
}

}  // namespace accsim::config
