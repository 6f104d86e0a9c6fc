"""Exact search over any :class:`~sleuth.core.game.Game`: optimal worst case and optimal mean.

Both searches work on the game's full matrix of feedback codes (one row per guess, one column
per secret) with compiled (numba) inner loops; a set of candidates is a sorted array of secret
indices, memoised by a 64-bit hash of its indices (and the guesses left when there is a cap).

- :func:`optimal_worst`: the smallest k such that some strategy finishes every game within k
  guesses, by a branch-and-bound test "can every candidate be solved within k?", and a tree.
- :func:`optimal_mean`: the strategy minimising the total (hence mean) number of guesses over
  the candidates, optionally under a cap on guesses. Branch and bound: a class of s secrets
  costs at least 2s-1 guesses in total (fewer levels than needed raise it: a node has at most
  B unsolved children, B the number of feedbacks), a guess's cost is bounded by the sum of its
  classes' bounds, guesses are tried best bound first, classes largest first, and a branch is
  cut as soon as it cannot beat the best found. Before a guess's classes are searched, each
  class's bound is raised cheaply by one level of look-ahead: exactly over the guesses that
  are its candidates (s**2 work), and for any other guess by the most even split it could
  make. Exact mode prunes by these bounds only. At the root, a first guess facing a finite
  limit (the best total so far, or the caller's ``upper``) first has its classes' bounds
  raised in cheap rounds (each class asked only for its share of the gap, smallest first),
  so a first guess far over the limit is refuted without solving its large classes; with
  ``upper`` the search stops there and returns a :class:`CutResult` with the bound proven.

A game may restrict its guesses by the feedback so far (Wordle's hard mode) through a
:class:`~sleuth.solve.restriction.GuessRule` offered by its ``allowed`` hook: each node's guesses
are those its state allows, and the memo keys a node by its candidates *and* its state; a
class's cheap look-ahead then tries exactly the guesses its state allows, which under hard
mode's hints are few and split badly. Under a cap, a guess's small classes are first tested
for fitting in the guesses left at all (smallest first): hard mode's openers that cannot win
almost always show it in a small class, which the mean search would reach only last.

Symmetry: in Mastermind-like code games (detected, and checked exactly on the feedback
matrix), the permutations of colours and positions that fix every guess on the path map the
candidates onto themselves, so at each node only one guess per orbit is tried (at the root of
Mastermind 6x4, 5 guesses out of 1296). Parallelism: the top-level work (one task per class of
a first guess) runs on a pool of processes on all cores, or on a Dask cluster
(``cluster="tcp://host:8786"``). Memo keys are 64-bit hashes: two different candidate sets
could collide, with odds of about n**2 / 2**64 for n sets searched (below 1e-6 for 10**6).

The modules beside this one: :mod:`~sleuth.solve.tables` (the game as arrays, lower bounds),
:mod:`~sleuth.solve.kernels` (the compiled search), :mod:`~sleuth.solve.symmetry`,
:mod:`~sleuth.solve.restriction`, :mod:`~sleuth.solve.solver` (kernels and memo in one process),
:mod:`~sleuth.solve.runner` (processes, Dask) and :mod:`~sleuth.solve.results`.

>>> from sleuth.games.twod import twod
>>> optimal_worst(twod(5)).worst
4
>>> result = optimal_mean(twod(3))
>>> result.total, result.mean_fraction
(22, Fraction(22, 9))
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple, overload

import numpy as np

from sleuth.core.errors import NoStrategy
from sleuth.core.game import Game, Position
from sleuth.core.tree import Node
from sleuth.solve.results import CutResult, SearchResult, checked_result
from sleuth.solve.runner import Cluster, Progress, Runner, runner_for
from sleuth.solve.solver import ALL_NODES, FIRST_ROWS, Penalty, Solver, solver_for, sorted_set
from sleuth.solve.tables import INF, Tables, check_searchable, tables_of


def _root_guesses(game: Game, tab: Tables, pos: Position, first_guess: str | int | None,
                  symmetry: bool) -> np.ndarray:
    """The guesses to try at the root: the one given, or one per symmetry orbit, or all."""
    sym = tab.symmetry if symmetry else None
    if first_guess is not None:
        index = first_guess if isinstance(first_guess, int | np.integer) else \
            game.guess_index(str(first_guess))
        if not 0 <= int(index) < len(game.guesses):
            raise ValueError(f"no guess number {index}")
        if game.allowed is not None and not game.allowed(game, pos)[int(index)]:
            raise ValueError(f"{game.guess_labels[int(index)]!r} is not allowed here")
        return np.array([int(index)], dtype=np.int64)
    history = [g for g, _ in pos.history]
    if sym is not None:
        return sym.representatives(history)
    return game.allowed_guesses(pos)


def _classes(tab: Tables, guess: int, cands: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """(code, members) of each unsolved class of a guess, largest first."""
    row = tab.codes[guess, cands].astype(np.int64)
    out = [(int(code), cands[row == code]) for code in np.unique(row) if code != tab.solved]
    out.sort(key=lambda item: -item[1].size)
    return out


def _class_counts(tab: Tables, guesses: np.ndarray, cands: np.ndarray, least: int
                  ) -> tuple[np.ndarray, np.ndarray]:
    """For each guess: how many of its unsolved classes over ``cands`` hold ``least`` or more
    candidates (those the root hands to its runner), and the size of its largest one."""
    n = tab.n_codes
    counts, largest = np.zeros(len(guesses), np.int64), np.zeros(len(guesses), np.int64)
    step = max(1, (1 << 22) // max(cands.size, n))  # rows at a time: a few megabytes
    for start in range(0, len(guesses), step):
        rows = tab.codes[np.ix_(guesses[start:start + step], cands)].astype(np.int64)
        rows += np.arange(len(rows))[:, None] * n
        sizes = np.bincount(rows.ravel(), minlength=len(rows) * n).reshape(len(rows), n)
        sizes[:, tab.solved] = 0
        counts[start:start + len(rows)] = (sizes >= least).sum(axis=1)
        largest[start:start + len(rows)] = sizes.max(axis=1)
    return counts, largest


def _check(game: Game, pos: Position | None) -> Position:
    pos = game.start() if pos is None else pos
    if pos.candidates.size == 0:
        raise ValueError("no candidate is left")
    check_searchable(game)
    never = pos.candidates[tables_of(game).guess_of_secret[pos.candidates] < 0]
    if never.size:
        raise ValueError(f"{game.name}: no strategy finds every candidate: no guess ends the "
                         f"game on {game.secret_labels[int(never[0])]!r}")
    return pos


@overload
def optimal_mean(game: Game, position: Position | None = None, *,
                 max_guesses: int | None = None, first_guess: str | int | None = None,
                 progress: Progress | None = None, cluster: Cluster = None,
                 workers: int | None = None, top_k: int = 0, symmetry: bool = True,
                 fewest_over: int | None = None, over_first: bool = False,
                 upper: None = None) -> SearchResult: ...


@overload
def optimal_mean(game: Game, position: Position | None = None, *,
                 max_guesses: int | None = None, first_guess: str | int | None = None,
                 progress: Progress | None = None, cluster: Cluster = None,
                 workers: int | None = None, top_k: int = 0, symmetry: bool = True,
                 fewest_over: int | None = None, over_first: bool = False,
                 upper: int | None = None) -> SearchResult | CutResult: ...


def optimal_mean(game: Game, position: Position | None = None, *,
                 max_guesses: int | None = None, first_guess: str | int | None = None,
                 progress: Progress | None = None, cluster: Cluster = None,
                 workers: int | None = None, top_k: int = 0, symmetry: bool = True,
                 fewest_over: int | None = None, over_first: bool = False,
                 upper: int | None = None) -> SearchResult | CutResult:
    """The strategy with the least total number of guesses over the position's candidates.

    ``max_guesses`` caps the guesses of every game (counting those already in the position);
    ``fewest_over`` (with a cap) breaks ties between optimal strategies: the one with fewest
    games taking more than that many guesses; with ``over_first``, the fewest such games comes
    first and the total breaks ties (Bulls and Cows: the fewest secrets needing 7 turns).
    ``first_guess`` (a label or an index) fixes the
    next guess. ``upper`` asks only for a total below it (say the best found so far with
    another first guess): as soon as the search proves that none is, it stops and returns a
    :class:`CutResult` holding the proven lower bound (>= ``upper``); a :class:`SearchResult`
    means the optimum is below ``upper``. The search runs on ``workers``
    processes (default: all cores for large searches) or on a Dask ``cluster`` (an address or
    a ``distributed.Client``). ``progress(done, total)`` is told the top-level classes searched
    and the total known to need it: from the start (every first guess below the limit), as each
    class finishes, and lower once a better total rules out the guesses bounded above it.
    ``top_k`` > 0 is a heuristic: inner nodes try only their best ``top_k`` guesses, and the
    result (``exact=False``) is an upper bound. Prior weights are ignored: every candidate
    counts once.

    >>> from sleuth.games.twod import twod
    >>> r = optimal_mean(twod(5))
    >>> r.total, r.worst, r.distribution()
    (83, 4, {1: 1, 2: 3, 3: 8, 4: 13})
    >>> cut = optimal_mean(twod(5), first_guess="0,0", upper=83)
    >>> cut.cut, cut.total >= 83
    (True, True)
    """
    started = time.perf_counter()
    pos = _check(game, position)
    tab = tables_of(game)
    depth = None if max_guesses is None else max_guesses - pos.cost
    if depth is not None and depth < 1:
        raise ValueError(f"max_guesses={max_guesses} leaves no guess from this position")
    penalty = None
    if over_first and fewest_over is None:
        raise ValueError("over_first needs fewest_over")
    if fewest_over is not None:
        if max_guesses is None or not pos.cost <= fewest_over < max_guesses:
            raise ValueError("fewest_over needs max_guesses above it (and above the guesses made)")
        if upper is not None:
            raise ValueError("upper and fewest_over do not combine")
        # the guesses left when a game passes fewest_over
        penalty = Penalty(max_guesses - fewest_over, over_first)
    roots = _root_guesses(game, tab, pos, first_guess, symmetry)
    if first_guess is not None and not _tells(tab, int(roots[0]), pos.candidates):
        return _after_nothing_learnt(game, pos, int(roots[0]), started, max_guesses, upper,
                                     fewest_over=fewest_over, over_first=over_first,
                                     progress=progress, cluster=cluster, workers=workers,
                                     top_k=top_k, symmetry=symmetry)
    runner = runner_for(tab, symmetry, pos.candidates.size, workers, cluster, progress)
    try:
        best, best_tree, proven = _mean_root(runner, pos, roots, depth, top_k, penalty,
                                             INF if upper is None else upper)
    except BaseException:
        runner.abort()  # Ctrl-C or an error: end the workers now, not after their tasks
        raise
    finally:
        runner.close()
    if best_tree is None:
        if upper is not None and proven < INF:
            return CutResult(game, pos, upper, proven, top_k == 0,
                             time.perf_counter() - started, runner.nodes + 1,
                             None if len(roots) != 1 else game.guess_labels[int(roots[0])])
        cap = "" if max_guesses is None else f" within {max_guesses} guesses"
        raise NoStrategy(f"no strategy finds every candidate{cap}")
    result = checked_result(game, pos, "mean", best_tree, top_k == 0, started,
                     runner.nodes + 1, max_guesses)
    score = result.total if penalty is None else _penalised(result, pos, fewest_over, penalty)
    if score != best:
        raise RuntimeError(f"the tree scores {score}, the search said {best}")
    return result


def _tells(tab: Tables, guess: int, cands: np.ndarray) -> bool:
    """Whether ``guess`` tells the candidates anything: it splits them or may end the game."""
    row = tab.codes[guess, cands]
    return bool((row == tab.solved).any() or (row != row[0]).any())


def _after_nothing_learnt(game: Game, pos: Position, guess: int, started: float,
                          max_guesses: int | None, upper: int | None,
                          **options: Any) -> SearchResult | CutResult:
    """:func:`optimal_mean` when its given first guess tells the candidates nothing: that
    guess spent on every candidate, then the optimum from the position it leaves."""
    size, code = int(pos.candidates.size), int(tables_of(game).codes[guess, pos.candidates[0]])
    after = game.after(pos, guess, code)
    if max_guesses is not None and after.cost >= max_guesses:
        raise NoStrategy(f"no strategy finds every candidate within {max_guesses} guesses")
    if options["fewest_over"] is not None and options["fewest_over"] < after.cost:
        raise ValueError("fewest_over: every game passes it after a first guess that tells "
                         "nothing")
    rest = optimal_mean(game, after, max_guesses=max_guesses, **options,
                        upper=None if upper is None else upper - size)
    if isinstance(rest, CutResult):
        return CutResult(game, pos, rest.upper + size, rest.total + size, rest.exact,
                         time.perf_counter() - started, rest.nodes + 1, game.guess_labels[guess])
    tree = Node(guess, size)
    tree.children[code] = rest.tree
    return checked_result(game, pos, "mean", tree, rest.exact, started, rest.nodes + 1,
                          max_guesses)


def root_order(game: Game, position: Position | None = None, *,
               max_guesses: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The guesses allowed at a position (default: the start) in the order the exact search
    tries them, with their cheap lower bounds on the total: the classes each guess makes,
    bounded by size (ties: the smaller sum of squared class sizes first). Guesses that learn
    nothing are left out. A good order to sweep first guesses in.
    """
    pos = _check(game, position)
    tab = tables_of(game)
    depth = None if max_guesses is None else max_guesses - pos.cost
    if depth is not None and depth < 1:
        raise ValueError(f"max_guesses={max_guesses} leaves no guess from this position")
    roots = _root_guesses(game, tab, pos, None, symmetry=False)
    return solver_for(tab).guess_bounds(pos.candidates, depth, roots)


