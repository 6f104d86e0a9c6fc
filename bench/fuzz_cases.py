"""Bad input for every ``sleuth`` command: the table of cases, the folder each runs in, one run.

One place for both users: ``tests/cli/test_fuzz.py`` asserts on every case (one clear line, a
non-zero exit, no traceback, nothing left behind, in time) and ``bench/reliability.py`` times
them against the code before and after. Each case runs ``python -m sleuth ARGS`` in a fresh
folder holding the small lists below, so that no case does long work.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

#: Environment variable naming the case in every process it starts (to find those left).
MARKER = "SLEUTH_FUZZ_CASE"
#: Wall time a case may take, in seconds.
LIMIT = 60.0
#: Seconds the processes of a finished case get to go away before they count as left behind.
GRACE = 3.0
#: Address space a case may take (bytes): reading /dev/zero whole must not starve the machine.
MEMORY = 8 << 30
#: Seconds a command may take to answer Ctrl-C (a line, or its end), and to end after it.
ANSWER = 1.0
ENDED = 5.0

LINGO = ["tare", "rate", "bare", "care", "dare", "mare", "core", "bore", "lore", "more",
         "crane", "slate", "trace", "crate", "grace", "brace", "place", "plate", "spate",
         "state", "share", "shore", "store", "stone", "stole",
         "planet", "plants", "danger", "ranger", "garden", "warden", "harden"]  # no 7 letters
ANSWERS = ["crane", "slate", "trace", "crate", "grace", "brace", "place", "plate", "share",
           "shore", "store", "stone"]
GUESSES = [*ANSWERS, "adieu", "roate", "salet", "lumpy"]

#: Files in every case's folder (name: text); ``wordlist.txt`` only where a case asks for it.
FIXTURES: dict[str, str] = {
    "lingo.txt": "\n".join(LINGO) + "\n",
    "answers.txt": "\n".join(ANSWERS) + "\n",
    "guesses.txt": "\n".join(GUESSES) + "\n",
    "one.txt": "\n".join([*ANSWERS, "elephant"]) + "\n",  # one word of eight letters
    "single.txt": "crane\n",
    "bad.txt": "café\nnaïve\n\x1b[31mred\nzwei wörter\n",  # no plain a-z word
    "garbage.jsonl": "not a results file\n",
    "tree.json": '{"guess": "crane", "next": {"bbbbb": [1, 2]}}\n',
    "deep.json": '{"guess": "crane", "next": {"bbbbb": ' * 2000 + "{}" + "}}" * 2000 + "\n",
    "secret.txt": "crane\n",  # made unreadable
}


@dataclass(frozen=True)
class Case:
    """One command line and what it must do: fail with one clear line (``ok`` False) or
    succeed; ``says``: text that line (or, for ``ok``, the output) holds."""

    args: tuple[str, ...]
    says: str = ""
    ok: bool = False
    stdin: str | None = None  # None: no input at all (end of input at once)
    stream: str = "stderr"  # where the error line goes
    outputs: tuple[str, ...] = ()  # files the command is asked to write (glob patterns)
    local: bool = False  # the folder's ./wordlist.txt is the small Lingo list
    needs: str = ""  # "fifo", "unprivileged" or "proc": skipped where missing
    interrupt: float = 0.0  # seconds after which Ctrl-C (SIGINT) goes to the command

    @property
    def name(self) -> str:
        """The command line as shown in tables and test ids (control characters escaped)."""
        shown = " ".join(arg if arg and arg.isprintable() and " " not in arg
                         else repr(arg) for arg in self.args)
        extra = [f"stdin {self.stdin!r}" if self.stdin is not None else "",
                 "with ./wordlist.txt" if self.local else ""]
        return " ".join(["sleuth", shown, *filter(None, extra)])

    def skip_reason(self) -> str | None:
        """Why this case cannot run here, or None."""
        if self.needs == "fifo" and not hasattr(os, "mkfifo"):
            return "no named pipes on this system"
        if self.needs == "unprivileged" and hasattr(os, "geteuid") and os.geteuid() == 0:
            return "root reads files without read permission"
        if self.needs == "proc" and not Path("/proc/self").is_dir():
            return "needs Linux /proc"
        return None


def case(line: str | tuple[str, ...], says: str = "", **options: object) -> Case:
    """A case from a command line (split on spaces) or from its arguments as a tuple."""
    args = tuple(line.split()) if isinstance(line, str) else line
    needs = options.pop("needs", None)
    if needs is None:
        needs = ("fifo" if "fifo" in args else "unprivileged" if "secret.txt" in args
                 else "proc" if any(a.startswith("/proc/") for a in args) else "")
    return Case(args, says, needs=str(needs), **options)  # type: ignore[arg-type]


def _bad_paths(before: str, after: str = "", every: bool = True) -> list[Case]:
    """``before PATH after`` for bad paths: missing, a folder, devices, a FIFO, an unreadable
    file, a file with nothing usable (``every``), else only those that could hang or blow up
    (a FIFO waits for a writer, /dev/zero never ends) and a folder."""
    paths = [("adir", "directory"), ("/dev/zero", "device"), ("fifo", "FIFO")]
    if every:
        paths += [("missing.txt", "not found"), ("/dev/null", "device"),
                  ("secret.txt", "Permission denied"), ("bad.txt", "no usable words")]
    return [case(f"{before} {path} {after}".strip(), says) for path, says in paths]


W = "--words lingo.txt"
WL = "--answers answers.txt --guesses guesses.txt"
ESC = "cr\x1b[2Jne"  # a terminal escape inside a word
NL = "cra\nne"  # a line break inside a word

CASES: list[Case] = [
    # -- sleuth lists
    case("lists nope", "no list named 'nope'"),
    case(("lists", ESC), "no list named 'cr\\x1b[2Jne'"),
    # -- sleuth lingo referee
    case(f"lingo referee -player true -word nosuch {W}", "Error: Unknown word", stream="stdout"),
    case(("lingo", "referee", "-player", "true", "-word", ESC, "--words", "lingo.txt"),
         "Error: Unknown word", stream="stdout"),
    case(f"lingo referee -player /no/such/player -word crane {W}", "not found"),
    case(("lingo", "referee", "-player", 'a "b', "--words", "lingo.txt"), "cannot parse"),
    case(("lingo", "referee", "-player", "", "--words", "lingo.txt"), "empty player"),
    case(f"lingo referee -player true --length 99999999999 {W}", "no words of length"),
    case(f"lingo referee -player /no/such/player --rounds 99999999999 {W}", "not found"),
    case("lingo referee -player true --list nope", "no list named 'nope'"),
    *_bad_paths("lingo referee -player true --words", every=False),
    # -- sleuth lingo pit
    case("lingo pit --lengths 20", "4 to 13 letters"),
    case("lingo pit --lengths 4-99999999999", "4 to 13 letters"),
    case("lingo pit --lengths -3", "bad length range"),
    case(f"lingo pit {W} --lengths 7", "no words of lengths"),
    case("lingo pit --resume adir", "is a folder"),
    case("lingo pit --resume garbage.jsonl", "not a results file"),
    case("lingo pit --resume /dev/zero", "not a regular file"),
    case("lingo pit --resume fifo", "not a regular file"),
    case(f"lingo pit {W} --lengths 5 --out adir", "is a folder"),
    case(f"lingo pit {W} --lengths 5 --out lingo.txt", "exists"),
    case(f"lingo pit {W} --lengths 5 --out /no/such/dir/pit.jsonl", "no folder"),
    case(f"lingo pit {W} --lengths 5 --out /proc/x.jsonl", "cannot create"),
    case(f"lingo pit {W} --lengths 5 --player /no/such/player", "not found"),
    case("lingo pit --list nope", "no list named 'nope'"),
    *_bad_paths("lingo pit --lengths 5 --words"),
    # -- sleuth lingo player (the protocol on stdout, errors one line on stderr)
    case("lingo player 0", "positive number"),
    case("lingo player -- -3", "positive number"),
    case("lingo player 99999999999", "no words of length", local=True),
    case("lingo player 7", "no words of length 7", local=True),
    case("lingo player 5 --strategy nope", "unknown strategy", local=True),
    case("lingo player 5", "not a mark", local=True, stdin="garbage\n"),
    case("lingo player 5", "not a mark", local=True, stdin="\x1b[2J\x07\n"),
    # -- sleuth lingo evaluate
    case(f"lingo evaluate {W} --reach nan", "a mean score is a number"),
    case(f"lingo evaluate {W} --reach 1e999", "a mean score is a number"),
    case(f"lingo evaluate {W} --length 99999999999", "4 to 13 letters"),
    case(f"lingo evaluate {W} --length 7", "no words of length 7"),
    case(f"lingo evaluate {W} --strategy nope", "nope"),
    case("lingo evaluate --list nope", "no list named 'nope'"),
    *_bad_paths("lingo evaluate --words", every=False),
    # -- sleuth lingo prepare
    case(f"lingo prepare {W} --lengths 20", "4 to 13 letters"),
    case(f"lingo prepare {W} --lengths 4-99999999999", "4 to 13 letters"),
    case(f"lingo prepare {W} --lengths 5 --book lingo.txt", "not a folder"),
    case(f"lingo prepare {W} --lengths 5 --cluster tcp://127.0.0.1:9", "--cluster"),
    case(f"lingo prepare {W} --lengths 5 --prove-seconds -1", "Invalid value"),
    case("lingo prepare --list nope", "no list named 'nope'"),
    case("lingo prepare --words fifo", "FIFO"),
    # -- sleuth wordle hint
    case(f"wordle hint {WL} crane:bygbq", "no colours for CRANE, BYGBQ"),
    case(f"wordle hint {WL} crane:bygb", "crane:bygb"),
    case(f"wordle hint {WL} crane:01230", "crane:01230"),
    case(f"wordle hint {WL} cräne:bbbbb", "cräne"),
    case(("wordle", "hint", *WL.split(), f"{ESC}:bbbbb"), "not a mark"),
    case(("wordle", "hint", *WL.split(), f"{NL}:bbbbb"), "has 3 letters"),
    case(f"wordle hint {WL} --rank nope", "nope"),
    case(f"wordle hint {WL} --past adir", "directory"),
    case("wordle hint --list nope", "no list named 'nope'"),
    case(f"wordle hint {WL}", "left", ok=True, stdin="crane:zzzzz\n\x1b[2J\ncräne 01200\n"),
    *_bad_paths("wordle hint --guesses guesses.txt --answers", every=False),
    # -- sleuth wordle solve
    case(f"wordle solve zzzzz {WL}", "not in the answer list"),
    case(f"wordle solve café {WL}", "not a 5-letter word"),
    case(("wordle", "solve", NL, *WL.split()), "not a 5-letter word"),
    case(f"wordle solve crane {WL} --first zzzzz", "zzzzz"),
    case(f"wordle solve crane {WL} --strategy nope", "unknown strategy"),
    case(f"wordle solve crane {WL} --list nope", "not all three"),
    case("wordle solve crane --answers answers.txt --guesses /dev/zero", "device"),
    # -- sleuth wordle bench
    case(f"wordle bench {WL} --plot /no/such/dir/p.png", "does not exist"),
    case(f"wordle bench {WL} --plot /proc/x.png", "--plot"),
    case(f"wordle bench {WL} --plot p.xyz", "does not write .xyz"),
    case(f"wordle bench {WL} --plot adir", "is a folder"),
    case(f"wordle bench {WL} --no-plot --tree tree.json", "--tree"),
    case(f"wordle bench {WL} --no-plot --tree deep.json", "--tree"),
    case(f"wordle bench {WL} --no-plot --tree fifo", "FIFO"),
    case(f"wordle bench {WL} --no-plot --tree /dev/zero", "device"),
    case(f"wordle bench {WL} --no-plot --strategy nope", "unknown strategy"),
    # -- sleuth wordle openers
    case(f"wordle openers {WL} --by nope", "unknown ranking"),
    case(f"wordle openers {WL} --strategy nope", "unknown strategy"),
    case("wordle openers --answers fifo --guesses guesses.txt", "FIFO"),
    # -- sleuth wordle optimal
    case(f"wordle optimal --all --results adir {WL}", "is a folder"),
    case(f"wordle optimal --all --results garbage.jsonl {WL}", "not a record of a sweep"),
    case(f"wordle optimal --all --results fifo {WL}", "FIFO"),
    case(f"wordle optimal --all --results /dev/zero {WL}", "device"),
    case(f"wordle optimal --out /no/such/dir/t.json {WL}", "does not exist"),
    case(f"wordle optimal --out /proc/x.json {WL}", "--out"),
    case(f"wordle optimal --cluster tcp://127.0.0.1:9 {WL}", "--cluster"),
    # -- sleuth wordle boards
    case(f"wordle boards {WL} --boards 1 --secret a --secret b --secret c", "one secret per"),
    case(f"wordle boards {WL} --boards 40", "only 12 answers"),
    case(f"wordle boards {WL} --secret zzzzz", "not in the answer list"),
    case(("wordle", "boards", *WL.split(), "--secret", ESC), "not in the answer list"),
    case(f"wordle boards {WL} --metric nope", "unknown metric"),
    # -- sleuth wordle absurdle
    case(f"wordle absurdle {WL} --first zzzzz", "zzzzz"),
    case(f"wordle absurdle {WL} --play zzzzz", "zzzzz"),
    case("wordle absurdle --answers answers.txt --guesses adir", "directory"),
    # -- sleuth game analyze
    case("game analyze mastermind --tree /no/such/dir/t.dot", "does not exist"),
    case("game analyze mastermind --tree /proc/x.dot", "--tree"),
    case("game analyze mastermind --tree t.xyz", "must end in"),
    case("game analyze mastermind --colours 99999999999", "Invalid value"),
    case("game analyze mastermind --colours 26 --holes 9", "pairs to score"),
    case("game analyze mastermind --strategy nope", "unknown strategy"),
    case("game analyze mastermind --first 9999", "9999"),
    case("game analyze mastermind --fewest-over 3", "--fewest-over"),
    case("game analyze mastermind --strategy optimal-mean --cluster tcp://127.0.0.1:9",
         "--cluster"),
    case("game analyze bulls-cows --strategy optimal-mean --digits 6", "pairs to score"),
    case("game analyze twod --size 99999999999", "Invalid value"),
    case("game analyze twod --tree /no/such/dir/t.json", "does not exist"),
    # -- sleuth game solve (a session: feedback it cannot read is asked again, on stdout)
    case("game solve mastermind", "peg counts cannot be negative", ok=True, stdin="-1,-1\n"),
    case("game solve mastermind", "cannot read that", ok=True, stdin="\x1b[2J\x07\nÄÖ\n"),
    case("game solve mastermind --secret 9999", "not a possible secret"),
    case(("game", "solve", "mastermind", "--secret", ESC), "not a possible secret"),
    case("game solve bulls-cows", "cannot read that", ok=True, stdin="1A9B\n-1,-1\n"),
    case("game solve bulls-cows --secret 1123", "not a possible secret"),
    # -- sleuth game play (you guess: what it cannot play is said, and it asks again)
    case("game play mastermind --secret 9999", "not a possible secret"),
    case("game play mastermind --seed 1", "cannot play that", ok=True, stdin="\x1b[2J\nÄÖ\n"),
    case("game play bulls-cows --secret 1123", "not a possible secret"),
    case("game play twod --secret 9,9", "not a possible secret"),
    # -- sleuth wordle review
    case(f"wordle review {WL} crane:bygbq", "not a mark"),
    case(f"wordle review {WL} crane", "give the answer or the colours"),
    case(f"wordle review {WL} {ESC}:bbbbb", "not in the guess list"),
    case("wordle review --list nope crane:bbbbb", "no list named 'nope'"),
    # -- sleuth serve (only what fails: a good one serves until stopped)
    case("serve --port 99999999", "Invalid value"),
    case("serve --host no.such.host.invalid --port 8123", "cannot listen"),
    case("game solve twod", "cannot read that", ok=True, stdin="maybe\n\x00\n"),
    case("game solve twod --secret 99,99", "not a possible secret"),
    # -- sleuth hangman rate
    case("hangman rate --words one.txt", "8-letter words", ok=True),
    case("hangman rate --words single.txt", "5-letter words", ok=True),
    case("hangman rate --words one.txt --out adir/x.csv", "adir/x.csv", ok=True,
         outputs=("adir/x.csv", "adir/x.png")),
    case("hangman rate --words one.txt --length 99999999999", "no words of length"),
    case("hangman rate --words one.txt --out /proc/x.csv", "--out"),
    case("hangman rate --words one.txt --out /no/such/dir/x.csv", "does not exist"),
    case("hangman rate --words one.txt --out x.txt", "must end in .csv or .json"),
    case("hangman rate --words one.txt --solver nope", "unknown solver"),
    case("hangman rate --words one.txt --setter fifo", "FIFO"),
    case("hangman rate --list nope", "no list named 'nope'"),
    *_bad_paths("hangman rate --words"),
    # -- sleuth hangman optimal
    case("hangman optimal --words one.txt --length 8", "0 misses in all", ok=True),
    case("hangman optimal --words one.txt --length 5 --lives 1", "misses in all", ok=True),
    case("hangman optimal --words one.txt --length 99999999999", "no words of length"),
    case("hangman optimal --words one.txt --length 5 --out x.png", "must end in .json"),
    case("hangman optimal --words one.txt --length 5 --out /proc/x.json", "--out"),
    case("hangman optimal --words one.txt --length 5 --resume adir", "is a folder"),
    case("hangman optimal --words one.txt --length 5 --cluster tcp://127.0.0.1:9", "--cluster"),
    case("hangman optimal --words fifo --length 5", "FIFO"),
    # -- sleuth hangman play
    case("hangman play --words one.txt --length 99999999999", "no words of 99999999999"),
    case("hangman play --word café", "not a plain a-z word"),
    case(("hangman", "play", "--word", ESC), "not a plain a-z word"),
    case("hangman play --words one.txt --word crane --length 7", "--length is 7"),
    case("hangman play --words one.txt --word crane", "The word was", ok=True,
         stdin="ä\n\x1b[2J\n-1\n"),
    case("hangman play --words fifo", "FIFO"),
    # -- sleuth hangman solve
    case("hangman solve --words one.txt --length 99999999999", "no words of 99999999999"),
    case("hangman solve --words one.txt --length 5 --solver nope", "nope"),
    case("hangman solve --words one.txt --length 5 --setter adir", "directory"),
    case("hangman solve --words one.txt --length 5 --setter /proc/x.txt", "--setter"),
    case("hangman solve --words one.txt --length 5", "Stopped", ok=True,
         stdin="??\n-1\n\x1b[2J\n"),
    case("hangman solve --words fifo --length 5", "FIFO"),
]

#: Long runs stopped by Ctrl-C: answered within a second, the results so far kept (and
#: shown), no process or file left behind.
INTERRUPTED: list[Case] = [
    case(f"lingo referee -player true --rounds 99999999999 {W}", "stopped by SIGINT",
         interrupt=4),
    case(f"lingo pit {W} --lengths 4-6 --per-length 99", "--resume runs/", interrupt=8,
         outputs=("runs",)),
    case("lingo evaluate --length 5", "Interrupted (SIGINT)", interrupt=4),
    case(f"wordle boards {WL} --games 99999999999", "won in", interrupt=4),
    case("wordle optimal", "interrupted", interrupt=4),
    case("game analyze mastermind --colours 7 --strategy optimal-mean", "interrupted",
         interrupt=6),  # its worker processes started: Ctrl-C does not wait for one to start
    case("hangman rate", "Interrupted (SIGINT)", interrupt=4),
    case("hangman optimal --list lingo-official --length 5 --resume run.jsonl",
         "kept in run.jsonl", interrupt=4, outputs=("run.jsonl",)),
]


# --------------------------------------------------------------------------- one run


@dataclass
class Outcome:
    """What one case did."""

    case: Case
    code: int | None  # exit code; None when it ran past the time limit and was killed
    stdout: str
    stderr: str
    seconds: float
    memory_kb: int  # peak resident memory of the sleuth process
    leaked: list[str] = field(default_factory=list)  # processes left behind
    left: list[str] = field(default_factory=list)  # files left that nobody asked for
    changed: list[str] = field(default_factory=list)  # files of the folder changed or gone
    answered: float | None = None  # seconds from Ctrl-C to the first output after it
    ended: float | None = None  # seconds from Ctrl-C to the exit

    @property
    def traceback(self) -> bool:
        """Whether a Python traceback reached the user."""
        return "Traceback (most recent call last)" in self.stdout + self.stderr

    @property
    def first_line(self) -> str:
        """The first non-blank line of stderr (else stdout), shortened."""
        for text in (self.stderr, self.stdout):
            for line in text.splitlines():
                if line.strip():
                    line = line.strip()
                    return line if len(line) <= 100 else line[:97] + "..."
        return ""


def prepare(folder: Path, case: Case) -> None:
    """Fill the case's folder with the fixtures (and a FIFO, a folder, an unreadable file)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in FIXTURES.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "secret.txt").chmod(0)
    (folder / "adir").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo")
    if case.local:
        (folder / "wordlist.txt").write_text(FIXTURES["lingo.txt"])


