"""Fixtures for the Lingo referee and pit tests: small word lists and player programs."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from lingo_players import FIVE, FOUR, HONEST, WORDS_TEXT  # noqa: F401


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
    "capitals": scripted(*[b"BOOK\n"] * 5),
    "wrong_length": scripted(*[b"books\n"] * 5),
    "unknown": scripted(*[b"zzzz\n"] * 5),
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


@pytest.fixture
def honest_source() -> str:
    """Source of the honest player (tries the first word consistent with all feedback)."""
    return HONEST
