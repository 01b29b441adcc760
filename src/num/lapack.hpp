// Internal to num/: a guard for OpenBLAS's thread count around LAPACK calls (the routines
// themselves come from num/blas_library.hpp).
#pragma once

#include "num/blas_library.hpp"

namespace llmlab::num::detail {

// Runs the enclosing scope's BLAS calls on one thread. LAPACK's SVD of a lab-sized matrix is a
// stream of small BLAS-2 calls: with 2 threads a 256×256 SVD measured 3-5× the CPU time of one
// thread, and over 10× the wall time on a loaded machine. Not for concurrent callers: the
// thread count is process-wide (the interpreter is single-threaded).
class SingleThreadedBlas {
 public:
  SingleThreadedBlas() : saved_(blas::library().get_num_threads()) {
    blas::library().set_num_threads(1);
  }
  ~SingleThreadedBlas() { blas::library().set_num_threads(saved_); }
  SingleThreadedBlas(const SingleThreadedBlas&) = delete;
  SingleThreadedBlas& operator=(const SingleThreadedBlas&) = delete;

 private:
  int saved_;
};

}  // namespace llmlab::num::detail
