"""Word lists and player programs shared by the Lingo tests (referee, pit and CLI)."""

from __future__ import annotations

WORDS_TEXT = """
able acid aged also area army away baby back ball band bank base bath bear
beat been beer bell belt best bird blow blue boat body bomb bond bone book
about above actor adopt adult after again agent agree ahead
"""
FOUR = [w for w in WORDS_TEXT.split() if len(w) == 4]
FIVE = [w for w in WORDS_TEXT.split() if len(w) == 5]

HONEST = """
import sys
from collections import Counter

def answer(guess, secret):
    out = ["O" if g == s else "X" for g, s in zip(guess, secret)]
    left = Counter(s for g, s in zip(guess, secret) if g != s)
    for i, g in enumerate(guess):
        if out[i] == "X" and left[g] > 0:
            out[i] = "?"
            left[g] -= 1
    return "".join(out)

print("thinking hard", file=sys.stderr, flush=True)
n = int(sys.argv[-1])
with open(f"wordlist{n}.txt") as handle:
    candidates = handle.read().split()
while candidates:
    guess = candidates[0]
    print(guess, flush=True)
    feedback = sys.stdin.readline().strip()
    if not feedback or feedback == "O" * n:
        break
    candidates = [w for w in candidates if answer(guess, w) == feedback]
"""

# --- hostile players: each reports what it managed through its first guess ------------------

SPOILER = """
import os, sys
n = int(sys.argv[-1])
targets = [f"wordlist{n}.txt", "wordlist.txt"]
if "--master" in sys.argv:  # the pit's master copy, next to the game folders
    targets += [os.path.join("..", "lists", name) for name in targets]
done = []
for name in targets:
    for attack in (
        lambda: open(name, "w").write("zzzz\\n"),
        lambda: open(name, "a").write("zzzz\\n"),
        lambda: (os.chmod(name, 0o666), open(name, "w").write("zzzz\\n")),
        lambda: os.replace(name, name + ".old"),
        lambda: os.unlink(name),
    ):
        try:
            attack()
            done.append(name)
        except OSError:
            pass
for attack in (lambda: open("new.txt", "w"), lambda: os.chmod(".", 0o777)):
    try:
        attack()
        done.append(".")
    except OSError:
        pass
print("spoilt" if done else "safe", flush=True)
sys.stdin.readline()
"""
"""Tries to overwrite, chmod, replace and delete its lists (with ``--master`` also the pit's
master copy), then guesses ``safe`` if nothing worked, else ``spoilt``, and quits."""


def escaper(pid_file: str) -> str:
    """A player that leaves a sleeper behind in a new session (its pid in ``pid_file``), then
    plays honestly."""
    return f"""
import os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        with open({pid_file!r}, "w") as handle:
            handle.write(str(os.getpid()))
        time.sleep(120)
    os._exit(0)
while not (os.path.exists({pid_file!r}) and open({pid_file!r}).read()):
    time.sleep(0.01)
""" + HONEST


KILL_PARENTS = """
import os, signal, sys
parent = os.getppid()
with open(f"/proc/{parent}/stat") as handle:
    grandparent = int(handle.read().rsplit(")", 1)[1].split()[1])
results = []
for pid, number in ((parent, signal.SIGTERM), (grandparent, signal.SIGTERM)):
    try:
        os.kill(pid, number)
        results.append("killed")
    except PermissionError:
        results.append("denied")
"""
"""Sends SIGTERM to its parent and grandparent (the launcher and the referee or pit) and
lists in ``results`` whether each was ``killed`` or ``denied``."""
PARRICIDE = KILL_PARENTS + HONEST
"""Tries to kill its parent and grandparent, then plays honestly."""


def stderr_flood(megabytes: int) -> str:
    """A player that writes ``megabytes`` MiB to stderr without a newline, then plays."""
    return f"""
import sys
for _ in range({megabytes} * 16):
    sys.stderr.write("e" * 65536)
sys.stderr.flush()
""" + HONEST


def sleeper(pid_dir: str) -> str:
    """A player that writes its pid and a setsid'ed child's into ``pid_dir``, then hangs."""
    return f"""
import os, time
if os.fork() == 0:
    os.setsid()
    with open(os.path.join({pid_dir!r}, f"{{os.getpid()}}.pid"), "w") as handle:
        handle.write(str(os.getpid()))
    time.sleep(120)
    os._exit(0)
with open(os.path.join({pid_dir!r}, f"{{os.getpid()}}.pid"), "w") as handle:
    handle.write(str(os.getpid()))
time.sleep(120)
"""
