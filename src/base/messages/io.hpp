// Messages: files, streams and the formats load and save know (CSV, NPY/NPZ, TOML) (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_IO_MESSAGES(M)                                                                  \
  M(invalid_file_id, "invalid file id {}")                                                     \
  M(invalid_stream_number, "invalid stream number = {}")                                       \
  M(invalid_file_mode, "invalid mode \"{}\" (expected r, w, a, r+, w+ or a+)")                 \
  M(expected_file_id_or_all, "expected a file id or \"all\"")                                  \
  M(invalid_seek_origin, "origin must be \"bof\", \"cof\", \"eof\", -1, 0 or 1")               \
  M(no_unused_file_name, "could not find an unused name")                                      \
  M(cannot_write_to_stream, "cannot write to {}: {}")                                          \
  M(stores_numeric_only, "{} stores numeric values, got {}")                                   \
  M(csv_cell_not_number, "CSV load: cannot read '{}' as a number")                             \
  M(csv_ragged_rows, "CSV load: rows have inconsistent column counts")                         \
  M(format_takes_one_value, "{} format takes exactly one value")                               \
  M(npz_needs_name_value_pairs, "NPZ requires alternating name/value pairs after the filename") \
  M(toml_needs_struct, "TOML format needs a struct, got {}")                                   \
  M(archive_has_no_member, "'{}' has no member '{}'")                                          \
  M(only_npz_archives, "only .npz archives are supported, got '{}'")                           \
  M(load_truncated, "load: '{}' is truncated")                                                 \
  M(npy_header_lacks_key, "load: '{}' has no '{}' in its NPY header")                          \
  M(npy_bad_header, "load: '{}' has a bad NPY header")                                         \
  M(npy_bad_shape, "load: '{}' has a bad NPY shape {}")                                        \
  M(load_too_large, "load: '{}' is too large")                                                 \
  M(npy_shape_exceeds_file, "load: '{}' has a shape {} larger than the file")                  \
  M(not_zip_archive, "load: '{}' is not a ZIP archive")                                        \
  M(not_npy_file, "load: '{}' is not an NPY file")                                             \
  M(npy_unsupported_dtype, "unsupported NPY dtype (only <f8 and <c16 are supported): {}")      \
  M(zip_directory_corrupt, "load: '{}' has a corrupt ZIP directory")                           \
  M(npz_member_compressed, "load: '{}' member '{}' is compressed; only uncompressed archives (numpy.savez) are supported") \
  M(npz_member_fails_crc, "load: '{}' member '{}' fails its CRC-32 check (the file is corrupt)") \
  M(toml_cannot_store_kind, "save: TOML cannot store a {} (field '{}')")                       \
  M(toml_cannot_store_complex, "save: TOML cannot store complex values (field '{}')")          \
  M(toml_table_arrays_unsupported, "arrays of tables are not supported")                       \
  M(toml_table_defined_twice, "table [{}] is defined twice")                                   \
  M(load_line_error, "load: '{}' line {}: {}")                                                 \
  M(expected_character, "expected '{}'")                                                       \
  M(expected_end_of_line, "expected the end of the line")                                      \
  M(toml_expected_key, "expected a key")                                                       \
  M(toml_keys_too_deep, "keys nested more than {} deep")                                       \
  M(toml_value_not_table, "'{}' is already a value, not a table")                              \
  M(toml_key_defined_twice, "key '{}' is defined twice")                                       \
  M(toml_values_too_deep, "values nested more than {} deep")                                   \
  M(toml_expected_value, "expected a value")                                                   \
  M(toml_dates_unsupported, "dates and times are not supported")                               \
  M(toml_bad_value, "cannot read '{}' as a value")                                             \
  M(unterminated_toml_string, "unterminated string")                                                \
  M(bad_unicode_escape, "bad unicode escape")                                                  \
  M(unknown_escape, "unknown escape '\\{}'")                                                   \
  M(toml_expected_array_separator, "expected ',' or ']' in an array")                          \
  M(toml_array_mixed, "arrays must hold numbers, strings, or number arrays of equal length")
// clang-format on

namespace llmlab::messages {
LLMLAB_IO_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
