"""User-defined games: guesses, secrets and a plain Python feedback function are enough.

The feedback function is called once per (guess, secret) pair when the game is built; its
answers (any hashable values: a tuple of flags, a number, a string) are numbered into a table,
and from then on the game runs on arrays like the built-in ones: greedy strategies, the tree
evaluator, and the exact searches of :mod:`sleuth.solve.search`.

>>> points = [(x, y) for x in range(3) for y in range(3)]
>>> def compare(g, s):
...     return (g[0] <= s[0] and g[1] <= s[1], g[0] >= s[0] and g[1] >= s[1])
>>> game = custom_game(points, points, compare, name="twoD 3x3")
>>> game.render(game.solved), game.n_codes, len(game.secrets)
('(True, True)', 4, 9)
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Hashable, Iterable, Sequence

import numpy as np

from sleuth.core.errors import FeedbackError
from sleuth.core.game import Game

MAX_PAIRS = 50_000_000  # calls of a Python feedback function refused beyond this


def _labels(items: Sequence[object], what: str) -> list[str]:
    labels = [str(item) for item in items]
    if len(set(labels)) != len(labels):
        raise ValueError(f"two {what} print alike; give them distinct str() forms")
    return labels


def feedback_table(guesses: Sequence[object], secrets: Sequence[object],
                   feedback: Callable[[object, object], Hashable]) -> tuple[np.ndarray, list]:
    """The code of every (guess, secret) pair and the feedback values the codes stand for.

    Values are numbered in sorted order when they can be sorted, else by first appearance.

    >>> table, values = feedback_table([0, 1], [0, 1, 2], lambda g, s: (g > s) - (g < s))
    >>> table.tolist(), values
    ([[1, 0, 0], [2, 1, 0]], [-1, 0, 1])
    """
    if len(guesses) * len(secrets) > MAX_PAIRS:
        raise ValueError(f"{len(guesses)} x {len(secrets)} pairs is too many for a Python "
                         "feedback function; give a vectorised Game instead")
    raw = [[feedback(g, s) for s in secrets] for g in guesses]
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


def custom_game(guesses: Sequence[object], secrets: Sequence[object],
                feedback: Callable[[object, object], Hashable], *,
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
            raise ValueError(f"end feedback {value!r} never occurs")
    end_codes = sorted(code_of_value[v] for v in end_values)
    ended = np.isin(table, end_codes)
    named_by = np.where(ended.any(axis=0), ended.argmax(axis=0), -1)
    code_of = {str(v): i for i, v in enumerate(values)}

    def lookup(g: np.ndarray, s: np.ndarray) -> np.ndarray:
        return table[np.asarray(g)[:, 0]][:, np.asarray(s)[:, 0]]

    def read(text: str) -> int:
        raw = text.strip()
        if raw in code_of:
            return code_of[raw]
        try:
            value = ast.literal_eval(raw)
        except (ValueError, SyntaxError):
            value = raw
        for i, v in enumerate(values):
            if v == value:
                return i
        shown = ", ".join(map(str, values[:8]))
        raise FeedbackError(f"feedback {raw!r} is not one of: {shown}")

    return Game(
        guesses=np.arange(len(guess_items), dtype=np.int64)[:, None],
        secrets=np.arange(len(secret_items), dtype=np.int64)[:, None],
        feedback=lookup,
        n_codes=len(values),
        solved=end_codes[0],
        max_cost=max_guesses,
        guess_labels=guess_labels,
        secret_labels=secret_labels,
        points=None,
        render=lambda code: str(values[code]),
        reader=read,
        name=name,
        ends=frozenset(end_codes),
        named_by=named_by,
    )


def _end_values(secrets: list[object], feedback: Callable[[object, object], Hashable],
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
    own = {feedback(s, s) for s in secrets}
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
