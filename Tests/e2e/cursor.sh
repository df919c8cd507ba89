#!/usr/bin/env bash
# The terminal's real cursor follows the selection (screen readers and
# input methods go where it is): after `j` it is on the selected row, at
# its start, in every order (the agenda's headings between) and after a
# resize. Run by `make test`.
set -u
cd "$(dirname "$0")/../.."
yaru=$(realpath "${1:-.build/debug/yaru}")
work=$(mktemp -d)
source Tests/e2e/tmux-helpers.sh
export XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config

# The row (from 0) of the first screen line holding TEXT.
row_of() { screen | grep -nF -- "$1" | head -1 | cut -d: -f1 | awk '{ print $1 - 1 }'; }
cursor() { tmux -S "$sock" display -p '#{cursor_x} #{cursor_y}'; }
# Whether the cursor is (within 2 s) at the start of the row showing TEXT.
cursor_on() {
  local want
  want="0 $(row_of "$1")"
  for _ in $(seq 40); do [ "$(cursor)" = "$want" ] && return 0; sleep 0.05; done
  echo "  (cursor at $(cursor), wanted $want for $1)"; return 1
}
ok() { if eval "$2"; then pass "$1"; else fail "$1"; fi; }

echo "the cursor follows the selection"
{
  echo "(C) third by priority due:2030-01-03"
  echo "(A) first by priority due:2030-01-05"
  echo "no priority, first by due due:2030-01-01"
  echo "(B) second by priority"
} > "$work/todo.txt"
start_on "$work/todo.txt"
wait_for "third by priority" || fail "yaru started"
ok "at start: on the first row" 'cursor_on "third by priority"'
keys j
ok "after j (manual order): on the second row" 'cursor_on "first by priority"'
keys s
wait_for "by priority" > /dev/null
keys j
ok "after s, j (by priority): on the second row, (B)" 'cursor_on "second by priority"'
keys s
wait_for "by due date" > /dev/null
keys j
ok "after s, j (by due date): on the second row" 'cursor_on "third by priority"'
keys s
wait_for "agenda" > /dev/null
keys j
ok "after s, j (the agenda): on the second todo, below its day's heading" 'cursor_on "third by priority"'
tmux -S "$sock" resize-window -x 50 -y 12
sleep 0.3
ok "after a resize: still on the selected row" 'cursor_on "third by"'
keys /
ok "typing a search: the cursor in the search line" \
  'for _ in $(seq 40); do [ "$(cursor)" = "2 10" ] && break; sleep 0.05; done; [ "$(cursor)" = "2 10" ]'
keys Escape
ok "back in the list: on the selected row again" 'cursor_on "third by"'
keys q
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
