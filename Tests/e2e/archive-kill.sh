#!/usr/bin/env bash
# Archive, undo, SIGKILL at a random moment, on a 200,000-line file, 20
# times: every completed todo is in the todo file or the done file (or
# both) every time. Archiving appends to the done file before the todo file
# loses the lines; its undo saves the todo file before the done file loses
# them. Usage: Tests/e2e/archive-kill.sh PATH/TO/yaru [TRIES]
set -u
yaru=$(realpath "$1")
tries=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
unset DONE_FILE TODO_FILE TODO_DIR
lines=200000
awk -v n=$lines 'BEGIN { for (i = 1; i <= n; i++) { if (i % 40000 == 0) print "x 2026-01-01 done " i / 40000; else print "(B) todo number " i " +project @context" } }' > "$work/base.txt"
passed=0
failed=0
# A process that has not ended (a zombie has).
is_running() { local state; state=$(ps -o stat= -p "$1" 2>/dev/null); [ -n "$state" ] && [ "${state#Z}" = "$state" ]; }
todo_only=0
done_only=0
both=0
echo "archive, undo and SIGKILL on $lines lines ($tries tries)"
for try in $(seq "$tries"); do
  cp "$work/base.txt" "$work/todo.txt"
  rm -f "$work/done.txt"
  sock="$work/sock$try"
  tmux -S "$sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color "'$yaru' --file '$work/todo.txt'"
  for _ in $(seq 600); do tmux -S "$sock" capture-pane -p | grep -q "[1-9][0-9]* items left" && break; sleep 0.05; done
  # The pane's shell execs yaru (a single command): the pane's process is
  # yaru itself, else yaru is its child.
  pane=$(tmux -S "$sock" display -p '#{pane_pid}')
  if [ "$(ps -o comm= -p "$pane")" = yaru ]; then pid=$pane; else pid=$(pgrep -P "$pane" -x yaru); fi
  if [ -z "$pid" ]; then failed=$((failed + 1)); echo "  FAIL try $try: no yaru process to kill"; tmux -S "$sock" kill-server; continue; fi
  tmux -S "$sock" send-keys A
  sleep "0.$(printf '%03d' $((RANDOM % 800)))"
  tmux -S "$sock" send-keys u
  sleep "0.$(printf '%03d' $((RANDOM % 800)))"
  kill -KILL "$pid"
  # Checked only once it is gone: a yaru still saving could move the lines
  # between the two files while they are read.
  for _ in $(seq 500); do is_running "$pid" || break; sleep 0.01; done
  tmux -S "$sock" kill-server 2>/dev/null
  missing=""
  for k in 1 2 3 4 5; do
    found=$(cat "$work/todo.txt" "$work/done.txt" 2>/dev/null | grep -c "^x 2026-01-01 done $k\$")
    [ "$found" -ge 1 ] || missing="$missing $k"
  done
  if [ -z "$missing" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL try $try: done$missing in neither file"; fi
  # Where the kill came: before the archive or after the whole undo (the
  # todo file only); between the archive's save and the undo's (the done
  # file only); while a side that gains the lines is written before the
  # other loses them (both).
  in_todo=$(grep -c "^x 2026-01-01 done 1\$" "$work/todo.txt")
  in_done=$(grep -c "^x 2026-01-01 done 1\$" "$work/done.txt" 2>/dev/null)
  if [ "$in_todo" -ge 1 ] && [ "${in_done:-0}" -ge 1 ]; then both=$((both + 1))
  elif [ "${in_done:-0}" -ge 1 ]; then done_only=$((done_only + 1))
  else todo_only=$((todo_only + 1)); fi
done
echo "  where the kill left the lines: the todo file only $todo_only, the done file only $done_only, both $both"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
