// Line-by-line block splitter for notebook sources (notebook.md §1.1–§1.5, §3.5).
#include "notebook/parse.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

namespace llmlab::notebook {

bool opens_fence(std::string_view line, std::string_view language) {
  const std::string_view trimmed = trim(line);
  if (!trimmed.starts_with("```")) return false;
  const std::string_view rest = trimmed.substr(3);
  if (!rest.starts_with(language)) return false;
  const std::string_view after = rest.substr(language.size());
  return after.empty() || after.front() == ' ';
}

namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string strip_quotes(std::string_view value) {
  value = trim(value);
  if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
      value.back() == value.front()) {
    value = value.substr(1, value.size() - 2);
  }
  return std::string(value);
}

std::string to_upper(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return result;
}

// MATLAB and Octave code is rlab's dialect: those fences run too (issue #16).
bool is_code_fence(std::string_view line) {
  return opens_fence(line, "rustlab") || opens_fence(line, "rlab") || opens_fence(line, "matlab") ||
         opens_fence(line, "octave");
}

// A code-block directive comment (§1.3), applied to `directives` when well formed.
bool apply_directive(std::string_view line, CodeDirectives& directives) {
  const std::string_view text = trim(line);
  if (!text.starts_with("<!--") || !text.ends_with("-->")) return false;
  const std::string_view body = trim(text.substr(4, text.size() - 7));
  if (body == "hide") {
    directives.hide = true;
    return true;
  }
  const auto value_of = [&](std::string_view key) -> std::optional<std::string_view> {
    if (!body.starts_with(key)) return std::nullopt;
    return trim(body.substr(key.size()));
  };
  if (auto title = value_of("details:"); title && !title->empty()) {
    directives.details = std::string(*title);
    return true;
  }
  if (auto caption = value_of("caption:"); caption && !caption->empty()) {
    directives.caption = std::string(*caption);
    return true;
  }
  if (auto grid = value_of("grid:")) {
    int count = 0;
    const auto [end, error] = std::from_chars(grid->data(), grid->data() + grid->size(), count);
    if (error == std::errc() && end == grid->data() + grid->size() && count > 0) {
      directives.grid = count;
      return true;
    }
  }
  return false;
}

// GFM callout opener `> [!TYPE]` (§1.5); fills type and title when it matches.
bool parse_callout_opener(std::string_view line, std::string& type, std::string& title) {
  std::string_view text = trim(line);
  if (!text.starts_with("> [!")) return false;
  text.remove_prefix(4);
  const std::size_t close = text.find(']');
  if (close == std::string_view::npos) return false;
  type = to_upper(text.substr(0, close));
  if (type == "INFO") type = "NOTE";
  if (type == "HINT") type = "TIP";
  if (type == "DANGER") type = "CAUTION";
  static constexpr std::string_view kTypes[] = {"NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"};
  if (std::find(std::begin(kTypes), std::end(kTypes), type) == std::end(kTypes)) return false;
  std::string_view rest = text.substr(close + 1);
  if (!rest.empty() && (rest.front() == '+' || rest.front() == '-')) rest.remove_prefix(1);
  title = std::string(trim(rest));
  return true;
}

Block make_block(BlockKind kind, int line, std::string text = {}) {
  Block block;
  block.kind = kind;
  block.line = line;
  block.text = std::move(text);
  return block;
}

class Splitter {
 public:
  explicit Splitter(Document& document) : document_(document) {}

  void run(const std::vector<std::string_view>& lines, int first_line) {
    std::size_t i = 0;
    while (i < lines.size()) {
      const std::string_view line = lines[i];
      const int number = first_line + static_cast<int>(i);
      const std::string_view trimmed = trim(line);
      if (is_code_fence(line) || opens_fence(line, "mermaid")) {
        i = fence(lines, i, first_line);
      } else if (std::string type, title; parse_callout_opener(line, type, title)) {
        flush_prose();
        Block block = make_block(BlockKind::Callout, number);
        block.callout_type = type;
        block.callout_title = title;
        std::string body;
        ++i;
        while (i < lines.size()) {
          const std::string_view inner = trim(lines[i]);
          if (inner == ">") {
            body += '\n';
          } else if (inner.starts_with("> ")) {
            body += std::string(inner.substr(2)) + '\n';
          } else {
            break;
          }
          ++i;
        }
        block.text = std::string(trim(body));
        document_.blocks.push_back(std::move(block));
      } else if (trimmed == "<!-- exercise -->" || trimmed == "<!-- solution -->") {
        flush_prose();
        const BlockKind kind =
            trimmed == "<!-- exercise -->" ? BlockKind::ExerciseStart : BlockKind::SolutionStart;
        document_.blocks.push_back(make_block(kind, number));
        ++i;
      } else if (trimmed == "<!-- note -->" || trimmed == "<!-- tip -->" ||
                 trimmed == "<!-- warning -->") {
        i = legacy_callout(lines, i, first_line);
      } else {
        if (!prose_.empty() || !trimmed.empty()) {
          if (prose_.empty()) prose_line_ = number;
          prose_lines_.push_back(line);
          prose_ += prose_.empty() ? std::string(line) : "\n" + std::string(line);
        }
        ++i;
      }
    }
    flush_prose();
  }

