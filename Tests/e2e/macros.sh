#!/usr/bin/env bash
# Macros on the real binary: Q a records keys, Q stops and writes the key
# script to $XDG_DATA_HOME/yaru/macros/a.yaru; @a plays it, and again after
# a restart; `yaru replay` runs the same file.
# Usage: Tests/e2e/macros.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
unset YARU_FILE TODO_FILE TODO_DIR DONE_FILE
. "$(dirname "$0")/tmux-helpers.sh"
echo "macros"
printf 'one\ntwo\nthree\nfour\n' > "$work/todo.txt"
macro="$work/data/yaru/macros/a.yaru"
start_on "$work/todo.txt"
check "the list is open" "4 items left"
keys Q a
check "Q a records" "recording @a"
keys p j Q
check "Q stops and says what it recorded" "Recorded macro a (2 keys)"
for _ in $(seq 100); do [ -f "$macro" ] && break; sleep 0.05; done
if [ "$(tail -n 1 "$macro" 2>/dev/null)" = "type pj" ]; then pass "the macro is a key script in the data folder"
else fail "the macro file: $(cat "$macro" 2>&1)"; fi
keys @ a
check "@a plays it" "Played macro a"
keys q
check "quit" "EXIT=0"
start_on "$work/todo.txt"
check "open again" "4 items left"
keys j j @ a
check "after a restart the macro is there" "Played macro a"
keys q
check "quit again" "EXIT=0"
expected=$'(A) one\n(A) two\n(A) three\nfour'
if [ "$(cat "$work/todo.txt")" = "$expected" ]; then pass "three todos got priority A"; else fail "the file: $(cat "$work/todo.txt")"; fi
printf 'one\ntwo\n' > "$work/replayed.txt"
if "$yaru" replay "$macro" --file "$work/replayed.txt" >/dev/null 2>&1 && [ "$(head -n 1 "$work/replayed.txt")" = "(A) one" ]; then
  pass "yaru replay runs the macro file"
else
  fail "yaru replay on the macro file: $(cat "$work/replayed.txt")"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
