Y = ".build/release/yaru"
W = ('d="$HOME/state/yaru/history"; mv "$d/TEMPLATE" "$d/$(printf %s "$HOME/todo.txt" | sed "s,%,%25,g; s,/,%,g")"; '
     'XDG_STATE_HOME="$HOME/state" exec ' + Y + ' --file "$HOME/todo.txt"')
SCENARIOS = [
  Scenario(name=f"yaru-{kind}", cmd=["sh", "-c", W], home_setup=f"python3 Benchmarks/ptybench/history-gen.py {kind}",
           marker="Task 0000", steps=[step("j", "down", repeat=5)], quit=["q"])
  for kind in ["empty", "big"]
]
