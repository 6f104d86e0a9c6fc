"""The word lists sleuth ships: the official Lingo list and every Wordle list generation.

Each list is one or two gzipped files in the package (``words``, or ``answers`` and
``guesses``) described in ``data/lists.json`` with its provenance and the SHA-256 of the
original file; reading a list checks it. Standard library only: the Lingo player's quick path
uses it.

>>> get("wordle-original").count("answers")
2315
>>> len(read("wordle-original", "answers")), read("wordle-original", "answers")[0]
(2315, 'aback')
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
from typing import NamedTuple

from sleuth.core.storage import DATA

LINGO = "lingo-official"
#: ``--list common``: the commonest words of the built-in dictionary (not shipped: built from
#: the english-words and wordfreq packages, see ``wordlist.commonest_words``).
COMMON_LIST = "common"
COMMON_SIZE = 10_000
WORDLE = "wordle-nyt-2023-07-01"  # the current game: answers of 2023-07-01, guesses of 2022-08-30


class ListError(ValueError):
    """An unknown list name, or a shipped file that is missing or damaged."""


class ShippedList(NamedTuple):
    """One shipped list: its name, a title, where it comes from (in short and in full), and its
    files by role."""

    name: str
    title: str
    origin: str
    source: str
    files: dict[str, dict]

    @property
    def roles(self) -> tuple[str, ...]:
        """``("words",)`` for a plain list, ``("answers", "guesses")`` for a Wordle game."""
        return tuple(self.files)

    def count(self, role: str = "words") -> int:
        """How many distinct words the role's file holds."""
        return int(self.files[_role(self, role)]["words"])

    def per_length(self, role: str = "words") -> dict[int, int]:
        """Distinct words per length in the role's file."""
        return {int(n): c for n, c in self.files[_role(self, role)]["per_length"].items()}


def _role(shipped: ShippedList, role: str) -> str:
    """The role itself, or for a plain list asked for answers or guesses, its one file."""
    if role in shipped.files:
        return role
    if role in ("answers", "guesses") and "words" in shipped.files:
        return "words"
    if role == "words" and "guesses" in shipped.files:
        return "guesses"
    raise ListError(f"list {shipped.name} has no {role}")


@functools.cache
def _manifest() -> dict[str, dict]:
    try:
        return json.loads((DATA / "lists.json").read_text())
    except (OSError, ValueError) as error:
        raise ListError(f"the package's list manifest is missing or damaged ({error})") from error


def names() -> tuple[str, ...]:
    """Every shipped list's name, sorted.

    >>> names()[0]
    'lingo-official'
    """
    return tuple(sorted(_manifest()))


def get(name: str) -> ShippedList:
    """The shipped list of that name; :class:`ListError` naming the choices otherwise."""
    entry = _manifest().get(name)
    if entry is None:
        raise ListError(f"no list named {name!r}; the lists are {', '.join(names())}")
    return ShippedList(name, entry["title"], entry["origin"], entry["source"], entry["files"])


@functools.cache
def read(name: str, role: str = "words") -> tuple[str, ...]:
    """The distinct words of a shipped list's file, in file order, after checking its SHA-256."""
    shipped = get(name)
    info = shipped.files[_role(shipped, role)]
    path = DATA / info["file"]
    try:
        raw = gzip.decompress(path.read_bytes())
    except (OSError, EOFError, gzip.BadGzipFile) as error:
        raise ListError(f"{path}: cannot read the shipped list ({error})") from error
    if hashlib.sha256(raw).hexdigest() != info["sha256"]:
        raise ListError(f"{path}: the shipped list is damaged (checksum differs); reinstall")
    return tuple(dict.fromkeys(raw.decode("ascii").split()))


def is_official_file(name: str, data: bytes) -> bool:
    """Whether ``data`` is, byte for byte, the official Lingo file ``name`` (``wordlist.txt``
    or ``wordlistN.txt``): the player then knows its list without reading the words."""
    entry = _manifest().get(LINGO, {})
    wanted = entry.get("length_files", {}).get(name) if name != "wordlist.txt" else \
        entry.get("files", {}).get("words", {}).get("sha256")
    return wanted is not None and hashlib.sha256(data).hexdigest() == wanted
