// The kernelspec that tells Jupyter how to start us: <data dir>/kernels/llmlab/ with
// kernel.json (this binary's absolute path: `llmlab kernel -f` starts llmlab-kernel) and two
// logos drawn by the plot renderer.
#pragma once

#include <string>

namespace llmlab::app::kernel {

enum class SpecLocation { User, Prefix, SysPrefix };

struct SpecTarget {
  SpecLocation location = SpecLocation::User;
  std::string prefix;  // for SpecLocation::Prefix
};

// The directory the kernelspec goes to: $JUPYTER_DATA_DIR (or ~/.local/share/jupyter) for
// the user, PREFIX/share/jupyter, or the Python environment's prefix ($CONDA_PREFIX,
// $VIRTUAL_ENV, else /usr) for --sys-prefix; then kernels/llmlab.
std::string kernelspec_directory(const SpecTarget& target);

// Write or remove the kernelspec; the exit status, messages on stdout/stderr.
int install_kernelspec(const SpecTarget& target);
int uninstall_kernelspec(const SpecTarget& target);

// A `size`×`size` PNG of the logo.
std::string draw_logo_png(int size);

}  // namespace llmlab::app::kernel
