# A ptybench config: tudu, calcurse and yaru doing the same work (start with N
# todos, move down 5 times, toggle the 6th, quit) at 20, 1,000 and 10,000
# todos, their runs interleaved so that machine load hits all alike.
#   YARU_BIN=$PWD/.build/release/yaru \
#     python3 Benchmarks/ptybench/ptybench.py --config Benchmarks/ptybench/all-peers.py --runs 5
# ONLY=yaru-20,tudu-20 keeps just those scenarios.
import os

_peers = os.path.join(os.environ.get("PTYBENCH", "Benchmarks/ptybench"), "peers")
__file__ = os.path.join(_peers, "peers.py")
exec(open(__file__).read())
_theirs = [s for s in SCENARIOS if s.name.split("-")[0] in ("tudu", "calcurse") and s.name.split("-")[1] in ("20", "1000", "10000")]
exec(open(os.path.join(_peers, "yaru.py")).read())

# yaru again with a config file (keys, colours, views) and a state file, to
# show what reading them costs at start: yarucfg-N.
_CONFIG = """clock = "24h"
order = "manual"
[keys]
"ctrl-d" = "delete"
"l" = "edit"
[colors]
priority-a = "bold+red"
project = "bold+cyan"
selection = "reverse+bold"
[views]
work = "+work -@phone"
today = "due:today"
"""
_STATE = 'clock = "24h"\norder = "manual"\nfilter = "all"\nshow-hidden = false\n[config]\nclock = "24h"\norder = "manual"\n'


def _with_config(n):
    write_todos = setup(n)

    def write(home):
        write_todos(home)
        for folder, name, text in ((".config/yaru", "config.toml", _CONFIG), (".local/state/yaru", "state", _STATE)):
            os.makedirs(os.path.join(home, folder), exist_ok=True)
            with open(os.path.join(home, folder, name), "w") as f:
                f.write(text)
    return write


SCENARIOS = _theirs + SCENARIOS + [
    Scenario(name=f"yarucfg-{n}", cmd=[YARU], home_setup=_with_config(n), marker=task_id(n, 1),
             steps=[step("j", "down", repeat=5),
                    step("x", "toggle", expect=rf"re:\[x\] {task_id(n, 6)}")],
             quit=["q"], post_check=check(n), settle_ms=200, quit_timeout=10.0)
    for n in (20, 10000)
]
# The physical floor (floor/floor.c, built to $FLOOR_BIN, default
# /tmp/yaru-floor): the smallest app that reads a key and repaints two rows
# in one write, through the same pty — what issue 29's "2x the floor" means.
_FLOOR = os.environ.get("FLOOR_BIN", "/tmp/yaru-floor")
if os.path.exists(_FLOOR):
    SCENARIOS.append(Scenario(
        name="floor-20", cmd=[_FLOOR], marker="Task 0001",
        steps=[step("j", "down", repeat=5), step("m", "toggle", expect=r"re:\[X\] Task 0006")],
        quit=["q"], settle_ms=200,
    ))
if os.environ.get("ONLY"):
    SCENARIOS = [s for s in SCENARIOS if s.name in os.environ["ONLY"].split(",")]
