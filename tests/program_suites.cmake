# The suites that run whole llmlab programs through a binary and check what they print: the
# script tests, the lessons, lesson 12's library and the seed acceptance test. Registered once
# for the native binary and once for the WebAssembly build (tests/wasm.cmake), from the one
# enumeration below, so a new suite or script is picked up by both.
#
# add_program_suites(PREFIX BINARY [FIGURES formats...] [EXCLUDED names...]): each test is named
# PREFIX<name>, where <name> is the native test's name; EXCLUDED names are not registered.
# FIGURES: the formats a drawing lesson script must leave through --figures (default svg png;
# the WebAssembly build, without cairo, writes svg alone). Every name considered is
# appended to the global property LLMLAB_PROGRAM_SUITE_NAMES so a caller can refuse stale
# exclusions.
# _suite_test(NAME command...): the test PREFIX<NAME>, unless NAME is excluded. Called only from
# add_program_suites, whose `prefix` and `_suite_EXCLUDED` it sees (CMake functions see their
# caller's variables).
function(_suite_test name)
  set_property(GLOBAL APPEND PROPERTY LLMLAB_PROGRAM_SUITE_NAMES ${name})
  if(name IN_LIST _suite_EXCLUDED)
    return()
  endif()
  add_test(NAME ${prefix}${name} COMMAND ${ARGN})
endfunction()

function(add_program_suites prefix binary)
  cmake_parse_arguments(PARSE_ARGV 2 _suite "" "" "EXCLUDED;FIGURES")
  if(NOT _suite_FIGURES)
    set(_suite_FIGURES svg png)
  endif()
  list(JOIN _suite_FIGURES "," figure_formats)

  file(GLOB_RECURSE scripts CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/scripts/*.rlab
       ${CMAKE_CURRENT_SOURCE_DIR}/scripts/*.m)
  foreach(script ${scripts})
    # A MATLAB function file (its first line `function ...`) is no script: its callers test it.
    file(STRINGS ${script} first_line LIMIT_COUNT 1)
    if(script MATCHES "\\.m$" AND first_line MATCHES "^function ")
      continue()
    endif()
    file(RELATIVE_PATH name ${CMAKE_CURRENT_SOURCE_DIR}/scripts ${script})
    _suite_test(script.${name} Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/run_script_test.py
                --bin ${binary} ${script})
    if(TEST ${prefix}script.${name})
      set_tests_properties(${prefix}script.${name} PROPERTIES
        WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/scripts)
    endif()
  endforeach()

  # Lesson scripts: each runs clean, prints the seed's numbers where the seed printed any, and
  # writes the figures it saves. deep_* experiments are long and run only by hand.
  file(GLOB lesson_dirs LIST_DIRECTORIES true ${PROJECT_SOURCE_DIR}/lessons/*)
  foreach(lesson_dir ${lesson_dirs})
    if(NOT IS_DIRECTORY ${lesson_dir})
      continue()
    endif()
    get_filename_component(lesson ${lesson_dir} NAME)
    string(REGEX MATCH "^[0-9]+" lesson_number ${lesson})
    file(GLOB lesson_scripts CONFIGURE_DEPENDS ${lesson_dir}/*.rlab)
    foreach(script ${lesson_scripts})
      get_filename_component(name ${script} NAME_WE)
      if(NOT name MATCHES "^deep_")
        _suite_test(lesson.${lesson}.${name}
          Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/lessons/run_lesson_script.py
          --bin ${binary} --expected-dir ${CMAKE_CURRENT_SOURCE_DIR}/data/lesson${lesson_number}
          --figure-formats ${figure_formats} ${script})
      endif()
    endforeach()
  endforeach()

  # Lesson 12's shared library on cases with known answers; import finds it through LLMLAB_PATH.
  set(library lesson.12-layer-norm-and-residuals.library)
  _suite_test(${library} Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/run_script_test.py
              --bin ${binary} ${CMAKE_CURRENT_SOURCE_DIR}/lessons/lesson12_library.rlab)
  if(TEST ${prefix}${library})
    set_tests_properties(${prefix}${library} PROPERTIES ENVIRONMENT
      "LLMLAB_PATH=${PROJECT_SOURCE_DIR}/lessons/12-layer-norm-and-residuals/lib")
  endif()

  # The mission's acceptance test, when the shared folder sits beside the checkout (as in CI).
  set(acceptance ${PROJECT_SOURCE_DIR}/../shared/acceptance)
  if(EXISTS ${acceptance}/check.py)
    _suite_test(acceptance.lesson12 Python3::Interpreter ${acceptance}/check.py
                --bin ${binary} ${acceptance}/lesson-12)
  endif()
endfunction()
