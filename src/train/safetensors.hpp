// The safetensors file format (Hugging Face): an 8-byte little-endian header length N, N bytes of
// JSON mapping each tensor name to {"dtype", "shape", "data_offsets": [begin, end]} (offsets
// relative to the data that follows the header) plus an optional "__metadata__" object of
// string → string, then the raw little-endian tensor bytes. This layer knows the format only;
// train/checkpoint.* maps a model onto it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace llmlab::train {

// The dtypes of the format description; the reader rejects any other name.
enum class Dtype { Bool, U8, I8, I16, U16, F16, BF16, I32, U32, F32, F64, I64, U64 };
std::string_view dtype_name(Dtype dtype);
std::size_t dtype_bytes(Dtype dtype);

struct TensorEntry {
  std::string name;
  Dtype dtype = Dtype::F32;
  std::vector<std::int64_t> shape;
  std::size_t begin = 0, end = 0;  // byte offsets into the data section
};

// A parsed file: the header's entries in data order, the metadata, and a view of the data
// section inside the bytes it was parsed from (which must outlive it).
struct SafetensorsView {
  std::vector<TensorEntry> tensors;
  std::map<std::string, std::string> metadata;
  std::span<const std::byte> data;

  const TensorEntry* find(std::string_view name) const;
  std::span<const std::byte> bytes_of(const TensorEntry& entry) const;
};

// The largest header accepted (the format's reference implementation uses the same bound), so a
// forged length never turns into a huge allocation.
inline constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

// Checks everything before trusting anything: the header length against the file, the JSON,
// every entry's dtype, shape and offsets (in range, size = product of shape × dtype size, no two
// tensors overlapping), the metadata's types. Errors are llmlab::Error worded
// "<file>: <what>" and name the tensor concerned.
SafetensorsView parse_safetensors(std::span<const std::byte> bytes, std::string_view file);

// A tensor to write: name, shape and float32 values (the only dtype llmlab writes).
struct TensorToWrite {
  std::string name;
  std::vector<std::int64_t> shape;
  std::vector<float> values;
};

// The file's bytes: header (entries in the given order, data laid out in that order, the header
// padded with spaces to a multiple of 8 bytes so the data stays aligned) then the data.
std::string serialize_safetensors(const std::vector<TensorToWrite>& tensors,
                                  const std::map<std::string, std::string>& metadata);

// Whole-file I/O; errors name the file.
std::string read_binary_file(const std::string& path, std::string_view who);
// Through base/file's write_file: a crash or a full disk never leaves a half checkpoint.
void write_binary_file(const std::string& path, std::string_view bytes, std::string_view who);

}  // namespace llmlab::train
