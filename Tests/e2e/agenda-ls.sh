#!/usr/bin/env bash
# The shell's agenda and dependencies: `yaru ls --agenda` prints the
# agenda's headings and order (dates relative to today, the days after
# tomorrow by name); `yaru ls` marks a blocked todo `(blocked)` and finds it
# with is:blocked; `yaru done` completes a blocked todo and says how many
# parts are still open.
# Usage: Tests/e2e/agenda-ls.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "  ok   $1"; }
bad() { failed=$((failed + 1)); echo "  FAIL $1"; }
echo "agenda and dependencies in the shell"
export TZ=UTC XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
unset YARU_FILE TODO_FILE TODO_DIR DONE_FILE
day() { date -u -d "$1" +%Y-%m-%d; }
name() { LC_ALL=C date -u -d "$1" '+%a %-d %b'; }
cat > "$work/todo.txt" <<TODOS
Plain
(B) Soon due:$(day '+3 days')
(A) Late due:$(day '-2 days') id:1
Part one p:1
x $(day today) Part two p:1
Today due:$(day today)
Far due:$(day '+30 days')
TODOS
"$yaru" ls --agenda --file "$work/todo.txt" > "$work/out" 2> "$work/err"
expected="Overdue
3 (A) Late due:$(day '-2 days') id:1 (blocked)
Today
6 Today due:$(day today)
$(name '+3 days')
2 (B) Soon due:$(day '+3 days')
Later
7 Far due:$(day '+30 days')
No date
1 Plain
4 Part one p:1
5 x $(day today) Part two p:1"
if [ "$(cat "$work/out")" = "$expected" ]; then ok "ls --agenda: headings, order, (blocked)"; else
  bad "ls --agenda"; diff <(echo "$expected") "$work/out" | sed 's/^/  | /'; fi
if [ "$("$yaru" ls --file "$work/todo.txt" is:blocked)" = "3 (A) Late due:$(day '-2 days') id:1 (blocked)" ]; then
  ok "ls is:blocked"; else bad "ls is:blocked: $("$yaru" ls --file "$work/todo.txt" is:blocked)"; fi
if [ "$("$yaru" ls --file "$work/todo.txt" -is:blocked | wc -l)" = 6 ]; then ok "ls -is:blocked"; else bad "ls -is:blocked"; fi
"$yaru" done 3 --file "$work/todo.txt" > "$work/out" 2> "$work/err"
if [ $? -eq 0 ] && grep -qF "todo 3 is done, though 1 part is still open" "$work/err" && grep -q "^x " <(sed -n 3p "$work/todo.txt"); then
  ok "done on a blocked todo: completed, the open parts said"; else bad "done 3: $(cat "$work/err")"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