def _penalised(result: SearchResult, pos: Position, over: int | None, penalty: Penalty) -> int:
    """The search's own score of a tree: its total, and its games over ``over`` guesses,
    weighed as :class:`Penalty` says (see :meth:`Solver.bounds`)."""
    count = int((result.evaluation.cost[pos.candidates] > over).sum())
    if penalty.first:
        return result.total + count * (len(result.game.secrets) * FIRST_ROWS + 1)
    return result.total * (len(result.game.secrets) + 1) + count


def _mean_root(runner: Runner, pos: Position, roots: np.ndarray, depth: int | None,
               top_k: int, penalty: Penalty | None, limit: int) -> tuple[int, Node | None, int]:
    """The root of :func:`optimal_mean`: each guess of ``roots`` in order of its bound, its
    classes searched by ``runner``, as long as a total below ``limit`` and the best so far
    may come. Returns (best total, its tree or None if none is below ``limit``, least lower
    bound proven for the guesses that did not beat the best when they were tried)."""
    tab = runner.tab
    local = solver_for(tab, runner.symmetry)
    cands = sorted_set(pos.candidates)
    order, bounds = local.guess_bounds(cands, depth, roots, penalty)
    child_depth = None if depth is None else depth - 1
    class_bounds = local.child_bounds(depth, penalty)
    history = [g for g, _ in pos.history]
    best, best_tree, proven = limit, None, INF
    searched = _class_counts(tab, order, cands, 3)[0] if runner.progress else None
    _expect(runner, searched, bounds < best, 0)
    for i, (guess, bound) in enumerate(zip(order.tolist(), bounds.tolist(), strict=True)):
        if bound >= best:
            proven = min(proven, bound)  # the rest are bounded at least as high
            break
        classes = _classes(tab, guess, cands)
        if _a_class_cannot_fit(local, classes, child_depth, (*history, guess)):
            continue  # no strategy after this guess: it bounds nothing
        big = [members for _, members in classes if members.size >= 3]
        total, trees = runner.mean_classes(big, child_depth, best, bound, class_bounds,
                                           (*history, guess), top_k, penalty)
        if total < best:
            best = total
            best_tree = _root_node(local, guess, cands, classes, big, trees, child_depth,
                                   (*history, guess))
        else:
            proven = min(proven, total)
        _expect(runner, searched, bounds < best, i + 1)
    return best, best_tree, proven


