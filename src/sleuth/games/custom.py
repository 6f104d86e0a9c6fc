"""User-defined games: guesses, secrets and a plain Python feedback function are enough.

The feedback function is called once per (guess, secret) pair when the game is built; its
answers (any hashable values: a tuple of flags, a number, a string) are numbered into a table,
and from then on the game runs on arrays like the built-in ones: greedy strategies, the tree
evaluator, and the exact searches of :mod:`sleuth.solve.search`. Items that are strings or
tuples of one length are kept as rows of symbols, so the exact search finds the symmetry of a
Mastermind written by hand as it does the built-in one's.

A game can also be a file (:func:`read_game_file`): a small Python module defining
``guesses``, ``secrets``, ``feedback(guess, secret)`` and optionally ``ends`` (the feedbacks
that end the game), ``max_guesses`` and ``name``. The file runs as Python, with the rights of
whoever loads it: it is the user's own code.

>>> points = [(x, y) for x in range(3) for y in range(3)]
>>> def compare(g, s):
...     return (g[0] <= s[0] and g[1] <= s[1], g[0] >= s[0] and g[1] >= s[1])
>>> game = custom_game(points, points, compare, name="twoD 3x3")
>>> game.render(game.solved), game.n_codes, len(game.secrets)
('(True, True)', 4, 9)
"""

from __future__ import annotations

import ast
import runpy
import sys
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sleuth.core.errors import FeedbackError, FileError
from sleuth.core.game import Game

MAX_PAIRS = 50_000_000  # calls of a Python feedback function refused beyond this
MAX_SYMBOL_ROWS = 1_000_000  # items kept as rows of symbols while symbols**length fits
REQUIRED = ("guesses", "secrets", "feedback")  # the names every game file defines

Feedback = Callable[[object, object], Hashable]


def _labels(items: Sequence[object], what: str) -> list[str]:
    labels = [str(item) for item in items]
    if len(set(labels)) != len(labels):
        raise ValueError(f"two {what} print alike; give them distinct str() forms")
    return labels


def _call(feedback: Feedback, guess: object, secret: object) -> Hashable:
    """``feedback(guess, secret)``, its failure said in one line (ValueError)."""
    try:
        value = feedback(guess, secret)
    except Exception as err:
        raise ValueError(f"feedback({guess!r}, {secret!r}) raised {type(err).__name__}: "
                         f"{err}") from err
    try:
        hash(value)
    except TypeError:
        raise ValueError(f"feedback({guess!r}, {secret!r}) returned {value!r}, which is not "
                         "hashable; return a tuple, a number or a string") from None
    return value


def _row(feedback: Feedback, guess: object, secrets: Sequence[object]) -> list[Hashable]:
    """The feedbacks of one guess (fast); on a failure, the pair that fails, in one line."""
    try:
        row = [feedback(guess, s) for s in secrets]
        hash(tuple(row))
    except Exception:
        for s in secrets:
            _call(feedback, guess, s)
        raise
    return row


def feedback_table(guesses: Sequence[object], secrets: Sequence[object],
                   feedback: Feedback) -> tuple[np.ndarray, list]:
    """The code of every (guess, secret) pair and the feedback values the codes stand for.

    Values are numbered in sorted order when they can be sorted, else by first appearance.

    >>> table, values = feedback_table([0, 1], [0, 1, 2], lambda g, s: (g > s) - (g < s))
    >>> table.tolist(), values
    ([[1, 0, 0], [2, 1, 0]], [-1, 0, 1])
    """
    if len(guesses) * len(secrets) > MAX_PAIRS:
        raise ValueError(f"{len(guesses)} x {len(secrets)} pairs is too many for a Python "
                         "feedback function; give a vectorised Game instead")
    raw = [_row(feedback, g, secrets) for g in guesses]
    seen: dict[Hashable, int] = {}
    for row in raw:
        for value in row:
            seen.setdefault(value, len(seen))
    try:
        values = sorted(seen)  # type: ignore[type-var]  # TypeError when they do not compare
    except TypeError:
        values = list(seen)
    index = {v: i for i, v in enumerate(values)}
    dtype = np.uint8 if len(values) <= 256 else np.int32
    table = np.array([[index[v] for v in row] for row in raw], dtype=dtype)
    return table.reshape(len(guesses), len(secrets)), values


