# build_daemon.cmake - at configure time, leaves a process behind that lives on after the
# build (labs/tests/hostile.py checks that none is left).
execute_process(COMMAND sh -c "cp /usr/bin/sleep /tmp/tiger-hostile && (setsid /tmp/tiger-hostile 1000 > /dev/null 2>&1 &)")
