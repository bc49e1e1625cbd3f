# memory_burst.sh - 4 children, each holding 1.2 GB (written, so really held) for 3 s
# (issue 42, attack 7): 4.8 GB together, each under the 4 GiB a process of the build
# may hold. Writes to held.txt how many held it to the end.
for i in 1 2 3 4; do
  python3 -c "import time; b = b'x' * (1200 << 20); time.sleep(3); print('held')" >> held.txt 2>/dev/null &
done
wait
