#!/usr/bin/env bash
# `yaru --record SCRIPT --redact`: a session on Japanese and English todos,
# recorded redacted, replays (`yaru replay` with the header's options) to a
# screen of the same shape — every letter, digit and wide character in its
# place — while no word of the todos or of what was typed is in the script
# or in its copy of the todo file. Run by `make test`.
set -u
cd "$(dirname "$0")/../.."
yaru=$(realpath "${1:-.build/debug/yaru}")
work=$(mktemp -d)
source Tests/e2e/tmux-helpers.sh
export XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config
ok() { if eval "$2"; then pass "$1"; else fail "$1"; fi; }

echo "yaru --record --redact"
words=(牛乳 買い物 京都 旅行 Submit taxes finance Kyoto 歯医者 dentist Renew passport secret)
{
  echo "(A) 2026-11-18 Submit the taxes +finance @desk due:2026-12-15"
  echo "2026-11-19 牛乳を買う +買い物 @スーパー"
  echo "Plan the trip to 京都 🗾 +旅行 due:2026-11-20"
  echo "x 2026-11-24 2026-11-10 Renew the passport @town"
} > "$work/todo.txt"
cp "$work/todo.txt" "$work/original.txt"
sessions=$((sessions + 1)); sock="$work/sock$sessions"
tmux -S "$sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
  -e XDG_STATE_HOME="$XDG_STATE_HOME" -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" \
  "cd '$work' && $yaru --file '$work/todo.txt' --record bug.yaru --redact; sleep 60"
wait_for "Submit the taxes" || fail "yaru started"
keys j x
sleep 0.3
keys a
keys -l "歯医者 dentist 🦷 +health due:2026-11-28 secret42"
keys Enter
sleep 0.3
keys j p
sleep 1.5
screen > "$work/live.txt"
keys q
for _ in $(seq 100); do grep -q "^type q$" "$work/bug.yaru" 2>/dev/null && break; sleep 0.05; done
[ -n "${SHOW:-}" ] && cat "$work/bug.yaru" "$work/bug.todo.txt" "$work/replayed.txt"
ok "the script and the copy are written" '[ -s "$work/bug.yaru" ] && [ -s "$work/bug.todo.txt" ]'
ok "the copy has the todo file's shape: same lines, same widths" \
  '[ "$(wc -l < "$work/bug.todo.txt")" = "$(wc -l < "$work/original.txt")" ] && grep -q "^(A) 2026-11-18 aaaaaa aaa aaaaa +aaaaaaa @aaaa due:2026-12-15$" "$work/bug.todo.txt"'
leaked=""
for word in "${words[@]}"; do grep -qF -- "$word" "$work/bug.yaru" "$work/bug.todo.txt" && leaked="$leaked $word"; done
ok "no word of the todos or of what was typed in either file" '[ -z "$leaked" ] || { echo "  leaked:$leaked"; false; }'
ok "keys that are commands stay as they were" 'grep -q "^type jx$\|^type j$" "$work/bug.yaru" && grep -q "^press Enter$" "$work/bug.yaru"'
# Replay what the header says, up to the q (its own `type` line: a pause
# came before it), then show the screen.
replay=$(sed -n 's/^# recorded by yaru --record --redact; replay with: yaru replay bug.yaru //p' "$work/bug.yaru")
sed "/^type q$/,\$d" "$work/bug.yaru" > "$work/replay.yaru"
echo screen >> "$work/replay.yaru"
cd "$work" && eval "\"$yaru\" replay replay.yaru $replay" > "$work/replayed.txt" 2>&1; status=$?; cd - > /dev/null
# A screen's shape: each letter a, digit 0, wide character あ.
shape() { python3 -c '
import sys, unicodedata
for line in open(sys.argv[1], encoding="utf-8").read().rstrip("\n").split("\n")[:int(sys.argv[2])]:
    out = ""
    for c in line.rstrip():
        wide = unicodedata.east_asian_width(c) in "WF" or ord(c) >= 0x1F000
        out += "あ" if wide else "0" if c.isdigit() else "a" if c.isalpha() else "" if unicodedata.category(c) in ("Mn", "Cf") or 0xFE00 <= ord(c) <= 0xFE0F else c
    print(out)' "$1" 24; }
ok "the redacted script replays" '[ $status = 0 ] || { cat "$work/replayed.txt"; false; }'
ok "to a screen of the same shape as the live one" \
  'diff <(shape "$work/live.txt") <(shape "$work/replayed.txt") || { cat "$work/live.txt" "$work/replayed.txt"; false; }'
ok "the replayed screen shows placeholders, not the words" '! grep -qF "dentist" "$work/replayed.txt" && grep -qF "あああ aaaaaaa" "$work/replayed.txt"'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
