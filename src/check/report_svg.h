// `vfuse check --report FILE`: the per-layer measured error and bound of every engine, and
// each output's measured error, rigorous, running and probabilistic bounds, on a
// log scale, as a plain SVG (or an HTML page holding it and the layer table), so a person
// sees at a glance where precision is lost. No scripts, no external resources.
#pragma once

#include <string>

#include "check/numeric_check.h"

namespace vf::check {

/// The report as SVG text.
std::string report_svg(const NumericCheck& nc, const std::string& title);

/// The report as an HTML page (the SVG inline, then each engine's layer table).
std::string report_html(const NumericCheck& nc, const std::string& title);

}  // namespace vf::check
