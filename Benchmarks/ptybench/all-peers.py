# A ptybench config: tudu, calcurse and yaru doing the same work (start with N
# todos, move down 5 times, toggle the 6th, quit) at 20, 1,000 and 10,000
# todos, their runs interleaved so that machine load hits all alike.
#   PTYBENCH=../shared/tools/ptybench YARU_BIN=$PWD/.build/release/yaru \
#     python3 $PTYBENCH/ptybench.py --config Benchmarks/ptybench/all-peers.py --runs 5
# ONLY=yaru-20,tudu-20 keeps just those scenarios.
import os

_peers = os.path.join(os.environ.get("PTYBENCH", "../shared/tools/ptybench"), "peers")
__file__ = os.path.join(_peers, "peers.py")
exec(open(__file__).read())
_theirs = [s for s in SCENARIOS if s.name.split("-")[0] in ("tudu", "calcurse") and s.name.split("-")[1] in ("20", "1000", "10000")]
exec(open(os.path.join(_peers, "yaru.py")).read())
SCENARIOS = _theirs + SCENARIOS
if os.environ.get("ONLY"):
    SCENARIOS = [s for s in SCENARIOS if s.name in os.environ["ONLY"].split(",")]
