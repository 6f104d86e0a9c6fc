"""How well a guess splits the answers left: exact ratings of a few guesses, and the best next
guesses by one ranking (what the hinter proposes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.split import ENTROPY, HIT, LARGEST, SUM_SQ
from sleuth.words import feedback as fb

#: What each ranking of guesses optimises, in the words every command uses for it.
OBJECTIVES = {
    "expected": "expected remaining",
    "entropy": "entropy",
    "worst": "worst case",
    "green-yellow": "green-yellow (seed 004)",
}
RANKINGS = tuple(OBJECTIVES)
#: The objective of the exact search: the least total guesses over every answer.
EXACT = "exact optimum"


@dataclass(frozen=True)
class Rating:
    """How one guess splits the candidates: ``expected`` answers left after it (0 if it is
    the answer), ``entropy`` in bits, ``chance`` it is the answer, ``worst`` class size, and
    ``green_yellow``: seed 004's points (2 a green, 1 a yellow) expected per answer."""

    word: str
    expected: float
    entropy: float
    chance: float
    worst: int
    classes: int
    green_yellow: float

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
                  float(p[solved].sum()), int(counts.max()), int(counts.size),
                  float(p @ fb.green_yellow(row)))


def green_yellow_scores(game: Game, guesses: np.ndarray, candidates: np.ndarray) -> np.ndarray:
    """Seed 004's score of each guess (indices): points (2 a green, 1 a yellow) per answer
    among the candidates, averaged under the prior (the same order as the seed's sum).

    Without a feedback per pair: a guess's greens and yellows of one letter together number
    min(its count in the guess, its count in the answer), so the points are the greens plus,
    for the k-th copy of each letter, the chance the answer holds at least k of it.
    """
    weights = game.weights_of(candidates)
    p = np.full(candidates.size, 1.0 / candidates.size) if weights is None else \
        weights / weights.sum()
    secrets = game.secrets[candidates].astype(np.int64)
    guess = game.guesses[guesses].astype(np.int64)
    letters = int(max(secrets.max(initial=0), guess.max(initial=0))) + 1
    length = secrets.shape[1]
    placed = np.zeros((length, letters))
    copies = np.zeros((candidates.size, letters), dtype=np.int64)
    for i in range(length):
        np.add.at(placed[i], secrets[:, i], p)
        np.add.at(copies, (np.arange(candidates.size), secrets[:, i]), 1)
    at_least = np.stack([p @ (copies >= k) for k in range(length + 1)], axis=1)
    out = np.zeros(len(guesses))
    for i in range(length):
        copy = (guess[:, : i + 1] == guess[:, i : i + 1]).sum(axis=1)
        out += placed[i, guess[:, i]] + at_least[guess[:, i], copy]
    return out


def _order(game: Game, pool: np.ndarray, cands: np.ndarray, by: str) -> np.ndarray:
    """Order of the pool's guesses (best first) by one ranking, candidates first on ties."""
    check_ranking(by)
    if by == "green-yellow":
        named = np.isin(pool, game.guess_of_secret(cands))
        return np.lexsort((~named, -green_yellow_scores(game, pool, cands)))
    weights = game.weights_of(cands)
    n = float(cands.size if weights is None else weights.sum())
    stats = game.stats(pool, cands)
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
    "green-yellow": lambda r: (-round(r.green_yellow, 9), -r.chance),
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
    order = _order(game, pool, cands, by)
    ratings = rate(game, pool[order[: max(5 * n, 50)]], cands)
    useful = [r for r in ratings if r.classes > 1 or r.candidate]  # a guess that tells nothing
    return sorted(useful, key=_EXACT_KEY[by])[:n]
