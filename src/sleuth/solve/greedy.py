"""Greedy choosers for any game: score every allowed guess by how it splits the candidates
(see :func:`sleuth.core.split.stats_from_codes`) and take the best; ties go to a guess that may be
the secret, then to the first guess.

>>> from sleuth.words.game import word_game
>>> g = word_game(["aa", "ab", "ac"], ["bc"])
>>> g.guess_labels[Greedy("entropy").choose(g, g.start())]  # no candidate splits all three apart
'bc'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.split import CLASSES, ENTROPY, LARGEST, SUM_SQ

#: How each metric turns class statistics into a value to maximise.
METRICS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "entropy": lambda s: s[:, ENTROPY],
    "minimax": lambda s: -s[:, LARGEST],
    "expected": lambda s: -s[:, SUM_SQ],
    "parts": lambda s: s[:, CLASSES],
}


def heaviest_candidate(game: Game, position: Position) -> int:
    """The guess naming the most probable candidate (the first one when the prior is flat)."""
    cands = position.candidates
    guessable = game.guess_of_secret(cands)
    weights = game.weights_of(cands)
    order = np.arange(cands.size) if weights is None else np.argsort(-weights, kind="stable")
    for i in order:
        if guessable[i] >= 0:
            return int(guessable[i])
    raise ValueError("no remaining candidate can be guessed")


def best_index(values: np.ndarray, pool: np.ndarray, candidate_guesses: np.ndarray) -> int:
    """The pool guess with the highest value; ties to a possible secret, then the first."""
    top = values >= values.max() - 1e-9 * max(1.0, abs(float(values.max())))
    possible = np.isin(pool, candidate_guesses)
    both = top & possible
    return int(pool[np.flatnonzero(both if both.any() else top)[0]])


def perfect_candidate(game: Game, position: Position) -> int | None:
    """A candidate that splits the candidates into singletons, if one exists.

    Such a guess is optimal for every metric here (nothing splits finer, and it may win now),
    so a greedy strategy can take it without scoring the whole pool.
    """
    cands = position.candidates
    guessable = game.guess_of_secret(cands)
    pool = guessable[guessable >= 0]
    if pool.size == 0 or cands.size > 64:
        return None
    allowed = game.allowed_guesses(position) if game.allowed is not None else None
    if allowed is not None:
        pool = pool[np.isin(pool, allowed)]
    stats = game.stats(pool, cands)
    perfect = np.flatnonzero(stats[:, CLASSES] == cands.size)
    return int(pool[perfect[0]]) if perfect.size else None


def shortlist(game: Game, pool: np.ndarray, cands: np.ndarray, budget: int, keep: int,
              metric: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """The pool cut to the ``keep`` guesses that score best on a sample of the candidates.

    Used only when scoring the whole pool against every candidate would pass ``budget`` pairs;
    the sample is fixed by the position, so a decision is reproducible.
    """
    if pool.size * cands.size <= budget or pool.size <= keep:
        return pool
    rng = np.random.default_rng(cands.size)
    sample = np.sort(rng.choice(cands, size=min(cands.size, max(64, budget // pool.size)),
                                replace=False))
    rough = metric(game.stats(pool, sample))
    best = np.argsort(-rough, kind="stable")[:keep]
    return pool[np.sort(best)]


@dataclass(frozen=True)
class Greedy:
    """Take the guess whose split of the candidates is best by one metric.

    ``pool="all"`` scores every allowed guess, ``"candidates"`` only possible secrets. Above
    ``budget`` (guess, secret) pairs the pool is first cut to ``keep`` guesses on a sample.
    """

    metric: str = "entropy"
    pool: str = "all"
    budget: int = 30_000_000
    keep: int = 300

    @property
    def name(self) -> str:
        return self.metric if self.pool == "all" else f"{self.metric}-{self.pool}"

    def choose(self, game: Game, position: Position) -> int:
        cands = position.candidates
        if cands.size <= 2 and game.solved is not None:
            return heaviest_candidate(game, position)
        perfect = perfect_candidate(game, position)
        if perfect is not None:
            return perfect
        pool = self.guess_pool(game, position)
        score = METRICS[self.metric]
        pool = shortlist(game, pool, cands, self.budget, self.keep, score)
        return best_index(score(game.stats(pool, cands)), pool, game.guess_of_secret(cands))

    def guess_pool(self, game: Game, position: Position) -> np.ndarray:
        """The guesses this strategy considers in a position."""
        allowed = game.allowed_guesses(position)
        if self.pool == "all":
            return allowed
        own = game.guess_of_secret(position.candidates)
        return np.intersect1d(own[own >= 0], allowed)
