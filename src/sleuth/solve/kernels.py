"""The compiled inner loops of the exact search: optimal mean (:func:`mean_cost`) and worst case
(:func:`fits`) of a set of candidates, with their memo.

A set of candidates is a sorted array of secret indices. A node is keyed in the memo by a 64-bit
hash of its candidates, the guesses left (when they are capped) and its restriction state; an
entry packs a value, the best guess and whether the value is exact (else a lower bound).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit
from numba.typed import Dict

from sleuth.core.contexts import typed_once
from sleuth.solve.restriction import KernelRule
from sleuth.solve.symmetry import Symmetry, representatives
from sleuth.solve.tables import INF

VALUE_BITS = (1 << 41) - 1  # memo entries pack value | guess << 41 | exact << 62
GUESS_SHIFT = 41
GUESS_BITS = (1 << 21) - 1
EXACT_BIT = 1 << 62
MEMO_LIMIT = 20_000_000  # memo entries kept before the memo is cleared (about 1 GB)
LAZY = 16  # guesses picked one by one (best bound first) before the rest are sorted
GROUPS_TRIED = 4  # groups of a restriction tried per node, those holding most candidates first
NARROW_BYTES = 1 << 28  # the largest table a node narrows its candidates' columns into
CEILED = 8  # the fewest candidates for which a node's scan uses its parent's class counts
SLACK = 8  # how far a scan under ceilings may leave its fail-soft value below the least bound


class Context(NamedTuple):
    """One game's tables as the kernels read them, with the scratch of one thread."""

    codes: np.ndarray
    """Feedback codes: (guesses, secrets)."""
    solved: int
    """The code that ends the game."""
    guess_of_secret: np.ndarray
    """The guess that ends the game on each secret (-1: none)."""
    secret_of_guess: np.ndarray
    """The secret each guess ends the game on (-1: none)."""
    n_codes: int
    """Number of feedback codes (the size of per-code scratch)."""
    branching: int
    """Most unsolved classes one guess can make."""
    in_set: np.ndarray
    """Scratch: a flag per secret, all False between uses."""
    symmetry: Symmetry
    """The code game's symmetry (no code rows: none)."""
    rule: KernelRule
    """The restriction of the guesses by the feedback so far (unused when a node's state is
    empty)."""
    by_secret: np.ndarray
    """The codes again, a row per secret (secrets, guesses), for the worst-case search's cores,
    which read a few secrets' codes for every guess (empty until that search first runs)."""


#: How many cores (of at most CORE_WIDTH secrets) a worst-case search keeps for all its nodes
#: (with a bit per guess each: about 106 MB for Wordle's 12,972 guesses, taken as cores come).
CORE_POOL = 65536
CORE_WIDTH = 16


class Cores(NamedTuple):
    """Sets of secrets no single guess splits apart, so no two guesses can find them all (in
    any game: a restriction such as hard mode only takes guesses away): a guess that leaves all
    of one in a class cannot be the second of three. Learnt as nodes' guesses fail, each shrunk
    to a few secrets, with the guesses that keep it together."""

    members: np.ndarray  # int64 (room, width): each core's secrets, from column 0
    sizes: np.ndarray  # int64 (room,): how many secrets each core has
    kept: np.ndarray  # uint64 (room, words): bit g when guess g leaves the core in one class
    known: np.ndarray  # int64 (1,): how many cores are known
    first: np.ndarray  # int64 (secrets,): the last core kept whose first secret it is (-1)
    after: np.ndarray  # int64 (room,): the core kept before it with the same first secret (-1)


