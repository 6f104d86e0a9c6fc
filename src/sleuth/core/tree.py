"""Decision trees: a strategy run against every secret at once.

Each node's guess is chosen once for all the secrets that reach it, and its feedback computed
for them in one array call; the secrets are then split by feedback and followed down. The
result gives every secret's outcome, hence the exact distribution of attempts and mean score.
A kept tree plays back as a strategy (:class:`TreePlayer`) and goes to and from a tree file
(:mod:`sleuth.core.treefile`) by :func:`to_labels` and :func:`from_labels`. A
:class:`LazyTree` is the same tree computed only where it is walked (one game, say).

>>> from sleuth.words.game import word_game
>>> from sleuth.core.strategies import get
>>> result = evaluate(word_game(["aa", "ab", "ba", "bb"]), get("entropy"))
>>> result.distribution()
{1: 1, 2: 3}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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

    def scores(self) -> np.ndarray:
        """Each secret's points (Lingo: 100 * (6 - attempts), 0 if lost)."""
        return np.array([self.game.score(int(c), bool(w))
                         for c, w in zip(self.cost, self.won, strict=True)], dtype=np.float64)

    def mean_score(self) -> float:
        """Expected points per game under the prior."""
        weights = self._weights()
        return float((self.scores() * weights).sum() / weights.sum())

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



class LazyTree:
    """A strategy's decision tree computed only where it is walked: a node's guess is chosen
    when first asked for, and a child made when first followed (then kept).

    >>> from sleuth.words.game import word_game
    >>> from sleuth.core.strategies import get
    >>> game = word_game(["aa", "ab", "ba", "bb"])
    >>> tree = LazyTree(game, get("entropy"))
    >>> tree.label, [(game.render(code), n) for code, n in tree.feedbacks()]
    ('aa', [('XX', 1), ('XO', 1), ('OX', 1), ('OO', 1)])
    >>> after = tree.child(game.parse("XO"))
    >>> after.candidate_labels, after.outcome, after.label
    (['ba'], None, 'ba')
    >>> tree.against(game.secret_labels.index("bb")).position.cost
    2
    """

    def __init__(self, game: Game, strategy: Strategy, position: Position | None = None) -> None:
        self.game, self.strategy = game, strategy
        self.position = game.start() if position is None else position
        self._guess: int | None = None
        self._children: dict[int, LazyTree] = {}

    @property
    def candidates(self) -> np.ndarray:
        """The secrets still possible here (indices)."""
        return self.position.candidates

    @property
    def candidate_labels(self) -> list[str]:
        return self.game.secret_words(self.position.candidates)

    @property
    def outcome(self) -> bool | None:
        """True if the game is won here, False if lost, None while it goes on."""
        return self.game.outcome(self.position)

    @property
    def guess(self) -> int:
        """The strategy's guess here (chosen on first use); ValueError once the game is over."""
        if self.outcome is not None:
            raise ValueError("the game is over here: there is no guess to make")
        if self._guess is None:
            self._guess = int(self.strategy.choose(self.game, self.position))
        return self._guess

    @property
    def label(self) -> str:
        return self.game.guess_labels[self.guess]

    def feedbacks(self) -> list[tuple[int, int]]:
        """Each feedback the guess can get here, with the number of candidates giving it."""
        return [(code, int(part.size))
                for code, part in self.game.partition(self.guess, self.candidates)]

    def child(self, code: int) -> LazyTree:
        """The tree after the guess here got feedback ``code``; Contradiction if no candidate
        gives it."""
        if code not in self._children:
            after = self.game.after(self.position, self.guess, code)
            self._children[code] = LazyTree(self.game, self.strategy, after)
        return self._children[code]

    def children(self) -> Iterator[tuple[int, LazyTree]]:
        """(feedback, subtree) for every feedback the guess here can get."""
        for code, _ in self.feedbacks():
            yield code, self.child(code)

    def follow(self, answer: Callable[[int], int]) -> LazyTree:
        """Where the tree ends when each guess (an index) gets the feedback code ``answer``
        gives it (a person or a program answering): its history is the game."""
        node = self
        while node.outcome is None:
            node = node.child(answer(node.guess))
        return node

    def against(self, secret: int) -> LazyTree:
        """Where the tree ends against one secret (an index)."""
        return self.follow(lambda guess: int(self.game.codes(guess, np.array([secret]))[0]))

    def node(self) -> Node:
        """The whole tree below as a :class:`Node` (every node computed), as ``evaluate`` keeps
        it: finished branches are None."""
        out = Node(self.guess, int(self.candidates.size))
        for code, sub in self.children():
            out.children[code] = None if sub.outcome is not None else sub.node()
        return out

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
