// Installing the kernelspec. The logo is a histogram under a bell curve, what layer norm does
// to activations, painted through the plot backend's image canvas like every PNG llmlab draws.
#include "app/kernel/kernelspec.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "app/kernel/kernel_executable.hpp"
#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/notebook.hpp"
#include "base/process.hpp"
#include "plot/backend.hpp"

namespace llmlab::app::kernel {

namespace fs = std::filesystem;

namespace {

// One kernelspec per dialect: its folder under kernels/, the name Jupyter lists, the language
// a notebook's metadata records, and the kernel's --dialect.
struct KernelVariant {
  const char* name;
  const char* display_name;
  const char* dialect;
};
constexpr KernelVariant kKernels[] = {
    {"llmlab", "llmlab (rlab)", "rlab"},
    {"llmlab-matlab", "llmlab (MATLAB)", "matlab"},
};

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

bool write_file(const fs::path& path, const std::string& bytes) {
  std::string reason;
  return llmlab::write_file(path, bytes, reason);
}

}  // namespace

std::string kernels_directory(const SpecTarget& target) {
  fs::path data;
  switch (target.location) {
    case SpecLocation::User:
      if (const std::string dir = environment("JUPYTER_DATA_DIR"); !dir.empty()) {
        data = dir;
      } else {
        const std::string home = environment("HOME");
        data = fs::path(home.empty() ? "." : home) / ".local/share/jupyter";
      }
      break;
    case SpecLocation::Prefix:
      data = fs::path(target.prefix) / "share/jupyter";
      break;
    case SpecLocation::SysPrefix: {
      std::string prefix = environment("CONDA_PREFIX");
      if (prefix.empty()) prefix = environment("VIRTUAL_ENV");
      if (prefix.empty()) prefix = "/usr";
      data = fs::path(prefix) / "share/jupyter";
      break;
    }
  }
  std::error_code ignored;
  return (fs::absolute(data, ignored) / "kernels").string();
}

std::string draw_logo_png(int size) {
  const std::unique_ptr<plot::ImageCanvas> canvas = plot::backend().image_canvas(size, size);
  {
    plot::Renderer& renderer = canvas->renderer();
    const double s = size;
    renderer.begin(s, s, plot::Color::rgb(0, 0, 0, 0.0));
    renderer.path(plot::Path::rectangle({0, 0, s, s}), plot::Stroke{{}, 0.0, {}, false},
                  plot::Color::rgb(30, 34, 52));
    // Bars of a standard normal histogram, then the density over them.
    constexpr int kBars = 7;
    const double base = s * 0.86;
    const double peak = s * 0.62;
    const double left = s * 0.1;
    const double width = s * 0.8 / kBars;
    for (int i = 0; i < kBars; ++i) {
      const double z = (i + 0.5 - kBars / 2.0) * 0.9;
      const double height = peak * std::exp(-z * z / 2);
      renderer.path(plot::Path::rectangle(
                        {left + i * width + width * 0.08, base - height, width * 0.84, height}),
                    plot::Stroke{{}, 0.0, {}, false}, plot::Color::rgb(86, 156, 214));
    }
    plot::Path curve;
    for (int i = 0; i <= 40; ++i) {
      const double x = left + s * 0.8 * i / 40.0;
      const double z = (i / 40.0 - 0.5) * kBars * 0.9;
      const plot::Point point{x, base - peak * 1.08 * std::exp(-z * z / 2)};
      if (i == 0) {
        curve.move_to(point);
      } else {
        curve.line_to(point);
      }
    }
    renderer.path(curve, plot::Stroke{plot::Color::rgb(255, 159, 64), s / 16.0, {}, true},
                  std::nullopt);
    renderer.path(plot::Path::segment({left, base}, {s - left, base}),
                  plot::Stroke{plot::Color::rgb(220, 220, 220), s / 32.0, {}, false}, std::nullopt);
    renderer.end();
  }
  return canvas->png();
}

namespace {

// kernel.json and the logos of one variant into kernels/<name>; false after an error message.
bool write_kernelspec(const fs::path& directory, const KernelVariant& variant,
                      const std::string& binary, const std::string& logo32,
                      const std::string& logo64) {
  std::error_code error;
  fs::create_directories(directory, error);
  if (error) {
    fmt::print(
        stderr, "{}\n",
        fmt::format(messages::kernel_install_cannot_create, directory.string(), error.message()));
    return false;
  }
  nlohmann::json spec;
  spec["argv"] = {binary, "kernel", "-f", "{connection_file}", "--dialect", variant.dialect};
  spec["display_name"] = variant.display_name;
  spec["language"] = variant.dialect;
  // SIGINT reaches the kernel while a cell runs, when the shell channel is busy.
  spec["interrupt_mode"] = "signal";
  spec["metadata"] = nlohmann::json::object();
  const bool written = write_file(directory / "kernel.json", spec.dump(1) + "\n") &&
                       write_file(directory / "logo-32x32.png", logo32) &&
                       write_file(directory / "logo-64x64.png", logo64);
  if (!written) {
    fmt::print(stderr, "{}\n",
               fmt::format(messages::kernel_install_cannot_write, directory.string()));
    return false;
  }
  fmt::print("Installed the {} kernel in {}\n", variant.display_name, directory.string());
  return true;
}

}  // namespace

int install_kernelspec(const SpecTarget& target) {
  const std::string binary = executable_path();
  if (binary.empty()) {
    fmt::print(stderr, "{}\n", messages::kernel_install_no_executable_path);
    return 1;
  }
  // The kernelspec starts `llmlab kernel -f`, which needs the kernel's executable: a spec
  // Jupyter could never start is refused here rather than at the first notebook.
  if (std::string tried; !find_kernel_executable(tried)) {
    fmt::print(stderr, "{}\n", fmt::format(messages::kernel_install_kernel_missing, tried));
    return 1;
  }
  std::string logo32;
  std::string logo64;
  try {
    logo32 = draw_logo_png(32);
    logo64 = draw_logo_png(64);
  } catch (const Error& failure) {
    fmt::print(stderr, "{}\n",
               fmt::format(messages::kernel_install_cannot_draw_logos, failure.what()));
    return 1;
  }
  const fs::path kernels = kernels_directory(target);
  for (const KernelVariant& variant : kKernels) {
    if (!write_kernelspec(kernels / variant.name, variant, binary, logo32, logo64)) return 1;
  }
  return 0;
}

int uninstall_kernelspec(const SpecTarget& target) {
  const fs::path kernels = kernels_directory(target);
  int removed = 0;
  for (const KernelVariant& variant : kKernels) {
    const fs::path directory = kernels / variant.name;
    std::error_code error;
    if (!fs::exists(directory / "kernel.json", error)) continue;
    fs::remove_all(directory, error);
    if (error) {
      fmt::print(stderr, "{}\n",
                 fmt::format(messages::kernel_uninstall_cannot_remove, directory.string(),
                             error.message()));
      return 1;
    }
    fmt::print("Removed the {} kernel from {}\n", variant.display_name, directory.string());
    ++removed;
  }
  if (removed == 0) {
    fmt::print(stderr, "{}\n", fmt::format(messages::kernel_uninstall_none, kernels.string()));
    return 1;
  }
  return 0;
}

}  // namespace llmlab::app::kernel
