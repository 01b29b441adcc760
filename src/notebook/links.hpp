// Prose link rewriting shared by the renderers: Obsidian wikilinks (notebook.md §1.6) and
// anchor slugs.
#pragma once

#include <string>
#include <string_view>

namespace llmlab::notebook {

// [[Foo]] → [Foo](Foo.md), [[Foo|alias]], [[Foo#Sec]], ![[img.png|alt]]; skips fenced code
// and inline code spans.
std::string transform_wikilinks(std::string_view text);

// Lower-case alphanumerics; runs of anything else become one '-', trimmed of '-'.
std::string slugify(std::string_view text);

}  // namespace llmlab::notebook