# -- items as arrays --------------------------------------------------------------------------


def symbol_rows(guesses: Sequence[object],
                secrets: Sequence[object]) -> tuple[np.ndarray, np.ndarray] | None:
    """Guesses and secrets as rows of symbol numbers (sorted symbols numbered from 0) when
    every item is a string, or every item a tuple, of one length; else None.

    >>> g, s = symbol_rows(["ab", "ba"], ["aa"])
    >>> g.tolist(), s.tolist()
    ([[0, 1], [1, 0]], [[0, 0]])
    """
    items = [*guesses, *secrets]
    kind = type(items[0]) if items else None
    if kind not in (str, tuple) or any(type(i) is not kind for i in items):
        return None
    length = len(items[0])  # type: ignore[arg-type]
    if length == 0 or any(len(i) != length for i in items):  # type: ignore[arg-type]
        return None
    try:
        found = {x for i in items for x in i}  # type: ignore[attr-defined]
    except TypeError:  # a symbol that cannot be hashed
        return None
    try:
        symbols = sorted(found)
    except TypeError:
        symbols = list(found)
    if len(symbols) ** length > MAX_SYMBOL_ROWS:
        return None
    number = {x: k for k, x in enumerate(symbols)}
    rows = np.array([[number[x] for x in i] for i in items], dtype=np.int64)  # type: ignore
    g, s = rows[:len(guesses)], rows[len(guesses):]
    if not (_unique(g, len(symbols)) and _unique(s, len(symbols))):
        return None  # symbols equal but printed apart (1 and 1.0): keep the items apart
    return g, s


def _keys(rows: np.ndarray, base: int) -> np.ndarray:
    place = base ** np.arange(rows.shape[1] - 1, -1, -1, dtype=np.int64)
    return np.asarray(rows, dtype=np.int64) @ place


def _unique(rows: np.ndarray, base: int) -> bool:
    return np.unique(_keys(rows, base)).size == len(rows)


def _row_index(rows: np.ndarray, base: int) -> Callable[[np.ndarray], np.ndarray]:
    """The function from a block of rows to their indices in ``rows``."""
    keys = _keys(rows, base)
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]

    def index(block: np.ndarray) -> np.ndarray:
        return order[np.searchsorted(ordered, _keys(np.atleast_2d(block), base))]

    return index


def _arrays(guesses: Sequence[object], secrets: Sequence[object]) -> tuple[
        np.ndarray, np.ndarray, Callable[[np.ndarray], np.ndarray],
        Callable[[np.ndarray], np.ndarray]]:
    """The guess and secret arrays of a custom game and the maps from rows back to indices:
    rows of symbols (see :func:`symbol_rows`), else one index per row."""
    rows = symbol_rows(guesses, secrets)
    if rows is None:
        def first(block: np.ndarray) -> np.ndarray:
            return np.asarray(block)[:, 0]

        return (np.arange(len(guesses), dtype=np.int64)[:, None],
                np.arange(len(secrets), dtype=np.int64)[:, None], first, first)
    g, s = rows
    base = int(max(g.max(), s.max())) + 1
    return g, s, _row_index(g, base), _row_index(s, base)


def custom_game(guesses: Sequence[object], secrets: Sequence[object],
                feedback: Feedback, *,
                solved: Hashable | None = None, ends: Iterable[Hashable] | None = None,
                max_guesses: int = 20, name: str = "custom") -> Game:
    """A :class:`game.Game` from items and a feedback function ``feedback(guess, secret)``.

    Items are shown (and typed) by their ``str()``; the guesses are the ones given, in their
    order, and secrets need not be among them. The game ends (won) on any feedback of ``ends``
    (or the one ``solved``); by default, the feedback of a secret guessed against itself.
    """
    guess_items, secret_items = list(guesses), list(secrets)
    if not secret_items:
        raise ValueError("a game needs at least one secret")
    if not guess_items:
        raise ValueError("a game needs at least one guess")
    _check_limit(max_guesses)
    guess_labels = _labels(guess_items, "guesses")
    secret_labels = _labels(secret_items, "secrets")
    end_values = _end_values(secret_items, feedback, solved, ends)
    table, values = feedback_table(guess_items, secret_items, feedback)
    code_of_value = {v: i for i, v in enumerate(values)}
    for value in end_values:
        if value not in code_of_value:
            raise ValueError(f"end feedback {value!r} never occurs (ends is a set of "
                             "feedbacks: ends = {(4, 0)} for the one feedback (4, 0))")
    end_codes = sorted(code_of_value[v] for v in end_values)
    ended = np.isin(table, end_codes)
    named_by = np.where(ended.any(axis=0), ended.argmax(axis=0), -1)
    guess_rows, secret_rows, guess_at, secret_at = _arrays(guess_items, secret_items)

    def lookup(g: np.ndarray, s: np.ndarray) -> np.ndarray:
        return table[guess_at(g)][:, secret_at(s)]

    return Game(
        guesses=guess_rows,
        secrets=secret_rows,
        feedback=lookup,
        n_codes=len(values),
        solved=end_codes[0],
        max_cost=max_guesses,
        guess_labels=guess_labels,
        secret_labels=secret_labels,
        points=None,
        render=lambda code: str(values[code]),
        reader=_reader(values),
        name=name,
        ends=frozenset(end_codes),
        named_by=named_by,
    )


