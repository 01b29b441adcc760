// PNG encoding (see png_encode.hpp): the file is the signature, then the IHDR, IDAT and IEND
// chunks (PNG specification, ISO/IEC 15948, §5 and §11); IDAT holds a zlib stream (RFC 1950)
// of stored deflate blocks (RFC 1951 §3.2.4).
#include "plot/png_encode.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

#include "base/error.hpp"
#include "base/messages/figure_export.hpp"

namespace llmlab::plot {

namespace {

// The CRC-32 of PNG's chunks (ISO 3309; polynomial 0xedb88320, reflected), by table.
std::array<std::uint32_t, 256> crc_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1U) != 0 ? 0xedb88320U ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}

std::uint32_t crc32(std::string_view bytes) {
  static const std::array<std::uint32_t, 256> table = crc_table();
  std::uint32_t c = 0xffffffffU;
  for (const char byte : bytes) {
    c = table[(c ^ static_cast<std::uint8_t>(byte)) & 0xffU] ^ (c >> 8);
  }
  return c ^ 0xffffffffU;
}

// zlib's checksum of the uncompressed data.
std::uint32_t adler32(std::string_view bytes) {
  constexpr std::uint32_t kModulus = 65521;
  std::uint32_t a = 1, b = 0;
  for (const char byte : bytes) {
    a = (a + static_cast<std::uint8_t>(byte)) % kModulus;
    b = (b + a) % kModulus;
  }
  return (b << 16) | a;
}

void append_big_endian(std::string& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) {
    out.push_back(static_cast<char>((value >> shift) & 0xffU));
  }
}

void append_chunk(std::string& out, std::string_view type, std::string_view data) {
  append_big_endian(out, static_cast<std::uint32_t>(data.size()));
  std::string typed(type);
  typed.append(data);
  out.append(typed);
  append_big_endian(out, crc32(typed));
}

// The scanlines: each row after its filter byte, 0 (none).
std::string scanlines(const Raster& raster) {
  const auto row_bytes = static_cast<std::size_t>(raster.width) * 4;
  std::string out;
  out.reserve((row_bytes + 1) * static_cast<std::size_t>(raster.height));
  for (int row = 0; row < raster.height; ++row) {
    out.push_back('\0');
    const auto* first = raster.rgba.data() + static_cast<std::size_t>(row) * row_bytes;
    out.append(reinterpret_cast<const char*>(first), row_bytes);
  }
  return out;
}

// A zlib stream of stored blocks, each at most 65535 bytes.
std::string zlib_stored(std::string_view data) {
  constexpr std::size_t kBlock = 65535;
  std::string out = {'\x78', '\x01'};  // deflate, 32 KiB window; 0x7801 is a multiple of 31
  std::size_t at = 0;
  do {
    const std::size_t length = std::min(kBlock, data.size() - at);
    const bool last = at + length == data.size();
    out.push_back(last ? '\x01' : '\x00');  // BFINAL, BTYPE 00 (stored)
    const auto len = static_cast<std::uint16_t>(length);
    const auto nlen = static_cast<std::uint16_t>(~len);
    for (const std::uint16_t half : {len, nlen}) {
      out.push_back(static_cast<char>(half & 0xffU));
      out.push_back(static_cast<char>(half >> 8));
    }
    out.append(data.substr(at, length));
    at += length;
  } while (at < data.size());
  append_big_endian(out, adler32(data));
  return out;
}

}  // namespace

std::string encode_png(const Raster& raster) {
  if (raster.width <= 0 || raster.height <= 0 ||
      raster.rgba.size() !=
          static_cast<std::size_t>(raster.width) * static_cast<std::size_t>(raster.height) * 4) {
    throw Error(std::string(messages::png_raster_size_mismatch));
  }
  std::string out("\x89PNG\r\n\x1a\n", 8);
  std::string header;
  append_big_endian(header, static_cast<std::uint32_t>(raster.width));
  append_big_endian(header, static_cast<std::uint32_t>(raster.height));
  header +=
      std::string("\x08\x06\x00\x00\x00", 5);  // 8 bits, RGBA, deflate, no filter, no interlace
  append_chunk(out, "IHDR", header);
  append_chunk(out, "IDAT", zlib_stored(scanlines(raster)));
  append_chunk(out, "IEND", "");
  return out;
}

}  // namespace llmlab::plot
