// Loading OpenBLAS on first use (see blas_library.hpp); built when LLMLAB_OPENBLAS is on. CMake
// passes the soname of the library it found, so that the build and the loader never disagree
// about which one it is.
#include <fmt/format.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "base/error.hpp"
#include "base/shared_library.hpp"
#include "num/blas_library.hpp"

#ifndef LLMLAB_BLAS_SONAME
#error "CMake defines LLMLAB_BLAS_SONAME (the soname of the OpenBLAS it found)"
#endif

namespace llmlab::num::blas {
namespace {

std::string library_file() {
  const char* chosen = std::getenv("LLMLAB_BLAS");
  return chosen != nullptr && *chosen ? chosen : LLMLAB_BLAS_SONAME;
}

template <class Function>
void bind(const SharedLibrary& library, const std::string& file, const char* symbol,
          Function& function) {
  function = library.function<Function>(symbol);
  if (function == nullptr) {
    throw Error(fmt::format("cannot use the BLAS library '{}': it has no {} (not OpenBLAS?)", file,
                            symbol));
  }
}

Library load() {
  const std::string file = library_file();
  std::string why;
  std::optional<SharedLibrary> opened = SharedLibrary::open(file, why);
  if (!opened) {
    throw Error(fmt::format(
        "cannot load the BLAS library (needed for matrix products and LAPACK): '{}': {}", file,
        why));
  }
  const SharedLibrary& handle = *opened;
  Library loaded{};
  try {
    bind(handle, file, "cblas_dgemm", loaded.dgemm);
    bind(handle, file, "dgesvd_", loaded.dgesvd);
    bind(handle, file, "dgesdd_", loaded.dgesdd);
    bind(handle, file, "dgetrf_", loaded.dgetrf);
    bind(handle, file, "zgetrf_", loaded.zgetrf);
    bind(handle, file, "dgetrs_", loaded.dgetrs);
    bind(handle, file, "zgetrs_", loaded.zgetrs);
    bind(handle, file, "dlange_", loaded.dlange);
    bind(handle, file, "zlange_", loaded.zlange);
    bind(handle, file, "dgecon_", loaded.dgecon);
    bind(handle, file, "zgecon_", loaded.zgecon);
    bind(handle, file, "dgelsd_", loaded.dgelsd);
    bind(handle, file, "zgelsd_", loaded.zgelsd);
    bind(handle, file, "openblas_set_num_threads", loaded.set_num_threads);
    bind(handle, file, "openblas_get_num_threads", loaded.get_num_threads);
  } catch (const Error&) {
    opened->close();
    throw;
  }
  // Stays loaded for the life of the process: the pointers above point into it.
  return loaded;
}

}  // namespace

const Library& openblas_library() {
  static const Library loaded = load();
  return loaded;
}

}  // namespace llmlab::num::blas
