// The llmlab executable: everything lives in llmlab_app; this only hands over argv.
#include <malloc.h>

#include "app/cli.hpp"

int main(int argc, char** argv) {
  // A script allocates and frees arrays of a few hundred KiB at every operation (an autodiff
  // step: thousands of them). With glibc's defaults each one above the mmap threshold is a fresh
  // mapping, zero pages faulted in and unmapped again, and freed heap tops are trimmed back to
  // the system; a fixed high threshold keeps those buffers in the heap for reuse (the step's
  // peak memory is unchanged; the autodiff benchmark runs about 10% faster).
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  return llmlab::app::main(argc, argv);
}
