/* OpenMP's runtime calls for a build without threads (LLMLAB_THREADS off: WebAssembly), where
   the compiler honours only `omp simd` (-fopenmp-simd) and every parallel region runs on the
   calling thread: a team of one. Only the calls llmlab makes. */
#ifndef LLMLAB_SERIAL_OPENMP_H
#define LLMLAB_SERIAL_OPENMP_H

static inline int omp_get_thread_num(void) { return 0; }
static inline int omp_get_num_threads(void) { return 1; }
static inline int omp_get_max_threads(void) { return 1; }
static inline void omp_set_dynamic(int dynamic) { (void)dynamic; }

#endif
