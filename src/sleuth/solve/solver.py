"""The compiled search over one game's tables in one process (one thread), with its memos:
searches of a set of candidates, their trees, and the bounds and orders the root needs."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
from numba import types
from numba.typed import Dict

from sleuth.core.parallel import interruptible
from sleuth.core.tree import Node
from sleuth.solve import kernels
from sleuth.solve.kernels import EXACT_BIT, VALUE_BITS, Context, Run, entry_guess, node_key
from sleuth.solve.restriction import kernel_rule
from sleuth.solve.symmetry import kernel_symmetry
from sleuth.solve.tables import INF, Tables, capacities

FIRST_ROWS = 1024  # guesses left below which a Penalty(first=True) outweighs every total
NO_CAP = 1 << 30  # the depth passed when guesses are not capped (it is then never lowered)
NO_STATE = np.empty(0, np.int64)  # the restriction state of a game without restriction
NO_GUESSES = np.empty(0, np.int64)  # no guesses given: the node finds its own
ALL_NODES = 1 << 62  # no limit on the nodes a search visits



class Penalty(NamedTuple):
    """Games reaching ``level`` guesses left (those over the ``fewest_over`` guesses) counted
    apart: after the total (ties broken by fewest such games) or, with ``first``, before it."""

    level: int
    first: bool = False


Chooser = Callable[[np.ndarray, int | None, tuple[int, ...]], int]


class Solver:
    """The compiled search over one game's tables, with its memo, in one process (one thread)."""

    HISTORY = 64  # path length up to which symmetry is used

    def __init__(self, tab: Tables, symmetry: bool = True) -> None:
        self.tab = tab
        self.n_codes = tab.n_codes
        self.memos: dict[tuple, Dict] = {}
        self.stats = np.zeros(4, dtype=np.int64)  # nodes, scan work, failed nodes, guesses tried
        self._bounds: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
        self._runs: dict[tuple, Run] = {}
        self.caps = capacities(len(tab.guess_of_secret), tab.branching)
        sym = tab.symmetry if symmetry else None
        self.ctx = Context(tab.codes, tab.solved, tab.guess_of_secret, tab.secret_of_guess,
                           self.n_codes, tab.branching,
                           np.zeros(len(tab.guess_of_secret), dtype=np.bool_),
                           kernel_symmetry(sym),
                           kernel_rule(tab.rule, len(tab.guess_of_secret)),
                           np.empty((0, 0), tab.codes.dtype))
        self.symmetric = sym is not None

    def state(self, history: Sequence[int], cands: np.ndarray) -> np.ndarray:
        """The restriction state after the guesses of ``history`` (empty without restriction).

        Every candidate got the same feedback along the path, so the first one tells it.
        """
        if self.tab.rule is None:
            return NO_STATE
        secret = int(np.asarray(cands)[0])
        return self.tab.rule.state((g, int(self.tab.codes[g, secret])) for g in history)

    def _path_codes(self, history: Sequence[int]) -> tuple[np.ndarray, int]:
        """The guesses of the path as codes (for symmetry) and how many there are."""
        rows = self.ctx.symmetry.code_rows
        path_codes = np.zeros((self.HISTORY if self.symmetric else 1, rows.shape[1]), np.int64)
        if not self.symmetric:
            return path_codes, 1
        n = min(len(history), self.HISTORY)
        if n:
            path_codes[:n] = rows[np.asarray(history[:n], dtype=np.int64)]
        return path_codes, n

    def memo(self, kind: str, depth: int | None = None, penalty: Penalty | None = None,
             top_k: int = 0) -> Dict:
        """The memo of one kind of search: worst case; mean with or without a cap (and with a
        penalty; the heuristic ``top_k`` apart, its values being no bounds). Entries of capped
        searches are keyed by the guesses left."""
        key = (kind, depth is not None, penalty, top_k)
        if key not in self.memos:
            self.memos[key] = Dict.empty(key_type=types.int64, value_type=types.int64)
        return self.memos[key]

    def bounds(self, depth: int | None, penalty: Penalty | None = None) -> tuple[np.ndarray,
                                                                            np.ndarray]:
        """(lower bounds ``[d, m]``, guess weights ``[d]``) covering ``depth`` guesses left.

        A guess costs 1 per candidate; with a ``penalty`` level (guesses left), a guess there
        costs 1 more than elsewhere, and every guess counts n + 1 (n secrets), so totals compare
        first by guesses, then by games reaching that level; with ``penalty.first``, a guess
        there costs more than any total, so games reaching it are fewest first.
        """
        key = (depth is not None, penalty)
        have = self._bounds.get(key)
        if have is not None and (depth is None or have[0].shape[0] > depth):
            return have
        n = len(self.tab.guess_of_secret)
        if depth is None:
            lbs = self.tab.bounds(None)
            weights = np.ones(lbs.shape[0], dtype=np.int64)
        else:
            rows = max(depth, 0 if have is None else have[0].shape[0] - 1)
            weights = np.ones(rows + 1, dtype=np.int64)
            if penalty is not None:
                weights = _weights(n, rows, penalty)
            lbs = self.tab.bounds(rows, weights)
        self._bounds[key] = (lbs, weights)
        return lbs, weights

    def _mean_run(self, depth: int | None, top_k: int = 0, penalty: Penalty | None = None) -> Run:
        """What the optimal-mean search with ``depth`` guesses left shares across its nodes
        (kept: see :func:`kernels._typeof_known`)."""
        lbs, weights = self.bounds(depth, penalty)
        key = ("mean", depth is not None, penalty, top_k)
        run = self._runs.get(key)
        if run is None or run.bounds is not lbs:
            run = Run(lbs, weights, self.caps, self.memo("mean", depth, penalty, top_k), self.stats,
                      depth is not None, top_k, _NO_CORES, np.zeros(1, np.int64))
            self._runs[key] = run
        return run

    def _worst_run(self) -> Run:
        """What the worst-case search shares across its nodes (capacities, not bounds)."""
        key = ("worst", True, None, 0)
        if key not in self._runs:
            n_guesses, n_secrets = self.tab.codes.shape
            self.ctx = self.ctx._replace(by_secret=np.ascontiguousarray(self.tab.codes.T))
            self._runs[key] = Run(_NO_BOUNDS, _ONE, self.caps, self.memo("worst"), self.stats,
                                  True, 0, kernels.no_cores(kernels.CORE_POOL,
                                                            kernels.CORE_WIDTH, n_guesses,
                                                            n_secrets),
                                  np.zeros(1, np.int64))
        return self._runs[key]

    def _off_main(self, kernel: Callable[[], Any]) -> Any:
        """``kernel()`` on a thread of its own, so that Ctrl-C is answered at once even on the
        main thread (:func:`interruptible`); a kernel so abandoned still works on this solver's
        memos, so the solver is dropped for a new one."""
        try:
            return interruptible(kernel)
        except KeyboardInterrupt:
            for key in [key for key, solver in _SOLVERS.items() if solver is self]:
                del _SOLVERS[key]
            raise

    # optimal mean

    def mean(self, cands: np.ndarray, depth: int | None, beta: int = INF,
             history: Sequence[int] = (), top_k: int = 0, penalty: Penalty | None = None) -> int:
        """Least total cost of ``cands`` (< beta), or a lower bound >= beta; ``history``: the
        guesses that led to them (for symmetry and the restriction)."""
        path_codes, path_len = self._path_codes(history)
        run, state = self._mean_run(depth, top_k, penalty), self.state(history, cands)
        return int(self._off_main(lambda: kernels.mean_cost(
            self.ctx, run, sorted_set(cands), NO_CAP if depth is None else depth, beta,
            NO_GUESSES, path_codes, path_len, state, NO_GUESSES)))

    def refined(self, classes: Sequence[np.ndarray], depth: int | None,
                history: Sequence[int] = (), penalty: Penalty | None = None) -> list[int]:
        """Lower bounds on the least totals of some classes (of one node): what the memo knows,
        else one level of look-ahead (:func:`kernels.refined_bound`), then remembered."""
        if not classes:
            return []
        members = [sorted_set(m) for m in classes]
        sizes = np.array([m.size for m in members], dtype=np.int64)
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        states = np.array([self.state(history, m) for m in members], dtype=np.int64)
        states = np.ascontiguousarray(states.reshape(len(members), -1))
        flat = np.concatenate(members)
        run = self._mean_run(depth, 0, penalty)
        bounds = self._off_main(lambda: kernels.refined_bounds(
            self.ctx, run, flat, starts, sizes, NO_CAP if depth is None else depth, states))
        return [int(b) for b in bounds]

    def mean_tree(self, cands: np.ndarray, depth: int | None, history: Sequence[int] = (),
                  top_k: int = 0, penalty: Penalty | None = None) -> Node:
        """The tree of an optimal strategy for ``cands`` (solving what the memo lacks)."""
        memo = self.memo("mean", depth, penalty, top_k)

        def choose(c: np.ndarray, d: int | None, path: tuple[int, ...]) -> int:
            key = int(node_key(c, 0 if d is None else d, self.state(path, c)))
            entry = memo.get(key, -1)
            if entry < 0 or not entry & EXACT_BIT or entry & VALUE_BITS >= INF:
                self.mean(c, d, INF, path, top_k, penalty)
                entry = memo[key]
            return entry_guess(entry)

        return self.tree(sorted_set(cands), depth, tuple(history), choose)

    # optimal worst case

    def fits(self, cands: np.ndarray, depth: int, history: Sequence[int] = ()) -> bool:
        """Whether every candidate can be found within ``depth`` guesses."""
        return bool(self.fits_within(cands, depth, history))  # never None without a limit

    def fits_within(self, cands: np.ndarray, depth: int, history: Sequence[int] = (),
                    nodes: int = ALL_NODES) -> bool | None:
        """:meth:`fits`, or None if it takes more than ``nodes`` nodes (those not finished are
        not remembered)."""
        path_codes, path_len = self._path_codes(history)
        run = self._worst_run()
        run.budget[0] = nodes
        state = self.state(history, cands)
        found = bool(self._off_main(lambda: kernels.fits(
            self.ctx, run, sorted_set(cands), depth, NO_GUESSES, path_codes, path_len, state,
            NO_GUESSES)))
        return None if run.budget[0] < 0 else found

    def fits_tree(self, cands: np.ndarray, depth: int, history: Sequence[int] = ()) -> Node:
        """A tree finding every candidate within ``depth`` guesses (which must be possible)."""
        memo = self.memo("worst")

        def choose(c: np.ndarray, d: int | None, path: tuple[int, ...]) -> int:
            if d is None:
                raise ValueError("a worst-case tree needs the guesses left")
            key = int(node_key(c, d, self.state(path, c)))
            if key not in memo:
                self.fits(c, d, path)
            entry = memo[key]
            if entry & VALUE_BITS != 1:
                raise RuntimeError("no tree within the depth: the search is inconsistent")
            return entry_guess(entry)

        return self.tree(sorted_set(cands), depth, tuple(history), choose)

    def tree(self, cands: np.ndarray, depth: int | None, path: tuple[int, ...],
             choose: Chooser) -> Node:
        """The tree below a node, each node's guess from ``choose`` (the first candidate's
        guess for two candidates or fewer)."""
        t = self.tab
        s = cands.size
        guess = int(t.guess_of_secret[cands[0]]) if s <= 2 else choose(cands, depth, path)
        node = Node(guess, int(s))
        row = t.codes[guess, cands].astype(np.int64)
        child_depth = None if depth is None else depth - 1
        for code in np.unique(row):
            if code == t.solved:
                node.children[int(code)] = None
            else:
                node.children[int(code)] = self.tree(cands[row == code], child_depth,
                                                     (*path, guess), choose)
        return node

    def child_bounds(self, depth: int | None, penalty: Penalty | None = None) -> np.ndarray:
        """Lower bounds by class size for the classes of a node with ``depth`` guesses left."""
        lbs, _ = self.bounds(depth, penalty)
        return lbs[-1] if depth is None else lbs[depth - 1]

    def guess_bounds(self, cands: np.ndarray, depth: int | None, guesses: np.ndarray,
                     penalty: Penalty | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Root guesses that split the candidates, in search order, with their lower bounds."""
        cands = sorted_set(cands)
        class_bounds = self.child_bounds(depth, penalty)
        _, weights = self.bounds(depth, penalty)
        weight = int(weights[-1 if depth is None else depth])
        n = guesses.size
        bound, order_key = np.empty(n, np.int64), np.empty(n, np.float64)
        picked = np.empty(n, np.int64)
        count, other = np.zeros(self.n_codes, np.int64), np.zeros(self.n_codes, np.int64)
        kept = kernels.scan(self.ctx, self.ctx.codes, cands, class_bounds, weight, cands,
                            as_indices(guesses), True, INF + 1, -1, count, other, bound,
                            order_key, picked, _NONE, _NONE)[0]
        order = np.argsort(order_key[:kept], kind="stable")
        return picked[order], bound[order]

    def worst_order(self, cands: np.ndarray, guesses: np.ndarray) -> np.ndarray:
        """Root guesses ordered by their largest class, then by most classes."""
        rows = self.tab.codes[np.asarray(guesses)][:, sorted_set(cands)].astype(np.int64)
        largest = np.empty(len(rows), dtype=np.int64)
        parts = np.empty(len(rows), dtype=np.int64)
        for i, r in enumerate(rows):
            counts = np.bincount(r, minlength=self.n_codes)
            parts[i] = np.count_nonzero(counts)
            counts[self.tab.solved] = 0
            largest[i] = counts.max()
        useful = (parts > 1) | (largest < len(cands))
        order = np.lexsort((-parts, largest))
        return np.asarray(guesses)[order[useful[order]]]


_NO_BOUNDS = np.zeros((1, 1), np.int64)  # the worst-case search uses capacities instead
_ONE = np.ones(1, np.int64)
_NONE = np.empty(0, np.int64)
_NO_CORES = kernels.no_cores()  # only the worst-case search learns cores


def sorted_set(cands: np.ndarray) -> np.ndarray:
    """Candidates as the kernels take them: sorted int64 indices."""
    return np.ascontiguousarray(np.sort(np.asarray(cands, dtype=np.int64)))


def as_indices(guesses: np.ndarray) -> np.ndarray:
    """Guess indices as the kernels take them: contiguous int64."""
    return np.ascontiguousarray(guesses, dtype=np.int64)


_SOLVERS: dict[tuple[str, int, bool], Solver] = {}
_TABLES: dict[str, Tables] = {}


def solver_for(tab: Tables | str, symmetry: bool = True) -> Solver:
    """This process's (and thread's) solver for some tables, kept with its memo between calls;
    tables given by token must have been made known by :func:`install`."""
    if isinstance(tab, str):
        tab = _TABLES[tab]
    key = (tab.token, threading.get_ident(), symmetry)
    if key not in _SOLVERS:
        if len(_SOLVERS) >= 8:
            _SOLVERS.pop(next(iter(_SOLVERS)))
        _SOLVERS[key] = Solver(tab, symmetry)
    return _SOLVERS[key]


def install(tab: Tables) -> None:
    """Make the tables known in this process by their token (in a worker process)."""
    _TABLES[tab.token] = tab


def forget() -> None:
    """Drop this process's solvers and their memos (the next search starts from nothing)."""
    _SOLVERS.clear()


