// Messages: elementwise mathematics, signals, fitting and piecewise polynomials (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_MATHEMATICS_MESSAGES(M)                                                         \
  /* fit: polyfit, polyval, interp1 */                                                         \
  M(bad_interpolation_method, "method must be \"linear\", \"nearest\", \"previous\", \"next\", \"pchip\", \"cubic\" or \"spline\", got \"{}\"") \
  M(bad_polyfit_structure, "S must be the structure polyfit gives (R, normr, df)")             \
  M(polyfit_degree_mismatch, "S.R does not match the polynomial's degree")                     \
  M(polyval_needs_structure, "[y, dy] = polyval(p, x, S) needs the structure S from polyfit")  \
  M(next_has_no_pp_form, "\"next\" has no pp form (a pp piece holds its left break, \"next\" does not)") \
  M(pp_takes_no_query_points, "\"pp\" takes no query points")                                  \
  M(dy_needs_real_x, "dy needs real x")                                                        \
  M(interp_call_form, "expected the sample values and the query points first")                 \
  M(bad_mu, "mu must be [mean, std]")                                                          \
  M(query_points_not_vector, "the query points must be a vector when y is a matrix")           \
  /* math: elementwise functions, nthroot, nchoosek */                                         \
  M(second_argument_not_real_scalar, "second argument must be a real scalar, got {}")          \
  M(v_not_scalar_or_vector, "V must be a scalar or a vector")                                  \
  M(log2_needs_real, "[f, e] = log2(x) takes real x")                                          \
  M(digits_out_of_range, "digits must be between -308 and 308")                                \
  M(nthroot_bad_n, "n must be a non-zero real scalar")                                         \
  M(nthroot_even_of_negative, "n must be an odd integer when x has negatives")                 \
  M(too_many_combinations, "too many combinations")                                            \
  /* matlab_staples: toeplitz, poly, pow2 */                                                   \
  M(not_vector_or_square, "the argument must be a vector or a square matrix")                  \
  M(nan_option_unsupported, "the option \"{}\" is not supported (NaN is omitted)")             \
  /* piecewise: mkpp, ppval, spline, pchip */                                                  \
  M(coefs_count_not_multiple, "coefs holds {} values, not a positive multiple of prod(d) · pieces = {}") \
  M(pp_lacks_field, "pp must be a piecewise polynomial structure (it has no field '{}')")      \
  M(y_count_not_x_count, "y must have a value for every x ({}), got {}")                       \
  M(y_count_not_x_count_or_slopes, "y must have a value for every x ({}), got {} (or 2 more, the end slopes)") \
  M(too_few_sample_points, "at least 2 sample points are needed")                              \
  M(breaks_not_real_vector, "breaks must be a real vector")                                    \
  M(breaks_not_increasing, "breaks must be strictly increasing")                               \
  M(breaks_too_few, "breaks must hold at least 2 values")                                      \
  M(bad_derivative_dims, "d must be a positive integer or a vector of them")                   \
  M(too_few_samples_without_nan, "fewer than 2 samples are left without NaN")                  \
  M(not_pp_structure, "pp must be a piecewise polynomial structure (as mkpp makes)")           \
  M(pp_form_not_pp, "pp must be a piecewise polynomial structure (its form is not \"pp\")")    \
  M(pp_coefs_not_matrix, "pp.coefs must be a numeric matrix")                                  \
  M(pp_coefs_wrong_shape, "pp.coefs must have prod(pp.dim) · pp.pieces rows and a column per order") \
  M(x_not_monotonic, "x must be strictly monotonic and free of NaN")                           \
  /* signal: conv, filter, movmean, cumtrapz */                                                \
  M(leading_coefficient_zero, "a(1) must be non-zero")                                         \
  M(bad_window, "window must be a positive integer or [back, forward]")                        \
  M(bad_initial_conditions, "zi must have {} values for each slice (max(numel(a), numel(b)) - 1)")
// clang-format on

namespace llmlab::messages {
LLMLAB_MATHEMATICS_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
