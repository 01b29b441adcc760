// render / check / clean over files and directories. Messages go to the caller's Messages
// sinks and outcomes come back as reports: the app layer owns stdout, stderr and exit codes.
#include "notebook/commands.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/notebook.hpp"
#include "base/text_escape.hpp"
#include "notebook/execute.hpp"
#include "notebook/ipynb.hpp"
#include "notebook/markdown_html.hpp"
#include "notebook/output.hpp"
#include "notebook/parse.hpp"
#include "notebook/render.hpp"

namespace llmlab::notebook {

namespace fs = std::filesystem;

namespace {

// A notebook saved with Windows line endings renders as one saved with Unix ones: the blocks'
// lexer already reads "\r\n" as a line break, but prose lines would keep their "\r" and the
// rendered file would mix both endings.
std::string unix_line_endings(std::string text) {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < text.size(); i++) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    text[kept++] = text[i];
  }
  text.resize(kept);
  return text;
}

struct Source {
  fs::path path;
  std::string text;  // artifacts stripped
  Document document;
};

// Notebooks of a directory: every *.md directly inside except README.md and index.md,
// ordered by frontmatter `order` (those without after), then by name.
std::vector<fs::path> directory_notebooks(const fs::path& directory) {
  std::vector<fs::path> paths;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && entry.path().extension() == ".md" && name != "README.md" &&
        name != "index.md") {
      paths.push_back(entry.path());
    }
  }
  return paths;
}

struct PageResult {
  bool ok = true;
  int errors = 0;
  IndexEntry index_entry;  // HTML renders: the page's title, summary and figure
};

// A page's title in the navigation and on the index: its own title, else its file's name.
std::string navigation_title(const Source& source) {
  const std::string title = source.document.page_title();
  return title.empty() ? source.path.stem().string() : title;
}

fs::path output_path_for(const fs::path& input, const RenderOptions& options, bool directory) {
  const std::string extension = options.format == Format::Html ? ".html" : ".md";
  if (directory) {
    const fs::path base = options.output.empty() ? input.parent_path() : fs::path(options.output);
    return base / (input.stem().string() + extension);
  }
  if (!options.output.empty()) {
    // `-o html/` (an existing directory, or a path written with a trailing slash) names the
    // folder the page goes into, and so does a name without an extension (`-o mybook`): a
    // page named `mybook` beside an `assets/` folder is no book anyone can open.
    const fs::path output(options.output);
    std::error_code ec;
    const bool names_directory =
        fs::is_directory(output, ec) || options.output.ends_with('/') || !output.has_extension();
    if (names_directory) return output / (input.stem().string() + extension);
    return output;
  }
  return input.parent_path() / (input.stem().string() + extension);
}

PageResult render_one(const Source& source, const fs::path& output, const RenderOptions& options,
                      const HtmlNavigation& navigation, const Messages& messages) {
  ExecuteOptions execute{.source_path = source.path.string(),
                         .working_directory = fs::absolute(source.path).parent_path().string(),
                         .fallback_title = source.path.stem().string(),
                         .theme = options.light_theme ? Theme::Light : Theme::Dark,
                         .block_timeout_seconds = options.block_timeout_seconds,
                         .max_output_bytes = options.max_output_bytes,
                         .mark_values = options.format == Format::Html,
                         .watch_interpreter = options.watch_interpreter};
  const ExecutedNotebook notebook = execute_notebook(source.document, execute);
  RenderedPage page;
  IndexEntry index;
  if (options.format == Format::Markdown) {
    const bool in_place = fs::exists(output) && fs::equivalent(output, source.path);
    page = render_markdown(notebook, MarkdownOptions{output.stem().string(), in_place});
  } else {
    HtmlOptions html{.theme = options.light_theme ? Theme::Light : Theme::Dark,
                     .raw_html = options.unsafe_html ? RawHtml::Keep : RawHtml::Omit,
                     .assets_href = "assets",
                     .page_name = source.path.filename().string(),
                     .navigation = navigation};
    page = render_html(notebook, html);
    index = index_entry(notebook, html);
  }
  // Temporaries a killed render left go first; figures may have had other names.
  remove_stale_temporaries(output.parent_path() / "plots" / output.stem());
  // The page and its figure files together, or nothing (a failed write leaves no half page).
  std::vector<PendingFile> files{{output, page.text}};
  for (const OutputFile& file : page.files) {
    files.push_back({output.parent_path() / file.relative_path, file.content});
  }
  write_all_or_none(files);
  if (options.format == Format::Html && !vendor_katex(output.parent_path() / "assets")) {
    messages.err(fmt::format("warning: {}\n", messages::katex_missing));
  }
  if (options.format == Format::Html &&
      page.text.find("<pre class=\"mermaid\">") != std::string::npos &&
      !vendor_mermaid(output.parent_path() / "assets")) {
    messages.err(fmt::format("warning: {}\n", messages::mermaid_missing));
  }
  if (!options.quiet) {
    std::string line =
        fmt::format("Rendered {} → {} ({} code blocks, {} plots", source.path.string(),
                    output.string(), notebook.code_blocks, notebook.figures);
    if (notebook.errors > 0) line += fmt::format(", {} errors", notebook.errors);
    messages.out(line + ")\n");
  }
  return PageResult{true, notebook.errors, std::move(index)};
}

