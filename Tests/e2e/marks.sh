#!/usr/bin/env bash
# Marks and a batch on the real binary: 1,000 todos, a search, M marks what
# it shows, x completes them all in one step, u takes the step back — the
# file byte for byte as it was.
# Usage: Tests/e2e/marks.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
unset YARU_FILE TODO_FILE TODO_DIR DONE_FILE
. "$(dirname "$0")/tmux-helpers.sh"
echo "marks and batches"
awk 'BEGIN { for (i = 1; i <= 1000; i++) print "(B) todo " i (i % 4 == 0 ? " +errand" : "") (i % 10 == 0 ? " rec:1w due:2026-12-01" : "") }' > "$work/todo.txt"
cp "$work/todo.txt" "$work/before.txt"
start_on "$work/todo.txt"
check "the list is open" "1000 items left"
keys /; keys -l "+errand"; keys Enter
keys M
check "M marks every todo the search shows" "250 marked"
keys x
check "x completes them all in one step" "Completed 250 todos"
for _ in $(seq 100); do
  completed=$(grep -c "^x " "$work/todo.txt")
  [ "$completed" = 250 ] && break
  sleep 0.05
done
if [ "$completed" = 250 ]; then pass "250 lines completed in the file"; else fail "completed in the file: $completed"; fi
keys u
check "u takes the whole batch back" "Undone"
keys q
check "quit" "EXIT=0"
if cmp -s "$work/todo.txt" "$work/before.txt"; then pass "the file is byte for byte as it was"; else fail "the file differs: $(diff "$work/before.txt" "$work/todo.txt" | head -5)"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
