// The PNG encoder of embedded images (plot/png_encode.hpp): the file's structure, its
// checksums, and the pixels read back out of its stored deflate blocks.
#include "plot/png_encode.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "base/error.hpp"

namespace llmlab::plot {
namespace {

std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  for (std::size_t k = 0; k < 4; ++k)
    value = (value << 8) | static_cast<std::uint8_t>(bytes[at + k]);
  return value;
}

Raster gradient(int width, int height) {
  Raster raster{width, height, {}};
  for (int k = 0; k < width * height * 4; ++k)
    raster.rgba.push_back(static_cast<std::uint8_t>(k * 7));
  return raster;
}

// The scanlines out of IDAT's zlib stream of stored blocks.
std::string inflate_stored(const std::string& zlib) {
  std::string out;
  std::size_t at = 2;
  for (bool last = false; !last;) {
    last = (zlib[at] & 1) != 0;
    EXPECT_EQ(zlib[at] & 6, 0) << "not a stored block";
    const std::size_t length =
        static_cast<std::uint8_t>(zlib[at + 1]) |
        (static_cast<std::size_t>(static_cast<std::uint8_t>(zlib[at + 2])) << 8);
    const std::size_t inverse =
        static_cast<std::uint8_t>(zlib[at + 3]) |
        (static_cast<std::size_t>(static_cast<std::uint8_t>(zlib[at + 4])) << 8);
    EXPECT_EQ(length ^ inverse, 0xffffU);
    out += zlib.substr(at + 5, length);
    at += 5 + length;
  }
  EXPECT_EQ(at + 4, zlib.size()) << "the Adler-32 ends the stream";
  return out;
}

TEST(png_encode, writes_the_signature_header_and_end) {
  const std::string png = encode_png(gradient(3, 2));
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(big_endian(png, 8), 13U);
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(big_endian(png, 16), 3U);
  EXPECT_EQ(big_endian(png, 20), 2U);
  EXPECT_EQ(png.substr(24, 5), std::string("\x08\x06\x00\x00\x00", 5));
  // IEND is empty, and its CRC-32 is the well-known AE 42 60 82.
  EXPECT_EQ(png.substr(png.size() - 12), std::string("\0\0\0\0IEND\xae\x42\x60\x82", 12));
}

TEST(png_encode, the_image_data_are_the_rows_after_filter_byte_zero) {
  for (const int width : {3, 200}) {  // 200 × 100 × 4 bytes take two stored blocks
    const Raster raster = gradient(width, width == 3 ? 2 : 100);
    const std::string png = encode_png(raster);
    const std::size_t idat = png.find("IDAT");
    ASSERT_NE(idat, std::string::npos);
    const std::string zlib = png.substr(idat + 4, big_endian(png, idat - 4));
    EXPECT_EQ(zlib.substr(0, 2), "\x78\x01");
    const std::string rows = inflate_stored(zlib);
    const auto row_bytes = static_cast<std::size_t>(raster.width) * 4;
    ASSERT_EQ(rows.size(), (row_bytes + 1) * static_cast<std::size_t>(raster.height));
    for (int r = 0; r < raster.height; ++r) {
      const std::size_t at = static_cast<std::size_t>(r) * (row_bytes + 1);
      EXPECT_EQ(rows[at], '\0');
      EXPECT_EQ(rows.compare(at + 1, row_bytes,
                             reinterpret_cast<const char*>(raster.rgba.data()) + r * row_bytes,
                             row_bytes),
                0);
    }
  }
}

TEST(png_encode, refuses_pixels_that_do_not_match_the_size) {
  Raster raster = gradient(2, 2);
  raster.rgba.pop_back();
  EXPECT_THROW(encode_png(raster), Error);
  EXPECT_THROW(encode_png(Raster{0, 3, {}}), Error);
}

}  // namespace
}  // namespace llmlab::plot
