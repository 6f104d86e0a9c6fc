"""Decision trees: a strategy run against every secret at once.

Each node's guess is chosen once for all the secrets that reach it, and its feedback computed
for them in one array call; the secrets are then split by feedback and followed down. The
result gives every secret's outcome, hence the exact distribution of attempts and mean score.

>>> from sleuth.core.game import word_game
>>> from sleuth.core.strategies import get
>>> result = evaluate(word_game(["aa", "ab", "ba", "bb"]), get("entropy"))
>>> result.distribution()
{1: 1, 2: 3}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.strategies import Strategy


@dataclass
class Node:
    """One decision: the guess made here, the secrets reaching it, and a child per feedback."""

    guess: int
    size: int
    children: dict[int, Node | None] = field(default_factory=dict)


@dataclass
class Evaluation:
    """Every secret's outcome under a strategy: cost paid, and whether the game was won."""

    game: Game
    cost: np.ndarray
    won: np.ndarray
    root: Node | None
    nodes: int

    def distribution(self) -> dict[int, int]:
        """Number of games won at each cost (attempts, or misses in Hangman)."""
        values, counts = np.unique(self.cost[self.won], return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts, strict=True)}

    @property
    def failures(self) -> int:
        return int((~self.won).sum())

    def _weights(self) -> np.ndarray:
        w = self.game.weights
        return np.ones(len(self.cost)) if w is None else np.asarray(w, dtype=np.float64)

    def mean_score(self) -> float:
        """Expected points per game under the prior (Lingo: 100 * (6 - attempts), 0 if lost)."""
        points = np.array([self.game.score(int(c), bool(w))
                           for c, w in zip(self.cost, self.won, strict=True)])
        weights = self._weights()
        return float((points * weights).sum() / weights.sum())

    def mean_cost(self) -> float:
        """Expected cost per game (attempts, or misses), over all games won or lost."""
        weights = self._weights()
        return float((self.cost * weights).sum() / weights.sum())

    @property
    def worst(self) -> int:
        return int(self.cost.max())


def evaluate(game: Game, strategy: Strategy, position: Position | None = None, *,
             keep_tree: bool = False,
             progress: Callable[[int], None] | None = None) -> Evaluation:
    """Run ``strategy`` against every candidate of ``position`` (default: all secrets)."""
    start = game.start() if position is None else position
    cost = np.zeros(len(game.secrets), dtype=np.int64)
    won = np.zeros(len(game.secrets), dtype=bool)
    count = [0]

    def visit(pos: Position) -> Node:
        count[0] += 1
        guess = strategy.choose(game, pos)
        parts = game.partition(guess, pos.candidates)
        steps = game.cost_of(np.array([code for code, _ in parts]))
        node = Node(guess, int(pos.candidates.size))
        for (code, part), step in zip(parts, steps, strict=True):
            child = Position(part, pos.cost + int(step), (*pos.history, (guess, code)))
            secrets = child.candidates
            cost[secrets] = child.cost
            result = game.outcome(child)
            if result is None:
                sub = visit(child)
                node.children[code] = sub if keep_tree else None
                continue
            won[secrets] = result
            node.children[code] = None
            if progress is not None:
                progress(int(secrets.size))
        return node

    root = visit(start)
    return Evaluation(game, cost, won, root if keep_tree else None, count[0])
