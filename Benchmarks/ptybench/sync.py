# Keys while the open list syncs in the background (sync-every = 1s, a local
# bare remote, 10,000 todos) against the same list with sync off: no key
# waits on git. From the repository, after `make release`:
#   YARU_BIN=$PWD/.build/release/yaru python3 Benchmarks/ptybench/ptybench.py \
#     --config Benchmarks/ptybench/sync.py --runs 5 --baseline sync-off
import os
_yaru = os.environ.get("YARU_BIN", os.path.abspath(".build/release/yaru"))
_gen = os.path.abspath("Benchmarks/ptybench/sync-gen.sh")
SCENARIOS = [
  Scenario(
    name=f"sync-{mode}",
    cmd=["sh", "-c", f'HOME="$HOME" XDG_CONFIG_HOME="$HOME/.config" XDG_STATE_HOME="$HOME/state" GIT_CONFIG_NOSYSTEM=1 exec {_yaru} --file "$HOME/list/todo.txt"'],
    home_setup=f"YARU_BIN={_yaru} sh {_gen} {mode}",
    marker="Task 00000",
    steps=[step("x", "toggle"), step("j", "down", repeat=30)],
    quit=["q"], settle_ms=100,
  )
  for mode in ["off", "on"]
]
