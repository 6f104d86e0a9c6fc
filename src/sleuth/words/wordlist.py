"""Word lists: loading user files, the built-in English dictionary, and frequency priors.

A word here is a non-empty string of lowercase ASCII letters ``a``-``z``. Every user list goes
through :func:`parse_words`, which lowers capitals, drops duplicates and skips (with one
:class:`WordListWarning`) lines that are not plain words.

>>> wl = parse_words(["Crane", "house ", "", "crane"])
>>> wl.words, wl.duplicates, wl.blank, wl.skipped
(('crane', 'house'), 1, 1, 0)
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import hashlib
import math
import numbers
import os
import re
import stat
import warnings
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import overload

import numpy as np

from sleuth.core.errors import FileError
from sleuth.core.storage import atomic_write, cache_dir
from sleuth.words.lists import COMMON_LIST, COMMON_SIZE

__all__ = [
    "PRIOR_KINDS",
    "WordList",
    "WordListError",
    "WordListWarning",
    "common_words",
    "commonest_words",
    "default_words",
    "frequencies",
    "load_words",
    "parse_words",
    "prior",
    "raw_frequencies",
    "read_file",
]

#: Kinds accepted by :func:`prior`.
PRIOR_KINDS = ("uniform", "frequency")

#: Lengths kept in the built-in dictionary.
DEFAULT_MIN_LENGTH = 2
DEFAULT_MAX_LENGTH = 20

# Bump when the recipe of the built-in list changes, so stale caches are rebuilt.
_DEFAULT_RECIPE = 1
_DEFAULT_SOURCES = ("web2", "gcide")
_CACHE_MAGIC = "# sleuth default word list"

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class WordListError(FileError):
    """A word list could not be used: missing, unreadable, not text, or without words."""


class WordListWarning(UserWarning):
    """Some lines of a word list were skipped because they are not plain a-z words."""


def _is_word(s: str) -> bool:
    """True if ``s`` is a non-empty string of ASCII letters (either case).

    >>> [_is_word(s) for s in ("Abc", "a-b", "café", "")]
    [True, False, False, False]
    """
    return s.isascii() and s.isalpha()


@dataclass(frozen=True, repr=False)
class WordList(Sequence[str]):
    """A cleaned word list: unique lowercase a-z words in first-seen order, plus counts.

    ``skipped``, ``duplicates`` and ``blank`` count lines of the whole input, before any
    length filter; ``occurrences`` (read from lines) is how many lines held each word.

    >>> wl = WordList(("crane", "ox", "house"), source="<doc>")
    >>> len(wl), wl.lengths(), wl.of_length(5)
    (3, [2, 5], ('crane', 'house'))
    """

    words: tuple[str, ...]
    source: str = "<memory>"
    skipped: int = 0
    duplicates: int = 0
    blank: int = 0
    occurrences: tuple[int, ...] = ()

    def __repr__(self) -> str:
        return (
            f"<WordList {len(self.words)} words from {self.source!r}: skipped={self.skipped}, "
            f"duplicates={self.duplicates}, blank={self.blank}>"
        )

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return self.words[index]

    def __contains__(self, word: object) -> bool:
        return word in self._members

    @functools.cached_property
    def _members(self) -> frozenset[str]:
        return frozenset(self.words)

    @functools.cached_property
    def _by_length(self) -> dict[int, tuple[str, ...]]:
        groups: dict[int, list[str]] = {}
        for w in self.words:
            groups.setdefault(len(w), []).append(w)
        return {n: tuple(ws) for n, ws in sorted(groups.items())}

    def of_length(self, n: int) -> tuple[str, ...]:
        """The words with exactly ``n`` letters, in list order (empty if none)."""
        return self._by_length.get(n, ())

    def lengths(self) -> list[int]:
        """The distinct word lengths present, ascending."""
        return list(self._by_length)

    @functools.cached_property
    def sha256(self) -> str:
        """Hex SHA-256 of the clean list as text: each word followed by ``\\n``, ASCII.

        It equals ``sha256sum`` of the file the words would be written to, one per line.

        >>> WordList(("ab",)).sha256 == hashlib.sha256(b"ab\\n").hexdigest()
        True
        """
        h = hashlib.sha256()
        for w in self.words:
            h.update(w.encode("ascii"))
            h.update(b"\n")
        return h.hexdigest()


def _check_length(length: int | None) -> None:
    if length is not None and (
        isinstance(length, bool) or not isinstance(length, numbers.Integral) or length < 1
    ):
        raise ValueError(f"length must be a positive integer or None, not {length!r}")


def _parse(lines: Iterable[str], source: str, length: int | None, stacklevel: int) -> WordList:
    _check_length(length)
    seen: dict[str, int] = {}
    skipped = duplicates = blank = 0
    first_bad: tuple[int, str] | None = None
    for lineno, raw in enumerate(lines, start=1):
        line = raw.strip()
        while line[:1] == "\ufeff" or line[-1:] == "\ufeff":  # BOMs, e.g. from `cat a b`
            line = line.strip("\ufeff").strip()
        if not line:
            blank += 1
        elif _is_word(line):
            word = line.lower()
            duplicates += word in seen
            seen[word] = seen.get(word, 0) + 1
        else:
            skipped += 1
            if first_bad is None:
                first_bad = (lineno, line)
    if first_bad is not None:
        lineno, text = first_bad
        shown = text if len(text) <= 40 else text[:37] + "..."
        what = "lines that are not plain words" if skipped != 1 else "line that is not a plain word"
        warnings.warn(
            f"{source}: skipped {skipped} {what} (letters a-z only); "
            f"first at line {lineno}: {shown!r}",
            WordListWarning,
            stacklevel=stacklevel + 1,
        )
    if not seen:
        if skipped:
            what = (
                f"none of its {skipped} non-blank lines is a plain a-z word"
                if skipped > 1
                else "its only non-blank line is not a plain a-z word"
            )
        else:
            what = "it has only blank lines" if blank else "it is empty"
        raise WordListError(f"{source}: no usable words ({what})")
    words = tuple(seen)
    if length is not None:
        words = tuple(w for w in words if len(w) == length)
        if not words:
            present = sorted({len(w) for w in seen})
            raise WordListError(
                f"{source}: no words of length {length} (lengths present: {_ranges(present)})"
            )
    return WordList(words, source=source, skipped=skipped, duplicates=duplicates, blank=blank,
                    occurrences=tuple(seen[w] for w in words))


def _ranges(ns: list[int]) -> str:
    """Compact a sorted list of ints.

    >>> _ranges([2, 3, 4, 7, 9, 10])
    '2-4, 7, 9-10'
    """
    out: list[str] = []
    i = 0
    while i < len(ns):
        j = i
        while j + 1 < len(ns) and ns[j + 1] == ns[j] + 1:
            j += 1
        out.append(str(ns[i]) if i == j else f"{ns[i]}-{ns[j]}")
        i = j + 1
    return ", ".join(out)


def parse_words(
    lines: Iterable[str], source: str = "<memory>", *, length: int | None = None
) -> WordList:
    """Clean an iterable of lines (as :func:`load_words` does for a file's lines).

    Each line is stripped of whitespace and byte-order marks; blank lines, duplicates
    (after lowering) and lines with anything but letters are counted; the latter also
    raise one :class:`WordListWarning`.
    Raises :class:`WordListError` if no word is left.

    >>> wl = parse_words(["Ox", "ox ", "", "ab"], length=2)
    >>> wl.words, wl.occurrences
    (('ox', 'ab'), (2, 1))
    """
    if isinstance(lines, str):
        raise TypeError("parse_words expects an iterable of lines, not one string")
    return _parse(lines, source, length, stacklevel=2)


def _line_of(data: bytes, offset: int) -> int:
    """1-based line number of byte ``offset``, counting LF, CRLF and lone CR as breaks."""
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


def _decode(data: bytes, source: str) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as e:
            raise WordListError(f"{source}: starts like UTF-16 but is not valid UTF-16") from e
    nul = data.find(b"\x00")
    if nul >= 0:
        raise WordListError(
            f"{source}: this is not a text file (NUL byte at line {_line_of(data, nul)}); "
            "a word list must be plain UTF-8 text, one word per line"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        start = e.start + (3 if data.startswith(codecs.BOM_UTF8) else 0)
        raise WordListError(
            f"{source}: not valid UTF-8 text (bad byte 0x{data[start]:02x} at line "
            f"{_line_of(data, start)}); save the file as UTF-8"
        ) from e


#: Largest word list file read (the official Lingo list is 3.6 MB).
MAX_FILE_BYTES = 64 << 20


def _kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    kinds = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def _read_file(p: Path, source: str, what: str = "word list",
               error: type[FileError] = WordListError) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES, checked before reading: opened
    without blocking (a FIFO would wait for a writer), then its kind and size asked of the open
    file, so nothing can swap it in between. ``what`` the file is, for the one-line ``error``."""
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError as e:
        raise error(f"{source}: {what} file not found") from e
    except IsADirectoryError as e:
        raise error(f"{source}: is a directory, not a {what} file") from e
    except OSError as e:
        raise error(f"{source}: cannot read {what} ({e.strerror or e})") from e
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{source}: is a directory, not a {what} file")
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{source}: is {_kind(info.st_mode)}, not a {what} file; give a plain "
                        "text file")
        raise error(f"{source}: {info.st_size:,} bytes is too big for a {what} (at most "
                    f"{MAX_FILE_BYTES >> 20} MiB, {MAX_FILE_BYTES:,} bytes)")
    with os.fdopen(fd, "rb") as f:
        try:
            data = f.read(MAX_FILE_BYTES + 1)
        except OSError as e:
            raise error(f"{source}: cannot read {what} ({e.strerror or e})") from e
    if len(data) > MAX_FILE_BYTES:  # it grew while being read
        raise error(f"{source}: too big for a {what} (at most {MAX_FILE_BYTES >> 20} MiB, "
                    f"{MAX_FILE_BYTES:,} bytes)")
    return data


