#!/usr/bin/env bash
# End-to-end: what a start with 10,000 todos asks of the kernel before the
# file is on screen, counted with strace -f from the start to the quit.
#  1. The heap grows in few steps. The file is loaded on another thread than
#     the main one; on a malloc arena of its own that heap grew a page at a
#     time, one mprotect each (~170 at 10,000 todos, ~1 ms of the start).
#     yaru keeps every thread on the main arena (grown by brk, 128 KB at a time).
#  2. No macro file is opened when there is no macros folder (most lists):
#     the 26 registers' files were each tried, ahead of the todo file on the
#     same I/O queue.
#  3. The modes (alternate screen, mouse, paste) go in the first frame's
#     write, so the terminal wakes once for a whole screen instead of first
#     for the modes while the list still loads.
# Usage: Tests/e2e/start-calls.sh PATH/TO/yaru
set -u
yaru=$(realpath "$1")
work=$(mktemp -d)
export XDG_CONFIG_HOME="$work/no-config"
export XDG_STATE_HOME="$work/state"
export XDG_DATA_HOME="$work/data"
. "$(dirname "$0")/tmux-helpers.sh"

echo "start-calls end-to-end tests"
if ! command -v strace >/dev/null; then
  fail "strace is missing: apt-get install strace (make test-deps installs it)"
else
  todo="$work/todo.txt"
  for ((i = 1; i <= 10000; i++)); do echo "Task $i buy milk"; done >"$todo"
  # yaru under strace, started as the helpers start it (the tmux server has this environment).
  yaru="strace -f -qq -o '$work/strace.log' -s 65536 -e trace=mprotect,brk,openat,write $yaru" start_on "$todo"
  check "first frame" "Task 1 buy milk"
  keys q
  check "quit" "EXIT=0"
  grows=$(grep -cE '(mprotect|brk)\(' "$work/strace.log")
  echo "       mprotect and brk calls: $grows"
  # The C library's own start and the threads' stacks make ~20.
  if [ "$grows" -lt 50 ]; then pass "the heap grew in few steps ($grows mprotect/brk calls)"
  else fail "the heap grew in few steps ($grows mprotect/brk calls; a page at a time makes ~200)"; fi
  macros=$(grep -c '/yaru/macros/' "$work/strace.log")
  if [ "$macros" -eq 0 ]; then pass "no macro file opened without a macros folder"
  else fail "no macro file opened without a macros folder ($macros opened)"; fi
  # The modes (bracketed paste: ?2004h) with a frame: the list, or the
  # "Loading…" frame if the load under strace took over 100 ms.
  first=$(grep -m1 -E '^[0-9]+ +write\(1,' "$work/strace.log")
  if [[ "$first" == *"?2004h"* && ( "$first" == *"Task 1 buy milk"* || "$first" == *"Loading"* ) ]]; then
    pass "the first write to the terminal is the modes and the first frame"
  else fail "the first write to the terminal is the modes and the first frame (it was: ${first:0:120})"; fi
fi
echo "start-calls: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