@njit(cache=True, nogil=True)
def no_cores(room: int = 0, width: int = 0, n_guesses: int = 0, n_secrets: int = 0) -> Cores:
    """Room for ``room`` cores of at most ``width`` of ``n_secrets`` secrets, over ``n_guesses``
    guesses, none known yet."""
    return Cores(np.empty((room, width), np.int64), np.zeros(room, np.int64),
                 np.empty((room, (n_guesses + 63) // 64), np.uint64), np.zeros(1, np.int64),
                 np.full(n_secrets, -1, np.int64), np.full(room, -1, np.int64))


class Run(NamedTuple):
    """What one search shares across its nodes."""

    bounds: np.ndarray
    """Lower bounds on the total cost: [guesses left, number of secrets]."""
    weights: np.ndarray
    """What a guess costs per candidate, by guesses left."""
    capacity: np.ndarray
    """The most secrets any tree finds within d guesses, by d."""
    memo: Dict
    """Node key -> packed entry (value, best guess, exact)."""
    stats: np.ndarray
    """Counters: nodes searched, scan work, failed nodes, guesses tried."""
    capped: bool
    """Whether the guesses are capped (the depth is then the guesses left)."""
    top_k: int
    """When > 0, inner nodes try only their best ``top_k`` guesses (a heuristic)."""
    cores: Cores
    """Cores learnt by the worst-case search's nodes, for all of them (empty for others)."""
    budget: np.ndarray
    """Nodes :func:`fits` may still search ([1]); once below 0 it has given up: it answers
    False up the tree and stores nothing from then on."""


typed_once(Context, Run, Cores)


@njit(cache=True, nogil=True)
def set_key(cands: np.ndarray, depth: int) -> np.int64:
    """A 64-bit hash of a sorted set of secret indices and the guesses left (0: no cap)."""
    h = np.uint64(0x9E3779B97F4A7C15) ^ np.uint64(cands.size)
    for x in cands:
        h ^= np.uint64(x) + np.uint64(0x632BE59BD9B4E019)
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(29)
    h ^= np.uint64(depth) * np.uint64(0x94D049BB133111EB)
    h *= np.uint64(0xD6E8FEB86659FD93)
    h ^= h >> np.uint64(32)
    return np.int64(h & np.uint64(0x7FFFFFFFFFFFFFFF))


@njit(cache=True, nogil=True)
def node_key(cands: np.ndarray, depth: int, state: np.ndarray) -> np.int64:
    """:func:`set_key` of a node, mixed with its restriction state (empty: the same key).

    Under a restriction the same candidates can be reached with different states, hence
    different guesses allowed: the memo must tell them apart.
    """
    key = set_key(cands, depth)
    if state.size == 0:
        return key
    h = np.uint64(key)
    for x in state:
        h ^= np.uint64(x + 2) * np.uint64(0x9E3779B97F4A7C15)
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    return np.int64(h & np.uint64(0x7FFFFFFFFFFFFFFF))


def entry_guess(entry: int) -> int:
    """The best guess a memo entry holds."""
    return int(entry >> GUESS_SHIFT & GUESS_BITS)


@njit(cache=True, nogil=True)
def _store(memo, key: np.int64, value: int, guess: int, exact: bool) -> None:
    old = memo.get(key, -1)
    if old >= 0:
        if old & EXACT_BIT:
            return
        if not exact and (old & VALUE_BITS) >= value:
            return
    entry = min(value, INF) | (max(guess, 0) << GUESS_SHIFT)
    if exact:
        entry |= EXACT_BIT
    memo[key] = entry


@njit(cache=True, nogil=True)
def _tally(row, cands, count, touched) -> int:
    """Count the candidates per feedback code of one guess's row into ``count``; the codes met
    go to ``touched`` (so the caller can clear them); returns how many codes were met."""
    n_touched = 0
    for j in range(cands.size):  # no branch on whether the code is new: it is unpredictable
        c = row[cands[j]]
        if n_touched < touched.size:  # every code met: no room, and none new
            touched[n_touched] = c
        n_touched += count[c] == 0
        count[c] += 1
    return n_touched


@njit(cache=True, nogil=True)
def _bound_pair(row_a, row_b, cols, direct, solved, steps, weight, count_a, count_b,
                out) -> None:
    """Two guesses' rows at once, read from the columns ``cols`` (or, ``direct``, from every
    column in order), into ``out`` [bound, sum of squared class sizes, largest class, unsolved
    classes] per row. The bound: ``weight`` per candidate and each unsolved class of m its
    ``class_bounds[m]``; -1 when the guess learns nothing.

    ``steps[m]``: what a class's bound grows by when its size goes from m to m + 1 (so a
    class of m costs their sum); the two rows' counts are independent chains, which the
    processor overlaps. ``count_a``/``count_b``: zeroed per-code scratch, left so.
    """
    s = cols.size
    bound_a = bound_b = sum_a = sum_b = large_a = large_b = kinds_a = kinds_b = 0
    for j in range(s):
        i = j if direct else cols[j]
        x = row_a[i]
        y = row_b[i]
        m = count_a[x]
        n = count_b[y]
        bound_a += steps[m]
        bound_b += steps[n]
        sum_a += 2 * m + 1
        sum_b += 2 * n + 1
        count_a[x] = m + 1
        count_b[y] = n + 1
        large_a = max(large_a, m + 1)
        large_b = max(large_b, n + 1)
        kinds_a += m == 0
        kinds_b += n == 0
    hit_a, hit_b = count_a[solved], count_b[solved]  # a guess ends the game on at most one
    for j in range(s):
        i = j if direct else cols[j]
        count_a[row_a[i]] = 0
        count_b[row_b[i]] = 0
    out[0, 0] = -1 if large_a == s and hit_a == 0 else s * weight + bound_a - hit_a * steps[0]
    out[1, 0] = -1 if large_b == s and hit_b == 0 else s * weight + bound_b - hit_b * steps[0]
    out[0, 1], out[1, 1] = sum_a - hit_a, sum_b - hit_b
    out[0, 2], out[1, 2] = large_a, large_b
    out[0, 3], out[1, 3] = kinds_a - hit_a, kinds_b - hit_b


@njit(cache=True, nogil=True)
def _steps(class_bounds, s) -> np.ndarray:
    """What a class's bound grows by per secret, for :func:`_bound_pair`: a class of m costs
    ``steps[0] + ... + steps[m - 1]`` (= ``class_bounds[m]``), for m up to ``s``."""
    steps = np.empty(max(s, 1), np.int64)
    steps[0] = class_bounds[1]
    for m in range(1, s):
        steps[m] = class_bounds[m + 1] - class_bounds[m]
    return steps


@njit(cache=True, nogil=True)
def _is_identity(cols, width) -> bool:
    """Whether ``cols`` are all the columns of a table ``width`` wide, in order."""
    return cols.size == width and bool(np.all(cols == np.arange(width)))


@njit(cache=True, nogil=True)
def _scan_order(ctx, n_guesses, cands, pool, fixed, ceiling) -> tuple[np.ndarray, int]:
    """The guesses a scan bounds, in order, and how many come first as candidates: ``pool`` if
    ``fixed`` (none first), else the candidates' guesses then every other guess, those of the
    highest ``ceiling`` first (if given)."""
    if fixed:
        return pool, 0
    in_set = ctx.in_set
    s = cands.size
    out = np.empty(s + n_guesses, np.int64)
    n = 0
    for j in range(s):
        in_set[cands[j]] = True
        if ctx.guess_of_secret[cands[j]] >= 0:
            out[n] = ctx.guess_of_secret[cands[j]]
            n += 1
    first = n
    for g in range(n_guesses):
        if not (ctx.secret_of_guess[g] >= 0 and in_set[ctx.secret_of_guess[g]]):
            out[n] = g
            n += 1
    for j in range(s):
        in_set[cands[j]] = False
    if ceiling.size > 0:
        _by_ceiling(out[first:n], ceiling, s)
    return out[:n], first


@njit(cache=True, nogil=True)
def _by_ceiling(guesses, ceiling, s) -> None:
    """Sort ``guesses`` in place by ``ceiling`` (at most ``s``), the highest first (a counting
    sort)."""
    rest = guesses.copy()
    top = min(ceiling.max(), s)
    starts = np.zeros(top + 2, np.int64)
    for g in rest:
        starts[top - min(ceiling[g], s) + 1] += 1
    starts = np.cumsum(starts)
    for g in rest:
        k = top - min(ceiling[g], s)
        guesses[starts[k]] = g
        starts[k] += 1


@njit(cache=True, nogil=True)
def scan(ctx, tab, cols, class_bounds, weight, cands, pool, fixed, beta, target, count, other,
         bound, order_key, picked, ceiling, classes):
    """Bound guesses on ``cands`` (read from the columns ``cols`` of ``tab``, rows as in
    ``ctx.codes``); keep those < beta (in ``bound``/``order_key``/``picked``).

    ``fixed``: scan exactly ``pool`` (symmetry representatives, the guesses allowed). Otherwise
    scan the candidates, then all the other guesses. Returns (number kept, least bound dropped,
    a guess proven optimal or -1, guesses read): a guess whose bound reaches ``target`` (a
    lower bound of the node) with classes of at most two secrets (exact in the bound) ends the
    scan. Rows are read two at a time (:func:`_bound_pair`); ``count``/``other``: zeroed
    per-code scratch, left so.

    ``ceiling`` (empty: none; unused with a pool): per guess, the most unsolved classes it can
    make here (its count on a superset: the node's parent). The other guesses are then read
    from the highest ceiling down, and the scan stops once not even the most even split into
    that many classes (:func:`_split_bound`) is below ``beta``, nor below the least bound
    dropped so far unless that is more than :data:`SLACK` above ``beta``: the same guesses are
    kept, and the least bound dropped (the fail-soft value of a node none beats) is lowered at
    most to SLACK above beta, where reading on rarely pays. ``classes`` (empty: not wanted)
    gets each guess's unsolved classes here, for the node's children: those counted, else its
    ceiling, else the number of candidates.
    """
    s = cands.size
    kept = 0
    dropped = INF
    scale = 1.0 / (s * s + 1.0)
    order, first = _scan_order(ctx, tab.shape[0], cands, pool, fixed, ceiling)
    direct = _is_identity(cols, tab.shape[1])
    least = np.empty(s + 1 if ceiling.size > 0 and not fixed else 0, np.int64)  # by classes
    for k in range(1, least.size):
        least[k] = _split_bound(s, k, class_bounds, weight)
    if classes.size > 0 and ceiling.size > 0:
        classes[:] = np.minimum(ceiling, s)
    elif classes.size > 0:
        classes[:] = s
    steps = _steps(class_bounds, s)
    measured = np.empty((2, 4), np.int64)
    found = -1
    read = 0
    for t in range(0, order.size, 2):
        if least.size > 0 and t >= first:
            most = least[max(1, min(ceiling[order[t]], s))]
            if most >= beta and most >= min(dropped, beta + SLACK):
                dropped = min(dropped, most)  # the rest make no more classes: none is kept
                break
        u = min(t + 1, order.size - 1)
        _bound_pair(tab[order[t]], tab[order[u]], cols, direct, ctx.solved, steps, weight, count,
                    other, measured)
        read = u + 1
        for k in range(t, min(t + 2, order.size)):
            b, sum_sq, largest = measured[k - t, 0], measured[k - t, 1], measured[k - t, 2]
            if classes.size > 0:
                classes[order[k]] = measured[k - t, 3]
            if b < 0:
                continue
            if b >= beta:
                dropped = min(dropped, b)
                continue
            if b <= target and largest <= 2:
                found = order[k]
                break
            bound[kept] = b
            order_key[kept] = b + sum_sq * scale
            picked[kept] = order[k]
            kept += 1
        if found >= 0:
            break
    return kept, dropped, found, read


@njit(cache=True, nogil=True)
def _next_best(order_key, kept, r) -> int:
    """The position of the least key among positions r.. of ``order_key`` (a lazy sort)."""
    best = r
    for i in range(r + 1, kept):
        if order_key[i] < order_key[best]:
            best = i
    return best


@njit(cache=True, nogil=True)
def _perfect_candidate(ctx, cands, mark) -> int:
    """A candidate's guess that splits the candidates into singletons, or -1."""
    for i in range(cands.size):
        g = ctx.guess_of_secret[cands[i]]
        if _splits_apart(ctx.codes[g], cands, mark):
            return g
    return -1


@njit(cache=True, nogil=True)
def _perfect_guess(ctx, guesses, cands, mark) -> int:
    """The first of ``guesses`` (every guess if empty) that splits the candidates into
    singletons, or -1; each guess is dropped at its first repeated feedback."""
    n_guess = guesses.size if guesses.size > 0 else ctx.codes.shape[0]
    for t in range(n_guess):
        g = guesses[t] if guesses.size > 0 else t
        if _splits_apart(ctx.codes[g], cands, mark):
            return g
    return -1


@njit(cache=True, nogil=True)
def _splits_apart(row, cands, mark) -> bool:
    """Whether ``row`` gives every candidate its own feedback (``mark`` is left all zero)."""
    s = cands.size
    met = s
    for j in range(s):
        c = row[cands[j]]
        if mark[c] != 0:
            met = j
            break
        mark[c] = 1
    for j in range(met):
        mark[row[cands[j]]] = 0
    return met == s


@njit(cache=True, nogil=True)
def _partition(row, cands, solved, count, part, starts, sizes, class_order):
    """Split ``cands`` by ``row`` into classes (sorted runs in ``part``); unsolved classes'
    (start, size) in ``starts``/``sizes``, largest first in ``class_order``. Returns their
    number."""
    return _partition_cols(row, cands, cands, solved, count, part, part, starts, sizes,
                           class_order)


@njit(cache=True, nogil=True)
def _partition_cols(row, cands, cols, solved, count, part, part_cols, starts, sizes,
                    class_order):
    """:func:`_partition` of ``cands`` read from the columns ``cols`` of ``row``, each class's
    columns beside it in ``part_cols``."""
    s = cands.size
    touched = np.empty(min(s, count.size), np.int64)
    n_touched = _tally(row, cols, count, touched)
    pos = 0
    n_classes = 0
    for u in range(n_touched):
        c = touched[u]
        m = count[c]
        count[c] = pos  # now the write position of the class
        if c != solved:
            starts[n_classes] = pos
            sizes[n_classes] = m
            n_classes += 1
        pos += m
    for j in range(s):
        c = row[cols[j]]
        part_cols[count[c]] = cols[j]
        part[count[c]] = cands[j]
        count[c] += 1
    for u in range(n_touched):
        count[touched[u]] = 0
    by_size = np.argsort(-sizes[:n_classes], kind="mergesort")
    for k in range(n_classes):
        class_order[k] = by_size[k]
    return n_classes


@njit(cache=True, nogil=True)
def _node_guesses(ctx, given, path_codes, path_len, state, among):
    """The guesses a node must try: ``given`` if not empty, else those of ``among`` (its
    parent's guesses; empty: all) the restriction ``state`` allows (if not empty), else one per
    symmetry orbit, else all (an empty array)."""
    if state.size > 0 and given.size == 0:
        return ctx.rule.allowed(ctx.rule.table, state, among)
    rows = ctx.symmetry.code_rows
    if given.size > 0 or rows.shape[0] == 0 or path_len >= path_codes.shape[0]:
        return given
    out = np.empty(rows.shape[0], np.int64)
    n = representatives(ctx.symmetry, path_codes, path_len, out)
    if n < 0:
        return given
    return out[:n]


@njit(cache=True, nogil=True)
def _children_among(guesses, given, state):
    """What a node's children look for their guesses among: the guesses the restriction
    allowed it (those allowed never grow along a path), else all (an empty array)."""
    if state.size > 0 and given.size == 0:
        return guesses
    return np.empty(0, np.int64)


@njit(cache=True, nogil=True)
def _child_state(ctx, state, guess, code, out):
    """The restriction state of a class (written to ``out``; returned as is when empty)."""
    if state.size == 0:
        return state
    ctx.rule.after(ctx.rule.table, state, guess, code, out)
    return out


@njit(cache=True, nogil=True)
def _split_bound(s, branching, class_bounds, weight) -> int:
    """The least cost of s secrets below a guess that is not one of them: s for the guess, and
    the classes' bounds for the most even split into at most ``branching`` classes (the bounds
    are convex in the class size, so an even split is the cheapest)."""
    k = min(branching, s)
    q = s // k
    r = s - q * k
    return s * weight + r * class_bounds[q + 1] + (k - r) * class_bounds[q]


@njit(cache=True, nogil=True)
def _look_ahead(ctx, tab, cols, guesses, class_bounds, weight, count, other):
    """(least bound, guess) over ``guesses`` (-1 entries skipped) of one level of look-ahead on
    the candidates read from the columns ``cols`` of ``tab``; the guess is named only when its
    classes are of at most two secrets (its bound is then its exact cost), else -1.
    ``count``/``other``: zeroed per-code scratch, left so."""
    best = INF
    best_guess = -1
    valid = guesses[guesses >= 0]
    steps = _steps(class_bounds, cols.size)
    measured = np.empty((2, 4), np.int64)
    for t in range(0, valid.size, 2):
        u = min(t + 1, valid.size - 1)
        _bound_pair(tab[valid[t]], tab[valid[u]], cols, False, ctx.solved, steps, weight, count,
                    other, measured)
        for k in range(t, u + 1):
            b, largest = measured[k - t, 0], measured[k - t, 2]
            if b < 0:
                continue
            if b < best or (b == best and best_guess < 0 and largest <= 2):
                best = b
                best_guess = valid[k] if largest <= 2 else -1
    return best, best_guess


@njit(cache=True, nogil=True)
def _candidate_bound(ctx, tab, cols, cands, class_bounds, weight, count, other):
    """A lower bound on the cost of ``cands`` from one level of look-ahead done exactly for the
    guesses that are candidates (s**2 work) and by :func:`_split_bound` for all others.

    Returns (bound, guess): the guess, a candidate, when it reaches the bound with classes of at
    most two secrets (its cost is then exactly the bound, the optimum), else -1.
    """
    best, best_guess = _look_ahead(ctx, tab, cols, ctx.guess_of_secret[cands], class_bounds,
                                   weight, count, other)
    rest = _split_bound(cands.size, ctx.branching, class_bounds, weight)
    if rest < best:
        return rest, -1
    if rest == best:
        return best, -1 if best_guess < 0 else best_guess
    return best, best_guess


@njit(cache=True, nogil=True)
def refined_bound(ctx, run, cands, depth, lower, count, other, state, among) -> int:
    """A class's lower bound ``lower`` raised by what the memo knows, else by one level of
    look-ahead, which is stored in the memo: cheaply (:func:`_candidate_bound`), or under a
    restriction exactly over the guesses its ``state`` allows of ``among`` (empty: all)
    (:func:`_look_ahead`), after :func:`group_too_slow` under a cap."""
    return _refined_in(ctx, run, ctx.codes, cands, cands, depth, lower, count, other, state,
                       among)


@njit(cache=True, nogil=True)
def _refined_in(ctx, run, tab, cols, cands, depth, lower, count, other, state, among) -> int:
    """:func:`refined_bound`, its look-ahead reading the columns ``cols`` of ``tab``."""
    key = node_key(cands, depth if run.capped else 0, state)
    entry = run.memo.get(key, -1)
    if entry >= 0:
        return max(lower, entry & VALUE_BITS)
    deepest = run.bounds.shape[0] - 1
    below = run.bounds[min(depth - 1 if run.capped else depth, deepest)]
    weight = run.weights[min(depth, run.weights.size - 1)]
    if state.size > 0:
        allowed = ctx.rule.allowed(ctx.rule.table, state, among)  # under hard mode, few
        if run.capped and group_too_slow(ctx, cands, depth, allowed, count):
            _store(run.memo, key, INF, -1, True)
            return INF
        bound, guess = _look_ahead(ctx, tab, cols, allowed, below, weight, count, other)
    else:
        bound, guess = _candidate_bound(ctx, tab, cols, cands, below, weight, count, other)
    bound = max(bound, lower)
    _store(run.memo, key, bound, guess, guess >= 0)
    return bound


@njit(cache=True, nogil=True)
def refined_bounds(ctx, run, members, starts, sizes, depth, states) -> np.ndarray:
    """:func:`refined_bound` of each class ``members[starts[i]:starts[i] + sizes[i]]`` (sorted)
    from its bound by size, with its restriction state ``states[i]`` (no columns: none)."""
    count = np.zeros(ctx.n_codes, np.int64)
    other = np.zeros(ctx.n_codes, np.int64)
    lower = run.bounds[min(depth, run.bounds.shape[0] - 1)]
    out = np.empty(starts.size, np.int64)
    for i in range(starts.size):
        cands = members[starts[i]:starts[i] + sizes[i]]
        out[i] = refined_bound(ctx, run, cands, depth, lower[sizes[i]], count, other,
                               states[i], np.empty(0, np.int64))
    return out


@njit(cache=True, nogil=True)
def mean_cost(ctx, run, cands, depth, beta, given, path_codes, path_len, state, among):
    """Least total cost of ``cands`` with ``depth`` guesses left, if it is below ``beta``.

    Returns the exact optimum when it is < beta, else a lower bound >= beta (fail-soft).
    ``given`` (non-empty) restricts this node's guesses (symmetry); otherwise the guesses of the
    path (``path_codes[:path_len]``) reduce them when the game is symmetric, and under a
    restriction only the guesses its ``state`` (empty: none) allows are tried, of ``among``
    (the parent's guesses; empty: all).
    """
    return _mean_cost(ctx, run, ctx.codes, cands, cands, depth, beta, given, path_codes,
                      path_len, state, among, np.empty(0, np.int64))


@njit(cache=True, nogil=True)
def narrowed(tab, cols):
    """The columns ``cols`` of ``tab`` as a table of their own (and its columns), when ``tab``
    is more than twice as wide: a node's guesses then read its candidates side by side, and
    its classes read the node's table, which stays in the cache. The tables along a path take
    less than the whole table, and each at most :data:`NARROW_BYTES`."""
    if tab.shape[1] <= 2 * cols.size or tab.shape[0] * cols.size * tab.itemsize > NARROW_BYTES:
        return tab, cols
    out = np.empty((tab.shape[0], cols.size), tab.dtype)
    for g in range(tab.shape[0]):
        row = tab[g]
        for j in range(cols.size):
            out[g, j] = row[cols[j]]
    return out, np.arange(cols.size)


@njit(cache=True, nogil=True)
def _mean_cost(ctx, run, tab, cols, cands, depth, beta, given, path_codes, path_len, state,
               among, ceiling):
    """:func:`mean_cost`, reading the node's feedback from the columns ``cols`` of ``tab``
    (rows as in ``ctx.codes``, columns of the parent's candidates or of every secret);
    ``ceiling``: the parent's unsolved classes per guess (empty: not known), see :func:`scan`.
    """
    solved, n_codes = ctx.solved, ctx.n_codes
    bounds, weights, memo, stats, capped = run.bounds, run.weights, run.memo, run.stats, run.capped
    s = cands.size
    weight = weights[min(depth, weights.size - 1)]
    if s == 1:
        return weight
    if s == 2:
        return 2 * weight + weights[min(depth - 1 if capped else depth, weights.size - 1)] \
            if depth >= 2 else INF
    deepest = bounds.shape[0] - 1
    lower = bounds[min(depth, deepest), s]
    if lower >= beta:
        return lower
    key = node_key(cands, depth if capped else 0, state)
    entry = memo.get(key, -1)
    if entry >= 0:
        value = entry & VALUE_BITS
        if entry & EXACT_BIT or value >= beta:
            return value
        lower = max(lower, value)
    stats[0] += 1
    count = np.zeros(n_codes, np.int64)
    other = np.zeros(n_codes, np.int64)
    child_depth = depth - 1 if capped else depth
    class_bounds = bounds[min(child_depth, deepest)]
    if entry < 0:  # one level of look-ahead over the candidates first (s**2 work)
        ahead, g = _candidate_bound(ctx, tab, cols, cands, class_bounds, weight, count, other)
        if g >= 0:  # a candidate reaches the bound exactly: it is optimal
            _store(memo, key, ahead, g, True)
            return ahead
        lower = max(lower, ahead)
        if lower >= beta:
            _store(memo, key, lower, -1, False)
            return lower
    guesses = _node_guesses(ctx, given, path_codes, path_len, state, among)
    inner = _children_among(guesses, given, state)
    fixed = guesses.size > 0
    n_guess = guesses.size if fixed else tab.shape[0]
    if tab.shape[1] == ctx.codes.shape[1]:  # the whole table: its rows are too wide to scan
        tab, cols = narrowed(tab, cols)
    bound = np.empty(n_guess, np.int64)
    order_key = np.empty(n_guess, np.float64)
    picked = np.empty(n_guess, np.int64)
    ceiled = s >= CEILED and not fixed  # a pool is small: reading it all is as cheap
    classes = np.empty(tab.shape[0] if ceiled else 0, np.int64)  # the children's ceiling
    kept, dropped, found, read = scan(ctx, tab, cols, class_bounds, weight, cands, guesses, fixed,
                                      beta, lower, count, other, bound, order_key, picked,
                                      ceiling if ceiled else ceiling[:0], classes)
    stats[1] += read * s
    if kept > 0 and found < 0:  # most nodes fail at their scan: narrow only to go on
        tab, cols = narrowed(tab, cols)  # read by the classes' look-aheads and searches
    if found >= 0:
        _store(memo, key, lower, found, True)
        return lower
    if run.top_k > 0 and given.size == 0 and kept > run.top_k:
        # the heuristic's node has only these guesses: what the others might reach is no
        # concern of its (folding their bounds in would pass off a bound below beta as a total)
        order = np.argsort(order_key[:kept], kind="mergesort")
        keep = order[:run.top_k].copy()
        bound[:run.top_k], order_key[:run.top_k] = bound[keep], order_key[keep]
        picked[:run.top_k] = picked[keep]
        kept = run.top_k
    part = np.empty(s, np.int64)
    part_cols = np.empty(s, np.int64)
    starts = np.empty(s, np.int64)
    sizes = np.empty(s, np.int64)
    class_order = np.empty(s, np.int64)
    refined = np.empty(s, np.int64)
    none_given = np.empty(0, np.int64)
    class_states = np.empty((s if state.size > 0 else 0, state.size), np.int64)
    best = beta
    best_guess = -1
    proven = dropped  # least lower bound shown for the guesses that did not beat beta
    for r in range(kept):
        if r < LAZY:  # most nodes end after a few guesses: select lazily, sort only if needed
            i = _next_best(order_key, kept, r)
            bound[r], bound[i] = bound[i], bound[r]
            order_key[r], order_key[i] = order_key[i], order_key[r]
            picked[r], picked[i] = picked[i], picked[r]
        elif r == LAZY:
            rest = np.argsort(order_key[r:kept], kind="mergesort") + r
            bound[r:kept], order_key[r:kept] = bound[rest], order_key[rest]
            picked[r:kept] = picked[rest]
        b = bound[r]
        if b >= best:
            proven = min(proven, b)
            break
        g = picked[r]
        stats[3] += 1
        n_classes = _partition_cols(tab[g], cands, cols, solved, count, part, part_cols, starts,
                                    sizes, class_order)
        if path_len < path_codes.shape[0] and ctx.symmetry.code_rows.shape[0] > 0:
            path_codes[path_len] = ctx.symmetry.code_rows[g]
        total = b
        for k in range(n_classes):  # first the cheap refinements of every class's bound
            c = class_order[k]
            m = sizes[c]
            if m <= 2:
                break  # largest first: the rest are exact in the bound
            members = part[starts[c]:starts[c] + m]
            kid = state
            if state.size > 0:
                kid = _child_state(ctx, state, g, ctx.codes[g, members[0]], class_states[c])
            better = _refined_in(ctx, run, tab, part_cols[starts[c]:starts[c] + m], members,
                                 child_depth, class_bounds[m], count, other, kid, inner)
            total += better - class_bounds[m]
            refined[c] = better
            if total >= best:
                break
        for k in range(n_classes):
            if total >= best:
                break
            c = class_order[k]
            m = sizes[c]
            if m <= 2:
                break
            v = _mean_cost(ctx, run, tab, part_cols[starts[c]:starts[c] + m],
                           part[starts[c]:starts[c] + m], child_depth, best - (total - refined[c]),
                           none_given, path_codes, path_len + 1,
                           class_states[c] if state.size > 0 else state, inner, classes)
            total += v - refined[c]
        if total < best:
            best = total
            best_guess = g
            if best <= lower:
                break  # nothing beats the node's lower bound
        else:
            proven = min(proven, total)
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    if best < beta:
        _store(memo, key, best, best_guess, True)
        return best
    result = max(lower, proven)
    stats[2] += 1
    _store(memo, key, result, -1, False)
    return result


@njit(cache=True, nogil=True)
def _groups_held(groups_of, n_groups, cands) -> np.ndarray:
    """How many of ``cands`` each group (of the rule) holds."""
    held = np.zeros(n_groups, np.int64)
    for j in range(cands.size):
        for k in range(groups_of.shape[1]):
            if groups_of[cands[j], k] < 0:
                break
            held[groups_of[cands[j], k]] += 1
    return held


@njit(cache=True, nogil=True)
def _kept_together(ctx, live, depth, guesses, count) -> bool:
    """Whether two of the secrets ``live`` stay together through any ``depth - 1`` of the
    ``guesses`` (every guess when empty), each answered with the class keeping the most."""
    m = live.size
    top = np.zeros(depth - 1, np.int64)  # the largest cuts so far, least first
    total = 0
    n_guess = guesses.size if guesses.size > 0 else ctx.codes.shape[0]
    for t in range(n_guess):
        row = ctx.codes[guesses[t] if guesses.size > 0 else t]
        largest = 0
        for x in live:
            count[row[x]] += 1
            largest = max(largest, count[row[x]])
        for x in live:
            count[row[x]] = 0
        cut = m - largest
        if cut > top[0]:
            total += cut - top[0]
            top[0] = cut
            top.sort()
            if total >= m - 1:
                return False
    return True


@njit(cache=True, nogil=True)
def group_too_slow(ctx, cands, depth, guesses, count) -> bool:
    """Whether a group of the rule keeps two of ``cands`` together through any ``depth - 1``
    guesses (of ``guesses``, all those the node allows; every guess when empty), so that they
    cannot all be found in ``depth``; the :data:`GROUPS_TRIED` groups holding most are tried.

    Answer each guess with the class keeping the most of the group's m candidates: a guess
    cuts them by at most m minus its largest class on them, so ``depth - 1`` distinct guesses
    cut at most the sum of the ``depth - 1`` largest such cuts; later nodes allow no other
    guesses (the rule vouches that they never grow). ``count``: zeroed per-code scratch.
    """
    groups = ctx.rule.groups
    if groups.shape[0] == 0 or depth < 2:
        return False
    held = _groups_held(ctx.rule.groups_of, groups.shape[0], cands)
    order = np.argsort(-held, kind="mergesort")[:GROUPS_TRIED]
    live = np.empty(groups.shape[1], np.int64)
    for g in order:
        if held[g] < 3:
            break
        m = 0
        for x in groups[g]:
            if x < 0:
                break  # the row's padding
            i = np.searchsorted(cands, x)
            if i < cands.size and cands[i] == x:
                live[m] = x
                m += 1
        if _kept_together(ctx, live[:m], depth, guesses, count):
            return True
    return False


@njit(cache=True, nogil=True)
def _kept_bits(ctx, core, out) -> None:
    """Set in ``out`` (cleared first) the bit of each guess leaving every secret of ``core``
    in one unsolved class."""
    out[:] = 0
    cols, solved = ctx.by_secret, ctx.solved
    for g in range(cols.shape[1]):
        first = cols[core[0], g]
        together = first != solved
        j = 1
        while together and j < core.size:
            together = cols[core[j], g] == first
            j += 1
        if together:
            out[g >> 6] |= np.uint64(1) << np.uint64(g & 63)


@njit(cache=True, nogil=True)
def _inseparable_prefix(ctx, members, mark) -> int:
    """The length of the shortest prefix of ``members`` that no guess at all splits apart (0
    when some guess splits them all apart): one pass, each guess read to its first repeat."""
    cols = ctx.by_secret
    need = 2
    for g in range(cols.shape[1]):
        j = 0
        while j < members.size and mark[cols[members[j], g]] == 0:
            mark[cols[members[j], g]] = 1
            j += 1
        for k in range(j):
            mark[cols[members[k], g]] = 0
        if j == members.size:
            return 0
        need = max(need, j + 1)
    return need


PAIRED = 11  # the most secrets whose pairs (55) fit in one 64-bit mask


@njit(cache=True, nogil=True)
def _pair_masks(ctx, core) -> np.ndarray:
    """Per guess, a bit per pair (i, j) of ``core`` (at most :data:`PAIRED`) it leaves together."""
    cols = ctx.by_secret
    n = core.size
    out = np.zeros(cols.shape[1], np.uint64)
    seen = np.empty(n, cols.dtype)
    for g in range(cols.shape[1]):
        bits = np.uint64(0)
        bit = 0
        for j in range(n):
            seen[j] = cols[core[j], g]
            for i in range(j):
                if seen[i] == seen[j]:
                    bits |= np.uint64(1) << np.uint64(bit + i)
            bit += j
        out[g] = bits
    return out


@njit(cache=True, nogil=True)
def _pairs_of(alive, n) -> np.uint64:
    """The pair bits (as :func:`_pair_masks` numbers them) of the members ``alive`` (a bit
    each) among ``n``."""
    bits = np.uint64(0)
    bit = 0
    for j in range(n):
        if alive >> np.uint64(j) & np.uint64(1):
            for i in range(j):
                if alive >> np.uint64(i) & np.uint64(1):
                    bits |= np.uint64(1) << np.uint64(bit + i)
        bit += j
    return bits


@njit(cache=True, nogil=True)
def _unsplit(masks, pairs) -> bool:
    """Whether every guess leaves some pair of ``pairs`` together."""
    g = 0
    while g < masks.size and masks[g] & pairs != 0:
        g += 1
    return g == masks.size


@njit(cache=True, nogil=True)
def _shrunk_core(ctx, members, mark) -> np.ndarray:
    """A core within ``members`` if no guess at all splits them apart (else an empty array):
    the shortest inseparable prefix, then each secret dropped, from the last but one back,
    that the rest stay inseparable without (down to three)."""
    n = _inseparable_prefix(ctx, members, mark)
    if n == 0:
        return np.empty(0, np.int64)
    if n <= PAIRED:
        return _dropped_by_pairs(ctx, members[:n])
    return _dropped_by_rows(ctx, members[:n].copy(), mark)


@njit(cache=True, nogil=True)
def _dropped_by_pairs(ctx, keep) -> np.ndarray:
    """:func:`_shrunk_core`'s dropping, each trial against every guess's pairs kept together
    (a 64-bit mask a guess, read once)."""
    n = keep.size
    masks = _pair_masks(ctx, keep)
    alive = (np.uint64(1) << np.uint64(n)) - np.uint64(1)
    left = n
    for i in range(n - 2, -1, -1):  # the last one is needed: the prefix before it splits
        if left <= 3:
            break
        trial = alive & ~(np.uint64(1) << np.uint64(i))
        if _unsplit(masks, _pairs_of(trial, n)):
            alive = trial
            left -= 1
    return keep[np.array([alive >> np.uint64(j) & np.uint64(1) != 0 for j in range(n)])]


@njit(cache=True, nogil=True)
def _dropped_by_rows(ctx, keep, mark) -> np.ndarray:
    """:func:`_shrunk_core`'s dropping for more than :data:`PAIRED` secrets (``keep``, changed),
    each trial against every guess's codes."""
    every = np.empty(0, np.int64)
    trial = np.empty(keep.size, np.int64)
    n = keep.size
    for i in range(n - 2, -1, -1):
        if n <= 3:
            break
        trial[:i] = keep[:i]
        trial[i:n - 1] = keep[i + 1:n]
        if _perfect_guess(ctx, every, trial[:n - 1], mark) < 0:
            keep[i:n - 1] = keep[i + 1:n]
            n -= 1
    return keep[:n]


@njit(cache=True, nogil=True)
def _learn_core(ctx, members, mark, pool, covered, memo) -> None:
    """Shrink ``members`` (a class no guess splits apart) to a core, add the guesses keeping
    it together to ``covered``, and keep it in the search's ``pool`` while there is room. Under
    a restriction, a class some guess it forbids splits apart has no core: the ``memo``
    remembers such classes, so that they are not tried again."""
    split = set_key(members, 0)  # no node has no guesses left: the key is free
    if split in memo:
        return
    core = _shrunk_core(ctx, members, mark)
    if core.size == 0:
        memo[split] = 0
        return
    bits = np.empty(covered.size, np.uint64)
    _kept_bits(ctx, core, bits)
    covered |= bits
    if pool.known[0] < pool.sizes.size and core.size <= pool.members.shape[1]:
        _keep_core(pool, core, bits)


@njit(cache=True, nogil=True)
def _keep_core(pool, core, bits) -> None:
    """Add ``core``, kept together by the guesses ``bits``, to the ``pool`` (which has room)."""
    q = pool.known[0]
    pool.members[q, :core.size] = core
    pool.sizes[q] = core.size
    pool.kept[q] = bits
    pool.after[q] = pool.first[core[0]]
    pool.first[core[0]] = q
    pool.known[0] = q + 1


@njit(cache=True, nogil=True)
def _pool_cover(pool, cands, inside, covered) -> None:
    """Add to ``covered`` the guesses keeping together some core of ``pool`` that lies within
    ``cands`` (``inside``: a False flag per secret, left so); only the cores whose first secret
    is a candidate are read."""
    inside[cands] = True
    for x in cands:
        q = pool.first[x]
        while q >= 0:
            within = True
            j = 1
            while within and j < pool.sizes[q]:
                within = inside[pool.members[q, j]]
                j += 1
            if within:
                covered |= pool.kept[q]
            q = pool.after[q]
    inside[cands] = False


@njit(cache=True, nogil=True)
def _covers(covered, g) -> bool:
    return (covered[g >> 6] >> np.uint64(g & 63)) & np.uint64(1) != 0


@njit(cache=True, nogil=True)
def fits(ctx, run, cands, depth, given, path_codes, path_len, state, among) -> bool:
    """Whether some strategy finds every secret of ``cands`` within ``depth`` guesses (under a
    restriction, with the guesses its ``state`` allows, of ``among``: the parent's; empty: all).
    """
    codes, solved, n_codes = ctx.codes, ctx.solved, ctx.n_codes
    capacity, memo = run.capacity, run.memo
    s = cands.size
    if s == 1:
        return depth >= 1
    if s == 2:
        return depth >= 2
    if depth < 2 or s > capacity[min(depth, capacity.size - 1)]:
        return False
    key = node_key(cands, depth, state)
    entry = memo.get(key, -1)
    if entry >= 0:
        return (entry & VALUE_BITS) == 1
    run.stats[0] += 1
    run.budget[0] -= 1
    if run.budget[0] < 0:
        return False  # given up: nothing stored
    count = np.zeros(n_codes, np.int64)
    g = _perfect_candidate(ctx, cands, count)
    if g >= 0:
        _store(memo, key, 1, g, True)
        return True
    room = capacity[min(depth - 1, capacity.size - 1)]
    guesses = _node_guesses(ctx, given, path_codes, path_len, state, among)
    if depth == 2:  # only a guess splitting them all apart will do
        g = _perfect_guess(ctx, guesses, cands, count)
        _store(memo, key, 1 if g >= 0 else 0, g, True)
        return g >= 0
    if state.size > 0 and group_too_slow(
            ctx, cands, depth, guesses if given.size == 0 else ctx.rule.allowed(ctx.rule.table,
                                                                                state, among),
            count):
        _store(memo, key, 0, -1, True)
        return False
    n_guess = guesses.size if guesses.size > 0 else codes.shape[0]
    order_key = np.empty(n_guess, np.float64)
    picked = np.empty(n_guess, np.int64)
    touched = np.empty(min(s, n_codes), np.int64)
    kept = 0
    for t in range(n_guess):
        g = guesses[t] if guesses.size > 0 else t
        n_touched = _tally(codes[g], cands, count, touched)
        largest = 0
        for u in range(n_touched):
            c = touched[u]
            if c != solved:
                largest = max(largest, count[c])
            count[c] = 0
        if largest <= room and not (n_touched == 1 and touched[0] != solved):
            order_key[kept] = largest * (s + 1.0) - n_touched
            picked[kept] = g
            kept += 1
    order = np.argsort(order_key[:kept], kind="mergesort")
    part = np.empty(s, np.int64)
    starts = np.empty(s, np.int64)
    sizes = np.empty(s, np.int64)
    class_order = np.empty(s, np.int64)
    none_given = np.empty(0, np.int64)
    inner = _children_among(guesses, given, state)
    kid = np.empty(state.size, np.int64)
    use_cores = depth == 3 and run.cores.kept.shape[1] > 0
    covered = np.zeros(run.cores.kept.shape[1] if use_cores else 0, np.uint64)
    if use_cores:
        _pool_cover(run.cores, cands, ctx.in_set, covered)
    for r in range(kept):
        g = picked[order[r]]
        if use_cores and _covers(covered, g):
            continue
        n_classes = _partition(codes[g], cands, solved, count, part, starts, sizes, class_order)
        if path_len < path_codes.shape[0] and ctx.symmetry.code_rows.shape[0] > 0:
            path_codes[path_len] = ctx.symmetry.code_rows[g]
        ok = True
        for k in range(n_classes):  # under a restriction the smallest first: cheap to refute
            c = class_order[n_classes - 1 - k] if state.size > 0 else class_order[k]
            if sizes[c] == 1:
                if state.size > 0:
                    continue
                break
            members = part[starts[c]:starts[c] + sizes[c]]
            if not fits(ctx, run, members, depth - 1, none_given, path_codes, path_len + 1,
                        _child_state(ctx, state, g, codes[g, members[0]], kid), inner):
                if run.budget[0] < 0:
                    return False
                ok = False
                if use_cores:
                    _learn_core(ctx, members, count, run.cores, covered, memo)
                break
        if ok:
            _store(memo, key, 1, g, True)
            return True
    _store(memo, key, 0, -1, True)
    return False
