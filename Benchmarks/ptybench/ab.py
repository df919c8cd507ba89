# A ptybench config comparing two yaru builds (A: $YARU_BIN, B: $YARU_B_BIN)
# on the same work as peers/yaru.py, their runs interleaved with the floor's
# so that machine load hits all alike: how a change is measured on a noisy
# machine. SIZES=20,10000 picks the list sizes (default 20).
#   YARU_BIN=/tmp/old/yaru YARU_B_BIN=$PWD/.build/release/yaru \
#     python3 Benchmarks/ptybench/ptybench.py --config Benchmarks/ptybench/ab.py --runs 9 --baseline floor-20
import os

_peers = os.path.join(os.environ.get("PTYBENCH", "Benchmarks/ptybench"), "peers")
exec(open(os.path.join(_peers, "yaru.py")).read())
_sizes = [int(n) for n in os.environ.get("SIZES", "20").split(",")]
_b = os.environ["YARU_B_BIN"]
SCENARIOS = [s for s in SCENARIOS if int(s.name.split("-")[1]) in _sizes]
# Both builds copied anew, so that neither starts faster for how its file
# happens to sit in the page cache.
_a, _b = fresh_copy(YARU), fresh_copy(_b)
for _s in SCENARIOS:
    _s.cmd = [_a]
SCENARIOS += [
    Scenario(name=f"yaruB-{n}", cmd=[_b], home_setup=setup(n), marker=task_id(n, 1),
             steps=[step("j", "down", repeat=5), step("x", "toggle", expect=rf"re:\[x\] {task_id(n, 6)}")],
             quit=["q"], post_check=check(n), settle_ms=200, quit_timeout=10.0)
    for n in _sizes
]
_FLOOR = os.environ.get("FLOOR_BIN", "/tmp/yaru-floor")
SCENARIOS.append(Scenario(
    name="floor-20", cmd=[_FLOOR], marker="Task 0001",
    steps=[step("j", "down", repeat=5), step("m", "toggle", expect=r"re:\[X\] Task 0006")],
    quit=["q"], settle_ms=200,
))
