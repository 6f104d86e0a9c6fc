"""Wordle on the one game model: any word length and attempt limit, Lingo-style points or
guesses as the score, hard mode, prior weights over the answers; and playing it.

>>> g = wordle_game(["crane", "crate", "caper"], ["crane", "crate", "caper", "trace"])
>>> p = g.after(g.start(), g.guess_index("trace"), g.parse("bggyg"))
>>> g.secret_words(p.candidates)
['crane']
>>> hard = wordle_game(["crane", "crate", "caper"], ["crane", "crate", "caper", "trace"],
...                    hard=True)
>>> p = hard.after(hard.start(), hard.guess_index("crane"), hard.parse("gggbg"))
>>> [hard.guess_labels[i] for i in hard.allowed_guesses(p)]
['crane', 'crate']
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

import numpy as np

from sleuth.core.game import Game, Position, attempt_points
from sleuth.core.storage import atomic_write, cache_dir
from sleuth.core.strategies import Strategy
from sleuth.core.tree import Evaluation
from sleuth.games.wordle.hardmode import is_hard, with_hard_mode
from sleuth.games.wordle.lists import Lists
from sleuth.games.wordle.priors import answer_prior, without_past
from sleuth.words import feedback as fb
from sleuth.words.game import word_game

ATTEMPTS = 6
SCORINGS = ("guesses", "lingo")


def wordle_game(answers: Sequence[str], guesses: Sequence[str] | None = None, *,
                attempts: int = ATTEMPTS, weights: np.ndarray | None = None,
                hard: bool = False, scoring: str = "guesses") -> Game:
    """A Wordle game: score = guesses used (``scoring="lingo"``: Lingo's points instead)."""
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}; choose guesses or lingo")
    game = word_game(list(answers), None if guesses is None else list(guesses),
                     max_attempts=attempts, weights=weights,
                     points=attempt_points(500, 100) if scoring == "lingo" else None, name="wordle")
    length = game.guesses.shape[1]
    game = replace(game, render=partial(fb.to_text, length=length, style="wordle"))
    return with_hard_mode(game) if hard else game


def game_from(lists: Lists, *, attempts: int = ATTEMPTS, prior: str = "uniform",
              past: Sequence[str] | None = None, exclude_past: bool = False,
              hard: bool = False, scoring: str = "guesses") -> Game:
    """A Wordle game from lists and options (prior kind, past answers, hard mode, scoring)."""
    answers = lists.answers
    if exclude_past:
        if not past:
            raise ValueError("excluding past answers needs a file of them (--past FILE)")
        answers = without_past(answers, past)
    weights = answer_prior(answers, prior, past)
    return wordle_game(answers, lists.guesses, attempts=attempts, weights=weights, hard=hard,
                       scoring=scoring)


@dataclass(frozen=True)
class Opening:
    """Play ``first`` as the first guess, then follow ``then``."""

    first: int
    then: Strategy

    @property
    def name(self) -> str:
        return self.then.name

    def choose(self, game: Game, position: Position) -> int:
        return self.first if not position.history else self.then.choose(game, position)


def game_key(game: Game, *parts: object) -> str:
    """A short digest naming a game (lists, prior, limits, mode) and anything else given."""
    h = hashlib.sha256()
    for block in (game.guesses, game.secrets):
        h.update(np.ascontiguousarray(block).tobytes())
        h.update(b"|")
    if game.weights is not None:
        h.update(np.asarray(game.weights, dtype=np.float64).tobytes())
    h.update(repr((game.max_cost, is_hard(game), *parts)).encode())
    return h.hexdigest()[:24]


def cached_first(game: Game, strategy: Strategy) -> int:
    """The strategy's first guess, remembered on disk (the one slow choice of a game)."""
    path = cache_dir() / "wordle-first-guesses.json"
    key = game_key(game, strategy.name)
    try:
        known = json.loads(path.read_text())
    except (OSError, ValueError):
        known = {}
    known = known if isinstance(known, dict) else {}
    word = known.get(key)
    if isinstance(word, str) and word in game.guess_labels:
        return game.guess_index(word)
    guess = strategy.choose(game, game.start())
    known[key] = game.guess_labels[guess]
    with contextlib.suppress(OSError):  # an unwritable cache only costs the choice next time
        atomic_write(path, json.dumps(known).encode())
    return guess


def counted_guesses(result: Evaluation) -> np.ndarray:
    """Guesses each answer took, a failed game counted as the attempts + 1: what every mean
    and total of Wordle counts, so that failures are never left out."""
    return np.where(result.won, result.cost, result.game.max_cost + 1)


def play(game: Game, strategy: Strategy, secret: int,
         position: Position | None = None) -> Position:
    """Play one game against the secret with that index; the final position holds the path."""
    pos = game.start() if position is None else position
    while game.outcome(pos) is None:
        guess = strategy.choose(game, pos)
        code = int(game.codes(guess, np.array([secret]))[0])
        pos = game.after(pos, guess, code)
    return pos
