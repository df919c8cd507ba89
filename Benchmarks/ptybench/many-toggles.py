# A ptybench config for the toggle alone, with more samples than the peers'
# one toggle a run: 20 todos, 5 moves down, then 12 times a toggle and a
# move (`x`, `j`), each timed; yaru ($YARU_BIN, and $YARU_B_BIN when set, to
# compare two builds) and the floor, their runs interleaved.
#   YARU_BIN=/tmp/old/yaru YARU_B_BIN=$PWD/.build/release/yaru \
#     python3 Benchmarks/ptybench/ptybench.py --config Benchmarks/ptybench/many-toggles.py --runs 7 --baseline floor-20
import os

_peers = os.path.join(os.environ.get("PTYBENCH", "Benchmarks/ptybench"), "peers")
exec(open(os.path.join(_peers, "yaru.py")).read())
_n = 20
_steps = [step("j", "down", repeat=5)]
for _i in range(6, 18):
    _steps += [step("x", "toggle", expect=rf"re:\[x\] {task_id(_n, _i)}"), step("j", "down")]
# Each build copied anew, so that both sit alike in the page cache.
_builds = [("yaru-20", fresh_copy(YARU))] + ([("yaruB-20", fresh_copy(os.environ["YARU_B_BIN"]))] if os.environ.get("YARU_B_BIN") else [])
SCENARIOS = [
    Scenario(name=name, cmd=[binary], home_setup=setup(_n), marker=task_id(_n, 1),
             steps=_steps, quit=["q"], settle_ms=200, quit_timeout=10.0)
    for name, binary in _builds
]
_floor_steps = [step("j", "down", repeat=5)]
for _i in range(6, 18):
    _floor_steps += [step("m", "toggle", expect=rf"re:\[X\] Task {_i:04d}"), step("j", "down")]
SCENARIOS.append(Scenario(name="floor-20", cmd=[os.environ.get("FLOOR_BIN", "/tmp/yaru-floor")], marker="Task 0001",
                          steps=_floor_steps, quit=["q"], settle_ms=200))