class Screen(NamedTuple):
    """Which classes :func:`_a_class_cannot_fit` checks: those of 2 to ``whole`` candidates to
    the end, then those of up to ``largest`` only for ``nodes`` nodes each."""

    whole: int
    largest: int = 0
    nodes: int = 0


#: In hard mode a guess that leaves no strategy within the cap often leaves a small class that
#: shows it (RAISE, SOARE and ARISE on the nyt-2023-07-01 lists each in under 0.2 s), where the
#: mean search would come to it only after the large classes (minutes). Larger classes are tried
#: for a budget of nodes (about 10 s): on those lists, of 35 openers that cannot win and that
#: classes of up to 40 miss, 15 are shown so (TITAN by a class of 42 in 1 s, where the mean
#: search took 457 s), for about 2 s more on each opener that can win (scratch runs of 134
#: openers; bench.hard_screen measures both screens).
SCREENED = Screen(40, 400, 20_000)


def _a_class_cannot_fit(solver: Solver, classes: list[tuple[int, np.ndarray]],
                        depth: int | None, path: tuple[int, ...],
                        screen: Screen = SCREENED) -> bool:
    """Whether one of the small classes (as ``screen`` says) cannot be finished within
    ``depth`` guesses, smallest first; only in games that restrict the guesses (without a
    restriction the capped bounds already see it)."""
    if depth is None or solver.tab.rule is None:
        return False
    small = [members for _, members in classes
             if 2 <= members.size <= max(screen.whole, screen.largest)]
    return any(solver.fits_within(members, depth, path,
                                  ALL_NODES if members.size <= screen.whole else screen.nodes)
               is False for members in sorted(small, key=len))


