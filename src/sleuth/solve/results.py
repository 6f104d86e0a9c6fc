"""What an exact search returns: the optimal figures with the tree proving them (checked by
replaying the tree over every candidate), or the bound that cut a search short."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import ClassVar

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.tree import Evaluation, Node, TreePlayer, evaluate
from sleuth.solve.restriction import GuessRule
from sleuth.solve.tables import tables_of


@dataclass
class SearchResult:
    """An exact search's outcome: the optimal total (or worst case), the tree and its figures."""

    game: Game
    position: Position
    objective: str  # "mean" or "worst"
    total: int  # guesses over all candidates from the position, by the tree
    tree: Node
    evaluation: Evaluation
    exact: bool
    seconds: float
    nodes: int
    max_guesses: int | None = None
    notes: list[str] = field(default_factory=list)
    cut: ClassVar[bool] = False  # the search finished (see CutResult)

    @property
    def size(self) -> int:
        return int(self.position.candidates.size)

    @property
    def worst(self) -> int:
        """Most guesses any candidate needs (counting from the position)."""
        return int(self.costs().max())

    @property
    def first_guess(self) -> str:
        return self.game.guess_labels[self.tree.guess]

    @property
    def mean_fraction(self) -> Fraction:
        return Fraction(self.total, self.size)

    @property
    def mean(self) -> float:
        return self.total / self.size

    def costs(self) -> np.ndarray:
        """Guesses each candidate takes from the position, in candidate order."""
        return self.evaluation.cost[self.position.candidates] - self.position.cost

    def distribution(self) -> dict[int, int]:
        """Number of candidates found after each number of guesses."""
        values, counts = np.unique(self.costs(), return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts, strict=True)}

    def strategy(self) -> TreePlayer:
        return TreePlayer(self.tree, start=len(self.position.history))


@dataclass(frozen=True)
class CutResult:
    """An :func:`~sleuth.solve.search.optimal_mean` search stopped by its ``upper`` limit: no
    strategy (with the first guess given, if any) totals less than ``upper``; ``total`` is the
    least total the search proved, a lower bound of the optimum (>= ``upper``; exact bounds
    only when ``exact``, i.e. without ``top_k``)."""

    game: Game
    position: Position
    upper: int
    total: int
    exact: bool
    seconds: float
    nodes: int
    first_guess: str | None = None
    cut: ClassVar[bool] = True

    @property
    def size(self) -> int:
        return int(self.position.candidates.size)

    @property
    def mean(self) -> float:
        """The least mean the search proved (a lower bound)."""
        return self.total / self.size


def checked_result(game: Game, pos: Position, objective: str, tree: Node, exact: bool,
                   started: float, nodes: int, max_guesses: int | None) -> SearchResult:
    """Replay the tree over every candidate (a check of the search) and gather the figures."""
    strategy = TreePlayer(tree, start=len(pos.history))
    evaluation = evaluate(_uncapped(game, max_guesses), strategy, pos)
    total = int((evaluation.cost[pos.candidates] - pos.cost).sum())
    if not evaluation.won[pos.candidates].all():
        raise RuntimeError("the search's tree fails to find some secrets")
    rule = tables_of(game).rule
    if rule is not None:
        _check_rule(rule, tree, rule.state(pos.history))
    return SearchResult(game, pos, objective, total, tree, evaluation, exact,
                        time.perf_counter() - started, nodes, max_guesses)


def _check_rule(rule: GuessRule, node: Node, state: np.ndarray) -> None:
    """Raise if a guess of the tree breaks the restriction (the search must never propose
    one)."""
    allowed = rule.allowed_by(state)
    at = np.searchsorted(allowed, node.guess)
    if at == allowed.size or allowed[at] != node.guess:
        raise RuntimeError("the search's tree breaks the restriction of the guesses")
    for code, child in node.children.items():
        if child is not None:
            kid = np.empty_like(state)
            rule.after(rule.table, state, node.guess, code, kid)
            _check_rule(rule, child, kid)


def _uncapped(game: Game, max_guesses: int | None) -> Game:
    """The game with room for the tree's every guess (its limit checked by the search)."""
    return replace(game, max_cost=max(game.max_cost, max_guesses or 0, 1 << 20))