// Each notebook's text, without artifacts and parsed; a Jupyter notebook reads as the markdown
// source it converts to. Nothing when a file cannot be read (the error has been reported).
std::optional<std::vector<Source>> read_sources(const std::vector<fs::path>& inputs,
                                                const Messages& messages) {
  std::vector<Source> sources;
  for (const fs::path& path : inputs) {
    std::string reason;
    std::optional<std::string> text = read_file(path, reason);
    if (!text) {
      messages.err("error: " + cannot_read(path, reason) + "\n");
      return std::nullopt;
    }
    if (path.extension() == ".ipynb") {
      try {
        text = ipynb_to_markdown(*text);
      } catch (const Error& error) {
        messages.err("error: " + path.string() + ": " + error.what() + "\n");
        return std::nullopt;
      }
    }
    Source source{path, strip_artifacts(unix_line_endings(*text)), {}};
    source.document = parse_notebook(source.text);
    sources.push_back(std::move(source));
  }
  return sources;
}

// Frontmatter `order` first (those without after), then by name.
void sort_by_order(std::vector<Source>& sources) {
  std::stable_sort(sources.begin(), sources.end(), [](const Source& a, const Source& b) {
    if (a.document.order.has_value() != b.document.order.has_value())
      return a.document.order.has_value();
    if (a.document.order && *a.document.order != *b.document.order)
      return *a.document.order < *b.document.order;
    return a.path.filename() < b.path.filename();
  });
}

// In a directory render, each page links to the pages before and after it.
HtmlNavigation navigation_for(const std::vector<Source>& sources, std::size_t i,
                              const RenderOptions& options) {
  HtmlNavigation navigation;
  navigation.enabled = true;
  const auto neighbour = [&](std::size_t k) {
    return output_path_for(sources[k].path, options, true).filename().string();
  };
  if (i > 0) {
    navigation.previous_href = neighbour(i - 1);
    navigation.previous_title = navigation_title(sources[i - 1]);
  }
  if (i + 1 < sources.size()) {
    navigation.next_href = neighbour(i + 1);
    navigation.next_title = navigation_title(sources[i + 1]);
  }
  return navigation;
}

// A directory's index.html: the title and introduction from its index.md, when it has one,
// then a card per page.
void write_index(const fs::path& input, const RenderOptions& options,
                 const std::vector<IndexEntry>& entries) {
  const fs::path out_dir = options.output.empty() ? input : fs::path(options.output);
  std::string title = options.title;
  std::string introduction;
  std::string reason;
  if (const auto index_text = read_file(input / "index.md", reason)) {
    const Document index = parse_notebook(strip_artifacts(unix_line_endings(*index_text)));
    if (title.empty()) title = index.page_title();
    int counter = 0;
    for (const Block& block : index.blocks) {
      if (block.kind == BlockKind::Prose)
        introduction += markdown_to_html(block.text, &counter, nullptr,
                                         options.unsafe_html ? RawHtml::Keep : RawHtml::Omit);
    }
  }
  if (title.empty()) title = fs::absolute(input).filename().string();
  HtmlOptions html;
  html.theme = options.light_theme ? Theme::Light : Theme::Dark;
  write_if_changed(out_dir / "index.html", render_html_index(title, introduction, entries, html));
}

// Rendering a notebook to markdown next to itself would overwrite the source.
bool would_overwrite_source(const fs::path& input, bool directory, const RenderOptions& options,
                            const Messages& messages) {
  if (options.format != Format::Markdown || directory || !options.output.empty()) return false;
  messages.err(
      fmt::format("error: {}\n", fmt::format(messages::render_would_overwrite, input.string())));
  return true;
}

}  // namespace

