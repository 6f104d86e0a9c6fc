"""Small helpers shared by several test modules."""

from __future__ import annotations

import numpy as np

from sleuth.game import Game, Position

#: The first fifty answers of the original Wordle list: a small list for quick games.
WORDLE_SAMPLE = [
    "cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve",
    "heath", "dwarf", "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign",
    "major", "death", "fresh", "crust", "stool", "colon", "abase", "marry", "react", "batty",
    "pride", "floss", "helix", "croak", "staff", "paper", "unfed", "whelp", "trawl", "outdo",
    "adobe", "crazy", "sower", "repay", "digit", "crate", "cluck", "spike", "mimic", "pound",
]


def replay(game: Game, strategy: object, secret: int) -> Position:
    """One game played move by move through ``Game.after``, the referee answering."""
    pos = game.start()
    while game.outcome(pos) is None:
        guess = strategy.choose(game, pos)  # type: ignore[attr-defined]
        pos = game.after(pos, guess, int(game.codes(guess, np.array([secret]))[0]))
    return pos
