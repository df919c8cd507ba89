#!/usr/bin/env bash
# End-to-end: an idle yaru sleeps, and still sees other programs' changes at
# once. Usage: Tests/e2e/idle.sh PATH/TO/yaru [SECONDS]
#  1. An outside append (`echo line >> todo.txt`) is on screen within 100 ms:
#     the kernel's file-change notices (inotify), not a poll. The screen is
#     read every 10 ms; five appends, the median must be under 100 ms.
#  2. strace -f over SECONDS (30) with nothing happening: no system call at
#     all, except in the second after a minute boundary (the clock's wake).
#     Counted per thread; the calls strace sees at attach and detach (the
#     waits it interrupts) are not the program's.
set -u
yaru=$(realpath "$1")
seconds=${2:-30}
work=$(mktemp -d)
# Never the config or state file of whoever runs the tests.
export XDG_CONFIG_HOME="$work/no-config"
export XDG_STATE_HOME="$work/state"
. "$(dirname "$0")/tmux-helpers.sh"

echo "idle end-to-end tests"
# The list in a folder of its own: strace's log must not be a change beside it.
mkdir "$work/list"
todo="$work/list/todo.txt"
printf 'first todo\n' >"$todo"
start_on "$todo"
check "first frame" "first todo"

# 1. Outside appends, timed from just before the write to the first screen that shows them.
now_ns() { date +%s%N; }
times=()
for n in 1 2 3 4 5; do
  sleep 0.3  # the previous change settled
  begin=$(now_ns)
  echo "outside line $n" >>"$todo"
  shown=""
  for _ in $(seq 300); do
    if screen | grep -qF "outside line $n"; then shown=$(now_ns); break; fi
    sleep 0.01
  done
  if [ -z "$shown" ]; then times+=(9999); else times+=($(((shown - begin) / 1000000))); fi
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
median=$(echo "$sorted" | sed -n 3p)
echo "       outside append on screen after (ms): ${times[*]}; median $median"
if [ "$median" -lt 100 ]; then pass "outside append on screen within 100 ms (median $median ms)"
else fail "outside append on screen within 100 ms (median $median ms)"; fi

# 2. Nothing happening: what system calls does yaru make?
if ! command -v strace >/dev/null; then
  fail "strace is missing: apt-get install strace (make test-deps installs it)"
else
  # The appends' flash (3 s) is over, and Dispatch's worker threads that
  # ran their looks have ended (they linger a few seconds).
  sleep 8
  # Started 15 s before a minute: the window holds the clock's one wake.
  while [ $((10#$(date +%S))) -ne 45 ]; do sleep 0.2; done
  pane=$(tmux -S "$sock" display-message -p '#{pane_pid}')
  pid=$(pgrep -P "$pane" | head -1)
  log="$work/strace.log"
  timeout -s INT "$seconds" strace -f -tt -qq -o "$log" -p "$pid" 2>"$work/strace.err"
  # One line per call: "TID HH:MM:SS.micro call(…". A call that was waiting
  # when strace attached or detached shows as "<… resumed>" or
  # "<unfinished …>", or restart_syscall: strace's, not the program's.
  calls=$(grep -v -e 'resumed>' -e '<unfinished' -e 'restart_syscall' -e '+++' -e '---' "$log" | grep -E '^[0-9]+ +[0-9:.]+ [a-z_0-9]+\(')
  # Allowed: calls in the second after a minute boundary (the clock's wake).
  outside_minute=$(echo "$calls" | awk 'NF { split($2, t, ":"); if (t[3] + 0 >= 1.0) print }')
  at_minute=$(echo "$calls" | awk 'NF { split($2, t, ":"); if (t[3] + 0 < 1.0) print }')
  echo "       strace over ${seconds}s: $(echo "$calls" | grep -c .) calls; per thread:"
  echo "$calls" | awk 'NF { n[$1]++ } END { for (t in n) printf "         thread %s: %d\n", t, n[t] }'
  echo "       at a minute boundary: $(echo "$at_minute" | grep -c .) calls in $(echo "$at_minute" | awk 'NF { print substr($2, 1, 5) }' | sort -u | grep -c .) wake(s)"
  wakes=$(echo "$at_minute" | awk 'NF { print substr($2, 1, 5) }' | sort -u | grep -c .)
  if [ "$seconds" -ge 30 ] && [ "$wakes" -ne 1 ]; then
    fail "the clock woke at the minute (wakes seen: $wakes)"
  fi
  if [ -z "$(echo "$outside_minute" | grep .)" ] && [ "$wakes" -le 1 ]; then
    pass "idle ${seconds}s: no system calls but the minute's clock wake"
  else
    fail "idle ${seconds}s: system calls between minutes"
    echo "$outside_minute" | head -20 | sed 's/^/  | /'
    echo "       by call:"; echo "$outside_minute" | awk 'NF { sub(/\(.*/, "", $3); n[$3]++ } END { for (c in n) printf "         %s: %d\n", c, n[c] }'
  fi
fi

pane=$(tmux -S "$sock" display-message -p '#{pane_pid}' 2>/dev/null)
pid=$(pgrep -P "$pane" 2>/dev/null | head -1)
tmux -S "$sock" kill-server 2>/dev/null
# yaru saves its history as it ends: wait, so that the folder can go.
for _ in $(seq 100); do [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
echo "idle: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
