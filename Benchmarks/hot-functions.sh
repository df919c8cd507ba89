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
map=$(realpath "$(dirname "$0")/..")/.build/yaru.map
[ -f "$map" ] || echo "no link map $map (make release writes it): names defined twice are left out" >&2
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
# Runs COMMAND (yaru under a valgrind tool) in tmux, waits for the first
# frame, sends KEYS PACE seconds apart, then q: `drive COMMAND PACE KEYS...`.
drive() {
  local command=$1 pace=$2
  shift 2
  tmux -S "$work/sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color -e XDG_DATA_HOME="$XDG_DATA_HOME" "$command"
  for _ in $(seq 600); do tmux -S "$work/sock" capture-pane -p | grep -q "Task 1 " && break; sleep 0.1; done
  for k in "$@"; do
    tmux -S "$work/sock" send-keys "$k"; sleep "$pace"
  done
  tmux -S "$work/sock" send-keys q
}
# One session under callgrind: `session OUT ARGS -- KEYS...`.
session() {
  local out=$1 args=$2
  shift 3
  drive "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$out $yaru $args 2>/dev/null" 0.3 "$@"
  for _ in $(seq 200); do [ -s "$out" ] && break; sleep 0.1; done
  sleep 1
  tmux -S "$work/sock" kill-server 2>/dev/null || true
}
# The same common session under lackey, which reports every load, store and
# instruction: the addresses in the binary's own data (below 0x10000000,
# where a binary linked without PIE is loaded), each once; and the code the
# keys run (from the first key's `AppProgram.pressHoldingEffects` on), each address once,
# in the order first run.
trace_session() {
  local data_out=$1 keys_out=$2
  shift 2
  local press
  press=$(nm "$yaru" | awk '$3 ~ /AppProgramC19pressHoldingEffects.*F$/ && !found { print $1; found = 1 }')
  [ -n "$press" ] || { echo "no AppProgram.pressHoldingEffects in $yaru: where do keys start now?" >&2; exit 1; }
  mkfifo "$work/trace"
  python3 -c '
import sys
press, data_out, keys_out = int(sys.argv[1], 16), sys.argv[2], sys.argv[3]
data, keys, seen, started = set(), [], set(), False
for line in sys.stdin:
    kind = line[:2]
    if kind == "I ":
        address = int(line[3:].split(",")[0], 16)
        started = started or address == press
        if started and address not in seen:
            seen.add(address)
            keys.append(address)
    elif kind in (" L", " S", " M") and line[3] == "0" and line[11] == ",":
        data.add(line[3:11])
open(data_out, "w").write("".join(a + "\n" for a in sorted(data)))
open(keys_out, "w").write("".join(f"{a:x}\n" for a in keys))
' "$press" "$data_out" "$keys_out" < "$work/trace" &
  drive "valgrind --tool=lackey --trace-mem=yes --log-file=$work/trace $yaru" 1 "$@"
  wait
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
export XDG_DATA_HOME="$work/data-20"
trace_session "$work/data-addresses" "$work/key-code" j j j j j x

# Function names that callgrind saw run in the yaru binary. A name that
# several objects define (local helpers: `objectdestroyTm`, metadata
# accessors) pulls every copy: it is kept when each copy has a section of its
# own (the link map, `make release`'s .build/yaru.map, says; ~15 KB in all) or sits
# in a library's whole-object code section that a name run once already
# pulls in (the standard library's); leaving them all out left ~40 of them
# each mapping 64 KB of cold code around it. A copy in another big section
# would pull all of it into the hot pages: such names are left out.
# The common session's functions come first, together, then the rest: the
# kernel's fault-around then maps few pages of code a common session never runs.
# Of those, the keys' own come first, in the order they first ran: a move's
# code then sits on ~90 pages instead of ~155 (fewer TLB misses and cold
# lines when a key comes after a pause; docs/Performance.md, session 16).
# Last, every protocol conformance descriptor (`Mc`, read-only data): the
# runtime reads all of them whenever it looks a conformance up, so together
# they fill 350 KB instead of being spread over the binary's 1.9 MB of
# read-only data (resident read-only data 1,008 -> 916 KB at 20 todos).
python3 - "$yaru" "$map" "$work/data-addresses" "$work/key-code" "$work"/common-*.out -- "$work"/rest-*.out > "$out" <<'PY'
import bisect, collections, os, re, subprocess, sys
binary, link_map, data_addresses, key_code, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
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
symbols = [line.split() for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines()]
defined = collections.Counter(symbol[-1] for symbol in symbols)
# The input sections (address, size) that hold each name's copies, and the
# data sections (address, size, names in it).
sections = collections.defaultdict(list)
data_sections = []
if os.path.exists(link_map):
    section = None
    for line in open(link_map, errors="replace"):
        parts = line.split(None, 4)
        if len(parts) < 5:
            continue
        if ":(" in parts[4]:
            section = (int(parts[0], 16), int(parts[2], 16))  # the symbols after it are in it
            if re.search(r":\(\.(data|rodata|bss)", parts[4]):
                data_sections.append((*section, []))
        elif section:
            sections[parts[4].strip()].append(section)
            if data_sections and data_sections[-1][:2] == section:
                data_sections[-1][2].append(parts[4].strip())
def hot(outs):
    ran = {name for name in ran_in(outs) if name in defined}
    pulled = {section for name in ran if defined[name] == 1 for section in sections[name]}
    def orderable(name):
        copies = sections[name]
        return defined[name] == 1 or (copies and all(size <= 4096 or (at, size) in pulled for at, size in copies))
    return {name for name in ran if orderable(name)}
common = hot(args[:split])
rest = hot(args[split + 1:]) - common
# The keys' functions in the order they first ran, by the code addresses
# the trace saw (each in the function that starts at or before it).
functions = sorted((int(symbol[0], 16), symbol[2]) for symbol in symbols if len(symbol) == 3 and symbol[1] in "tTwW")
function_starts = [start for start, _ in functions]
keys_run = []
for line in open(key_code):
    index = bisect.bisect_right(function_starts, int(line, 16)) - 1
    if index >= 0:
        keys_run.append(functions[index][1])
# A name in a library's whole-object section (the standard library's 1.6 MB)
# would pull all of it to the front: those stay where the rest puts them.
keys_first = [name for name in dict.fromkeys(keys_run)
              if name in common and all(size <= 65536 for _, size in sections[name])]
# Data: one name for each data section the common session read or wrote
# (a section without a name of its own, like the merged string literals,
# stays where it is).
data_sections.sort()
starts = [section[0] for section in data_sections]
touched = set()
for line in open(data_addresses):
    address = int(line, 16)
    index = bisect.bisect_right(starts, address) - 1
    if index >= 0 and address < starts[index] + data_sections[index][1]:
        touched.add(index)
data = set()
for index in touched:
    names = [name for name in data_sections[index][2] if defined[name] == 1 or all(size <= 4096 for _, size in sections[name])]
    if names:
        data.add(names[0])
conformances = sorted(name for name, count in defined.items() if count == 1 and name.startswith("$s") and name.endswith("Mc"))
print("\n".join(keys_first + sorted(common - set(keys_first)) + sorted(rest) + sorted(data - common - rest) + [name for name in conformances if name not in data]))
PY
echo "$(wc -l < "$out") symbols in $out"
