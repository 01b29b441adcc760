// safetensors parsing (every field checked before use) and writing.
#include "train/safetensors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <utility>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/system.hpp"
#include "base/messages/train.hpp"

namespace llmlab::train {
namespace {

struct DtypeInfo {
  std::string_view name;
  Dtype dtype;
  std::size_t bytes;
};
constexpr std::array<DtypeInfo, 13> kDtypes{{{"BOOL", Dtype::Bool, 1},
                                             {"U8", Dtype::U8, 1},
                                             {"I8", Dtype::I8, 1},
                                             {"I16", Dtype::I16, 2},
                                             {"U16", Dtype::U16, 2},
                                             {"F16", Dtype::F16, 2},
                                             {"BF16", Dtype::BF16, 2},
                                             {"I32", Dtype::I32, 4},
                                             {"U32", Dtype::U32, 4},
                                             {"F32", Dtype::F32, 4},
                                             {"F64", Dtype::F64, 8},
                                             {"I64", Dtype::I64, 8},
                                             {"U64", Dtype::U64, 8}}};

[[noreturn]] void fail(std::string_view file, std::string_view message) {
  throw Error(fmt::format(messages::spoken_by, file, message));
}

// A JSON number that is a whole number >= 0 and fits in 63 bits.
bool whole_number(const nlohmann::json& value, std::uint64_t& out) {
  if (value.is_number_unsigned()) {
    out = value.get<std::uint64_t>();
  } else if (value.is_number_integer()) {
    const auto signed_value = value.get<std::int64_t>();
    if (signed_value < 0) return false;
    out = static_cast<std::uint64_t>(signed_value);
  } else {
    return false;
  }
  return out <= (std::uint64_t{1} << 62);
}

TensorEntry parse_entry(const std::string& name, const nlohmann::json& entry, std::string_view file,
                        std::size_t data_bytes) {
  const auto where = [&](std::string_view what) {
    fail(file, fmt::format(messages::tensor_problem, name, what));
  };
  if (!entry.is_object()) where(fmt::format(messages::not_json_object_named, "the header entry"));
  TensorEntry out;
  out.name = name;
  const auto dtype = entry.find("dtype");
  if (dtype == entry.end() || !dtype->is_string()) where(messages::entry_without_dtype);
  const std::string& dtype_text = dtype->get_ref<const std::string&>();
  const auto info = std::find_if(kDtypes.begin(), kDtypes.end(),
                                 [&](const DtypeInfo& d) { return d.name == dtype_text; });
  if (info == kDtypes.end()) where(fmt::format(messages::entry_dtype_unknown, dtype_text));
  out.dtype = info->dtype;

  const auto shape = entry.find("shape");
  if (shape == entry.end() || !shape->is_array()) where(messages::entry_without_shape);
  if (shape->size() > 8) where(fmt::format(messages::entry_too_many_dimensions, shape->size()));
  std::uint64_t elements = 1;
  for (const nlohmann::json& dim : *shape) {
    std::uint64_t size = 0;
    if (!whole_number(dim, size)) where(messages::entry_shape_not_counts);
    if (size != 0 && elements > (std::uint64_t{1} << 62) / size)
      where(messages::entry_shape_too_large);
    elements *= size;
    out.shape.push_back(static_cast<std::int64_t>(size));
  }

  const auto offsets = entry.find("data_offsets");
  if (offsets == entry.end() || !offsets->is_array() || offsets->size() != 2) {
    where(messages::entry_without_offsets);
  }
  std::uint64_t begin = 0, end = 0;
  if (!whole_number((*offsets)[0], begin) || !whole_number((*offsets)[1], end)) {
    where(messages::entry_offsets_not_counts);
  }
  if (begin > end) where(fmt::format(messages::entry_offsets_backwards, begin, end));
  if (end > data_bytes) {
    where(fmt::format(messages::entry_offsets_past_end, begin, end, data_bytes));
  }
  if (elements > (std::uint64_t{1} << 62) / info->bytes || end - begin != elements * info->bytes) {
    where(fmt::format(messages::entry_offsets_size_mismatch, begin, end, end - begin, dtype_text,
                      elements * info->bytes));
  }
  out.begin = static_cast<std::size_t>(begin);
  out.end = static_cast<std::size_t>(end);
  return out;
}

}  // namespace

std::string_view dtype_name(Dtype dtype) {
  for (const DtypeInfo& d : kDtypes) {
    if (d.dtype == dtype) return d.name;
  }
  return "?";
}

std::size_t dtype_bytes(Dtype dtype) {
  for (const DtypeInfo& d : kDtypes) {
    if (d.dtype == dtype) return d.bytes;
  }
  return 0;
}

const TensorEntry* SafetensorsView::find(std::string_view name) const {
  for (const TensorEntry& entry : tensors) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

std::span<const std::byte> SafetensorsView::bytes_of(const TensorEntry& entry) const {
  return data.subspan(entry.begin, entry.end - entry.begin);
}

SafetensorsView parse_safetensors(std::span<const std::byte> bytes, std::string_view file) {
  if (bytes.size() < 8) {
    fail(file, fmt::format(messages::safetensors_truncated, bytes.size()));
  }
  std::uint64_t header_bytes = 0;
  for (int i = 7; i >= 0; i--) {
    header_bytes =
        (header_bytes << 8) | std::to_integer<std::uint64_t>(bytes[static_cast<size_t>(i)]);
  }
  if (header_bytes > bytes.size() - 8) {
    fail(file, fmt::format(messages::safetensors_header_past_end, header_bytes, bytes.size()));
  }
  if (header_bytes > kMaxHeaderBytes) {
    fail(file, fmt::format(messages::safetensors_header_too_long, header_bytes, kMaxHeaderBytes));
  }
  const auto* header_begin = reinterpret_cast<const char*>(bytes.data() + 8);
  const nlohmann::json header =
      nlohmann::json::parse(header_begin, header_begin + header_bytes, nullptr, false);
  if (header.is_discarded()) fail(file, messages::safetensors_header_not_json);
  if (!header.is_object()) fail(file, fmt::format(messages::not_json_object_named, "the header"));

  SafetensorsView view;
  view.data = bytes.subspan(8 + static_cast<size_t>(header_bytes));
  for (const auto& [name, entry] : header.items()) {
    if (name == "__metadata__") {
      if (!entry.is_object())
        fail(file, fmt::format(messages::not_json_object_named, "__metadata__"));
      for (const auto& [key, value] : entry.items()) {
        if (!value.is_string())
          fail(file, fmt::format(messages::safetensors_metadata_not_string, key));
        view.metadata[key] = value.get<std::string>();
      }
      continue;
    }
    view.tensors.push_back(parse_entry(name, entry, file, view.data.size()));
  }
  std::sort(view.tensors.begin(), view.tensors.end(),
            [](const TensorEntry& a, const TensorEntry& b) {
              return std::pair(a.begin, a.end) < std::pair(b.begin, b.end);
            });
  for (size_t i = 1; i < view.tensors.size(); i++) {
    const TensorEntry& before = view.tensors[i - 1];
    const TensorEntry& after = view.tensors[i];
    if (after.begin < before.end) {
      fail(file, fmt::format(messages::tensors_overlap, after.name, after.begin, after.end,
                             before.name, before.begin, before.end));
    }
  }
  return view;
}

std::string serialize_safetensors(const std::vector<TensorToWrite>& tensors,
                                  const std::map<std::string, std::string>& metadata) {
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  if (!metadata.empty()) {
    nlohmann::ordered_json meta = nlohmann::ordered_json::object();
    for (const auto& [key, value] : metadata) meta[key] = value;
    header["__metadata__"] = meta;
  }
  std::size_t offset = 0;
  for (const TensorToWrite& tensor : tensors) {
    const std::size_t size = tensor.values.size() * sizeof(float);
    header[tensor.name] = {
        {"dtype", "F32"}, {"shape", tensor.shape}, {"data_offsets", {offset, offset + size}}};
    offset += size;
  }
  std::string text = header.dump();
  text.append((8 - text.size() % 8) % 8, ' ');
  std::string out(8, '\0');
  std::uint64_t length = text.size();
  for (size_t i = 0; i < 8; i++) {
    out[i] = static_cast<char>(length & 0xFF);
    length >>= 8;
  }
  out += text;
  out.reserve(out.size() + offset);
  for (const TensorToWrite& tensor : tensors) {
    // Little-endian float32: the host's layout on every machine llmlab builds for.
    static_assert(std::endian::native == std::endian::little);
    out.append(reinterpret_cast<const char*>(tensor.values.data()),
               tensor.values.size() * sizeof(float));
  }
  return out;
}

void write_binary_file(const std::string& path, std::string_view bytes, std::string_view who) {
  std::string reason;
  if (!write_file(path, bytes, reason)) {
    throw Error(fmt::format(messages::spoken_by, who,
                            fmt::format(messages::cannot_write_file, path, reason)));
  }
}

}  // namespace llmlab::train
