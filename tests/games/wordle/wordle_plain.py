"""What the Wordle tests share: a small sample of answers, a few extra guesses, a game on them,
and the plain feedback of one guess."""

from __future__ import annotations

from typing import Any

from helpers import WORDLE_SAMPLE
from sleuth.core.game import Game
from sleuth.games.wordle.game import wordle_game
from sleuth.words import feedback as fb

SMALL = WORDLE_SAMPLE
EXTRA = ["salet", "crane", "slate", "trace", "roate", "soare", "arise", "irate"]


def small_game(**options: Any) -> Game:
    """A Wordle game on the sample answers, the extra words also accepted as guesses."""
    return wordle_game(SMALL, SMALL + EXTRA, **options)


def ref_code(guess: str, secret: str) -> int:
    """The feedback code of ``guess`` against ``secret``, the plain way."""
    return fb.reference_code(guess, secret)
