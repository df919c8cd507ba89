# ptybench scenarios for peer terminal todo apps (see docs/Performance.md).
#   python3 ptybench.py --config peers/peers.py --only tudu-20,calcurse-20 --runs 5
# Scenario, Step and step() are provided by ptybench.
#
# Work in every scenario: start with N todos; wait for the first frame showing
# the first todo (dooit: its workspace list, then one key to open it); move
# down 5 times; toggle the selected todo (Task 0006) and check the screen shows
# it done; quit.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = f"{sys.executable} {HERE}/gen_peers.py"
# call dooit's entry script directly: the pyenv shim would add ~100 ms of bash
DOOIT = os.path.join(os.path.dirname(sys.executable), "dooit")
SIZES = (20, 1000, 10000)
SETTLE_MS = 200  # after each step, wait for 200 ms of quiet (late output reported apart)


def task_id(n, i):
    return f"Task {i:0{max(4, len(str(n)))}d}"  # as gen_peers.texts()


SCENARIOS = []
for n in SIZES:
    first, sixth = task_id(n, 1), task_id(n, 6)
    long_wait = 30.0 if n >= 10000 else 10.0
    SCENARIOS += [
        Scenario(
            name=f"tudu-{n}", cmd=["tudu"], home_setup=f"{GEN} tudu {n}",
            marker=first,
            steps=[step("j", "down", repeat=5),
                   step("m", "toggle", expect=rf"re:\[X\] {sixth}")],
            quit=["q"], post_check=f"{GEN} check tudu {n}",
            settle_ms=SETTLE_MS, quit_timeout=long_wait),
        Scenario(
            # calcurse starts in the appointments panel: TAB TAB -> todo panel
            name=f"calcurse-{n}", cmd=["calcurse"], home_setup=f"{GEN} calcurse {n}",
            marker=first,
            steps=[step("<tab>", "focus", repeat=2),
                   step("j", "down", repeat=5),
                   # at 10000 todos calcurse 4.7.1 draws the todo panel blank
                   # once the selection reaches the end of the list (where the
                   # done item moves), so only the saved file can be checked
                   step("!", "toggle", expect=None if n >= 10000 else f"X. {sixth}",
                        timeout=long_wait)],
            quit=["q"], post_check=f"{GEN} check calcurse {n}",
            settle_ms=SETTLE_MS, quit_timeout=long_wait),
        Scenario(
            # dooit starts on its workspace list with a dashboard; 'j' selects
            # the workspace and shows its todos, TAB focuses the todo list
            name=f"dooit-{n}", cmd=[DOOIT], home_setup=f"{GEN} dooit {n}",
            marker="Home", startup_timeout=60,
            steps=[step("j", "open", expect=first, timeout=long_wait * 2),
                   step("<tab>", "focus", timeout=long_wait),
                   # after TAB no todo is selected; the first j selects Task 1
                   step("j", "select", timeout=long_wait),
                   step("j", "down", repeat=5, timeout=long_wait),
                   step("c", "toggle", expect=f"re:x {sixth}", timeout=long_wait)],
            quit=["<C-q>"], post_check=f"{GEN} check dooit {n}",
            settle_ms=SETTLE_MS, quit_timeout=long_wait),
        Scenario(
            # vit (urwid) over taskwarrior; 'd' marks done and flashes
            # 'Task <uuid8> marked done' (gen_peers makes uuid8 = task number)
            name=f"vit-{n}", cmd=["vit"], home_setup=f"{GEN} task {n}",
            marker=first, startup_timeout=60,
            steps=[step("j", "down", repeat=5, timeout=long_wait),
                   step("d", "toggle", expect=f"Task {6:08d} marked done", timeout=long_wait)],
            quit=["q"], post_check=f"{GEN} check task {n}",
            settle_ms=SETTLE_MS, quit_timeout=long_wait),
    ]
