#!/usr/bin/env python3
"""The screens shown in README.md and docs/*.md come from key scripts.

Each docs/screens/NAME.yaru is a key script ending in an expect-screen
block; NAME.todo.txt (copied to a temporary todo.txt) is its --file and
NAME.toml, if there, its --config; a `# replay: OPTIONS` line gives more
options (--size, --now). A document shows a screen as

    <!-- screen: docs/screens/NAME.yaru -->
    ```text
    ...the rows...
    ```

  doc-screens.py YARU --update   runs each script with `yaru replay --update`
                                 (the snapshot follows the program) and
                                 copies each snapshot into the documents;
  doc-screens.py YARU            checks: every script passes as it is and
                                 every document shows its snapshot exactly
                                 (make test runs this: a doc screen that no
                                 longer matches the program fails the build).
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = re.compile(r"<!-- screen: (docs/screens/[^ ]+\.yaru) -->\n```text\n(.*?)```\n", re.S)


def replay(yaru, script, update):
    name = script[: -len(".yaru")]
    work = tempfile.mkdtemp()
    try:
        options = []
        if os.path.exists(name + ".todo.txt"):
            shutil.copy(name + ".todo.txt", os.path.join(work, "todo.txt"))
            options += ["--file", os.path.join(work, "todo.txt")]
        if os.path.exists(name + ".toml"):
            options += ["--config", name + ".toml"]
        for line in open(script, encoding="utf-8"):
            if line.startswith("# replay: "):
                options += shlex.split(line[len("# replay: "):])
        run = subprocess.run([yaru, "replay", script, *options] + (["--update"] if update else []),
                             capture_output=True, text=True)
        return run.returncode, run.stdout + run.stderr
    finally:
        shutil.rmtree(work)


def snapshot(script):
    """The rows of the script's last expect-screen block."""
    lines = open(script, encoding="utf-8").read().split("\n")
    start = max(i for i, line in enumerate(lines) if line == "expect-screen")
    end = lines.index("end", start)
    return "".join(row[1:] + "\n" for row in lines[start + 1:end])


def main():
    yaru, update = os.path.abspath(sys.argv[1]), "--update" in sys.argv[2:]
    os.chdir(ROOT)
    scripts = sorted(glob.glob("docs/screens/*.yaru"))
    problems = []
    for script in scripts:
        status, output = replay(yaru, script, update)
        if status != 0:
            problems.append(f"{script}: yaru replay failed (status {status})\n{output}")
    shown = set()
    for document in ["README.md"] + sorted(glob.glob("docs/*.md")):
        text = open(document, encoding="utf-8").read()

        def fill(match):
            script = match.group(1)
            shown.add(script)
            if not os.path.exists(script):
                problems.append(f"{document}: {script} does not exist")
                return match.group(0)
            rows = snapshot(script)
            if rows != match.group(2) and not update:
                problems.append(f"{document}: the screen from {script} differs from the program's "
                                "(make doc-screens updates it)")
            return f"<!-- screen: {script} -->\n```text\n{rows}```\n"

        new = MARK.sub(fill, text)
        if update and new != text:
            open(document, "w", encoding="utf-8").write(new)
            print(f"updated {document}")
    for script in scripts:
        if script not in shown:
            problems.append(f"{script}: no document shows it")
    for problem in problems:
        print("  FAIL " + problem)
    print(f"doc screens: {len(scripts)} scripts, {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
