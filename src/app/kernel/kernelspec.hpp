// The kernelspecs that tell Jupyter how to start us, one per dialect (language.md §14):
// <data dir>/kernels/llmlab/ ("llmlab (rlab)") and kernels/llmlab-matlab/ ("llmlab (MATLAB)"),
// each with kernel.json (this binary's absolute path: `llmlab kernel -f ... --dialect D` starts
// llmlab-kernel) and two logos drawn by the plot renderer.
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
// $VIRTUAL_ENV, else /usr) for --sys-prefix; then kernels/.
std::string kernels_directory(const SpecTarget& target);

// Write or remove both kernelspecs; the exit status, messages on stdout/stderr.
int install_kernelspec(const SpecTarget& target);
int uninstall_kernelspec(const SpecTarget& target);

// A `size`×`size` PNG of the logo.
std::string draw_logo_png(int size);

}  // namespace llmlab::app::kernel
