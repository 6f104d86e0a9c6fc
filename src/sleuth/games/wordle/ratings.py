"""How well a guess splits the answers left: exact ratings of a few guesses, and the best next
guesses by one ranking (what the hinter proposes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.split import ENTROPY, HIT, LARGEST, SUM_SQ

RANKINGS = ("expected", "entropy", "worst")


@dataclass(frozen=True)
class Rating:
    """How one guess splits the candidates: ``expected`` answers left after it (0 if it is
    the answer), ``entropy`` in bits, ``chance`` it is the answer, ``worst`` class size."""

    word: str
    expected: float
    entropy: float
    chance: float
    worst: int
    classes: int

    @property
    def candidate(self) -> bool:
        return self.chance > 0


def check_ranking(by: str) -> None:
    """A ValueError unless ``by`` is one of :data:`RANKINGS`."""
    if by not in RANKINGS:
        raise ValueError(f"unknown ranking {by!r}; choose one of {', '.join(RANKINGS)}")


def rate(game: Game, guesses: np.ndarray, candidates: np.ndarray) -> list[Rating]:
    """Exact ratings of a few guesses (indices) over candidates (weighted by the prior)."""
    weights = game.weights_of(candidates)
    p = np.full(candidates.size, 1.0 / candidates.size) if weights is None else \
        weights / weights.sum()
    codes = game.feedback(game.guesses[guesses], game.secrets[candidates]).astype(np.int64)
    return [_rating(game.guess_labels[int(guess)], row, row == game.solved, p)
            for guess, row in zip(guesses, codes, strict=True)]


def _rating(word: str, row: np.ndarray, solved: np.ndarray, p: np.ndarray) -> Rating:
    """The rating of one guess from its codes over the candidates and their probabilities."""
    _, inverse, counts = np.unique(row, return_inverse=True, return_counts=True)
    mass = np.bincount(inverse, weights=p)
    left = counts[inverse].astype(np.float64)
    left[solved] = 0.0
    mass = mass[mass > 0]
    return Rating(word, float(p @ left), max(0.0, float(-(mass * np.log2(mass)).sum())),
                  float(p[solved].sum()), int(counts.max()), int(counts.size))


def _order(stats: np.ndarray, n: float, by: str) -> np.ndarray:
    """Guess order (best first) from class statistics, by one ranking."""
    check_ranking(by)
    hit = stats[:, HIT]
    if by == "entropy":
        key = -stats[:, ENTROPY] - 1e-6 * hit
    elif by == "worst":
        key = stats[:, LARGEST] - 1e-6 * hit + 1e-9 * stats[:, SUM_SQ]
    else:
        key = (stats[:, SUM_SQ] - hit * hit) / n
    return np.argsort(key, kind="stable")


#: The exact order of each ranking (candidates first on ties).
_EXACT_KEY: dict[str, Callable[[Rating], tuple[float, ...]]] = {
    "expected": lambda r: (r.expected, -r.chance),
    "entropy": lambda r: (-round(r.entropy, 9), -r.chance),
    "worst": lambda r: (r.worst, -r.chance, r.expected),
}


def best_guesses(game: Game, position: Position, n: int = 10, by: str = "expected",
                 pool: np.ndarray | None = None) -> list[Rating]:
    """The ``n`` best next guesses by a ranking, rated exactly (candidates first on ties)."""
    cands = position.candidates
    if pool is None:
        pool = game.allowed_guesses(position)
    own = game.guess_of_secret(cands)
    if cands.size <= 2 and (own >= 0).all():
        return sorted(rate(game, own, cands), key=lambda r: -r.chance)[:n]
    weights = game.weights_of(cands)
    total = float(cands.size if weights is None else weights.sum())
    order = _order(game.stats(pool, cands), total, by)
    ratings = rate(game, pool[order[: max(5 * n, 50)]], cands)
    useful = [r for r in ratings if r.classes > 1 or r.candidate]  # a guess that tells nothing
    return sorted(useful, key=_EXACT_KEY[by])[:n]
