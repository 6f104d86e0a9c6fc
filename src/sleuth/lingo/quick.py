"""The player's quick path: play a complete prepared tree with nothing but the standard library.

A prepared tree (see :mod:`sleuth.lingo.prepare`) that holds a guess for every feedback path
needs no search during the game, so the player need not import numpy or numba: it reads the word
list, finds the tree by the list's hash, and answers each feedback from the tree. When the
feedback leaves the tree (a secret that is not in the list), it hands the history so far to the
full player.

>>> code_of("OX?")  # O = 2, ? = 1, X = 0; the first letter most significant
19
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TextIO

from sleuth.paths import cache_dir

MARKS = {"O": 2, "?": 1, "X": 0}
ATTEMPTS = 5


def list_key(words: list[str] | tuple[str, ...]) -> str:
    """A hash of a word list that ignores its order (the file's order does not change the game)."""
    return hashlib.sha256("\n".join(sorted(words)).encode()).hexdigest()[:20]


def tree_path(words: list[str] | tuple[str, ...], directory: Path | None = None) -> Path:
    """Where the prepared tree of these words (one length) is kept."""
    base = directory or cache_dir() / "lingo-trees"
    return base / f"{len(words[0])}-{list_key(words)}.json"


def list_words(length: int, directory: Path) -> list[str] | None:
    """The clean words of one length from ``wordlistN.txt`` or ``wordlist.txt`` (as
    :func:`sleuth.words.load_words` reads them), or None when neither file is readable."""
    for name in (f"wordlist{length}.txt", "wordlist.txt"):
        try:
            text = (directory / name).read_bytes().decode("utf-8-sig")
        except (OSError, UnicodeDecodeError):
            continue
        words = {w.strip().replace("\ufeff", "").lower() for w in text.splitlines()}
        return sorted(w for w in words if len(w) == length and w.isascii() and w.isalpha())
    return None


def code_of(line: str) -> int | None:
    """The feedback code of a line of marks, or None if it is not one."""
    code = 0
    for mark in line:
        if mark not in MARKS:
            return None
        code = 3 * code + MARKS[mark]
    return code if line else None


def play_tree(length: int, directory: Path, stdin: TextIO, stdout: TextIO
              ) -> tuple[bool, list[tuple[str, str]]]:
    """Play from a complete prepared tree. Returns (finished, history of (guess, feedback line)):
    not finished, with the history so far, when there is no complete tree or the game left it."""
    words = list_words(length, directory)
    if not words:
        return False, []
    try:
        tree = json.loads(tree_path(words).read_text())
        if not tree.get("complete") or tree.get("key") != list_key(words):
            return False, []
    except (OSError, ValueError, AttributeError):
        return False, []
    moves, path, history = tree["moves"], [], []
    guess = tree["first"]
    while guess is not None and len(history) < ATTEMPTS:
        stdout.write(guess + "\n")
        stdout.flush()
        line = stdin.readline()
        if not line:
            return True, history
        line = line.strip()
        history.append((guess, line))
        code = code_of(line)
        if code == 3**length - 1 or len(history) == ATTEMPTS:
            return True, history
        if code is None or len(line) != length:
            return False, history
        path.append(str(code))
        guess = moves.get(".".join(path))
    return False, history