def _reader(values: list) -> Callable[[str], int]:
    """A reader of typed feedback: as printed, or as a Python value (``4,0`` for ``(4, 0)``)."""
    code_of = {str(v): i for i, v in enumerate(values)}

    def read(text: str) -> int:
        raw = text.strip()
        if raw in code_of:
            return code_of[raw]
        try:
            value = ast.literal_eval(raw)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            value = raw
        for i, v in enumerate(values):
            if v == value:
                return i
        shown = ", ".join(map(str, values[:8]))
        raise FeedbackError(f"feedback {raw!r} is not one of: {shown}")

    return read


def typed_label(text: str, labels: Sequence[str]) -> str:
    """The label a user means by ``text``: itself, or the printed form of the Python value it
    writes (``2,2`` for the item ``(2, 2)``); ``text`` when neither is a label.

    >>> typed_label("2,2", ["(2, 2)", "(2, 3)"]), typed_label("x", ["(2, 2)"])
    ('(2, 2)', 'x')
    """
    if text in labels:
        return text
    try:
        shown = str(ast.literal_eval(text.strip()))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return text
    return shown if shown in labels else text


def _end_values(secrets: list[object], feedback: Feedback,
                solved: Hashable | None, ends: Iterable[Hashable] | None) -> set[Hashable]:
    """The feedback values that end the game: ``ends``, or ``solved``, or each secret's own."""
    if solved is not None and ends is not None:
        raise ValueError("give solved= (one end feedback) or ends= (several), not both")
    if ends is not None:
        chosen = set(ends)
        if not chosen:
            raise ValueError("ends= needs at least one feedback that ends the game")
        return chosen
    if solved is not None:
        return {solved}
    own = {_call(feedback, s, s) for s in secrets}
    if len(own) != 1:
        raise ValueError("a secret guessed against itself gives different feedbacks "
                         f"({', '.join(map(repr, list(own)[:3]))}); pass solved= or ends=")
    return own


def _check_limit(max_guesses: int) -> None:
    """Refuse a limit that leaves no guess (every game would be lost before it starts)."""
    if max_guesses < 1:
        raise ValueError(f"max_guesses={max_guesses}: a game needs at least one guess")


def matrix_game(codes: np.ndarray, solved: int, *, max_guesses: int = 20,
                name: str = "matrix") -> Game:
    """A game given by its feedback matrix: ``codes[g, s]``; secret s is guess s.

    >>> g = matrix_game(np.array([[2, 0], [1, 2], [0, 1]]), solved=2)
    >>> len(g.guesses), len(g.secrets), g.guess_labels
    (3, 2, ['0', '1', '2'])
    """
    _check_limit(max_guesses)
    table = np.asarray(codes)
    n_guess, n_secret = table.shape
    if n_guess < n_secret:
        raise ValueError("secret s is guess s: give at least as many guesses as secrets")
    labels = [str(i) for i in range(n_guess)]
    return Game(
        guesses=np.arange(n_guess, dtype=np.int64)[:, None],
        secrets=np.arange(n_secret, dtype=np.int64)[:, None],
        feedback=lambda g, s: table[np.asarray(g)[:, 0]][:, np.asarray(s)[:, 0]],
        n_codes=int(table.max()) + 1,
        solved=int(solved),
        max_cost=max_guesses,
        guess_labels=labels,
        secret_labels=labels[:n_secret],
        points=None,
        name=name,
    )