def read_file(path: str | os.PathLike[str], what: str) -> bytes:
    """The bytes of a small input file (``what`` it is: "decision tree"), read as word lists
    are: a missing file, a folder, a FIFO, a device or a file over :data:`MAX_FILE_BYTES` is
    refused with one line (:class:`FileError`) before anything is read or waited for."""
    return _read_file(Path(path), str(path), what, FileError)


def load_words(path: str | os.PathLike[str], *, length: int | None = None) -> WordList:
    """Load a word list file: one word per line, UTF-8 (BOM allowed), any line ends.

    Capitals are lowered, blank lines and duplicates dropped, lines that are not plain
    a-z words skipped with one :class:`WordListWarning`. ``length`` keeps only words of
    that length. Raises :class:`WordListError` (a ``ValueError``) for a missing,
    unreadable, binary or non-UTF-8 file, one without any usable word, anything but a
    regular file (a FIFO, a device) or a file over :data:`MAX_FILE_BYTES`, before reading it.
    """
    _check_length(length)
    p = Path(path)
    source = str(p)
    data = _read_file(p, source)
    text = _decode(data, source)
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()  # the final line break ends the last line, it does not start a new one
    return _parse(lines, source, length, stacklevel=2)


# --------------------------------------------------------------------------- built-in list


