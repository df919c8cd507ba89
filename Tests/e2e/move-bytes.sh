#!/usr/bin/env bash
# What a move of the selection sends to a real terminal (a pty, as xterm):
# the two rows' text, the attribute that changes, CR LF between them and a
# CR to park the cursor at the selected row's start — nothing more. The
# kernel adds no CR of its own (ONLCR off). Run by `make test`.
set -u
cd "$(dirname "$0")/../.."
yaru=$(realpath "${1:-.build/debug/yaru}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'Task 0001 buy milk\nTask 0002 call the bank\nTask 0003 fix the bike\n' > "$work/todo.txt"

echo "what a move sends"
python3 - "$yaru" "$work" <<'PY'
import fcntl, os, pty, select, struct, sys, termios, time
yaru, work = sys.argv[1], sys.argv[2]
env = {"PATH": os.environ["PATH"], "HOME": work, "TERM": "xterm-256color", "LANG": "C.UTF-8",
       "XDG_STATE_HOME": work + "/state", "XDG_CONFIG_HOME": work + "/config"}
pid, master = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.execve(yaru, [yaru, "--file", work + "/todo.txt"], env)

def read_until_quiet(quiet=0.3, limit=5.0):
    data, end = b"", time.monotonic() + limit
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], quiet)
        if not ready:
            if data:
                break
            continue
        try:
            data += os.read(master, 65536)
        except OSError:
            break
    return data

first = read_until_quiet()
want = b"\x1b[m [ ] Task 0002 call the bank\r\n\x1b[7m [ ] Task 0003 fix the bike\r"
sent = None
# The clock may tick into one move's bytes: a few tries.
for _ in range(3):
    os.write(master, b"k" if sent is not None else b"j")
    read_until_quiet()
    os.write(master, b"j")
    sent = read_until_quiet()
    if sent == want:
        break
os.write(master, b"q")
read_until_quiet()
os.waitpid(pid, 0)
ok = b"Task 0001" in first and sent == want
print(("  ok   " if ok else "  FAIL ") + f"a move sends {len(sent)} bytes: two rows' text and 11 bytes of control")
if not ok:
    print(f"  sent {sent!r}\n  want {want!r}")
print(f"{int(ok)} passed, {int(not ok)} failed")
sys.exit(0 if ok else 1)
PY
