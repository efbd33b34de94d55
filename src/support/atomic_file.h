// Writing a file so that a failure never leaves a half-written file at its path.
#pragma once

#include <string>
#include <string_view>

#include "support/result.h"

namespace vf {

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`; on
/// any failure the temporary is removed and `path` is untouched.
Result<void> write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace vf
