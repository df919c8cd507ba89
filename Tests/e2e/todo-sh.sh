#!/usr/bin/env bash
# Interop with todo.sh (Debian's todotxt-cli, command todo-txt): what yaru
# writes, todo.sh reads; what todo.sh writes, yaru loads with nothing lost.
# Usage: Tests/e2e/todo-sh.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
# The history goes here, never to the user's own state folder.
export XDG_STATE_HOME="$work/state"
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "  ok   $1"; }
bad() { failed=$((failed + 1)); echo "  FAIL $1"; }
cat > "$work/config" <<CONFIG
export TODO_DIR="$work"
export TODO_FILE="$work/todo.txt"
export DONE_FILE="$work/done.txt"
export REPORT_FILE="$work/report.txt"
CONFIG
todo() { todo-txt -d "$work/config" -p -a "$@"; }
echo "todo.sh interop"

# yaru writes: add with a priority, complete a prioritized todo, a Japanese one.
cat > "$work/write.yaru" <<'SCRIPT'
press a
type 電話する @phone +家
press Enter p p
press a
type Pay the rent +home due:2026-12-01
press Enter p
press j x
wait 1s
expect 1 item left
SCRIPT
: > "$work/todo.txt"
if "$yaru" replay "$work/write.yaru" --file "$work/todo.txt" > /dev/null; then ok "yaru wrote the file"; else bad "yaru wrote the file"; fi
listing=$(todo ls)
if echo "$listing" | grep -q '^1 (A) 2026-01-01 Pay the rent +home due:2026-12-01$' \
   && echo "$listing" | grep -q '^2 x 2026-01-01 2026-01-01 電話する @phone +家 pri:B$' \
   && echo "$listing" | grep -q '^TODO: 2 of 2 tasks shown$'; then
  ok "todo.sh lists what yaru wrote"
else
  bad "todo.sh lists what yaru wrote"; echo "$listing" | sed 's/^/  | /'
fi
if todo listpri A | grep -q 'Pay the rent'; then ok "todo.sh sees yaru's priority"; else bad "todo.sh sees yaru's priority"; fi
if todo listproj | grep -qx '+家' && todo listcon | grep -qx '@phone'; then ok "todo.sh sees yaru's +project and @context"; else bad "todo.sh sees yaru's +project and @context"; fi

# todo.sh writes: the sample file, then add, prioritize, complete.
cp "$here/../TodosTests/Fixtures/sample-todo.txt" "$work/todo.txt"
todo -t add "Written by todo.sh +interop @shell" > /dev/null
todo pri 3 C > /dev/null
todo do 2 > /dev/null
cp "$work/todo.txt" "$work/by-todo-sh.txt"
cat > "$work/read.yaru" <<'SCRIPT'
expect Written by todo.sh +interop @shell
expect (C) 買い物リストを作る +家事 @スーパー
expect [x] Call the plumber @phone
expect 8 items left
SCRIPT
if "$yaru" replay "$work/read.yaru" --file "$work/todo.txt" > "$work/out" 2>&1; then ok "yaru loads what todo.sh wrote"; else bad "yaru loads what todo.sh wrote"; sed 's/^/  | /' "$work/out"; fi
if cmp -s "$work/todo.txt" "$work/by-todo-sh.txt"; then ok "loading and quitting left todo.sh's file byte-identical"; else bad "file changed by a load"; diff "$work/by-todo-sh.txt" "$work/todo.txt" | sed 's/^/  | /'; fi
count_sh=$(todo ls | tail -1 | sed 's/TODO: \([0-9]*\) of.*/\1/')
count_yaru=$("$yaru" ls --file "$work/todo.txt" | wc -l)
if [ "$count_sh" = "$count_yaru" ]; then ok "yaru ls and todo.sh ls count the same ($count_yaru)"; else bad "counts differ: todo.sh $count_sh, yaru $count_yaru"; fi

# todo.sh deletes a todo by leaving a blank line, so that its numbers stay
# put: yaru numbers the same way (the line in the file) and keeps the line.
printf 'one\ntwo\nthree\nfour\n' > "$work/todo.txt"
todo -f del 2 > /dev/null
numbers_sh=$(todo ls | grep -v '^--$' | grep -v '^TODO:' | sort)
numbers_yaru=$("$yaru" ls --file "$work/todo.txt" | sort)
if [ "$numbers_sh" = "$numbers_yaru" ] && [ -n "$numbers_yaru" ]; then ok "after todo.sh del, yaru ls numbers as todo.sh ls"; else
  bad "after todo.sh del, the numbers differ"; diff <(echo "$numbers_sh") <(echo "$numbers_yaru") | sed 's/^/  | /'; fi
"$yaru" done --file "$work/todo.txt" 3 > /dev/null
if todo ls | grep -q '^3 x [0-9-]* three$'; then ok "yaru done 3 completes todo.sh's number 3"; else bad "yaru done 3 completed another todo"; todo ls | sed 's/^/  | /'; fi
if [ "$(sed -n 2p "$work/todo.txt")" = "" ] && [ "$(wc -l < "$work/todo.txt")" = 4 ]; then ok "the blank line survives yaru's save"; else
  bad "the blank line is gone"; sed 's/^/  | /' "$work/todo.txt"; fi
if "$yaru" done --file "$work/todo.txt" 2 2> /dev/null; then bad "yaru done on a blank line succeeded"; else ok "yaru done on a blank line is refused"; fi
# Done twice: todo.sh says "3 is already marked done"; yaru too (status 1,
# on stderr), and changes nothing.
cp "$work/todo.txt" "$work/before.txt"
"$yaru" done --file "$work/todo.txt" 3 > "$work/out" 2> "$work/err"
status=$?
if [ "$status" = 1 ] && grep -q 'todo 3 is already done' "$work/err" && [ ! -s "$work/out" ] && cmp -s "$work/todo.txt" "$work/before.txt"; then
  ok "yaru done on a completed todo says so (status 1)"
else
  bad "yaru done on a completed todo: status $status, stderr $(cat "$work/err"), stdout $(cat "$work/out")"
fi
if DONE_FILE="$work/done.txt" "$yaru" archive --file "$work/todo.txt" | grep -q '^3 x [0-9-]* three$'; then ok "yaru archive names what it moved by todo.sh's number"; else bad "yaru archive's numbers"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
