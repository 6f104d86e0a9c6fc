"""Word games: guess a word of one length, get a mark per letter (Lingo, Wordle, Jotto-like)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import numpy as np

from sleuth.core.game import Game
from sleuth.words import feedback as fb


def word_game(secrets: Sequence[str], guesses: Sequence[str] | None = None, *,
              max_attempts: int = 6, weights: np.ndarray | None = None,
              points: Callable[[int], float] | None = None,
              name: str = "words") -> Game:
    """A game on words of one length, scored by guesses used unless ``points`` is given (guesses
    default to the secrets; every secret may be guessed)."""
    guess_words = list(secrets) if guesses is None else list(guesses)
    if not secrets:
        raise ValueError("a word game needs at least one secret word")
    length = len(secrets[0])
    extra = sorted(set(secrets) - set(guess_words))
    guess_words += extra  # every secret may be guessed
    return Game(
        guesses=fb.encode(guess_words),
        secrets=fb.encode(list(secrets)),
        feedback=fb.codes,
        n_codes=fb.n_codes(length),
        solved=fb.solved_code(length),
        max_cost=max_attempts,
        guess_labels=guess_words,
        secret_labels=list(secrets),
        weights=weights,
        points=points,
        render=partial(fb.to_text, length=length),
        reader=partial(fb.parse, length=length),
        fast_stats=fb.class_stats,
        name=name,
    )
