# What a key pays after a pause for the memory and the code it runs: the
# floor, and the floor touching data lines or calling distinct functions
# before it answers each key (floor-touch.c), in one interleaved run.
#   (cd Benchmarks/ptybench/cold && python3 make-functions.py > /tmp/functions.h &&
#    cc -O2 -I/tmp -o /tmp/yaru-floor-touch floor-touch.c)
#   cc -O2 -o /tmp/yaru-floor Benchmarks/ptybench/floor/floor.c
#   python3 Benchmarks/ptybench/ptybench.py --config Benchmarks/ptybench/cold/cold.py --runs 5 --baseline floor-20
# Scenario names: d<lines>-<pages> touch data, c<lines>-<stride> call code.
import os

_floor, _touch = os.environ.get("FLOOR_BIN", "/tmp/yaru-floor"), os.environ.get("TOUCH_BIN", "/tmp/yaru-floor-touch")
_steps = [step("j", "down", repeat=5)]
for _i in range(6, 18):
    _steps += [step("m", "toggle", expect=rf"re:\[X\] Task {_i:04d}"), step("j", "down")]
SCENARIOS = [Scenario(name="floor-20", cmd=[_floor], marker="Task 0001", steps=_steps, settle_ms=200)]
for _name, _env in [("d1000-16", {"TOUCH_LINES": "1000", "TOUCH_PAGES": "16"}),
                    ("d3000-230", {"TOUCH_LINES": "3000", "TOUCH_PAGES": "230"}),
                    ("c1000-1", {"CODE_LINES": "1000", "CODE_STRIDE": "1"}),
                    ("c2000-1", {"CODE_LINES": "2000", "CODE_STRIDE": "1"}),
                    ("c1000-3", {"CODE_LINES": "1000", "CODE_STRIDE": "3"}),
                    ("c2000-2", {"CODE_LINES": "2000", "CODE_STRIDE": "2"})]:
    SCENARIOS.append(Scenario(name=_name, cmd=[_touch], marker="Task 0001", env=_env, steps=_steps, settle_ms=200))
