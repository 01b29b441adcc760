// One binary search a query for its piece, then Horner's rule per component.
#include "num/piecewise.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace llmlab::num {

namespace {

// The piece that holds q: the last whose left break is at or below it, clamped to the ends.
Index piece_of(std::span<const double> breaks, double q) {
  const auto after = std::upper_bound(breaks.begin(), breaks.end() - 1, q) - breaks.begin();
  const Index pieces = static_cast<Index>(breaks.size()) - 1;
  return std::clamp<Index>(after - 1, 0, pieces - 1);
}

}  // namespace

Matrix evaluate_pieces(std::span<const double> breaks, const Matrix& coefficients, Index components,
                       std::span<const double> queries) {
  const Index order = coefficients.columns();
  const bool complex = coefficients.is_complex();
  Matrix result = complex ? Matrix(components, static_cast<Index>(queries.size()),
                                   Matrix::Element::ComplexValued)
                          : Matrix(components, static_cast<Index>(queries.size()));
  for (std::size_t j = 0; j < queries.size(); ++j) {
    const double q = queries[j];
    const auto column = static_cast<Index>(j);
    if (std::isnan(q)) {
      for (Index c = 0; c < components; ++c) {
        result.set(c, column, std::numeric_limits<double>::quiet_NaN());
      }
      continue;
    }
    const Index piece = piece_of(breaks, q);
    const double t = q - breaks[static_cast<std::size_t>(piece)];
    for (Index c = 0; c < components; ++c) {
      const Index row = piece * components + c;
      if (complex) {
        Complex value = 0.0;
        for (Index k = 0; k < order; ++k) value = value * t + coefficients.complex_at(row, k);
        result.set(c, column, value);
      } else {
        double value = 0.0;
        for (Index k = 0; k < order; ++k) value = value * t + coefficients(row, k);
        result.set(c, column, value);
      }
    }
  }
  return result;
}

}  // namespace llmlab::num
