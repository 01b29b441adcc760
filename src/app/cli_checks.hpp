// Checks shared by the subcommands' options, each written once.
#pragma once

#include <CLI/CLI.hpp>

namespace llmlab::app {

// For an option read into an unsigned integer (the seeds): a whole number from 0 to 2^64 - 1,
// written in digits. CLI11 2.1 reads "-1" into an unsigned as 2^64 - 1 and a number past
// 2^64 - 1 as 2^64 - 1, silently; both are refused, naming the option.
const CLI::Validator& whole_number_check();

}  // namespace llmlab::app