def snapshot(folder: Path) -> dict[str, str]:
    """Every path under ``folder`` with a digest of its content (files) or its kind."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        mode = path.lstat().st_mode
        if stat.S_ISREG(mode):
            try:
                seen[name] = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:  # unreadable: its mode and size stand in
                seen[name] = f"mode {mode:o} size {path.lstat().st_size}"
        else:
            seen[name] = f"kind {stat.S_IFMT(mode):o}"
    return seen


def marked(marker: str, session: int | None = None) -> list[int]:
    """Processes whose environment holds ``MARKER=marker``, or in the session ``session``
    (Linux /proc; none elsewhere). The session catches a process caught mid-exec, whose
    environment reads empty for an instant."""
    wanted = f"{MARKER}={marker}".encode()
    found = []
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit() and (_in_session(entry.name, session)
                                         or wanted in _environ(entry.name)):
                found.append(int(entry.name))
    return found


def _environ(pid: str) -> list[bytes]:
    """The environment of a process as ``NAME=value`` byte strings (none once it is gone)."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            return handle.read().split(b"\0")
    except OSError:
        return []


def _in_session(pid: str, session: int | None) -> bool:
    """Whether the process belongs to the session ``session`` (fields after the name in
    ``/proc/PID/stat``: state, parent, group, session)."""
    if session is None:
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return False
    return len(fields) > 3 and int(fields[3]) == session


