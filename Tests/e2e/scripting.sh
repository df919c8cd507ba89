#!/usr/bin/env bash
# yaru for scripts: `yaru ls --json` checked against docs/ls-json.schema.json
# by a JSON Schema validator, `yaru ls --ical` read by a real iCalendar
# parser (Python's icalendar and jsonschema from the package index, in a
# virtual environment under .build), and `yaru add -` as one save and one
# history step. Run by `make test`.
set -u
cd "$(dirname "$0")/../.."
yaru=${1:-.build/debug/yaru}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config
passed=0
failed=0
check() { if eval "$2"; then passed=$((passed + 1)); echo "  ok   $1"; else failed=$((failed + 1)); echo "  FAIL $1"; fi; }

venv=.build/scripting-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import icalendar, jsonschema' 2>/dev/null; then
  python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check icalendar jsonschema \
    || { echo "  FAIL cannot install icalendar and jsonschema from the package index"; exit 1; }
fi
py=$venv/bin/python

todo=$work/todo.txt
{
  printf '(A) 電話する +家族 @携帯 due:2026-12-01 t:2026-11-28 id:1\n'
  printf 'Buy milk 🥛, eggs; "fresh" \\ back @store p:1\n'
  printf '\n'
  printf 'x 2026-11-20 2026-11-01 done +p a:b:c due:nope pri:B\n'
  printf '\033]0;title\007 evil \033[2J h:1\n'
  printf '(K) a long line that goes on and on past the seventy-five bytes a content line may hold in iCalendar — 長い行 👨‍👩‍👧 due:2026-12-24\n'
} > "$todo"

echo "yaru ls --json"
"$yaru" ls --json --file "$todo" > "$work/out.json"
check "valid against docs/ls-json.schema.json" \
  '"$py" -c "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))" "$work/out.json" docs/ls-json.schema.json'
check "one object per todo, blank line left out, numbered by line" \
  '[ "$("$py" -c "import json,sys; print([t[\"line\"] for t in json.load(open(sys.argv[1]))[\"todos\"]])" "$work/out.json")" = "[1, 2, 4, 5, 6]" ]'
check "raw is each line byte for byte (Japanese, emoji, escapes)" \
  '"$py" -c "import json,sys; t=json.load(open(sys.argv[1]))[\"todos\"]; lines=open(sys.argv[2],encoding=\"utf-8\").read().split(\"\n\"); sys.exit(0 if all(x[\"raw\"]==lines[x[\"line\"]-1] for x in t) else 1)" "$work/out.json" "$todo"'
check "projects, contexts, tags, dates, flags" \
  '"$py" -c "
import json,sys
t=json.load(open(sys.argv[1]))[\"todos\"]
a,b,d=t[0],t[1],t[2]
assert a[\"projects\"]==[\"家族\"] and a[\"contexts\"]==[\"携帯\"] and a[\"priority\"]==\"A\", a
assert a[\"due\"]==\"2026-12-01\" and a[\"threshold\"]==\"2026-11-28\" and a[\"blocked\"] and not b[\"blocked\"], a
assert {\"key\":\"id\",\"value\":\"1\"} in a[\"tags\"]
assert d[\"complete\"] and d[\"completed\"]==\"2026-11-20\" and d[\"created\"]==\"2026-11-01\" and d[\"due\"] is None and d[\"priority\"] is None
assert {\"key\":\"due\",\"value\":\"nope\"} in d[\"tags\"] and t[3][\"hidden\"]
" "$work/out.json"'
check "no raw ESC byte in the JSON" '! grep -q $'"'"'\033'"'"' "$work/out.json"'
check "takes the search words" '[ "$("$yaru" ls --json --file "$todo" +家族 | grep -c "\"line\"")" = 1 ]'

echo "yaru ls --ical"
"$yaru" ls --ical --file "$todo" > "$work/out.ics"
check "read by the icalendar parser: five VTODOs with their fields" '"$py" -c "
import sys, icalendar, datetime
cal = icalendar.Calendar.from_ical(open(sys.argv[1], \"rb\").read())
todos = [c for c in cal.walk(\"VTODO\")]
assert len(todos) == 5, len(todos)
first = todos[0]
assert str(first[\"SUMMARY\"]) == \"電話する +家族 @携帯 due:2026-12-01 t:2026-11-28 id:1\", first[\"SUMMARY\"]
assert first.decoded(\"DUE\") == datetime.date(2026, 12, 1) and first.decoded(\"DTSTART\") == datetime.date(2026, 11, 28)
assert int(first[\"PRIORITY\"]) == 1 and str(first[\"STATUS\"]) == \"NEEDS-ACTION\"
assert [str(c) for c in first[\"CATEGORIES\"].cats] == [\"家族\", \"携帯\"], first[\"CATEGORIES\"].cats
assert str(todos[1][\"SUMMARY\"]) == \"Buy milk 🥛, eggs; \\\"fresh\\\" \\\\ back @store p:1\", todos[1][\"SUMMARY\"]
assert str(todos[2][\"STATUS\"]) == \"COMPLETED\"
assert str(todos[4][\"SUMMARY\"]).endswith(\"長い行 👨‍👩‍👧 due:2026-12-24\") and int(todos[4][\"PRIORITY\"]) == 9
assert len({str(t[\"UID\"]) for t in todos}) == 5
for t in todos: assert \"DTSTAMP\" in t
" "$work/out.ics"'
check "CRLF line ends, no line over 75 bytes" \
  '[ "$(grep -c $'"'"'\r$'"'"' "$work/out.ics")" = "$(wc -l < "$work/out.ics")" ] && ! LC_ALL=C awk "{ sub(/\r$/, \"\"); if (length(\$0) > 75) bad = 1 } END { exit !bad }" "$work/out.ics"'
check "no raw ESC byte in the calendar" '! grep -q $'"'"'\033'"'"' "$work/out.ics"'
check "--json with --ical is refused" '! "$yaru" ls --json --ical --file "$todo" 2> /dev/null'

echo "yaru add -"
printf 'old\n' > "$work/add.txt"
out=$(printf 'one +家族\n\n  two due:2026-12-01  \n三 🥛\n' | "$yaru" add - --file "$work/add.txt")
check "each non-blank line a todo at the end, printed with its number" \
  '[ "$(sed "s/^[0-9]* [0-9-]* //" <<< "$out")" = "$(printf "one +家族\ntwo due:2026-12-01\n三 🥛")" ] && [ "$(wc -l < "$work/add.txt")" = 4 ]'
check "one history step" '[ "$("$yaru" log --file "$work/add.txt" | wc -l)" = 1 ]'
"$yaru" undo --file "$work/add.txt" > /dev/null
check "one yaru undo takes them all back" '[ "$(cat "$work/add.txt")" = old ]'
cp "$work/add.txt" "$work/before.txt"
printf 'fine\nbad due:someday\n' | "$yaru" add - --file "$work/add.txt" 2> "$work/err"; status=$?
check "a line that is no todo refuses them all (status 2, line named, file untouched)" \
  '[ $status = 2 ] && grep -q "line 2: due:someday is not a date" "$work/err" && cmp -s "$work/add.txt" "$work/before.txt"'
printf 'ok\n\377\n' | "$yaru" add - --file "$work/add.txt" 2> "$work/err"; status=$?
check "input that is not UTF-8 is refused, file untouched" \
  '[ $status = 2 ] && grep -q "not UTF-8" "$work/err" && cmp -s "$work/add.txt" "$work/before.txt"'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
