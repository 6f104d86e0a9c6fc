"""twoD: guess a point (x, y) of an n x n grid, told how the guess compares with the secret.

The feedback says whether the guess is <= the secret in both coordinates, whether it is >= in
both, and (implied by the two together) whether it is equal. It is coded as one integer:
bit 0 for "<= in both", bit 1 for ">= in both", so 0 = neither, 1 = below, 2 = above and
3 = equal (solved). Points are enumerated row by row: index ``x * n + y``, label ``"x,y"``.

>>> g = twod()
>>> len(g.secrets), g.guess_labels[7], g.render(g.solved)
(25, '1,2', '==')
>>> [g.render(int(c)) for c in g.codes(g.guess_index("1,2"), np.array([0, 8, 10, 24]))]
['>=', '<=', 'none', '<=']
"""

from __future__ import annotations

import numpy as np

from sleuth.core.errors import FeedbackError
from sleuth.core.game import Game

BELOW, ABOVE = 1, 2  # guess <= secret in both coordinates; guess >= secret in both
EQUAL = BELOW | ABOVE
NAMES = ("none", "<=", ">=", "==")
_READ = {
    "none": 0, "neither": 0, "n": 0, "0": 0,
    "<=": BELOW, "<": BELOW, "le": BELOW, "below": BELOW, "1": BELOW,
    ">=": ABOVE, ">": ABOVE, "ge": ABOVE, "above": ABOVE, "2": ABOVE,
    "==": EQUAL, "=": EQUAL, "eq": EQUAL, "equal": EQUAL, "3": EQUAL,
}


def compare(guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    """Comparison code of every (guess, secret) pair of points, by broadcasting.

    >>> compare(np.array([[1, 1]]), np.array([[2, 3], [0, 1], [1, 1], [0, 2]])).tolist()
    [[1, 2, 3, 0]]
    """
    g = np.atleast_2d(guesses)[:, None, :]
    s = np.atleast_2d(secrets)[None, :, :]
    below = (g <= s).all(axis=2)
    above = (g >= s).all(axis=2)
    return np.asarray(below * BELOW + above * ABOVE, dtype=np.int8)


def read_comparison(text: str) -> int:
    """A comparison code from text: ``none``, ``<=``, ``>=``, ``==`` (or 0-3, or words).

    Three flags in the seed's order (less, greater, equal) also read, e.g. ``TFF`` or ``100``.

    >>> read_comparison("<="), read_comparison("TTT"), read_comparison("ftf")
    (1, 3, 2)
    """
    raw = "".join(text.split()).lower()
    if raw in _READ:
        return _READ[raw]
    flags = raw.replace("t", "1").replace("f", "0")
    if len(flags) == 3 and set(flags) <= {"0", "1"}:
        code = BELOW * (flags[0] == "1") + ABOVE * (flags[1] == "1")
        if (flags[2] == "1") == (code == EQUAL):
            return code
        raise FeedbackError(f"feedback {text.strip()!r}: equal must be 'less and greater'")
    raise FeedbackError(f"feedback {text.strip()!r}: use none, <=, >= or == (or 0-3)")


def twod(n: int = 5, *, max_guesses: int = 20) -> Game:
    """The toy game twoD on the ``n`` x ``n`` grid: every point is a guess and a secret.

    >>> twod(3).guess_labels[:4]
    ['0,0', '0,1', '0,2', '1,0']
    """
    if n < 1:
        raise ValueError("the grid needs at least one point")
    points = np.array([(x, y) for x in range(n) for y in range(n)], dtype=np.int64)
    labels = [f"{x},{y}" for x, y in points]
    return Game(
        guesses=points,
        secrets=points,
        feedback=compare,
        n_codes=4,
        solved=EQUAL,
        max_cost=max_guesses,
        guess_labels=labels,
        secret_labels=labels,
        points=None,
        render=lambda code: NAMES[code],
        reader=read_comparison,
        name=f"twod-{n}",
    )
