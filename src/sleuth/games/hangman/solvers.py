"""The Hangman solvers, by name, and what each achieves over a whole list.

Every solver plays on the candidates that agree with every answer so far, under a prior over
the words (the game's ``weights``; uniform when there are none):

- :class:`FewestMisses` (``"misses"``): the seed's greedy rule, the letter that the fewest
  (weighted) candidates lack; ties go to the first letter of the alphabet.
- :class:`LetterEntropy` (``"entropy"``): the letter whose answer is most informative
  (entropy of the position masks); ties go to the fewest misses, then the alphabet.
- :class:`Exact` (``"exact"`` and ``"exact-win"``): a search that minimises the expected
  number of misses (``"exact-win"``: first maximises the chance to win with the game's lives,
  then minimises misses). It is exact on lists of up to ``whole_list`` words and on sets of
  up to ``exact_size`` candidates (:mod:`~sleuth.games.hangman.search`); above that it looks
  ``depth`` letters ahead and values what lies beyond by the better of the two greedy rules
  played out, a value it is sure to achieve. So it is never worse than either greedy rule (a
  rollout argument: see :func:`lookahead_value`).

With one candidate left (a list with a single word of the length) every solver names the first
letter of that word not guessed yet: a free hit. All the work is done by compiled kernels on
the game's table of letter-position masks (:mod:`~sleuth.games.hangman.masks`), so one node of
a search costs microseconds.

>>> from sleuth.games.hangman.game import hangman
>>> g = hangman(["deed", "dead", "dare"])
>>> g.guess_labels[FewestMisses().choose(g, g.start())]
'd'
>>> round(expected_misses(g), 3), expected_misses(g, "misses")
(0.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.games.hangman.greedy import ENTROPY, EPS, RULES, greedy_letter, letter_misses, play_out
from sleuth.games.hangman.masks import tables
from sleuth.games.hangman.search import (
    ABORTED,
    EXACT,
    UNLIMITED,
    exact_value,
    look_ahead,
    mark_too_hard,
    memo_value,
)

MEMO_LIMIT = 2_000_000  # the memo of a game is cleared past this many candidate sets
NO_BUDGET = 1 << 62  # search nodes allowed: no limit


def _candidates(position: Position) -> np.ndarray:
    """The candidates as the kernels want them: sorted int64 indices."""
    return np.sort(np.asarray(position.candidates, dtype=np.int64))


@dataclass(frozen=True)
class FewestMisses:
    """The seed's greedy rule: the letter the fewest (weighted) candidates lack.

    Any letter not guessed yet may be taken, even one that tells nothing (every candidate has
    it in the same places: a free hit); ties go to the first letter of the alphabet.
    """

    name: str = "misses"

    def choose(self, game: Game, position: Position) -> int:
        t = tables(game)
        miss, _, _ = letter_misses(t.masks, t.weights, _candidates(position))
        pool = game.allowed_guesses(position)  # the letters not guessed yet, a to z
        miss = miss[t.letter_of_guess[pool]]
        return int(pool[np.flatnonzero(miss <= miss.min() + EPS)[0]])


@dataclass(frozen=True)
class LetterEntropy:
    """Greedy entropy over letters: the most informative answer; ties to fewer misses."""

    name: str = "entropy"

    def choose(self, game: Game, position: Position) -> int:
        t = tables(game)
        cands = _candidates(position)
        touched = np.empty(cands.size, dtype=np.int32)
        letter = greedy_letter(t.masks, t.weights, cands, ENTROPY, t.bins, touched)
        if letter < 0:  # no letter splits the candidates: one word is left
            return FewestMisses().choose(game, position)
        return int(t.guess_of_letter[letter])


@dataclass(frozen=True)
class Exact:
    """Fewest expected misses (``objective="win"``: most wins with the game's lives first).

    A list of at most ``whole_list`` words is solved exactly from the start (within
    ``whole_budget`` search nodes). Otherwise each set of at most ``exact_size`` candidates
    is solved exactly (within ``node_budget`` nodes), and larger ones get a ``depth``-letter
    look-ahead that values what lies beyond by the better greedy play-out.
    """

    objective: str = "misses"
    exact_size: int = 12
    depth: int = 1
    node_budget: int = 5_000
    whole_list: int = 1000
    whole_budget: int = 1_000_000
    memo_limit: int = MEMO_LIMIT

    def __post_init__(self) -> None:
        if self.objective not in ("misses", "win"):
            raise ValueError(f"objective must be 'misses' or 'win', not {self.objective!r}")

    @property
    def name(self) -> str:
        return "exact" if self.objective == "misses" else "exact-win"

    def lives_left(self, game: Game, position: Position) -> int:
        """The misses still allowed, as the search sees them (unlimited for ``misses``)."""
        if self.objective == "misses":
            return UNLIMITED
        return min(UNLIMITED, max(0, game.max_cost - position.cost))

    def search_budget(self, game: Game, position: Position) -> int:
        """Nodes the exact search may spend here (0: the position is left to the look-ahead)."""
        if position.candidates.size <= self.exact_size:
            return self.node_budget
        if len(game.secrets) <= self.whole_list and not position.history:
            return self.whole_budget
        return 0

    def value(self, game: Game, position: Position) -> tuple[float, float, int, bool]:
        """(lost weight, miss weight, best letter, exact?) in the position; weights are scaled
        so that the mean word weighs one."""
        t = tables(game)
        cands = _candidates(position)
        lives = self.lives_left(game, position)
        if len(t.memo) > self.memo_limit:
            t.memo.clear()
        budget = np.array([self.search_budget(game, position)], dtype=np.int64)
        known = memo_value(cands, lives, t.memo)
        if known[2] == EXACT or (budget[0] and known[2] != ABORTED):
            lost, miss, flag, letter = exact_value(t.masks, t.weights, t.context(), cands,
                                                   lives, np.inf, np.inf, t.memo, budget)
            if flag == EXACT:
                return lost, miss, int(letter), True
            mark_too_hard(cands, lives, t.memo)
        n = t.masks.shape[0]
        lost, miss, letter = look_ahead(t.masks, t.weights, t.context(), cands, lives, self.depth,
                                        self.exact_size, self.node_budget, t.memo, budget,
                                        t.bins, np.zeros(n, dtype=np.int64),
                                        np.zeros(n, dtype=np.bool_))
        return lost, miss, int(letter), False

    def choose(self, game: Game, position: Position) -> int:
        letter = self.value(game, position)[2]
        if letter < 0:  # one word is left: any of its letters is a free hit
            return FewestMisses().choose(game, position)
        return int(tables(game).guess_of_letter[letter])


@dataclass(frozen=True)
class Optimal(Exact):
    """:class:`Exact` with no limit on its search: the proven optimum from every position (on
    big lists of short words it may search for hours: see :mod:`sleuth.games.hangman.optimal`)."""

    memo_limit: int = 20_000_000

    @property
    def name(self) -> str:
        return "optimal" if self.objective == "misses" else "optimal-win"

    def search_budget(self, game: Game, position: Position) -> int:
        return NO_BUDGET


Solver = FewestMisses | LetterEntropy | Exact

#: The solvers by name.
SOLVERS: dict[str, Callable[[], Solver]] = {
    "misses": FewestMisses,
    "entropy": LetterEntropy,
    "exact": Exact,
    "exact-win": lambda: Exact("win"),
    "optimal": Optimal,
    "optimal-win": lambda: Optimal("win"),
}


def get_solver(name: str) -> Solver:
    """A Hangman solver by name; raises ValueError listing the names when it is unknown."""
    try:
        return SOLVERS[name]()
    except KeyError:
        raise ValueError(f"unknown solver {name!r}; choose one of {', '.join(SOLVERS)}") \
            from None


def greedy_outcomes(game: Game, rule: str, lives: int | None = None
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Misses and lost flags of every word under a greedy rule, in one compiled pass.

    ``lives`` defaults to the game's; it is what :func:`sleuth.core.tree.evaluate` gives for
    :class:`FewestMisses` and :class:`LetterEntropy` (a test holds them equal).
    """
    t = tables(game)
    n = t.masks.shape[0]
    misses = np.zeros(n, dtype=np.int64)
    lost = np.zeros(n, dtype=np.bool_)
    k = game.max_cost if lives is None else lives
    play_out(t.masks, t.weights, np.arange(n, dtype=np.int64), min(k, UNLIMITED), RULES[rule],
             t.bins, misses, lost)
    return misses, lost


def lookahead_value(game: Game, solver: Exact | None = None) -> tuple[float, float, bool]:
    """(chance to lose, expected misses, exact?) of the Exact solver from the start.

    When not exact it is still a bound the solver is sure to reach: the search values every
    set it does not solve by a greedy play-out from there, and the solver, choosing again at
    each node with the same rule, never does worse than the play-out it was valued by.
    """
    solver = solver or Exact()
    lost, miss, _, exact = solver.value(game, game.start())
    n = len(game.secrets)
    return lost / n, miss / n, exact


def expected_misses(game: Game, solver: str = "exact") -> float:
    """Expected misses over the prior of a solver, from the start (unlimited lives).

    >>> from sleuth.games.hangman.game import hangman
    >>> expected_misses(hangman("puzzle guzzle muzzle nuzzle".split()), "misses")
    1.5
    """
    if solver in ("exact", "exact-win"):
        return lookahead_value(game, Exact())[1]
    misses, _ = greedy_outcomes(game, solver, UNLIMITED)
    return float((misses * tables(game).weights).mean())
