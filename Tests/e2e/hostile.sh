#!/usr/bin/env bash
# End-to-end: yaru in hostile folders and terminals (issue #32) — the real
# binary, in tmux on its own socket per test, and from the shell.
# Usage: Tests/e2e/hostile.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
export XDG_CONFIG_HOME="$work/no-config"
export XDG_STATE_HOME="$work/state"

. "$(dirname "$0")/tmux-helpers.sh"
sum() { sha256sum < "$1"; }

echo "hostile folders and terminals"

# 5. Legacy X10 mouse reports (ESC [ M b x y) from a terminal without SGR:
# clicks and wheel turns, never keys. Column 68 is the byte `d`, and
# `ESC [ M` was read as Enter: the reports must leave the file untouched.
printf '(A) first\nsecond\nthird\nfourth\nfifth\n' > "$work/todo.txt"
before=$(sum "$work/todo.txt")
start_on "$work/todo.txt"
wait_for "fifth" || fail "X10: list shown"
# A press at column 68, row 5; its release; wheel down; a press at column 120 (x).
tmux -S "$sock" send-keys -H 1b 5b 4d 20 64 25  1b 5b 4d 23 64 25  1b 5b 4d 61 21 21  1b 5b 4d 20 98 26
# The same in UTF-8 mode 1005 (column 200 as a two-byte character), then q.
tmux -S "$sock" send-keys -H 1b 5b 4d 20 c3 a8 25
keys q
if wait_for "EXIT=0" && [ "$(sum "$work/todo.txt")" = "$before" ]; then
  pass "X10 mouse reports are no keys: q quits, the todo file is byte-identical"
else
  fail "X10 mouse reports ($(cat "$work/todo.txt"))"
fi

# 6. A paste whose end never comes: ended after a quiet second (its text is
# the paste), and the keys after it are keys again.
printf 'one\n' > "$work/todo.txt"
start_on "$work/todo.txt"
wait_for "one" || fail "paste: list shown"
tmux -S "$sock" send-keys -H 1b 5b 32 30 30 7e 70 61 73 74 65 64
if wait_for "pasted"; then pass "an unended paste ends after a quiet time"; else fail "an unended paste ends after a quiet time"; fi
keys q
if wait_for "EXIT=0" && grep -qx "[0-9-]* *pasted" "$work/todo.txt"; then
  pass "keys after it are keys: q quits"
else
  fail "keys after an unended paste ($(cat "$work/todo.txt"))"
fi
start_on "$work/todo.txt"
wait_for "one" || fail "paste: list shown again"
tmux -S "$sock" send-keys -H 1b 5b 32 30 30 7e 64 64 64
keys C-c
if wait_for "EXIT=0"; then pass "Ctrl-C ends the program during a paste"; else fail "Ctrl-C during a paste"; fi

# 2. `yaru merge` refuses a symlink named like a sync conflict copy that
# points outside the folder (a key, say): nothing is read into the todo file.
mkdir -p "$work/synced"
printf 'one\n' > "$work/synced/todo.txt"
printf 'SECRET KEY\n' > "$work/secret"
ln -s "$work/secret" "$work/synced/todo.sync-conflict-20261123-101500-ABCDEFG.txt"
before=$(sum "$work/synced/todo.txt")
message=$("$yaru" merge --file "$work/synced/todo.txt" todo.sync-conflict-20261123-101500-ABCDEFG.txt 2>&1); status=$?
if [ "$status" -eq 2 ] && [ "$(sum "$work/synced/todo.txt")" = "$before" ] && [ -L "$work/synced/todo.sync-conflict-20261123-101500-ABCDEFG.txt" ] \
  && [ "$(cat "$work/secret")" = "SECRET KEY" ] && echo "$message" | grep -q "symbolic link"; then
  pass "merge refuses a symlinked conflict copy; the todo file is byte-identical"
else
  fail "merge of a symlinked copy (status $status: $message; $(cat "$work/synced/todo.txt"))"
fi

