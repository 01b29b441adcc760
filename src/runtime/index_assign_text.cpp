// Indexed writes and deletions on text: characters of a string and elements of a string array
// (MATLAB's meaning, which rustlab rejects: `s(1) = "S"`, `names(end + 1) = "x"`, `s(k) = []`).
// A string is a sequence of characters (§4.6), so positions count characters, not UTF-8 bytes.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/indexing.hpp"
#include "base/utf8.hpp"
#include "runtime/display.hpp"
#include "runtime/indexing.hpp"

namespace llmlab::runtime {

namespace {

using num::Index;

std::vector<Index> every_position(Index count) {
  std::vector<Index> positions(static_cast<std::size_t>(count));
  for (Index k = 0; k < count; ++k) positions[static_cast<std::size_t>(k)] = k;
  return positions;
}

// The positions one subscript selects; `:` covers `extent` positions, or `fallback` when the
// container is empty (so `names(:) = ...` on an empty array takes the right side's count).
std::vector<Index> written_positions(const Value& subscript, Index extent, Index fallback) {
  const Subscript s = resolve_subscript(subscript);
  if (s.all) return every_position(extent > 0 ? extent : fallback);
  return s.positions;
}

// Pieces of the right side, one per written position: a single piece is repeated.
std::vector<std::string> pieces_of(const Value& rhs, bool characters) {
  if (rhs.is(Kind::String)) {
    if (!characters) return {rhs.string_value()};
    std::vector<std::string> pieces;
    for (std::string_view c : characters_of(rhs.string_value())) pieces.emplace_back(c);
    return pieces;
  }
  if (rhs.is(Kind::StringArray) && !characters) return rhs.string_array_value();
  throw Error(fmt::format(messages::assignment_needs_text, characters ? "" : " or string array",
                          rhs.kind_name()));
}

void check_count(const std::vector<std::string>& pieces, std::size_t positions) {
  if (pieces.size() != 1 && pieces.size() != positions) {
    throw Error(fmt::format(messages::assignment_text_count_mismatch, pieces.size(), positions));
  }
}

// Writes pieces into `items` at `positions`, growing it with `fill` where a position is past
// the end.
void write_items(std::vector<std::string>& items, const std::vector<Index>& positions,
                 const std::vector<std::string>& pieces, const std::string& fill) {
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const auto p = static_cast<std::size_t>(positions[k]);
    if (p >= items.size()) items.resize(p + 1, fill);
    items[p] = pieces.size() == 1 ? pieces[0] : pieces[k];
  }
}

std::vector<std::string> characters_as_strings(const std::string& text) {
  std::vector<std::string> items;
  for (std::string_view c : characters_of(text)) items.emplace_back(c);
  return items;
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += item;
  return text;
}

void check_one_subscript(std::span<const Value> subscripts, const Value& target) {
  if (subscripts.size() != 1) {
    throw Error(fmt::format(messages::index_2d_needs_matrix, target.kind_name()));
  }
}

}  // namespace

AssignEcho text_assign(Value& target, std::span<const Value> subscripts, const Value& rhs) {
  check_one_subscript(subscripts, target);
  if (target.is(Kind::StringArray)) {
    std::vector<std::string> items = target.string_array_value();
    const std::vector<std::string> pieces = pieces_of(rhs, false);
    const std::vector<Index> positions = written_positions(
        subscripts[0], static_cast<Index>(items.size()), static_cast<Index>(pieces.size()));
    check_count(pieces, positions.size());
    // New elements between the old end and a written position are empty strings (MATLAB's
    // missing cells print as empty text).
    write_items(items, positions, pieces, std::string());
    target = Value::string_array(std::move(items));
  } else {
    std::vector<std::string> items = characters_as_strings(target.string_value());
    const std::vector<std::string> pieces = pieces_of(rhs, true);
    const std::vector<Index> positions = written_positions(
        subscripts[0], static_cast<Index>(items.size()), static_cast<Index>(pieces.size()));
    check_count(pieces, positions.size());
    // A string grows only by appending: a gap would need characters nobody wrote.
    std::vector<Index> sorted = positions;
    std::sort(sorted.begin(), sorted.end());
    Index next = static_cast<Index>(items.size());
    for (Index p : sorted) {
      if (p > next) {
        throw Error(fmt::format(messages::assignment_past_string_end, p + 1, items.size()));
      }
      if (p == next) ++next;
    }
    write_items(items, positions, pieces, std::string());
    target = Value::string(joined(items));
  }
  AssignEcho echo;
  echo.form = AssignEcho::Form::Whole;
  echo.text = display(target);
  return echo;
}

void text_delete(Value& target, std::span<const Value> subscripts) {
  check_one_subscript(subscripts, target);
  std::vector<std::string> items = target.is(Kind::StringArray)
                                       ? target.string_array_value()
                                       : characters_as_strings(target.string_value());
  const Index extent = static_cast<Index>(items.size());
  std::vector<Index> removed = written_positions(subscripts[0], extent, 0);
  for (Index p : removed) {
    if (p >= extent) throw Error(fmt::format(messages::index_out_of_bounds_size, p + 1, extent));
  }
  std::sort(removed.begin(), removed.end());
  removed.erase(std::unique(removed.begin(), removed.end()), removed.end());
  std::vector<std::string> kept;
  std::size_t next = 0;
  for (Index k = 0; k < extent; ++k) {
    if (next < removed.size() && removed[next] == k) {
      ++next;
      continue;
    }
    kept.push_back(std::move(items[static_cast<std::size_t>(k)]));
  }
  target = target.is(Kind::StringArray) ? Value::string_array(std::move(kept))
                                        : Value::string(joined(kept));
}

}  // namespace llmlab::runtime
