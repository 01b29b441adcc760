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
    case MatlabStyle::LongSingle:
      break;  // laid out by fixed_layout
  }
  return "%.5g";
}

bool is_fixed_style(MatlabStyle style) {
  return style == MatlabStyle::Short || style == MatlabStyle::Long ||
         style == MatlabStyle::LongSingle;
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
  // An exact zero is "0" in every layout, -0 too, as MATLAB and Octave show it among
  // fractions ("1.5000        0").
  if (x == 0) return "0";
  const int decimals = style == MatlabStyle::Long ? 15 : style == MatlabStyle::LongSingle ? 7 : 4;
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

// The texts laid out in columns of `cell_width` after `gap` spaces, in blocks of as many columns
// as `width` holds ("  Columns a through b").
std::string column_blocks(const std::vector<std::string>& cells, Index rows, Index columns,
                          std::size_t cell_width, std::size_t gap, int width) {
  const std::size_t per_block =
      std::max<std::size_t>(1, static_cast<std::size_t>(std::max(width, 1)) / (cell_width + gap));
  const auto block_rows = [&](Index first, Index last) {
    std::string out;
    for (Index r = 0; r < rows; ++r) {
      for (Index c = first; c < last; ++c) {
        const std::string& text = cells[static_cast<std::size_t>(r * columns + c)];
        out.append(gap + cell_width - text.size(), ' ');
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

std::string matlab_array(const Matrix& values, MatlabStyle style, int width, bool logical) {
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
    text = !fixed_style ? element_text(c, complex, style)
           : complex    ? complex_text(c, layout, style)
                        : laid_out(c.real(), layout, style);
    // In format short and long a minus sign sits in the column's leading space (Octave:
    // "  -1   1", "   1   2"); the g and e styles keep a column for it.
    const bool sign_in_gap = fixed_style && text.starts_with('-');
    cell_width = std::max(cell_width, text.size() - (sign_in_gap ? 1 : 0));
  }
  // Spaces before every column, the first one a sign's place (a logical has no sign).
  return column_blocks(cells, rows, columns, cell_width, logical ? 2 : 3, width);
}

std::string matlab_text_array(const std::vector<std::string>& cells, Index rows, Index columns,
                              int width) {
  if (rows == 0 || columns == 0) return fmt::format("[]({}x{})\n", rows, columns);
  // Octave's width: the most digits, plus one when any element has a sign ("-3" beside
  // "2147483647" makes every column 11 wide).
  std::size_t digits = 1;
  bool negative = false;
  for (const std::string& text : cells) {
    const bool sign = text.starts_with('-');
    negative = negative || sign;
    digits = std::max(digits, text.size() - (sign ? 1 : 0));
  }
  return column_blocks(cells, rows, columns, digits + (negative ? 1 : 0), 2, width);
}

}  // namespace llmlab::num
