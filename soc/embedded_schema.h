// The config schema (configs/schema/accsim.schema.json), embedded at build time.
#pragma once

#include <string_view>

namespace accsim {
std::string_view embedded_schema();
}
