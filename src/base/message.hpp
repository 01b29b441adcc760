// The table of every user-facing message (issue #24), after LibJS's ErrorTypes.h: each row a
// name and its text, kept in chapters under base/messages/ so that a source file includes only
// the chapters it uses (one chapter's edit recompiles its users, not the whole tree). A text
// with `{}` fields is an fmt format string, checked against its arguments at compile time:
//
//   call.fail(fmt::format(messages::index_out_of_bounds, index, extent));
//
// A text without fields is used as it is. The rows are listed once per chapter in an X-macro,
// which declares the named constants here and lets tests/unit/base/message_table_test.cpp walk
// the whole table (its style rules and that no text is written twice).
#pragma once

#include <string_view>

namespace llmlab {

struct MessageRow {
  std::string_view name;
  std::string_view text;
};

}  // namespace llmlab

#define LLMLAB_MESSAGE_CONSTANT(name, text) inline constexpr std::string_view name = text;
#define LLMLAB_MESSAGE_ROW(name, text) ::llmlab::MessageRow{#name, text},
