// The checks behind read_request. The field table lists, per request type, each content field
// that RlabKernel or xeus 2.4 reads (xeus reads them with nlohmann's value() and operator[],
// which throw or assert on a wrong type or a missing key: outside any handler's try, that was
// the kernel's abort).
#include "jupyter/wire.hpp"

#include <fmt/format.h>

#include <array>
#include <climits>
#include <iostream>
#include <span>
#include <string_view>
#include <xeus/xzmq_serializer.hpp>

#include "base/messages/notebook.hpp"
#include "base/utf8.hpp"

namespace llmlab::jupyter {

namespace {

constexpr std::string_view kDelimiter = "<IDS|MSG>";
// Wire frames after the delimiter: signature, header, parent, metadata, content (then buffers).
constexpr std::size_t kSignature = 1;
constexpr std::size_t kHeader = 2;
constexpr std::size_t kParent = 3;
constexpr std::size_t kMetadata = 4;
constexpr std::size_t kContent = 5;

enum class Type { String, Boolean, Integer, Object };
enum class Presence { Optional, Required };

struct Field {
  std::string_view name;
  Type type;
  Presence presence = Presence::Optional;
};

struct RequestFields {
  std::string_view msg_type;
  std::span<const Field> fields;
};

constexpr std::array kExecute{Field{"code", Type::String, Presence::Required},
                              Field{"silent", Type::Boolean},
                              Field{"store_history", Type::Boolean},
                              Field{"user_expressions", Type::Object},
                              Field{"allow_stdin", Type::Boolean},
                              Field{"stop_on_error", Type::Boolean}};
constexpr std::array kComplete{Field{"code", Type::String, Presence::Required},
                               Field{"cursor_pos", Type::Integer}};
constexpr std::array kInspect{Field{"code", Type::String, Presence::Required},
                              Field{"cursor_pos", Type::Integer},
                              Field{"detail_level", Type::Integer}};
constexpr std::array kHistory{Field{"hist_access_type", Type::String},
                              Field{"output", Type::Boolean},
                              Field{"raw", Type::Boolean},
                              Field{"session", Type::Integer},
                              Field{"start", Type::Integer},
                              Field{"stop", Type::Integer},
                              Field{"n", Type::Integer},
                              Field{"pattern", Type::String},
                              Field{"unique", Type::Boolean}};
constexpr std::array kCode{Field{"code", Type::String, Presence::Required}};
constexpr std::array kCommInfo{Field{"target_name", Type::String}};
constexpr std::array kCommOpen{Field{"comm_id", Type::String, Presence::Required},
                               Field{"target_name", Type::String, Presence::Required},
                               Field{"data", Type::Object}, Field{"metadata", Type::Object}};
constexpr std::array kCommMessage{Field{"comm_id", Type::String, Presence::Required},
                                  Field{"data", Type::Object}};
constexpr std::array kShutdown{Field{"restart", Type::Boolean}};
constexpr std::array kInputReply{Field{"value", Type::String}};

constexpr std::array kRequests{
    RequestFields{"execute_request", kExecute},  RequestFields{"complete_request", kComplete},
    RequestFields{"inspect_request", kInspect},  RequestFields{"history_request", kHistory},
    RequestFields{"is_complete_request", kCode}, RequestFields{"comm_info_request", kCommInfo},
    RequestFields{"comm_open", kCommOpen},       RequestFields{"comm_msg", kCommMessage},
    RequestFields{"comm_close", kCommMessage},   RequestFields{"shutdown_request", kShutdown},
    RequestFields{"input_reply", kInputReply}};

// The header fields xeus copies into replies and reads back.
constexpr std::array kHeaderFields{Field{"msg_type", Type::String, Presence::Required},
                                   Field{"msg_id", Type::String},
                                   Field{"session", Type::String},
                                   Field{"username", Type::String},
                                   Field{"version", Type::String},
                                   Field{"date", Type::String}};

std::string_view type_name(Type type) {
  switch (type) {
    case Type::String:
      return "a string";
    case Type::Boolean:
      return "true or false";
    case Type::Integer:
      return "a whole number";
    case Type::Object:
      return "an object";
  }
  return "?";
}

bool has_type(const nl::json& value, Type type) {
  switch (type) {
    case Type::String:
      return value.is_string();
    case Type::Boolean:
      return value.is_boolean();
    case Type::Integer:
      // xeus reads cursors and counts as int.
      if (value.is_number_unsigned()) {
        return value.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT_MAX);
      }
      return value.is_number_integer() && value.get<std::int64_t>() >= INT_MIN &&
             value.get<std::int64_t>() <= INT_MAX;
    case Type::Object:
      return value.is_object();
  }
  return false;
}

std::optional<std::string> fields_problem(const nl::json& object, std::string_view part,
                                          std::span<const Field> fields) {
  for (const Field& field : fields) {
    const auto found = object.find(field.name);
    if (found == object.end()) {
      if (field.presence == Presence::Required) {
        return fmt::format(messages::wire_field_missing, part, field.name);
      }
      continue;
    }
    if (!has_type(*found, field.type)) {
      return fmt::format(messages::wire_field_kind, part, field.name, type_name(field.type),
                         found->type_name());
    }
  }
  return std::nullopt;
}

// Which frame holds the delimiter, when there are the five the protocol puts after it.
std::optional<std::size_t> delimiter_of(const zmq::multipart_t& wire, std::string& problem) {
  std::size_t delimiter = 0;
  while (delimiter < wire.size() && wire[delimiter].to_string_view() != kDelimiter) ++delimiter;
  if (delimiter == wire.size()) {
    problem = fmt::format(messages::wire_no_delimiter, kDelimiter, wire.size());
    return std::nullopt;
  }
  const std::size_t after = wire.size() - delimiter - 1;
  if (after < kContent) {
    problem = fmt::format(messages::wire_frames_missing, kContent, kDelimiter, after);
    return std::nullopt;
  }
  return delimiter;
}

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

xeus::xraw_buffer raw(const zmq::message_t& frame) {
  return {static_cast<const unsigned char*>(frame.data()), frame.size()};
}

// Content that is not UTF-8, under a valid signature: repaired and signed again (a forged one is
// left for deserialize to reject).
void repair(zmq::multipart_t& wire, std::size_t delimiter, const xeus::xauthentication& auth) {
  zmq::message_t& content = wire[delimiter + kContent];
  if (is_valid_utf8(content.to_string_view())) return;
  const zmq::message_t& header = wire[delimiter + kHeader];
  const zmq::message_t& parent = wire[delimiter + kParent];
  const zmq::message_t& metadata = wire[delimiter + kMetadata];
  if (!auth.verify(raw(wire[delimiter + kSignature]), raw(header), raw(parent), raw(metadata),
                   raw(content))) {
    return;
  }
  std::cerr << messages::kernel_request_not_utf8 << std::endl;
  const std::string fixed = repaired(content.to_string_view());
  content.rebuild(fixed.data(), fixed.size());
  const std::string signature = auth.sign(raw(header), raw(parent), raw(metadata), raw(content));
  wire[delimiter + kSignature].rebuild(signature.data(), signature.size());
}

}  // namespace

