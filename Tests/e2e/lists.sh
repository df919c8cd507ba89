#!/usr/bin/env bash
# Several lists ([lists]) in tmux, on the real binary:
# - T moves todos between two lists, back and forth, and SIGKILL comes at a
#   random moment during 100 moves: every todo is in at least one of the
#   two files every time, never in neither (the other list's file is
#   written first); the next start opens them, and says so when a move was
#   cut short (a todo in both).
# - a line another program appends to the list not shown is there when L
#   comes back to it;
# - a list another yaru holds opens read-only alone: the other list stays
#   writable.
# Usage: Tests/e2e/lists.sh PATH/TO/yaru [TRIES]
set -u
yaru=$(realpath "$1")
tries=${2:-5}
work=$(mktemp -d)
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
unset DONE_FILE TODO_FILE TODO_DIR YARU_FILE
. "$(dirname "$0")/tmux-helpers.sh"
printf '[lists]\nhome = "home.txt"\nwork = "work.txt"\n' > "$work/lists.toml"
# A new tmux server (own socket) running yaru with the lists' config and ARGS.
start_lists() {
  tmux -S "$sock" kill-server 2>/dev/null
  sessions=$((sessions + 1)); sock="$work/sock$sessions"
  tmux -S "$sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
    "$yaru --config '$work/lists.toml' ${1:-}; echo \"EXIT=\$?\"; sleep 60"
}
yaru_pid() { pgrep -P "$(tmux -S "$sock" display -p '#{pane_pid}')" -f "$yaru"; }
pause() { sleep "0.$(printf '%03d' $((RANDOM % ${1:-40})))"; }

