# Shared by the tmux end-to-end scripts (sourced): each test's own tmux
# server on its own socket, the screen read back, and the tally.
# Needs: $yaru, $work; sets $sock, $sessions, $passed, $failed.
sessions=0
sock="$work/sock0"
passed=0
failed=0
trap 'for s in "$work"/sock*; do tmux -S "$s" kill-server 2>/dev/null; done; rm -rf "$work"' EXIT

pass() { passed=$((passed + 1)); echo "  ok   $1"; }
fail() {
  failed=$((failed + 1)); echo "  FAIL $1"
  echo "  --- screen ---"; tmux -S "$sock" capture-pane -p 2>/dev/null | sed 's/^/  | /'
}
screen() { tmux -S "$sock" capture-pane -p 2>/dev/null; }
keys() { tmux -S "$sock" send-keys "$@"; }
# Polls the screen (every 50 ms, up to 5 s) until it shows TEXT.
wait_for() {
  local text=$1 i
  for i in $(seq 100); do
    screen | grep -qF -- "$text" && return 0
    sleep 0.05
  done
  return 1
}
check() { if wait_for "$2"; then pass "$1"; else fail "$1 (wanted: $2)"; fi; }
# A new tmux server (own socket) running yaru on FILE with ARGS; then its status.
start_on() {
  tmux -S "$sock" kill-server 2>/dev/null
  sessions=$((sessions + 1)); sock="$work/sock$sessions"
  tmux -S "$sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
    "$yaru --file '$1' ${2:-}; echo \"EXIT=\$?\"; sleep 60"
}
