// EXPECT_THROW_MSG for the num tests: the statement must throw llmlab::Error with exactly
// this message (fmt's test habit: error tests check the text).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "base/error.hpp"

#define EXPECT_THROW_MSG(statement, text)               \
  do {                                                  \
    try {                                               \
      statement;                                        \
      ADD_FAILURE() << "no exception from " #statement; \
    } catch (const ::llmlab::Error& error) {            \
      EXPECT_EQ(std::string(error.what()), text);       \
    }                                                   \
  } while (false)
