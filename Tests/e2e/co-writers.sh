#!/usr/bin/env bash
# Other programs write the todo file too (todo.sh's `>>`, `sed -i`, sync
# tools): nothing they write is lost, and nothing they write acts on the
# terminal. Usage: Tests/e2e/co-writers.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "  ok   $1"; }
bad() { failed=$((failed + 1)); echo "  FAIL $1"; }
echo "co-writers"
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
unset DONE_FILE TODO_FILE TODO_DIR

# A line from elsewhere is text: `yaru ls` to a terminal shows escapes, to a pipe keeps the bytes.
printf 'title \033]0;pwned\007 clip \033]52;c;cm0gLXJm\007 clear \033[2J end\n' > "$work/esc.txt"
if python3 - "$yaru" "$work/esc.txt" <<'PY'
import os, subprocess, sys
yaru, path = sys.argv[1], sys.argv[2]
master, slave = os.openpty()
subprocess.run([yaru, "ls", "--file", path], stdout=slave, check=True)
os.close(slave)
data = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    data += chunk
sys.exit(0 if b"\x1b" not in data and b"\x07" not in data and b"^[]0;pwned^G" in data else 1)
PY
then ok "yaru ls to a terminal: no escape reaches it"; else bad "yaru ls to a terminal passed escapes through"; fi
if [ "$("$yaru" ls --file "$work/esc.txt" | cut -c3-)" = "$(cat "$work/esc.txt")" ]; then
  ok "yaru ls to a pipe: the bytes as they are"; else bad "yaru ls to a pipe changed the bytes"; fi

# The done file is never the todo file: by its path, a symlink or a hard link.
printf 'x 2026-01-01 done\nopen\n' > "$work/list.txt"
cp "$work/list.txt" "$work/before.txt"
ln -s "$work/list.txt" "$work/link.txt"
ln "$work/list.txt" "$work/hard.txt"
for done in "$work/list.txt" "$work/link.txt" "$work/hard.txt"; do
  if DONE_FILE="$done" "$yaru" archive --file "$work/list.txt" > /dev/null 2> "$work/err"; then
    bad "archive to $(basename "$done") was accepted"
  elif grep -q "is the todo file" "$work/err" && cmp -s "$work/list.txt" "$work/before.txt"; then
    ok "archive refuses the todo file as its done file ($(basename "$done"))"
  else
    bad "archive to $(basename "$done"): $(cat "$work/err")"
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