def _package_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "unknown"


def _build_default_words() -> tuple[str, ...]:
    """Build the built-in list from the english-words package (sorted, no cache)."""
    from english_words import get_english_words_set

    raw = get_english_words_set(list(_DEFAULT_SOURCES), alpha=False, lower=False)
    lo, hi = DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH
    # isascii+isalpha+islower <=> only a-z; capitalised entries (proper nouns) drop out.
    return tuple(
        sorted(w for w in raw if lo <= len(w) <= hi and w.isascii() and w.isalpha() and w.islower())
    )


def _cache_header() -> str:
    return (
        f"{_CACHE_MAGIC} recipe={_DEFAULT_RECIPE} english-words={_package_version('english-words')}"
    )


def _cache_path(directory: Path) -> Path:
    key = hashlib.sha256(_cache_header().encode()).hexdigest()[:16]
    return directory / f"default-words-{key}.txt"


def _read_cache(path: Path) -> tuple[str, ...] | None:
    """The cached words, or None if the file is missing, stale or damaged."""
    try:
        text = path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return None
    head, sep, body = text.partition("\n")
    m = re.fullmatch(r"(.*) n=(\d+) sha256=([0-9a-f]{64})", head)
    if not sep or m is None or m.group(1) != _cache_header():
        return None
    if hashlib.sha256(body.encode("ascii")).hexdigest() != m.group(3):
        return None
    words = tuple(body.split("\n")[:-1]) if body.endswith("\n") else None
    if words is None or len(words) != int(m.group(2)):
        return None
    return words


