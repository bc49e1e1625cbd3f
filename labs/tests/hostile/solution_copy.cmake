# solution_copy.cmake - at configure time, looks for a linearize.cc that is not a stub
# anywhere it can read, and copies it over the handout's (labs/tests/hostile.py).
execute_process(
  COMMAND sh -c "timeout 60 find / -xdev -name linearize.cc -path '*chap8*' 2>/dev/null | xargs -r grep -L 'labUnwritten(\"canon\"' | head -1"
  OUTPUT_VARIABLE tiger_hostile_solution OUTPUT_STRIP_TRAILING_WHITESPACE)
message(STATUS "hostile: solution found: '${tiger_hostile_solution}'")
if(tiger_hostile_solution)
  file(COPY_FILE ${tiger_hostile_solution} ${CMAKE_SOURCE_DIR}/chap8/linearize.cc)
endif()
