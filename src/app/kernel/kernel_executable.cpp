// Finding and starting llmlab-kernel, as plot/backend.cpp finds the plot module: beside the
// running executable first, then the directory `cmake --install` puts it in.
#include "app/kernel/kernel_executable.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "base/messages/notebook.hpp"
#include "base/process.hpp"

#ifndef LLMLAB_KERNEL_FILE
#error "CMake defines LLMLAB_KERNEL_FILE (the kernel executable's file name)"
#endif
#ifndef LLMLAB_KERNEL_INSTALL_DIR
#error "CMake defines LLMLAB_KERNEL_INSTALL_DIR (where `cmake --install` puts the kernel)"
#endif

namespace llmlab::app::kernel {

namespace fs = std::filesystem;

std::optional<std::string> find_kernel_executable(std::string& tried) {
  std::vector<std::string> paths;
  if (const std::string self = executable_path(); !self.empty()) {
    paths.push_back((fs::path(self).parent_path() / LLMLAB_KERNEL_FILE).string());
  }
  paths.push_back((fs::path(LLMLAB_KERNEL_INSTALL_DIR) / LLMLAB_KERNEL_FILE).string());
  tried.clear();
  for (const std::string& path : paths) {
    std::error_code error;
    if (fs::exists(path, error)) return path;
    tried += fmt::format("{}'{}'", tried.empty() ? "" : " nor ", path);
  }
  return std::nullopt;
}

int exec_kernel(const std::string& connection_path, const std::string& dialect) {
  std::string tried;
  const std::optional<std::string> kernel = find_kernel_executable(tried);
  if (!kernel) {
    fmt::print(stderr, "{}\n", fmt::format(messages::kernel_not_found, LLMLAB_KERNEL_FILE, tried));
    return kExitScriptError;
  }
  std::vector<char*> arguments{
      const_cast<char*>(kernel->c_str()),         const_cast<char*>("-f"),
      const_cast<char*>(connection_path.c_str()), const_cast<char*>("--dialect"),
      const_cast<char*>(dialect.c_str()),         nullptr};
  std::fflush(nullptr);  // buffered output would otherwise be lost with this process image
  execv(kernel->c_str(), arguments.data());
  const int reason = errno;
  fmt::print(stderr, "{}\n",
             fmt::format(messages::kernel_cannot_run, *kernel, std::strerror(reason)));
  return kExitScriptError;
}

}  // namespace llmlab::app::kernel