def forget_positions(past: int = 0) -> None:
    """Empty this process's memos once they hold more than ``past`` positions, keeping what
    else the solvers learnt (the worst-case search's cores)."""
    if memo_entries() > past:
        for solver in _SOLVERS.values():
            for memo in solver.memos.values():
                memo.clear()


def memo_entries() -> int:
    """How many positions this process's memos hold (each some tens of bytes)."""
    return sum(len(memo) for solver in _SOLVERS.values() for memo in solver.memos.values())


def _weights(n: int, rows: int, penalty: Penalty) -> np.ndarray:
    """What a guess costs with each number of guesses left (``rows`` + 1 of them), n secrets:
    the penalty's level weighs one game more (or, with ``first``, more than every total of
    games shorter than ``FIRST_ROWS``, whatever ``rows`` later grows to)."""
    if penalty.first:
        if rows >= FIRST_ROWS:
            raise ValueError(f"fewest games first needs fewer than {FIRST_ROWS} guesses")
        weights = np.ones(rows + 1, dtype=np.int64)
        if 0 < penalty.level <= rows:
            weights[penalty.level] += n * FIRST_ROWS + 1
        return weights
    weights = np.full(rows + 1, n + 1, dtype=np.int64)
    if 0 < penalty.level <= rows:
        weights[penalty.level] += 1
    return weights
