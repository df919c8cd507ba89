#!/usr/bin/env bash
# Runs every key script here with `yaru replay`. Scripts without a todo file
# run together in one `yaru replay` (each on a fresh app). NAME.todo.txt, if
# present, is copied and given as --file; NAME.expected.txt, if present, must
# then equal the file byte for byte; NAME.toml, if present, is given as
# --config; NAME.args, if present, holds more arguments (`--now …`).
# A NAME.toml with [lists] is copied with its lists' files
# (NAME.LIST.todo.txt: yaru reads a list's relative path from the config
# file's folder), and each NAME.LIST.expected.txt must equal that list's
# file afterwards. Usage: Tests/replay/run.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
here=$(dirname "$0")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
echo "replay scripts"
plain=()
for script in "$here"/*.yaru; do
  name=$(basename "$script" .yaru)
  options=()
  lists=()
  if [ -f "$here/$name.toml" ] && grep -q '^\[lists\]' "$here/$name.toml"; then
    cp "$here/$name.toml" "$work/$name.toml"
    for list in "$here/$name".*.todo.txt; do cp "$list" "$work/"; lists+=("$(basename "$list" .todo.txt)"); done
    options+=(--config "$work/$name.toml")
  elif [ -f "$here/$name.toml" ]; then
    options+=(--config "$here/$name.toml")
  fi
  [ -f "$here/$name.args" ] && read -r -a more < "$here/$name.args" && options+=("${more[@]}")
  if [ -f "$here/$name.todo.txt" ]; then
    cp "$here/$name.todo.txt" "$work/$name.txt"
    options+=(--file "$work/$name.txt")
  fi
  if [ ${#options[@]} -eq 0 ]; then plain+=("$script"); continue; fi
  if output=$("$yaru" replay "$script" "${options[@]}" 2>&1); then
    differs=""
    for list in "${lists[@]}"; do
      if [ -f "$here/$list.expected.txt" ] && ! cmp -s "$here/$list.expected.txt" "$work/$list.todo.txt"; then
        differs="$list"; diff "$here/$list.expected.txt" "$work/$list.todo.txt" | sed 's/^/  | /'
      fi
    done
    if [ -n "$differs" ]; then
      failed=$((failed + 1)); echo "  FAIL $name: $differs.todo.txt differs from $differs.expected.txt"
    elif [ -f "$here/$name.expected.txt" ] && ! cmp -s "$here/$name.expected.txt" "$work/$name.txt"; then
      failed=$((failed + 1)); echo "  FAIL $name: the file differs from $name.expected.txt"
      diff "$here/$name.expected.txt" "$work/$name.txt" | sed 's/^/  | /'
    else
      passed=$((passed + 1)); echo "  ok   $name"
    fi
  else
    failed=$((failed + 1)); echo "  FAIL $name"; echo "$output" | sed 's/^/  | /'
  fi
done
# The rest in one run: its last line is `N passed, N failed`.
if output=$("$yaru" replay "${plain[@]}" 2>&1); then status=0; else status=$?; fi
summary=$(echo "$output" | tail -n 1)
read -r ran_passed _ ran_failed _ <<< "$summary"
if [ "$status" = 0 ] && [ "$ran_passed" = "${#plain[@]}" ]; then
  echo "  ok   ${#plain[@]} scripts in one run ($summary)"
else
  echo "  FAIL one run of ${#plain[@]} scripts (status $status)"; echo "$output" | sed 's/^/  | /'
fi
passed=$((passed + ${ran_passed:-0})); failed=$((failed + ${ran_failed:-${#plain[@]}}))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
