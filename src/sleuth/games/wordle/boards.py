"""Several Wordle boards played with the same guesses (Dordle, Quordle, Octordle): one position
per board, and a greedy player scoring each guess over every open board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.split import HIT
from sleuth.solve.greedy import METRICS, best_index

#: Below this many candidates a board's statistics are computed afresh rather than remembered.
UNCACHED = 200


def boards_attempts(n_boards: int) -> int:
    """The usual attempt limit with n boards: Dordle 7, Quordle 9, Octordle 13."""
    return n_boards + 5


@dataclass(frozen=True)
class Boards:
    """Several boards played with the same guesses: one position per board, and the guess
    number at which each board was solved (0 while open)."""

    positions: tuple[Position, ...]
    solved_at: tuple[int, ...]
    guesses: tuple[int, ...] = ()

    @property
    def open(self) -> list[int]:
        return [b for b, at in enumerate(self.solved_at) if at == 0]

    @property
    def done(self) -> bool:
        return not self.open


def boards_start(game: Game, n_boards: int) -> Boards:
    """Every board open with every answer possible."""
    start = game.start()
    return Boards((start,) * n_boards, (0,) * n_boards)


def boards_after(game: Game, boards: Boards, guess: int, codes: Sequence[int]) -> Boards:
    """The boards after one guess scored ``codes[b]`` on each open board ``b`` (solved boards'
    entries are ignored); raises :class:`sleuth.core.game.Contradiction` and changes nothing."""
    positions = list(boards.positions)
    solved_at = list(boards.solved_at)
    turn = len(boards.guesses) + 1
    for b in boards.open:
        positions[b] = game.after(positions[b], guess, int(codes[b]))
        if int(codes[b]) == game.solved:
            solved_at[b] = turn
    return Boards(tuple(positions), tuple(solved_at), (*boards.guesses, guess))


@dataclass
class BoardsGreedy:
    """A guess scored on every open board: the per-board statistics summed. A board down to
    one answer is finished first; otherwise the best summed metric, ties to a candidate."""

    metric: str = "entropy"
    hit_bonus: float = 1.0
    _cache: dict[bytes, np.ndarray] = field(default_factory=dict, repr=False)

    @property
    def name(self) -> str:
        return f"boards-{self.metric}"

    def choose(self, game: Game, boards: Boards) -> int:
        """The next guess: a board's last answer if one is down to one, else the best split."""
        open_ = [boards.positions[b] for b in boards.open]
        for pos in sorted(open_, key=lambda p: p.candidates.size):
            if pos.candidates.size == 1 and game.guess_of_secret(pos.candidates)[0] >= 0:
                return int(game.guess_of_secret(pos.candidates)[0])
        pool = np.arange(len(game.guesses))
        score, hit = np.zeros(pool.size), np.zeros(pool.size)
        for pos in open_:
            stats = self._stats(game, pool, pos.candidates)
            score += METRICS[self.metric](stats)
            hit += stats[:, HIT] / _mass(game, pos.candidates)
        own_guesses = np.concatenate([game.guess_of_secret(p.candidates) for p in open_])
        return best_index(score + self.hit_bonus * hit, pool, own_guesses[own_guesses >= 0])

    def _stats(self, game: Game, pool: np.ndarray, cands: np.ndarray) -> np.ndarray:
        if cands.size < UNCACHED:
            return game.stats(pool, cands)
        key = cands.tobytes()
        if key not in self._cache:
            self._cache[key] = game.stats(pool, cands)
        return self._cache[key]


def _mass(game: Game, cands: np.ndarray) -> float:
    """The candidates' total prior weight (their number under a uniform prior)."""
    weights = game.weights_of(cands)
    return cands.size if weights is None else float(weights.sum())


def play_boards(game: Game, secrets: Sequence[int], strategy: BoardsGreedy,
                attempts: int | None = None) -> Boards:
    """Play one multi-board game against the secrets (indices), to the end or the limit."""
    limit = boards_attempts(len(secrets)) if attempts is None else attempts
    boards = boards_start(game, len(secrets))
    target = np.asarray(secrets)
    while not boards.done and len(boards.guesses) < limit:
        guess = strategy.choose(game, boards)
        codes = game.feedback(game.guesses[guess : guess + 1], game.secrets[target])[0]
        boards = boards_after(game, boards, guess, codes)
    return boards
