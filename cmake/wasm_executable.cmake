# The WebAssembly llmlab (build/wasm/llmlab.js and llmlab.wasm) and its launcher,
# build/wasm/llmlab-node. Included from src/CMakeLists.txt when building with emscripten.
#
# NODERAWFS: the program's files are node's, so a script reads and writes real files by the same
# paths as the native llmlab (the working directory included). EXIT_RUNTIME: exit(status) ends
# node with that status. The stack: getrlimit reports no limit here, so the evaluator's depth
# check assumes 8 MiB (and keeps a quarter in reserve); 16 MiB leaves room for std::regex's
# recursion, which runs on it too (base/one_thread/). The first 64 MiB of memory hold it.
# node_writes_wait.js: a write to a non-blocking pipe waits for the reader (see the file);
# node_environment.js: the process's environment variables reach the program. (SHELL: keeps each
# --pre-js beside its file: CMake drops a repeated option.)
# --stack-size for node, in KiB: below the 8 MiB main-thread stack of a default ulimit.
set(LLMLAB_NODE_STACK_KB 4000)
target_link_options(llmlab PRIVATE
  -sNODERAWFS=1 -sEXIT_RUNTIME=1 -sTOTAL_STACK=16MB -sINITIAL_MEMORY=64MB
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sENVIRONMENT=node
  "SHELL:--pre-js ${PROJECT_SOURCE_DIR}/cmake/node_writes_wait.js"
  "SHELL:--pre-js ${PROJECT_SOURCE_DIR}/cmake/node_environment.js")
set_property(TARGET llmlab APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/node_writes_wait.js
                                                       ${PROJECT_SOURCE_DIR}/cmake/node_environment.js)
set_target_properties(llmlab PROPERTIES SUFFIX ".js")
configure_file(${PROJECT_SOURCE_DIR}/cmake/llmlab-node.in ${PROJECT_BINARY_DIR}/llmlab-node
               FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                WORLD_READ WORLD_EXECUTE @ONLY)

# build/wasm/llmlab-book.js and .wasm: the runnable book's session (app/wasm/page_worker.cpp), a
# module a page's Web Worker (or node, for its test) instantiates, speaking PageProtocol through
# two exported functions. Its files live in memory: each lesson's lib/ folder is embedded at
# /llmlab/lessons/<lesson>/lib, where a page's `import "../lessons/…"` finds it from
# /llmlab/notebooks. The stack as llmlab's; memory grows to 2 GB (a browser tab's usual ceiling).
add_executable(llmlab-book app/wasm/page_worker.cpp)
target_compile_options(llmlab-book PRIVATE ${LLMLAB_WARNINGS})
target_link_libraries(llmlab-book PRIVATE llmlab_notebook)
# File by file, in sorted order: emscripten embeds a folder in the order the file system lists
# it, which differs between checkouts, and the module would differ with it. Hidden files stay
# out, as emscripten leaves them out of a folder.
file(GLOB_RECURSE _lib_files CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/lessons/*/lib/*)
list(FILTER _lib_files EXCLUDE REGEX "/\\.[^/]+(/|$)")
list(SORT _lib_files)
set(_embedded)
foreach(_file IN LISTS _lib_files)
  file(RELATIVE_PATH _relative ${PROJECT_SOURCE_DIR} ${_file})
  list(APPEND _embedded "SHELL:--embed-file ${_file}@/llmlab/${_relative}")
endforeach()
set_property(TARGET llmlab-book APPEND PROPERTY LINK_DEPENDS ${_lib_files})
target_link_options(llmlab-book PRIVATE
  ${_embedded} -sMODULARIZE=1 -sEXPORT_NAME=createLlmlabBook -sENVIRONMENT=web,worker,node
  "-sEXPORTED_FUNCTIONS=[_llmlab_page_open,_llmlab_page_handle]"
  "-sEXPORTED_RUNTIME_METHODS=[ccall,FS]" -sTOTAL_STACK=16MB -sINITIAL_MEMORY=64MB
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB)
set_target_properties(llmlab-book PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
