// The whole message table (base/message.hpp): every chapter's rows in one array, for the tests
// that hold the table to its rules. Sources include only the chapters they use, not this file.
#pragma once

#include "base/message.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/arrays.hpp"
#include "base/messages/attention.hpp"
#include "base/messages/autodiff.hpp"
#include "base/messages/cells_structs.hpp"
#include "base/messages/classes.hpp"
#include "base/messages/cli.hpp"
#include "base/messages/environment.hpp"
#include "base/messages/figure_export.hpp"
#include "base/messages/format.hpp"
#include "base/messages/function_handles.hpp"
#include "base/messages/gradients.hpp"
#include "base/messages/indexing.hpp"
#include "base/messages/io.hpp"
#include "base/messages/language.hpp"
#include "base/messages/linalg.hpp"
#include "base/messages/mathematics.hpp"
#include "base/messages/models.hpp"
#include "base/messages/notebook.hpp"
#include "base/messages/numeric.hpp"
#include "base/messages/plot.hpp"
#include "base/messages/sets.hpp"
#include "base/messages/statistics.hpp"
#include "base/messages/sweep.hpp"
#include "base/messages/syntax.hpp"
#include "base/messages/system.hpp"
#include "base/messages/text_and_regex.hpp"
#include "base/messages/train.hpp"
#include "base/messages/values.hpp"

namespace llmlab::messages {

inline constexpr MessageRow all_rows[] = {
    LLMLAB_ARGUMENT_MESSAGES(LLMLAB_MESSAGE_ROW)          //
    LLMLAB_SYSTEM_MESSAGES(LLMLAB_MESSAGE_ROW)            //
    LLMLAB_AUTODIFF_MESSAGES(LLMLAB_MESSAGE_ROW)          //
    LLMLAB_ATTENTION_MESSAGES(LLMLAB_MESSAGE_ROW)         //
    LLMLAB_NOTEBOOK_MESSAGES(LLMLAB_MESSAGE_ROW)          //
    LLMLAB_SYNTAX_MESSAGES(LLMLAB_MESSAGE_ROW)            //
    LLMLAB_NUMERIC_MESSAGES(LLMLAB_MESSAGE_ROW)           //
    LLMLAB_PLOT_MESSAGES(LLMLAB_MESSAGE_ROW)              //
    LLMLAB_LANGUAGE_MESSAGES(LLMLAB_MESSAGE_ROW)          //
    LLMLAB_INDEXING_MESSAGES(LLMLAB_MESSAGE_ROW)          //
    LLMLAB_VALUES_MESSAGES(LLMLAB_MESSAGE_ROW)            //
    LLMLAB_FORMAT_MESSAGES(LLMLAB_MESSAGE_ROW)            //
    LLMLAB_IO_MESSAGES(LLMLAB_MESSAGE_ROW)                //
    LLMLAB_ARRAYS_MESSAGES(LLMLAB_MESSAGE_ROW)            //
    LLMLAB_CELLS_STRUCTS_MESSAGES(LLMLAB_MESSAGE_ROW)     //
    LLMLAB_CLASSES_MESSAGES(LLMLAB_MESSAGE_ROW)           //
    LLMLAB_ENVIRONMENT_MESSAGES(LLMLAB_MESSAGE_ROW)       //
    LLMLAB_FUNCTION_HANDLES_MESSAGES(LLMLAB_MESSAGE_ROW)  //
    LLMLAB_GRADIENTS_MESSAGES(LLMLAB_MESSAGE_ROW)         //
    LLMLAB_LINALG_MESSAGES(LLMLAB_MESSAGE_ROW)            //
    LLMLAB_MATHEMATICS_MESSAGES(LLMLAB_MESSAGE_ROW)       //
    LLMLAB_MODELS_MESSAGES(LLMLAB_MESSAGE_ROW)            //
    LLMLAB_SETS_MESSAGES(LLMLAB_MESSAGE_ROW)              //
    LLMLAB_STATISTICS_MESSAGES(LLMLAB_MESSAGE_ROW)        //
    LLMLAB_TEXT_AND_REGEX_MESSAGES(LLMLAB_MESSAGE_ROW)    //
    LLMLAB_CLI_MESSAGES(LLMLAB_MESSAGE_ROW)               //
    LLMLAB_SWEEP_MESSAGES(LLMLAB_MESSAGE_ROW)             //
    LLMLAB_TRAIN_MESSAGES(LLMLAB_MESSAGE_ROW)             //
    LLMLAB_FIGURE_EXPORT_MESSAGES(LLMLAB_MESSAGE_ROW)     //
};

}  // namespace llmlab::messages
