// The receive loop is xserver_zmq's own (poll the control and shell sockets, hand each message
// to the kernel core), with the repair step in front of deserialisation.
#include "jupyter/server.hpp"

#include <iostream>
#include <string>
#include <xeus/xauthentication.hpp>
#include <xeus/xzmq_serializer.hpp>
#include <zmq_addon.hpp>

#include "base/utf8.hpp"
#include "jupyter/rlab_kernel.hpp"

namespace llmlab::jupyter {

namespace {

// Wire frames after the "<IDS|MSG>" delimiter: signature, header, parent, metadata, content.
constexpr std::size_t kSignature = 1;
constexpr std::size_t kContent = 5;

bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t length = byte < 0x80           ? 1
                               : (byte >> 5) == 0x6  ? 2
                               : (byte >> 4) == 0xE  ? 3
                               : (byte >> 3) == 0x1E ? 4
                                                     : 0;
    if (length == 0 || i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    }
    const std::string_view character = text.substr(i, length);
    const char32_t code = code_point_of(character);
    std::string encoded;
    append_utf8(encoded, code);
    if (encoded != character) return false;  // overlong, surrogate or out of range
    i += length;
  }
  return true;
}

// Each byte that does not start a well-formed sequence becomes U+FFFD.
std::string repaired(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    bool done = false;
    for (std::size_t length = 1; length <= 4 && i + length <= text.size(); ++length) {
      if (is_valid_utf8(text.substr(i, length))) {
        out.append(text.substr(i, length));
        i += length;
        done = true;
        break;
      }
    }
    if (!done) {
      append_utf8(out, U'\uFFFD');
      ++i;
    }
  }
  return out;
}

constexpr auto kInputPollInterval = std::chrono::milliseconds(100);

// The one interpreter of this process (registered with xeus by its constructor).
RlabKernel* rlab_kernel() { return dynamic_cast<RlabKernel*>(&xeus::get_interpreter()); }

std::string message_type(const xeus::xmessage_base& message) {
  return message.header().value("msg_type", std::string());
}

// The content with our execution count in place of the one xeus wrote.
nl::json with_our_count(const nl::json& content) {
  nl::json fixed = content;
  if (RlabKernel* kernel = rlab_kernel(); kernel != nullptr && fixed.contains("execution_count")) {
    fixed["execution_count"] = kernel->execution_count();
  }
  return fixed;
}

xeus::xraw_buffer raw(const zmq::message_t& frame) {
  return {static_cast<const unsigned char*>(frame.data()), frame.size()};
}

class RepairingServer final : public xeus::xserver_zmq {
 public:
  RepairingServer(zmq::context_t& context, const xeus::xconfiguration& config,
                  nl::json::error_handler_t error_handler)
      : xserver_zmq(context, config, error_handler) {}

 private:
  void start_impl(xeus::xpub_message message) override {
    start_publisher_thread();
    start_heartbeat_thread();
    m_request_stop = false;
    publish(std::move(message), xeus::channel::SHELL);
    while (!m_request_stop) receive();
    stop_channels();
  }

  void receive() {
    zmq::pollitem_t items[] = {{m_controller, 0, ZMQ_POLLIN, 0}, {m_shell, 0, ZMQ_POLLIN, 0}};
    zmq::poll(&items[0], 2, std::chrono::milliseconds(-1));
    try {
      if (items[0].revents & ZMQ_POLLIN) {
        zmq::multipart_t wire;
        wire.recv(m_controller);
        repair(wire);
        notify_control_listener(xeus::xzmq_serializer::deserialize(wire, *p_auth));
      }
      if (!m_request_stop && (items[1].revents & ZMQ_POLLIN)) {
        zmq::multipart_t wire;
        wire.recv(m_shell);
        repair(wire);
        xeus::xmessage request = xeus::xzmq_serializer::deserialize(wire, *p_auth);
        count(request);
        notify_shell_listener(std::move(request));
      }
    } catch (const std::exception& error) {
      // A message that cannot be read (bad signature, bad JSON) is dropped; say why.
      std::cerr << "llmlab-kernel: message dropped: " << error.what() << std::endl;
    }
  }

