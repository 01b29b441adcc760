// The display string ⟨v⟩ of every value kind (language.md §8.2) and the script-mode echo lines
// (§8.5, §8.6). The evaluator calls echo*; print, disp and error call display. Numbers and
// arrays are laid out by num/format; this file adds the kinds.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "num/format.hpp"
#include "runtime/session.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// ⟨v⟩ (§8.2): independent of the `format` mode. No trailing newline; matrices span lines.
std::string display(const Value& value);

// "ans(:,:,i,j)" for page `page` (0-based) of an array of `dims`: Octave's page header.
std::string page_label(const num::Dims& dims, num::Index page);
// Appends ⟨v⟩ to `out` (what display, struct members and tuples use; avoids temporaries).
void append_display(std::string& out, const Value& value);

// ⟨v⟩ of each value joined by one space, as `print(a1, ..., an)` writes them (§8.7), without
// the newline.
std::string display_joined(std::span<const Value> values);

// ⟨v⟩E (§8.5): ⟨v⟩ with real scalars, complex scalars, vectors and matrices in the mode's
// number style. What an unsuppressed expression statement writes (plus a newline).
std::string echo_display(const Value& value, FormatMode mode);
// The same with the session's display width and shown limits (§13.12): what echo writes.
std::string echo_display(const Value& value, const Session& session);

// What `disp(x)` writes, without the newline: ⟨v⟩ in the default mode (with the session's
// shown rows and columns), MATLAB's column layout in the MATLAB modes (§13.12).
std::string disp_display(const Value& value, const Session& session);

// `name = ⟨v⟩E` + newline (§8.6), for `x = v`, `x op= v`, `s.f = v` (name "s.f"), each name of
// a multiple assignment from a tuple, and deletion. Script mode only; the evaluator decides.
std::string echo(std::string_view name, const Value& value, const Session& session);

// Whether the session's echo and disp use MATLAB's layout: in a MATLAB-only mode (short g,
// long e, ...) in either dialect, and in format short and long in the matlab dialect (§14).
bool matlab_layout(const Session& session);

// Indexed-assignment echo lines of §8.6, each with its newline.
// `v(k) = 7+0j` (one subscript) or `M(i,j) = 7+0j` (two: no space after the comma). The
// value shows in complex display whatever its kind (a real x shows as `x+0j`).
std::string echo_element_write(std::string_view name, std::span<const std::int64_t> subscripts,
                               num::Complex value);
// `M(i) = [7+0j, 8+0j]`: the legacy row write, each element in complex display.
std::string echo_row_write(std::string_view name, std::int64_t row, const num::Matrix& values);
// `v(...) = (vector positions N updated)`.
std::string echo_positions_updated(std::string_view name, std::int64_t count);
// `M(...) = (region R×C updated)`.
std::string echo_region_updated(std::string_view name, std::int64_t rows, std::int64_t columns);

// The number style of a `format` mode.
num::NumberStyle number_style(FormatMode mode);

}  // namespace llmlab::runtime