 private:
  std::size_t fence(const std::vector<std::string_view>& lines, std::size_t i, int first_line) {
    Block block;
    block.kind = is_code_fence(lines[i]) ? BlockKind::Code : BlockKind::Mermaid;
    // Directive lines directly above the fence leave the prose and configure the block.
    while (!prose_lines_.empty() && apply_directive(prose_lines_.back(), block.directives)) {
      prose_lines_.pop_back();
    }
    rebuild_prose();
    flush_prose();
    block.line = first_line + static_cast<int>(i) + 1;
    std::string source;
    std::size_t j = i + 1;
    bool first = true;
    block.closed = false;
    for (; j < lines.size(); ++j) {
      if (trim(lines[j]) == "```") {
        block.closed = true;
        break;
      }
      if (!first) source += '\n';
      std::string_view text = lines[j];
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      source += text;
      first = false;
    }
    block.text = std::move(source);
    document_.blocks.push_back(std::move(block));
    return j + 1;
  }

  std::size_t legacy_callout(const std::vector<std::string_view>& lines, std::size_t i,
                             int first_line) {
    flush_prose();
    const std::string_view opener = trim(lines[i]);
    const std::string name(opener.substr(5, opener.size() - 9));  // "note", "tip", "warning"
    Block block = make_block(BlockKind::Callout, first_line + static_cast<int>(i));
    block.callout_type = to_upper(name);
    const std::string closer = "<!-- /" + name + " -->";
    std::string body;
    std::size_t j = i + 1;
    for (; j < lines.size(); ++j) {
      const std::string_view text = trim(lines[j]);
      if (text == closer) {
        ++j;
        break;
      }
      if (text.empty() || text.starts_with("#")) break;
      body += std::string(lines[j]) + '\n';
    }
    block.text = std::string(trim(body));
    document_.blocks.push_back(std::move(block));
    return j;
  }

  void rebuild_prose() {
    prose_.clear();
    for (const std::string_view line : prose_lines_) {
      prose_ += prose_.empty() ? std::string(line) : "\n" + std::string(line);
    }
  }

  void flush_prose() {
    // Trailing whitespace of a prose block is insignificant (directives may have left some).
    while (!prose_.empty() && std::isspace(static_cast<unsigned char>(prose_.back()))) {
      prose_.pop_back();
    }
    if (!prose_.empty()) {
      document_.blocks.push_back(make_block(BlockKind::Prose, prose_line_, std::move(prose_)));
    }
    prose_.clear();
    prose_lines_.clear();
  }

  Document& document_;
  std::string prose_;
  std::vector<std::string_view> prose_lines_;
  int prose_line_ = 0;
};

}  // namespace

std::string Document::page_title() const {
  if (title) return *title;
  for (const Block& block : blocks) {
    if (block.kind != BlockKind::Prose) continue;
    for (const std::string_view line : split_lines(block.text)) {
      if (line.starts_with("# ")) return std::string(trim(line.substr(2)));
    }
  }
  return {};
}

Document parse_notebook(std::string_view source) {
  Document document;
  std::vector<std::string_view> lines = split_lines(source);
  int first_line = 1;
  // Frontmatter: the first non-blank line is "---" and a later line is "---" (§1.1).
  std::size_t first = 0;
  while (first < lines.size() && trim(lines[first]).empty()) ++first;
  if (first < lines.size() && trim(lines[first]) == "---") {
    std::size_t close = first + 1;
    while (close < lines.size() && trim(lines[close]) != "---") ++close;
    if (close < lines.size()) {
      for (std::size_t k = first + 1; k < close; ++k) {
        const std::string_view entry = trim(lines[k]);
        if (entry.starts_with("#")) continue;
        const std::size_t colon = entry.find(':');
        if (colon == std::string_view::npos) continue;
        const std::string_view key = trim(entry.substr(0, colon));
        const std::string value = strip_quotes(entry.substr(colon + 1));
        if (key == "title") {
          document.title = value;
        } else if (key == "order" || key == "weight") {
          long order = 0;
          const auto [end, error] =
              std::from_chars(value.data(), value.data() + value.size(), order);
          if (error == std::errc() && end == value.data() + value.size()) document.order = order;
        }
      }
      first_line = static_cast<int>(close) + 2;
      lines.erase(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(close) + 1);
    } else {
      document.frontmatter_unclosed = true;
    }
  }
  Splitter(document).run(lines, first_line);
  return document;
}

