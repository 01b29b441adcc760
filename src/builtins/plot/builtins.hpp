// builtins.md §13 Plotting (plotting.md): the plotting builtins, defined across builtins/plot/
// and listed in kPlotBuiltins (plot/figure.cpp). Internal to the builtins library.
#pragma once

#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins::plotting {

using runtime::Call;
using runtime::Value;

// plot/series.cpp: data series (plotting.md §3.2–§3.8, §3.13).
Value plot(Call& call);
Value semilogy(Call& call);
Value semilogx(Call& call);
Value loglog(Call& call);
Value histogram(Call& call);
Value hist(Call& call);
Value bar(Call& call);
Value scatter(Call& call);
Value stem(Call& call);
Value yline(Call& call);
Value xline(Call& call);

// plot/images.cpp: image-like panels (§3.9–§3.11, §3.19).
Value imagesc(Call& call);
Value heatmap(Call& call);
Value surf(Call& call);
Value contour(Call& call);

}  // namespace llmlab::builtins::plotting
