#!/usr/bin/env bash
# `yaru doctor` in a real terminal (tmux): a sane setup is well (status 0)
# and the terminal was asked (synchronized output, widths); a broken config,
# a lock another yaru holds and a CRLF file each need attention (status 1)
# and are named. Run by `make test`.
set -u
cd "$(dirname "$0")/../.."
yaru=$(realpath "${1:-.build/debug/yaru}")
work=$(mktemp -d)
source Tests/e2e/tmux-helpers.sh
export XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config

# Runs `yaru doctor ARGS` in its own tmux pane; its report in $work/report,
# its status in $status.
doctor() {
  tmux -S "$sock" kill-server 2>/dev/null
  sessions=$((sessions + 1)); sock="$work/sock$sessions"
  rm -f "$work/status"
  tmux -S "$sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
    -e XDG_STATE_HOME="$XDG_STATE_HOME" -e XDG_CONFIG_HOME="$XDG_CONFIG_HOME" \
    "$yaru doctor $* > '$work/report' 2>&1; echo \$? > '$work/status'; sleep 60"
  for _ in $(seq 100); do [ -s "$work/status" ] && break; sleep 0.05; done
  status=$(cat "$work/status" 2>/dev/null || echo none)
}
report_has() { grep -qF -- "$1" "$work/report" || { sed 's/^/  | /' "$work/report"; false; }; }
ok() { if eval "$2"; then pass "$1"; else fail "$1"; fi; }

echo "yaru doctor"
printf '(A) 電話 +家族\nBuy milk 🥛\n' > "$work/todo.txt"
doctor --file "$work/todo.txt"
ok "a sane setup: status 0, all is well" '[ "$status" = 0 ] && report_has "All is well."'
ok "names the version and commit" 'report_has "version    yaru "'
ok "the file, by which rule, its size and lines" 'report_has "$work/todo.txt (by --file)" && report_has "2 lines"'
ok "the terminal: TERM, size, colours" 'report_has "TERM=" && report_has "80x24" && report_has "256 colours"'
ok "the terminal was asked: synchronized output and widths" 'report_has "sync out" && report_has "widths     あ 2"'
ok "nothing was written beside the file" '[ "$(ls -A "$work" | grep -c todo)" = 1 ] && [ ! -e "$work/.todo.txt.yaru-lock" ]'

mkdir -p "$XDG_CONFIG_HOME/yaru"
printf 'theme = "dark"\nsort = "sideways"\n' > "$XDG_CONFIG_HOME/yaru/config.toml"
doctor --file "$work/todo.txt"
ok "a broken config: status 1, named by path and line" \
  '[ "$status" = 1 ] && report_has "! config" && report_has "config.toml:"'
rm "$XDG_CONFIG_HOME/yaru/config.toml"

# Another yaru holds the file open.
holder="$work/sock-holder"
tmux -S "$holder" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
  -e XDG_STATE_HOME="$XDG_STATE_HOME" "$yaru --file '$work/todo.txt'"
for _ in $(seq 100); do [ -e "$work/.todo.txt.yaru-lock" ] && break; sleep 0.05; done
sleep 0.2
doctor --file "$work/todo.txt"
ok "a lock another yaru holds: status 1, the process named" \
  '[ "$status" = 1 ] && report_has "! lock" && report_has "(yaru)"'
tmux -S "$holder" kill-server 2>/dev/null

printf 'one\r\ntwo\r\n' > "$work/crlf.txt"
doctor --file "$work/crlf.txt"
ok "a CRLF file: status 1, the line endings named" '[ "$status" = 1 ] && report_has "line endings CRLF"'
ok "each problem line is marked" '[ "$(grep -c "^!" "$work/report")" = 1 ]'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
