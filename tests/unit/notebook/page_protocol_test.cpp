// The runnable page's requests and replies: JSON in, JSON out, every malformed request
// answered with an error and nothing run.
#include "notebook/page_protocol.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

namespace llmlab::notebook {
namespace {

nlohmann::json reply(PageProtocol& page, const nlohmann::json& request) {
  return nlohmann::json::parse(page.handle(request.dump()));
}

TEST(page_protocol, run_returns_output_error_and_figures) {
  PageProtocol page(ExecuteOptions{});
  const nlohmann::json ran =
      reply(page, {{"op", "run"}, {"code", "w = 7;\ndisp(w)\nplot(1:3)"}, {"line", 40}});
  EXPECT_EQ(ran["output"], "7");
  EXPECT_TRUE(ran["error"].is_null());
  ASSERT_EQ(ran["figures"].size(), 1u);
  EXPECT_NE(ran["figures"][0]["column"].get<std::string>().find("<svg"), std::string::npos);
  EXPECT_NE(ran["figures"][0]["narrow"].get<std::string>().find("<svg"), std::string::npos);

  const nlohmann::json failed = reply(page, {{"op", "run"}, {"code", "error(\"boom %d\", w)"}});
  EXPECT_TRUE(failed["output"].get<std::string>().empty());
  EXPECT_NE(failed["error"].get<std::string>().find("boom 7"), std::string::npos) << failed;
}

TEST(page_protocol, values_and_reset) {
  PageProtocol page(ExecuteOptions{});
  reply(page, {{"op", "run"}, {"code", "chosen = 42;"}});
  EXPECT_EQ(reply(page, {{"op", "value"}, {"expression", "chosen + 1"}, {"format", nullptr}}),
            (nlohmann::json{{"text", "43"}}));
  EXPECT_EQ(reply(page, {{"op", "value"}, {"expression", "chosen"}, {"format", "%.1f"}}),
            (nlohmann::json{{"text", "42.0"}}));
  EXPECT_EQ(reply(page, {{"op", "reset"}}), (nlohmann::json{{"reset", true}}));
  // After a reset the session is new: chosen is gone.
  const nlohmann::json gone = reply(page, {{"op", "value"}, {"expression", "chosen"}});
  EXPECT_NE(gone["error"].get<std::string>().find("chosen"), std::string::npos) << gone;
}

TEST(page_protocol, malformed_requests_are_refused_and_nothing_runs) {
  PageProtocol page(ExecuteOptions{});
  const auto refused = [&](const std::string& request) {
    const nlohmann::json answer = nlohmann::json::parse(page.handle(request));
    ASSERT_TRUE(answer.contains("error")) << request;
    EXPECT_EQ(answer["error"].get<std::string>().rfind("bad request: ", 0), 0u) << answer;
  };
  refused("");
  refused("not json");
  refused("[1, 2]");
  refused(R"({"code": "x = 1"})");
  refused(R"({"op": 5})");
  refused(R"({"op": "explode"})");
  refused(R"({"op": "run", "code": 12})");
  refused(R"({"op": "run", "code": "x = 1;", "line": -3})");
  refused(R"({"op": "run", "code": "x = 1;", "line": 1.5})");
  refused(R"({"op": "value", "expression": "1", "format": 3})");
  refused(std::string(5u << 20, ' '));
  // None of the refused runs defined x.
  EXPECT_TRUE(reply(page, {{"op", "value"}, {"expression", "x"}}).contains("error"));
}

}  // namespace
}  // namespace llmlab::notebook