RenderReport render_notebooks(const RenderOptions& options, const Messages& messages) {
  const fs::path input(options.input);
  const bool directory = fs::is_directory(input);
  std::optional<std::vector<Source>> read =
      read_sources(directory ? directory_notebooks(input) : std::vector{input}, messages);
  if (!read) return RenderReport{.failed = true};
  std::vector<Source>& sources = *read;
  sort_by_order(sources);
  if (would_overwrite_source(input, directory, options, messages)) {
    return RenderReport{.failed = true};
  }
  int failed_blocks = 0;
  try {
    std::vector<IndexEntry> index_entries;
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const fs::path output = output_path_for(sources[i].path, options, directory);
      const HtmlNavigation navigation =
          directory ? navigation_for(sources, i, options) : HtmlNavigation{};
      PageResult page = render_one(sources[i], output, options, navigation, messages);
      failed_blocks += page.errors;
      if (directory) {
        page.index_entry.href = output.filename().string();
        page.index_entry.title = navigation_title(sources[i]);
        index_entries.push_back(std::move(page.index_entry));
      }
    }
    if (directory && options.format == Format::Html) write_index(input, options, index_entries);
  } catch (const Error& error) {
    messages.err(std::string("error: ") + error.what() + "\n");
    return RenderReport{.failed = true, .failed_blocks = failed_blocks};
  }
  return RenderReport{.failed = false, .failed_blocks = failed_blocks};
}

namespace {

// The source without render artifacts, ending in a newline when something was removed; a
// source with nothing to remove is returned as it is, byte for byte.
std::string cleaned_source(const std::string& text) {
  std::string cleaned = strip_artifacts(text);
  if (cleaned == text) return cleaned;
  if (!cleaned.empty() && cleaned.back() != '\n') cleaned += '\n';
  return cleaned;
}

struct Finding {
  int line;
  std::string code;
  std::string severity;
  std::string message;
  bool fixable = false;  // `clean` removes its cause (check --fix)
};

// Whether a line whose trimmed text is `---` occurs in `text` from offset `from` on.
bool closes_frontmatter(const std::string& text, std::size_t from) {
  std::istringstream rest(text.substr(std::min(from, text.size())));
  std::string line;
  while (std::getline(rest, line)) {
    if (trim(line) == "---") return true;
  }
  return false;
}

// The checks of `notebook check`, line by line: frontmatter, fences, the output sentinels,
// <details> balance and plot references, each a function; finish() adds what only the whole
// file shows.
class Linter {
 public:
  Linter(const fs::path& path, const std::string& text) : path_(path), text_(text) {}

  std::vector<Finding> run() {
    std::istringstream lines(text_);
    std::string line;
    while (std::getline(lines, line)) {
      ++number_;
      const std::string_view trimmed = trim(line);
      if (in_frontmatter(trimmed, lines)) continue;
      if (in_fence(line, trimmed)) continue;
      check_sentinels(trimmed);
      count_details(line);
      check_plot_references(line);
    }
    return finish();
  }

 private:
  // Whether the line belongs to the frontmatter (and so is not checked as body).
  bool in_frontmatter(std::string_view trimmed, std::istringstream& lines) {
    if (first_content_ && !trimmed.empty()) {
      first_content_ = false;
      if (trimmed == "---") {
        // An opening `---` without a closing one is not frontmatter (notebook.md §1.1): the
        // lines after it are body and are checked as such.
        in_frontmatter_ = closes_frontmatter(text_, static_cast<std::size_t>(lines.tellg()));
        if (in_frontmatter_) return true;
        findings_.push_back(
            {number_, "E004", "error", std::string(messages::lint_frontmatter_unclosed)});
      }
    }
    if (!in_frontmatter_) return false;
    if (trimmed == "---") in_frontmatter_ = false;
    return true;
  }

  // Whether the line opens, closes or lies in a fence. Sentinels and headers quoted inside a
  // fence are text, not artifacts (notebook.md §3.5).
  bool in_fence(const std::string& line, std::string_view trimmed) {
    if (fences_.inside()) {
      fences_.feed(line);
      if (!fences_.inside()) in_code_ = false;
      return true;
    }
    if (!fences_.feed(line)) return false;
    if (opens_fence(line, "rustlab") || opens_fence(line, "rlab") || opens_fence(line, "matlab") ||
        opens_fence(line, "octave")) {
      in_code_ = true;
      fence_line_ = number_;
      return true;
    }
    // A fence render shows but never runs: say so, in case its code was meant to run.
    const std::size_t tag_start =
        std::min(trimmed.find_first_not_of(trimmed.front()), trimmed.size());
    const std::string_view tag = trim(trimmed.substr(tag_start));
    const std::string_view language = tag.substr(0, tag.find(' '));
    if (!language.empty() && language != "text" && language != "mermaid" && language != "output") {
      findings_.push_back(
          {number_, "N001", "note",
           fmt::format("```{} fence is shown, not run (llmlab runs rlab, rustlab, matlab and "
                       "octave fences)",
                       language)});
    }
    return true;
  }

