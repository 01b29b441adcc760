// Loading OpenBLAS on first use (see blas_library.hpp). CMake passes the soname of the library
// it found, so that the build and the loader never disagree about which one it is.
#include "num/blas_library.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "base/error.hpp"

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
void bind(void* handle, const std::string& file, const char* symbol, Function& function) {
  void* address = dlsym(handle, symbol);
  if (address == nullptr) {
    throw Error(fmt::format("cannot use the BLAS library '{}': it has no {} (not OpenBLAS?)", file,
                            symbol));
  }
  static_assert(sizeof function == sizeof address);
  std::memcpy(&function, &address, sizeof function);
}

Library load() {
  const std::string file = library_file();
  // RTLD_NOW: a missing dependency (libgfortran) is reported here, not at the first call.
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    throw Error(
        fmt::format("cannot load the BLAS library (needed for matrix products and "
                    "LAPACK): '{}': {}",
                    file, why != nullptr ? why : "dlopen failed"));
  }
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
    dlclose(handle);
    throw;
  }
  // Stays loaded for the life of the process: the pointers above point into it.
  return loaded;
}

}  // namespace

const Library& library() {
  static const Library loaded = load();
  return loaded;
}

}  // namespace llmlab::num::blas
