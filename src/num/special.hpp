// Special functions the C library lacks.
#pragma once

namespace llmlab::num {

// ψ(x) = Γ'(x)/Γ(x), the derivative of lgamma (the gradient of gamma and gammaln). Poles
// (x = 0, -1, -2, ...) give NaN. Relative error below 1e-13 away from the poles.
double digamma(double x);

}  // namespace llmlab::num
