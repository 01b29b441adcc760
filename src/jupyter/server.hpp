// xeus's ZeroMQ server with one change in front: every message from the sockets goes through
// read_request (jupyter/wire.hpp), which checks its frames, signature and field types and drops a
// bad one with a line in the log, never fatal, and repairs content that is not UTF-8 (a cell
// holding stray bytes) instead of letting the JSON parser drop it unanswered. It also keeps
// Jupyter's execution count (RlabKernel::begin_execute_request) and waits for an input reply in
// slices, so an interrupt while the user is asked still stops the cell.
#pragma once

#include <memory>
#include <stdexcept>
#include <xeus/xserver_zmq.hpp>

#include "base/messages/notebook.hpp"

namespace llmlab::jupyter {

// Thrown out of an input request the server stopped waiting for: the running cell was asked to
// stop while the front end was asking the user (RlabKernel::read_input turns it into the
// interrupt).
class InputAbandoned : public std::runtime_error {
 public:
  InputAbandoned() : std::runtime_error(std::string(messages::input_abandoned)) {}
};

std::unique_ptr<xeus::xserver> make_server(xeus::xcontext& context,
                                           const xeus::xconfiguration& config,
                                           nl::json::error_handler_t error_handler);

}  // namespace llmlab::jupyter
