#!/usr/bin/env bash
# How long from another program's `echo line >> todo.txt` to yaru's first
# write to its terminal, on strace's clock (the screen read back by tmux
# adds its own few milliseconds; Tests/e2e/idle.sh measures that way).
# Usage: Benchmarks/notice-latency.sh PATH/TO/yaru [APPENDS]
# Prints one line per append, in ms. Needs tmux and strace.
set -u
yaru=$(realpath "$1")
appends=${2:-7}
work=$(mktemp -d)
export XDG_CONFIG_HOME="$work/no-config" XDG_STATE_HOME="$work/state"
mkdir "$work/list"
todo="$work/list/todo.txt"  # alone in its folder: strace's log is not beside it
printf 'first\n' >"$todo"
sock="$work/sock"
trap 'tmux -S "$sock" kill-server 2>/dev/null; sleep 0.5; rm -rf "$work"' EXIT
tmux -S "$sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color "$yaru --file '$todo'; sleep 60"
sleep 1
pid=$(pgrep -P "$(tmux -S "$sock" display-message -p '#{pane_pid}')" | head -1)
strace -f -tt -e trace=write -o "$work/strace.log" -p "$pid" 2>/dev/null &
tracer=$!
sleep 1
for n in $(seq "$appends"); do
  echo "APPEND $(date +%H:%M:%S.%N | cut -c1-15)" >>"$work/marks"
  echo "line $n" >>"$todo"
  sleep 1.5
done
kill -INT "$tracer"; wait "$tracer" 2>/dev/null
# Each append, then the first write to fd 1 after it.
sort <(awk '{ print $2, "APPEND" }' "$work/marks") <(grep 'write(1,' "$work/strace.log" | awk '{ print $2, "WRITE" }') | awk '
  { split($1, t, ":"); at = t[1] * 3600 + t[2] * 60 + t[3] }
  $2 == "APPEND" { appended = at; waiting = 1; next }
  $2 == "WRITE" && waiting { printf "%.1f ms\n", (at - appended) * 1000; waiting = 0 }'