  void check_sentinels(std::string_view trimmed) {
    if (trimmed.starts_with("<!-- Generated by llmlab") ||
        trimmed.starts_with("<!-- Generated by rustlab"))
      ++headers_;
    if (trimmed == "<!-- llmlab:output-start -->" || trimmed == "<!-- rustlab:output-start -->") {
      if (open_start_) unmatched_start();
      open_start_ = number_;
    }
    if (trimmed == "<!-- llmlab:output-end -->" || trimmed == "<!-- rustlab:output-end -->") {
      if (!open_start_)
        findings_.push_back(
            {number_, "E001", "error", std::string(messages::lint_output_end_unmatched)});
      open_start_ = 0;
    }
  }

  void unmatched_start() {
    findings_.push_back(
        {open_start_, "E001", "error", std::string(messages::lint_output_start_unmatched)});
  }

  void count_details(const std::string& line) {
    for (std::size_t at = line.find("<details"); at != std::string::npos;
         at = line.find("<details", at + 1))
      ++details_open_;
    for (std::size_t at = line.find("</details>"); at != std::string::npos;
         at = line.find("</details>", at + 1))
      ++details_close_;
  }

  void check_plot_references(const std::string& line) {
    static const std::regex plot_ref(R"(\((plots/[^)\s]+\.svg)\))");
    for (auto it = std::sregex_iterator(line.begin(), line.end(), plot_ref);
         it != std::sregex_iterator(); ++it) {
      // Written percent-encoded (render_markdown.cpp): the file has the decoded name.
      const fs::path target = path_.parent_path() / percent_decode((*it)[1].str());
      if (!fs::exists(target)) {
        findings_.push_back(
            {number_, "E005", "error", fmt::format(messages::lint_plot_missing, (*it)[1].str())});
      }
    }
  }

  std::vector<Finding> finish() {
    if (in_code_)
      findings_.push_back(
          {fence_line_, "E002", "error", std::string(messages::lint_fence_unclosed)});
    if (open_start_) unmatched_start();
    if (headers_ > 1)
      findings_.push_back(
          {1, "W001", "warning", fmt::format(messages::lint_generated_headers, headers_), true});
    if (details_open_ != details_close_) {
      findings_.push_back(
          {1, "W002", "warning",
           fmt::format(messages::lint_details_unbalanced, details_open_, details_close_)});
    }
    std::sort(findings_.begin(), findings_.end(),
              [](const Finding& a, const Finding& b) { return a.line < b.line; });
    return std::move(findings_);
  }

  const fs::path& path_;
  const std::string& text_;
  std::vector<Finding> findings_;
  int number_ = 0;
  int open_start_ = 0;
  int headers_ = 0;
  int details_open_ = 0;
  int details_close_ = 0;
  int fence_line_ = 0;
  FenceTracker fences_;
  bool in_code_ = false;
  bool in_frontmatter_ = false;
  bool first_content_ = true;
};

std::vector<Finding> lint(const fs::path& path, const std::string& text) {
  return Linter(path, text).run();
}

std::vector<fs::path> markdown_files(const fs::path& input) {
  std::vector<fs::path> files;
  if (!fs::is_directory(input)) return {input};
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(input)) {
    if (entry.is_regular_file() && entry.path().extension() == ".md" &&
        entry.path().filename() != "README.md") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

CheckReport check_notebooks(const std::string& input, bool fix, const Messages& messages) {
  CheckReport report;
  int& errors = report.errors;
  int& warnings = report.warnings;
  std::error_code missing;
  if (!fs::exists(input, missing)) {
    messages.err("error: " + cannot_read(input, std::strerror(ENOENT)) + "\n");
    report.failed = true;
    return report;
  }
  const std::vector<fs::path> files = markdown_files(input);
  for (const fs::path& file : files) {
    std::string reason;
    std::optional<std::string> text = read_file(file, reason);
    if (!text) {
      messages.err("error: " + cannot_read(file, reason) + "\n");
      report.failed = true;
      return report;
    }
    std::vector<Finding> findings = lint(file, *text);
    if (fix &&
        std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.fixable; })) {
      const std::string cleaned = cleaned_source(*text);
      try {
        write_if_changed(file, cleaned);
      } catch (const Error& error) {
        messages.err(std::string("error: ") + error.what() + "\n");
        report.failed = true;
        return report;
      }
      messages.out("fixed " + file.string() + "\n");
      findings = lint(file, cleaned);
    }
    for (const Finding& finding : findings) {
      messages.out(fmt::format("{}:{} [llmlab:{}] {}: {}\n", file.string(), finding.line,
                               finding.code, finding.severity, finding.message));
      if (finding.severity == "note") continue;  // informs; never fails the check
      (finding.severity == "error" ? errors : warnings) += 1;
    }
  }
  if (errors + warnings == 0) {
    messages.out(fmt::format("✓ {} file(s) clean\n", files.size()));
    return report;
  }
  messages.out(fmt::format("{} error(s), {} warning(s) across {} file(s)\n", errors, warnings,
                           files.size()));
  return report;
}

