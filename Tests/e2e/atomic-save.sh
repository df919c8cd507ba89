#!/usr/bin/env bash
# Atomic save under SIGKILL: `yaru add` rewrites a ~1 MB todo file; each run
# is killed with SIGKILL at a random moment. Every time, the file must be the
# whole old text or the whole new text, never a torn mix.
# Usage: Tests/e2e/atomic-save.sh PATH/TO/yaru [KILLS]
set -u
yaru=$(realpath "$1")
kills=${2:-200}
work=$(mktemp -d)
# The history goes here, never to the user's own state folder.
export XDG_STATE_HOME="$work/state"
trap 'rm -rf "$work"' EXIT
file="$work/todo.txt"
lines=10000
for i in $(seq $lines); do echo "(B) 2026-11-01 todo number $i +project @context due:2026-12-01"; done > "$file"
# How long one add takes here, so the kills can be spread over all of it.
cp "$file" "$work/old"
started=$(date +%s%N); "$yaru" add --file "$file" "timing run" > /dev/null; took_ms=$(( ($(date +%s%N) - started) / 1000000 ))
cp "$work/old" "$file"
window_ms=$(( took_ms * 12 / 10 + 1 ))
passed=0
failed=0
old_won=0
new_won=0
echo "atomic save under SIGKILL ($kills kills at random moments within ${window_ms} ms; one add takes ${took_ms} ms)"
for k in $(seq "$kills"); do
  cp "$file" "$work/old"
  "$yaru" add --file "$file" "added $k" > /dev/null 2>&1 &
  pid=$!
  delay=$(( (RANDOM * 32768 + RANDOM) % window_ms ))
  sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if cmp -s "$file" "$work/old"; then
    old_won=$((old_won + 1)); passed=$((passed + 1))
  elif [ "$(head -c -1 "$file" | wc -l)" -eq $lines ] && head -n $lines "$file" | cmp -s - "$work/old" \
       && tail -n 1 "$file" | grep -qx "[0-9-]* added $k"; then
    new_won=$((new_won + 1)); passed=$((passed + 1))
    # Keep the file at the same length so every round writes the same amount.
    cp "$work/old" "$file"
  else
    failed=$((failed + 1)); echo "  FAIL kill $k: torn file ($(wc -l < "$file") lines)"; tail -n 2 "$file" | sed 's/^/  | /'
    cp "$work/old" "$file"
  fi
done
leftovers=$(find "$work" -name '.todo.txt.yaru-*' | wc -l)
echo "  the old file survived $old_won kills, the new one $new_won; $leftovers temporary files were left by killed runs"
if [ "$old_won" -gt 0 ] && [ "$new_won" -gt 0 ]; then
  passed=$((passed + 1)); echo "  ok   kills landed both before and after the rename"
else
  echo "  note: all kills landed on one side of the rename; timing did not spread"
fi

# Writers at the same moment take turns under the folder lock: 20 concurrent
# `yaru add`s all land (34 of 50 used to give up on a 20,000-line file).
cp "$work/old" "$file"
pids=()
for k in $(seq 20); do "$yaru" add --file "$file" "together $k" > /dev/null 2>> "$work/together.err" & pids+=($!); done
refused=0
for pid in "${pids[@]}"; do wait "$pid" || refused=$((refused + 1)); done
landed=$(grep -c ' together [0-9]*$' "$file")
if [ "$refused" = 0 ] && [ "$landed" = 20 ]; then
  passed=$((passed + 1)); echo "  ok   20 concurrent adds: all 20 in the file"
else
  failed=$((failed + 1)); echo "  FAIL 20 concurrent adds: $landed in the file, $refused refused"; sed 's/^/  | /' "$work/together.err"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
