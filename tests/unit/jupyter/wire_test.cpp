// Requests off the wire: frames, signature and field types checked before the kernel sees them;
// a bad one is dropped with the reason, never fatal.
#include "jupyter/wire.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace llmlab::jupyter {
namespace {

const std::unique_ptr<xeus::xauthentication> kAuth =
    xeus::make_xauthentication("hmac-sha256", "secret");

xeus::xraw_buffer raw(const std::string& text) {
  return {reinterpret_cast<const unsigned char*>(text.data()), text.size()};
}

// identity, delimiter, signature, header, parent, metadata, content: signed with the key.
zmq::multipart_t signed_wire(const std::string& header, const std::string& content,
                             const std::string& parent = "{}", const std::string& metadata = "{}") {
  zmq::multipart_t wire;
  wire.addstr("client");
  wire.addstr("<IDS|MSG>");
  wire.addstr(kAuth->sign(raw(header), raw(parent), raw(metadata), raw(content)));
  wire.addstr(header);
  wire.addstr(parent);
  wire.addstr(metadata);
  wire.addstr(content);
  return wire;
}

std::string execute_header() {
  return R"({"msg_id": "1", "msg_type": "execute_request", "session": "s", "username": "u",
             "version": "5.3", "date": "2026-01-01T00:00:00Z"})";
}

// The message read_request drops the wire with, or "" when it reads it.
std::string dropped_because(zmq::multipart_t wire) {
  try {
    read_request(wire, *kAuth);
    return "";
  } catch (const RequestDropped& error) {
    return error.what();
  }
}

TEST(kernel_wire, a_well_formed_request_is_read) {
  zmq::multipart_t wire = signed_wire(execute_header(), R"({"code": "x = 1", "silent": false})");
  const xeus::xmessage request = read_request(wire, *kAuth);
  EXPECT_EQ(request.content()["code"], "x = 1");
  EXPECT_EQ(request.identities().size(), 1u);
}

TEST(kernel_wire, too_few_frames_are_dropped) {
  EXPECT_EQ(dropped_because(zmq::multipart_t()),
            "a message needs a <IDS|MSG> frame; none among its 0");
  zmq::multipart_t short_wire;
  short_wire.addstr("<IDS|MSG>");
  short_wire.addstr("signature");
  EXPECT_EQ(dropped_because(std::move(short_wire)),
            "a message needs 5 frames after <IDS|MSG>, got 1");
  zmq::multipart_t no_delimiter;
  no_delimiter.addstr("just one frame");
  EXPECT_NE(dropped_because(std::move(no_delimiter)).find("none among its 1"), std::string::npos);
}

TEST(kernel_wire, a_bad_signature_or_bad_json_is_dropped) {
  zmq::multipart_t forged = signed_wire(execute_header(), R"({"code": "1"})");
  forged[2].rebuild(std::string("0000").data(), 4);
  EXPECT_NE(dropped_because(std::move(forged)), "");
  EXPECT_NE(dropped_because(signed_wire("{not json", "{}")), "");
}

TEST(kernel_wire, fields_of_the_wrong_type_are_dropped_naming_the_field) {
  const std::string header = execute_header();
  const struct {
    std::string header, content, problem;
  } cases[] = {
      {header, R"({"code": "1", "silent": "yes"})",
       "content.silent must be true or false, got string"},
      {header, R"({"code": "1", "store_history": 3})",
       "content.store_history must be true or false, got number"},
      {header, R"({"code": 7})", "content.code must be a string, got number"},
      {header, R"({"silent": true})", "content.code is missing"},
      {header, R"([1, 2])", "the content must be an object, got array"},
      {header, R"({"code": "1", "user_expressions": []})",
       "content.user_expressions must be an object, got array"},
      {"[1, 2]", "{}", "the header must be an object, got array"},
      {R"({"msg_type": 5})", "{}", "header.msg_type must be a string, got number"},
      {R"({"msg_id": "1"})", "{}", "header.msg_type is missing"},
      {R"({"msg_type": "complete_request"})", R"({"code": "a", "cursor_pos": 1e30})",
       "content.cursor_pos must be a whole number, got number"},
      {R"({"msg_type": "complete_request"})", R"({"code": "a", "cursor_pos": 4294967296})",
       "content.cursor_pos must be a whole number, got number"},
      {R"({"msg_type": "comm_open"})", R"({"target_name": "t"})", "content.comm_id is missing"},
      {R"({"msg_type": "shutdown_request"})", R"({"restart": "no"})",
       "content.restart must be true or false, got string"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(dropped_because(signed_wire(c.header, c.content)), c.problem) << c.content;
  }
  EXPECT_EQ(dropped_because(signed_wire(header, R"({"code": "1"})", "[]")),
            "the parent header must be an object, got array");
  EXPECT_EQ(dropped_because(signed_wire(header, R"({"code": "1"})", "{}", "3")),
            "the metadata must be an object, got number");
  // A type the kernel does not handle is xeus's to answer, once its parts are objects.
  EXPECT_EQ(dropped_because(signed_wire(R"({"msg_type": "no_such_request"})", R"({"x": 1})")), "");
}

TEST(kernel_wire, content_that_is_not_utf8_is_repaired_and_still_verifies) {
  zmq::multipart_t wire = signed_wire(execute_header(), "{\"code\": \"caf\xe9\"}");
  const xeus::xmessage request = read_request(wire, *kAuth);
  EXPECT_EQ(request.content()["code"], "caf\xEF\xBF\xBD");
}

TEST(kernel_wire, execute_options_follow_ipykernel_defaults) {
  const ExecuteOptions plain = execute_options(nl::json::object());
  EXPECT_FALSE(plain.silent);
  EXPECT_TRUE(plain.store_history);
  EXPECT_TRUE(plain.stop_on_error);
  const ExecuteOptions silent = execute_options({{"silent", true}, {"stop_on_error", true}});
  EXPECT_TRUE(silent.silent);
  EXPECT_FALSE(silent.stop_on_error);  // a silent request never aborts the queue
}

}  // namespace
}  // namespace llmlab::jupyter