def _root_node(solver: Solver, guess: int, cands: np.ndarray,
               classes: list[tuple[int, np.ndarray]], big: list[np.ndarray],
               trees: list[Node] | None, depth: int | None, path: tuple[int, ...]) -> Node:
    """The root of a tree: the guess, big classes' searched subtrees, small ones filled in."""
    assert trees is not None
    node = _ending_node(solver.tab, guess, cands)
    searched = iter(trees)
    for code, members in classes:
        if members.size >= 3:
            node.children[code] = next(searched)
        else:
            node.children[code] = solver.tree(members, depth, path, lambda c, d, p: -1)
    assert len(big) == len(trees)
    return node


def _ending_node(tab: Tables, guess: int, cands: np.ndarray) -> Node:
    """A node for ``guess`` over ``cands``, with its ended branch if it ends the game on one."""
    node = Node(guess, int(cands.size))
    if (tab.codes[guess, cands] == tab.solved).any():
        node.children[tab.solved] = None
    return node


def optimal_worst(game: Game, position: Position | None = None, *,
                  first_guess: str | int | None = None, progress: Progress | None = None,
                  cluster: Cluster = None, workers: int | None = None, symmetry: bool = True,
                  limit: int | None = None) -> SearchResult:
    """The least k such that some strategy finds every candidate within k guesses, and a tree.

    Branch and bound on "can every candidate be found within k guesses?", for k = 1, 2, ...
    (up to ``limit``). The tree is one such strategy (not the best mean among them: for that,
    call :func:`optimal_mean` with ``max_guesses=k``). ``progress(done, total)`` as for
    :func:`optimal_mean`; the total grows only when a k fails and the next is tried.

    >>> from sleuth.games.mastermind import mastermind
    >>> optimal_worst(mastermind(3, 2)).worst
    3
    """
    started = time.perf_counter()
    pos = _check(game, position)
    tab = tables_of(game)
    cands = sorted_set(pos.candidates)
    roots = _root_guesses(game, tab, pos, first_guess, symmetry)
    local = solver_for(tab, symmetry)
    order = roots if first_guess is not None else local.worst_order(cands, roots)
    history = [g for g, _ in pos.history]
    k = max(1, int(np.searchsorted(local.caps, cands.size)))
    # n candidates are found within n guesses, one at a time; a first guess given may tell
    # nothing
    top = cands.size + (first_guess is not None) if limit is None else limit - pos.cost
    runner = runner_for(tab, symmetry, cands.size, workers, cluster, progress)
    try:
        tree, k = _worst_search(runner, local, cands, order, tuple(history), k, top)
    except BaseException:
        runner.abort()
        raise
    finally:
        runner.close()
    if tree is None:
        raise NoStrategy(f"no strategy finds every candidate within {top} guesses")
    return checked_result(game, pos, "worst", tree, True, started, runner.nodes + 1, k + pos.cost)


