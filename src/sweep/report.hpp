// `llmlab sweep report DIR`: summary.csv (one row per run), report.md (one row per
// configuration group: mean ± 95 % t-interval of the final val loss, failure fraction with a
// Wilson interval, geometric mean of the first block's gradient norm) and two figures (SVG and
// PNG): val-loss curves per group (median over seeds, min and max dashed) and the final val
// loss against report.x with t-interval error bars.
#pragma once

#include <filesystem>

#include "sweep/spec.hpp"

namespace llmlab::sweep {

// Writes the report files into `dir` and prints report.md's table on stdout.
void write_report(const std::filesystem::path& dir, const Spec& spec, bool print);

}  // namespace llmlab::sweep
