// sprintf/fprintf formatting (language.md §8.8). One left-to-right scan of the format per pass;
// the number forms come from num/format so printf and display round identically.
#include "runtime/printf.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/messages/format.hpp"
#include "base/utf8.hpp"
#include "num/format.hpp"
#include "runtime/char_matrix.hpp"

namespace llmlab::runtime {

namespace {

// One argument after flattening arrays: a number, a string, or something no conversion takes.
struct Item {
  enum class Type { Number, Text, Other } type = Type::Number;
  double number = 0.0;
  std::string text;  // the string of a Text item, the kind name of an Other item
};

struct Conversion {
  bool left_justify = false;
  bool commas = false;
  // Acted on under PrintfRules::C only (rlab accepts and ignores them).
  bool plus = false;
  bool space = false;
  bool zero = false;
  bool alternate = false;
  int width = 0;
  int precision = -1;  // -1: the default (6)
  char specifier = 0;
};

constexpr double kImaginaryTolerance = 1e-10;  // the scalar conversion of §4.2
constexpr std::int64_t kMaxField = 1 << 20;    // the widest width or precision

Item number_item(num::Complex c) {
  if (std::fabs(c.imag()) < kImaginaryTolerance) return {Item::Type::Number, c.real(), {}};
  return {Item::Type::Other, 0.0, "complex"};
}

// Flattens the arguments; returns true when an array or a string array was among them
// (MATLAB semantics: the format is then recycled).
bool flatten(std::span<const Value> arguments, std::vector<Item>& items) {
  bool saw_array = false;
  for (const Value& argument : arguments) {
    switch (argument.kind()) {
      case Kind::Scalar:
      case Kind::Bool:
        items.push_back({Item::Type::Number, argument.scalar_value(), {}});
        break;
      case Kind::Complex:
        items.push_back(number_item(argument.complex_value()));
        break;
      case Kind::String:
        items.push_back({Item::Type::Text, 0.0, argument.string_value()});
        break;
      case Kind::StringArray:
        // One text per element, recycling the format as an array's numbers do (what MATLAB's
        // `fprintf("%s\n", words{:})` spells; rlab has no `{:}`).
        saw_array = true;
        for (const std::string& text : argument.string_array_value()) {
          items.push_back({Item::Type::Text, 0.0, text});
        }
        break;
      case Kind::Vector:
      case Kind::Matrix: {
        if (is_char_matrix(argument)) {
          // A char matrix is one text of its characters in MATLAB's column order, as the
          // String of a row is ('%s' of ['ab'; 'cd'] prints acbd).
          const num::Matrix columns = argument.matrix_value().transposed();
          items.push_back({Item::Type::Text, 0.0, codes_text(columns.real_values())});
          break;
        }
        saw_array = true;
        const num::Matrix& m = argument.matrix_value();
        for (num::Index c = 0; c < m.columns(); ++c) {
          for (num::Index r = 0; r < m.rows(); ++r)
            items.push_back(number_item(m.complex_at(r, c)));
        }
        break;
      }
      case Kind::NdArray: {
        // MATLAB's linear order, as a matrix's.
        saw_array = true;
        const num::NdArray& array = argument.nd_value();
        for (num::Index k = 0; k < array.size(); ++k) {
          items.push_back(number_item(array.pages().complex_at(num::offset_of(array.dims(), k))));
        }
        break;
      }
      default:
        items.push_back({Item::Type::Other, 0.0, std::string(argument.kind_name())});
        break;
    }
  }
  return saw_array;
}

bool is_specifier(char c) {
  switch (c) {
    case 'd':
    case 'i':
    case 'u':
    case 'f':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 's':
    case 'c':
    case 'x':
    case 'X':
    case 'o':
      return true;
    default:
      return false;
  }
}

void append_padded(std::string& out, std::string_view text, const Conversion& conversion) {
  const std::size_t length = character_count(text);
  const std::size_t width = static_cast<std::size_t>(conversion.width);
  const std::size_t padding = width > length ? width - length : 0;
  if (!conversion.left_justify) out.append(padding, ' ');
  out += text;
  if (conversion.left_justify) out.append(padding, ' ');
}

std::string to_upper(std::string text) {
  for (char& c : text) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return text;
}

// An integer in base 8 or 16 with a leading `-` for negative values.
std::string format_radix(double x, char specifier) {
  const std::int64_t value = num::truncate_to_int64(x);
  const std::uint64_t magnitude =
      value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  const std::string digits = specifier == 'o'   ? fmt::format("{:o}", magnitude)
                             : specifier == 'x' ? fmt::format("{:x}", magnitude)
                                                : fmt::format("{:X}", magnitude);
  return value < 0 ? "-" + digits : digits;
}

std::string_view kind_of(const Item& item) {
  switch (item.type) {
    case Item::Type::Number:
      return "scalar";
    case Item::Type::Text:
      return "string";
    case Item::Type::Other:
      return item.text;
  }
  return item.text;
}

// The flags, width and precision of `conversion` as a C format for std::snprintf, with
// `length` (e.g. "ll") and `specifier`. Widths and precisions are passed as `*` arguments.
std::string c_spec(const Conversion& conversion, std::string_view length, char specifier) {
  std::string spec = "%";
  if (conversion.left_justify) spec += '-';
  if (conversion.plus) spec += '+';
  if (conversion.space) spec += ' ';
  if (conversion.zero) spec += '0';
  if (conversion.alternate) spec += '#';
  spec += "*.*";
  spec += length;
  spec += specifier;
  return spec;
}

// std::snprintf into a string sized by a first call (the field is at most kMaxField wide). A
// negative precision is C's "no precision given" (6 for floating point, none for integers).
template <typename Number>
std::string c_format(const std::string& spec, int width, int precision, Number value) {
  const int size = std::snprintf(nullptr, 0, spec.c_str(), width, precision, value);
  if (size < 0) throw Error(std::string(messages::printf_unwritable));
  std::string text(static_cast<std::size_t>(size) + 1, '\0');
  std::snprintf(text.data(), text.size(), spec.c_str(), width, precision, value);
  text.resize(static_cast<std::size_t>(size));
  return text;
}

// Inf, -Inf and NaN as MATLAB and Octave print them in any numeric field: by name, with `+`
// when asked, padded with spaces (a `0` flag does not pad a name).
std::string c_non_finite(const Conversion& conversion, double x) {
  std::string text = std::isnan(x) ? "NaN" : x < 0 ? "-Inf" : "Inf";
  if (!std::isnan(x) && x > 0 && conversion.plus) text.insert(0, "+");
  if (!std::isnan(x) && x > 0 && !conversion.plus && conversion.space) text.insert(0, " ");
  return text;
}

bool is_whole(double x) {
  return std::isfinite(x) && x == std::trunc(x) && std::fabs(x) < 9223372036854775808.0;
}

// One number under C's conversions (PrintfRules::C), width and flags applied.
std::string c_number(const Conversion& conversion, double x) {
  const int precision = conversion.precision;
  const int width = conversion.width;
  char spec = conversion.specifier;
  if (!std::isfinite(x)) return c_non_finite(conversion, x);
  const bool whole = is_whole(x);
  switch (spec) {
    case 'd':
    case 'i':
      if (whole) {
        return c_format(c_spec(conversion, "ll", 'd'), width, precision, static_cast<long long>(x));
      }
      spec = 'g';
      break;
    case 'u':
    case 'x':
    case 'X':
    case 'o':
      if (whole && x >= 0) {
        return c_format(c_spec(conversion, "ll", spec), width, precision,
                        static_cast<unsigned long long>(x));
      }
      spec = 'g';
      break;
    case 'c':
    case 's':
      if (whole && x >= 0 && x <= 0x10FFFF) {
        std::string character;
        append_utf8(character, static_cast<char32_t>(x));
        return character;
      }
      spec = 'g';
      break;
    default:
      break;
  }
  // %f %e %E %g %G, and the `%g` that shows what the written conversion cannot.
  return c_format(c_spec(conversion, "", spec), width, precision, x);
}

// A text under C's `%s`/`%c`: a precision keeps that many characters.
std::string c_text(const Conversion& conversion, std::string_view text) {
  if (conversion.precision < 0) return std::string(text);
  std::size_t end = 0;
  int kept = 0;
  for (; end < text.size(); ++end) {
    const bool starts_character = (static_cast<unsigned char>(text[end]) & 0xC0) != 0x80;
    if (!starts_character) continue;
    if (kept == conversion.precision) break;
    ++kept;
  }
  return std::string(text.substr(0, end));
}

// One number under rlab's conversions (PrintfRules::Rlab), before padding.
std::string rlab_number(const Conversion& conversion, double number) {
  const char spec = conversion.specifier;
  const int precision = conversion.precision < 0 ? 6 : conversion.precision;
  std::string text;
  switch (spec) {
    case 'd':
    case 'i':
    case 'u':
      // As MATLAB: NaN and Inf by name, and a value past the 64-bit range in %g form, not a
      // saturated or zero integer that reads as a real answer.
      if (!std::isfinite(number) || std::abs(number) >= 9223372036854775808.0) {
        text = num::format_c_general(number, 6);
        break;
      }
      text = num::format_integer(number);
      break;
    case 'f':
      text = num::format_fixed(number, precision);
      break;
    case 'e':
      text = num::format_exponential(number, precision);
      break;
    case 'E':
      text = to_upper(num::format_exponential(number, precision));
      break;
    case 'g':
      text = num::format_general(number, precision);
      break;
    case 'G':
      text = to_upper(num::format_general(number, precision));
      break;
    case 'x':
    case 'X':
    case 'o':
      text = format_radix(number, spec);
      break;
    case 'c': {
      // Out-of-range numbers become U+FFFD rather than wrapping into another character.
      const std::int64_t code = num::truncate_to_int64(number);
      append_utf8(text,
                  code < 0 || code > 0x10FFFF ? char32_t{0xFFFD} : static_cast<char32_t>(code));
    }
      return text;
    default:
      break;
  }
  return conversion.commas ? num::insert_commas(text) : text;
}

// The text of one conversion applied to one item, before padding.
std::string convert(const Conversion& conversion, const Item& item, PrintfRules rules) {
  const char spec = conversion.specifier;
  if (rules == PrintfRules::C) {
    if (item.type == Item::Type::Number) return c_number(conversion, item.number);
    if (item.type == Item::Type::Text && (spec == 's' || spec == 'c')) {
      return c_text(conversion, item.text);
    }
  }
  if (spec == 's' || (spec == 'c' && item.type == Item::Type::Text)) {
    if (item.type != Item::Type::Text) {
      throw Error(fmt::format(messages::printf_argument_kind, spec, "string", kind_of(item)));
    }
    return std::string(item.text);
  }
  if (item.type != Item::Type::Number) {
    throw Error(fmt::format(messages::printf_argument_kind, spec, "scalar", kind_of(item)));
  }
  return rlab_number(conversion, item.number);
}

// The character a MATLAB format escape (a backslash, then `next`) stands for beyond rlab's
// newline, tab and backslash: \r, \f, \v, \a, \b; or 0.
char c_escape(char next) {
  switch (next) {
    case 'r':
      return '\r';
    case 'f':
      return '\f';
    case 'v':
      return '\v';
    case 'a':
      return '\a';
    case 'b':
      return '\b';
    default:
      return 0;
  }
}

// The value of an octal (or, when `hex`, hexadecimal) digit; -1 for any other character.
int code_digit(char c, bool hex) {
  if (c >= '0' && c <= (hex ? '9' : '7')) return c - '0';
  if (hex && c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (hex && c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Formatter {
 public:
  Formatter(std::string_view format, std::vector<Item> items, bool recycle, PrintfRules rules)
      : format_(format), items_(std::move(items)), recycle_(recycle), rules_(rules) {}

  std::string run() {
    if (!recycle_) {
      pass();
      return std::move(out_);
    }
    // MATLAB: reuse the format while arguments remain and each pass consumes some.
    do {
      const std::size_t before = next_;
      if (!pass()) break;
      if (next_ == before) break;
    } while (next_ < items_.size());
    return std::move(out_);
  }

 private:
  // The escape at format_[i], a backslash with a character after it: appends what it stands
  // for and returns how many characters it took. rlab knows \n, \t and \\; MATLAB's rules add
  // \r, \f, \v, \a, \b, octal \N (one to three digits: \0 is NUL) and hexadecimal \xN. Any
  // other backslash stays as written.
  std::size_t escape(std::size_t i) {
    const char next = format_[i + 1];
    if (next == 'n' || next == 't' || next == '\\') {
      out_.push_back(next == 'n' ? '\n' : next == 't' ? '\t' : '\\');
      return 2;
    }
    if (rules_ == PrintfRules::C && c_escape(next) != 0) {
      out_.push_back(c_escape(next));
      return 2;
    }
    if (rules_ == PrintfRules::C) {
      const bool hex = next == 'x';
      const std::size_t first = hex ? i + 2 : i + 1;
      const std::size_t most = hex ? 6 : 3;  // 0x10FFFF has six hex digits; \377 three octal
      std::size_t k = first;
      char32_t code = 0;
      while (k < format_.size() && k - first < most && code_digit(format_[k], hex) >= 0) {
        code = code * (hex ? 16 : 8) + static_cast<char32_t>(code_digit(format_[k++], hex));
      }
      if (k > first && code <= 0x10FFFF) {
        append_utf8(out_, code);
        return k - i;
      }
    }
    out_.push_back('\\');
    return 1;
  }

  // One scan of the format. Returns false when it stopped at a conversion with no argument
  // left (recycling mode only).
  bool pass() {
    std::size_t i = 0;
    const std::size_t n = format_.size();
    while (i < n) {
      const char c = format_[i];
      if (c == '\\' && i + 1 < n) {
        i += escape(i);
        continue;
      }
      if (c != '%') {
        out_.push_back(c);
        ++i;
        continue;
      }
      if (i + 1 == n) throw Error(std::string(messages::printf_trailing_percent));
      if (format_[i + 1] == '%') {
        out_.push_back('%');
        i += 2;
        continue;
      }
      if (!conversion(i)) return false;
    }
    return true;
  }

  // Parses and applies the conversion starting at format_[i] (a `%`); advances i past it.
  bool conversion(std::size_t& i) {
    WrittenConversion written = parse_conversion(i);
    // Only empty arrays were given: MATLAB prints the format with every conversion empty.
    if (recycle_ && items_.empty()) return true;
    if (!take_star_fields(written)) return false;
    const Item* item = take(written.conversion.specifier);
    if (item == nullptr) return false;
    append_padded(out_, convert(written.conversion, *item, rules_), written.conversion);
    return true;
  }

  // A conversion as the format writes it: `*` takes a width or precision from the arguments.
  struct WrittenConversion {
    Conversion conversion;
    bool width_from_argument = false;
    bool precision_from_argument = false;
  };

  // Parses the flags, width, precision and specifier of the conversion at format_[i] (a `%`);
  // advances i past it.
  WrittenConversion parse_conversion(std::size_t& i) const {
    const std::size_t n = format_.size();
    WrittenConversion written;
    Conversion& conversion = written.conversion;
    std::size_t j = read_flags(i + 1, conversion);
    if (j < n && format_[j] == '*') {
      written.width_from_argument = true;
      ++j;
    } else {
      j = read_number(j, conversion.width, "width");
    }
    if (j < n && format_[j] == '.') {
      ++j;
      conversion.precision = 0;
      if (j < n && format_[j] == '*') {
        written.precision_from_argument = true;
        ++j;
      } else {
        j = read_number(j, conversion.precision, "precision");
      }
    }
    if (j >= n) throw Error(std::string(messages::printf_incomplete_specifier));
    conversion.specifier = format_[j];
    if (!is_specifier(conversion.specifier)) {
      throw Error(fmt::format(messages::printf_unknown_specifier, conversion.specifier));
    }
    i = j + 1;
    return written;
  }

  // The flags from format_[j] on into `conversion`; returns the position after them.
  std::size_t read_flags(std::size_t j, Conversion& conversion) const {
    for (; j < format_.size(); ++j) {
      const char flag = format_[j];
      if (flag == '-') {
        conversion.left_justify = true;
      } else if (flag == ',') {
        conversion.commas = true;
      } else if (flag == '+') {
        conversion.plus = true;
      } else if (flag == ' ') {
        conversion.space = true;
      } else if (flag == '0') {
        conversion.zero = true;
      } else if (flag == '#') {
        conversion.alternate = true;
      } else {
        break;
      }
    }
    return j;
  }

  // Takes the `*` width, then the `*` precision, from the arguments; false when they ran out.
  bool take_star_fields(WrittenConversion& written) {
    Conversion& conversion = written.conversion;
    if (written.width_from_argument) {
      const Item* item = take(conversion.specifier);
      if (item == nullptr) return false;
      const std::int64_t width = star_value(*item);
      if (width < 0) conversion.left_justify = true;
      const std::int64_t magnitude =
          width == std::numeric_limits<std::int64_t>::min() ? kMaxField + 1 : std::abs(width);
      conversion.width = checked_field(magnitude, "width");
    }
    if (written.precision_from_argument) {
      const Item* item = take(conversion.specifier);
      if (item == nullptr) return false;
      const std::int64_t precision = star_value(*item);
      conversion.precision = precision < 0 ? -1 : checked_field(precision, "precision");
    }
    return true;
  }

  // A width or precision written in the format; one past kMaxField is refused.
  std::size_t read_number(std::size_t j, int& value, std::string_view what) const {
    std::int64_t number = 0;
    while (j < format_.size() && format_[j] >= '0' && format_[j] <= '9') {
      // Saturate: any count of digits stays a number that the check below refuses.
      number = std::min<std::int64_t>(number * 10 + (format_[j] - '0'), kMaxField + 1);
      ++j;
    }
    value = checked_field(number, what);
    return j;
  }

  // Widths and precisions past a million characters are a typo, not a layout: a clear error
  // rather than a page of padding or a silent cut.
  static int checked_field(std::int64_t value, std::string_view what) {
    if (value > kMaxField) {
      throw Error(fmt::format(messages::printf_field_too_wide, what, kMaxField));
    }
    return static_cast<int>(value);
  }

  static std::int64_t star_value(const Item& item) {
    if (item.type != Item::Type::Number) {
      throw Error(fmt::format(messages::printf_star_not_scalar, kind_of(item)));
    }
    return num::truncate_to_int64(item.number);
  }

  // The next argument, or nullptr when recycling has run out of them. Under C rules a text that
  // meets a numeric conversion is its character codes, one argument each (MATLAB's
  // sprintf('%d', 'AB') is 6566).
  const Item* take(char specifier) {
    if (rules_ == PrintfRules::C && specifier != 's' && specifier != 'c') split_text(next_);
    if (next_ < items_.size()) return &items_[next_++];
    if (recycle_) return nullptr;
    throw Error(fmt::format(messages::printf_too_few_arguments, next_ + 2, specifier));
  }

  // Replaces a text item at `index` by one number item per character code.
  void split_text(std::size_t index) {
    if (index >= items_.size() || items_[index].type != Item::Type::Text) return;
    const num::Matrix text = text_codes(items_[index].text);
    std::vector<Item> codes;
    for (const double code : text.real_values()) {
      codes.push_back({Item::Type::Number, code, {}});
    }
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(index));
    items_.insert(items_.begin() + static_cast<std::ptrdiff_t>(index), codes.begin(), codes.end());
  }

  std::string_view format_;
  std::vector<Item> items_;
  bool recycle_;
  PrintfRules rules_;
  std::size_t next_ = 0;
  std::string out_;
};

}  // namespace

PrintfRules printf_rules(lang::Dialect dialect) {
  return dialect == lang::Dialect::Matlab ? PrintfRules::C : PrintfRules::Rlab;
}

std::string format_printf(std::string_view format, std::span<const Value> arguments,
                          PrintfRules rules) {
  std::vector<Item> items;
  items.reserve(arguments.size());
  // MATLAB reuses the format for any arguments left over; rlab only for array arguments.
  const bool recycle = flatten(arguments, items) || rules == PrintfRules::C;
  return Formatter(format, std::move(items), recycle, rules).run();
}

}  // namespace llmlab::runtime
