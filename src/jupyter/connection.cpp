// Connection files (jupyter_client's format): JSON with transport, ip, five ports, key and
// signature_scheme.
#include "jupyter/connection.hpp"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <utility>

#include "base/file.hpp"
#include "base/messages/notebook.hpp"

namespace llmlab::jupyter {

namespace {

using nlohmann::json;

// A port may be written as a number or a numeric string; 1…65535.
std::optional<std::string> port_field(const json& file, const char* name, std::string& error) {
  if (!file.contains(name)) {
    error = fmt::format(messages::connection_field_missing, name);
    return std::nullopt;
  }
  const json& value = file[name];
  long port = -1;
  if (value.is_number_integer()) {
    port = value.get<long>();
  } else if (value.is_string()) {
    const std::string text = value.get<std::string>();
    char* end = nullptr;
    port = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0') port = -1;
  }
  if (port < 1 || port > 65535) {
    error = fmt::format(messages::connection_port_invalid, name, value.dump());
    return std::nullopt;
  }
  return std::to_string(port);
}

std::optional<std::string> string_field(const json& file, const char* name, std::string fallback,
                                        std::string& error) {
  if (!file.contains(name)) return fallback;
  if (!file[name].is_string()) {
    error = fmt::format(messages::connection_field_not_string, name, file[name].dump());
    return std::nullopt;
  }
  return file[name].get<std::string>();
}

}  // namespace

std::optional<xeus::xconfiguration> read_connection_file(const std::string& path,
                                                         std::string& error) {
  std::string reason;
  const std::optional<std::string> text = llmlab::read_file(path, reason);
  if (!text) {
    error = cannot_read(path, reason);
    return std::nullopt;
  }
  const json file = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (file.is_discarded()) {
    error = std::string(messages::connection_not_json);
    return std::nullopt;
  }
  if (!file.is_object()) {
    error = std::string(messages::connection_not_object);
    return std::nullopt;
  }
  xeus::xconfiguration config;
  const std::pair<const char*, std::string*> ports[] = {{"shell_port", &config.m_shell_port},
                                                        {"iopub_port", &config.m_iopub_port},
                                                        {"stdin_port", &config.m_stdin_port},
                                                        {"control_port", &config.m_control_port},
                                                        {"hb_port", &config.m_hb_port}};
  for (const auto& [name, slot] : ports) {
    const std::optional<std::string> port = port_field(file, name, error);
    if (!port) return std::nullopt;
    *slot = *port;
  }
  const auto transport = string_field(file, "transport", "tcp", error);
  const auto ip = string_field(file, "ip", "127.0.0.1", error);
  const auto key = string_field(file, "key", "", error);
  const auto scheme = string_field(file, "signature_scheme", "hmac-sha256", error);
  if (!transport || !ip || !key || !scheme) return std::nullopt;
  if (*transport != "tcp") {
    error = fmt::format(messages::connection_transport_unsupported, *transport);
    return std::nullopt;
  }
  if (!key->empty() && !scheme->starts_with("hmac-")) {
    error = fmt::format(messages::connection_scheme_unsupported, *scheme);
    return std::nullopt;
  }
  config.m_transport = *transport;
  config.m_ip = *ip;
  config.m_key = *key;
  config.m_signature_scheme = *scheme;
  return config;
}

std::string check_ports_free(const xeus::xconfiguration& config) {
  in_addr address{};
  const std::string ip = config.m_ip == "*" ? "0.0.0.0" : config.m_ip;
  if (inet_pton(AF_INET, ip.c_str(), &address) != 1) {
    return fmt::format(messages::connection_ip_invalid, config.m_ip);
  }
  const std::pair<const char*, const std::string*> ports[] = {{"shell", &config.m_shell_port},
                                                              {"iopub", &config.m_iopub_port},
                                                              {"stdin", &config.m_stdin_port},
                                                              {"control", &config.m_control_port},
                                                              {"heartbeat", &config.m_hb_port}};
  for (const auto& [name, port] : ports) {
    const int probe = socket(AF_INET, SOCK_STREAM, 0);
    if (probe < 0) return fmt::format(messages::socket_cannot_open, std::strerror(errno));
    const int yes = 1;
    setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_in where{};
    where.sin_family = AF_INET;
    where.sin_addr = address;
    where.sin_port = htons(static_cast<std::uint16_t>(std::stoi(*port)));
    const bool bound = bind(probe, reinterpret_cast<const sockaddr*>(&where), sizeof where) == 0;
    const int reason = errno;
    close(probe);
    if (!bound) {
      return fmt::format(messages::port_cannot_listen, name, config.m_ip, *port,
                         std::strerror(reason));
    }
  }
  return {};
}

}  // namespace llmlab::jupyter
