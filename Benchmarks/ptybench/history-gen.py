import os, sys
home = os.environ["HOME"]
big = sys.argv[1] == "big"
with open(os.path.join(home, "todo.txt"), "w") as f:
    for i in range(1000):
        f.write(f"(B) 2026-11-01 Task {i:04d} +proj @ctx due:2026-12-01\n")
os.makedirs(os.path.join(home, "state/yaru/history"), exist_ok=True)
rec = ('@ bench.{n} 1795600000 step this screen\tcompleted "Pay the rent"\n= 500\n'
       '^ (A) 2026-11-20 Call the bank about the card +money @phone due:2026-11-27\n'
       '- (B) 2026-11-19 Pay the rent +money due:2026-12-01\n'
       '+ x 2026-11-24 2026-11-19 Pay the rent +money due:2026-12-01 pri:B\n'
       'v 2026-11-21 Water the plants on the balcony +home\n.\n')
with open(os.path.join(home, "state/yaru/history/TEMPLATE"), "w") as f:
    if big:
        n = 0
        size = 0
        while size < 10 << 20:
            s = rec.format(n=n); f.write(s); size += len(s); n += 1
