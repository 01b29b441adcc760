// MATLAB's g/e number display (language.md §13.12). Numbers go through C's printf, whose %g
// and %e are exactly MATLAB's (both round the exact binary value, ties to even on glibc).
#include "num/matlab_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace llmlab::num {

namespace {

const char* conversion(MatlabStyle style) {
  switch (style) {
    case MatlabStyle::ShortG:
      return "%.5g";
    case MatlabStyle::LongG:
      return "%.15g";
    case MatlabStyle::ShortE:
      return "%.4e";
    case MatlabStyle::LongE:
      return "%.15e";
    case MatlabStyle::Short:
    case MatlabStyle::Long:
      break;  // laid out by fixed_layout
  }
  return "%.5g";
}

bool is_fixed_style(MatlabStyle style) {
  return style == MatlabStyle::Short || style == MatlabStyle::Long;
}

// The three layouts of format short / long.
enum class Layout { Integer, Fixed, Exponent };

bool integer_valued(double x) {
  return !std::isfinite(x) || (x == std::floor(x) && std::fabs(x) < 1e9);
}
bool fits_fixed(double x) {
  return !std::isfinite(x) || x == 0 || (std::fabs(x) >= 1e-3 && std::fabs(x) < 1e3);
}

std::string laid_out(double x, Layout layout, MatlabStyle style) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Inf" : "-Inf";
  if (x == 0 && layout == Layout::Integer) return "0";  // -0 shows as 0
  const int decimals = style == MatlabStyle::Long ? 15 : 4;
  if (x == 0) x = 0.0;  // no "-0.0000"
  char buffer[64];
  switch (layout) {
    case Layout::Integer:
      std::snprintf(buffer, sizeof buffer, "%.0f", x);
      break;
    case Layout::Fixed:
      std::snprintf(buffer, sizeof buffer, "%.*f", decimals, x);
      break;
    case Layout::Exponent:
      std::snprintf(buffer, sizeof buffer, "%.*e", decimals, x);
      break;
  }
  return buffer;
}

Layout scalar_layout(double x) {
  if (integer_valued(x)) return Layout::Integer;
  return fits_fixed(x) ? Layout::Fixed : Layout::Exponent;
}

Layout array_layout(const Matrix& values) {
  bool integers = true;
  bool fixed = true;
  for (Index k = 0; k < values.size(); ++k) {
    const Complex c = values.complex_at(k);
    for (const double part : {c.real(), c.imag()}) {
      integers = integers && integer_valued(part);
      fixed = fixed && fits_fixed(part);
    }
  }
  if (integers) return Layout::Integer;
  return fixed ? Layout::Fixed : Layout::Exponent;
}

std::string complex_text(Complex c, Layout layout, MatlabStyle style) {
  const double im = c.imag();
  const bool negative = std::signbit(im) && !std::isnan(im);
  return laid_out(c.real(), layout, style) + (negative ? " - " : " + ") +
         laid_out(negative ? -im : im, layout, style) + "i";
}

std::string element_text(Complex c, bool complex, MatlabStyle style) {
  return complex ? matlab_complex(c, style) : matlab_number(c.real(), style);
}

}  // namespace

std::string matlab_number(double x, MatlabStyle style) {
  if (is_fixed_style(style)) return laid_out(x, scalar_layout(x), style);
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Inf" : "-Inf";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, conversion(style), x);
  return buffer;
}

std::string matlab_complex(Complex c, MatlabStyle style) {
  if (is_fixed_style(style)) {
    const Layout real_layout = scalar_layout(c.real());
    const Layout imag_layout = scalar_layout(c.imag());
    const Layout layout = real_layout == imag_layout ? real_layout
                          : real_layout == Layout::Exponent || imag_layout == Layout::Exponent
                              ? Layout::Exponent
                              : Layout::Fixed;
    return complex_text(c, layout, style);
  }
  const double im = c.imag();
  const bool negative = std::signbit(im) && !std::isnan(im);
  return matlab_number(c.real(), style) + (negative ? " - " : " + ") +
         matlab_number(negative ? -im : im, style) + "i";
}

std::string matlab_array(const Matrix& values, MatlabStyle style, int width) {
  const Index rows = values.rows();
  const Index columns = values.columns();
  if (values.empty()) return fmt::format("[]({}x{})\n", rows, columns);
  const bool complex = values.is_complex();
  std::vector<std::string> cells(static_cast<std::size_t>(values.size()));
  std::size_t cell_width = 1;
  const bool fixed_style = is_fixed_style(style);
  const Layout layout = fixed_style ? array_layout(values) : Layout::Integer;
  for (Index k = 0; k < values.size(); ++k) {
    std::string& text = cells[static_cast<std::size_t>(k)];
    const Complex c = values.complex_at(k);
    // An exact zero among real non-integers shows as 0, as MATLAB prints it (0 0.5 -> "0
    // 0.5000"); a complex element keeps its parts' decimals.
    text = !fixed_style    ? element_text(c, complex, style)
           : complex       ? complex_text(c, layout, style)
           : c.real() == 0 ? std::string("0")
                           : laid_out(c.real(), layout, style);
    cell_width = std::max(cell_width, text.size());
  }
  constexpr std::size_t kGap = 3;  // spaces before every column
  const std::size_t per_block =
      std::max<std::size_t>(1, static_cast<std::size_t>(std::max(width, 1)) / (cell_width + kGap));
  const auto block_rows = [&](Index first, Index last) {
    std::string out;
    for (Index r = 0; r < rows; ++r) {
      for (Index c = first; c < last; ++c) {
        const std::string& text = cells[static_cast<std::size_t>(r * columns + c)];
        out.append(kGap + cell_width - text.size(), ' ');
        out += text;
      }
      out.push_back('\n');
    }
    return out;
  };
  if (static_cast<std::size_t>(columns) <= per_block) return block_rows(0, columns);
  std::string out;
  for (Index first = 0; first < columns; first += static_cast<Index>(per_block)) {
    const Index last = std::min(columns, first + static_cast<Index>(per_block));
    if (first > 0) out.push_back('\n');
    out += last - first == 1 ? fmt::format("  Column {}\n\n", first + 1)
                             : fmt::format("  Columns {} through {}\n\n", first + 1, last);
    out += block_rows(first, last);
  }
  return out;
}

}  // namespace llmlab::num
