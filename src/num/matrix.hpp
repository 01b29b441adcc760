// The one dense array type: R×C doubles or complex doubles, row-major, copy-on-write.
// Copies share storage; the first write to shared storage clones it (Octave's make_unique),
// so `x(i) = v` in a loop is O(1) once x has one owner. Row-major because every transformer
// kernel works on rows (tokens) and the random streams fill row by row; MATLAB's column-major
// linear index is arithmetic done by the indexing code, not a storage order.
#pragma once

#include <complex>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace llmlab::num {

// std::allocator, except that a value-less construct (vector::resize) default-initialises: a
// double is left unset instead of zeroed. Matrix::uninitialized relies on it.
template <typename T>
struct DefaultInitAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <typename U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
  template <typename U>
  void construct(U* place) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(place)) U;
  }
  template <typename U, typename... Args>
  void construct(U* place, Args&&... arguments) {
    ::new (static_cast<void*>(place)) U(std::forward<Args>(arguments)...);
  }
};

using Index = std::int64_t;
using Complex = std::complex<double>;

class Matrix {
 public:
  enum class Element { Real, ComplexValued };

  Matrix() = default;  // 0×0 real
  Matrix(Index rows, Index columns, double fill = 0.0);
  Matrix(Index rows, Index columns, Element element);  // zero-filled
  // Row-major literal, for tests and small constants: Matrix::from_rows({{1, 2}, {3, 4}}).
  static Matrix from_rows(std::initializer_list<std::initializer_list<double>> rows);
  static Matrix row(std::span<const double> values);     // 1×N
  static Matrix column(std::span<const double> values);  // N×1
  // A real rows × columns matrix whose elements are not set: for kernels that write every
  // element before anything reads one (a product, an element-wise result), so that the buffer
  // is not zero-filled first only to be overwritten.
  static Matrix uninitialized(Index rows, Index columns);

  Index rows() const { return rows_; }
  Index columns() const { return columns_; }
  Index size() const { return rows_ * columns_; }
  bool empty() const { return size() == 0; }
  bool is_complex() const { return storage_ && storage_->is_complex; }
  bool is_real() const { return !is_complex(); }

  // Element access by row-major flat index or (row, column), both 0-based. Real accessors on a
  // complex matrix return the real part; complex accessors work on either.
  double operator[](Index flat) const {
    return is_complex() ? cdata()[flat].real() : rdata()[flat];
  }
  double operator()(Index row, Index column) const { return (*this)[row * columns_ + column]; }
  Complex complex_at(Index flat) const {
    return is_complex() ? cdata()[flat] : Complex(rdata()[flat], 0.0);
  }
  Complex complex_at(Index row, Index column) const { return complex_at(row * columns_ + column); }

  void set(Index flat, double value);   // on a complex matrix, sets (value, 0)
  void set(Index flat, Complex value);  // promotes a real matrix to complex when im != 0
  void set(Index row, Index column, double value) { set(row * columns_ + column, value); }
  void set(Index row, Index column, Complex value) { set(row * columns_ + column, value); }

  // Whole-buffer views. real_values() requires a real matrix; complex_values() a complex one.
  std::span<const double> real_values() const;
  std::span<const Complex> complex_values() const;
  // Mutable views clone shared storage first.
  std::span<double> mutable_real_values();
  std::span<Complex> mutable_complex_values();

  // Storage-type changes. to_complex() is a no-op on a complex matrix; demote_if_real()
  // turns a complex matrix whose imaginary parts are all exactly 0 into a real one.
  void to_complex();
  void demote_if_real();
  // Same elements in row-major order with a new shape (rows * columns must equal size()).
  Matrix with_shape(Index rows, Index columns) const;
  Matrix transposed() const;  // plain transpose (.')
  Matrix real_part() const;
  Matrix imaginary_part() const;

  // True when both matrices see the same storage (for copy-on-write tests).
  bool shares_storage_with(const Matrix& other) const { return storage_ == other.storage_; }
  // How many times any Matrix has cloned shared storage in this process (for tests).
  static std::uint64_t clone_count();
  // The largest element count a Matrix may have (default 2^31); a larger request is a clean
  // "out of memory" error. The fuzzer lowers it so that no input can run for minutes.
  static void set_element_limit(Index max_elements);

 private:
  struct Storage {
    bool is_complex = false;
    std::vector<double, DefaultInitAllocator<double>> real;
    std::vector<Complex> complex;
  };
  const double* rdata() const { return storage_->real.data(); }
  const Complex* cdata() const { return storage_->complex.data(); }
  void detach();

  std::shared_ptr<Storage> storage_;
  Index rows_ = 0;
  Index columns_ = 0;
};

bool operator==(const Matrix& a, const Matrix& b);  // same shape, same values (NaN != NaN)

}  // namespace llmlab::num
