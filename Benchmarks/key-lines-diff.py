#!/usr/bin/env python3
"""Which functions one key touches that another does not: the code lines
in A's file and not in B's (written by `LINES_DIR=DIR Benchmarks/key-lines.sh`),
each given to the function of BIN (not stripped) that holds it, most first.
  LINES_DIR=/tmp/k Benchmarks/key-lines.sh .build/release/yaru 20 1.5 j j x
  Benchmarks/key-lines-diff.py .build/release/yaru /tmp/k/2-x.txt /tmp/k/1-j.txt
"""
import bisect
import collections
import subprocess
import sys

binary, a_file, b_file = sys.argv[1:4]
symbols = []
for row in subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
    parts = row.split(None, 2)
    if len(parts) == 3 and parts[1] in "tTwW":
        symbols.append((int(parts[0], 16), parts[2]))
starts = [address for address, _ in symbols]


def function(line):
    at = bisect.bisect_right(starts, line * 64) - 1
    return symbols[at][1] if at >= 0 else "?"


def lines(path):
    return {int(word) for word in open(path).read().split()}


a, b = lines(a_file), lines(b_file)
counts = collections.Counter(function(line) for line in a - b)
names = list(counts)
readable = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names),
                          capture_output=True, text=True).stdout.splitlines()
readable = dict(zip(names, readable)) if len(readable) == len(names) else {n: n for n in names}
print(f"{len(a)} code lines against {len(b)}: {len(a - b)} more, in {len(counts)} functions")
for name, count in counts.most_common(int(sys.argv[4]) if len(sys.argv) > 4 else 40):
    print(f"{count:5d} {readable[name][:140]}")
