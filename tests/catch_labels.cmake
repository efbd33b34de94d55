# Catch2's tags as ctest labels (Catch2 v2's catch_discover_tests sets none): run after the
# test binary is built, this asks it which tests carry each tag and writes, for every test,
# set_tests_properties(... LABELS tier;tag;...) into CTEST_FILE, which ctest includes after
# the discovered tests. The tier is the test's tier tag ([e2e], [proof], [campaign]) or
# `unit` when it has none (docs/testing.md).
#   cmake -DTEST_EXECUTABLE=... -DCTEST_FILE=... -P catch_labels.cmake
cmake_minimum_required(VERSION 3.25)
set(tiers e2e proof campaign)
execute_process(COMMAND "${TEST_EXECUTABLE}" --list-tags OUTPUT_VARIABLE tag_listing
                RESULT_VARIABLE rc)
if(rc LESS 0)
  message(FATAL_ERROR "${TEST_EXECUTABLE} --list-tags failed: ${rc}")
endif()
string(REGEX MATCHALL "\\[[^]]+\\]" tags "${tag_listing}")
list(REMOVE_DUPLICATES tags)
set(all_tests "")
foreach(bracketed IN LISTS tags)
  string(REGEX REPLACE "^\\[(.*)\\]$" "\\1" tag "${bracketed}")
  if(tag MATCHES "^\\.")  # hidden tests are not registered (make targets run them)
    continue()
  endif()
  execute_process(COMMAND "${TEST_EXECUTABLE}" "${bracketed}" --list-test-names-only
                  OUTPUT_VARIABLE names)
  # catch_discover_tests cuts a name at ';' into tests that match nothing and pass: such a
  # test would never run.
  if(names MATCHES ";")
    string(REGEX MATCH "[^\n]*;[^\n]*" bad "${names}")
    message(FATAL_ERROR "test case name with ';' (ctest would never run it): ${bad}")
  endif()
  string(REPLACE "\n" ";" names "${names}")
  foreach(name IN LISTS names)
    if(name STREQUAL "")
      continue()
    endif()
    string(MD5 key "${name}")
    list(APPEND all_tests ${key})
    set(name_${key} "${name}")
    list(APPEND tags_${key} ${tag})
  endforeach()
endforeach()
list(REMOVE_DUPLICATES all_tests)
set(script "")
foreach(key IN LISTS all_tests)
  set(tier unit)
  foreach(t IN LISTS tiers)
    if(t IN_LIST tags_${key})
      set(tier ${t})
    endif()
  endforeach()
  set(labels ${tier} ${tags_${key}})
  list(REMOVE_DUPLICATES labels)
  string(APPEND script "set_tests_properties([==[${name_${key}}]==] PROPERTIES LABELS \"${labels}\" FIXTURES_REQUIRED rule_proofs)\n")
endforeach()
file(WRITE "${CTEST_FILE}" "${script}")
