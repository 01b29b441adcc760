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

}  // namespace
}  // namespace llmlab::notebook
