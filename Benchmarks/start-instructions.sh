#!/usr/bin/env bash
# Counts the instructions of one start (20 todos, first frame, q) with
# callgrind: without a config file, then with a config file (every table)
# and a state file. Steadier than a timer on a noisy machine. Needs valgrind
# and tmux.  Benchmarks/start-instructions.sh .build/release/yaru
# N=10000 counts a start with that many todos; KEEP=FILE keeps the first
# setting's callgrind output of the main thread (to see where the
# instructions went).
set -euo pipefail
work=$(mktemp -d)
trap 'tmux -S "$work/sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
# valgrind cannot read the release link's debug info; a stripped copy runs the same code.
cp "$1" "$work/yaru" && strip --strip-debug "$work/yaru"
mkdir -p "$work/empty" "$work/config/yaru" "$work/state/yaru"
for i in $(seq "${N:-20}"); do echo "Task $i buy milk +home @shop"; done > "$work/todo.txt"
printf 'clock = "24h"\n[keys]\n"ctrl-d" = "delete"\n"l" = "edit"\n[colors]\npriority-a = "bold+red"\nproject = "bold+cyan"\nselection = "reverse+bold"\n[views]\nwork = "+work -@phone"\ntoday = "due:today"\n' \
  > "$work/config/yaru/config.toml"
printf 'order = "manual"\nfilter = "all"\nshow-hidden = false\n[config]\norder = "manual"\n' > "$work/state/yaru/state"
for setting in "no config:$work/empty:$work/empty" "config + state file:$work/config:$work/state"; do
  IFS=: read -r name config state <<< "$setting"
  tmux -S "$work/sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
    "XDG_CONFIG_HOME=$config XDG_STATE_HOME=$state valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file=$work/cg.out $work/yaru --file $work/todo.txt 2>/dev/null"
  for _ in $(seq 200); do tmux -S "$work/sock" capture-pane -p | grep -q "Task 1 " && break; sleep 0.1; done
  tmux -S "$work/sock" send-keys q
  for _ in $(seq 100); do [ -s "$work/cg.out-01" ] && break; sleep 0.1; done
  sleep 1
  tmux -S "$work/sock" kill-server 2>/dev/null || true
  # Each thread counted in a file of its own: one file for all of them
  # missed the I/O thread's ~0.3 M in some runs (3.21 M or 3.50 M, the
  # same binary).
  main=$(grep -h '^totals:' "$work/cg.out-01" | cut -d' ' -f2)
  all=$(cat "$work"/cg.out-* | awk '/^totals:/ { sum += $2 } END { print sum }')
  echo "$name: $all instructions (main thread $main)"
  if [ -n "${KEEP:-}" ] && [ ! -e "$KEEP" ]; then cp "$work/cg.out-01" "$KEEP"; fi
  rm -f "$work"/cg.out*
done
