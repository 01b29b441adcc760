// History entries live in memory for the life of the kernel process (a restart starts a new
// one, as a fresh session should).
#include "jupyter/history.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <set>
#include <utility>

namespace llmlab::jupyter {

void History::store_inputs_impl(int session, int /*line*/, const std::string& input,
                                const std::string& output) {
  entries_.push_back(Entry{session, current_count_(), input, output});
}

nl::json History::item(const Entry& entry, bool output) const {
  if (output) return {entry.session, entry.line, {entry.input, entry.output}};
  return {entry.session, entry.line, entry.input};
}

nl::json History::reply(nl::json items) {
  return {{"status", "ok"}, {"history", std::move(items)}};
}

nl::json History::get_tail_impl(int n, bool /*raw*/, bool output) const {
  nl::json items = nl::json::array();
  const std::size_t count =
      n <= 0 ? entries_.size() : std::min(entries_.size(), static_cast<std::size_t>(n));
  for (std::size_t i = entries_.size() - count; i < entries_.size(); ++i) {
    items.push_back(item(entries_[i], output));
  }
  return reply(std::move(items));
}

nl::json History::get_range_impl(int session, int start, int stop, bool /*raw*/,
                                 bool output) const {
  nl::json items = nl::json::array();
  for (const Entry& entry : entries_) {
    // stop 0 (or below start) means "to the end", as in IPython.
    const bool in_range = entry.line >= start && (stop <= start || entry.line < stop);
    if (entry.session == session && in_range) items.push_back(item(entry, output));
  }
  return reply(std::move(items));
}

nl::json History::search_impl(const std::string& pattern, bool /*raw*/, bool output, int n,
                              bool unique) const {
  // Newest first, so `unique` keeps the latest of equal inputs and `n` the latest n.
  std::vector<const Entry*> found;
  std::set<std::string> seen;
  const std::string glob = pattern.empty() ? "*" : pattern;
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (fnmatch(glob.c_str(), it->input.c_str(), 0) != 0) continue;
    if (unique && !seen.insert(it->input).second) continue;
    found.push_back(&*it);
    if (n > 0 && static_cast<int>(found.size()) == n) break;
  }
  nl::json items = nl::json::array();
  for (auto it = found.rbegin(); it != found.rend(); ++it) items.push_back(item(**it, output));
  return reply(std::move(items));
}

}  // namespace llmlab::jupyter
