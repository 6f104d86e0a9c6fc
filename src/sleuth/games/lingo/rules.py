"""Lingo's rules as the 2014 challenge states them (SPEC §1), with the standard library only."""

from __future__ import annotations

ATTEMPTS = 5  # guesses a player has for a word
MARKS = {"O": 2, "?": 1, "X": 0}  # each letter's mark: right place, elsewhere, absent


def points(attempts: int) -> int:
    """Points for a word solved at attempt ``attempts``: 500 on the first down to 100 on the last.

    >>> [points(attempts) for attempts in range(1, ATTEMPTS + 1)]
    [500, 400, 300, 200, 100]
    """
    return 100 * (ATTEMPTS + 1 - attempts)
