#!/usr/bin/env bash
# The lasting history on the real binary, with its own XDG_STATE_HOME: a
# todo added in a shell is undone by `u` in the open list; after a restart
# Ctrl-R brings it back; `yaru log` names this screen, the shell and another
# program; the history file is the owner's only (0600); a history full of
# garbage never stops the list (said once, the todo file untouched); `yaru
# merge` of a conflict copy whose side deleted a line deletes it (three-way
# against the text yaru last saw); a key script with --state undoes a shell add.
# Usage: Tests/e2e/history.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
export TZ=UTC XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
unset YARU_FILE TODO_FILE TODO_DIR DONE_FILE
. "$(dirname "$0")/tmux-helpers.sh"
ok() { pass "$1"; }
bad() { fail "$1"; }

quit() { keys q; wait_for "EXIT=" || bad "yaru did not quit"; }
# Polls FILE (every 50 ms, up to 5 s) until grep -q PATTERN on it says STATE (0 has it, 1 lacks it).
file_says() {
  local pattern=$1 file=$2 state=$3 i
  for i in $(seq 100); do
    grep -q -- "$pattern" "$file" 2>/dev/null; [ $? = "$state" ] && return 0
    sleep 0.05
  done
  return 1
}

echo "the history"
todo="$work/todo.txt"
printf 'Pay rent\nCall mum\n' > "$todo"
"$yaru" add --file "$todo" "Buy milk" > /dev/null
start_on "$todo"
check "the shell's todo is in the list" "Buy milk"
keys u
check "u undoes the shell's add" "Undone — Ctrl-R redoes"
if file_says "Buy milk" "$todo" 1 && wait_for "2 items left"; then ok "the file lost the shell's todo"; else bad "after u: $(cat "$todo")"; fi
echo "from todo.sh" >> "$todo"
check "another program's line comes in" "from todo.sh"
quit
start_on "$todo"
check "reopened" "from todo.sh"
keys C-r
check "Ctrl-R after a restart brings the shell's todo back" "Redone — u undoes"
if file_says "Buy milk" "$todo" 0; then ok "the file has it again"; else bad "after Ctrl-R: $(cat "$todo")"; fi
quit

log=$("$yaru" log --file "$todo")
for source in "this screen" "yaru add" "another program"; do
  if printf '%s\n' "$log" | grep -qF "  $source  "; then ok "yaru log names $source"; else bad "yaru log lacks $source: $log"; fi
done
if printf '%s\n' "$log" | head -n 1 | grep -qF 'redid added "Buy milk"'; then ok "yaru log is newest first"; else bad "yaru log's first line: $(printf '%s\n' "$log" | head -n 1)"; fi
if "$yaru" log -p --file "$todo" milk | grep -qF "    + "; then ok "yaru log -p WORDS shows the lines"; else bad "yaru log -p milk: $("$yaru" log -p --file "$todo" milk)"; fi
history=$(ls "$XDG_STATE_HOME"/yaru/history/*todo.txt 2>/dev/null | head -n 1)
if [ -n "$history" ] && [ "$(stat -c %a "$history")" = 600 ]; then ok "the history file is 0600"; else bad "history file: $history $(stat -c %a "$history" 2>&1)"; fi

# yaru undo and yaru redo from the shell.
if "$yaru" undo --file "$todo" | grep -qF 'Undone: added "Buy milk" (yaru add, ' && ! grep -q "Buy milk" "$todo"; then
  ok "yaru undo says what it undid"
else
  bad "yaru undo: $(cat "$todo")"
fi
sed -i 's/^Call mum$/Call mum today/' "$todo"
printf 'x 2026-01-01 Call mum today\n' > /dev/null
"$yaru" redo --file "$todo" > /dev/null && grep -q "Buy milk" "$todo" && ok "yaru redo makes it again" || bad "yaru redo: $(cat "$todo")"

# A history of garbage: the list opens, says so once, the todo file is untouched.
cp "$todo" "$work/before.txt"
head -c 3000 /dev/urandom > "$history"
start_on "$todo"
check "a garbage history is said" "History partly unreadable"
check "and the list opens" "Pay rent"
quit
if cmp -s "$todo" "$work/before.txt"; then ok "the todo file is untouched"; else bad "the todo file changed: $(diff "$work/before.txt" "$todo")"; fi
if "$yaru" log --file "$todo" > /dev/null 2> "$work/err" && grep -qF "History partly unreadable" "$work/err"; then ok "yaru log says it too"; else bad "yaru log on garbage: $(cat "$work/err")"; fi

# yaru merge: three-way against the text yaru last saw.
synced="$work/synced.txt"
printf 'alpha\nbravo\ncharlie\n' > "$synced"
"$yaru" add --file "$synced" "delta" > /dev/null
copy="$work/synced.sync-conflict-20261123-101500-ABCDEFG.txt"
printf 'alpha\ncharlie\n2026-01-01 echo from the laptop\n' > "$copy"
"$yaru" merge --file "$synced" "$(basename "$copy")" > /dev/null
if ! grep -q "^bravo$" "$synced" && grep -q "delta" "$synced" && grep -q "echo from the laptop" "$synced"; then
  ok "yaru merge: the line the other side deleted is deleted, both sides' additions kept"
else
  bad "yaru merge: $(cat "$synced")"
fi

# A key script with --state undoes a todo `yaru add` made in a shell.
keyed="$work/keyed.txt"
printf 'one\n' > "$keyed"
"$yaru" add --file "$keyed" "two" > /dev/null
printf 'expect two\npress u\nexpect Undone\n' > "$work/undo.yaru"
if "$yaru" replay "$work/undo.yaru" --file "$keyed" --state "$XDG_STATE_HOME/yaru" && [ "$(cat "$keyed")" = one ]; then
  ok "a key script with --state undoes the shell's add"
else
  bad "replay --state: $(cat "$keyed")"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
