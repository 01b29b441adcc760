// libFuzzer target: the lexer and parser on arbitrary bytes. Any input may be rejected, but
// only by llmlab::Error with ErrorKind::Syntax and a location; anything else (a crash, an
// assertion, another exception, a sanitizer report) is a bug. A parsed program is also
// printed, so the AST printer walks every tree the parser can build.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "base/error.hpp"
#include "lang/ast_printer.hpp"
#include "lang/lexer.hpp"
#include "lang/parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace llmlab;
  auto file = std::make_shared<const SourceFile>(
      "fuzz.rlab", std::string(reinterpret_cast<const char*>(data), size));
  try {
    const lang::Program program = lang::parse_program(file);
    (void)lang::dump_ast(program);
  } catch (const Error& error) {
    // A syntax error must point into the input.
    if (error.kind() != ErrorKind::Syntax || !error.where() || !error.where()->valid()) {
      std::abort();
    }
  }
  (void)lang::check_completeness(file);
  return 0;
}
