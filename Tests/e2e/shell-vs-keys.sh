#!/usr/bin/env bash
# The shell's commands run the same features as the keys: `yaru done N` on a
# recurring todo writes the same bytes as `x` on it in the terminal (a key
# script through `yaru replay`, on the same day), for each kind of
# recurrence; `yaru add` resolves date shortcuts as typing a todo does.
# Usage: Tests/e2e/shell-vs-keys.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "  ok   $1"; }
bad() { failed=$((failed + 1)); echo "  FAIL $1"; }
echo "shell commands vs keys"
export TZ=UTC XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
printf 'press x\nwait 1s\n' > "$work/x.yaru"

# Each line is completed first in its list, by the shell and by the key.
while IFS= read -r line; do
  printf '%s\nsecond line\n' "$line" > "$work/shell.txt"
  cp "$work/shell.txt" "$work/keys.txt"
  "$yaru" done --file "$work/shell.txt" 1 > "$work/printed" 2>&1 || { bad "yaru done on: $line ($(cat "$work/printed"))"; continue; }
  "$yaru" replay "$work/x.yaru" --file "$work/keys.txt" --now "$now" > "$work/replayed" 2>&1 || { bad "x on: $line ($(cat "$work/replayed"))"; continue; }
  if ! cmp -s "$work/shell.txt" "$work/keys.txt"; then
    bad "yaru done and x differ on: $line"; diff "$work/keys.txt" "$work/shell.txt" | sed 's/^/  | /'
  elif [ "$(wc -l < "$work/shell.txt")" -ne 3 ] || ! grep -q '^x ' "$work/shell.txt"; then
    bad "no next occurrence for: $line"; sed 's/^/  | /' "$work/shell.txt"
  elif [ "$(wc -l < "$work/printed")" -ne 2 ]; then
    bad "yaru done prints the completed todo and the next: $(cat "$work/printed")"
  else
    ok "yaru done = x: $line"
  fi
done <<'LINES'
water the plants rec:1d
(A) pay rent rec:+1m due:2026-11-30
report rec:1w due:2026-01-05 t:2026-01-01
backup rec:+2b due:2026-03-06
renew passport rec:1y due:2024-02-29 +admin
call mom rec:3d @phone
2025-01-02 stretch rec:+1w
LINES

# A date shortcut typed in the shell is resolved as typed in the list.
: > "$work/shell.txt"
"$yaru" add --file "$work/shell.txt" "buy milk due:tomorrow" > /dev/null
printf 'press a\ntype buy milk due:tomorrow\npress Enter\n' > "$work/a.yaru"
: > "$work/keys.txt"
"$yaru" replay "$work/a.yaru" --file "$work/keys.txt" --now "$now" > /dev/null 2>&1
if cmp -s "$work/shell.txt" "$work/keys.txt" && ! grep -q tomorrow "$work/shell.txt"; then
  ok "yaru add = a, with a date shortcut"
else
  bad "yaru add and a differ: $(cat "$work/shell.txt") / $(cat "$work/keys.txt")"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
