# The script suites again, against the WebAssembly build (`make wasm`, build/wasm/llmlab-node),
# as ctest tests named wasm.<the native test's name>. Registered only when that build exists, so
# `make test` without `make wasm` runs the native suite alone; CI makes both. Tests that need
# what the wasm build leaves out are listed, each with its reason, in tests/wasm_excluded.txt.
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
set(_registered "")

# add_wasm_test(NAME command...): wasm.NAME, unless NAME is excluded.
function(add_wasm_test name)
  set(_registered ${_registered} ${name} PARENT_SCOPE)
  if(name IN_LIST _excluded_names)
    return()
  endif()
  add_test(NAME wasm.${name} COMMAND ${ARGN})
  # The node start-up and the slower arithmetic: a few times the native test's time.
  set_tests_properties(wasm.${name} PROPERTIES TIMEOUT 600)
endfunction()

foreach(script ${script_tests})
  file(RELATIVE_PATH name ${CMAKE_CURRENT_SOURCE_DIR}/scripts ${script})
  add_wasm_test(script.${name} Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/run_script_test.py
                --bin ${LLMLAB_WASM_NODE} ${script})
endforeach()

foreach(lesson_dir ${lesson_dirs})
  if(IS_DIRECTORY ${lesson_dir})
    get_filename_component(lesson ${lesson_dir} NAME)
    string(REGEX MATCH "^[0-9]+" lesson_number ${lesson})
    file(GLOB lesson_scripts CONFIGURE_DEPENDS ${lesson_dir}/*.rlab)
    foreach(script ${lesson_scripts})
      get_filename_component(name ${script} NAME_WE)
      if(NOT name MATCHES "^deep_")
        add_wasm_test(lesson.${lesson}.${name}
          Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/lessons/run_lesson_script.py
          --bin ${LLMLAB_WASM_NODE}
          --expected-dir ${CMAKE_CURRENT_SOURCE_DIR}/data/lesson${lesson_number} ${script})
      endif()
    endforeach()
  endif()
endforeach()

add_wasm_test(lesson.12-layer-norm-and-residuals.library
  Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/run_script_test.py
  --bin ${LLMLAB_WASM_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/lessons/lesson12_library.rlab)
if(TEST wasm.lesson.12-layer-norm-and-residuals.library)
  set_tests_properties(wasm.lesson.12-layer-norm-and-residuals.library PROPERTIES ENVIRONMENT
    "LLMLAB_PATH=${PROJECT_SOURCE_DIR}/lessons/12-layer-norm-and-residuals/lib")
endif()

if(EXISTS ${LLMLAB_ACCEPTANCE}/check.py)
  add_wasm_test(acceptance.lesson12 Python3::Interpreter ${LLMLAB_ACCEPTANCE}/check.py
                --bin ${LLMLAB_WASM_NODE} ${LLMLAB_ACCEPTANCE}/lesson-12)
endif()

# A stale line (a test renamed or deleted) would silently exclude nothing: refuse it.
foreach(_name IN LISTS _excluded_names)
  if(NOT _name IN_LIST _registered)
    message(FATAL_ERROR "tests/wasm_excluded.txt names ${_name}, which is no wasm test")
  endif()
endforeach()
