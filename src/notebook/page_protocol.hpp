// What a runnable book page says to its session (the WebAssembly page runtime of issue #29): the
// page's Web Worker hands each request over as one JSON text and gets one JSON reply, so the
// whole exchange between the browser and the WebAssembly session is text that this file
// validates and answers. Requests:
//   {"op": "run", "code": "...", "line": 12}     -> {"output": "...", "error": null | "...",
//                                                    "figures": [{"column": svg, "narrow": svg}]}
//   {"op": "value", "expression": "...", "format": null | "%.3f"}
//                                                -> {"text": "..."} or {"error": "..."}
//   {"op": "reset"}                              -> {"reset": true} (a fresh session)
// A request that is not one of these gets {"error": "bad request: ..."}; nothing is thrown.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "notebook/execute.hpp"

namespace llmlab::notebook {

class PageSession;

class PageProtocol {
 public:
  explicit PageProtocol(ExecuteOptions options);
  ~PageProtocol();
  PageProtocol(const PageProtocol&) = delete;
  PageProtocol& operator=(const PageProtocol&) = delete;

  std::string handle(std::string_view request);

 private:
  ExecuteOptions options_;
  std::unique_ptr<PageSession> session_;
};

}  // namespace llmlab::notebook