CleanReport clean_notebooks(const std::string& input, const std::string& output, bool check_only,
                            const Messages& messages) {
  CleanReport report;
  int& changed = report.changed;
  try {
    for (const fs::path& file : markdown_files(input)) {
      std::string reason;
      const std::optional<std::string> text = read_file(file, reason);
      if (!text) {
        messages.err("error: " + cannot_read(file, reason) + "\n");
        report.failed = true;
        return report;
      }
      const std::string cleaned = cleaned_source(*text);
      if (cleaned == *text) continue;
      ++changed;
      if (check_only) {
        messages.out("would clean " + file.string() + "\n");
        continue;
      }
      fs::path target = file;
      if (!output.empty()) {
        target = fs::is_directory(input) ? fs::path(output) / fs::relative(file, input)
                                         : fs::path(output);
      }
      write_if_changed(target, cleaned);
      messages.out("cleaned " + file.string() + "\n");
    }
  } catch (const Error& error) {
    messages.err(std::string("error: ") + error.what() + "\n");
    report.failed = true;
  }
  return report;
}

ConvertReport convert_notebook(const std::string& input, const std::string& to,
                               const std::string& output, bool execute, const Messages& messages) {
  const fs::path source(input);
  const std::string from = source.extension().string();
  if (from != ".md" && from != ".ipynb") {
    messages.err(fmt::format("error: {}\n", fmt::format(messages::convert_input_kind, input)));
    return ConvertReport{.refused = true};
  }
  if ((from == ".md" && to != "ipynb") || (from == ".ipynb" && to != "md")) {
    messages.err(fmt::format("error: {}\n", fmt::format(messages::convert_target_kind, input,
                                                        from == ".md" ? "ipynb" : "md", to)));
    return ConvertReport{.refused = true};
  }
  if (execute && from != ".md") {
    messages.err(fmt::format("error: {}\n", fmt::format(messages::execute_needs_markdown, input)));
    return ConvertReport{.refused = true};
  }
  std::string reason;
  const std::optional<std::string> text = read_file(source, reason);
  if (!text) {
    messages.err("error: " + cannot_read(input, reason) + "\n");
    return ConvertReport{.failed = true};
  }
  std::string converted;
  try {
    if (execute) {
      const ExecuteOptions options{
          .source_path = source.string(),
          .working_directory = fs::absolute(source).parent_path().string(),
          .fallback_title = source.stem().string(),
      };
      converted = markdown_to_executed_ipynb(unix_line_endings(*text), options);
    } else {
      converted = from == ".md" ? markdown_to_ipynb(*text) : ipynb_to_markdown(*text);
    }
  } catch (const Error& error) {
    messages.err("error: " + input + ": " + error.what() + "\n");
    return ConvertReport{.failed = true};
  }
  if (output == "-") {
    messages.out(converted);
    return {};
  }
  const fs::path target =
      output.empty() ? fs::path(source).replace_extension("." + to) : fs::path(output);
  try {
    write_if_changed(target, converted);
  } catch (const Error& error) {
    messages.err(std::string("error: ") + error.what() + "\n");
    return ConvertReport{.failed = true};
  }
  messages.out("Converted " + input + " → " + target.string() + "\n");
  return {};
}

}  // namespace llmlab::notebook
