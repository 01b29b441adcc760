// The process settings both executables share (base/process.hpp).
#include "base/process.hpp"

#include <malloc.h>

#include <filesystem>
#include <system_error>

namespace llmlab {

void tune_allocator() {
  // A script allocates and frees arrays of a few hundred KiB at every operation (an autodiff
  // step: thousands of them). With glibc's defaults each one above the mmap threshold is a fresh
  // mapping, zero pages faulted in and unmapped again, and freed heap tops are trimmed back to
  // the system; a fixed high threshold keeps those buffers in the heap for reuse (the step's
  // peak memory is unchanged; the autodiff benchmark runs about 10% faster). Kernel cells run
  // the same scripts, so the Jupyter kernel takes the same settings.
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
}

std::string executable_path() {
  std::error_code error;
  const std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string() : path.string();
}

}  // namespace llmlab
