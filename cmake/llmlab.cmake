# Shared build settings: warnings on our own targets only, sanitizers, and the
# llmlab_library() helper that builds one folder of src/ into one library.

set(LLMLAB_WARNINGS
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wnon-virtual-dtor -Woverloaded-virtual
    -Wimplicit-fallthrough -Wdouble-promotion)
if(LLMLAB_WERROR)
  list(APPEND LLMLAB_WARNINGS -Werror)
endif()

if(LLMLAB_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

# Eigen's own asserts are expensive; keep them in debug builds only.
if(NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
  add_compile_definitions(EIGEN_NO_DEBUG)
endif()
if(CMAKE_BUILD_TYPE STREQUAL "Release" AND EMSCRIPTEN)
  # WebAssembly's 128-bit SIMD (every current browser and node >= 16 run it).
  add_compile_options(-O2 -msimd128)
elseif(CMAKE_BUILD_TYPE STREQUAL "Release")
  add_compile_options(-O2 -march=x86-64-v3)
endif()

# llmlab_library(NAME folder DEPENDS lib... [EXCLUDE regex]): every .cpp of src/<folder> becomes
# llmlab_<folder>, except those whose path matches EXCLUDE (a subfolder built as its own target).
function(llmlab_library folder)
  cmake_parse_arguments(ARG "" "EXCLUDE" "DEPENDS;SYSTEM_INCLUDES" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.cpp)
  # main.cpp is the executable's, not the library's.
  list(FILTER sources EXCLUDE REGEX "/main\\.cpp$")
  if(ARG_EXCLUDE)
    list(FILTER sources EXCLUDE REGEX "${ARG_EXCLUDE}")
  endif()
  if(NOT sources)
    # A folder whose first files are still to come: a header-only placeholder target.
    add_library(llmlab_${folder} INTERFACE)
    target_include_directories(llmlab_${folder} INTERFACE ${PROJECT_SOURCE_DIR}/src)
    target_link_libraries(llmlab_${folder} INTERFACE ${ARG_DEPENDS})
    target_include_directories(llmlab_${folder} SYSTEM INTERFACE ${ARG_SYSTEM_INCLUDES})
    return()
  endif()
  add_library(llmlab_${folder} STATIC ${sources})
  target_include_directories(llmlab_${folder} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_compile_options(llmlab_${folder} PRIVATE ${LLMLAB_WARNINGS})
  if(LLMLAB_TEST_MODE)
    target_compile_definitions(llmlab_${folder} PUBLIC LLMLAB_TEST_MODE=1)
  endif()
  target_link_libraries(llmlab_${folder} PUBLIC ${ARG_DEPENDS})
  target_include_directories(llmlab_${folder} SYSTEM PRIVATE ${ARG_SYSTEM_INCLUDES})
endfunction()
