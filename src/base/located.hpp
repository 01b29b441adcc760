// located(): the one way an evaluator step attaches its source location to an error escaping
// it. num/, nn/ and plot/ throw without a location; the innermost node that knows where it is
// names the place.
#pragma once

#include "base/error.hpp"
#include "base/source.hpp"

namespace llmlab {

// Runs body() and attaches `where` to an Error escaping it that has no location yet.
template <class F>
auto located(const SourceLoc& where, F&& body) -> decltype(body()) {
  try {
    return body();
  } catch (Error& error) {
    error.set_where_if_missing(where);
    throw;
  }
}

}  // namespace llmlab