std::optional<std::string> field_problem(const nl::json& header, const nl::json& parent_header,
                                         const nl::json& metadata, const nl::json& content) {
  if (!header.is_object())
    return fmt::format(messages::wire_part_not_object, "header", header.type_name());
  if (auto problem = fields_problem(header, "header", kHeaderFields)) return problem;
  if (!parent_header.is_object()) {
    return fmt::format(messages::wire_part_not_object, "parent header", parent_header.type_name());
  }
  if (!metadata.is_object()) {
    return fmt::format(messages::wire_part_not_object, "metadata", metadata.type_name());
  }
  if (!content.is_object()) {
    return fmt::format(messages::wire_part_not_object, "content", content.type_name());
  }
  const std::string& type = header["msg_type"].get_ref<const std::string&>();
  for (const RequestFields& request : kRequests) {
    if (request.msg_type == type) return fields_problem(content, "content", request.fields);
  }
  return std::nullopt;  // a type the kernel does not handle: xeus answers it as unknown
}

xeus::xmessage read_request(zmq::multipart_t& wire, const xeus::xauthentication& auth) {
  std::string problem;
  const std::optional<std::size_t> delimiter = delimiter_of(wire, problem);
  if (!delimiter) throw RequestDropped(problem);
  repair(wire, *delimiter, auth);
  xeus::xmessage request = [&] {
    try {
      return xeus::xzmq_serializer::deserialize(wire, auth);
    } catch (const std::exception& error) {
      throw RequestDropped(error.what());  // the signature, or JSON that does not parse
    }
  }();
  if (auto why = field_problem(request.header(), request.parent_header(), request.metadata(),
                               request.content())) {
    throw RequestDropped(*why);
  }
  return request;
}

ExecuteOptions execute_options(const nl::json& content) {
  ExecuteOptions options;
  options.silent = content.value("silent", false);
  options.store_history = content.value("store_history", true);
  options.stop_on_error = !options.silent && content.value("stop_on_error", true);
  return options;
}

}  // namespace llmlab::jupyter