def _write_cache(path: Path, words: tuple[str, ...]) -> None:
    """Write the cache atomically; a read-only or full cache folder only costs a rebuild."""
    body = "".join(w + "\n" for w in words)
    digest = hashlib.sha256(body.encode("ascii")).hexdigest()
    with contextlib.suppress(OSError):
        atomic_write(path, f"{_cache_header()} n={len(words)} sha256={digest}\n{body}"
                     .encode("ascii"))


def _default_words_from(directory: Path | None) -> WordList:
    """Load the built-in list through the cache in ``directory`` (None: no cache)."""
    if directory is None:
        words = _build_default_words()
    else:
        path = _cache_path(directory)
        cached = _read_cache(path)
        if cached is None:
            words = _build_default_words()
            _write_cache(path, words)
        else:
            words = cached
    return WordList(words, source="sleuth default English words (english-words: web2+gcide)")


@functools.cache
def default_words() -> WordList:
    """The built-in English dictionary (about 214k words of 2-20 letters, sorted a-z).

    Built with no network from the ``english-words`` PyPI package: the union of its
    ``web2`` (Webster's 2nd International) and ``gcide`` (GNU Collaborative International
    Dictionary of English) lists, keeping only entries that are already all lowercase a-z,
    so proper nouns, abbreviations in capitals and phrases drop out. Building takes about
    0.4 s, so the result is cached as text in :func:`cache_dir`, keyed by the
    english-words version, and rebuilt transparently if the cache is missing or damaged.
    Note that web2 lists mostly lemmas: few plurals or inflected verb forms.
    """
    return _default_words_from(cache_dir())


# --------------------------------------------------------------------------- frequencies


@functools.cache
def _en_frequencies() -> dict[str, float]:
    import wordfreq

    return wordfreq.get_frequency_dict("en")


def _round3(f: float) -> float:
    """Round to 3 significant digits exactly as ``wordfreq.word_frequency`` does."""
    if f == 0.0:
        return 0.0
    return round(f, math.floor(-math.log(f, 10)) + 3)


def raw_frequencies(words: list[str]) -> np.ndarray:
    """``wordfreq.word_frequency(w, 'en')`` for each word, via one dict lookup for a-z."""
    table = _en_frequencies()
    out = np.zeros(len(words), dtype=np.float64)  # slow entries are filled below
    slow: list[int] = []
    for i, w in enumerate(words):
        if w.isascii() and w.isalpha() and w.islower():
            out[i] = table.get(w, 0.0)
        else:
            slow.append(i)
    # Tokens in the table take one of a few hundred values: round each distinct one once.
    values, inverse = np.unique(out, return_inverse=True)
    out = np.array([_round3(v) for v in values.tolist()], dtype=np.float64)[inverse]
    if slow:
        import wordfreq

        for i in slow:
            out[i] = wordfreq.word_frequency(words[i], "en")
    return out


