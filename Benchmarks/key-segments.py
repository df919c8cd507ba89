#!/usr/bin/env python3
"""Where a key's time through the pty goes, app by app: ptybench's ab.py run
under `perf record` (the kernel's syscall tracepoints, all CPUs), then each
key cut at its system calls:

  wake     ptybench writes the key -> the app's read() of it returns
  inproc   that read returns -> the app's write() of the frame starts
  write    the write() itself
  deliver  the write returns -> ptybench's read() of the frame returns

Medians per app, for the moves and for the toggle (ab.py's 6th key). The
floor's `inproc` is ~15 us: a key's own work is yaru's `inproc` less that.
Tracing adds a few us a system call, to every app alike. Needs perf (root)
and what ptybench needs.
  YARU_BIN=/tmp/old YARU_B_BIN=/tmp/new SIZES=20 python3 Benchmarks/key-segments.py 8
"""
import collections
import os
import re
import statistics
import subprocess
import sys
import tempfile

RUNS = sys.argv[1] if len(sys.argv) > 1 else "8"
EVENTS = ["syscalls:sys_enter_read", "syscalls:sys_exit_read", "syscalls:sys_enter_write", "syscalls:sys_exit_write"]


def record(data):
    events = [arg for event in EVENTS for arg in ("-e", event)]
    bench = ["python3", "Benchmarks/ptybench/ptybench.py", "--config", "Benchmarks/ptybench/ab.py", "--runs", RUNS]
    subprocess.run(["perf", "record", "-q", "-a", "-o", data, *events, "--", *bench], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return subprocess.run(["perf", "script", "-i", data, "-F", "comm,tid,time,event,trace"],
                          capture_output=True, text=True, check=True).stdout.splitlines()


def keys(lines):
    """Each key's four times, by app, in the order the keys came."""
    reading_stdin, key, by_app = {}, None, collections.defaultdict(list)
    for line in lines:
        match = re.match(r"\s*(\S+)\s+(\d+)\s+([\d.]+):\s+syscalls:(sys_\w+):\s*(.*)", line)
        if not match:
            continue
        comm, tid, time, event, rest = match.groups()
        time = float(time) * 1e6
        failed = rest.strip().startswith("0xffff") or rest.strip() == "0x0"
        if comm.startswith("python"):
            if event == "sys_enter_write" and "count: 0x00000001" in rest:
                key = {"sent": time}  # ptybench writes each key alone
            elif event == "sys_exit_read" and key and "written" in key and not failed:
                key["delivered"] = time
                by_app[key.pop("app")].append(key)
                key = None
            continue
        if event == "sys_enter_read":
            reading_stdin[tid] = "fd: 0x00000000" in rest
        elif event == "sys_exit_read" and reading_stdin.get(tid) and key and "read" not in key and not failed:
            key.update(read=time, app=comm, tid=tid)
        elif event == "sys_enter_write" and "fd: 0x00000001" in rest and key and key.get("tid") == tid and "writing" not in key:
            key["writing"] = time
        elif event == "sys_exit_write" and key and "writing" in key and key.get("tid") == tid and "written" not in key:
            key["written"] = time
    return by_app


def main():
    with tempfile.TemporaryDirectory() as work:
        by_app = keys(record(os.path.join(work, "perf.data")))
    segments = [("wake", "sent", "read"), ("inproc", "read", "writing"), ("write", "writing", "written"),
                ("deliver", "written", "delivered"), ("total", "sent", "delivered")]
    for app, runs in sorted(by_app.items()):
        # 5 moves, the toggle, the quit's last frame: 7 keys a run.
        for label, picked in (("move", lambda i: i % 7 < 5), ("toggle", lambda i: i % 7 == 5)):
            chosen = [key for index, key in enumerate(runs) if picked(index)]
            cells = "  ".join(f"{name} {statistics.median(k[b] - k[a] for k in chosen):6.0f}" for name, a, b in segments)
            print(f"{app:12} {label:6} n={len(chosen):3}  {cells}  (us, medians)")


if __name__ == "__main__":
    main()
