// Loading OpenBLAS on first use (see blas_library.hpp); built when LLMLAB_OPENBLAS is on. CMake
// passes the soname of the library it found, so that the build and the loader never disagree
// about which one it is.
#include <fmt/format.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "base/shared_library.hpp"
#include "num/blas_library.hpp"

#ifndef LLMLAB_BLAS_SONAME
#error "CMake defines LLMLAB_BLAS_SONAME (the soname of the OpenBLAS it found)"
#endif

namespace llmlab::num::blas {
namespace {

// OpenBLAS (Debian 12 ships 0.3.21) picks its kernels by the CPU's family and model number, and
// takes an Intel model it does not know for a Prescott of 2004: SSE3 kernels, at 6-8 GFLOP/s
// for products that its AVX-512 kernels run at 40-50 on the same core (measured on a model 207
// Xeon; upstream fixed the fallback in 0.3.25, PR 4268). The kernels are chosen once, when the
// library loads, from OPENBLAS_CORETYPE. So unless the user set it, llmlab names the kernel set
// that the CPU's instruction set supports before loading: SkylakeX where AVX-512 F, CD, DQ, BW
// and VL are all there (what those kernels use), Haswell with AVX2 and FMA, and otherwise
// OpenBLAS's own choice. A CPU OpenBLAS knows gets the instruction-set family it would choose
// itself (its newer sets for such CPUs add bf16 kernels, which num/ never calls). It runs once,
// before the first product, from the thread that asks for it.
void name_kernels_for_this_cpu() {
  if (std::getenv("OPENBLAS_CORETYPE") != nullptr) return;
#if defined(__x86_64__)
  __builtin_cpu_init();
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512vl");
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  if (avx512) {
    setenv("OPENBLAS_CORETYPE", "SkylakeX", 0);
  } else if (avx2) {
    setenv("OPENBLAS_CORETYPE", "Haswell", 0);
  }
#endif
}

std::string library_file() {
  const char* chosen = std::getenv("LLMLAB_BLAS");
  return chosen != nullptr && *chosen ? chosen : LLMLAB_BLAS_SONAME;
}

template <class Function>
void bind(const SharedLibrary& library, const std::string& file, const char* symbol,
          Function& function) {
  function = library.function<Function>(symbol);
  if (function == nullptr) {
    throw Error(fmt::format(messages::blas_not_openblas, file, symbol));
  }
}

Library load() {
  name_kernels_for_this_cpu();
  const std::string file = library_file();
  std::string why;
  std::optional<SharedLibrary> opened = SharedLibrary::open(file, why);
  if (!opened) {
    throw Error(fmt::format(messages::blas_cannot_load, file, why));
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
