"""Strategies: how to choose the next guess in a position.

A strategy is any object with ``choose(game, position) -> guess index``. The greedy ones score
every allowed guess by how it splits the candidates (see :func:`sleuth.words.feedback.class_stats`)
and take the best; ties go to a guess that may be the secret, then to the first guess.

>>> from sleuth.core.game import word_game
>>> g = word_game(["aa", "ab", "ac"], ["bc"])
>>> g.guess_labels[get("entropy").choose(g, g.start())]  # no candidate splits all three apart
'bc'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.words import feedback as fb


class Strategy(Protocol):
    """Anything that picks a guess (an index into ``game.guesses``) in a position."""

    name: str

    def choose(self, game: Game, position: Position) -> int: ...


#: How each metric turns class statistics into a value to maximise.
METRICS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "entropy": lambda s: s[:, fb.ENTROPY],
    "minimax": lambda s: -s[:, fb.LARGEST],
    "expected": lambda s: -s[:, fb.SUM_SQ],
    "parts": lambda s: s[:, fb.CLASSES],
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
    perfect = np.flatnonzero(stats[:, fb.CLASSES] == cands.size)
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
        value = lambda s: 2 * s[:, fb.HIT] + s[:, fb.BEST_NEXT]  # noqa: E731
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
        points = np.zeros(codes.shape, dtype=np.int64)
        rest = codes.astype(np.int64)
        while rest.any():
            rest, digit = np.divmod(rest, 3)
            points += digit
        return best_index(points.sum(axis=1).astype(np.float64), pool, pool)


def _maxscore() -> Strategy:
    """Expected-score search, exact with three attempts left (see :mod:`scoring`)."""
    from sleuth.games.lingo.scoring import MaxScore

    return MaxScore()


def _prepared() -> Strategy:
    """Lingo by the prepared tree of the list, else the end-game search (see
    :mod:`sleuth.games.lingo.prepare`)."""
    from sleuth.games.lingo.prepare import TreePlayer

    return TreePlayer()


def _registry() -> dict[str, Callable[[], Strategy]]:
    named: dict[str, Callable[[], Strategy]] = {}
    for metric in METRICS:
        named[metric] = lambda m=metric: Greedy(m)
        named[f"{metric}-candidates"] = lambda m=metric: Greedy(m, pool="candidates")
    named["tournament"] = lambda: LingoEndgame(Greedy("entropy"))
    named["maxscore"] = _maxscore
    named["prepared"] = _prepared
    named["letter-frequency"] = LetterFrequency
    named["green-yellow"] = GreenYellow
    return named


STRATEGIES = _registry()


def get(name: str) -> Strategy:
    """A strategy by name; raises ValueError listing the names when it is unknown."""
    try:
        return STRATEGIES[name]()
    except KeyError:
        raise ValueError(f"unknown strategy {name!r}; choose one of {', '.join(STRATEGIES)}") \
            from None
