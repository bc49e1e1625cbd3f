# nproc_storm.cmake - at configure time, starts 300 processes that sleep 90 s, and holds
# its build 20 s by a process started first (the storm's shell dies at its first failed
# fork) (issue 42, attack 3): where every grade-all slot ran as one uid, they spent the
# neighbour slot's process budget too (RLIMIT_NPROC: its forks failed, "Resource
# temporarily unavailable").
execute_process(COMMAND sh -c "sleep 20 & holder=$!; (for i in $(seq 300); do sleep 90 > /dev/null 2>&1 & done); wait $holder")
