#!/usr/bin/env bash
# `yaru sync` through git, with a bare repository and two clones in a temp
# folder (no network): both machines' changes end up in both files, line 3
# edited on both is kept twice (the merging side's tagged conflict:), line 5
# deleted on one and edited on the other is kept as edited, no conflict
# marker anywhere, git status clean; a push race; an unreachable remote
# (status 1, the commit kept and delivered by the next sync); the same
# recurring todo completed on both machines brings one next occurrence; a
# folder that is no repository, or has no remote, needs a person (status 2).
# Usage: Tests/e2e/sync.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
. "$(dirname "$0")/tmux-helpers.sh"
ok() { pass "$1"; }
bad() { failed=$((failed + 1)); echo "  FAIL $1"; }
# git and yaru see only this test's home and state.
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" GIT_CONFIG_NOSYSTEM=1
unset YARU_FILE TODO_FILE TODO_DIR DONE_FILE
mkdir -p "$HOME"
git config --global init.defaultBranch main
echo "sync through git"

command -v git > /dev/null || { echo "  FAIL git is not installed"; exit 1; }
git init -q --bare "$work/remote.git"
mkdir "$work/a"
printf 'line1\nline2\nline3\nline4\nline5\nline6\nline7\n' > "$work/a/todo.txt"
a="$work/a/todo.txt" b="$work/b/todo.txt"
sync() { "$yaru" sync --file "$1" > "$work/out" 2>&1; }

if "$yaru" sync --setup "$work/remote.git" --file "$a" > /dev/null && git clone -q "$work/remote.git" "$work/b" \
  && "$yaru" sync --setup --file "$b" > /dev/null && cmp -s "$a" "$b"; then
  ok "setup on both machines"
else
  bad "setup: $(cat "$work/out" 2>/dev/null)"
fi
before=$(git -C "$work/a" rev-parse HEAD)
"$yaru" sync --setup "$work/remote.git" --file "$a" > /dev/null
if [ "$(git -C "$work/a" rev-parse HEAD)" = "$before" ] && [ "$(grep -c merge=yaru "$work/a/.gitattributes")" = 2 ]; then
  ok "setup again changes nothing"
else
  bad "setup again: $(cat "$work/a/.gitattributes")"
fi

# A: two todos added, one completed, line 3 edited, line 5 deleted.
"$yaru" add --file "$a" "added on A one" > /dev/null
"$yaru" add --file "$a" "added on A two" > /dev/null
"$yaru" done --file "$a" 1 > /dev/null
sed -i 's/^line3$/line3 edited on A/; /^line5$/d' "$a"
# B: one todo added, line 3 edited otherwise, line 5 edited, line 7 completed.
"$yaru" add --file "$b" "added on B" > /dev/null
sed -i 's/^line3$/line3 edited on B/; s/^line5$/line5 edited on B/' "$b"
"$yaru" done --file "$b" 7 > /dev/null
sync "$a" && sync "$b" && sync "$a"
status=$?
if [ "$status" = 0 ] && cmp -s "$a" "$b"; then ok "after A, B, A: both files are the same"; else bad "files differ (status $status): $(diff "$a" "$b")"; fi
every=yes
for line in "added on A one" "added on A two" "added on B"; do [ "$(grep -c "$line" "$a")" = 1 ] || every=no; done
[ "$every" = yes ] && ok "every added line is there once" || bad "added lines: $(cat "$a")"
if grep -qx "line3 edited on A" "$a" && grep -q "^line3 edited on B conflict:" "$a"; then ok "line 3 kept twice, B's (the merging side) tagged conflict:"; else bad "line 3: $(cat "$a")"; fi
if grep -qx "line5 edited on B" "$a"; then ok "line 5 kept as B edited it"; else bad "line 5: $(cat "$a")"; fi
if grep -q "^x .*line1$" "$a" && grep -q "^x .*line7$" "$a"; then ok "both completions"; else bad "completions: $(cat "$a")"; fi
if ! grep -q -e '^<<<<<<<' -e '^=======$' -e '^>>>>>>>' "$a" "$b"; then ok "no conflict marker"; else bad "markers: $(cat "$a")"; fi
if [ -z "$(git -C "$work/a" status --porcelain)" ] && [ -z "$(git -C "$work/b" status --porcelain)" ]; then ok "git status is clean on both"; else bad "git status: $(git -C "$work/a" status --porcelain) / $(git -C "$work/b" status --porcelain)"; fi

# A push race: both sync at once; then each once more: the same files.
"$yaru" add --file "$a" "race A" > /dev/null
"$yaru" add --file "$b" "race B" > /dev/null
sync "$a" & sync "$b" & wait
sync "$a"; sync "$b"; sync "$a"
if cmp -s "$a" "$b" && grep -q "race A" "$a" && grep -q "race B" "$a"; then ok "a push race ends with both changes on both"; else bad "race: $(diff "$a" "$b")"; fi

# An unreachable remote: status 1, the commit kept, delivered next time.
mv "$work/remote.git" "$work/away.git"
"$yaru" add --file "$a" "written offline" > /dev/null
"$yaru" sync --file "$a" > "$work/out" 2>&1
status=$?
if [ "$status" = 1 ] && grep -q offline "$work/out" && git -C "$work/a" log -1 --format=%s | grep -q "yaru sync"; then
  ok "an unreachable remote: status 1, the commit is kept"
