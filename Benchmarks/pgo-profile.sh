#!/usr/bin/env bash
# Makes Benchmarks/yaru.profdata, the profile `make release` is optimized
# with: an instrumented build (LLVM's IR-level counters, the compiler flags
# of the release build) driven in tmux through a day's keys — moves,
# toggles, undo and redo, search, adding and editing, orders, marks, help —
# at 20 and 1,000 todos; its counts merged, without the functions never run.
# (LLVM's indexed form, binary: its text form cannot be read back when the
# names start with `$`, as Swift's do.)
# With the counts, LLVM lays each function out hot path first and inlines
# by what runs, so a key runs through fewer cache lines of code
# (docs/Performance.md, session 17). Run it again when the code a key runs
# has changed much (changed functions are optimized without counts until
# then), then the order file:
#   make profile && make release && Benchmarks/hot-functions.sh .build/release/yaru && make release
# Needs tmux, and the toolchain's llvm-profdata beside swift.
#   Benchmarks/pgo-profile.sh SWIFT LLVM_PROFDATA SWIFT_FLAGS…   (what `make profile` runs)
set -euo pipefail
swift=$1 profdata=$2; shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'tmux -S "$work/sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
runtime=$(ls "$(dirname "$profdata")"/../lib/clang/*/lib/linux/libclang_rt.profile-x86_64.a | head -1)

# Its own scratch folder: the release build's objects stay as they are.
"$swift" build -c release --product yaru --scratch-path "$root/.build/pgo-instrumented" "$@" \
  -Xswiftc -Xfrontend -Xswiftc -ir-profile-generate="$work/raw" \
  -Xlinker -u -Xlinker __llvm_profile_runtime -Xlinker "$runtime"
bin="$root/.build/pgo-instrumented/release/yaru"

key() { tmux -S "$work/sock" send-keys "$@"; sleep 0.05; }
letters() { for c in "$@"; do key -l "$c"; done; }
mkdir -p "$work/config" "$work/state"
for n in 20 1000; do
  for ((i = 1; i <= n; i++)); do
    case $((i % 5)) in
      0) echo "(A) Call Bob about report $i +work @phone due:2026-12-0$((i % 9 + 1))" ;;
      1) echo "Task $i buy milk +home @shop" ;;
      2) echo "x 2026-11-20 Done thing $i +home" ;;
      3) echo "Write 日本語 note $i 🎉 +notes t:2026-11-01" ;;
      4) echo "(B) Pay rent $i rec:1m due:2026-12-01 +money" ;;
    esac
  done > "$work/todo.txt"
  tmux -S "$work/sock" new-session -d -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
    "LLVM_PROFILE_FILE=$work/raw/yaru-%p.profraw XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work/state $bin --file $work/todo.txt"
  sleep 1
  for _ in 1 2 3; do
    for _ in $(seq 30); do key j; done
    for _ in $(seq 10); do key k; done
    for _ in $(seq 8); do key x; key j; done
    sleep 1.2  # the completed todos sink
    key u; key u; key C-r
    key G; key g; key PageDown; key PageUp
    key /; letters T a s k; key Enter; key j; key x; key Escape
    key a; letters N e w ' ' t o d o ' ' + h o m e; key Enter
    key e; key End; letters ' ' d u e : t o m o r r o w; key Enter
    key s; key s; key s; key s
    key J; key K; key p; key f; key f; key f
    key m; key j; key m; key x; key Escape
    key '?'; key j; key Escape
    key d; key u
    sleep 1.2
  done
  key q
  for _ in $(seq 50); do tmux -S "$work/sock" has-session 2>/dev/null || break; sleep 0.1; done
done
"$profdata" merge --sparse -o "$root/Benchmarks/yaru.profdata" "$work"/raw/*.profraw
"$profdata" show "$root/Benchmarks/yaru.profdata" | tail -3
