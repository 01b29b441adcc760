// The connection file Jupyter writes for a kernel: where to listen and the signing key. Read
// here rather than by xeus so that a bad file is reported by name and field, not as a JSON
// library exception.
#pragma once

#include <optional>
#include <string>
#include <xeus/xkernel_configuration.hpp>

namespace llmlab::jupyter {

// The configuration, or nullopt with `error` set ("shell_port: missing", "not JSON: ...").
std::optional<xeus::xconfiguration> read_connection_file(const std::string& path,
                                                         std::string& error);

// Empty when every port of `config` can be bound now; else which one cannot and why.
std::string check_ports_free(const xeus::xconfiguration& config);

}  // namespace llmlab::jupyter