# -- games in files ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GameFile:
    """What a game file defines, read and checked but not yet built (see :func:`read_game_file`):
    the sizes are known before any feedback is computed."""

    path: Path
    guesses: list[object]
    secrets: list[object]
    feedback: Feedback
    ends: frozenset[Hashable] | None
    max_guesses: int
    name: str

    def game(self) -> Game:
        """The game (every feedback computed); refuses a secret that no guess can end."""
        try:
            game = custom_game(self.guesses, self.secrets, self.feedback, ends=self.ends,
                               max_guesses=self.max_guesses, name=self.name)
        except ValueError as err:
            raise ValueError(f"{self.path.name}: {err}") from None
        lost = np.flatnonzero(game.guess_of_secret(game.start().candidates) < 0)
        if lost.size:
            raise ValueError(f"{self.path.name}: no guess ends the game on the secret "
                             f"{game.secret_labels[int(lost[0])]!r}; make it a guess, or put "
                             "the feedback that finds it in ends")
        return game


def read_game_file(path: str | Path) -> GameFile:
    """Run a game file (Python, as its own module, not as ``__main__``) and read its game:
    ``guesses``, ``secrets``, ``feedback(guess, secret)``, optionally ``ends`` (a set of
    feedbacks; default: a secret's feedback against itself), ``max_guesses`` (default 20) and
    ``name`` (default: the file's name). Anything wrong is one line (ValueError)."""
    target = Path(path)
    if not target.is_file():
        raise FileError(f"{target}: no such file" if not target.exists() else
                        f"{target} is not a file")
    names = _run(target)
    missing = [n for n in REQUIRED if n not in names]
    if missing:
        raise ValueError(f"{target.name} does not define {', '.join(missing)} (a game file "
                         "defines guesses, secrets and feedback(guess, secret))")
    feedback = names["feedback"]
    if not callable(feedback):
        raise ValueError(f"{target.name}: feedback must be a function feedback(guess, secret)")
    limit = names.get("max_guesses", 20)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"{target.name}: max_guesses must be a whole number of at least 1, "
                         f"not {limit!r}")
    name = names.get("name", target.stem)
    if not isinstance(name, str):
        raise ValueError(f"{target.name}: name must be a string, not {name!r}")
    return GameFile(target, _items(names["guesses"], "guesses", target),
                    _items(names["secrets"], "secrets", target), feedback,
                    _ends(names.get("ends"), target), limit, name)


def _run(target: Path) -> dict[str, object]:
    """The names a game file defines, run with its folder on the import path (as Python runs a
    script, so it may import modules beside it); its errors in one line."""
    folder = str(target.resolve().parent)
    sys.path.insert(0, folder)
    try:
        return runpy.run_path(str(target), run_name="__sleuth_game__")
    except SyntaxError as err:
        raise ValueError(f"{target.name}, line {err.lineno}: {err.msg}") from None
    except (Exception, SystemExit) as err:
        raise ValueError(f"{target.name}: running it raised {type(err).__name__}: "
                         f"{err}") from None
    finally:
        sys.path.remove(folder)


def _items(value: object, what: str, target: Path) -> list[object]:
    """A file's guesses or secrets as a list: a set in sorted order (when its items sort)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ValueError(f"{target.name}: {what} must be a collection of items (a list, a "
                         f"range, a set...), not {type(value).__name__}")
    items = list(value)
    if isinstance(value, set | frozenset):  # no order the user chose: take a fixed one
        try:
            items.sort()
        except TypeError:
            items.sort(key=str)
    if not items:
        raise ValueError(f"{target.name}: {what} is empty")
    return items


def _ends(value: object, target: Path) -> frozenset[Hashable] | None:
    """A file's end feedbacks: None (the default), or a collection of feedbacks."""
    if value is None:
        return None
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ValueError(f"{target.name}: ends must be a set of feedbacks, e.g. ends = "
                         f"{{{value!r}}}, not {value!r}")
    try:
        ends = frozenset(value)
    except TypeError as err:
        raise ValueError(f"{target.name}: ends holds a feedback that is not hashable "
                         f"({err})") from None
    if not ends:
        raise ValueError(f"{target.name}: ends is empty; leave it out for the default")
    return ends
