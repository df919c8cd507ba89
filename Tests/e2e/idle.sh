#!/usr/bin/env bash
# End-to-end: an idle yaru sleeps, and still sees other programs' changes at
# once. Usage: Tests/e2e/idle.sh PATH/TO/yaru [SECONDS]
#        Tests/e2e/idle.sh --judge STRACE-LOG SECONDS  (a saved log, counted alone)
#  1. An outside append (`echo line >> todo.txt`) is on screen within 100 ms:
#     the kernel's file-change notices (inotify), not a poll. The screen is
#     read every 10 ms; five appends, the median must be under 100 ms.
#  2. strace -f over SECONDS (30) with nothing happening, on the writer and
#     on a second, read-only yaru on the same file: no system call at all,
#     except in the second after a minute boundary (the clock's wake).
#     Counted per thread; the calls strace sees at attach and detach (the
#     waits it interrupts) are not the program's.
set -u
if [ "${1:-}" = --judge ]; then judging=$2; seconds=$3; else yaru=$(realpath "$1"); seconds=${2:-30}; fi
work=$(mktemp -d)
# Never the config or state file of whoever runs the tests.
export XDG_CONFIG_HOME="$work/no-config"
export XDG_STATE_HOME="$work/state"
. "$(dirname "$0")/tmux-helpers.sh"

# Sorts the calls of an strace -f -tt log ($1) into $work/minute (the
# clock's wake), $work/ending and $work/outside (what must not be).
count_calls() {
  # One line per call: "TID HH:MM:SS.micro call(…", or "…<unfinished …>"
  # when another thread's call came in between (counted at its start).
  # Not counted: "<… resumed>" (its start was counted, or was before the
  # attach), and a wait strace's attach interrupted (restart_syscall, or
  # the wait begun again: a thread's first line, in the first half second).
  # Allowed: calls in the second after a minute boundary (the clock's
  # wake), and the end of a Dispatch worker that ran the minute's work
  # (libdispatch ends an idle worker 5 s later: rt_sigprocmask, madvise, exit).
  awk -v out="$work/outside" -v ending="$work/ending" -v minute="$work/minute" '
    !/^[0-9]+ +[0-9:.]+ [a-z_0-9]+\(/ || /resumed>/ { next }
    {
      call = $3; sub(/\(.*/, "", call)
      if (call == "restart_syscall") next
      split($2, t, ":"); at = t[1] * 3600 + t[2] * 60 + t[3]
      if (start == "") start = at
      # A thread'"'"'s first line, a wait begun again as strace attached.
      if (!seen[$1]++ && at - start < 0.5 && call ~ /^(poll|ppoll|epoll_wait|epoll_pwait|futex|read|flock)$/) next
      total++; per[$1]++
      if (t[3] + 0 < 1.0) { ran[$1] = 1; print $1, $2, call > minute }
      else if (ran[$1] && (call == "rt_sigprocmask" || call == "madvise" || call == "exit")) print $1, $2, call > ending
      else print > out
    }
    END {
      printf "       strace: %d calls; per thread:", total
      for (thread in per) printf " %s: %d,", thread, per[thread]
      print ""
    }' "$1" || fail "the strace log could not be read"
}

# Counts the log ($1) and says whether yaru slept between minutes.
judge() {
  count_calls "$1"
  touch "$work/outside" "$work/ending" "$work/minute"
  wakes=$(awk '{ print substr($2, 1, 5) }' "$work/minute" | sort -u | grep -c .)
  echo "       at a minute boundary: $(grep -c . "$work/minute") calls in $wakes wake(s):"
  sed 's/^/         /' "$work/minute"
  echo "       the minute's Dispatch worker ending: $(grep -c . "$work/ending") calls"
  if [ "$seconds" -ge 30 ] && [ "$wakes" -ne 1 ]; then
    fail "the clock woke once, at the minute (wakes seen: $wakes)"
  fi
  if [ ! -s "$work/outside" ] && [ "$wakes" -le 1 ]; then
    pass "idle ${seconds}s: no system calls but the minute's clock wake"
  else
    fail "idle ${seconds}s: system calls between minutes"
    head -20 "$work/outside" | sed 's/^/  | /'
    echo "       by call:"; awk '{ c = $3; sub(/\(.*/, "", c); n[c]++ } END { for (c in n) printf "         %s: %d\n", c, n[c] }' "$work/outside"
  fi
}

if [ -n "${judging:-}" ]; then
  judge "$judging"
  echo "idle: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
fi

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

# 2. Nothing happening: what system calls do the writer and a second,
#    read-only yaru on the same file (waiting for the writer's lock) make?
reader_sock="$work/sock-reader"  # the helpers' trap ends every sock*
tmux -S "$reader_sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color "$yaru --file '$todo'; sleep 60"
for _ in $(seq 100); do tmux -S "$reader_sock" capture-pane -p | grep -qF "READ-ONLY" && break; sleep 0.05; done
if tmux -S "$reader_sock" capture-pane -p | grep -qF "READ-ONLY"; then pass "a second yaru is read-only"; else fail "a second yaru is read-only"; fi
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
  reader=$(tmux -S "$reader_sock" display-message -p '#{pane_pid}')
  reader_pid=$(pgrep -P "$reader" | head -1)
  log="$work/strace.log"
  timeout -s INT "$seconds" strace -f -tt -qq -o "$log" -p "$pid" -p "$reader_pid" 2>"$work/strace.err"
  [ -n "${IDLE_STRACE_LOG:-}" ] && cp "$log" "$IDLE_STRACE_LOG"  # to look at it afterwards
  judge "$log"
fi

# yaru saves its history as it ends: wait, so that the folder can go.
for s in "$reader_sock" "$sock"; do
  pane=$(tmux -S "$s" display-message -p '#{pane_pid}' 2>/dev/null)
  pid=$(pgrep -P "$pane" 2>/dev/null | head -1)
  tmux -S "$s" kill-server 2>/dev/null
  for _ in $(seq 100); do [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
done
echo "idle: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
