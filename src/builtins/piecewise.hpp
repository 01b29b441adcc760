// The pp form (MATLAB's piecewise polynomial struct) shared by interp1(..., "pp"), spline,
// pchip and mkpp.
#pragma once

#include <span>
#include <vector>

#include "num/interpolation.hpp"
#include "num/matrix.hpp"
#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

// Sample points as the interpolators (interp1, spline, pchip) take them: at least 2, strictly
// monotonic and free of NaN; a decreasing run comes back increasing, with `reversed` set so that
// the caller reverses the values with it.
struct SamplePoints {
  std::vector<double> xs;
  bool reversed = false;
};
SamplePoints increasing_samples(runtime::Call& call, std::vector<double> xs);

// The struct mkpp returns: form "pp", breaks (a row), coefs ((prod(dims) · pieces) × order),
// pieces, order and dim (`dims`, a number when it has one element).
runtime::Value pp_value(std::span<const double> breaks, num::Matrix coefficients,
                        const num::Dims& dims);

// The pp of one series per component (all with the same breaks and order): the rows of piece p
// are its components in order, `dims` their shape (prod(dims) of them). `imaginary`, when not
// empty, holds the imaginary parts' pieces.
runtime::Value pp_of_components(const std::vector<num::Pieces>& real,
                                const std::vector<num::Pieces>& imaginary, const num::Dims& dims);

}  // namespace llmlab::builtins
