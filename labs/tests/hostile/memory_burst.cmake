# memory_burst.cmake - at configure time, runs memory_burst.sh in the source folder:
# 4.8 GB held by 4 processes under a 4 GiB cap on the build (labs/tests/hostile.py).
execute_process(COMMAND sh ${CMAKE_SOURCE_DIR}/hostile.sh WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
