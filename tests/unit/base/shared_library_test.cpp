#include "base/shared_library.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace llmlab {
namespace {

TEST(SharedLibrary, FindsAFunctionAndCallsIt) {
  std::string why;
  std::optional<SharedLibrary> libm = SharedLibrary::open("libm.so.6", why);
  ASSERT_TRUE(libm.has_value()) << why;
  const auto cosine = libm->function<double (*)(double)>("cos");
  ASSERT_NE(cosine, nullptr);
  EXPECT_EQ(cosine(0.0), 1.0);
  EXPECT_EQ(libm->function<double (*)(double)>("no_such_function_in_libm"), nullptr);
  libm->close();
}

TEST(SharedLibrary, AMissingFileGivesTheLoadersReason) {
  std::string why;
  const std::optional<SharedLibrary> missing =
      SharedLibrary::open("/nonexistent/libnothing.so", why);
  EXPECT_FALSE(missing.has_value());
  EXPECT_NE(why.find("libnothing.so"), std::string::npos) << why;
}

}  // namespace
}  // namespace llmlab
