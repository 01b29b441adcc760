// Prose link rewriting shared by the renderers: Obsidian wikilinks (notebook.md §1.6) and
// anchor slugs.
#pragma once

#include <string>
#include <string_view>

namespace llmlab::notebook {

// [[Foo]] → [Foo](Foo.md), [[Foo|alias]], [[Foo#Sec]], ![[img.png|alt]]; skips fenced code
// and inline code spans.
std::string transform_wikilinks(std::string_view text);

// A heading's anchor, the one rule for the ids headings get and for the #section of a
// wikilink: lower-case letters and digits (other UTF-8 kept), every run of anything else one
// `-`, entities and prose value marks dropped, no `-` at either end: "The stream under both
// rules" → "the-stream-under-both-rules". It depends only on the text, so it stays across
// renders.
std::string slugify(std::string_view text);

}  // namespace llmlab::notebook
