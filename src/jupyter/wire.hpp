// Reading one request off a kernel socket: the one place where bytes from the network become a
// message the kernel handles. Everything is checked before use, in this order: the frames (a
// "<IDS|MSG>" delimiter followed by the signature, header, parent header, metadata and content),
// the signature (xeus, on the bytes as received), and the JSON type of every field the kernel
// or xeus reads. A request that fails any check is dropped and logged, as ipykernel drops it;
// none is fatal. Content that is not UTF-8 under a valid signature is repaired instead (each bad
// byte becomes U+FFFD, as Python's clients decode such text) and signed again.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <xeus/xauthentication.hpp>
#include <xeus/xmessage.hpp>
#include <zmq_addon.hpp>

namespace llmlab::jupyter {

// Why a request was dropped ("a message needs 5 frames after <IDS|MSG>, got 2").
class RequestDropped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The checked request, or RequestDropped saying why not. `wire` is consumed.
xeus::xmessage read_request(zmq::multipart_t& wire, const xeus::xauthentication& auth);

// Why a signed, parsed request cannot be handled (a header that is not an object, a numeric
// msg_type, `silent: "yes"`, content that is not an object, ...), or nothing. Checks every field
// that the kernel and xeus read for the request's msg_type.
std::optional<std::string> field_problem(const nl::json& header, const nl::json& parent_header,
                                         const nl::json& metadata, const nl::json& content);

// The options of an execute_request whose fields passed field_problem.
struct ExecuteOptions {
  bool silent = false;
  bool store_history = true;
  bool stop_on_error = true;  // ipykernel's default
};
ExecuteOptions execute_options(const nl::json& content);

}  // namespace llmlab::jupyter