bool FenceTracker::feed(std::string_view line) {
  const std::string_view text = without_indent(line);
  if (open_length_ == 0) {
    const std::size_t run = run_length(text);
    if (run < 3) return false;
    // A backtick fence's info string has no backtick (else it is inline code).
    if (text.front() == '`' && text.substr(run).find('`') != std::string_view::npos) return false;
    open_char_ = text.front();
    open_length_ = run;
    return true;
  }
  const std::size_t run = text.empty() || text.front() != open_char_ ? 0 : run_length(text);
  if (run >= open_length_ && trim(text.substr(run)).empty()) open_length_ = 0;
  return true;
}

std::string_view FenceTracker::without_indent(std::string_view line) {
  std::size_t spaces = 0;
  while (spaces < line.size() && spaces < 4 && line[spaces] == ' ') ++spaces;
  return spaces == 4 ? std::string_view() : line.substr(spaces);
}

std::size_t FenceTracker::run_length(std::string_view text) {
  if (text.empty() || (text.front() != '`' && text.front() != '~')) return 0;
  std::size_t n = 0;
  while (n < text.size() && text[n] == text.front()) ++n;
  return n;
}

namespace {

constexpr std::string_view kHeaders[] = {
    "<!-- Generated by llmlab — do not edit directly. -->",
    "<!-- Generated by rustlab-notebook — do not edit directly. -->"};
constexpr std::string_view kStarts[] = {"<!-- llmlab:output-start -->",
                                        "<!-- rustlab:output-start -->"};
constexpr std::string_view kEnds[] = {"<!-- llmlab:output-end -->", "<!-- rustlab:output-end -->"};

template <std::size_t N>
bool is_one_of(std::string_view line, const std::string_view (&spellings)[N]) {
  return std::find(std::begin(spellings), std::end(spellings), trim(line)) != std::end(spellings);
}

// Whether a generated-header line stands outside every fence: a file a render wrote.
bool written_by_render(const std::vector<std::string_view>& lines) {
  FenceTracker fences;
  for (const std::string_view line : lines) {
    if (!fences.feed(line) && is_one_of(line, kHeaders)) return true;
  }
  return false;
}

// The line of the output-end sentinel closing the region opened at `start`, outside the fences
// inside the region (captured text can quote a sentinel); `lines.size()` when none closes it.
std::size_t region_end(const std::vector<std::string_view>& lines, std::size_t start) {
  FenceTracker fences;
  for (std::size_t i = start + 1; i < lines.size(); ++i) {
    if (!fences.feed(lines[i]) && is_one_of(lines[i], kEnds)) return i;
  }
  return lines.size();
}

}  // namespace

// Untouched text is kept byte for byte: lines are split at '\n' and joined again.
std::string strip_artifacts(std::string_view source) {
  const std::vector<std::string_view> lines = split_lines(source);
  const bool rendered = written_by_render(lines);
  std::vector<std::string_view> kept;
  FenceTracker fences;
  bool code_fence_open = false;   // the open fence is a code block's
  bool after_code_block = false;  // only blank lines since a code block closed
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    if (fences.inside()) {
      kept.push_back(line);
      fences.feed(line);
      if (!fences.inside()) after_code_block = code_fence_open;
      continue;
    }
    if (is_one_of(line, kHeaders)) {
      if (i + 1 < lines.size() && trim(lines[i + 1]).empty()) ++i;
      continue;
    }
    if (is_one_of(line, kStarts)) {
      const std::size_t end = region_end(lines, i);
      if (end < lines.size()) {
        // The region and the blank lines around it become one blank line.
        while (!kept.empty() && trim(kept.back()).empty()) kept.pop_back();
        kept.emplace_back();
        i = end;
        while (i + 1 < lines.size() && trim(lines[i + 1]).empty()) ++i;
        continue;
      }
    }
    // A ```text block directly after a code block is an old render's output, but only in a
    // file a render wrote: in a hand-written source it is the author's.
    if (rendered && after_code_block && opens_fence(line, "text")) {
      FenceTracker skipped;
      while (i < lines.size() && skipped.feed(lines[i]) && skipped.inside()) ++i;
      // One blank line stays between the code block and what follows.
      const bool blank_kept = !kept.empty() && trim(kept.back()).empty();
      while (blank_kept && i + 1 < lines.size() && trim(lines[i + 1]).empty()) ++i;
      after_code_block = false;
      continue;
    }
    if (fences.feed(line)) {
      code_fence_open = is_code_fence(line);
      after_code_block = false;
      kept.push_back(line);
      continue;
    }
    if (!trim(line).empty()) after_code_block = false;
    kept.push_back(line);
  }
  std::string result;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (i > 0) result += '\n';
    result += kept[i];
  }
  return result;
}

}  // namespace llmlab::notebook
