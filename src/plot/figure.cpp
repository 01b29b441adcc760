// The figure model's few behaviours: hold-off clearing, subplot selection and the handle
// numbering of plotting.md §2.1.
#include "plot/figure.hpp"

#include <algorithm>

namespace llmlab::plot {

bool Axes::has_content() const {
  return !series.empty() || image.has_value() || surface.has_value() || !contours.empty() ||
         !reference_lines.empty();
}

void Axes::clear_data() {
  series.clear();
  image.reset();
  surface.reset();
  contours.clear();
  reference_lines.clear();
  title.clear();
  x.categories.clear();
}

bool Figure::has_content() const {
  return std::any_of(axes.begin(), axes.end(), [](const Axes& a) { return a.has_content(); });
}

bool Figure::select_subplot(std::size_t grid_rows, std::size_t grid_columns, std::size_t k) {
  if (grid_rows == 0 || grid_columns == 0 || k < 1 || k > grid_rows * grid_columns) return false;
  if (grid_rows != rows || grid_columns != columns) {
    rows = grid_rows;
    columns = grid_columns;
    axes.assign(rows * columns, fresh_axes());
  }
  current = k - 1;
  hold = false;
  return true;
}

void Figure::clear() {
  rows = columns = 1;
  axes.assign(1, fresh_axes());
  current = 0;
  hold = false;
}

Axes Figure::fresh_axes() const {
  Axes created;
  created.image_rows_down = default_image_rows_down;
  return created;
}

FigureSet::FigureSet() { figures_[0] = Entry{}; }

FigureSet::Entry FigureSet::fresh_entry() const {
  Entry entry;
  entry.figure.default_image_rows_down = default_image_rows_down_;
  entry.figure.axes = {entry.figure.fresh_axes()};
  return entry;
}

void FigureSet::set_default_image_rows_down(bool rows_down) {
  default_image_rows_down_ = rows_down;
  Figure& figure = current();
  figure.default_image_rows_down = rows_down;
  for (Axes& axes : figure.axes) axes.image_rows_down = rows_down;
}

Figure& FigureSet::current() { return figures_.at(current_).figure; }

const Figure* FigureSet::find(int handle) const {
  auto it = figures_.find(handle);
  return it == figures_.end() ? nullptr : &it->second.figure;
}

std::vector<int> FigureSet::handles() const {
  std::vector<int> result;
  for (const auto& [handle, entry] : figures_) result.push_back(handle);
  return result;
}

void FigureSet::name_anonymous() {
  if (current_ != 0) return;
  auto node = figures_.extract(0);
  node.key() = next_id_++;
  current_ = node.key();
  figures_.insert(std::move(node));
}

int FigureSet::new_figure() {
  name_anonymous();
  const int handle = next_id_++;
  figures_[handle] = fresh_entry();
  current_ = handle;
  return handle;
}

int FigureSet::select_figure(int handle) {
  if (handle == current_) return handle;
  name_anonymous();
  if (handle == current_) return handle;
  if (!figures_.contains(handle)) figures_[handle] = fresh_entry();
  next_id_ = std::max(next_id_, handle + 1);
  current_ = handle;
  return handle;
}

void FigureSet::close(int handle) {
  if (!figures_.contains(handle)) return;
  figures_.erase(handle);
  if (handle != current_) return;
  if (figures_.empty()) {
    figures_[0] = fresh_entry();
    current_ = 0;
  } else {
    current_ = figures_.rbegin()->first;
  }
}

void FigureSet::close_current() { close(current_); }

void FigureSet::close_all() {
  figures_.clear();
  figures_[0] = fresh_entry();
  current_ = 0;
}

void FigureSet::touch() {
  Entry& entry = figures_.at(current_);
  entry.changed = ++generation_;
  if (entry.first_drawn == 0) entry.first_drawn = entry.changed;
}

std::vector<int> FigureSet::drawn_since(std::uint64_t since) const {
  std::vector<std::pair<std::uint64_t, int>> order;
  for (const auto& [handle, entry] : figures_) {
    if (entry.changed > since && entry.figure.has_content()) {
      order.emplace_back(entry.first_drawn, handle);
    }
  }
  std::sort(order.begin(), order.end());
  std::vector<int> result;
  for (const auto& item : order) result.push_back(item.second);
  return result;
}

}  // namespace llmlab::plot
