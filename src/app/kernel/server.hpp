// xeus's ZeroMQ server with one change: a request whose content is not valid UTF-8 (a cell
// holding stray bytes) is repaired, each bad byte becoming U+FFFD as Python's clients decode
// such text, instead of being dropped unanswered by the JSON parser. The signature is checked
// on the bytes as received, before any repair; a forged message is still dropped and logged.
#pragma once

#include <memory>
#include <xeus/xserver_zmq.hpp>

namespace llmlab::app::kernel {

std::unique_ptr<xeus::xserver> make_server(xeus::xcontext& context,
                                           const xeus::xconfiguration& config,
                                           nl::json::error_handler_t error_handler);

}  // namespace llmlab::app::kernel
