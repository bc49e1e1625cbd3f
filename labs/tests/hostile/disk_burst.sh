# disk_burst.sh - 6 x 1 GB, each file made and kept for a moment, then all removed
# within 50 ms (issue 42, attack 7): sampling the tree's size never sees them. Writes
# to burst.txt how many it held at once.
n=0
for i in 1 2 3 4 5 6; do fallocate -l 1G burst$i 2>/dev/null && n=$((n + 1)); done
rm -f burst1 burst2 burst3 burst4 burst5 burst6
echo $n > burst.txt
