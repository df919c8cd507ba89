#!/usr/bin/env bash
# Where a key's time goes inside yaru when keys come as a person types them
# (after a pause, the caches cold): each key's time from poll's wake to the
# frame written, cut at the read() of the key and the write() of its frame.
# Builds REV (default HEAD) in a worktree with Benchmarks/key-times.patch
# (timestamps written to $YARU_KEYTIMES; kept out of the product), runs
# ptybench's many-toggles.py with it, and prints the medians of each part
# for the moves and the toggles. Needs what ptybench needs (docs/Performance.md).
#   Benchmarks/key-times.sh [REV] [RUNS]
set -euo pipefail
rev=${1:-HEAD} runs=${2:-5}
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$work/tree" 2>/dev/null || true; rm -rf "$work"' EXIT
git -C "$repo" worktree add -f --quiet "$work/tree" "$rev"
git -C "$work/tree" apply "$repo/Benchmarks/key-times.patch"
make -C "$work/tree" release >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }
printf '#!/bin/sh\nYARU_KEYTIMES=%s exec %s "$@"\n' "$work/times.txt" "$work/tree/.build/release/yaru" > "$work/yaru"
chmod +x "$work/yaru"
(cd "$repo" && YARU_BIN="$work/yaru" python3 Benchmarks/ptybench/ptybench.py \
  --config Benchmarks/ptybench/many-toggles.py --warmup 1 --runs "$runs" --baseline floor-20 | tail -5)
python3 - "$work/times.txt" <<'PY'
import statistics, sys
# A line a key: wake (ns), total, since the poll began, to the read's end,
# the key's work (to the write), the write, after the write.
rows = [[int(x) for x in line.split()] for line in open(sys.argv[1])]
per_run = 5 + 2 * 12  # many-toggles.py: 5 moves, then 12 times a toggle and a move
assert len(rows) % per_run == 0, f"{len(rows)} keys timed: not whole runs of {per_run}"
rows = rows[per_run:]  # the warm-up run's
moves, toggles = [], []
for start in range(0, len(rows), per_run):
    run = rows[start:start + per_run]
    moves += run[1:5]  # the first key of a run also pays for the first frame's leftovers
    for k in range(5, len(run)):
        (toggles if (k - 5) % 2 == 0 else moves).append(run[k])
parts = [("total", 1), ("read", 3), ("work", 4), ("write", 5), ("after", 6)]
for label, keys in (("move", moves), ("toggle", toggles)):
    print(f"{label:>6} ({len(keys)} keys), median µs: " +
          "  ".join(f"{name} {statistics.median(k[i] for k in keys) / 1000:.1f}" for name, i in parts))
PY
