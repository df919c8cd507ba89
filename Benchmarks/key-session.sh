# Sourced by the key benchmarks (key-instructions.sh, key-lines.sh) after
# `bin=… n=… pace=…`: a work folder, removed on exit, holding a copy of the
# binary without debug info (valgrind 3.19 gives up on the current link's:
# "possibly corrupted debuginfo"; the symbols are all it needs) and a file
# of N todos. `start COMMAND` runs COMMAND (yaru under a valgrind tool, on
# "$work/yaru --file $work/todo.txt") in tmux 80x24 and waits for the
# first frame; `press KEYS…` sends them PACE seconds apart (IDLE: nothing).
work=$(mktemp -d)
trap 'tmux -S "$work/sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$bin" "$work/yaru" && strip --strip-debug "$work/yaru"
mkdir -p "$work/empty"
for ((i = 1; i <= n; i++)); do echo "Task $i buy milk +home @shop"; done > "$work/todo.txt"

start() {
  tmux -S "$work/sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
    "XDG_CONFIG_HOME=$work/empty XDG_STATE_HOME=$work/empty $1"
  for _ in $(seq 600); do tmux -S "$work/sock" capture-pane -p | grep -q "Task 1 " && break; sleep 0.2; done
}

press() {
  for k in "$@"; do [ "$k" = IDLE ] || tmux -S "$work/sock" send-keys "$k"; sleep "$pace"; done
}
