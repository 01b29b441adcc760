// Messages: statistics, distributions and random numbers (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_STATISTICS_MESSAGES(M)                                                               \
  /* distributions: bounds, rescale, normpdf, quantile, histc, accumarray */                   \
  M(normalization_not_0_or_1, "w must be 0 or 1 (the normalization), got {}")                  \
  M(levels_out_of_range, "levels must lie in [0, {}], got {}")                                 \
  M(sigma_not_positive, "sigma must be positive, got {}")                                      \
  M(subs_not_positive_integers, "subs must be positive integers, got {}")                      \
  M(vals_count_mismatch, "vals must be a scalar or have one element per subscript ({}), got {}") \
  M(subs_bad_shape, "subs must be a vector of subscripts or an N×2 matrix of (row, column) pairs, got a {}x{} matrix") \
  M(group_cells_inconsistent, "FUNC must give cells for every group or for none")              \
  M(group_value_not_one, "FUNC must give one value per group, got {}")                         \
  M(rescale_bounds_apart, "L and U must be given together: rescale(A, l, u)")                  \
  M(rescale_bounds_out_of_order, "L must be less than or equal to U")                          \
  M(bad_quantile_method, "METHOD must be 1 to 9 (Octave's methods)")                           \
  M(p_not_numeric_vector, "P must be a numeric vector")                                        \
  M(cell_result_two_dims, "a cell result has two dims")                                        \
  M(edges_decreasing, "edges must be non-decreasing")                                          \
  M(sparse_results_unsupported, "sparse results are not supported (issparse must be false)")   \
  M(subs_empty_cell, "subs must not be an empty cell")                                         \
  M(sz_misses_subscript, "sz does not hold every subscript")                                   \
  M(sz_not_2_element_size, "sz must be a 2-element size that holds every subscript")           \
  M(sz_extent_count, "sz must have one extent per column of subs (at least two)")              \
  M(accumarray_call_forms, "takes (subs, vals) or (subs, vals, sz)")                           \
  M(takes_real_data, "takes real data")                                                        \
  M(ties_cell_two_dims, "the cell of ties has two dims; give a result of two dims")            \
  M(subs_lengths_differ, "the index vectors in subs must have one length")                     \
  M(normal_sizes_differ, "x, mu and sigma must be of one size, or scalars")                    \
  /* math: elementwise functions, nthroot, nchoosek */                                         \
  M(k_exceeds_n, "k must be <= n, got n = {}, k = {}")                                         \
  /* random: rng, rand, randi, randperm */                                                     \
  M(expected_non_negative_integer_got, "expected a non-negative integer, got {}")              \
  M(unknown_generator, "unknown random number generator \"{}\"")                               \
  M(bad_rng_mode, "expected a seed, \"default\" or \"shuffle\", got \"{}\"")                   \
  M(random_bounds_out_of_order, "lo ({}) must be <= hi ({})")                                  \
  M(randi_bounds_too_large, "IMIN and IMAX must be integer bounds below flintmax")             \
  M(range_empty, "expected scalar or vector [lo, hi], got an empty vector")                    \
  M(range_is_matrix, "expected scalar or vector [lo, hi], got matrix")                         \
  M(seed_call_form, "expected seed() or seed(N) where N is a non-negative integer")            \
  M(default_takes_no_generator, "rng(\"default\") takes no generator")                         \
  M(randi_range_too_large, "the range IMAX - IMIN must be below flintmax")                     \
  M(legacy_generator, "{}(\"{}\", ...) names MATLAB's legacy generator, whose numbers llmlab cannot give (its stream is rustlab's, rng.md); seed the stream with rng(s) or seed(s) instead") \
  /* stats: sum, mean, var, max, trapz */                                                      \
  M(weights_count_mismatch, "the weights must have one element per element of a slice ({}), got {}") \
  M(bad_variance_weights, "w must be 0, 1 or a vector of weights, got {}")                     \
  M(three_argument_form, "3-arg form is {}(M, [], dim); 2nd argument must be the empty matrix []") \
  M(bad_trapz_spacing, "x must be a spacing, one point per element along dim {} ({}), or y's shape") \
  M(omitnan_needs_real, "\"omitnan\" takes real data")                                         \
  M(argument_not_non_empty_array, "argument must be a non-empty vector, matrix, or scalar")    \
  M(index_output_two_argument_form, "the index output is undefined for the two-argument form; use max(x) or max(x, [], dim)") \
  M(index_output_over_vecdim, "the index output over a vecdim is not supported; give one dim") \
  M(bad_nan_option, "the third argument must be \"omitnan\" or \"includenan\"")                \
  M(negative_weights, "the weights must not be negative")                                      \
  M(all_needs_w_0_or_1, "w must be 0 or 1 with \"all\"")
// clang-format on

namespace llmlab::messages {
LLMLAB_STATISTICS_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
