// Finding and loading the plot backend module (see backend.hpp). CMake passes the module's file
// name and install folder, so that the code and the build never disagree about either.
#include "plot/backend.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/messages/figure_export.hpp"
#include "base/shared_library.hpp"

#ifndef LLMLAB_PLOT_BACKEND_FILE
#error "CMake defines LLMLAB_PLOT_BACKEND_FILE (the module's file name)"
#endif
#ifndef LLMLAB_PLOT_BACKEND_INSTALL_DIR
#error "CMake defines LLMLAB_PLOT_BACKEND_INSTALL_DIR (where `cmake --install` puts the module)"
#endif

namespace llmlab::plot {
namespace {

namespace fs = std::filesystem;

// An explicit choice wins alone (tests and fuzzers point at their build's module); otherwise
// the module beside the executable, as the build and an unpacked tarball lay it out, then the
// installed one.
std::vector<std::string> candidate_paths() {
  if (const char* chosen = std::getenv("LLMLAB_PLOT_BACKEND"); chosen != nullptr && *chosen) {
    return {chosen};
  }
  std::vector<std::string> paths;
  std::error_code error;
  const fs::path executable = fs::read_symlink("/proc/self/exe", error);
  if (!error) paths.push_back((executable.parent_path() / LLMLAB_PLOT_BACKEND_FILE).string());
  paths.push_back((fs::path(LLMLAB_PLOT_BACKEND_INSTALL_DIR) / LLMLAB_PLOT_BACKEND_FILE).string());
  return paths;
}

// The entry point, or why `path` does not provide one.
const Backend* open_module(const std::string& path, std::string& why) {
  std::error_code error;
  if (!fs::exists(path, error)) {
    why = messages::plot_backend_missing;
    return nullptr;
  }
  std::optional<SharedLibrary> library = SharedLibrary::open(path, why);
  if (!library) return nullptr;
  const auto entry = library->function<BackendEntry>(kBackendEntry);
  if (entry == nullptr) {
    why = fmt::format(messages::plot_backend_wrong_version, kBackendEntry);
    library->close();
    return nullptr;
  }
  // The module stays loaded for the life of the process: figures may be drawn at any time.
  return entry();
}

const Backend& load_backend() {
  if (!backend_built()) {
    throw Error(std::string(messages::plot_raster_not_built));
  }
  std::string tried;
  for (const std::string& path : candidate_paths()) {
    std::string why;
    if (const Backend* loaded = open_module(path, why)) return *loaded;
    tried += fmt::format("{}'{}': {}", tried.empty() ? "" : "; ", path, why);
  }
  throw Error(fmt::format(messages::plot_backend_cannot_load, tried));
}

}  // namespace

// Built without the module (LLMLAB_CAIRO off: the WebAssembly build), CMake names no file.
bool backend_built() { return !std::string_view(LLMLAB_PLOT_BACKEND_FILE).empty(); }

const Backend& backend() {
  // Initialised once; a failed load throws and is tried again on the next call.
  static const Backend& loaded = load_backend();
  return loaded;
}

}  // namespace llmlab::plot
