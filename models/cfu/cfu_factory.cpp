#include "cfu_factory.h"

#include <stdexcept>
#include <string>

#include "mnv2_cfu.h"
#include "mnv2_rtl.h"

namespace accsim::cfu {

std::unique_ptr<CfuModule> make_cfu(const nlohmann::json& cfu, const Clock& clock,
                                    VerilatedCfuOptions rtl_options) {
  const std::string kind = cfu.value("kind", "mnv2");
  const std::string impl = cfu.value("impl", "model");
  if (kind != "mnv2") throw std::invalid_argument("cfu.kind: unknown CFU \"" + kind + "\"");
  const Mnv2Config config = mnv2_config_from_json(cfu);
  std::unique_ptr<CfuModel> model;
  if (impl == "rtl") {
    rtl_options.clock_period_ps = clock.period_ps();
    model = make_mnv2_rtl(config, rtl_options);
  } else {
    model = std::make_unique<Mnv2Cfu>(config);
  }
  return std::make_unique<CfuModule>("cfu", clock, std::move(model));
}

}  // namespace accsim::cfu
