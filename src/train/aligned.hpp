// 64-byte-aligned vectors for the trainer's buffers. Vectorised reductions peel a prologue up
// to the first aligned element, so their rounding depends on the buffer's address modulo the
// vector width; pinning the alignment makes a run depend only on its seed, not on where the
// allocator happened to put the buffers (two runs in one process give the same losses).
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace llmlab::train {

template <class T>
struct AlignedAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlignment{64};

  AlignedAllocator() = default;
  template <class U>
  explicit AlignedAllocator(const AlignedAllocator<U>&) {}

  T* allocate(std::size_t count) {
    return static_cast<T*>(::operator new(count * sizeof(T), kAlignment));
  }
  void deallocate(T* pointer, std::size_t) { ::operator delete(pointer, kAlignment); }

  template <class U>
  bool operator==(const AlignedAllocator<U>&) const {
    return true;
  }
};

template <class T>
using AlignedVector = std::vector<T, AlignedAllocator<T>>;

}  // namespace llmlab::train
