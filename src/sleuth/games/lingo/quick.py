"""The player's quick path: play a complete prepared tree with nothing but the standard library.

A prepared tree (see :mod:`sleuth.games.lingo.prepare`) that holds a guess for every feedback path
needs no search during the game, so the player need not import numpy or numba: it reads the word
list, finds the tree by the list's hash (in the cache, or shipped in the package for the official
list: a file that is byte for byte the official one is known by its checksum alone), and answers
each feedback from the tree. When the feedback leaves the tree (a secret that is not in the
list), it hands the history so far to the full player.

>>> code_of("OX?")  # O = 2, ? = 1, X = 0; the first letter most significant
19
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from sleuth.core import treefile
from sleuth.core.storage import DATA, cache_dir
from sleuth.core.treefile import TreeFileError, list_key
from sleuth.games.lingo.rules import ATTEMPTS, MARKS
from sleuth.words import lists

BOOK = DATA
FIRST_FORMAT = 1  # Lingo's first tree files: a first guess and the guesses by dotted paths


def tree_path(words: Sequence[str], directory: Path | None = None) -> Path:
    """Where the prepared tree of these words (one length) is kept."""
    base = directory or cache_dir() / "lingo-trees"
    return base / f"{len(words[0])}-{list_key(words)}.json"


def book_path(length: int, directory: Path | None = None) -> Path:
    """The shipped tree of the official list's words of ``length`` letters."""
    return (directory or BOOK) / f"lingo-tree-{length}.json.gz"


def upgrade(data: Any) -> Any:
    """A Lingo tree file of the first format (still in users' caches) as a tree file of the
    one format (:mod:`sleuth.core.treefile`); anything else as it is."""
    if not isinstance(data, dict) or data.get("format") != FIRST_FORMAT:
        return data
    try:
        tree = treefile.from_paths(data["first"], data["moves"])
        extra = {k: data[k] for k in ("length", "total", "complete", "seconds", "settings",
                                      "screened", "book") if k in data}
        return treefile.document(tree, game="lingo", key=data["key"], secrets=data["n_words"],
                                 mean=data.get("mean"), measure="points", **extra)
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise TreeFileError(f"a broken Lingo tree file of the first format ({error})") from None


def read_tree(path: Path) -> dict[str, Any]:
    """The Lingo tree document in ``path``; raises OSError, or TreeFileError in one line."""
    doc = treefile.parse(upgrade(treefile.load(path)))
    if doc["game"] != "lingo":
        raise TreeFileError(f"a tree of {doc['game']!r}, not of Lingo")
    return doc


def shipped_tree(length: int, key: str | None = None) -> dict[str, Any] | None:
    """The shipped tree of this length, if there is one for the list of that key (None: the
    official list itself)."""
    try:
        tree = read_tree(book_path(length))
    except (OSError, TreeFileError):
        return None
    return tree if key in (None, tree["key"]) else None


def _list_file(length: int, directory: Path) -> tuple[str, bytes] | None:
    for name in (f"wordlist{length}.txt", "wordlist.txt"):
        try:
            return name, (directory / name).read_bytes()
        except OSError:
            continue
    return None


def list_words(length: int, directory: Path) -> list[str] | None:
    """The clean words of one length from ``wordlistN.txt`` or ``wordlist.txt`` (as
    :func:`sleuth.words.wordlist.load_words` reads them), or None when neither file is readable."""
    found = _list_file(length, directory)
    return None if found is None else _clean(found[1], length)


def _clean(data: bytes, length: int) -> list[str] | None:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    words = {w.strip().replace("\ufeff", "").lower() for w in text.splitlines()}
    return sorted(w for w in words if len(w) == length and w.isascii() and w.isalpha())


def find_tree(length: int, directory: Path) -> dict[str, Any] | None:
    """The complete prepared tree of the list in ``directory``: shipped for the official list
    (also the default when there is no list there), else from the cache (where ``sleuth lingo
    prepare`` writes it)."""
    found = _list_file(length, directory)
    if found is None or lists.is_official_file(*found):
        tree = shipped_tree(length)
    else:
        words = _clean(found[1], length)
        if not words:
            return None
        try:
            tree = read_tree(tree_path(words))
        except (OSError, TreeFileError):
            tree = shipped_tree(length, list_key(words))
        if tree is None or tree["key"] != list_key(words):
            return None
    return tree if tree is not None and tree.get("complete") else None


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
    tree = find_tree(length, directory)
    if tree is None:
        return False, []
    node: dict[str, Any] | None = tree["tree"]
    history: list[tuple[str, str]] = []
    while node is not None and len(history) < ATTEMPTS:
        guess = node["guess"]
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
        node = treefile.follow(node, [code])
    return False, history
