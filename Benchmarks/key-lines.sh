#!/usr/bin/env bash
# The memory each key touches, from the read() that brings it to its frame's
# write(): 64-byte lines and 4 KB pages of code and of data, and its
# instructions. A key that comes after a pause finds little of this in the
# processor's caches, and its time through the pty follows these counts
# more closely than its instructions (docs/Performance.md, session 16).
# valgrind's lackey on a copy without debug info, in tmux 80x24, N todos,
# KEYS sent PACE seconds apart; one line a key, in order, of the main
# thread only. Needs valgrind, tmux.
#   Benchmarks/key-lines.sh .build/release/yaru 20 1.5 j j j j j x j j x
# LINES_DIR=DIR also writes each key's code lines (N-KEY.txt, one line
# number a line) for Benchmarks/key-lines-diff.py: which functions one key
# touches that another does not.
set -euo pipefail
bin=$1 n=$2 pace=$3; shift 3
source "$(dirname "$0")/key-session.sh"
symbol() { nm "$work/yaru" | awk -v pattern="$1" '$3 ~ pattern && !found { print $1; found = 1 }'; }
read_at=$(symbol '^read$') write_at=$(symbol '^write$') press_at=$(symbol 'AppProgramC19pressHoldingEffects.*F$')
[ -n "$press_at" ] || { echo "no AppProgram.pressHoldingEffects in $bin: where do keys start now?" >&2; exit 1; }
mkfifo "$work/trace"
python3 -c '
import os, sys
read_at, write_at, press_at = (int(a, 16) for a in sys.argv[1:4])
stacks_file, keys = sys.argv[4], sys.argv[5:]
lines_dir = os.environ.get("LINES_DIR")
# Only the main thread counts: lackey traces every thread, and the work of
# the file queue or a timer in the other threads (on the other core, outside
# valgrind) is not the key. Which thread runs is told by the stack it
# touches: the main stack is at the top of the client space of valgrind, the
# others are the 8 MB mappings listed in stacks_file once they exist.
def main_stack(a): return 0x1F00000000 <= a < 0x2000000000
workers, on_main = [], True
# 0: waiting for a read; 1: read, no key yet; 2: in a key, until its write.
state, code, data, instructions, done = 0, set(), set(), 0, 0
print("%4s %12s %10s %10s %10s %10s" % ("key", "instructions", "code lines", "data lines", "code pages", "data pages"))
for line in sys.stdin:
    kind = line[:2]
    if kind == "I ":
        address, size = line[3:].split(",")
        address = int(address, 16)
        if not on_main:
            continue
        if address == read_at:
            state, code, data, instructions = 1, set(), set(), 0
            if not workers and os.path.exists(stacks_file):
                workers = [tuple(int(x, 16) for x in row.split()) for row in open(stacks_file)]
        elif address == press_at and state == 1:
            state = 2
        elif address == write_at and state == 2:
            key = keys[done] if done < len(keys) else "?"
            pages = lambda lines: len({line >> 6 for line in lines})
            if lines_dir:
                open(f"{lines_dir}/{done}-{key}.txt", "w").write("\n".join(str(c) for c in sorted(code)))
                open(f"{lines_dir}/{done}-{key}.data.txt", "w").write("\n".join(str(d) for d in sorted(data)))
            print(f"{key:>4} {instructions:>12} {len(code):>10} {len(data):>10} {pages(code):>10} {pages(data):>10}", flush=True)
            state, done = 0, done + 1
        if state:
            instructions += 1
            code.update((address >> 6, (address + int(size) - 1) >> 6))
    elif kind in (" L", " S", " M"):
        address, size = line[3:].split(",")
        start = int(address, 16)
        if main_stack(start):
            on_main = True
        elif any(low <= start < high for low, high in workers):
            on_main = False
        if state and on_main:
            data.update((start >> 6, (start + int(size) - 1) >> 6))
' "$read_at" "$write_at" "$press_at" "$work/stacks" "$@" < "$work/trace" &
reader=$!
start "valgrind --tool=lackey --trace-mem=yes --log-file=$work/trace $work/yaru --file $work/todo.txt"
sleep 3
# The other threads' stacks: 8 MB read-write mappings with a guard page below.
pid=$(pgrep -P "$(tmux -S "$work/sock" list-panes -F '#{pane_pid}')" || tmux -S "$work/sock" list-panes -F '#{pane_pid}')
awk '$2 == "---p" { guard = $1; next }
     $2 == "rw-p" && guard != "" { split(guard, g, "-"); split($1, r, "-"); if (g[2] == r[1]) print r[1], r[2] }
     { guard = "" }' "/proc/$pid/maps" |
  while read -r low high; do if [ $((0x$high - 0x$low)) -eq $((8 << 20)) ]; then echo "$low $high"; fi; done > "$work/stacks.new"
mv "$work/stacks.new" "$work/stacks"
press "$@"
sleep 2
tmux -S "$work/sock" send-keys q
wait "$reader"
