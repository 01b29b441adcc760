// Force-included in the WebAssembly build only (cmake/wasm.cmake): emscripten 3.1.6's libc++ 13
// lacks C++20's std::bit_cast, which the compiler's builtin provides as the same operation, and
// std::make_unique_for_overwrite, which for arrays of floats is new[] without initialisers, and
// the range algorithms (std::ranges::any_of over a range, the one the sources use).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <version>

#if !defined(__cpp_lib_bit_cast)
namespace std {
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}
}  // namespace std
#endif

#if !defined(__cpp_lib_smart_ptr_for_overwrite)
namespace std {
template <class T>
requires std::is_unbounded_array_v<T> unique_ptr<T> make_unique_for_overwrite(size_t count) {
  return unique_ptr<T>(new std::remove_extent_t<T>[count]);
}
}  // namespace std
#endif

#if !defined(__cpp_lib_ranges)
namespace std::ranges {
// any_of(range, predicate): no projection, as the sources call it.
template <class Range, class Predicate>
bool any_of(Range&& range, Predicate predicate) {
  return std::any_of(std::begin(range), std::end(range), predicate);
}
}  // namespace std::ranges
#endif
