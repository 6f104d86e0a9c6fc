"""Decision trees: a strategy run against every secret at once.

Each node's guess is chosen once for all the secrets that reach it, and its feedback computed
for them in one array call; the secrets are then split by feedback and followed down. The
result gives every secret's outcome, hence the exact distribution of attempts and mean score.
A kept tree plays back as a strategy (:class:`TreePlayer`) and goes to and from a tree file
(:mod:`sleuth.core.treefile`) by :func:`to_labels` and :func:`from_labels`.

>>> from sleuth.words.game import word_game
>>> from sleuth.core.strategies import get
>>> result = evaluate(word_game(["aa", "ab", "ba", "bb"]), get("entropy"))
>>> result.distribution()
{1: 1, 2: 3}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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


# -- trees as files (see :mod:`sleuth.core.treefile`) and played ----------------------------------


def to_labels(game: Game, node: Node) -> dict[str, Any]:
    """A tree as a tree file holds it: each guess by its label, each next node by the code of
    the feedback that leads to it (the feedbacks that end the game have none)."""
    out: dict[str, Any] = {"guess": game.guess_labels[node.guess]}
    after = {str(code): to_labels(game, child)
             for code, child in sorted(node.children.items()) if child is not None}
    if after:
        out["next"] = after
    return out


def from_labels(game: Game, tree: dict[str, Any]) -> Node:
    """The tree a tree file holds, over ``game`` (sizes are not stored: 0); raises ValueError
    naming a guess the game does not allow or a feedback code it cannot give."""
    root = Node(game.guess_index(tree["guess"]), 0)
    stack = [(root, tree)]
    while stack:
        node, data = stack.pop()
        for key, child in data.get("next", {}).items():
            code = int(key)
            if not 0 <= code < game.n_codes:
                raise ValueError(f"feedback code {code} after {data['guess']!r} is not one of "
                                 f"this game's")
            kid = Node(game.guess_index(child["guess"]), 0)
            node.children[code] = kid
            stack.append((kid, child))
    return root


@dataclass
class TreePlayer:
    """Play by a decision tree: the guess of the node the history leads to. Off the tree (a
    history the tree does not hold), play ``fallback``, or raise ValueError without one."""

    root: Node
    name: str = "tree"
    fallback: Strategy | None = None
    start: int = 0  # guesses already in the history at the root

    def node(self, position: Position) -> Node | None:
        """The tree's node for this position, or None off the tree."""
        node: Node | None = self.root
        for guess, code in position.history[self.start:]:
            if node is None or node.guess != guess:
                return None
            node = node.children.get(code)
        return node

    def choose(self, game: Game, position: Position) -> int:
        node = self.node(position)
        if node is not None:
            return node.guess
        if self.fallback is None:
            raise ValueError("this position is not in the strategy's tree")
        return self.fallback.choose(game, position)
