"""Play for points: strategies that maximise the expected score of games scored per attempt.

In Lingo a game solved at attempt t scores P(t) = 100 * (6 - t). Write S(C, u) for the best
total score (summed over the weighted candidates C) once u attempts are used. With one attempt
left S = P(u+1) * (heaviest weight): name the most probable candidate. With two left a guess g
scores P(u+1) * hit(g) + P(u+2) * best_next(g), both columns of ``class_stats``, so the exact
choice is one vectorised pass. With three left,

    S(C, u) = max_g  P(u+1) * hit(g) + sum over unsolved classes c of S(c, u+1),

searched exactly: every guess is bounded above by letting each class solve its heaviest secret
on the next attempt and the rest on the one after, which sorts the guesses and cuts the search as
soon as no remaining bound beats the best value found.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.journal import Form, Journal, Record, open_journal
from sleuth.core.parallel import cores, interruptible, on_threads
from sleuth.core.split import BEST_NEXT, CLASSES, ENTROPY, HIT
from sleuth.core.strategies import Strategy
from sleuth.solve.greedy import Greedy, best_index, heaviest_candidate, shortlist

if TYPE_CHECKING:
    from sleuth.games.lingo.endgame import Arena, ClassCodes, Context, LossBound
    from sleuth.solve.runner import Cluster, Workers


def _points(game: Game, attempt: int) -> float:
    """Points for solving at this attempt number (0 past the limit)."""
    if attempt > game.max_cost or game.points is None:
        return 0.0
    return float(game.points(attempt))


def two_left_values(game: Game, stats: np.ndarray, used: int) -> np.ndarray:
    """Exact total score of each guess when it and one more attempt remain."""
    return (_points(game, used + 1) * stats[:, HIT]
            + _points(game, used + 2) * stats[:, BEST_NEXT])


def classes(game: Game, guess: int, cands: np.ndarray) -> list[np.ndarray]:
    """The candidates split by the feedback ``guess`` gets, solved class excluded."""
    return [part for code, part in game.partition(guess, cands) if code != game.solved]


def class_totals(game: Game, guess: int, scores: np.ndarray) -> dict[int, float]:
    """What ``scores`` (each secret's points under a strategy opening with ``guess``) add up to
    in each class ``guess`` leaves, by the class's first secret: :func:`opening_proof`'s
    ``known``."""
    return {int(part[0]): float(scores[part].sum())
            for part in classes(game, guess, game.start().candidates)}


@dataclass
class ExactThree:
    """Exact best score with three attempts left, memoised by candidate set."""

    game: Game
    budget: int = 30_000_000
    memo: dict[bytes, float] = field(default_factory=dict)
    memo3: dict[bytes, float] = field(default_factory=dict)

    def weights(self, cands: np.ndarray) -> np.ndarray:
        w = self.game.weights_of(cands)
        return np.ones(cands.size) if w is None else w

    def two_left(self, cands: np.ndarray, used: int) -> float:
        """S(cands, used) with two attempts left: the best of every guess, exactly."""
        w = self.weights(cands)
        if cands.size <= 2:
            top = w.max()
            return _points(self.game, used + 1) * top + _points(self.game, used + 2) * (
                w.sum() - top)
        key = cands.tobytes()
        if key not in self.memo:
            self.memo[key] = self._two_left(cands, used, w)
        return self.memo[key]

    def _two_left(self, cands: np.ndarray, used: int, w: np.ndarray) -> float:
        """Best two-left score: the candidates first, the whole pool only if it could win.

        A guess that is not a candidate scores at most P(u+2) * (total weight), every class
        then solved on the last attempt; a candidate reaching that needs no wider search.
        """
        allowed = self.game.allowed_guesses(Position(cands, used))
        own = self.game.guess_of_secret(cands)
        own = own[(own >= 0) & np.isin(own, allowed)]
        best = -1.0
        if own.size:
            best = float(two_left_values(self.game, self.game.stats(own, cands), used).max())
            if best >= _points(self.game, used + 2) * w.sum() - 1e-9:
                return best
        stats = self.game.stats(allowed, cands)
        return max(best, float(two_left_values(self.game, stats, used).max()))

    def three_left(self, cands: np.ndarray, used: int) -> float:
        """S(cands, used) with three attempts left, memoised."""
        if cands.size <= 2:
            return self.two_left(cands, used)
        key = cands.tobytes()
        if key not in self.memo3:
            self.memo3[key] = self.best(Position(cands, used))[1]
        return self.memo3[key]

    def best(self, position: Position) -> tuple[int, float]:
        """The best guess with three attempts left and its exact total score."""
        game, cands, used = self.game, position.candidates, position.cost
        pool = game.allowed_guesses(position)
        stats = game.stats(pool, cands)
        p1, p2, p3 = (_points(game, used + k) for k in (1, 2, 3))
        total = self.weights(cands).sum()
        bound = ((p1 - p3) * stats[:, HIT] + (p2 - p3) * stats[:, BEST_NEXT]
                 + p3 * total)
        order = np.argsort(-bound, kind="stable")
        possible = set(game.guess_of_secret(cands).tolist())
        best_guess, best_value = int(pool[order[0]]), -1.0
        for i in order:
            if bound[i] < best_value - 1e-9:
                break  # sorted: no later guess can do better
            if bound[i] <= best_value + 1e-9 and (
                    int(pool[i]) not in possible or best_guess in possible):
                continue  # at best a tie it would not win
            guess = int(pool[i])
            value = p1 * stats[i, HIT] + sum(
                self.two_left(c, used + 1) for c in classes(game, guess, cands))
            better = value > best_value + 1e-9
            tie_to_candidate = (abs(value - best_value) <= 1e-9 and guess in possible
                                and best_guess not in possible)
            if better or tie_to_candidate:
                best_guess, best_value = guess, value
        return best_guess, best_value


@dataclass
class MaxScore:
    """Maximise expected points: exact with three or fewer attempts left, ``opening`` before.

    ``opening`` chooses while four or more attempts remain (greedy entropy by default); with
    ``lookahead`` = K, four attempts left, the K guesses of highest entropy are each scored by
    playing every class exactly with three left. Exact end games are memoised per game.
    """

    opening: Strategy = field(default_factory=lambda: Greedy("entropy"))
    name: str = "maxscore"
    lookahead: int = 0
    _exact: dict[int, ExactThree] = field(default_factory=dict, repr=False)

    def exact(self, game: Game) -> ExactThree:
        solver = self._exact.get(id(game))
        if solver is None or solver.game is not game:
            solver = self._exact[id(game)] = ExactThree(game)
        return solver

    def choose(self, game: Game, position: Position) -> int:
        left = game.max_cost - position.cost
        cands = position.candidates
        if left <= 1 or cands.size <= 2:
            return heaviest_candidate(game, position)
        if left == 2:
            pool = game.allowed_guesses(position)
            value = lambda s: two_left_values(game, s, position.cost)  # noqa: E731
            pool = shortlist(game, pool, cands, 30_000_000, 300, value)
            return best_index(value(game.stats(pool, cands)), pool,
                              game.guess_of_secret(cands))
        if left == 3:
            return self.exact(game).best(position)[0]
        if left == 4 and self.lookahead:
            return self.four_left(game, position)
        return self.opening.choose(game, position)

    def four_left(self, game: Game, position: Position) -> int:
        """Among the ``lookahead`` best guesses by entropy, the one whose classes score best
        when each is then played exactly with three attempts left."""
        cands, used = position.candidates, position.cost
        pool = game.allowed_guesses(position)
        stats = game.stats(pool, cands)
        order = np.argsort(-stats[:, ENTROPY], kind="stable")[: self.lookahead]
        top = pool[order]
        exact = self.exact(game)
        p1 = _points(game, used + 1)
        values = [p1 * stats[i, HIT] + sum(exact.three_left(c, used + 1)
                                              for c in classes(game, int(pool[i]), cands))
                  for i in order]
        return best_index(np.array(values), top, game.guess_of_secret(cands))


def perfect_split_bounds(game: Game, pool: np.ndarray, cands: np.ndarray, used: int
                         ) -> np.ndarray:
    """For each guess, an upper bound on the total score after playing it with ``used`` spent.

    The guess itself scores P(u+1) on the secret it names; in every other class at most one
    secret (the heaviest) can be named on the next attempt and the others no sooner than the one
    after, so a class c is worth at most P(u+2) * max(c) + P(u+3) * (weight(c) - max(c)).
    """
    stats = game.stats(pool, cands)
    weights = game.weights_of(cands)
    total = float(cands.size if weights is None else weights.sum())
    p1, p2, p3 = (_points(game, used + k) for k in (1, 2, 3))
    return p1 * stats[:, HIT] + (p2 - p3) * stats[:, BEST_NEXT] + p3 * (
        total - stats[:, HIT])


def counting_bound(game: Game, size: int, splits: int, used: int) -> float:
    """Best total score ``size`` secrets could reach if no guess splits them into more than
    ``splits`` classes: at most splits**(k-1) of them can be named on the k-th next attempt.

    >>> from sleuth.games.lingo.game import lingo_game
    >>> counting_bound(lingo_game(["ab"]), 10, 3, 3)  # 1 at 200 points, 3 at 100, 6 never
    500.0
    """
    total, left, reach = 0.0, size, 1
    for attempt in range(used + 1, game.max_cost + 1):
        named = min(left, reach)
        total += _points(game, attempt) * named
        left -= named
        reach *= max(splits, 1)
    return total


def upper_bound(game: Game, position: Position | None = None, *, depth: int = 2,
                top: int = 20) -> float:
    """A sound upper bound on the best total score any strategy can reach from ``position``.

    Depth 1 bounds every first guess by :func:`perfect_split_bounds`. Depth 2 replaces that bound,
    for the ``top`` most promising first guesses, by a bound per class: the better of its best
    second guess under the perfect-split bound and the counting bound with the most classes
    any guess makes of it; the other first guesses keep their (larger or equal) depth-1 bound, so
    the maximum over all of them stays sound. Uniform weights are assumed for the counting bound.
    """
    pos = game.start() if position is None else position
    pool = game.allowed_guesses(pos)
    first = perfect_split_bounds(game, pool, pos.candidates, pos.cost)
    if depth < 2:
        return float(first.max())
    order = np.argsort(-first, kind="stable")
    best = float(first[order[top]]) if order.size > top else 0.0
    p1 = _points(game, pos.cost + 1)
    stats = game.stats(pool[order[:top]], pos.candidates)
    for rank, i in enumerate(order[:top]):
        if first[i] <= best:
            break
        value = p1 * stats[rank, HIT]
        for part in classes(game, int(pool[i]), pos.candidates):
            value += class_bound(game, part, pos.cost + 1)
        best = max(best, value)
    return best


def class_bound(game: Game, cands: np.ndarray, used: int) -> float:
    """Upper bound on the best total score of one class (see :func:`upper_bound`)."""
    if cands.size == 1:
        weights = game.weights_of(cands)
        return _points(game, used + 1) * (1.0 if weights is None else float(weights[0]))
    inner = game.allowed_guesses(Position(cands, used))
    split = perfect_split_bounds(game, inner, cands, used)
    bound = float(split.max())
    if game.weights is None:
        splits = int(game.stats(inner, cands)[:, CLASSES].max())
        bound = min(bound, counting_bound(game, cands.size, splits, used))
    return bound


# largest class searched over every word when proving a first guess's value: one search cannot
# be stopped, so the limit keeps the time limit close (tarlies' classes at length 7, searched
# above what the tree reaches: 48 words 0.1 s, 164 words 0.7 s, 303 words 40 s; without that
# floor 15 s, 2.5 s and unfinished after 55 minutes)
FULL_SEARCH = 320
LOOKUPS_PER_SECOND = 3e8  # feedback codes endgame.loss_bound reads a second, for its budget
SEARCH_WITHIN = 0.02  # how close to a known total a bound must be for a search to be worth it
#: Seconds of codes read with which :meth:`Bounder._by_losses` tries each class in turn, a class
#: that used one up tried again with the next (at length 6 most classes need under 0.1 s, a
#: few minutes: trying those last spares most of the time).
LOSS_BUDGETS = (0.1, 1.0, 10.0, 100.0, np.inf)
#: Sweeps of :meth:`Bounder._by_losses` over the classes, each asked for its share of what is
#: still above (all of it in the last): a class asked for less is done sooner (at length 6,
#: 1.9x over asking each for all of it; 2.8x on the first guesses that need the most).
SHARE_SWEEPS = 6


class LossPlan(NamedTuple):
    """How :meth:`Bounder._by_losses` lowers class bounds: in ``sweeps`` sweeps (1: each class
    asked for all of what is above), with these ``budgets`` of seconds, and the class's codes
    read from the code table (``read``, when there is one) rather than computed."""

    sweeps: int = SHARE_SWEEPS
    budgets: tuple[float, ...] = LOSS_BUDGETS
    read: bool = True
    keep: bool = True  # codes read from the table kept for a class's next call (up to KEPT bytes)


#: Most bytes of codes :meth:`Bounder._by_losses` keeps between a class's calls (at length 6
#: every class of a first guess together: 1.6 GB; the largest classes first).
KEPT = 2 << 30
SETTLE_PLAN = LossPlan()  # the plan the settle uses


@dataclass(frozen=True)
class Bound:
    """A sound upper bound on the best total score and the first guess that holds it.

    ``exact``: no first guess can beat it by the two-deep bound (the search was not stopped by
    its time limit). ``optimum``: it is moreover the exact value of its first guess, every class
    searched until its value met its bound, so it is the best total any strategy reaches.
    ``refined`` counts the first guesses bounded against every word."""

    total: float
    guess: int
    exact: bool
    optimum: bool
    refined: int

    def rules_out(self, total: float) -> bool:
        """Whether no strategy reaches ``total``: the bound is below it (one that scores exactly
        ``total`` reaches it). The margin keeps a total computed as mean x words, a hair off by
        rounding, from being ruled out by a bound equal to it."""
        return self.total < total - 1e-6


class Searched(NamedTuple):
    """A first guess's bound after its classes were searched (:meth:`Bounder.searched`),
    whether every class met its bound (the bound is then its exact value), and the classes
    (indices into the candidates) still short of their bound, with it."""

    total: float
    met: bool
    short: list[tuple[np.ndarray, float]]


_ARENAS = threading.local()  # each thread's Arena (see Bounder._arena)


def searchable(game: Game, pos: Position) -> bool:
    """Whether level 3 applies to the first guesses at ``pos``: one to four attempts left
    after them (the attempts scored after the first guess number 2 to 5)."""
    return 2 <= game.max_cost - pos.cost <= 5


def first_level(game: Game, pos: Position) -> int:
    """The level :func:`_settle` bounds a first guess at when it first takes it up: 3 where
    level 3 applies (level 2, then at once level 3 if still above: its class bounds are at
    hand), else 2."""
    return 3 if searchable(game, pos) else 2


class Bounder:
    """The three ever tighter bounds of a first guess that :func:`deep_bound` asks for."""

    def __init__(self, game: Game, pos: Position, table: np.ndarray | None = None,
                 plan: LossPlan = SETTLE_PLAN) -> None:
        from sleuth.games.lingo import endgame

        self.game, self.pos, self.endgame, self.table = game, pos, endgame, table
        self.plan = plan
        solved = game.solved_code()
        self.ctx = endgame.context(game.guesses, solved)
        self.short = endgame.context(game.guesses, solved, exact=10, width=4)
        self.full = endgame.context(game.guesses, solved)  # every word, exact
        self.secrets = game.secrets[pos.candidates]
        self.own = game.guess_of_secret(pos.candidates)
        self.points = np.array([_points(game, a) for a in range(pos.cost + 1, game.max_cost + 1)])
        self.classes: dict[int, tuple[bool, list[np.ndarray], np.ndarray]] = {}  # by level 2
        self._losses: Context | None = None  # loss bounds' context (its memo holds bounds)

    @property
    def searchable(self) -> bool:
        """Whether level 3 applies: one to four attempts left after the first guess."""
        return searchable(self.game, self.pos)

    def two_deep(self, guess: int, exact: bool, target: float = -np.inf) -> float:
        """Level 1 (only candidates tried as second guesses) or level 2 (every word, only until
        the bound is at most ``target``); level 2 keeps its class bounds for level 3."""
        hit, parts, caps = self.endgame.class_bounds(
            self.ctx, self.secrets, self.own, self.points, guess, exact=exact, target=target,
            table=self.table, ids=None if self.table is None else np.arange(len(self.secrets)))
        if exact:
            self.classes[guess] = hit, parts, caps
        return float(self.points[0] * hit + caps.sum())

    def first_bounds(self, pool: np.ndarray) -> np.ndarray:
        """For every guess in ``pool``, its depth-1 bound (:func:`perfect_split_bounds`: its
        hit, then per class one secret on the next attempt and the rest on the one after),
        lowered by the feedback-code cap (:func:`endgame.codes_cap`) where some class
        could hold more secrets than there are codes, as on short words."""
        game, pos, eg = self.game, self.pos, self.endgame
        length = self.secrets.shape[1]
        if len(self.secrets) - 1 <= eg.split_codes(length):  # the cap cannot bite
            return perfect_split_bounds(game, pool, pos.candidates, pos.cost)
        pts = np.zeros(3)
        rest = self.points[1:4]
        pts[:rest.size] = rest
        table = np.array([0.0] + [min(pts[0] + pts[1] * (s - 1), eg.codes_cap(length, s, pts))
                                  for s in range(1, len(self.secrets) + 1)])
        hit = np.zeros(len(game.guesses))
        hit[self.own[self.own >= 0]] = self.points[0]
        return (hit + eg.class_sums(self.ctx, self.secrets, table))[pool]

    def searched(self, guess: int, deadline: float = float("inf"), *, values: bool = True,
                 known: dict[int, float] | None = None, full: bool = True,
                 leave: int = 0) -> Searched:
        """Level 3: each class's level-2 bound lowered by :func:`endgame.loss_bound`
        (which counts lost games), or replaced by its value when a search meets it. With
        ``values``, every class is first searched over a shortlist, or, with ``known`` (a total
        some strategy reaches, by the class's first secret), takes that. Then, smallest first
        until ``deadline`` (a perf_counter time), the classes short of their bound get the loss
        bound, and with ``values`` and ``full`` those of up to FULL_SEARCH candidates still
        short are searched over every word; the others keep their bound. Classes of up to
        ``leave`` words are left short for the caller to search (their searches count lost
        games first themselves)."""
        pts = self.points
        hit, parts, caps = self.classes.pop(guess)
        caps = caps.copy()
        found = np.full(len(parts), -np.inf)
        for t, part in enumerate(parts):
            if not values or time.perf_counter() > deadline:
                break
            found[t] = self.value(part, self.short) if known is None else known[int(part[0])]
        short = sorted((t for t in range(len(parts)) if found[t] < caps[t] - 1e-9),
                       key=lambda t: parts[t].size)
        if len(pts) - 1 in (3, 4):
            self.lower_by_losses(parts, caps, [t for t in short if parts[t].size > leave],
                                 deadline)
            short = [t for t in short if found[t] < caps[t] - 1e-9]
        for t in list(short):
            if not (values and full) or parts[t].size > FULL_SEARCH or \
                    time.perf_counter() > deadline:
                break
            caps[t] = self.value(parts[t], self.full, found[t])
            short.remove(t)
        return Searched(float(pts[0] * hit + caps.sum()), not short,
                        [(parts[t], float(caps[t])) for t in short])

    def lowered(self, guess: int, target: float, deadline: float = np.inf) -> float:
        """Level 3 towards ``target``: the guess's level-2 class bounds lowered only until its
        total is at most ``target``, by counting lost games (:meth:`_by_losses`), then by
        searching the classes of up to :data:`FULL_SEARCH` words, smallest first. Fully
        lowered when above ``target`` (unless past ``deadline``)."""
        hit, parts, caps = self.classes.pop(guess)
        caps = caps.copy()
        total = self._by_losses(parts, caps, float(self.points[0] * hit + caps.sum()), target,
                                deadline)
        for t in sorted(range(len(parts)), key=lambda t: parts[t].size):
            if total <= target or time.perf_counter() > deadline or \
                    parts[t].size > FULL_SEARCH or len(self.points) > 5:
                break
            if parts[t].size > 2:
                value = min(caps[t], self.value(parts[t], self.full, caps[t] - (total - target)))
                total -= caps[t] - value
                caps[t] = value
        return total

    def _by_losses(self, parts: list[np.ndarray], caps: np.ndarray, total: float,
                   target: float, deadline: float) -> float:
        """``total`` once the class bounds ``caps`` are lowered by counting lost games
        (:func:`endgame.budgeted_loss_bound`) until it is at most ``target``: each class
        asked only to come down by its share of what is still above (by its size; in the last
        of the plan's sweeps, all of it), with a small budget of work first and ever larger ones
        for those that used it up (the plan's budgets)."""
        big = sorted((t for t in range(len(parts)) if parts[t].size > 2),
                     key=lambda t: -parts[t].size)
        sweeps, budgets = self.plan.sweeps, self.plan.budgets
        if len(self.points) - 1 not in (3, 4):
            budgets = ()
        final: set[int] = set()  # classes at their full loss bound
        kept: dict[int, ClassCodes] = {}  # what was read on a class, for its next call
        arena = self._arena()
        if arena is not None:
            arena.rewind()  # what the last first guess kept
        for sweep, seconds in product(range(sweeps), budgets):
            todo = [t for t in big if t not in final]
            rest = sum(parts[t].size for t in todo)
            for t in todo:
                left = deadline - time.perf_counter()
                if total <= target or left <= 0:
                    return total
                share = (total - target) * (
                    parts[t].size / rest if sweep < sweeps - 1 else 1.0)
                rest -= parts[t].size
                found = self._kept_loss_bound(t, parts[t], caps[t], caps[t] - share,
                                              min(seconds, left), kept, arena)
                if found.within and found.bound > caps[t] - share:
                    final.add(t)
                total -= caps[t] - found.bound
                caps[t] = found.bound
        return total

    def _kept_loss_bound(self, t: int, part: np.ndarray, cap: float, floor: float,
                         seconds: float, kept: dict[int, ClassCodes], arena: Arena | None
                         ) -> LossBound:
        """Class ``t``'s :meth:`_loss_bound` with what an earlier call read on it (``kept``);
        what this call reads is kept, in ``arena``, unless the class is then at its full
        bound."""
        mark = 0 if arena is None else arena.used
        room = None if arena is None or t in kept else \
            arena.room(len(self.game.guesses), part.size)
        found = self._loss_bound(part, cap, floor, seconds, kept.get(t), room)
        if found.within and found.bound > floor:
            kept.pop(t, None)
        elif room is not None and found.codes is room:
            kept[t] = room
        if arena is not None and room is not None and t not in kept:
            arena.rewind(mark)  # this call's room not kept: handed out again
        return found

    def _loss_bound(self, part: np.ndarray, cap: float, floor: float, seconds: float,
                    codes: ClassCodes | None = None, room: ClassCodes | None = None
                    ) -> LossBound:
        """A class's :func:`endgame.budgeted_loss_bound`, asked only down to ``floor``, within
        about ``seconds`` of codes read (from the code table when there is one, into ``room``
        if given; none again if ``codes`` holds what an earlier call read)."""
        if self._losses is None:
            self._losses = self.endgame.context(self.game.guesses, self.game.solved_code())
        cands = self.pos.candidates[part]
        return self.endgame.budgeted_loss_bound(
            self._losses, self.game.secrets, cands, self.game.guess_of_secret(cands),
            self.points[1:], cap, int(min(seconds, 1e9) * LOOKUPS_PER_SECOND), floor,
            self._read(part), codes, room)

    def _read(self, part: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """Where to read a class's codes: the code table and its rows (if the plan reads it)."""
        return None if self.table is None or not self.plan.read else (self.table, part)

    def _arena(self) -> Arena | None:
        """Memory for the codes kept between a class's calls (if the plan keeps them): this
        thread's, made once for every Bounder it runs, at most :data:`KEPT` bytes, about what
        one first guess's classes need."""
        if not (self.plan.keep and self.plan.read and self.table is not None):
            return None
        rows = len(self.game.guesses)
        need = min(KEPT, rows * len(self.secrets) * 2 + rows * 16 * min(len(self.secrets), 1024))
        arena = getattr(_ARENAS, "arena", None)
        if arena is None or arena.buffer.size < need:
            arena = _ARENAS.arena = self.endgame.Arena(need)
        return arena

    def lower_by_losses(self, parts: list[np.ndarray], caps: np.ndarray, chosen: list[int],
                        deadline: float) -> None:
        """Lower ``caps`` of the ``chosen`` classes to their
        :func:`endgame.loss_bound`, in that order until ``deadline``, on every core (the
        kernels release the GIL; each thread has a context of its own)."""
        game, eg = self.game, self.endgame
        threads = max(1, min(cores(), 8, len(chosen)))
        stop = threading.Event()

        def lower(share: list[int]) -> None:
            ctx = eg.context(game.guesses, game.solved_code())
            for t in share:
                left = deadline - time.perf_counter()
                if left <= 0 or stop.is_set():
                    return
                cands = self.pos.candidates[parts[t]]
                caps[t] = eg.loss_bound(ctx, game.secrets, cands, game.guess_of_secret(cands),
                                        self.points[1:], caps[t],
                                        budget=int(min(left, 1e9) * LOOKUPS_PER_SECOND))

        on_threads(lower, [chosen[k::threads] for k in range(threads)], stop)

    def value(self, part: np.ndarray, ctx: Context, reached: float = -np.inf) -> float:
        """A class's value found by the search of ``ctx`` (shortlisted, or over every word);
        given a total some strategy ``reached`` there, only guesses beating it are searched."""
        cands = self.pos.candidates[part]
        floor = None if reached == -np.inf else reached
        return self.endgame.best_value(ctx, self.game.secrets, cands,
                                       self.game.guess_of_secret(cands), self.points[1:],
                                       floor)[0]


def deep_bound(game: Game, position: Position | None = None, *, seconds: float = 60.0,
               target: float | None = None, journal: Path | None = None,
               progress: Callable[[int, int], None] | None = None,
               proven: dict[int, float] | None = None, cluster: Cluster = None) -> Bound:
    """A sound upper bound on the best total score, as tight as ``seconds`` allow.

    Every first guess starts with its depth-1 bound (:func:`perfect_split_bounds`, lowered where
    its classes hold more secrets than there are feedback codes). The guess with the largest
    bound so far is tightened, one level at a time: two guesses deep trying only its classes'
    candidates next, then every word (:func:`endgame.class_bounds`), then by counting
    the games its classes must lose (:func:`endgame.loss_bound`) and searching them
    (four attempts left at most). When the largest bound is fully tightened, no
    other guess can beat it, and the others never needed the work. Past ``seconds`` the largest
    bound so far is returned: still sound, only looser (the limit is checked between classes, so
    a class search already under way finishes first). Uniform weights only; weighted games get
    :func:`upper_bound`.

    With a ``target`` total the question is only whether any strategy can reach it (see
    :func:`_settle`): being sound, the bound returned is at most ``target`` only when none
    can exceed it, and below it (:meth:`Bound.rules_out`) only when none can reach it. Each
    first guess's bound is then appended to ``journal`` (:data:`SETTLED`) as it is found and a
    rerun skips those recorded, so a long question is asked over several runs; ``progress(done,
    of)`` is told as first guesses are settled. ``proven`` (with a target): bounds on some first
    guesses proven elsewhere (as :func:`sleuth.games.lingo.prepare.prepare` proves its tree's
    opening), taken as they are. ``cluster`` (with a target, from the start): the first
    guesses are bounded on a Dask cluster's workers (a scheduler address or a client), a batch
    at a time, instead of on this process's threads.
    """
    pos = game.start() if position is None else position
    if game.weights is not None or pos.cost >= game.max_cost:
        return Bound(upper_bound(game, pos, depth=1), -1, False, False, 0)
    pool = game.allowed_guesses(pos)
    bounder = Bounder(game, pos)
    first = bounder.first_bounds(pool)
    deadline = time.perf_counter() + seconds
    if target is not None:
        if cluster is not None and position is not None:
            raise ValueError("a cluster settles first guesses from the start only")
        where = _Where(pos, pool, first, deadline, cluster)
        if journal is None:
            return _settle(game, where, float(target), None, progress, proven)
        with open_journal(journal, settled_header(game, pos, float(target)), SETTLED) as book:
            return _settle(game, where, float(target), book, progress, proven)
    order = np.argsort(-first, kind="stable")
    last = 3 if bounder.searchable else 2
    heap: list[tuple[float, int, int, bool]] = []  # (-bound, level, guess, value met)
    taken = refined = 0
    while True:
        untaken = first[order[taken]] if taken < order.size else -np.inf
        late = time.perf_counter() > deadline
        if not heap or untaken > -heap[0][0]:
            if late:
                return Bound(float(untaken), int(pool[order[taken]]), False, False, refined)
            guess, level = int(pool[order[taken]]), 1
            taken += 1
            value, met = bounder.two_deep(guess, exact=False), False
        else:
            total, level, guess, met = heapq.heappop(heap)
            if level >= 2 and (level == last or late):
                return Bound(-float(total), guess, True, met, refined)
            if late:
                return Bound(-float(total), guess, False, False, refined)
            level += 1
            if level == 2:
                value, refined = bounder.two_deep(guess, exact=True), refined + 1
            else:
                value, met, *_ = bounder.searched(guess, deadline)
        heapq.heappush(heap, (-value, level, guess, met))


class _Where(NamedTuple):
    """What :func:`_settle` starts from: the position, the first guesses allowed and their
    depth-1 bounds, the deadline (a perf_counter time) and the Dask cluster, if any."""

    pos: Position
    pool: np.ndarray
    first: np.ndarray
    deadline: float
    cluster: Cluster


def _settle(game: Game, where: _Where, target: float, journal: Journal | None = None,
            progress: Callable[[int, int], None] | None = None,
            proven: dict[int, float] | None = None) -> Bound:
    """Whether any strategy can reach ``target``: every first guess whose depth-1 bound
    (``first``) is above it is tightened as in :func:`deep_bound`, but only until it is at or
    below ``target``, on every core: each two guesses deep (which stops there too) and, if
    still above, at once by counting lost games and searching (level 3, from the level-2 class
    bounds just found; :func:`first_level`); then those a journal left above after level 2,
    largest first. It stops at the first guess still above ``target`` once fully tightened,
    or at ``deadline``.
    The bound returned is the largest over all first guesses (the untried ones at their
    depth-1 bound): at most ``target`` only when no strategy exceeds it. Each first guess's
    bound is appended to ``journal`` with its level; one recorded there is taken as it is, or,
    above ``target`` at level 2, tightened further; one in ``proven`` is taken as it is."""
    labels, (pos, pool, first, deadline, cluster) = game.guess_labels, where
    state = _Settling(target, deadline, journal, progress, int((first > target).sum()))
    proven = proven or {}
    for record in [] if journal is None else journal.found.records:
        if game.guess_index(record["guess"]) not in proven:
            state.add(float(record["bound"]), game.guess_index(record["guess"]),
                      int(record.get("level", 3)), None)
    for guess, value in proven.items():
        state.add(float(value), guess, 3, None)
    recorded = {labels[g] for _, g in state.bounds} | {labels[g] for _, g in state.pending}
    order = [int(pool[i]) for i in np.argsort(-first, kind="stable")
             if first[i] > target and labels[int(pool[i])] not in recorded]
    state.tell()
    if cluster is not None:
        _settle_on_cluster(game, cluster, state, order)
    else:
        _settle_on_threads(game, pos, state, order)
    untried = [(float(first[i]), int(pool[i])) for i in range(pool.size)
               if int(pool[i]) in state.untried]
    bounds = [*state.bounds, *state.pending, *untried]
    low = np.flatnonzero(first <= target)  # never tried: at or below the target at depth 1
    if low.size:
        best = int(low[np.argmax(first[low])])
        bounds.append((float(first[best]), int(pool[best])))
    total, guess = max(bounds)
    return Bound(float(total), guess, False, False, state.refined)


def _settle_on_threads(game: Game, pos: Position, state: _Settling, order: list[int]) -> None:
    """:func:`_settle`'s two levels on this process's threads (one code table shared, made
    only when there is time to use it)."""
    late = time.perf_counter() > state.deadline
    table = None if late else _shared_table(game, pos, len(order))
    for level, guesses in ((first_level(game, pos), order), (3, None)):
        queue = iter(guesses if guesses is not None else state.next_level())

        def work(_: int, level: int = level, queue: Iterator[int] = queue) -> None:
            bounder = Bounder(game, pos, table)
            while (guess := state.take(queue, level)) is not None:
                value, reached = _settled_bound(bounder, guess, state.target, level,
                                                state.deadline)
                state.add(value, guess, reached, game.guess_labels[guess])

        on_threads(work, range(min(cores(), 8)), state.stop)


def _settled_bound(bounder: Bounder, guess: int, target: float, level: int,
                   deadline: float) -> tuple[float, int]:
    """A first guess's bound at ``level`` (2: two guesses deep; 3: also lost games counted and
    classes searched), tightened only until it is at most ``target`` (cheap bounds first), and
    the level it took: 2 when two guesses deep were enough."""
    value, reached = bounder.two_deep(guess, exact=True, target=target), 2
    if level == 3 and value > target and bounder.searchable:
        value, reached = bounder.lowered(guess, target, deadline), 3
    bounder.classes.pop(guess, None)
    return value, reached


#: First guesses a cluster's worker bounds in one task (about half a minute of work at length 8).
CLUSTER_BATCH = 16


def _settle_on_cluster(game: Game, cluster: Cluster, state: _Settling, order: list[int]
                       ) -> None:
    """:func:`_settle`'s two levels on a Dask cluster: batches of first guesses, a few per
    worker thread in flight, each result recorded as it comes (Ctrl-C ends the run at once)."""
    from sleuth.solve.runner import workers_for

    if game.name != "lingo":
        raise ValueError("a cluster's workers settle the first guesses of Lingo games only")
    words = SettleWords(list(game.secret_labels), list(game.guess_labels), len(order))
    runner = workers_for(1, cluster, words)  # the words sent to each worker once
    try:
        for level, guesses in ((first_level(game, game.start()), order), (3, None)):
            queue = iter(guesses if guesses is not None else state.next_level())
            interruptible(partial(_batches_on, runner, words, state, queue, level))
    except BaseException:
        state.stop.set()
        runner.abort()
        raise
    runner.close()


def _batches_on(runner: Workers, words: SettleWords, state: _Settling,
                queue: Iterator[int], level: int) -> None:
    """Send ``queue``'s first guesses to ``runner`` in batches (:func:`settle_batch`) and record
    their bounds; a guess a worker had no time for stays untried."""
    pending: dict[object, list[int]] = {}

    def batch() -> list[int]:
        taken: list[int] = []
        while len(taken) < CLUSTER_BATCH and (guess := state.take(queue, level)) is not None:
            taken.append(guess)
        return taken

    while True:
        while len(pending) < 2 * runner.slots and (guesses := batch()):
            stop_at = time.time() + max(0.0, state.deadline - time.perf_counter())
            pending[runner.submit(settle_batch, runner.ref, guesses, state.target, level,
                                  stop_at)] = guesses
        if not pending:
            return
        done = next(iter(runner.as_completed(list(pending))))
        found = {guess: (value, reached) for guess, value, reached in done.result()}
        for guess in pending.pop(done):
            if guess in found:
                value, reached = found[guess]
                state.add(value, guess, reached, words.guesses[guess])
            else:
                state.leave(guess)


class SettleWords(NamedTuple):
    """What a worker rebuilds a Lingo game from (:func:`settle_batch`): its secrets and
    guesses, and how many first guesses are settled in all (a code table pays for many)."""

    secrets: list[str]
    guesses: list[str]
    planned: int


_WORKER_GAMES: dict[str, tuple[Game, np.ndarray | None]] = {}
_WORKER_LOCK = threading.Lock()


def settle_batch(words: SettleWords, guesses: list[int], target: float, level: int,
                 stop_at: float) -> list[tuple[int, float, int]]:
    """On a worker: the bounds of first guesses ``guesses`` of the Lingo game of ``words`` at
    ``level`` as :func:`_settle` finds them, each with the level it took, until ``stop_at``
    (seconds since the epoch). The game and its table are kept for the worker's next batch."""
    game, table = _worker_game(words)
    pos = game.start()
    bounder = Bounder(game, pos, table)
    deadline = time.perf_counter() + (stop_at - time.time())
    found: list[tuple[int, float, int]] = []
    for guess in guesses:
        if time.perf_counter() > deadline:
            break
        found.append((guess, *_settled_bound(bounder, guess, target, level, deadline)))
    return found


def _worker_game(words: SettleWords) -> tuple[Game, np.ndarray | None]:
    """The Lingo game of ``words`` and its code table (when it pays), made once a worker."""
    from sleuth.core.treefile import list_key
    from sleuth.games.lingo.game import lingo_game

    key = f"{list_key(words.secrets)}:{list_key(words.guesses)}"
    with _WORKER_LOCK:
        if key not in _WORKER_GAMES:
            _WORKER_GAMES.clear()
            game = lingo_game(words.secrets, words.guesses)
            _WORKER_GAMES[key] = game, _shared_table(game, game.start(), words.planned)
        return _WORKER_GAMES[key]


#: First guesses to settle from which a table of every word's codes on every candidate pays
#: (it takes about the time of a few of them to build: 70 s at length 9).
TABLE_FROM = 50


def _shared_table(game: Game, pos: Position, guesses: int) -> np.ndarray | None:
    """The codes of every word on the candidates (:func:`endgame.code_table`), for the threads
    to read instead of computing, when ``guesses`` first guesses are many enough to pay for it
    and it fits in memory; else None."""
    from sleuth.games.lingo import endgame

    n = int(pos.candidates.size)
    if guesses < TABLE_FROM or not endgame.table_fits(len(game.guesses), n,
                                                      game.guesses.shape[1]):
        return None
    return endgame.code_table(game.guesses, game.secrets[pos.candidates])


class _Settling:
    """What :func:`_settle`'s threads share: the bounds found (settled, or final above the
    target), those above it after level 2 (pending), the untried, the journal and progress."""

    def __init__(self, target: float, deadline: float, journal: Journal | None,
                 progress: Callable[[int, int], None] | None, of: int) -> None:
        self.target, self.deadline, self.of, self.refined = target, deadline, of, 0
        self.journal, self.progress = journal, progress
        self.bounds: list[tuple[float, int]] = []
        self.pending: list[tuple[float, int]] = []
        self.final: set[int] = set()  # the guesses in bounds
        self.untried: set[int] = set()
        self.lock, self.stop = threading.Lock(), threading.Event()

    @property
    def answered(self) -> bool:
        """Some first guess is above the target however tight its bound: the answer is no."""
        return any(value > self.target for value, _ in self.bounds)

    def next_level(self) -> list[int]:
        """The first guesses above the target after level 2, largest bound first."""
        return [g for _, g in sorted(self.pending, reverse=True)]

    def take(self, queue: Iterator[int], level: int) -> int | None:
        """The next first guess to bound, or None when there is none or the run is over (the
        rest of the queue then counted as untried)."""
        with self.lock:
            for guess in queue:
                if self.answered or time.perf_counter() > self.deadline or self.stop.is_set():
                    self.untried.add(guess)
                    continue
                if level == 3:
                    self.pending = [(v, g) for v, g in self.pending if g != guess]
                    self.untried.add(guess)  # until its level-3 bound comes
                self.refined += 1
                return guess
            return None

    def leave(self, guess: int) -> None:
        """A first guess taken but not bounded (its worker ran out of time): untried."""
        with self.lock:
            self.untried.add(guess)

    def add(self, value: float, guess: int, level: int, word: str | None) -> None:
        """Record a first guess's bound (``word``: also in the journal, unless a deadline cut
        a level-3 bound short above the target). A final bound (level 3, or at most the
        target) replaces a pending one of the same guess, in whichever order a journal has
        them."""
        with self.lock:
            self.untried.discard(guess)
            if level == 3 or value <= self.target:
                self.pending = [(v, g) for v, g in self.pending if g != guess]
                self.bounds.append((value, guess))
                self.final.add(guess)
            elif guess not in self.final:
                self.pending.append((value, guess))
            short = level == 3 and value > self.target and time.perf_counter() > self.deadline
            if word is not None and self.journal is not None and not short:
                self.journal.append({"guess": word, "bound": value, "level": level})
            if word is not None:
                self.tell()

    def tell(self) -> None:
        """Progress: the first guesses settled so far of those above the target at depth 1."""
        if self.progress is not None:
            self.progress(len(self.bounds), self.of)


def settled_header(game: Game, pos: Position, target: float) -> Record:
    """The first line of a journal of first guesses settled at ``target`` (see
    :func:`deep_bound`): the words and the question, which a rerun must match."""
    from sleuth.core.treefile import list_key

    return {"type": "header", "work": "lingo first guesses bounded at a target",
            "words": len(game.secrets), "key": list_key(game.secret_labels),
            "guesses": len(game.guesses), "candidates": int(pos.candidates.size),
            "used": int(pos.cost), "target": float(target)}


def _check_settled(record: Record) -> None:
    """A ValueError unless ``record`` is a header or a first guess with its bound (and the
    level it was tightened to: 2 or 3, as :func:`_settle` says)."""
    if record.get("type") != "header" and not (
            isinstance(record.get("guess"), str)
            and isinstance(record.get("bound"), int | float)
            and record.get("level", 3) in (2, 3)):
        raise ValueError("not a first guess with its bound")


#: A journal of :func:`deep_bound` with a target: a header, then one first guess a line.
SETTLED = Form("journal of first guesses bounded", lambda r: r.get("type") == "header",
               _check_settled)


def opening_bound(game: Game, guess: int, *, seconds: float = 60.0,
                  reached: float | None = None) -> Bound:
    """A sound upper bound on the best total score of any strategy that opens with ``guess``:
    its classes bounded two guesses deep against every word, then, for up to ``seconds`` more,
    each class's bound lowered by counting lost games, or replaced by its value where a search
    meets it (level 3 of :func:`deep_bound`). ``optimum`` says the bound is the exact best total
    after this opening. ``reached``: a total known to be reachable after this opening; the
    searches are then skipped unless the bound is within SEARCH_WITHIN of it (far from it, as
    on short words, only counting lost games can close the gap).

    >>> from sleuth.games.lingo.game import lingo_game
    >>> g = lingo_game(["abc", "abd", "abe", "xyz"])
    >>> opening_bound(g, g.guess_index("abc")).total  # abc, then xyz or abd, then abe
    1600.0
    """
    return opening_proof(game, guess, seconds=seconds, reached=reached)[0]


def opening_proof(game: Game, guess: int, *, seconds: float = 60.0,
                  reached: float | None = None, known: dict[int, float] | None = None,
                  full: bool = True, leave: int = 0) -> tuple[Bound, Searched]:
    """:func:`opening_bound`, and what its search found (:class:`Searched`), with the classes
    left short of their bound: where a tree may gain. ``known``: what a tree reaches in each
    class, by the class's first secret, taken instead of searching a shortlist (so the searches
    run however far the bound is from ``reached``); without ``full`` no class is searched over
    every word (the caller does it, as :func:`prepare.improved` does on its workers), and
    classes of up to ``leave`` words are not bounded here at all (the caller searches them)."""
    pos = game.start()
    if game.weights is not None or pos.cost >= game.max_cost:
        raise ValueError("opening bounds are for unweighted games with attempts left")
    bounder = Bounder(game, pos)
    total = bounder.two_deep(guess, exact=True)
    found = Searched(total, False, [])
    near = known is not None or reached is None or total <= reached * (1 + SEARCH_WITHIN)
    if seconds > 0 and bounder.searchable:
        found = bounder.searched(guess, time.perf_counter() + seconds, values=near, known=known,
                                 full=full, leave=leave)
    return Bound(float(found.total), guess, True, found.met, 1), found
