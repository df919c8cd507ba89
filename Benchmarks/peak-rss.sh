#!/usr/bin/env bash
# What the yaru binary keeps resident with N todos, in tmux 80x24: VmHWM
# (the peak), RssAnon (heap, stacks) and RssFile (the binary's mapped
# pages) after the first frame, after 5 moves, and after a toggle and its
# save. How each memory step of docs/Performance.md was measured; ptybench
# reads the same VmHWM. A binary just written maps more of its pages than
# one read back from the disk (how its file sits in the page cache): to
# compare two builds, drop the page cache before each run (root:
# `sync; echo 1 > /proc/sys/vm/drop_caches`).
#   Benchmarks/peak-rss.sh .build/release/yaru 10000
set -euo pipefail
bin=$(realpath "$1") n=${2:-10000}
work=$(mktemp -d)
trap 'tmux -S "$work/sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
words=("buy milk" "call the bank" "fix the bike" "water plants" "pay rent")
mkdir -p "$work/home/.local/share/yaru"
for ((i = 1; i <= n; i++)); do printf 'Task %06d %s\n' "$i" "${words[i % ${#words[@]}]}"; done > "$work/home/.local/share/yaru/todo.txt"
tmux -S "$work/sock" new-session -d -x 80 -y 24 "env HOME=$work/home TERM=xterm-256color LANG=C.UTF-8 $bin"
for _ in $(seq 100); do tmux -S "$work/sock" capture-pane -p | grep -q "Task 000001" && break; sleep 0.1; done
sleep 0.5
pid=$(tmux -S "$work/sock" list-panes -F '#{pane_pid}')
memory() { echo "$1 $(grep -E 'VmHWM|RssAnon|RssFile' "/proc/$pid/status" | tr -s ' \t' ' ' | tr '\n' ' ')"; }
memory "first frame:"
tmux -S "$work/sock" send-keys j j j j j; sleep 0.5
memory "5 moves:    "
tmux -S "$work/sock" send-keys x; sleep 2
memory "a toggle:   "