# 8. `yaru archive` from a script and A in the open yaru within the same
# second: the completed todos reach done.txt once.
mkdir -p "$work/arch"
printf 'x 2026-01-01 a\nx 2026-01-01 b\nstill open\n' > "$work/arch/todo.txt"
start_on "$work/arch/todo.txt"
wait_for "still open" || fail "archive: list shown"
"$yaru" archive --file "$work/arch/todo.txt" >/dev/null
keys A
wait_for "Archived" || true
keys q
if wait_for "EXIT=0" && [ "$(cat "$work/arch/done.txt")" = "$(printf 'x 2026-01-01 a\nx 2026-01-01 b')" ] \
  && [ "$(cat "$work/arch/todo.txt")" = "still open" ]; then
  pass "archive from a script and A at once: each todo archived once"
else
  fail "archive twice (done: $(cat "$work/arch/done.txt" | tr '\n' '|'); todo: $(cat "$work/arch/todo.txt" | tr '\n' '|'))"
fi

# 3. The state file yaru writes on quitting is its owner's alone.
rm -rf "$XDG_STATE_HOME"
start_on "$work/arch/todo.txt"
wait_for "still open" || fail "state: list shown"
keys s q
if wait_for "EXIT=0" && [ "$(stat -c %a "$XDG_STATE_HOME/yaru/state")" = 600 ]; then
  pass "the state file is 0600"; else fail "the state file is $(stat -c %a "$XDG_STATE_HOME/yaru/state")"; fi

# 4. --record and --log open their file only once yaru starts, and only
# over an earlier recording or log (or with --force), never through a symlink.
mkdir -p "$work/rec"
printf 'x 2026-01-01 archived long ago\n' > "$work/rec/done.txt"
printf 'one\n' > "$work/rec/todo.txt"
printf '# recorded by yaru --record; replay with: yaru replay FILE\ntype old\n' > "$work/rec/session.yaru"
recorded=$(sum "$work/rec/session.yaru")
"$yaru" --file "$work/rec/todo.txt" --record "$work/rec/session.yaru" < /dev/null > /dev/null 2>&1; status=$?
if [ "$status" = 2 ] && [ "$(sum "$work/rec/session.yaru")" = "$recorded" ]; then
  pass "--record with no terminal: refused before the file is emptied"; else fail "--record with no terminal (status $status)"; fi
before=$(sum "$work/rec/done.txt")
message=$("$yaru" --file "$work/rec/todo.txt" --log "$work/rec/done.txt" 2>&1 < /dev/null); status=$?
if [ "$status" = 2 ] && [ "$(sum "$work/rec/done.txt")" = "$before" ] && echo "$message" | grep -q -- "--force"; then
  pass "--log over a file that is not a log: refused, untouched"; else fail "--log over another file (status $status: $message)"; fi
ln -s "$work/rec/done.txt" "$work/rec/link.log"
start_on "$work/rec/todo.txt" "--log '$work/rec/link.log' --force"
if wait_for "EXIT=2" && [ "$(sum "$work/rec/done.txt")" = "$before" ]; then
  pass "--log through a symlink to a file: refused, even with --force"; else fail "--log through a symlink"; fi
start_on "$work/rec/todo.txt" "--record '$work/rec/session.yaru'"
wait_for "one" || fail "record: list shown"
keys j q
if wait_for "EXIT=0" && ! grep -q "type old" "$work/rec/session.yaru" && grep -q "^press q$\|^type jq$\|^type j$" "$work/rec/session.yaru" \
  && [ "$(stat -c %a "$work/rec/session.yaru")" = 600 ]; then
  pass "an earlier recording is overwritten by the new one"; else fail "re-recording ($(cat "$work/rec/session.yaru"))"; fi
printf 'my notes\n' > "$work/rec/notes.txt"
start_on "$work/rec/todo.txt" "--log '$work/rec/notes.txt' --force"
wait_for "one" || fail "forced log: list shown"
keys q
if wait_for "EXIT=0" && head -1 "$work/rec/notes.txt" | grep -q "^# yaru --log"; then
  pass "--force overwrites another file"; else fail "--force ($(head -2 "$work/rec/notes.txt"))"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
