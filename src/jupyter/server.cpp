// The receive loop is xserver_zmq's own (poll the control and shell sockets, hand each message
// to the kernel core), with read_request's checks in front of deserialisation.
#include "jupyter/server.hpp"

#include <fmt/format.h>

#include <deque>
#include <iostream>
#include <optional>
#include <string>
#include <xeus/xzmq_serializer.hpp>
#include <zmq_addon.hpp>

#include "base/messages/notebook.hpp"
#include "jupyter/rlab_kernel.hpp"
#include "jupyter/wire.hpp"

namespace llmlab::jupyter {

namespace {

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

class RepairingServer final : public xeus::xserver_zmq {
 public:
  RepairingServer(zmq::context_t& context, const xeus::xconfiguration& config,
                  nl::json::error_handler_t error_handler)
      : xserver_zmq(context, config, error_handler) {}

 private:
  void start_impl(xeus::xpub_message message) override {
    // The "starting" status xeus hands over names the kernel's session, user and status topic:
    // the messages this server writes itself (aborting requests) use the same.
    status_topic_ = message.topic();
    session_ = message.header().value("session", std::string());
    user_ = message.header().value("username", std::string());
    start_publisher_thread();
    start_heartbeat_thread();
    m_request_stop = false;
    publish(std::move(message), xeus::channel::SHELL);
    while (!m_request_stop) receive();
    stop_channels();
  }

  void receive() {
    if (!deferred_.empty()) {
      xeus::xmessage request = std::move(deferred_.front());
      deferred_.pop_front();
      handle_shell(std::move(request));
      return;
    }
    zmq::pollitem_t items[] = {{m_controller, 0, ZMQ_POLLIN, 0}, {m_shell, 0, ZMQ_POLLIN, 0}};
    zmq::poll(&items[0], 2, std::chrono::milliseconds(-1));
    if (items[0].revents & ZMQ_POLLIN) {
      zmq::multipart_t wire;
      wire.recv(m_controller);
      if (std::optional<xeus::xmessage> request = read(wire)) {
        notify_control_listener(std::move(*request));
      }
    }
    if (!m_request_stop && (items[1].revents & ZMQ_POLLIN)) {
      zmq::multipart_t wire;
      wire.recv(m_shell);
      if (std::optional<xeus::xmessage> request = read(wire)) handle_shell(std::move(*request));
    }
  }

  // A message that cannot be read (too few frames, a bad signature, bad JSON, a field of the
  // wrong type) is dropped; say why.
  std::optional<xeus::xmessage> read(zmq::multipart_t& wire) const {
    try {
      return read_request(wire, *p_auth);
    } catch (const RequestDropped& error) {
      std::cerr << fmt::format(messages::kernel_message_dropped, error.what()) << std::endl;
      return std::nullopt;
    }
  }

  void handle_shell(xeus::xmessage request) {
    count(request);
    notify_shell_listener(std::move(request));
  }

  // An execute_request, before xeus handles it: the kernel's count moves (or not) now, so the
  // execute_input xeus publishes first can carry it.
  void count(const xeus::xmessage& request) {
    if (message_type(request) != "execute_request") return;
    const ExecuteOptions options = execute_options(request.content());
    stop_on_error_ = options.stop_on_error;
    RlabKernel* kernel = rlab_kernel();
    if (kernel == nullptr) return;
    kernel->begin_execute_request(options.silent, options.store_history);
  }

  // A request that fails with stop_on_error (a front end's "Run All" stopping at the first
  // error) aborts the execute requests queued behind it. xeus does so after the error reply has
  // left, so a request the client sends once it has that reply may be caught as well, and it
  // answers each with a bare error and publishes nothing on iopub, so a client waiting for the
  // request's idle status (jupyter_client's execute_interactive) waits forever. Here the queue is
  // drained before the error reply leaves, and each aborted request is answered as ipykernel
  // does; xeus's own pass then finds nothing.
  void abort_queue_impl(const listener& /*abort*/, long /*polling_interval*/) override {}

  void abort_queued_requests() {
    while (true) {
      zmq::multipart_t wire;
      if (!wire.recv(m_shell, static_cast<int>(zmq::recv_flags::dontwait))) return;
      std::optional<xeus::xmessage> request = read(wire);
      if (!request) continue;
      // Only execute requests are aborted; completions, inspections and the like still run.
      if (message_type(*request) != "execute_request") {
        deferred_.push_back(std::move(*request));
        continue;
      }
      publish_status("busy", request->header());
      nl::json content = {{"status", "aborted"}};
      xeus::xmessage reply(request->identities(),
                           xeus::make_header("execute_reply", user_, session_), request->header(),
                           content, content, xeus::buffer_sequence());
      xserver_zmq::send_shell_impl(std::move(reply));
      publish_status("idle", request->header());
    }
  }

  void publish_status(const char* state, const nl::json& parent) {
    xeus::xpub_message status(status_topic_, xeus::make_header("status", user_, session_), parent,
                              nl::json::object(), {{"execution_state", state}},
                              xeus::buffer_sequence());
    xserver_zmq::publish_impl(std::move(status), xeus::channel::SHELL);
  }

  void send_shell_impl(xeus::xmessage message) override {
    if (message_type(message) == "execute_reply") {
      if (stop_on_error_ && message.content().value("status", std::string()) == "error") {
        abort_queued_requests();
      }
      stop_on_error_ = false;
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
      if (item.revents & ZMQ_POLLIN) {
        zmq::multipart_t answer;
        answer.recv(m_stdin);
        // A malformed reply is dropped like any request; the user's answer is still awaited.
        if (std::optional<xeus::xmessage> reply = read(answer)) {
          notify_stdin_listener(std::move(*reply));
          return;
        }
      }
      if (RlabKernel* kernel = rlab_kernel(); kernel != nullptr && kernel->interrupt_pending()) {
        throw InputAbandoned();
      }
    }
  }

  void drop_stale_replies() {
    zmq::multipart_t stale;
    while (stale.recv(m_stdin, static_cast<int>(zmq::recv_flags::dontwait))) stale.clear();
  }

  // Whether the execute request being handled aborts the queue if it fails.
  bool stop_on_error_ = false;
  // Requests taken off the shell socket while aborting that still want an answer, in order.
  std::deque<xeus::xmessage> deferred_;
  std::string status_topic_;
  std::string session_;
  std::string user_;
};

}  // namespace

std::unique_ptr<xeus::xserver> make_server(xeus::xcontext& context,
                                           const xeus::xconfiguration& config,
                                           nl::json::error_handler_t error_handler) {
  return std::make_unique<RepairingServer>(context.get_wrapped_context<zmq::context_t>(), config,
                                           error_handler);
}

}  // namespace llmlab::jupyter
