#!/usr/bin/env bash
# Dates in the shell's commands: `yaru add` refuses a due:/t: that is no
# date (status 2, the reason on stderr, the file untouched, a missing one
# not made); `yaru ls` compares dates as `/` does (due:<=1w, t:>today) and
# stops with status 2 on a comparison whose value is no date, instead of
# printing nothing as if no todo matched.
# Usage: Tests/e2e/shell-dates.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "  ok   $1"; }
bad() { failed=$((failed + 1)); echo "  FAIL $1"; }
echo "dates in the shell"
export TZ=UTC XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
unset YARU_FILE TODO_FILE TODO_DIR DONE_FILE

# yaru add: refused, nothing written, the reason said.
for value in due:tomorow due:2026-02-30 due:nextweek due:+1 t:someday; do
  "$yaru" add --file "$work/missing.txt" "Call mom $value" > "$work/out" 2> "$work/err"
  status=$?
  if [ "$status" -eq 2 ] && [ ! -e "$work/missing.txt" ] && [ ! -s "$work/out" ] \
    && grep -qF "$value is not a date — use 2026-12-01, tomorrow, fri, +3d" "$work/err"; then
    ok "yaru add refuses $value"
  else
    bad "yaru add $value: status $status, stderr $(cat "$work/err"), file $(cat "$work/missing.txt" 2>&1)"
  fi
done
printf 'Pay rent due:tomorow\n\nBook dentist due:2026-02-30\n' > "$work/todo.txt"
cp "$work/todo.txt" "$work/before.txt"
"$yaru" add --file "$work/todo.txt" "Renew visa due:2026-13-01" > /dev/null 2>&1
status=$?
if [ "$status" -eq 2 ] && cmp -s "$work/todo.txt" "$work/before.txt"; then
  ok "yaru add leaves the file byte for byte (bad dates in it untouched)"
else
  bad "yaru add changed the file or did not fail (status $status)"
fi
if "$yaru" add --file "$work/todo.txt" "Renew visa due:fri" > /dev/null && tail -n 1 "$work/todo.txt" | grep -Eq ' due:[0-9]{4}-[0-9]{2}-[0-9]{2}$' \
  && [ "$(head -n 3 "$work/todo.txt")" = "$(cat "$work/before.txt")" ]; then
  ok "yaru add takes a shortcut and leaves the other lines as they were"
else
  bad "yaru add due:fri: $(cat "$work/todo.txt")"
fi

# yaru ls: dates compared.
day() { date -u -d "$1" +%Y-%m-%d; }
printf '%s\n' "late due:$(day '-3 days')" "soon due:$(day '+5 days')" "later due:$(day '+20 days')" \
  "undated" "waiting t:$(day '+2 days')" "typo due:tomorow" > "$work/dates.txt"
check() {
  local words=$1 expected=$2 printed
  printed=$("$yaru" ls --file "$work/dates.txt" $words 2>&1 | awk '{print $2}' | tr '\n' ' ')
  if [ "$printed" = "$expected" ]; then ok "yaru ls $words"; else bad "yaru ls $words: got '$printed', want '$expected'"; fi
}
check 'due:<=1w' 'late soon '
check 'due:<today' 'late '
check 'due:>today' 'soon later '
check "due:>=$(day '+20 days')" 'later '
check 't:>today' 'waiting '
check '-due:<=1w due:>=+1d' 'later '
"$yaru" ls --file "$work/dates.txt" 'due:<tomorow' > "$work/out" 2> "$work/err"
status=$?
if [ "$status" -eq 2 ] && [ ! -s "$work/out" ] && grep -qF 'due:<tomorow is not understood (not a date)' "$work/err"; then
  ok "yaru ls says a comparison with no date is not understood"
else
  bad "yaru ls due:<tomorow: status $status, out $(cat "$work/out"), err $(cat "$work/err")"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
