#!/bin/sh
# ptybench home for sync.py: 10,000 todos in a git repository with a bare
# remote beside it, set up by `yaru sync --setup`; $1 = on|off.
set -e
yaru="$YARU_BIN"
export HOME="$PWD" GIT_CONFIG_NOSYSTEM=1 XDG_STATE_HOME="$PWD/state"
git config --global init.defaultBranch main
git init -q --bare remote.git
mkdir -p list .config/yaru
python3 -c "
for i in range(10000): print(f'(B) 2026-11-01 Task {i:05d} +proj @ctx due:2026-12-01')" > list/todo.txt
"$yaru" sync --setup "$PWD/remote.git" --file list/todo.txt > /dev/null
# Each run's copy of this home syncs with its own copy of the remote.
git -C list remote set-url origin ../remote.git
[ "$1" = on ] && printf 'sync = "git"\nsync-every = "1s"\nsync-after = "1s"\n' > .config/yaru/config.toml || true
