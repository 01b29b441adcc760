// Tests for num/nd_products.hpp: each page product equals the 2-D product of the pages.
#include "num/nd_products.hpp"

#include <gtest/gtest.h>

#include "counting_array.hpp"
#include "expect_error.hpp"
#include "num/ops.hpp"

namespace llmlab::num {
namespace {

TEST(nd_products_test, every_page_is_the_product_of_its_pages) {
  const NdArray x = counting({2, 3, 2}), y = counting({3, 2, 2});
  const NdArray z = page_products(x, PageOperation::None, y, PageOperation::None);
  EXPECT_EQ(z.dims(), (Dims{2, 2, 2}));
  for (Index k = 0; k < 2; ++k) EXPECT_EQ(z.page(k), matmul(x.page(k), y.page(k)));
}

TEST(nd_products_test, one_page_serves_every_page_and_options_transpose) {
  const NdArray x = counting({2, 3, 2});
  const NdArray z =
      page_products(x, PageOperation::Transpose, counting({2, 4}), PageOperation::None);
  EXPECT_EQ(z.dims(), (Dims{3, 4, 2}));
  EXPECT_EQ(z.page(1), matmul(x.page(1).transposed(), counting({2, 4}).page(0)));
  EXPECT_EQ(page_transposed(x).page(1), x.page(1).transposed());
  EXPECT_THROW_MSG(page_products(x, PageOperation::None, x, PageOperation::None),
                   "pagemtimes: inner dimensions must match: pages are 2×3 and 2×3");
}

}  // namespace
}  // namespace llmlab::num
