// PageProtocol: each request is checked field by field before anything runs, since it comes
// from a page whose script could have been changed; the code it carries is the reader's own
// program, run in the session like any block.
#include "notebook/page_protocol.hpp"

#include <fmt/format.h>

#include <new>
#include <optional>
#include <string>
#include <utility>

#include "base/error.hpp"
#include "base/json.hpp"
#include "base/messages/notebook.hpp"
#include "base/messages/system.hpp"
#include "base/stop.hpp"
#include "notebook/page_session.hpp"

namespace llmlab::notebook {

namespace {

// The largest program or expression one request may carry: far above any lesson block, far
// below what would exhaust a browser tab's memory in the parser.
constexpr std::size_t kMaxRequestBytes = 4u << 20;

const std::string& string_field(const json::Value& request, std::string_view key) {
  const json::Value* field = json::find(request, key);
  if (field == nullptr || !field->is_string()) {
    throw Error(fmt::format(messages::field_not_string, key));
  }
  return field->get_ref<const std::string&>();
}

std::optional<std::string> optional_string_field(const json::Value& request, std::string_view key) {
  const json::Value* field = json::find(request, key);
  if (field == nullptr || field->is_null()) return std::nullopt;
  if (!field->is_string()) throw Error(fmt::format(messages::field_not_string_or_null, key));
  return field->get<std::string>();
}

json::Value figures_reply(const ExecutedBlock& block) {
  json::Value figures = json::Value::array();
  for (const Figure& figure : block.figures) {
    const std::string& column = figure.column_svg.empty() ? figure.svg : figure.column_svg;
    const std::string& narrow = figure.narrow_svg.empty() ? column : figure.narrow_svg;
    figures.push_back({{"column", column}, {"narrow", narrow}});
  }
  return figures;
}

json::Value run_reply(PageSession& session, const json::Value& request) {
  Block block;
  block.kind = BlockKind::Code;
  block.text = string_field(request, "code");
  block.line = static_cast<int>(json::integer_or(request, "line", 1, 1, 1 << 24, "request"));
  const ExecutedBlock executed = session.run_code(block);
  json::Value reply;
  reply["output"] = executed.output;
  reply["error"] = executed.error ? json::Value(*executed.error) : json::Value(nullptr);
  reply["figures"] = figures_reply(executed);
  return reply;
}

json::Value value_reply(PageSession& session, const json::Value& request) {
  const std::string& expression = string_field(request, "expression");
  const std::optional<std::string> format = optional_string_field(request, "format");
  try {
    return {{"text", session.value_text(expression, format)}};
  } catch (const Error& error) {
    return {{"error", error.what()}};
  }
}

std::string error_reply(std::string_view message) { return json::Value{{"error", message}}.dump(); }

}  // namespace

PageProtocol::PageProtocol(ExecuteOptions options)
    : options_(std::move(options)), session_(std::make_unique<PageSession>(options_)) {}

PageProtocol::~PageProtocol() = default;

std::string PageProtocol::handle(std::string_view request_text) {
  if (request_text.size() > kMaxRequestBytes) {
    return error_reply(fmt::format(messages::request_too_long, kMaxRequestBytes));
  }
  json::Value request;
  std::string op;
  try {
    request = json::parse(request_text, "request");
    if (!request.is_object()) throw Error(std::string(messages::not_json_object));
    op = string_field(request, "op");
  } catch (const Error& error) {
    return error_reply(fmt::format(messages::request_bad, error.what()));
  }
  try {
    if (op == "run") return run_reply(*session_, request).dump();
    if (op == "value") return value_reply(*session_, request).dump();
    if (op == "reset") {
      session_ = std::make_unique<PageSession>(options_);
      return json::Value{{"reset", true}}.dump();
    }
    return error_reply(fmt::format(messages::request_unknown_op, op));
  } catch (const Error& error) {
    return error_reply(fmt::format(messages::request_bad, error.what()));
  } catch (const Stop& stop) {
    return error_reply(stop.report().what());
  } catch (const std::bad_alloc&) {
    return error_reply(messages::out_of_memory);
  }
}

}  // namespace llmlab::notebook