else
  bad "offline: status $status, $(cat "$work/out")"
fi
mv "$work/away.git" "$work/remote.git"
sync "$a"; sync "$b"
if grep -q "written offline" "$b"; then ok "the next sync delivers it"; else bad "not delivered: $(cat "$b")"; fi

# The same recurring todo completed on both machines: one next occurrence.
"$yaru" add --file "$a" "Gym rec:1w due:2026-12-01" > /dev/null
sync "$a"; sync "$b"
n=$(grep -n "Gym rec" "$a" | cut -d: -f1)
"$yaru" done --file "$a" "$n" > /dev/null
"$yaru" done --file "$b" "$n" > /dev/null
sync "$a"; sync "$b"; sync "$a"
if cmp -s "$a" "$b" && [ "$(grep -c "^x .*Gym rec:1w" "$a")" = 1 ] && [ "$(grep -c "^[0-9].*Gym rec:1w" "$a")" = 1 ]; then
  ok "a recurring todo completed on both: one completion, one next occurrence"
else
  bad "recurrence: $(grep Gym "$a" | tr '\n' '|') / $(grep Gym "$b" | tr '\n' '|')"
fi

# Markers from a merge without yaru's driver are healed before a commit.
printf 'kept\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n' >> "$a"
sync "$a"
if ! grep -q '^<<<<<<<' "$a" && grep -qx "theirs" "$a" && grep -q "^mine conflict:git" "$a" \
  && ! git -C "$work/a" show HEAD:todo.txt | grep -q '^<<<<<<<'; then
  ok "conflict markers are healed, never committed"
else
  bad "markers: $(cat "$a")"
fi

# Folders that need a person: status 2 and the command to run.
mkdir "$work/plain"; echo "x" > "$work/plain/todo.txt"
"$yaru" sync --file "$work/plain/todo.txt" > "$work/out" 2>&1
status=$?
if [ "$status" = 2 ] && grep -q "yaru sync --setup" "$work/out"; then ok "not a repository: status 2, says what to run"; else bad "plain folder: $status $(cat "$work/out")"; fi
git init -q "$work/lonely"; echo "y" > "$work/lonely/todo.txt"
"$yaru" sync --file "$work/lonely/todo.txt" > "$work/out" 2>&1
status=$?
if [ "$status" = 2 ] && grep -q "no remote" "$work/out"; then ok "no remote: status 2"; else bad "no remote: $status $(cat "$work/out")"; fi
env PATH=/nonexistent "$yaru" sync --file "$a" > "$work/out" 2>&1
status=$?
if [ "$status" = 2 ] && grep -q "install git" "$work/out"; then ok "no git: status 2, says to install it"; else bad "no git: $status $(cat "$work/out")"; fi

# Two open lists with sync = "git" and short intervals: a todo added on one
# shows on the other with no key pressed; quitting while the remote hangs
# takes at most a few seconds, and says the sync will finish next time.
mkdir -p "$XDG_CONFIG_HOME/yaru"
printf 'sync = "git"\nsync-every = "2s"\nsync-after = "1s"\n' > "$XDG_CONFIG_HOME/yaru/config.toml"
open_list() {  # NAME FILE: a tmux server of its own, its socket in $sock_NAME
  tmux -S "$work/sock-$1" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
    "HOME='$HOME' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' XDG_STATE_HOME='$XDG_STATE_HOME' GIT_CONFIG_NOSYSTEM=1 GIT_SSH_COMMAND=\"\${GIT_SSH_COMMAND:-}\" '$yaru' --file '$2'; echo EXIT=\$?; sleep 60"
}
open_list a "$a"; open_list b "$b"
sock="$work/sock-a"
check "the list on A is open and synced" "synced"
keys a; keys -l "typed on A"; keys Enter
sock="$work/sock-b"
check "a todo added on A shows on B with no key pressed" "typed on A"
tmux -S "$work/sock-a" send-keys q
# The remote now hangs (an ssh that never answers): quitting waits 3 s at most.
git -C "$work/b" remote set-url origin "ssh://sync.invalid/remote.git"
tmux -S "$work/sock-b" send-keys q
wait_for "EXIT=0" || true
# A new server on a socket of its own (reusing one races the old server's exit).
GIT_SSH_COMMAND="sh -c 'sleep 60'" open_list b2 "$b"
sock="$work/sock-b2"
wait_for "items left" || true
keys a; keys -l "typed on B, remote hanging"; keys Enter
wait_for "typed on B, remote hanging" || true
sleep 1.2  # sync-after: a sync to the hanging remote is under way
start=$(date +%s%N)
keys q
wait_for "EXIT=0" || true
took=$(( ($(date +%s%N) - start) / 1000000 ))
if [ "$took" -le 4500 ] && screen | grep -q "the sync did not finish in 3 s"; then
  pass "quitting during a hanging sync takes ${took} ms and says so"
else
  fail "quitting during a hanging sync took ${took} ms"
fi
if grep -q "typed on B, remote hanging" "$b"; then pass "and the todo is saved"; else fail "the todo is not in the file"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
