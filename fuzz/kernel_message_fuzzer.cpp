// libFuzzer target: the kernel's message handling. The bytes are one multipart message, its
// frames separated by NUL bytes, read by read_request (jupyter/wire.hpp), the function the
// server calls on every message from its sockets. The authentication here accepts every
// signature, so that the fuzzer reaches the JSON checks behind it; a request that passes them
// is then read as the server and xeus read it, which must not throw.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "jupyter/wire.hpp"

namespace {

class AcceptEverySignature final : public xeus::xauthentication {
  std::string sign_impl(const xeus::xraw_buffer&, const xeus::xraw_buffer&,
                        const xeus::xraw_buffer&, const xeus::xraw_buffer&) const override {
    return "signature";
  }
  bool verify_impl(const xeus::xraw_buffer&, const xeus::xraw_buffer&, const xeus::xraw_buffer&,
                   const xeus::xraw_buffer&, const xeus::xraw_buffer&) const override {
    return true;
  }
};

zmq::multipart_t frames_of(std::string_view bytes) {
  zmq::multipart_t wire;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = bytes.find('\0', start);
    const std::string_view frame =
        bytes.substr(start, end == std::string_view::npos ? end : end - start);
    wire.addmem(frame.data(), frame.size());
    if (end == std::string_view::npos) return wire;
    start = end + 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static AcceptEverySignature auth;
  zmq::multipart_t wire = frames_of(std::string_view(reinterpret_cast<const char*>(data), size));
  try {
    const xeus::xmessage request = llmlab::jupyter::read_request(wire, auth);
    const nl::json& header = request.header();
    const std::string type = header.value("msg_type", std::string());
    (void)header.value("msg_id", std::string());
    (void)header.value("session", std::string());
    if (type == "execute_request") {
      const nl::json& content = request.content();
      (void)llmlab::jupyter::execute_options(content);
      (void)content.value("code", std::string());
      (void)content.value("allow_stdin", true);
      (void)content.value("user_expressions", nl::json::object());
    } else if (type == "complete_request" || type == "inspect_request") {
      (void)request.content().value("cursor_pos", -1);
      (void)request.content().value("detail_level", 0);
    }
  } catch (const llmlab::jupyter::RequestDropped&) {
    // Dropped and logged by the server.
  }
  return 0;
}
