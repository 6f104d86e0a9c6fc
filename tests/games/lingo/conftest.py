"""Fixtures for the Lingo referee and pit tests: small word lists, player programs, and a wait
for a process to end."""

from __future__ import annotations

import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lingo_players import FIVE, FOUR, HONEST


def scripted(*lines: bytes) -> str:
    """Source of a player that writes the given raw lines, one per attempt, then quits."""
    return f"""
import sys
for line in {list(lines)!r}:
    sys.stdout.buffer.write(line)
    sys.stdout.flush()
    if not sys.stdin.readline():
        break
"""


MISBEHAVING = {
    "crash": "import sys\nsys.exit(3)\n",
    "hang": "import time\ntime.sleep(60)\n",
    "garbage": scripted(*[b"#!@ %%\n"] * 5),
    "flood": "import sys\nwhile True:\n    sys.stdout.write('a' * 65536)\n    sys.stdout.flush()\n",
    "no_flush": (  # its own buffered stdout, whatever PYTHONUNBUFFERED says
        "import sys\nout = open(sys.stdout.fileno(), 'w', buffering=8192, closefd=False)\n"
        "out.write('book\\n')\nsys.stdin.readline()\n"
    ),
    "one_guess": scripted(b"able\n"),
}
PLAYERS = {"honest": HONEST, **MISBEHAVING}


@pytest.fixture
def wordlist(tmp_path: Path) -> Path:
    """A small word list file (30 four-letter and 10 five-letter words)."""
    path = tmp_path / "words.txt"
    path.write_text("\n".join(FOUR + FIVE) + "\n")
    return path


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    """A directory with wordlist.txt, wordlist4.txt and wordlist5.txt, as players expect."""
    directory = tmp_path / "run"
    directory.mkdir()
    (directory / "wordlist.txt").write_text("\n".join(FOUR + FIVE) + "\n")
    (directory / "wordlist4.txt").write_text("\n".join(FOUR) + "\n")
    (directory / "wordlist5.txt").write_text("\n".join(FIVE) + "\n")
    return directory


@pytest.fixture
def four() -> list[str]:
    """The four-letter words of the small list."""
    return list(FOUR)


@pytest.fixture
def make_player(tmp_path: Path) -> Callable[[str, str], list[str]]:
    """Write a Python player script into tmp_path; return the command to run it."""

    def make(name: str, source: str) -> list[str]:
        path = tmp_path / "players" / f"{name}.py"
        path.parent.mkdir(exist_ok=True)
        path.write_text(textwrap.dedent(source))
        return [sys.executable, str(path)]

    return make


@pytest.fixture
def player(make_player: Callable[[str, str], list[str]]) -> Callable[[str], list[str]]:
    """Command of a named test player: honest, or one of the misbehaving ones."""
    return lambda name: make_player(name, PLAYERS[name])


@pytest.fixture
def script() -> Callable[..., str]:
    """The source builder of scripted players: ``script(b"able\\n", b"book\\n")``."""
    return scripted


def process_gone(pid: int, seconds: float = 5.0) -> bool:
    """True once no process ``pid`` runs (a zombie counts as gone), waiting up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, IndexError):
            return True
        if state == "Z":
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def gone() -> Callable[[int], bool]:
    """``gone(pid)``: True once that process has ended, within five seconds."""
    return process_gone
