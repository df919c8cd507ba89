#!/usr/bin/env bash
# Instructions per key in the real binary: callgrind on a stripped copy, in
# tmux 80x24, with N todos. After the first frame: zero the counters, send
# KEYS (one at a time, PACE seconds apart; IDLE sends nothing), wait, dump:
# the total holds only the keys' period (all threads). Per key = (total with
# keys − total with as many IDLE pauses) / keys. Needs valgrind and tmux.
#   Benchmarks/key-instructions.sh .build/release/yaru 20 0.2 j k j k …
#   Benchmarks/key-instructions.sh .build/release/yaru 20 0.2 IDLE IDLE …
set -euo pipefail
bin=$1 n=$2 pace=$3; shift 3
source "$(dirname "$0")/key-session.sh"
start "valgrind --tool=callgrind --callgrind-out-file=$work/cg.out.%p $work/yaru --file $work/todo.txt 2>$work/vg.err"
sleep 2
pid=$(pgrep -f "^/usr/bin/valgrind.bin.*callgrind-out-file=$work/cg.out" | head -1); [ -n "$pid" ] || { echo no pid >&2; ps aux | grep valgrind >&2; }
callgrind_control -z "$pid" >/dev/null 2>&1
press "$@"
sleep 2
callgrind_control -d "$pid" >/dev/null 2>&1
sleep 1
tot=$(grep -h "^totals:" "$work"/cg.out.*.1 | awk "{print \$2}")
if [ -n "${KEEP:-}" ]; then cp "$work"/cg.out.*.1 "$KEEP"; fi
tmux -S "$work/sock" send-keys q; sleep 2
tmux -S "$work/sock" kill-server 2>/dev/null || true
echo "$tot"
