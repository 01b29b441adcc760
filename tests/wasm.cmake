# The program suites (tests/program_suites.cmake) again, against the WebAssembly build (`make
# wasm`, build/wasm/llmlab-node), as ctest tests named wasm.<the native test's name>. Registered
# when that build exists (`make test` makes it first, in CI too), by the release tree alone: the
# sanitizer and debug trees would run the same node program again. Tests that need what the
# wasm build leaves out are listed, each with its reason, in tests/wasm_excluded.txt.
if(LLMLAB_SANITIZE OR NOT CMAKE_BUILD_TYPE STREQUAL "Release")
  return()
endif()
# The runnable book's session as just built (book.page_worker checks the committed one).
if(EXISTS ${PROJECT_SOURCE_DIR}/build/wasm/llmlab-book.wasm)
  add_test(NAME wasm.book.page_worker
    COMMAND node --no-experimental-fetch ${CMAKE_CURRENT_SOURCE_DIR}/book/page_worker_test.js
            ${PROJECT_SOURCE_DIR}/build/wasm/llmlab-book.js)
  # The committed book/ carries the session a reader runs: it must be the one just built (the
  # build is reproducible; the test says how to refresh book/ when it is not).
  add_test(NAME wasm.book.committed_runtime
    COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/book/committed_runtime_test.py
            --built ${PROJECT_SOURCE_DIR}/build/wasm --book ${PROJECT_SOURCE_DIR}/book)
endif()

set(LLMLAB_WASM_NODE ${PROJECT_SOURCE_DIR}/build/wasm/llmlab-node)
# The launcher is written when the wasm build is configured; the program only once it is built.
if(NOT EXISTS ${LLMLAB_WASM_NODE} OR NOT EXISTS ${PROJECT_SOURCE_DIR}/build/wasm/llmlab.wasm)
  return()
endif()

# name -> reason, from "name: reason" lines; '#' starts a comment.
set(_excluded_names "")
file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/wasm_excluded.txt _excluded_lines)
foreach(_line IN LISTS _excluded_lines)
  if(_line MATCHES "^([^# :]+): +(.+)$")
    list(APPEND _excluded_names ${CMAKE_MATCH_1})
  elseif(NOT _line MATCHES "^(#.*)?$")
    message(FATAL_ERROR "tests/wasm_excluded.txt: not \"name: reason\": ${_line}")
  endif()
endforeach()
add_program_suites(wasm. ${LLMLAB_WASM_NODE} FIGURES svg EXCLUDED ${_excluded_names})
get_property(_registered GLOBAL PROPERTY LLMLAB_PROGRAM_SUITE_NAMES)
foreach(_name IN LISTS _registered)
  if(TEST wasm.${_name})
    # The node start-up and the slower arithmetic: a few times the native test's time.
    set_tests_properties(wasm.${_name} PROPERTIES TIMEOUT 600)
  endif()
endforeach()

# A stale line (a test renamed or deleted) would silently exclude nothing: refuse it.
foreach(_name IN LISTS _excluded_names)
  if(NOT _name IN_LIST _registered)
    message(FATAL_ERROR "tests/wasm_excluded.txt names ${_name}, which is no wasm test")
  endif()
endforeach()