def describe(pid: int) -> str:
    """``PID command line`` of a process (its pid alone once it is gone)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            command = handle.read().replace(b"\0", b" ").decode(errors="replace")
        return f"{pid} {command}"
    except OSError:
        return str(pid)


def _kill(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def outside(case: Case) -> list[str]:
    """The top folders of the absolute paths a case names outside /dev and /proc (``/no`` of
    ``/no/such/dir/t.dot``): what a command makes there is outside its folder."""
    tops = {os.path.join(os.sep, Path(arg).parts[1]) for arg in case.args
            if arg.startswith(os.sep) and not arg.startswith(("/dev/", "/proc/"))
            and len(Path(arg).parts) > 1}
    return sorted(tops)


def run(case: Case, folder: Path, scratch: Path, *, python: str = sys.executable,
        env: dict[str, str] | None = None, limit: float = LIMIT) -> Outcome:
    """Run ``case`` with ``folder`` (made and filled here) as working directory and
    ``scratch`` as its TMPDIR; processes it leaves are reported, then killed. Cases naming
    the same folder outside (:func:`outside`) run one at a time; one it did not find and that
    is there afterwards was made by the command: reported as left behind, and removed."""
    with contextlib.ExitStack() as stack:
        for top in outside(case):
            with _LOCKS_LOCK:
                lock = _LOCKS.setdefault(top, threading.Lock())
            stack.enter_context(lock)
        missing = [top for top in outside(case) if not os.path.lexists(top)]
        outcome = _run(case, folder, scratch, python, env, limit)
        for top in missing:
            if os.path.lexists(top):
                outcome.left.append(f"{top} (outside the folder: removed)")
                if os.path.isdir(top) and not os.path.islink(top):
                    shutil.rmtree(top, ignore_errors=True)
                else:
                    os.unlink(top)
    return outcome


def _run(case: Case, folder: Path, scratch: Path, python: str, env: dict[str, str] | None,
         limit: float) -> Outcome:
    """One run of ``case`` (see :func:`run`)."""
    prepare(folder, case)
    scratch.mkdir(parents=True, exist_ok=True)
    scratch.chmod(0o1777)  # game folders of sandboxed players live there
    before = snapshot(folder)
    marker = f"{os.getpid()}-{folder.name}-{time.monotonic_ns()}"
    environ = {**os.environ, **(env or {}), MARKER: marker, "TMPDIR": str(scratch),
               "COLUMNS": "100", "PYTHONUNBUFFERED": "1"}
    with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as out, \
            tempfile.TemporaryFile() as err:
        stdin.write((case.stdin or "").encode())
        stdin.seek(0)
        started = time.perf_counter()
        proc = subprocess.Popen([python, "-m", "sleuth", *case.args], cwd=folder, env=environ,
                                stdin=subprocess.DEVNULL if case.stdin is None else stdin,
                                stdout=out, stderr=err, start_new_session=True)
        _cap_memory(proc.pid)
        expired = threading.Event()

        def stop() -> None:
            expired.set()
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            _kill(marked(marker, proc.pid))

        def written() -> tuple[int, int]:
            return os.fstat(out.fileno()).st_size, os.fstat(err.fileno()).st_size

        def interrupt() -> None:
            """Ctrl-C, then wait for the first output after it (or the end)."""
            sizes = written()
            stopped.append(time.perf_counter())
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C: the whole foreground group
            while not done.is_set() and written() == sizes:
                time.sleep(0.01)
            answered.append(time.perf_counter())

        stopped: list[float] = []
        answered: list[float] = []
        done = threading.Event()
        timers = [threading.Timer(limit, stop)]
        if case.interrupt:
            timers.append(threading.Timer(case.interrupt, interrupt))
        for timer in timers:
            timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            ended = time.perf_counter()
            done.set()
            for timer in timers:
                timer.cancel()
                timer.join()
        seconds = ended - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        leaked = _left_running(marker, proc.pid)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
    after = snapshot(folder)
    wanted = [*case.outputs, *(f"{pattern}/*" for pattern in case.outputs)]
    left = sorted(name for name in after.keys() - before.keys()
                  if not any(fnmatch(name, pattern) for pattern in wanted))
    left += sorted(f"$TMPDIR/{path.name}" for path in scratch.iterdir())
    changed = sorted(name for name, digest in before.items() if after.get(name) != digest)
    return Outcome(case, None if expired.is_set() else proc.returncode, stdout, stderr, seconds,
                   usage.ru_maxrss, leaked, left, changed,
                   min([*answered, ended]) - stopped[0] if stopped else None,
                   ended - stopped[0] if stopped else None)


def _cap_memory(pid: int) -> None:
    """Limit the address space of the process (and of those it starts) to ``MEMORY``."""
    try:
        import resource

        resource.prlimit(pid, resource.RLIMIT_AS, (MEMORY, MEMORY))
    except (ImportError, AttributeError, OSError, ValueError):  # not Linux, or gone already
        pass


def _left_running(marker: str, session: int) -> list[str]:
    """The case's processes still running ``GRACE`` seconds after it ended (then killed)."""
    deadline = time.monotonic() + GRACE
    while (pids := marked(marker, session)) and time.monotonic() < deadline:
        time.sleep(0.1)
    shown = [describe(pid) for pid in pids]
    _kill(pids)
    return shown


