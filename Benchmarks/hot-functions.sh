#!/usr/bin/env bash
# Writes Benchmarks/hot-functions.txt: every function of the yaru binary that a
# session runs (start, move, toggle, add, search, undo, help, quit, with 20 and
# with 10,000 todos), for lld's --symbol-ordering-file in `make release`.
# Laid out together, they fill ~40 pages instead of being spread over 10 MB of
# code, where the kernel maps 64 KB around every page fault
# (docs/Performance.md). Regenerate after large changes; names that no longer
# exist are ignored by the link. Needs valgrind and tmux.
#   Benchmarks/hot-functions.sh .build/release/yaru
set -euo pipefail
yaru=$(realpath "$1")
out=$(realpath "$(dirname "$0")")/hot-functions.txt
work=$(mktemp -d)
trap 'tmux -S "$work/sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
# valgrind 3.19 gives up on the debug info of the current link ("possibly
# corrupted debuginfo"); the symbols are all it needs, so it runs a copy
# without debug info (the function names are the same).
cp "$yaru" "$work/yaru"
strip --strip-debug "$work/yaru"
yaru="$work/yaru"

# A config file with every table, and a state file, as many users will have.
export XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
mkdir -p "$work/config/yaru" "$work/state/yaru"
printf 'clock = "24h"\n[keys]\n"ctrl-d" = "delete"\n[colors]\nproject = "bold+cyan"\n[views]\nwork = "+work"\n' \
  > "$work/config/yaru/config.toml"
printf 'order = "manual"\nfilter = "all"\n' > "$work/state/yaru/state"

words=("buy milk" "call the bank" "fix the bike" "water plants" "pay rent 🏠" "牛乳を買う")
# One session under callgrind: `session OUT ARGS -- KEYS...`.
session() {
  local out=$1 args=$2
  shift 3
  tmux -S "$work/sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color -e XDG_DATA_HOME="$XDG_DATA_HOME" \
    "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$out $yaru $args 2>/dev/null"
  for _ in $(seq 200); do tmux -S "$work/sock" capture-pane -p | grep -q "Task 1 " && break; sleep 0.1; done
  for k in "$@"; do
    tmux -S "$work/sock" send-keys "$k"; sleep 0.3
  done
  tmux -S "$work/sock" send-keys q
  for _ in $(seq 200); do [ -s "$out" ] && break; sleep 0.1; done
  sleep 1
  tmux -S "$work/sock" kill-server 2>/dev/null || true
}
for n in 20 10000; do
  mkdir -p "$work/data-$n/yaru"
  for ((i = 1; i <= n; i++)); do echo "Task $i ${words[i % ${#words[@]}]}"; done > "$work/data-$n/yaru/todo.txt"
  # What nearly every session does: `yaru` alone, move, complete, quit.
  export XDG_DATA_HOME="$work/data-$n"
  session "$work/common-$n.out" "" -- j j j j j x
  # The rest: every other kind of key, through the argument parser.
  session "$work/rest-$n.out" "--file $work/data-$n/yaru/todo.txt" -- \
    j j j j j x / b u Escape a m i l k Enter u '?' '?' G g v v s s s
done

# Function names that callgrind saw run in the yaru binary, minus names that
# several objects define (local helpers): ordering those would pull every copy.
# The common session's functions come first, together, then the rest: the
# kernel's fault-around then maps few pages of code a common session never runs.
# Last, every protocol conformance descriptor (`Mc`, read-only data): the
# runtime reads all of them whenever it looks a conformance up, so together
# they fill 350 KB instead of being spread over the binary's 1.9 MB of
# read-only data (resident read-only data 1,008 -> 916 KB at 20 todos).
python3 - "$yaru" "$work"/common-*.out -- "$work"/rest-*.out > "$out" <<'PY'
import collections, re, subprocess, sys
binary, args = sys.argv[1], sys.argv[2:]
split = args.index("--")
def ran_in(outs):
    ran = set()
    for path in outs:
        fn_names, ob_names, current_ob = {}, {}, None
        for line in open(path, errors="replace"):
            m = re.match(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if not m:
                continue
            kind, ident, name = m.groups()
            if kind.endswith("ob"):
                if name: ob_names[ident] = name
                if kind == "ob": current_ob = ob_names[ident]
            else:
                if name: fn_names[ident] = name
                if kind == "fn" and current_ob == binary: ran.add(fn_names[ident])
    return ran
defined = collections.Counter(
    line.split()[-1]
    for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines())
common = {name for name in ran_in(args[:split]) if defined[name] == 1}
rest = {name for name in ran_in(args[split + 1:]) if defined[name] == 1} - common
conformances = sorted(name for name, count in defined.items() if count == 1 and name.startswith("$s") and name.endswith("Mc"))
print("\n".join(sorted(common) + sorted(rest) + conformances))
PY
echo "$(wc -l < "$out") symbols in $out"