echo "T between two lists, SIGKILL during 100 moves ($tries tries)"
todos=30
for try in $(seq "$tries"); do
  seq "$todos" | sed 's/^/home todo /' > "$work/home.txt"
  printf 'work todo 1\nwork todo 2\n' > "$work/work.txt"
  start_lists
  if ! wait_for "30 items left"; then fail "try $try: the list did not open"; continue; fi
  pid=$(yaru_pid)
  kill_at=$((RANDOM % 100 + 1))
  moves=0
  while [ "$moves" -lt "$kill_at" ]; do
    # To work, and back: the selected todo each time.
    keys T 2; moves=$((moves + 1)); pause
    [ "$moves" -ge "$kill_at" ] && break
    keys L; pause; keys T 1; moves=$((moves + 1)); pause; keys L; pause
  done
  # Right after a key, or a little later: mid-move or between moves.
  [ $((RANDOM % 2)) -eq 0 ] && pause 30
  kill -KILL "$pid" 2>/dev/null
  tmux -S "$sock" kill-server 2>/dev/null
  missing=""
  for line in $(seq "$todos" | sed 's/^/home_todo_/') work_todo_1 work_todo_2; do
    text=${line//_/ }
    cat "$work/home.txt" "$work/work.txt" 2>/dev/null | grep -qx -- "$text" || missing="$missing '$text'"
  done
  total=$(cat "$work/home.txt" "$work/work.txt" | wc -l)
  if [ -n "$missing" ]; then
    fail "try $try (killed at move $kill_at): in neither file:$missing"
  elif [ "$total" -lt $((todos + 2)) ]; then
    fail "try $try (killed at move $kill_at): $total lines in the two files"
  else
    pass "try $try: killed at move $kill_at, every todo in a file (work.txt: $(wc -l < "$work/work.txt") lines, $((total - todos - 2)) in both)"
  fi
done

echo "after the last kill, the next start"
both=$(( $(cat "$work/home.txt" "$work/work.txt" | wc -l) - todos - 2 ))
start_lists
check "the next start opens the list" "items left"
# A kill between the two files' writes: the start says so.
[ "$both" -gt 0 ] && check "it says a move was cut short ($both in both)" "A move was cut short"
keys q

echo "a line appended to the list not shown"
printf 'Call mom\nBuy milk\n' > "$work/home.txt"
printf 'Write report\n' > "$work/work.txt"
start_lists
check "home is shown, the header names it" "Completed   home"
keys L
check "L shows work" "Write report"
keys L
check "L again: home" "Buy milk"
echo "Appended by echo" >> "$work/work.txt"
sleep 1.5
keys L
check "the appended line is there when L comes back" "Appended by echo"
check "and the header names work" "Completed   work"
keys x
sleep 1.5
grep -q "^x .*Write report" "$work/work.txt" && pass "a change there is saved to work.txt" || fail "work.txt: $(cat "$work/work.txt")"
keys q
sleep 0.5

echo "another program's change to the list shown at the exit, recorded once"
printf 'Call mom\n' > "$work/home.txt"
printf 'Write report\n' > "$work/work.txt"
rm -rf "$work/state"
start_lists
check "home is shown" "Completed   home"
keys L
check "L shows work" "Write report"
echo "Appended by echo" >> "$work/work.txt"
check "the appended line is merged" "Appended by echo"
keys q
check "yaru ends" "EXIT=0"
# The exit keeps work's base in work's history: the next start of work
# does not take the same line for another program's change again.
start_lists "--list work"
check "work opens again" "Appended by echo"
keys q
check "yaru ends again" "EXIT=0"
records=$("$yaru" log --config "$work/lists.toml" --list work | grep -c "Appended by echo")
[ "$records" = 1 ] && pass "one record of the appended line in work's history" \
  || fail "work's history has $records records of it: $("$yaru" log --config "$work/lists.toml" --list work)"

echo "a list another yaru holds is read-only alone"
start_lists "--list work"
check "the first yaru opens work" "Completed   work"
first=$sock
sessions=$((sessions + 1)); sock="$work/sock$sessions"
tmux -S "$sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
  "$yaru --config '$work/lists.toml'; echo \"EXIT=\$?\"; sleep 60"
check "the second opens home" "Completed   home"
keys x
sleep 1.5
grep -q "^x .*Call mom" "$work/home.txt" && pass "home is writable in the second" || fail "home.txt: $(cat "$work/home.txt")"
keys L
check "work is read-only in the second" "Another yaru has this file open"
keys q
tmux -S "$first" send-keys q

echo "--list in the shell"
printf 'Call mom\n' > "$work/home.txt"
printf 'Write report\n' > "$work/work.txt"
mkdir -p "$work/elsewhere" "$work/home/todo"
printf 'Learn the cello\n' > "$work/home/todo/someday.txt"
printf '[lists]\nhome = "home.txt"\nwork = "work.txt"\nsomeday = "~/todo/someday.txt"\n' > "$work/lists.toml"
cd "$work/elsewhere"
[ "$("$yaru" ls --config "$work/lists.toml" --list work)" = "1 Write report" ] \
  && pass "ls --list work, from another folder: a relative path is read from the config's folder" || fail "ls --list work"
[ "$(HOME="$work/home" "$yaru" ls --config "$work/lists.toml" --list someday)" = "1 Learn the cello" ] \
  && pass "~ in a list's path is the home folder" || fail "ls --list someday"
[ "$("$yaru" ls --config "$work/lists.toml")" = "1 Call mom" ] && pass "without --list: the first list" || fail "ls without --list"
"$yaru" add --config "$work/lists.toml" --list work "Phone Bob" > /dev/null
grep -q "Phone Bob" "$work/work.txt" && ! grep -q "Phone Bob" "$work/home.txt" && pass "add --list work adds to work" || fail "add --list work"
message=$("$yaru" ls --config "$work/lists.toml" --list nope 2>&1); status=$?
[ "$status" = 2 ] && [ "$message" = "yaru: there is no list nope (lists: home, work, someday)" ] \
  && pass "an unknown list: status 2, naming the lists" || fail "unknown list: $status $message"
"$yaru" ls --config "$work/lists.toml" --list work --file "$work/home.txt" > /dev/null 2>&1
[ $? = 2 ] && pass "--list and --file together: status 2" || fail "--list and --file"
printf '[lists]\nhome = "a.txt"\nwork = true\n' > "$work/bad.toml"
message=$("$yaru" ls --config "$work/bad.toml" 2>&1); status=$?
[ "$status" = 2 ] && [[ "$message" == *"bad.toml:3: "* ]] && pass "a wrong [lists] entry: PATH:LINE, status 2" || fail "bad [lists]: $status $message"
cd - > /dev/null

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
