"""Lingo's own strategies: the 2014 tournament rule (greedy, then the last two attempts exact)
and two published entries' rules, kept as baselines."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.split import BEST_NEXT, HIT
from sleuth.core.strategies import Strategy
from sleuth.solve.greedy import Greedy, best_index, heaviest_candidate, shortlist
from sleuth.words import feedback as fb


@dataclass(frozen=True)
class LingoEndgame:
    """Play ``base`` until two attempts are left, then play the last two exactly.

    With one attempt left the best move is the most probable candidate. With two left, a guess
    g wins 200 points if it is the secret, and otherwise 100 for each feedback class in which the
    last guess then names the secret, so the best g maximises 200 * hit + 100 * best_next.
    """

    base: Strategy
    name: str = "tournament"

    def choose(self, game: Game, position: Position) -> int:
        left = game.max_cost - position.cost
        if left <= 1 or position.candidates.size <= 2:
            return heaviest_candidate(game, position)
        if left > 2:
            return self.base.choose(game, position)
        cands = position.candidates
        pool = game.allowed_guesses(position)
        value = lambda s: 2 * s[:, HIT] + s[:, BEST_NEXT]  # noqa: E731
        pool = shortlist(game, pool, cands, 30_000_000, 300, value)
        return best_index(value(game.stats(pool, cands)), pool, game.guess_of_secret(cands))


@dataclass(frozen=True)
class LetterFrequency:
    """The Perl entry's rule: the candidate covering the most common letters not yet tried."""

    name: str = "letter-frequency"

    def choose(self, game: Game, position: Position) -> int:
        cands = position.candidates
        letters = game.secrets[cands]
        present = np.zeros((cands.size, 26), dtype=bool)
        np.put_along_axis(present, letters.astype(np.int64), True, axis=1)
        share = present.sum(axis=0).astype(np.float64)
        tried = np.zeros(26, dtype=bool)
        for guess, _ in position.history:
            tried[game.guesses[guess]] = True
        share[tried] = 0.0
        value = (present * share).sum(axis=1)
        pool = game.guess_of_secret(cands)
        guessable = pool >= 0
        return best_index(value[guessable], pool[guessable], pool[guessable])


@dataclass(frozen=True)
class GreenYellow:
    """Seed 004's rule: the candidate earning most points, 2 a green and 1 a yellow, summed."""

    name: str = "green-yellow"
    sample: int = 2000

    def choose(self, game: Game, position: Position) -> int:
        cands = position.candidates
        pool = game.guess_of_secret(cands)
        pool = pool[pool >= 0]
        rng = np.random.default_rng(cands.size)
        targets = cands if cands.size <= self.sample else rng.choice(cands, self.sample, False)
        codes = game.feedback(game.guesses[pool], game.secrets[np.sort(targets)])
        points = fb.green_yellow(codes)
        return best_index(points.sum(axis=1).astype(np.float64), pool, pool)


def tournament() -> LingoEndgame:
    """The tournament strategy: greedy by entropy, the last two attempts exact."""
    return LingoEndgame(Greedy("entropy"))