def _worst_search(runner: Runner, local: Solver, cands: np.ndarray, order: np.ndarray,
                  history: tuple[int, ...], k: int, top: int) -> tuple[Node | None, int]:
    """The root of :func:`optimal_worst`: for k guesses from ``k`` up to ``top``, each guess
    of ``order`` in turn until one has every class found within k - 1 more. Returns its tree
    (None if there is none) and that k."""
    tab = runner.tab
    searched, largest = _class_counts(tab, order, cands, 2) if runner.progress else (None, None)
    while k <= top:
        cap = local.caps[min(k - 1, local.caps.size - 1)]
        if largest is not None and (runner.total or (largest <= cap).any()):
            _expect(runner, searched, largest <= cap, 0)  # a k no guess fits is not told
        for i, guess in enumerate(order.tolist()):
            classes = _classes(tab, guess, cands)
            if classes and classes[0][1].size > cap:
                continue
            if _a_class_cannot_fit(local, classes, k - 1, (*history, guess)):
                if largest is not None:
                    _expect(runner, searched, largest <= cap, i + 1)
                continue
            if tab.rule is not None:  # one class too slow refutes the guess: cheap ones first
                classes = classes[::-1]
            big = [members for _, members in classes if members.size >= 2]
            trees = runner.worst_classes(big, k - 1, (*history, guess))
            if trees is not None:
                runner.expect(0)
                return _worst_root(local, guess, cands, classes, trees, k - 1,
                                   (*history, guess)), k
            if largest is not None:
                _expect(runner, searched, largest <= cap, i + 1)
        k += 1
    return None, k


def _expect(runner: Runner, searched: np.ndarray | None, wanted: np.ndarray,
            after: int) -> None:
    """Tell the runner (when it reports progress) the classes still to be searched: those of
    the guesses from index ``after`` on that are ``wanted``."""
    if searched is not None:
        runner.expect(int(searched[after:][wanted[after:]].sum()))


def _worst_root(solver: Solver, guess: int, cands: np.ndarray,
                classes: list[tuple[int, np.ndarray]], trees: list[Node], depth: int,
                path: tuple[int, ...]) -> Node:
    node = _ending_node(solver.tab, guess, cands)
    searched = iter(trees)
    for code, members in classes:
        node.children[code] = next(searched) if members.size >= 2 else \
            solver.tree(members, depth, path, lambda c, d, p: -1)
    return node
