// The whole message table (base/message.hpp): every chapter's rows in one array, for the tests
// that hold the table to its rules. Sources include only the chapters they use, not this file.
#pragma once

#include "base/message.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/io.hpp"
#include "base/messages/plot.hpp"
#include "base/messages/system.hpp"

namespace llmlab::messages {

inline constexpr MessageRow all_rows[] = {
    LLMLAB_ARGUMENT_MESSAGES(LLMLAB_MESSAGE_ROW)  //
    LLMLAB_SYSTEM_MESSAGES(LLMLAB_MESSAGE_ROW)    //
    LLMLAB_PLOT_MESSAGES(LLMLAB_MESSAGE_ROW)      //
    LLMLAB_IO_MESSAGES(LLMLAB_MESSAGE_ROW)        //
};

}  // namespace llmlab::messages
