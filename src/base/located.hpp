// located(): the one way an evaluator step attaches its source location to an error escaping
// it. num/, nn/ and plot/ throw without a location; the innermost node that knows where it is
// names the place.
#pragma once

#include <new>
#include <stdexcept>

#include "base/error.hpp"
#include "base/messages/system.hpp"
#include "base/source.hpp"
#include "base/stop.hpp"

namespace llmlab {

// Runs body() and attaches `where` to an Error or Stop escaping it that has no location yet. An
// allocation that fails on the way (std::bad_alloc, or std::length_error for a size no
// container can hold) becomes the same clean "out of memory" error at `where`: growing [s s],
// a containers.Map insert or a dynamic field under a memory limit end as a script error, as a
// builtin's allocation does (runtime/calls.cpp), never as an abort.
template <class F>
auto located(const SourceLoc& where, F&& body) -> decltype(body()) {
  try {
    return body();
  } catch (Error& error) {
    error.set_where_if_missing(where);
    throw;
  } catch (Stop& stop) {
    stop.set_where_if_missing(where);
    throw;
  } catch (const std::bad_alloc&) {
    throw Error(std::string(messages::out_of_memory), where);
  } catch (const std::length_error&) {
    throw Error(std::string(messages::result_too_long), where);
  }
}

}  // namespace llmlab
