// "Did you mean ...?" suggestions for misspelled names in rule files.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vf::dsl {

/// Edit distance (insertions, deletions, substitutions, adjacent swaps) between two names.
size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `name` when it is close enough to be a likely misspelling
/// (at most 2 edits, and fewer edits than `name` has characters); ties go to the first.
std::optional<std::string> closest_name(std::string_view name,
                                        const std::vector<std::string_view>& candidates);

/// "; did you mean 'X'?" for the closest candidate, or an empty string.
std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& candidates);

}  // namespace vf::dsl