def frequencies(words: Iterable[str], *, floor: float | None = None) -> np.ndarray:
    """A prior over ``words`` proportional to English frequency (float64, sums to 1).

    Frequencies are ``wordfreq.word_frequency(w, "en")``; each is raised to at least
    ``floor`` so unseen words keep a small chance. The default floor is half the smallest
    nonzero frequency among ``words`` (uniform if none is known).

    >>> p = frequencies(["house", "xylyl"])
    >>> bool(p[0] > p[1]), float(p.sum())
    (True, 1.0)
    """
    ws = list(words)
    if not ws:
        raise ValueError("frequencies() needs at least one word")
    raw = raw_frequencies(ws)
    if floor is None:
        known = raw[raw > 0]
        floor = float(known.min()) / 2 if known.size else 1.0
    elif not (math.isfinite(floor) and floor >= 0):
        raise ValueError(f"floor must be a finite number >= 0, not {floor!r}")
    p = np.maximum(raw, floor)
    total = p.sum()
    if total <= 0:
        raise ValueError("no word has a known frequency and floor is 0: cannot normalise")
    return p / total


def prior(words: Iterable[str], kind: str = "uniform") -> np.ndarray:
    """A prior over ``words``: ``"uniform"`` or ``"frequency"`` (see :func:`frequencies`).

    >>> prior(["ab", "cd"], "uniform").tolist()
    [0.5, 0.5]
    """
    if kind not in PRIOR_KINDS:
        raise ValueError(f"unknown prior kind {kind!r}; choose one of {', '.join(PRIOR_KINDS)}")
    ws = list(words)
    if not ws:
        raise ValueError("prior() needs at least one word")
    if kind == "frequency":
        return frequencies(ws)
    return np.full(len(ws), 1.0 / len(ws))


@functools.cache
def common_words(length: int, n: int) -> tuple[str, ...]:
    """The ``n`` most frequent built-in words of ``length`` letters, most frequent first.

    Ties are broken alphabetically; fewer than ``n`` are returned if fewer exist.
    """
    _check_length(length)
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative integer, not {n!r}")
    pool = default_words().of_length(length)  # sorted a-z, so a stable sort breaks ties
    if not pool or n == 0:
        return ()
    freq = raw_frequencies(list(pool))
    order = np.argsort(-freq, kind="stable")[:n]
    return tuple(pool[i] for i in order.tolist())


@functools.cache
def commonest_words(n: int = COMMON_SIZE) -> WordList:
    """The ``n`` commonest built-in words of any length by English frequency (wordfreq),
    commonest first, ties a-z: words a child likely knows (mostly base forms, as the dictionary).
    """
    pool = default_words().words
    order = np.argsort(-raw_frequencies(list(pool)), kind="stable")[:n]
    return WordList(tuple(pool[i] for i in order.tolist()),
                    source=f"{COMMON_LIST}: the {n:,} commonest words of the built-in English "
                           "dictionary (by wordfreq)")


# --------------------------------------------------------------------------- choosing a list


def shipped_words(name: str, role: str = "words") -> WordList:
    """A list shipped in the package (see :mod:`sleuth.words.lists`) as a :class:`WordList`.

    >>> shipped_words("lingo-official").of_length(13)[:2]
    ('abbreviatable', 'abbreviations')
    """
    from sleuth.words import lists

    shipped = lists.get(name)
    what = "" if role == "words" or shipped.roles == ("words",) else f" {role}"
    return WordList(lists.read(name, role), source=f"{name}{what}, {shipped.title}")


def choose_words(words: str | os.PathLike[str] | None = None, list_name: str | None = None, *,
                 default: str | None = None, here: Path | None = None) -> WordList:
    """The words a command plays on, by one rule: ``--words FILE``, else ``--list NAME`` (a
    shipped list, or ``common``: :func:`commonest_words`), else ``wordlist.txt`` in ``here`` (the
    current folder, as the reference engine reads it), else the shipped list ``default`` (None:
    the built-in English dictionary)."""
    if words is not None and list_name is not None:
        raise WordListError("give --words FILE or --list NAME, not both")
    if words is not None:
        return load_words(words)
    if list_name is not None:
        return commonest_words() if list_name == COMMON_LIST else shipped_words(list_name)
    local = (here if here is not None else Path.cwd()) / "wordlist.txt"
    if local.is_file():
        return load_words(local)
    return shipped_words(default) if default is not None else default_words()
