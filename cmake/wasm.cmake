# The WebAssembly build (preset wasm, `make wasm`; Debian's emscripten). Eigen, {fmt},
# nlohmann/json and CLI11 are header-only, so the host's Debian packages serve: each header
# folder is linked into build/wasm/host-include, which alone goes on the include path (the
# host's /usr/include whole would bring glibc's headers in front of emscripten's).
set(_host_include ${PROJECT_BINARY_DIR}/host-include)
file(MAKE_DIRECTORY ${_host_include})
foreach(_link IN ITEMS "Eigen=/usr/include/eigen3/Eigen" "unsupported=/usr/include/eigen3/unsupported"
                       "fmt=/usr/include/fmt" "nlohmann=/usr/include/nlohmann" "CLI=/usr/include/CLI")
  string(REPLACE "=" ";" _pair "${_link}")
  list(GET _pair 0 _name)
  list(GET _pair 1 _target)
  if(NOT EXISTS ${_target})
    message(FATAL_ERROR "the wasm build needs ${_target} (make deps installs it)")
  endif()
  file(CREATE_LINK ${_target} ${_host_include}/${_name} SYMBOLIC)
endforeach()

add_library(llmlab_host_headers INTERFACE)
target_include_directories(llmlab_host_headers SYSTEM INTERFACE ${_host_include})
# Eigen's indices as wide as num::Index (std::int64_t), as they are natively: wasm32's own
# ptrdiff_t is 32 bits, and every Matrix-to-Eigen view would narrow.
add_library(llmlab_eigen_int64 INTERFACE)
target_include_directories(llmlab_eigen_int64 SYSTEM INTERFACE ${_host_include})
target_compile_definitions(llmlab_eigen_int64 INTERFACE "EIGEN_DEFAULT_DENSE_INDEX_TYPE=long long")
add_library(Eigen3::Eigen ALIAS llmlab_eigen_int64)
add_library(nlohmann_json::nlohmann_json ALIAS llmlab_host_headers)
# {fmt} compiled into each user, as its header-only mode does.
add_library(llmlab_fmt_header_only INTERFACE)
target_link_libraries(llmlab_fmt_header_only INTERFACE llmlab_host_headers)
target_compile_definitions(llmlab_fmt_header_only INTERFACE FMT_HEADER_ONLY=1)
add_library(fmt::fmt ALIAS llmlab_fmt_header_only)
set(CLI11_INCLUDE_DIR ${_host_include})

# The build is reproducible (tests/book/committed_runtime_test.py relies on it): the only path it
# writes into the module is each source's name in LLMLAB_ASSERT's message (__FILE__), which is
# made relative to the checkout whether the compiler is handed absolute paths (CMake's) or, through
# ccache with CCACHE_BASEDIR, paths relative to the build folder.
file(RELATIVE_PATH _source_from_build ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
string(REGEX REPLACE "/$" "" _source_from_build "${_source_from_build}")  # ../..
add_compile_options(-ffile-prefix-map=${PROJECT_SOURCE_DIR}/= -ffile-prefix-map=${_source_from_build}/=)

# C++ exceptions are how every llmlab error travels; emscripten turns them off by default.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
add_compile_options("SHELL:-include ${PROJECT_SOURCE_DIR}/cmake/libcxx13_compat.hpp")
# wasm32's size_t and ptrdiff_t are 32 bits where num::Index is 64: the narrowing of every
# index to an iterator offset or a size would be reported (natively the two are one width).
# Matrix storage refuses more than 2^31 elements before it allocates (num/matrix.cpp), so the
# sizes that reach the allocator fit.
# After -Wconversion, which turns it on. The same holds for braced initialisers of ptrdiff_t
# from num::Index (-Wc++11-narrowing); clang's -Wconversion also implies -Wsign-conversion,
# which GCC's, the native build's, does not.
list(APPEND LLMLAB_WARNINGS -Wno-shorten-64-to-32 -Wno-c++11-narrowing -Wno-sign-conversion)
