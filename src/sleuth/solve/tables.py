"""The game as the exact search sees it: the feedback matrix, the guess that names each
secret, the restriction of the guesses and the symmetry it follows, and lower bounds on costs."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np

from sleuth.core.game import Game, PerGame
from sleuth.solve.restriction import GuessRule, rule_of
from sleuth.solve.symmetry import CodeSymmetry

INF = 1 << 40  # an impossible cost: more guesses than any game can take
MAX_GUESSES = 1 << 21  # the memo packs a guess index in 21 bits
MAX_CODES = 3**15  # the tables hold a cell per possible feedback


@dataclass(frozen=True)
class Tables:
    """A game as the search sees it: feedback matrix, solved code, guess<->secret maps, bounds."""

    codes: np.ndarray  # (guesses, secrets) feedback codes, uint8/uint16/int32
    solved: int
    guess_of_secret: np.ndarray  # int64 (secrets,): the guess that ends the game on it, or -1
    secret_of_guess: np.ndarray  # int64 (guesses,): the secret it ends the game on, or -1
    branching: int  # most unsolved feedback classes a guess can create
    token: str  # identifies the game (for caches across processes)
    symmetry: CodeSymmetry | None = None  # the game's symmetry, if it is a code game
    rule: GuessRule | None = None  # the restriction of the guesses by the feedback so far

    @property
    def n_codes(self) -> int:
        return int(self.codes.max()) + 1 if self.codes.size else 1

    def bounds(self, cap: int | None, weights: np.ndarray | None = None) -> np.ndarray:
        """Lower bounds ``[d, m]``: the least total cost of m secrets with d guesses left."""
        return lower_bounds(len(self.guess_of_secret), self.branching, cap, weights)


def feedback_matrix(game: Game, block: int = 4_000_000) -> np.ndarray:
    """Every guess's feedback code against every secret, in the smallest integer type."""
    n_g, n_s = len(game.guesses), len(game.secrets)
    dtype = np.uint8 if game.n_codes <= 256 else np.uint16 if game.n_codes <= 65536 else np.int32
    out = np.empty((n_g, n_s), dtype=dtype)
    step = max(1, block // max(1, n_s))
    for lo in range(0, n_g, step):
        rows = np.asarray(game.feedback(game.guesses[lo:lo + step], game.secrets))
        if rows.size and (rows.min() < 0 or rows.max() >= game.n_codes):
            raise ValueError(f"feedback codes must lie in 0..{game.n_codes - 1}")
        out[lo:lo + step] = rows
    return out


def tables(game: Game) -> Tables:
    """The search's view of a game; checks that the game can be searched exactly.

    Every end feedback becomes the one ``solved`` code (the game is over either way), and each
    guess may end the game on at most one secret, so a guess finds at most one secret, which
    the lower bounds assume. A secret that no guess ends gets -1 as its guess.
    """
    check_searchable(game)
    if len(game.guesses) >= MAX_GUESSES:
        raise ValueError(f"{game.name}: too many guesses for the exact search")
    if game.n_codes > MAX_CODES:
        raise ValueError(f"{game.name}: {game.n_codes:,} possible feedbacks is more than the "
                         f"exact search's tables hold ({MAX_CODES:,}; words of at most 15 "
                         "letters)")
    solved = game.solved_code()
    codes = game.end_as_solved(feedback_matrix(game))
    guess_of_secret = _guess_of_secret(game, codes == solved)
    secret_of_guess = np.full(len(game.guesses), -1, dtype=np.int64)
    named = guess_of_secret >= 0
    secret_of_guess[guess_of_secret[named]] = np.flatnonzero(named)
    branching = most_classes(codes, solved)
    rule = rule_of(game)
    digest = hashlib.sha1(codes.tobytes())
    digest.update(f"{codes.shape}{solved}{rule is not None}".encode())
    if rule is not None:
        digest.update(rule.table.tobytes() + rule.start.tobytes())
    symmetry = None if rule is not None else CodeSymmetry.detect(game, codes)
    return Tables(codes, solved, guess_of_secret, secret_of_guess, branching,
                  digest.hexdigest()[:16], symmetry, rule)


def most_classes(codes: np.ndarray, solved: int, block: int = 4_000_000) -> int:
    """The most unsolved feedback classes any one guess (row) makes, at least 1.

    >>> most_classes(np.array([[0, 1, 1, 2], [0, 0, 3, 3]], np.uint8), solved=2)
    2
    """
    most = 1
    step = max(1, block // max(1, codes.shape[1]))
    for lo in range(0, codes.shape[0], step):
        rows = np.sort(codes[lo:lo + step], axis=1, kind="stable")  # radix sort for small ints
        distinct = 1 + (np.diff(rows, axis=1) != 0).sum(axis=1)
        unsolved = distinct - (rows == solved).any(axis=1)
        most = max(most, int(unsolved.max(initial=0)))
    return most


def check_searchable(game: Game) -> None:
    """Raise ValueError for a game the exact search does not apply to."""
    if game.solved is None or game.step_cost is not None:
        raise ValueError(f"{game.name}: exact search needs a solved feedback and one cost per "
                         "guess (it does not apply to games like Hangman)")
    rule_of(game)  # raises for a restriction of the guesses the search cannot follow


def _guess_of_secret(game: Game, hit: np.ndarray) -> np.ndarray:
    """The guess that ends the game on each secret (-1: none); raises if a guess ends it on
    two secrets (an end feedback must mean 'the guess is the secret')."""
    many = np.flatnonzero(hit.sum(axis=1) > 1)
    if many.size:
        guess = int(many[0])
        first, second = np.flatnonzero(hit[guess])[:2]
        raise ValueError(f"{game.name}: exact search needs an end feedback to mean 'the guess "
                         f"is the secret', but {game.guess_labels[guess]!r} ends the game on "
                         f"both {game.secret_labels[first]!r} and {game.secret_labels[second]!r}")
    return np.where(hit.any(axis=0), hit.argmax(axis=0), -1).astype(np.int64)


#: :func:`tables` of a game, kept while the game is among the last eight searched.
tables_of = PerGame(tables, keep=8)


def lower_bounds(n: int, branching: int, cap: int | None,
                 weights: np.ndarray | None = None) -> np.ndarray:
    """Least total cost of m = 0..n secrets with d = 0..D guesses left (INF if they cannot fit).

    Level j of a tree (the j-th guess) holds at most branching**(j-1) nodes, each naming at most
    one secret, so the best conceivable tree fills the levels in order. A guess made with d
    guesses left costs ``weights[d]`` for each secret still in play (default 1: the cost is the
    number of guesses). Without a cap, row D is the bound with no limit (D levels always
    suffice) and deeper rows equal it.

    >>> lower_bounds(5, 2, None)[-1].tolist()  # 1 at level 1, 2 at level 2, 2 at level 3
    [0, 1, 3, 5, 8, 11]
    >>> int(lower_bounds(5, 2, 2)[2, 4]) == INF
    True
    """
    levels = 1
    while _capacity(levels, branching) < n:
        levels += 1
    depth = levels if cap is None else cap
    w = np.ones(depth + 1, dtype=np.int64) if weights is None else np.asarray(weights)
    out = np.zeros((depth + 1, n + 1), dtype=np.int64)
    for d in range(depth + 1):
        for m in range(1, n + 1):
            out[d, m] = _fill_cost(m, d, branching, w)
    return out


def _capacity(levels: int, branching: int) -> int:
    return sum(branching**j for j in range(levels))


def _fill_cost(m: int, levels: int, branching: int, weights: np.ndarray) -> int:
    total, left, width, paid = 0, m, 1, 0
    for level in range(1, levels + 1):
        paid += int(weights[levels - level + 1])
        take = min(left, width)
        total += paid * take
        left -= take
        if left == 0:
            return total
        width *= branching
    return INF


def capacities(n: int, branching: int) -> np.ndarray:
    """caps[d]: the most secrets any tree can find within d guesses (until it reaches n)."""
    caps = [0]
    while caps[-1] < n:
        caps.append(_capacity(len(caps), branching))
    return np.array(caps, dtype=np.int64)
