// md ↔ ipynb: cells, their metadata, and the bytes coming back.
#include "notebook/ipynb.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "base/error.hpp"

namespace llmlab::notebook {
namespace {

TEST(ipynb, cells_and_metadata) {
  const std::string md =
      "---\ntitle: t\n---\n\n# Title\n\nProse ${x}.\n\n## Part\n\nMore.\n\n<!-- hide -->\n"
      "```rustlab\nx = 1;\n```\n";
  const auto notebook = nlohmann::json::parse(markdown_to_ipynb(md));
  EXPECT_EQ(notebook["nbformat"], 4);
  EXPECT_EQ(notebook["metadata"]["kernelspec"]["name"], "llmlab");
  EXPECT_EQ(notebook["metadata"]["llmlab"]["frontmatter"], "---\ntitle: t\n---\n");
  const auto& cells = notebook["cells"];
  ASSERT_EQ(cells.size(), 3u);  // a heading after a blank line starts a markdown cell
  EXPECT_EQ(cells[0]["source"][2], "Prose ${x}.");
  EXPECT_EQ(cells[2]["cell_type"], "code");
  EXPECT_EQ(cells[2]["source"][0], "x = 1;");
  EXPECT_EQ(cells[2]["metadata"]["jupyter"]["source_hidden"], true);
  EXPECT_EQ(cells[2]["metadata"]["llmlab"]["directives"][0], "<!-- hide -->");
  EXPECT_EQ(ipynb_to_markdown(markdown_to_ipynb(md)), md);
}

TEST(ipynb, odd_layouts_come_back_exactly) {
  for (const std::string md :
       {"", "\n", "x", "a\n\n\n\nb\n\n", "```rustlab\n```\n", "```rustlab\n\n```",
        "```rlab  info\ny\n  ```  \n", "```rustlab\nunclosed", "# h\r\n\r\ntext\r\n",
        "```text\n# not a heading\n\n# still not\n```\n"}) {
    EXPECT_EQ(ipynb_to_markdown(markdown_to_ipynb(md)), md) << md;
  }
}

TEST(ipynb, bad_input) {
  EXPECT_THROW(ipynb_to_markdown("{"), Error);
  EXPECT_THROW(ipynb_to_markdown("[]"), Error);
  EXPECT_THROW(ipynb_to_markdown(R"({"nbformat": 4, "cells": [{"cell_type": "code"}]})"), Error);
}

// The message ipynb_to_markdown refuses the notebook with, or "" when it converts it.
std::string refusal(const std::string& ipynb) {
  try {
    ipynb_to_markdown(ipynb);
    return "";
  } catch (const Error& error) {
    return error.what();
  }
}

// A notebook of one markdown cell and one code cell whose "llmlab" metadata is `code_meta`.
std::string with_code_metadata(const std::string& code_meta) {
  return R"({"nbformat": 4, "cells": [{"cell_type": "markdown", "source": "Hi"},
            {"cell_type": "code", "id": "setup", "source": ["x = 1;"],
             "metadata": {"llmlab": )" +
         code_meta + "}}]}";
}

TEST(ipynb, wrong_types_and_counts_are_refused_naming_the_cell) {
  EXPECT_EQ(refusal(with_code_metadata(R"({"blank_lines_before": -1})")),
            "not a notebook: cell 2 (id \"setup\"): metadata.llmlab.blank_lines_before must be "
            "a whole number from 0 to 1000");
  // 250 bytes asking for 200 MB of blank lines: refused before any is written.
  EXPECT_NE(refusal(with_code_metadata(R"({"blank_lines_before": 200000000})")), "");
  EXPECT_NE(refusal(with_code_metadata(R"({"blank_lines_before": 1.5})")), "");
  EXPECT_EQ(refusal(with_code_metadata("[1, 2]")),
            "not a notebook: cell 2 (id \"setup\"): \"llmlab\" must be an object");
  EXPECT_EQ(
      refusal(with_code_metadata(R"({"unclosed": "yes"})")),
      "not a notebook: cell 2 (id \"setup\"): metadata.llmlab.unclosed must be true or false");
  EXPECT_EQ(refusal(R"({"nbformat": 4, "cells": [{"cell_type": "code", "source": [1]}]})"),
            "not a notebook: cell 1: \"source\" must be a string or a list of strings");
  EXPECT_EQ(refusal(R"({"nbformat": 4, "cells": [7]})"),
            "not a notebook: cell 1: a cell must be an object");
  EXPECT_EQ(refusal(R"({"nbformat": 4, "cells": [{"cell_type": 3, "source": ""}]})"),
            "not a notebook: cell 1: \"cell_type\" must be a string");
  EXPECT_EQ(refusal(R"({"nbformat": "4", "cells": []})"),
            "not a notebook: expected nbformat 4 JSON with a \"cells\" list");
  EXPECT_EQ(refusal(R"({"nbformat": 4, "cells": [], "metadata": {"llmlab": []}})"),
            "not a notebook: the notebook's metadata: \"llmlab\" must be an object");
  EXPECT_NE(refusal(R"({"nbformat": 4, "cells": [], "metadata": {"llmlab":
              {"blank_lines_after": 200000000}}})"),
            "");
  EXPECT_NE(refusal(R"({"nbformat": 4, "cells": [], "metadata": [] })"), "");
}

// Nothing in the metadata may add code that Jupyter does not show as the cell's source.
TEST(ipynb, metadata_cannot_carry_hidden_code) {
  for (const std::string meta : {
           R"({"directives": ["```rlab\nsecret = 1;\n```"]})",
           R"({"directives": ["<!-- hide -->\nsecret = 1;"]})",
           R"({"directives": ["secret = 1;"]})", R"({"directives": "<!-- hide -->"})",
           R"({"directives": [3]})", R"({"fence": "```rlab\nsecret = 1;"})",
           R"({"fence": "```text"})", R"({"closing_fence": "```\n```rlab\nsecret = 1;\n```"})",
           R"({"closing_fence": "secret = 1;"})",
           R"({"unclosed": true})",  // would swallow the cells after it: only the last may
       }) {
    const std::string ipynb = with_code_metadata(meta).replace(
        with_code_metadata(meta).rfind("]}"), 2,
        R"(, {"cell_type": "markdown", "source": "secret = 2;"}]})");
    EXPECT_NE(refusal(ipynb).find("cell 2 (id \"setup\"): metadata.llmlab."), std::string::npos)
        << meta << " -> " << refusal(ipynb);
  }
  EXPECT_NE(refusal(R"({"nbformat": 4, "cells": [], "metadata": {"llmlab":
              {"frontmatter": "---\ntitle: t\n---\n```rlab\nsecret = 1;\n```\n"}}})"),
            "");
  EXPECT_NE(refusal(R"({"nbformat": 4, "cells": [], "metadata": {"llmlab":
              {"frontmatter": "secret = 1;\n"}}})"),
            "");
  // What markdown_to_ipynb writes is accepted: directives, fences and an open last fence.
  const std::string md =
      "<!-- hide -->\n<!-- caption: c -->\n```rlab  info\nx = 1;\n  ```  \n\n```rustlab\nopen";
  EXPECT_EQ(ipynb_to_markdown(markdown_to_ipynb(md)), md);
}

}  // namespace
}  // namespace llmlab::notebook
