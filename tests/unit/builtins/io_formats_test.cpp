// NPY, ZIP and TOML codecs of builtins/io/npy and runtime/toml: round trips, byte layout that
// NumPy relies on, and the error texts.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "base/error.hpp"
#include "builtins/io/npy.hpp"
#include "runtime/display.hpp"
#include "runtime/toml.hpp"

namespace llmlab::builtins {
namespace {

using num::Matrix;
using runtime::Value;

std::string error_of(auto&& function) {
  try {
    function();
  } catch (const Error& error) {
    return error.what();
  }
  return "<no error>";
}

TEST(npy, header_layout) {
  const std::string bytes = npy::encode(Matrix::from_rows({{1, 2, 3}}), {3});
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  const std::size_t header_length =
      static_cast<unsigned char>(bytes[8]) + 256u * static_cast<unsigned char>(bytes[9]);
  EXPECT_EQ((10 + header_length) % 64, 0u);
  const std::string dictionary = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }";
  EXPECT_EQ(bytes.substr(10, dictionary.size()), dictionary);
  EXPECT_EQ(bytes[9 + header_length], '\n');
  EXPECT_EQ(bytes.size(), 10 + header_length + 3 * 8);
}

TEST(npy, round_trips_real_and_complex) {
  const Matrix m = Matrix::from_rows({{1.5, -2}, {NAN, 1e300}});
  const npy::Array real = npy::decode(npy::encode(m.with_shape(1, 4), {2, 2}), "m.npy");
  EXPECT_EQ(real.shape, (std::vector<std::int64_t>{2, 2}));
  EXPECT_EQ(real.elements[0], 1.5);
  EXPECT_TRUE(std::isnan(real.elements[2]));
  EXPECT_EQ(real.elements[3], 1e300);

  Matrix z(1, 2, Matrix::Element::ComplexValued);
  z.set(0, num::Complex(1, 2));
  z.set(1, num::Complex(-3, 0.5));
  const std::string bytes = npy::encode(z, {2});
  EXPECT_TRUE(npy::is_complex_dtype(bytes));
  const npy::Array complex = npy::decode(bytes, "z.npy");
  EXPECT_EQ(complex.elements.complex_at(1), num::Complex(-3, 0.5));

  const npy::Array scalar = npy::decode(npy::encode(Matrix(1, 1, 7.0), {}), "s.npy");
  EXPECT_TRUE(scalar.shape.empty());
  EXPECT_EQ(scalar.elements[0], 7.0);
}

TEST(npy, fortran_order_is_transposed_to_c_order) {
  std::string bytes = npy::encode(Matrix::from_rows({{1, 3, 2, 4}}), {2, 2});
  bytes.replace(bytes.find("False"), 5, "True ");
  const npy::Array array = npy::decode(bytes, "f.npy");
  EXPECT_EQ(array.elements[0], 1);
  EXPECT_EQ(array.elements[1], 2);
  EXPECT_EQ(array.elements[2], 3);
  EXPECT_EQ(array.elements[3], 4);
}

TEST(npy, errors) {
  EXPECT_EQ(error_of([] { npy::decode("hello", "x.npy"); }), "load: 'x.npy' is not an NPY file");
  std::string bytes = npy::encode(Matrix(1, 1, 1.0), {});
  bytes.replace(bytes.find("<f8"), 3, "<i8");
  EXPECT_EQ(error_of([&] { npy::decode(bytes, "i.npy"); }),
            "unsupported NPY dtype (only <f8 and <c16 are supported): <i8");
  const std::string good = npy::encode(Matrix(1, 4, 1.0), {4});
  EXPECT_EQ(error_of([&] { npy::decode(good.substr(0, good.size() - 1), "t.npy"); }),
            "load: 't.npy' is truncated");
}

TEST(zip, round_trips_members_in_order) {
  const npy::Members members = {{"a.npy", "first"}, {"b.npy", std::string("\0\1\2", 3)}};
  const std::string archive = npy::encode_zip(members);
  EXPECT_EQ(archive.substr(0, 4), "PK\x03\x04");
  EXPECT_EQ(npy::decode_zip(archive, "x.npz"), members);
  EXPECT_TRUE(npy::decode_zip(npy::encode_zip({}), "e.npz").empty());
  EXPECT_EQ(error_of([] { npy::decode_zip("not a zip archive at all", "n.npz"); }),
            "load: 'n.npz' is not a ZIP archive");
}

TEST(toml, encodes_sorted_keys_and_tables) {
  runtime::StructFields inner;
  inner["beta"] = Value::scalar(0.9);
  runtime::StructFields fields;
  fields["n"] = Value::scalar(4);
  fields["lr"] = Value::scalar(3e-4);
  fields["big"] = Value::scalar(1e300);
  fields["name"] = Value::string("a \"q\"");
  fields["on"] = Value::boolean(true);
  fields["v"] = Value::vector(Matrix::from_rows({{1, 2.5}}));
  fields["m"] = Value::matrix(Matrix::from_rows({{1, 2}, {3, 4}}));
  fields["opt"] = Value::structure(inner);
  fields["odd key"] = Value::scalar(NAN);
  const std::string text = runtime::toml::encode(Value::structure(fields));
  EXPECT_EQ(text, "big = 1" + std::string(300, '0') +
                      ".0\n"
                      "lr = 0.0003\n"
                      "m = [[1, 2], [3, 4]]\n"
                      "n = 4\n"
                      "name = \"a \\\"q\\\"\"\n"
                      "\"odd key\" = nan\n"
                      "on = true\n"
                      "v = [1, 2.5]\n"
                      "\n"
                      "[opt]\n"
                      "beta = 0.9\n");
  const Value back = runtime::toml::decode(text, "t.toml");
  EXPECT_EQ(runtime::display(back), runtime::display(Value::structure(fields)));
}

TEST(toml, decodes_hand_written_documents) {
  const Value value = runtime::toml::decode(
      "# comment\n"
      "title = 'literal \\n'\n"
      "x = +1_000\n"
      "y = 6.02e23\n"
      "h = 0xff\n"
      "list = [\n  1,\n  2, # two\n]\n"
      "point = { x = 1, y = 2 }\n"
      "a.b.c = \"deep\"\n"
      "[server.alpha]\n"
      "ip = \"10.0.0.1\"\n",
      "h.toml");
  EXPECT_EQ(
      runtime::display(value),
      "struct {a: struct {b: struct {c: deep}}, h: 255, list: [1\u00d72]  1.000000  2.000000, "
      "point: struct {x: 1, y: 2}, server: struct {alpha: struct {ip: 10.0.0.1}}, "
      "title: literal \\n, x: 1000, y: 602000000000000000000000}");
}

TEST(toml, errors) {
  EXPECT_EQ(error_of([] { runtime::toml::decode("a = 1\na = 2\n", "d.toml"); }),
            "load: 'd.toml' line 2: key 'a' is defined twice");
  EXPECT_EQ(error_of([] { runtime::toml::decode("when = 1979-05-27\n", "d.toml"); }),
            "load: 'd.toml' line 1: dates and times are not supported");
  EXPECT_EQ(error_of([] { runtime::toml::decode("s = \"open\n", "d.toml"); }),
            "load: 'd.toml' line 1: unterminated string");
  EXPECT_EQ(error_of([] { runtime::toml::decode("[[t]]\n", "d.toml"); }),
            "load: 'd.toml' line 1: arrays of tables are not supported");
  EXPECT_EQ(error_of([] { runtime::toml::decode("m = [1, \"a\"]\n", "d.toml"); }),
            "load: 'd.toml' line 1: arrays must hold numbers, strings, or number arrays of equal "
            "length");
  runtime::StructFields fields;
  fields["z"] = Value::complex({1, 2});
  EXPECT_EQ(error_of([&] { runtime::toml::encode(Value::structure(fields)); }),
            "save: TOML cannot store complex values (field 'z')");
  fields.clear();
  fields["f"] = Value::function_handle("sin");
  EXPECT_EQ(error_of([&] { runtime::toml::encode(Value::structure(fields)); }),
            "save: TOML cannot store a function_handle (field 'f')");
}

}  // namespace
}  // namespace llmlab::builtins