  // An execute_request, before xeus handles it: the kernel's count moves (or not) now, so the
  // execute_input xeus publishes first can carry it.
  static void count(const xeus::xmessage& request) {
    if (message_type(request) != "execute_request") return;
    RlabKernel* kernel = rlab_kernel();
    if (kernel == nullptr) return;
    const nl::json& content = request.content();
    const bool silent = content.is_object() && content.value("silent", false);
    const bool store_history = !content.is_object() || content.value("store_history", true);
    kernel->begin_execute_request(silent, store_history);
  }

  void send_shell_impl(xeus::xmessage message) override {
    if (message_type(message) == "execute_reply") {
      nl::json content = with_our_count(message.content());
      xeus::xmessage fixed(message.identities(), message.header(), message.parent_header(),
                           message.metadata(), std::move(content), std::move(message).buffers());
      xserver_zmq::send_shell_impl(std::move(fixed));
      return;
    }
    xserver_zmq::send_shell_impl(std::move(message));
  }

  void publish_impl(xeus::xpub_message message, xeus::channel channel) override {
    if (message_type(message) == "execute_input") {
      nl::json content = with_our_count(message.content());
      xeus::xpub_message fixed(message.topic(), message.header(), message.parent_header(),
                               message.metadata(), std::move(content),
                               std::move(message).buffers());
      xserver_zmq::publish_impl(std::move(fixed), channel);
      return;
    }
    xserver_zmq::publish_impl(std::move(message), channel);
  }

  // xserver_zmq's own exchange (send the input_request, receive the reply), but the wait is
  // in slices: if the cell is interrupted meanwhile the request is given up (InputAbandoned).
  // A reply that arrives after that answers no request; it is dropped before the next one.
  void send_stdin_impl(xeus::xmessage message) override {
    drop_stale_replies();
    zmq::multipart_t wire =
        xeus::xzmq_serializer::serialize(std::move(message), *p_auth, m_error_handler);
    wire.send(m_stdin);
    zmq::pollitem_t item = {m_stdin, 0, ZMQ_POLLIN, 0};
    while (true) {
      zmq::poll(&item, 1, kInputPollInterval);
      if (item.revents & ZMQ_POLLIN) break;
      if (RlabKernel* kernel = rlab_kernel(); kernel != nullptr && kernel->interrupt_pending()) {
        throw InputAbandoned();
      }
    }
    zmq::multipart_t reply;
    reply.recv(m_stdin);
    notify_stdin_listener(xeus::xzmq_serializer::deserialize(reply, *p_auth));
  }

  void drop_stale_replies() {
    zmq::multipart_t stale;
    while (stale.recv(m_stdin, static_cast<int>(zmq::recv_flags::dontwait))) stale.clear();
  }

  // Content that is not UTF-8, under a valid signature: repaired and signed again.
  void repair(zmq::multipart_t& wire) const {
    std::size_t delimiter = 0;
    while (delimiter < wire.size() && wire[delimiter].to_string_view() != "<IDS|MSG>") {
      ++delimiter;
    }
    if (delimiter + kContent >= wire.size()) return;
    zmq::message_t& content = wire[delimiter + kContent];
    if (is_valid_utf8(content.to_string_view())) return;
    const auto& header = wire[delimiter + 2];
    const auto& parent = wire[delimiter + 3];
    const auto& metadata = wire[delimiter + 4];
    if (!p_auth->verify(raw(wire[delimiter + kSignature]), raw(header), raw(parent), raw(metadata),
                        raw(content))) {
      return;  // deserialize rejects it
    }
    std::cerr << "llmlab-kernel: a request held bytes that are not UTF-8; each became U+FFFD"
              << std::endl;
    const std::string fixed = repaired(content.to_string_view());
    content.rebuild(fixed.data(), fixed.size());
    const std::string signature =
        p_auth->sign(raw(header), raw(parent), raw(metadata), raw(content));
    wire[delimiter + kSignature].rebuild(signature.data(), signature.size());
  }
};

}  // namespace

std::unique_ptr<xeus::xserver> make_server(xeus::xcontext& context,
                                           const xeus::xconfiguration& config,
                                           nl::json::error_handler_t error_handler) {
  return std::make_unique<RepairingServer>(context.get_wrapped_context<zmq::context_t>(), config,
                                           error_handler);
}

}  // namespace llmlab::jupyter
