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
work=$(mktemp -d)
trap 'tmux -S "$work/sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$bin" "$work/yaru" && strip --strip-debug "$work/yaru"
mkdir -p "$work/empty"
for ((i = 1; i <= n; i++)); do echo "Task $i buy milk +home @shop"; done > "$work/todo.txt"
tmux -S "$work/sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
  "XDG_CONFIG_HOME=$work/empty XDG_STATE_HOME=$work/empty valgrind --tool=callgrind --callgrind-out-file=$work/cg.out.%p $work/yaru --file $work/todo.txt 2>$work/vg.err"
for _ in $(seq 600); do tmux -S "$work/sock" capture-pane -p | grep -q "Task 1 " && break; sleep 0.1; done
sleep 2
pid=$(pgrep -f "^/usr/bin/valgrind.bin.*callgrind-out-file=$work/cg.out" | head -1); [ -n "$pid" ] || { echo no pid >&2; ps aux | grep valgrind >&2; }
callgrind_control -z "$pid" >/dev/null 2>&1
for k in "$@"; do [ "$k" = IDLE ] || tmux -S "$work/sock" send-keys "$k"; sleep "$pace"; done
sleep 2
callgrind_control -d "$pid" >/dev/null 2>&1
sleep 1
tot=$(grep -h "^totals:" "$work"/cg.out.*.1 | awk "{print \$2}")
if [ -n "${KEEP:-}" ]; then cp "$work"/cg.out.*.1 "$KEEP"; fi
tmux -S "$work/sock" send-keys q; sleep 2
tmux -S "$work/sock" kill-server 2>/dev/null || true
echo "$tot"
