// LLMLAB_AVX512_CLONES compiles a hot elementwise or row kernel twice, for the build's baseline
// (AVX2 in release) and for AVX-512 (x86-64-v4), and the loader picks the clone the processor
// runs (GCC's function multiversioning). The release build may assume only AVX2, yet on an
// AVX-512 machine the wider clone runs GELU ≈30 % faster (half the instructions per element).
// Elementwise kernels give identical results in both clones; the lane count of a vectorised
// reduction can change its rounding, so a result may differ between machines, never between
// runs on one. Internal to nn/ and train/.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define LLMLAB_AVX512_CLONES __attribute__((target_clones("arch=x86-64-v4", "default")))
#else
#define LLMLAB_AVX512_CLONES
#endif
