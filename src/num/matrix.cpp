// Copy-on-write storage management for Matrix.
#include "num/matrix.hpp"

#include <fmt/format.h>

#include <atomic>
#include <stdexcept>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"

namespace llmlab::num {

namespace {

std::atomic<std::uint64_t> g_clone_count{0};
// 2^31 elements (16 GiB of doubles) is past anything this lab can hold; refuse it cleanly
// rather than letting the allocator abort.
std::atomic<Index> g_element_limit{Index{1} << 31};

std::size_t checked_count(Index rows, Index columns) {
  if (rows < 0 || columns < 0) throw Error(std::string(messages::matrix_extents_negative));
  const Index limit = g_element_limit.load(std::memory_order_relaxed);
  if (columns != 0 && rows > limit / columns) {
    throw Error(fmt::format(messages::matrix_allocation_failed, rows, columns));
  }
  return static_cast<std::size_t>(rows * columns);
}

}  // namespace

Matrix::Matrix(Index rows, Index columns, double fill)
    : storage_(std::make_shared<Storage>()), rows_(rows), columns_(columns) {
  storage_->real.assign(checked_count(rows, columns), fill);
}

Matrix::Matrix(Index rows, Index columns, Element element)
    : storage_(std::make_shared<Storage>()), rows_(rows), columns_(columns) {
  const std::size_t count = checked_count(rows, columns);
  if (element == Element::ComplexValued) {
    storage_->is_complex = true;
    storage_->complex.assign(count, Complex(0.0, 0.0));
  } else {
    storage_->real.assign(count, 0.0);
  }
}

Matrix Matrix::uninitialized(Index rows, Index columns) {
  Matrix result;
  result.storage_ = std::make_shared<Storage>();
  result.storage_->real.resize(checked_count(rows, columns));
  result.rows_ = rows;
  result.columns_ = columns;
  return result;
}

Matrix Matrix::from_rows(std::initializer_list<std::initializer_list<double>> rows) {
  const Index row_count = static_cast<Index>(rows.size());
  const Index column_count = row_count == 0 ? 0 : static_cast<Index>(rows.begin()->size());
  Matrix result(row_count, column_count);
  Index flat = 0;
  for (const auto& row : rows) {
    LLMLAB_ASSERT(static_cast<Index>(row.size()) == column_count);
    for (double value : row) result.storage_->real[static_cast<std::size_t>(flat++)] = value;
  }
  return result;
}

Matrix Matrix::row(std::span<const double> values) {
  Matrix result(1, static_cast<Index>(values.size()));
  std::copy(values.begin(), values.end(), result.storage_->real.begin());
  return result;
}

Matrix Matrix::column(std::span<const double> values) {
  Matrix result(static_cast<Index>(values.size()), 1);
  std::copy(values.begin(), values.end(), result.storage_->real.begin());
  return result;
}

void Matrix::detach() {
  if (!storage_) {
    storage_ = std::make_shared<Storage>();
    return;
  }
  if (storage_.use_count() > 1) {
    storage_ = std::make_shared<Storage>(*storage_);
    g_clone_count.fetch_add(1, std::memory_order_relaxed);
  }
}

std::uint64_t Matrix::clone_count() { return g_clone_count.load(std::memory_order_relaxed); }

void Matrix::set_element_limit(Index max_elements) {
  g_element_limit.store(max_elements, std::memory_order_relaxed);
}

void Matrix::set(Index flat, double value) {
  detach();
  if (storage_->is_complex) {
    storage_->complex[static_cast<std::size_t>(flat)] = Complex(value, 0.0);
  } else {
    storage_->real[static_cast<std::size_t>(flat)] = value;
  }
}

void Matrix::set(Index flat, Complex value) {
  detach();
  if (!storage_->is_complex) {
    if (value.imag() == 0.0) {
      storage_->real[static_cast<std::size_t>(flat)] = value.real();
      return;
    }
    to_complex();
  }
  storage_->complex[static_cast<std::size_t>(flat)] = value;
}

std::span<const double> Matrix::real_values() const {
  if (!storage_) return {};
  LLMLAB_ASSERT(!storage_->is_complex);
  return storage_->real;
}

std::span<const Complex> Matrix::complex_values() const {
  if (!storage_) return {};
  LLMLAB_ASSERT(storage_->is_complex);
  return storage_->complex;
}

std::span<double> Matrix::mutable_real_values() {
  detach();
  LLMLAB_ASSERT(!storage_->is_complex);
  return storage_->real;
}

std::span<Complex> Matrix::mutable_complex_values() {
  detach();
  LLMLAB_ASSERT(storage_->is_complex);
  return storage_->complex;
}

void Matrix::to_complex() {
  if (is_complex()) return;
  detach();
  storage_->complex.resize(storage_->real.size());
  for (std::size_t i = 0; i < storage_->real.size(); ++i) {
    storage_->complex[i] = Complex(storage_->real[i], 0.0);
  }
  storage_->real.clear();
  storage_->real.shrink_to_fit();
  storage_->is_complex = true;
}

void Matrix::demote_if_real() {
  if (!is_complex()) return;
  for (const Complex& value : storage_->complex) {
    if (value.imag() != 0.0) return;
  }
  detach();
  storage_->real.resize(storage_->complex.size());
  for (std::size_t i = 0; i < storage_->complex.size(); ++i) {
    storage_->real[i] = storage_->complex[i].real();
  }
  storage_->complex.clear();
  storage_->complex.shrink_to_fit();
  storage_->is_complex = false;
}

Matrix Matrix::with_shape(Index rows, Index columns) const {
  LLMLAB_ASSERT(rows * columns == size());
  Matrix result = *this;
  if (!result.storage_) result.storage_ = std::make_shared<Storage>();
  result.rows_ = rows;
  result.columns_ = columns;
  return result;
}

Matrix Matrix::transposed() const {
  Matrix result(columns_, rows_, is_complex() ? Element::ComplexValued : Element::Real);
  for (Index r = 0; r < rows_; ++r) {
    for (Index c = 0; c < columns_; ++c) {
      const auto source = static_cast<std::size_t>(r * columns_ + c);
      const auto target = static_cast<std::size_t>(c * rows_ + r);
      if (is_complex()) {
        result.storage_->complex[target] = storage_->complex[source];
      } else {
        result.storage_->real[target] = storage_->real[source];
      }
    }
  }
  return result;
}

Matrix Matrix::real_part() const {
  if (!is_complex()) return *this;
  Matrix result(rows_, columns_);
  for (Index i = 0; i < size(); ++i)
    result.storage_->real[static_cast<std::size_t>(i)] = (*this)[i];
  return result;
}

Matrix Matrix::imaginary_part() const {
  Matrix result(rows_, columns_);
  if (!is_complex()) return result;
  for (Index i = 0; i < size(); ++i) {
    result.storage_->real[static_cast<std::size_t>(i)] = cdata()[i].imag();
  }
  return result;
}

bool operator==(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.columns() != b.columns()) return false;
  for (Index i = 0; i < a.size(); ++i) {
    if (a.complex_at(i) != b.complex_at(i)) return false;
  }
  return true;
}

}  // namespace llmlab::num
