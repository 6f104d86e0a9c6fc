"""Lingo as a :class:`~sleuth.core.game.Game`: five attempts, 500 points down to 100."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sleuth.core.game import Game
from sleuth.games.lingo.rules import ATTEMPTS, points
from sleuth.words.game import word_game


def lingo_game(secrets: Sequence[str], guesses: Sequence[str] | None = None, *,
               weights: np.ndarray | None = None) -> Game:
    """Lingo on words of one length (guesses default to the secrets).

    >>> lingo_game(["crane", "crate"]).score(2, True)
    400
    """
    return word_game(secrets, guesses, max_attempts=ATTEMPTS, weights=weights, points=points,
                     name="lingo")
