// The build's choice of BLAS and LAPACK (blas_library.hpp): CMake defines LLMLAB_OPENBLAS to 1
// for OpenBLAS (native) or 0 for Eigen (the WebAssembly build).
#include "num/blas_library.hpp"

#ifndef LLMLAB_OPENBLAS
#error "CMake defines LLMLAB_OPENBLAS (1: OpenBLAS, 0: Eigen's own routines)"
#endif

namespace llmlab::num::blas {

const Library& library() {
#if LLMLAB_OPENBLAS
  return openblas_library();
#else
  return eigen_library();
#endif
}

}  // namespace llmlab::num::blas
