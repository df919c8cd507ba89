#!/usr/bin/env bash
# Runs every key script here with `yaru replay`. NAME.todo.txt, if present, is
# copied and given as --file; NAME.expected.txt, if present, must then equal
# the file byte for byte. Usage: Tests/replay/run.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
here=$(dirname "$0")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
echo "replay scripts"
for script in "$here"/*.yaru; do
  name=$(basename "$script" .yaru)
  args=()
  if [ -f "$here/$name.todo.txt" ]; then
    cp "$here/$name.todo.txt" "$work/$name.txt"
    args=(--file "$work/$name.txt")
  fi
  if output=$("$yaru" replay "$script" "${args[@]}" 2>&1); then
    if [ -f "$here/$name.expected.txt" ] && ! cmp -s "$here/$name.expected.txt" "$work/$name.txt"; then
      failed=$((failed + 1)); echo "  FAIL $name: the file differs from $name.expected.txt"
      diff "$here/$name.expected.txt" "$work/$name.txt" | sed 's/^/  | /'
    else
      passed=$((passed + 1)); echo "  ok   $name"
    fi
  else
    failed=$((failed + 1)); echo "  FAIL $name"; echo "$output" | sed 's/^/  | /'
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