def error_lines(outcome: Outcome) -> list[str]:
    """The lines of the case's error stream but notes: word list warnings (``warning: ...``)
    and the player's ``sleuth: compiling ...`` on a fresh cache."""
    text = outcome.stdout if outcome.case.stream == "stdout" else outcome.stderr
    return [line for line in text.splitlines()
            if line.strip() and not line.startswith(("warning: ", "sleuth: "))]


def usage_error(outcome: Outcome) -> bool:
    """A usage error of the command line parser: click's boxed one or argparse's."""
    text = outcome.stderr
    return outcome.code == 2 and ((text.startswith("Usage:") and "Error" in text)
                                  or (text.startswith("usage:") and "error:" in text))


def problems(outcome: Outcome) -> list[str]:
    """Everything wrong with what the case did (empty when it behaved)."""
    case, found = outcome.case, []
    if outcome.code is None:
        found.append(f"still running after {LIMIT:.0f} s (killed)")
    elif case.ok and outcome.code != 0:
        found.append(f"exit code {outcome.code}, expected success")
    elif not case.ok and outcome.code == 0:
        found.append("exit code 0 on bad input")
    elif outcome.code is not None and outcome.code < 0:
        found.append(f"killed by signal {-outcome.code}")
    if outcome.traceback:
        found.append("a traceback reached the user")
    if case.interrupt and outcome.code is not None:
        if outcome.answered is None or outcome.ended is None:
            found.append("ended before Ctrl-C")
        elif outcome.answered > ANSWER:
            found.append(f"Ctrl-C answered in {outcome.answered:.1f} s, not within {ANSWER} s")
        elif outcome.ended > ENDED:
            found.append(f"ended {outcome.ended:.1f} s after Ctrl-C, not within {ENDED} s")
    lines = error_lines(outcome)
    if not case.ok and not case.interrupt and outcome.code and not usage_error(outcome):
        if len(lines) != 1:
            found.append(f"{len(lines)} error lines on {case.stream}, expected one")
        if any(not line.isprintable() for line in lines):
            found.append("control characters in the error line")
    if case.says:
        shown = outcome.stdout + outcome.stderr if case.ok or case.interrupt else "\n".join(lines)
        if case.says not in shown:
            found.append(f"{case.says!r} not in the output")
    if outcome.leaked:
        found.append(f"processes left behind: {outcome.leaked}")
    if outcome.left:
        found.append(f"files left behind: {outcome.left}")
    if outcome.changed:
        found.append(f"files changed or lost: {outcome.changed}")
    return found


def run_all(cases: list[Case], root: Path, scratch: Path, *, workers: int = 2,
            **options: object) -> Iterator[Outcome]:
    """Every case, ``workers`` at a time, each in a folder of its own under ``root``; the
    outcomes in the order of ``cases``."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(workers) as pool:
        futures = [pool.submit(run, c, root / f"case-{i:03d}", scratch / f"case-{i:03d}",
                               **options) for i, c in enumerate(cases)]  # type: ignore[arg-type]
        for future in futures:
            yield future.result()
