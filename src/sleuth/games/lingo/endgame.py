"""Compiled best-score search for word games scored per attempt (Lingo), a few attempts deep.

Write V_k(C) for the best total score over the candidate secrets C with k attempts left, and
p_1 > p_2 > ... for the points of solving on the 1st, 2nd, ... of those attempts. Then

    V_1(C) = p_1                         (name one candidate)
    V_k(C) = max_g  p_1 * [g in C] + sum over the other feedback classes c of V_{k-1}(c)

Only one secret can be named on each attempt, so a class of s secrets is worth at most
p_1 + p_2 * (s - 1): a candidate that splits the rest into singletons is optimal at once. Every
guess is bounded by that before it is searched; guesses are searched best bound first and the
search stops when no bound beats the best value found, and a guess is abandoned as soon as its
exact classes so far plus the bounds of the rest fall short. With three attempts left the search
is exact over every guess up to a size limit; above it, and always with four left, only a
shortlist is searched (the best by that bound and the best by entropy), so the value found is
that of a real strategy and never above the optimum.

The same bound, taken one guess deeper, bounds the optimum itself (:func:`guess_bounds`): after a
guess, a class of s secrets scores p_1 + p_2 (s - 1) only if a candidate splits the others into
singletons; otherwise a candidate leaves two together and any other word names nobody at once,
so no guess beats max(p_1 + p_2 (s - 2) + p_3, p_2 s), or, trying every word, the best bound of
any guess on the class. Nor can a guess make more classes than there are feedback codes
(:func:`codes_cap`), which caps the big classes of short words without trying any word.

Everything here works on letter arrays (rows of 0..25) and candidate index arrays. A context per
thread holds the guesses, the scratch of the feedback kernel, a stamp table over feedback codes
and a memo of values by candidate set (two independent 64-bit hashes of the sorted secret
indices and the attempt, so a false hit needs a 128-bit collision). Words longer than
:data:`DIRECT_LENGTH` letters have too many codes for tables indexed by code: each row of codes
is first renumbered through a hash table (:func:`_relabel`), the solved code to 0 and the others
1, 2, ... by first appearance, so the tables need one cell per guess.

>>> from sleuth.words import feedback as fb
>>> words = fb.encode(["abc", "abd", "abe", "xyz"])
>>> ctx = context(words, fb.solved_code(3))
>>> best_value(ctx, words, np.arange(4), np.arange(4), np.array([300.0, 200.0, 100.0]))
(800.0, 0)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, types
from numba.typed import Dict

from sleuth.core.contexts import typed_once
from sleuth.words.feedback import _fill_row, _place_values, _scratch, _secret_tables, codes

EPS = 1e-9
MEMO_LIMIT = 4_000_000  # entries kept before the memo is cleared (about 200 MB)
#: Most codes (guesses x secrets) a search with a floor tabulates to count lost games and rule
#: guesses out first (4 bytes a code: 160 MB); larger sets are searched without it.
FILTER_CODES = 40_000_000

KEY = types.UniTuple(types.int64, 2)  # a memo key: two 64-bit hashes


class Context(NamedTuple):
    """What one thread needs to search (see :func:`context`)."""

    guesses: np.ndarray
    """The guesses' letter rows (uint8)."""
    place_values: np.ndarray
    """The feedback kernel's place values (3**k by position)."""
    scratch: np.ndarray
    """The feedback kernel's scratch."""
    stamp: np.ndarray
    """A stamp per feedback code, its last cell the current stamp (counts distinct codes)."""
    memo: Dict
    """Values (or bounds) by candidate set: two 64-bit hashes -> float."""
    solved: int
    """The all-right code (0 when codes are renumbered)."""
    exact: int
    """With three attempts left, sets of more candidates than this search a shortlist."""
    width: int
    """The shortlist's width, by bound and by entropy (0: every guess)."""
    sizes: np.ndarray
    """Scratch: a class size per feedback code, zero between uses."""
    labels: np.ndarray
    """Scratch: a class label per feedback code, zero between uses."""
    relabel: np.ndarray
    """For long words, the hash table that renumbers codes (no columns: codes are direct)."""


typed_once(Context)

#: Longest words whose codes index the tables directly (3**13 cells, 13 MB each); longer words'
#: codes are renumbered per row (see :func:`_relabel`).
DIRECT_LENGTH = 13


def context(guesses: np.ndarray, solved: int, *, exact: int = 0, width: int = 0) -> Context:
    """What one thread needs to search: the guesses' letter rows, the feedback kernel's scratch,
    a stamp per feedback code (its last cell the current stamp), an empty memo, the limits
    of the search: with three attempts left, sets of more than ``exact`` candidates (0: none)
    search only a shortlist of ``width`` guesses by bound and ``width`` by entropy; with four
    left the shortlist is always used when ``width`` > 0; a class size and a label per code,
    kept zeroed between uses; and, for words longer than :data:`DIRECT_LENGTH`, the hash table
    that renumbers codes (then the stamps and sizes are per label, and the solved code is 0).
    ``solved`` must be the all-right code: the search is for Lingo-like word games."""
    length = guesses.shape[1]
    memo = Dict.empty(key_type=KEY, value_type=types.float64)
    cells = 3**length
    relabel = np.zeros((3, 0), np.int64)
    if length > DIRECT_LENGTH:
        cells = guesses.shape[0] + 1  # labels 0..m: a row has at most one code per secret
        relabel = np.full((3, 1 << max(4, (2 * cells).bit_length())), -1, np.int64)
        solved = 0
    return Context(np.ascontiguousarray(guesses, dtype=np.uint8), _place_values(length),
                   _scratch(), np.zeros(cells + 1, np.int64), memo, solved,
                   exact if exact > 0 else 1 << 60, width, np.zeros(cells, np.int64),
                   np.zeros(cells, np.int64), relabel)


def _check_fits(ctx: Context, n: int) -> None:
    """Renumbered codes need at most as many secrets as the context has guesses."""
    if ctx.relabel.shape[1] and n > ctx.guesses.shape[0]:
        raise ValueError(f"{n} secrets but only {ctx.guesses.shape[0]} guesses in the context")


@njit(cache=True, nogil=True)
def _relabel(row: np.ndarray, n: int, table: np.ndarray, solved: int) -> None:
    """Renumber the codes row[:n] in place: the ``solved`` code to 0, the others 1, 2, ... by
    first appearance, through an open-addressing hash table (rows: keys, labels, the slot of
    each label) that is left empty again."""
    keys, labels, slots = table[0], table[1], table[2]
    mask = keys.shape[0] - 1
    bits = np.uint64(64 - int(np.log2(keys.shape[0])))
    k = 0
    for j in range(n):
        c = row[j]
        if c == solved:
            row[j] = 0
            continue
        h = np.int64((np.uint64(c) * np.uint64(11400714819323198485)) >> bits)
        while keys[h] != -1 and keys[h] != c:
            h = (h + 1) & mask
        if keys[h] == -1:
            k += 1
            keys[h] = c
            labels[h] = k
            slots[k] = h
        row[j] = labels[h]
    for t in range(1, k + 1):
        keys[slots[t]] = -1


@njit(cache=True, nogil=True)
def _relabel_rows(rows: np.ndarray, table: np.ndarray, solved: int) -> None:
    """:func:`_relabel` on every row of a table of codes."""
    for g in range(rows.shape[0]):
        _relabel(rows[g], rows.shape[1], table, solved)


@njit(cache=True, nogil=True)
def _count(row: np.ndarray, n: int, stamp: np.ndarray, solved: int) -> tuple[int, int]:
    """Number of distinct codes among row[:n], and 1 if the solved code is one of them."""
    gen = stamp[-1] + 1
    stamp[-1] = gen
    classes = hit = 0
    for j in range(n):
        c = row[j]
        if stamp[c] != gen:
            stamp[c] = gen
            classes += 1
            if c == solved:
                hit = 1
    return classes, hit


@njit(cache=True, nogil=True)
def _entropy(row: np.ndarray, n: int, sizes: np.ndarray, touched: np.ndarray) -> float:
    """Entropy (bits) of the split of row[:n] by code; ``sizes`` is left zeroed."""
    k = 0
    for j in range(n):
        c = row[j]
        if sizes[c] == 0:
            touched[k] = c
            k += 1
        sizes[c] += 1
    h = 0.0
    for t in range(k):
        p = sizes[touched[t]] / n
        h -= p * np.log2(p)
        sizes[touched[t]] = 0
    return h


@njit(cache=True, nogil=True)
def _key(ids: np.ndarray, tag: float) -> tuple[np.int64, np.int64]:
    """Two independent 64-bit hashes of a sorted index set and a tag (the points at stake)."""
    h1 = np.uint64(1469598103934665603) ^ np.uint64(int(tag * 16.0))
    h2 = np.uint64(88172645463325252) + np.uint64(int(tag * 16.0))
    for i in ids:
        x = np.uint64(i) + np.uint64(0x9E3779B97F4A7C15)
        h1 = (h1 ^ x) * np.uint64(1099511628211)
        h2 = (h2 + x * np.uint64(0xBF58476D1CE4E5B9)) ^ (h2 >> np.uint64(29))
        h2 = h2 * np.uint64(0x94D049BB133111EB)
    return np.int64(h1), np.int64(h2)


@njit(cache=True, nogil=True)
def _remember(memo: Dict, key: tuple[np.int64, np.int64], value: float) -> None:
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value


@njit(cache=True, nogil=True)
def _codes(ctx: Context, g: int, sub: np.ndarray, letter_set: np.ndarray, counts: np.ndarray,
           row: np.ndarray) -> tuple[int, int]:
    """Fill ``row`` with the codes of guess ``g`` on ``sub`` (renumbered for long words); return
    classes and hit."""
    _fill_row(ctx.guesses[g], sub, letter_set, counts, ctx.place_values, row, ctx.scratch)
    if ctx.relabel.shape[1] > 0:
        _relabel(row, sub.shape[0], ctx.relabel, 3 * ctx.place_values[0] - 1)
    return _count(row, sub.shape[0], ctx.stamp, ctx.solved)


@njit(cache=True, nogil=True)
def _split_value(classes: int, hit: int, n: int, pa: float, pb: float, pc: float) -> float:
    """Upper bound of a guess making ``classes`` classes of ``n`` candidates (``hit`` = 1 if it
    is one of them), with the next attempts worth pa, pb, pc: its own hit, then each other class
    naming one secret on the next attempt and the rest on the one after."""
    return pa * hit + (pb - pc) * (classes - hit) + pc * (n - hit)


@njit(cache=True, nogil=True)
def best_split(ctx: Context, sub: np.ndarray, own: np.ndarray, pa: float, pb: float,
                pc: float, every: bool) -> tuple[float, int, bool]:
    """The best :func:`_split_value` of a guess on ``sub`` (letter rows; ``own`` their guess
    indices), that guess, and whether it is a candidate splitting the others into singletons
    (then no guess does better). Candidates are tried first; with ``every`` then any word,
    until the best reaches pb * n, the most a word outside ``sub`` can."""
    n = sub.shape[0]
    letter_set, counts = _secret_tables(sub)
    row = np.empty(n, np.int64)
    best, best_g = -1.0, own[0]
    for k in range(n):
        if own[k] >= 0:
            classes, hit = _codes(ctx, own[k], sub, letter_set, counts, row)
            value = _split_value(classes, hit, n, pa, pb, pc)
            if value > best + EPS:
                best, best_g = value, own[k]
            if classes == n:  # the most any guess can: no need to look further
                return max(best, value), own[k], True
    if every:
        for g in range(ctx.guesses.shape[0]):
            if best >= pb * n - EPS:
                break
            classes, hit = _codes(ctx, g, sub, letter_set, counts, row)
            value = _split_value(classes, hit, n, pa, pb, pc)
            if value > best + EPS:
                best, best_g = value, g
    return best, best_g, False


@njit(cache=True, nogil=True)
def _two_left(ctx: Context, sub: np.ndarray, own: np.ndarray, pa: float,
              pb: float) -> tuple[float, int]:
    """V_2 of the candidates ``sub`` (letter rows; ``own`` their guess indices) and its guess:
    with nothing after the next attempt, the best split value is the exact value."""
    n = sub.shape[0]
    if n <= 2:
        return pa + pb * (n - 1), own[0]
    value, guess, _ = best_split(ctx, sub, own, pa, pb, 0.0, True)
    return value, guess


@njit(cache=True, nogil=True)
def _bound(classes: int, hit: int, n: int, pts: np.ndarray) -> float:
    """:func:`_split_value` with the points of the next three attempts in ``pts``."""
    return _split_value(classes, hit, n, pts[0], pts[1], pts[2])


@njit(cache=True, nogil=True)
def _classes(row: np.ndarray, solved: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Candidates ordered by code, and the start and size of each unsolved class, largest
    first (a guess is abandoned sooner when the big classes are scored first)."""
    n = row.shape[0]
    order = np.argsort(row, kind="mergesort")
    starts = np.empty(n, np.int64)
    sizes = np.empty(n, np.int64)
    k = start = 0
    while start < n:
        end = start + 1
        while end < n and row[order[end]] == row[order[start]]:
            end += 1
        if row[order[start]] != solved:
            starts[k], sizes[k] = start, end - start
            k += 1
        start = end
    by_size = np.argsort(-sizes[:k], kind="mergesort")
    return order, starts[:k][by_size], sizes[:k][by_size]


@njit(cache=True, nogil=True)
def _guess_split(ctx: Context, sub: np.ndarray, g: int, pts: np.ndarray
                 ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """A guess's bound, and its unsolved classes (see :func:`_classes`)."""
    letter_set, counts = _secret_tables(sub)
    row = np.empty(sub.shape[0], np.int64)
    classes, hit = _codes(ctx, g, sub, letter_set, counts, row)
    order, starts, sizes = _classes(row, ctx.solved)
    return _bound(classes, hit, sub.shape[0], pts), order, starts, sizes


@njit(cache=True, nogil=True)
def _value3(ctx: Context, sub: np.ndarray, ids: np.ndarray, own: np.ndarray, g: int,
            pts: np.ndarray, floor: float) -> float:
    """Exact value of guess ``g`` with three attempts left, or a number <= ``floor`` as soon as
    it cannot beat ``floor`` (the bound, less what each class scored falls short of its own)."""
    value, order, starts, sizes = _guess_split(ctx, sub, g, pts)
    for t in range(starts.shape[0]):
        if value <= floor + EPS or sizes[t] <= 2:
            break
        part = order[starts[t]:starts[t] + sizes[t]]
        memo, key = ctx.memo, _key(ids[part], pts[1] * 1000.0 + 2)
        if key in memo:
            inner = memo[key]
        else:
            inner = _two_left(ctx, sub[part], own[part], pts[1], pts[2])[0]
            _remember(memo, key, inner)
        value -= pts[1] + pts[2] * (sizes[t] - 1) - inner
    return value


@njit(cache=True, nogil=True)
def _value4(ctx: Context, sub: np.ndarray, ids: np.ndarray, own: np.ndarray, g: int,
            pts: np.ndarray, floor: float) -> float:
    """Like :func:`_value3` with four attempts left: each class searched with three."""
    value, order, starts, sizes = _guess_split(ctx, sub, g, pts)
    for t in range(starts.shape[0]):
        if value <= floor + EPS or sizes[t] <= 2:
            break
        part = order[starts[t]:starts[t] + sizes[t]]
        memo, key = ctx.memo, _key(ids[part], pts[1] * 1000.0 + 3)
        if key in memo:
            inner = memo[key]
        else:
            inner = _three_left(ctx, sub[part], ids[part], own[part], pts[1:])[0]
            _remember(memo, key, inner)
        value -= pts[1] + pts[2] * (sizes[t] - 1) - inner
    return value


@njit(cache=True, nogil=True)
def _ranked(ctx: Context, sub: np.ndarray, own: np.ndarray, pts: np.ndarray,
            width: int) -> tuple[np.ndarray, np.ndarray]:
    """Every guess's bound, and the guesses to search, best bound first (candidates first among
    equals); with ``width`` > 0 only the ``width`` best by bound and the ``width`` best by
    entropy."""
    n, m = sub.shape[0], ctx.guesses.shape[0]
    letter_set, counts = _secret_tables(sub)
    row = np.empty(n, np.int64)
    bound, entropy = np.empty(m), np.empty(m)
    sizes, touched = ctx.sizes, np.empty(n, np.int64)
    is_own = np.zeros(m)
    for k in range(n):
        if own[k] >= 0:
            is_own[own[k]] = 1e-6
    for g in range(m):
        classes, hit = _codes(ctx, g, sub, letter_set, counts, row)
        bound[g] = _bound(classes, hit, n, pts)
        if width > 0:
            entropy[g] = _entropy(row, n, sizes, touched)
    order = np.argsort(-(bound + is_own), kind="mergesort")
    if width > 0:
        keep = np.zeros(m, np.bool_)
        keep[np.argsort(-(entropy + is_own), kind="mergesort")[:width]] = True
        keep[order[:width]] = True
        order = order[keep[order]]
    return bound, order


@njit(cache=True, nogil=True)
def _settled(ctx: Context, sub: np.ndarray, own: np.ndarray) -> int:
    """A guess known optimal without search (two candidates, or a perfect one), else -1."""
    if sub.shape[0] <= 2:
        return own[0]
    _, guess, perfect = best_split(ctx, sub, own, 2.0, 1.0, 0.0, False)
    return guess if perfect else -1


# _three_left and _four_left (and _value3 and _value4) are twins on purpose: numba cannot cache
# functions that call each other recursively, so each depth has its own loop.


@njit(cache=True, nogil=True)
def _three_left(ctx: Context, sub: np.ndarray, ids: np.ndarray, own: np.ndarray,
                pts: np.ndarray, floor: float = -1.0) -> tuple[float, int]:
    """V_3 of ``sub`` exactly, and the guess reaching it; with a ``floor``, ``(floor, -1)``
    when no guess beats it (only guesses that might are searched)."""
    settled = _settled(ctx, sub, own)
    if settled >= 0:
        return pts[0] + pts[1] * (sub.shape[0] - 1), settled
    width = 0 if sub.shape[0] <= ctx.exact else ctx.width
    bound, order = _ranked(ctx, sub, own, pts, width)
    best, best_g = floor, -1
    for g in order:
        if bound[g] <= best + EPS:
            break
        value = _value3(ctx, sub, ids, own, g, pts, best)
        if value > best + EPS:
            best, best_g = value, g
    return best, best_g


@njit(cache=True, nogil=True)
def _four_left(ctx: Context, sub: np.ndarray, ids: np.ndarray, own: np.ndarray,
               pts: np.ndarray, floor: float = -1.0) -> tuple[float, int]:
    """V_4 of ``sub`` over the context's shortlist (every guess when its width is 0); with a
    ``floor`` as :func:`_three_left`."""
    settled = _settled(ctx, sub, own)
    if settled >= 0:
        return pts[0] + pts[1] * (sub.shape[0] - 1), settled
    bound, order = _ranked(ctx, sub, own, pts, ctx.width)
    best, best_g = floor, -1
    for g in order:
        if bound[g] <= best + EPS:
            break
        value = _value4(ctx, sub, ids, own, g, pts, best)
        if value > best + EPS:
            best, best_g = value, g
    return best, best_g


@njit(cache=True, nogil=True)
def _class_sums(ctx: Context, secrets: np.ndarray, table: np.ndarray) -> np.ndarray:
    """For every guess, the sum of ``table[size]`` over its unsolved classes of ``secrets``."""
    n = secrets.shape[0]
    letter_set, counts = _secret_tables(secrets)
    row = np.empty(n, np.int64)
    sizes, touched = ctx.sizes, np.empty(n, np.int64)
    out = np.zeros(ctx.guesses.shape[0])
    for g in range(ctx.guesses.shape[0]):
        _codes(ctx, g, secrets, letter_set, counts, row)
        k = 0
        for j in range(n):
            if sizes[row[j]] == 0:
                touched[k] = row[j]
                k += 1
            sizes[row[j]] += 1
        for t in range(k):
            if touched[t] != ctx.solved:
                out[g] += table[sizes[touched[t]]]
            sizes[touched[t]] = 0
    return out


@njit(cache=True, nogil=True)
def split_codes(length: int) -> int:
    """Feedback codes a guess can give besides the solved one: 3^L - 1, less the L codes with
    one ? among O's (that ? would need a spare letter where every other place matched)."""
    return 3**length - 1 - length


@njit(cache=True, nogil=True)
def codes_cap(length: int, s: int, pts: np.ndarray) -> float:
    """Upper bound on the best split value of any guess on ``s`` secrets of ``length`` letters:
    no guess makes more classes than :func:`split_codes`. It bites on big classes of short
    words.

    >>> codes_cap(2, 10, np.array([400.0, 300.0, 200.0]))  # 6 codes: 1, then 6, then 3
    2800.0
    """
    n_codes = split_codes(length)
    named = min(s - 1, n_codes)
    own = pts[0] + (pts[1] - pts[2]) * named + pts[2] * (s - 1)
    return max(own, (pts[1] - pts[2]) * min(s, n_codes) + pts[2] * s)


@njit(cache=True, nogil=True)
def _class_bound(ctx: Context, sub: np.ndarray, own: np.ndarray, pts: np.ndarray,
                 exact: bool, table: np.ndarray, ids: np.ndarray) -> float:
    """Upper bound on V(sub) (``pts`` at least three long). A candidate splitting the rest into
    singletons reaches p_1 + p_2 (s - 1), the most possible. Without one no guess beats
    max(p_1 + p_2 (s - 2) + p_3, p_2 s): a candidate leaves two secrets together, any other word
    names none at once; nor more than :func:`codes_cap`. With ``exact`` that cap is lowered to
    the best :func:`_bound` of any guess, read from ``table`` (rows ``ids``, see
    :func:`code_table`) when it has rows."""
    s = sub.shape[0]
    read = exact and table.shape[0] > 0
    if s <= 2 or not exact or read:
        cheap, best = _cheap_bound(ctx, sub, own, pts, table, ids)
        return _read_bound(ctx, table, ids, cheap, best, pts) if read else cheap
    best, _, perfect = best_split(ctx, sub, own, pts[0], pts[1], pts[2], True)
    return best if perfect else min(best, _unsplit_cap(sub.shape[1], s, pts))


@njit(cache=True, nogil=True)
def _cheap_bound(ctx: Context, sub: np.ndarray, own: np.ndarray, pts: np.ndarray,
                 table: np.ndarray, ids: np.ndarray) -> tuple[float, float]:
    """:func:`_class_bound` without ``exact`` (only candidates tried), and the split value the
    every-word pass starts from (NaN when nothing beats the bound: at most two secrets, or a
    candidate splitting the rest into singletons): the candidates' best, or -1 when they were
    only read from ``table`` (rows ``ids``, when it has rows) for one splitting the rest into
    singletons, which is all the bound needs."""
    s = sub.shape[0]
    if s <= 2:
        return pts[0] + pts[1] * (s - 1), np.nan
    if table.shape[0] > 0:
        if _splits_apart(ctx, table, ids, np.unique(own[own >= 0])):
            return pts[0] + pts[1] * (s - 1), np.nan
        return _unsplit_cap(sub.shape[1], s, pts), -1.0
    best, _, perfect = best_split(ctx, sub, own, pts[0], pts[1], pts[2], False)
    if perfect:
        return best, np.nan
    return _unsplit_cap(sub.shape[1], s, pts), best


@njit(cache=True, nogil=True)
def _read_bound(ctx: Context, table: np.ndarray, ids: np.ndarray, cheap: float, best: float,
                pts: np.ndarray) -> float:
    """:func:`_class_bound` with ``exact`` from :func:`_cheap_bound`'s answer (``cheap``,
    ``best``): lowered to the best split of any word, read from ``table`` (rows ``ids``). No
    candidate splits the rest into singletons, so none beats ``cheap``: the pass stops there."""
    if np.isnan(best):
        return cheap
    return min(_every_best(ctx, table, ids, best, cheap, pts[0], pts[1], pts[2], True), cheap)


#: Guesses whose classes :func:`table_best` counts side by side from a table's rows, and the
#: most bytes their bitsets of codes seen may take (they stay in the cache; fewer guesses for
#: long words).
TABLE_BLOCK, TABLE_BITS = 128, 1 << 18

#: Secrets :func:`table_best` reads between two looks at which guesses can still win.
TABLE_CHUNK = 16


@njit(cache=True, nogil=True)
def _split_most(classes: int, n: int, pa: float, pb: float, pc: float) -> float:
    """The larger :func:`_split_value` of ``classes`` classes of ``n``, with a hit or without."""
    most = _split_value(classes, 0, n, pa, pb, pc)
    if classes >= 1:
        most = max(most, _split_value(classes, 1, n, pa, pb, pc))
    return most


@njit(cache=True, nogil=True)
def _classes_needed(n: int, best: float, pa: float, pb: float, pc: float) -> int:
    """The fewest classes a guess must make of ``n`` secrets for its :func:`_split_value` to
    beat ``best`` (n + 1: none can); 0 when classes do not count (pb <= pc).

    >>> _classes_needed(10, 1000.0, 300.0, 200.0, 100.0)  # 300 + 100 (c - 1) + 900 > 1000
    1
    >>> _classes_needed(10, 1950.0, 300.0, 200.0, 100.0)  # 1200 + 100 (c - 1) > 1950: c = 9
    9
    """
    if pb <= pc:
        return 0
    guess = int(np.floor((best - pa - pc * (n - 1)) / (pb - pc))) + 2
    c = min(n + 1, max(0, guess))
    while c > 0 and _split_most(c - 1, n, pa, pb, pc) > best:
        c -= 1
    while c <= n and _split_most(c, n, pa, pb, pc) <= best:
        c += 1
    return c


@njit(cache=True, nogil=True)
def table_best(ctx: Context, table: np.ndarray, ids: np.ndarray, best: float, pa: float,
               pb: float, pc: float, abandon: bool = True) -> float:
    """The best :func:`_split_value` of any guess on the secrets ``ids`` (rows of ``table``,
    see :func:`code_table`), at least ``best`` (what the candidates reach), until it reaches
    pb * n: :func:`best_split`'s every-word pass, reading codes instead of computing them.
    With ``abandon``, a guess is dropped once too many of its secrets repeat a code for it to
    beat the best so far (the same answer, sooner)."""
    return _every_best(ctx, table, ids, best, pb * ids.shape[0], pa, pb, pc, abandon)


@njit(cache=True, nogil=True)
def _every_best(ctx: Context, table: np.ndarray, ids: np.ndarray, best: float, most: float,
                pa: float, pb: float, pc: float, abandon: bool) -> float:
    """The best :func:`_split_value` of every guess (column of ``table``) on the secrets
    ``ids``, at least ``best``, looking until it reaches ``most``."""
    n, guesses = ids.shape[0], table.shape[1]
    bits, classes, live = _bitsets(ctx, guesses)
    solved = ctx.solved
    every = np.empty(0, np.int64)  # no list: a block is the columns first .. first + width
    for first in range(0, guesses, classes.shape[0]):
        if best >= most - EPS:
            break
        spare = n - _classes_needed(n, best, pa, pb, pc) if abandon else n
        if spare < 0:  # no guess can beat it
            break
        width = min(classes.shape[0], guesses - first)
        kept, read = _block_classes(table, ids, every, first, width, spare, bits, classes, live)
        for j in range(kept):
            t = live[j]
            hit = (bits[t, solved >> 6] >> np.uint64(solved & 63)) & np.uint64(1)
            best = max(best, _split_value(classes[t], int(hit), n, pa, pb, pc))
        _clear_bits(table, ids, every, first, width, read, bits)
    return best


@njit(cache=True, nogil=True)
def _splits_apart(ctx: Context, table: np.ndarray, ids: np.ndarray, cols: np.ndarray) -> bool:
    """Whether one of the guesses ``cols`` (sorted) gives each of the secrets ``ids`` a code
    of its own (a guess is dropped at its first repeat)."""
    bits, classes, live = _bitsets(ctx, cols.shape[0])
    for start in range(0, cols.shape[0], classes.shape[0]):
        chosen = cols[start:start + classes.shape[0]]
        width = chosen.shape[0]
        kept, read = _block_classes(table, ids, chosen, 0, width, 0, bits, classes, live)
        _clear_bits(table, ids, chosen, 0, width, read, bits)
        if kept > 0:
            return True
    return False


@njit(cache=True, nogil=True)
def _bitsets(ctx: Context, guesses: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Zeroed scratch for :func:`_block_classes` on a block of at most ``guesses`` guesses:
    a bitset of codes seen, a count of classes and a place in the live list per guess."""
    words = (ctx.stamp.shape[0] + 63) // 64
    block = max(1, min(TABLE_BLOCK, TABLE_BITS // (8 * words), guesses))
    return (np.zeros((block, words), np.uint64), np.zeros(block, np.int64),
            np.empty(block, np.int64))


@njit(cache=True, nogil=True)
def _block_classes(table: np.ndarray, ids: np.ndarray, cols: np.ndarray, first: int,
                   width: int, spare: int, bits: np.ndarray, classes: np.ndarray,
                   live: np.ndarray) -> tuple[int, int]:
    """How many of the ``width`` guesses ``cols`` (empty: the columns from ``first``) have at
    most ``spare`` secrets repeating a code, listed first in ``live`` with their ``classes``
    (each guess's codes seen marked in its row of ``bits``), and how many secrets were read.
    Rows of ``table`` are read as they lie, a guess's codes beside the next guess's."""
    n, listed = ids.shape[0], cols.shape[0] > 0
    classes[:width] = 0
    kept = width
    for j in range(width):
        live[j] = j
    high = 0
    while high < n and kept > 0:
        low, high = high, min(n, high + TABLE_CHUNK)
        for k in range(low, high):
            row = table[ids[k]]
            if kept == width and not listed:  # all still in: a slice of the row
                block = row[first:first + width]
                for t in range(width):
                    _mark(bits, classes, t, block[t])
            else:
                for j in range(kept):
                    t = live[j]
                    _mark(bits, classes, t, row[cols[t] if listed else first + t])
        left = 0
        for j in range(kept):
            if high - classes[live[j]] <= spare:
                live[left] = live[j]
                left += 1
        kept = left
    return kept, high


@njit(cache=True, nogil=True, inline="always")
def _mark(bits: np.ndarray, classes: np.ndarray, t: int, code: int) -> None:
    """Mark ``code`` seen by guess ``t``, counting it in ``classes`` if it is new."""
    mark = np.uint64(1) << np.uint64(code & 63)
    seen = bits[t, code >> 6]
    classes[t] += (seen & mark) == 0
    bits[t, code >> 6] = seen | mark


@njit(cache=True, nogil=True)
def _clear_bits(table: np.ndarray, ids: np.ndarray, cols: np.ndarray, first: int, width: int,
                read: int, bits: np.ndarray) -> None:
    """Zero the bitsets of the ``width`` guesses ``cols`` (empty: the columns from ``first``):
    whole rows unless they are much longer than the ``read`` secrets, else only the words
    those secrets' codes set."""
    if bits.shape[1] <= 4 * read:
        bits[:width] = 0
        return
    listed = cols.shape[0] > 0
    for k in range(read):
        row = table[ids[k]]
        for t in range(width):
            bits[t, row[cols[t] if listed else first + t] >> 6] = 0


def code_table(guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    """The feedback code of every guess on every secret, a row a secret (uint16: words of up
    to 10 letters), for :func:`class_bounds` to read instead of computing.

    >>> from sleuth.words import feedback as fb
    >>> code_table(fb.encode(["ab", "ba"]), fb.encode(["ab", "bb"])).tolist()
    [[8, 4], [2, 6]]
    """
    if guesses.shape[1] > TABLE_LETTERS:
        raise ValueError(f"code tables are for words of up to {TABLE_LETTERS} letters")
    out = np.empty((len(secrets), len(guesses)), np.uint16)
    step = max(1, 20_000_000 // max(1, len(guesses)))
    for start in range(0, len(secrets), step):
        out[start:start + step] = codes(guesses, secrets[start:start + step]).T
    return out


#: Longest words a :func:`code_table` holds: their codes fit in 16 bits (3**10 < 2**16).
TABLE_LETTERS = 10


def table_fits(guesses: int, secrets: int, length: int) -> bool:
    """Whether a :func:`code_table` of words of ``length`` letters can be made and takes at
    most half the memory free now."""
    import os

    if length > TABLE_LETTERS:
        return False
    try:
        free = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return False
    return 2 * guesses * secrets <= free // 2


@njit(cache=True, nogil=True)
def _unsplit_cap(length: int, s: int, pts: np.ndarray) -> float:
    """Upper bound on V of s secrets that none of their candidates splits into singletons."""
    return min(max(pts[0] + pts[1] * (s - 2) + pts[2], pts[1] * s), codes_cap(length, s, pts))


@njit(cache=True, nogil=True)
def _class_bounds(ctx: Context, secrets: np.ndarray, own: np.ndarray, pts: np.ndarray, g: int,
                  exact: bool, target: float, table: np.ndarray, ids: np.ndarray
                  ) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Guess ``g``'s hit, its unsolved classes (see :func:`_classes`) and the
    :func:`_class_bound` of each (``ids``: the rows of ``secrets`` in ``table``). With
    ``exact`` and a finite ``target``, the classes get the cheap bound first and then the exact
    one, largest first, only until the guess's total (its hit at ``pts[0]`` and the bounds) is
    at most ``target``."""
    letter_set, counts = _secret_tables(secrets)
    row = np.empty(secrets.shape[0], np.int64)
    _, hit = _codes(ctx, g, secrets, letter_set, counts, row)
    order, starts, sizes = _classes(row, ctx.solved)
    caps = np.empty(starts.shape[0])
    found = np.full(starts.shape[0], np.nan)  # the candidates' best, where a table may beat it
    staged = exact and target > -np.inf
    read = table.shape[0] > 0
    for t in range(starts.shape[0]):
        part = order[starts[t]:starts[t] + sizes[t]]
        if staged or not exact:
            caps[t], found[t] = _cheap_bound(ctx, secrets[part], own[part], pts[1:], table,
                                             ids[part] if read else ids)
        else:
            caps[t] = _class_bound(ctx, secrets[part], own[part], pts[1:], True, table,
                                   ids[part] if read else ids)
    if staged:
        total = pts[0] * hit + caps.sum()
        for t in range(starts.shape[0]):
            if total <= target:
                break
            part = order[starts[t]:starts[t] + sizes[t]]
            if read:  # the candidates' pass is not done again
                tight = _read_bound(ctx, table, ids[part], caps[t], found[t], pts[1:])
            else:
                tight = _class_bound(ctx, secrets[part], own[part], pts[1:], True, table, ids)
            total -= caps[t] - tight
            caps[t] = tight
    return hit, order, starts, sizes, caps


@njit(cache=True, nogil=True)
def _partition_key(row: np.ndarray, ctx: Context) -> tuple[np.int64, np.int64]:
    """Hashes of the partition the codes ``row`` make, classes numbered by first appearance and
    the solved one apart: two guesses making the same partition have the same value."""
    labels, solved = ctx.labels, ctx.solved
    marks = np.empty(row.shape[0], np.int64)
    k = 0
    for j in range(row.shape[0]):
        if labels[row[j]] == 0:
            k += 1
            labels[row[j]] = k
        marks[j] = 0 if row[j] == solved else labels[row[j]]
    for j in range(row.shape[0]):
        labels[row[j]] = 0
    return _key(marks, 0.0)


# The bound that counts lost games works on one class C of secrets at a time, from a table of
# the codes of every guess on C (``table[g, j]``); subsets of C are sorted index arrays ``loc``
# into its columns. Reading codes from the table is several times faster than computing them,
# and every guess is tried on many subsets of C. _table_bound3 and _table_bound4 are twins for
# the same reason as _three_left and _four_left.


@njit(cache=True, nogil=True)
def _table_split(ctx: Context, table: np.ndarray, g: int, loc: np.ndarray, row: np.ndarray,
                 budget: np.ndarray) -> tuple[int, int]:
    """Fill ``row`` with the codes of guess ``g`` on the subset ``loc``; classes and hit. Each
    code read is taken from ``budget[0]``."""
    budget[0] -= loc.shape[0]
    for j in range(loc.shape[0]):
        row[j] = table[g, loc[j]]
    return _count(row, loc.shape[0], ctx.stamp, ctx.solved)


@njit(cache=True, nogil=True)
def _table_cap(ctx: Context, table: np.ndarray, loc: np.ndarray, own: np.ndarray,
               pts: np.ndarray, length: int, budget: np.ndarray) -> float:
    """:func:`_class_bound` of the subset ``loc`` (only its candidates tried)."""
    s = loc.shape[0]
    top = pts[0] + pts[1] * (s - 1)
    if s <= 2:
        return top
    row = np.empty(s, np.int64)
    for k in range(s):
        if own[loc[k]] >= 0 and _table_split(ctx, table, own[loc[k]], loc, row, budget)[0] == s:
            return top
    return _unsplit_cap(length, s, pts)


@njit(cache=True, nogil=True)
def _table_ranked(ctx: Context, table: np.ndarray, loc: np.ndarray, pts: np.ndarray,
                  budget: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every guess's :func:`_bound` on the subset ``loc``, and the guesses best bound first
    (candidates first among equals). The bound depends only on the number of classes and the
    hit, so a counting sort by those orders the guesses in linear time."""
    m, n = table.shape[0], loc.shape[0]
    row = np.empty(n, np.int64)
    bound = np.empty(m)
    kind = np.empty(m, np.int64)  # 2 * classes + hit
    count = np.zeros(2 * n + 2, np.int64)
    for g in range(m):
        classes, hit = _table_split(ctx, table, g, loc, row, budget)
        bound[g] = _bound(classes, hit, n, pts)
        kind[g] = 2 * classes + hit
        count[kind[g]] += 1
    kinds = np.arange(2 * n + 2)
    value = np.array([_bound(k // 2, k % 2, n, pts) + 1e-6 * (k % 2) for k in kinds])
    start = np.empty(2 * n + 2, np.int64)
    first = 0
    for k in np.argsort(-value, kind="mergesort"):
        start[k] = first
        first += count[k]
    order = np.empty(m, np.int64)
    for g in range(m):
        order[start[kind[g]]] = g
        start[kind[g]] += 1
    return bound, order


@njit(cache=True, nogil=True)
def _table_fresh(ctx: Context, table: np.ndarray, g: int, loc: np.ndarray, row: np.ndarray,
                 seen: Dict, budget: np.ndarray) -> bool:
    """Fill ``row`` with guess ``g``'s codes on ``loc``; False if a guess already ``seen``
    made the same partition (then it has the same value), else remember it."""
    _table_split(ctx, table, g, loc, row, budget)
    shape = _partition_key(row, ctx)
    if shape in seen:
        return False
    seen[shape] = 0.0
    return True


@njit(cache=True, nogil=True)
def _table_bound3(ctx: Context, table: np.ndarray, loc: np.ndarray, ids: np.ndarray,
                  own: np.ndarray, pts: np.ndarray, length: int, budget: np.ndarray,
                  cap: float = np.nan) -> float:
    """Upper bound on V_3 of the subset ``loc`` that counts lost games (``pts``: the three
    attempts left, then 0): every guess, best :func:`_bound` first, each of its classes bounded
    by :func:`_table_cap` with the last two attempts (no candidate splitting a class into
    singletons: one secret fewer named), until no guess's :func:`_bound` beats the best found.
    Guesses making a partition already tried are skipped. Memoised by subset (``ids``: the
    secrets' global indices). Once ``budget`` runs out, the cap is returned (still sound).
    ``cap``: the subset's :func:`_table_cap`, when the caller has it already."""
    s = loc.shape[0]
    if np.isnan(cap):
        cap = _table_cap(ctx, table, loc, own, pts, length, budget)
    if s <= 2 or cap >= pts[0] + pts[1] * (s - 1) - EPS:
        return cap
    memo, key = ctx.memo, _key(ids[loc], pts[0] * 1000.0 + 7)
    if key in memo:
        return memo[key]
    bound, order = _table_ranked(ctx, table, loc, pts, budget)
    row = np.empty(s, np.int64)
    seen = Dict.empty(key_type=KEY, value_type=types.float64)
    best = -1.0
    for g in order:
        if budget[0] < 0:
            return cap
        if bound[g] <= best + EPS or best >= cap - EPS:
            break
        if not _table_fresh(ctx, table, g, loc, row, seen, budget):
            continue
        value, (part_order, starts, sizes) = bound[g], _classes(row, ctx.solved)
        for t in range(starts.shape[0]):
            if value <= best + EPS or sizes[t] <= 2:
                break
            part = loc[part_order[starts[t]:starts[t] + sizes[t]]]
            inner = _table_cap(ctx, table, part, own, pts[1:], length, budget)
            value -= pts[1] + pts[2] * (sizes[t] - 1) - inner
        best = max(best, value)
    best = min(best, cap)
    _remember(memo, key, best)
    return best


@njit(cache=True, nogil=True)
def _guess_loss4(ctx: Context, table: np.ndarray, row: np.ndarray, bound: float,
                 ids: np.ndarray, own: np.ndarray, pts: np.ndarray, floor: float, length: int,
                 budget: np.ndarray) -> float:
    """A guess's ``bound`` with four attempts left (its codes on the class in ``row``), each of
    its classes then bounded by :func:`_table_bound3`, largest first, until it is at most
    ``floor``."""
    value, (part_order, starts, sizes) = bound, _classes(row, ctx.solved)
    caps = np.empty(starts.shape[0])
    for t in range(starts.shape[0]):  # the candidates' caps first: cheap
        if sizes[t] <= 2:
            break
        part = part_order[starts[t]:starts[t] + sizes[t]]
        caps[t] = _table_cap(ctx, table, part, own, pts[1:], length, budget)
        value -= pts[1] + pts[2] * (sizes[t] - 1) - caps[t]
        if value <= floor + EPS:
            return value
    for t in range(starts.shape[0]):
        if value <= floor + EPS or sizes[t] <= 2:
            break
        part = part_order[starts[t]:starts[t] + sizes[t]]
        inner = _table_bound3(ctx, table, part, ids, own, pts[1:], length, budget, caps[t])
        value -= caps[t] - inner
    return value


@njit(cache=True, nogil=True)
def _table_bound4(ctx: Context, table: np.ndarray, ids: np.ndarray, own: np.ndarray,
                  pts: np.ndarray, cap: float, length: int, budget: np.ndarray,
                  floor: float, bound: np.ndarray, order: np.ndarray) -> float:
    """Like :func:`_table_bound3` with four attempts left, on the whole class (``bound`` and
    ``order``: its :func:`_table_ranked`), each class of a guess bounded by
    :func:`_table_bound3`; at most ``cap``; with a ``floor`` each guess only until it is at
    most that (the bound is then at most the larger of the two)."""
    s = table.shape[1]
    if s <= 2:
        return min(cap, pts[0] + pts[1] * (s - 1))
    loc = np.arange(s)
    row = np.empty(s, np.int64)
    seen = Dict.empty(key_type=KEY, value_type=types.float64)
    best = max(-1.0, floor)
    for g in order:
        if budget[0] < 0:
            return cap
        if bound[g] <= best + EPS or best >= cap - EPS:
            break
        if not _table_fresh(ctx, table, g, loc, row, seen, budget):
            continue
        best = max(best, _guess_loss4(ctx, table, row, bound[g], ids, own, pts, best, length,
                                      budget))
    return min(best, cap)


@njit(cache=True, nogil=True)
def _unrefuted4(ctx: Context, table: np.ndarray, ids: np.ndarray, own: np.ndarray,
                pts: np.ndarray, floor: float, length: int, budget: np.ndarray) -> np.ndarray:
    """The guesses (best bound first) that :func:`_table_bound4`'s count of lost games leaves
    above ``floor``, one per partition: every other guess scores at most ``floor``. Once
    ``budget`` runs out, every guess not yet refuted is kept."""
    s = table.shape[1]
    loc = np.arange(s)
    bound, order = _table_ranked(ctx, table, loc, pts, budget)
    row = np.empty(s, np.int64)
    seen = Dict.empty(key_type=KEY, value_type=types.float64)
    kept = np.empty(order.shape[0], np.int64)
    k = 0
    for g in order:
        if bound[g] <= floor + EPS:
            break
        if budget[0] < 0:
            kept[k] = g
            k += 1
            continue
        if not _table_fresh(ctx, table, g, loc, row, seen, budget):
            continue
        if _guess_loss4(ctx, table, row, bound[g], ids, own, pts, floor, length,
                        budget) > floor + EPS:
            kept[k] = g
            k += 1
    return kept[:k]


@njit(cache=True, nogil=True)
def _four_left_above(ctx: Context, sub: np.ndarray, ids: np.ndarray, own: np.ndarray,
                     pts: np.ndarray, floor: float, guesses: np.ndarray) -> tuple[float, int]:
    """:func:`_four_left` with a ``floor``, trying only ``guesses`` (the others known not to
    beat it)."""
    best, best_g = floor, -1
    for g in guesses:
        value = _value4(ctx, sub, ids, own, g, pts, best)
        if value > best + EPS:
            best, best_g = value, g
    return best, best_g


def _class_table(ctx: Context, secrets: np.ndarray, cands: np.ndarray) -> np.ndarray:
    """The codes of every guess on the candidates (renumbered for long words)."""
    table = codes(ctx.guesses, secrets[cands], parallel=False)  # callers may run it on threads
    if ctx.relabel.shape[1]:
        table = table.astype(np.int64)
        _relabel_rows(table, ctx.relabel, int(3 * ctx.place_values[0] - 1))
    return table


def _fresh(ctx: Context) -> Context:
    """A context like ``ctx`` with scratch and memo of its own (for bounds, not values)."""
    return ctx._replace(scratch=_scratch(), stamp=np.zeros_like(ctx.stamp),
                        memo=Dict.empty(key_type=KEY, value_type=types.float64),
                        sizes=np.zeros_like(ctx.sizes), labels=np.zeros_like(ctx.labels),
                        relabel=ctx.relabel.copy())


class ClassCodes(NamedTuple):
    """What :func:`budgeted_loss_bound` reads on a class with four attempts left, for a caller
    that bounds the class again (with the same points) to pass back instead of reading it again."""

    table: np.ndarray
    """Every guess's codes on the class (guesses x its secrets)."""
    bound: np.ndarray
    """Every guess's bound on the class by its classes and hit."""
    order: np.ndarray
    """The guesses, best bound first."""


class LossBound(NamedTuple):
    """What :func:`budgeted_loss_bound` found."""

    bound: float
    """A sound upper bound on the class's best total."""
    within: bool
    """Whether it was found within the budget (if not, it may be looser: the cap at worst)."""
    codes: ClassCodes | None = None
    """With four attempts left, what it read on the class (None if the budget could not pay
    for it)."""


def loss_bound(ctx: Context, secrets: np.ndarray, cands: np.ndarray, own: np.ndarray,
               points: np.ndarray, cap: float = np.inf, budget: int = 1 << 62,
               floor: float = -1.0) -> float:
    """A sound upper bound, at most ``cap``, on the best total of the candidates ``cands``
    (sorted secret indices; ``own`` their guess indices, -1 if unguessable) with three or four
    attempts left worth ``points``, that counts the games lost after the last one: every word is
    tried as each next guess but the last, where a class that none of its candidates splits
    into singletons names one secret fewer (and no more than there are feedback codes). Costs
    up to words^2 x candidates; past ``budget`` feedback codes read (about 3e8 a second) it
    gives up and returns ``cap``. With four attempts left and a ``floor``, guesses are bounded
    only until they are at most that, and the bound is at most the larger of ``floor`` and the
    bound without one: much sooner, when the caller only asks whether the class comes to at
    most ``floor``. Use a context of its own (its memo holds bounds, not values).

    >>> from sleuth.words import feedback as fb
    >>> words = fb.encode(["ab", "ac", "ad", "ae", "af", "ag", "ah", "ai"])
    >>> ctx = context(words, fb.solved_code(2))
    >>> loss_bound(ctx, words, np.arange(8), np.arange(8), np.array([300.0, 200.0, 100.0]))
    1000.0
    """
    return budgeted_loss_bound(ctx, secrets, cands, own, points, cap, budget, floor).bound


def budgeted_loss_bound(ctx: Context, secrets: np.ndarray, cands: np.ndarray, own: np.ndarray,
                        points: np.ndarray, cap: float = np.inf, budget: int = 1 << 62,
                        floor: float = -1.0, read: tuple[np.ndarray, np.ndarray] | None = None,
                        codes: ClassCodes | None = None, room: ClassCodes | None = None
                        ) -> LossBound:
    """:func:`loss_bound`, and whether it was found within ``budget`` (a caller with several
    classes to lower tries each with a small budget first). ``read``: a :func:`code_table` and
    the candidates' rows in it, to read their codes from instead of computing them. ``codes``:
    what an earlier call on the same class with the same points read (:attr:`LossBound.codes`),
    not read nor counted in the budget again; ``room``: arrays of those shapes
    (:meth:`Arena.room`) to write what this call reads into (with ``read``)."""
    if len(points) not in (3, 4):
        raise ValueError("bounds three or four attempts deep")
    if room is not None and read is None:
        raise ValueError("room is for codes read from a table")
    pts = np.zeros(len(points) + 1)
    pts[:len(points)] = points
    cands = np.ascontiguousarray(cands, dtype=np.int64)
    _check_fits(ctx, len(cands))
    own = np.ascontiguousarray(own, dtype=np.int64)
    length = int(secrets.shape[1])
    left = np.array([budget], np.int64)
    if len(points) == 3:
        table = _read_class(ctx, secrets, cands, read)
        bound = min(cap, _table_bound3(ctx, table, np.arange(len(cands)), cands, own, pts, length,
                                       left))
        return LossBound(float(bound), bool(left[0] >= 0))
    if codes is None:
        if len(cands) > 2 and budget < len(ctx.guesses) * len(cands):
            return LossBound(float(cap), False)  # ranking the guesses alone would use it up
        table = _read_class(ctx, secrets, cands, read, None if room is None else room.table)
        codes = ClassCodes(table, *_table_ranked(ctx, table, np.arange(len(cands)), pts, left))
        if room is not None:
            room.bound[:], room.order[:] = codes.bound, codes.order
            codes = room
    bound = _table_bound4(ctx, codes.table, cands, own, pts, float(cap), length, left,
                          float(floor), codes.bound, codes.order)
    return LossBound(float(bound), bool(left[0] >= 0), codes)


class Arena:
    """Memory for the :class:`ClassCodes` a caller keeps between a class's calls, handed out
    from one buffer and taken back all at once (:meth:`rewind`): its pages are touched once,
    where fresh memory for every class costs more than reading the codes (4 s a GB here)."""

    def __init__(self, nbytes: int) -> None:
        self.buffer = np.empty(nbytes, np.uint8)
        self.used = 0

    def room(self, guesses: int, size: int) -> ClassCodes | None:
        """Arrays for :func:`budgeted_loss_bound` to write a class of ``size`` secrets into
        (``guesses``: the game's), or None when the buffer has no room left."""
        mark = self.used
        table = self._take((guesses, size), np.uint16)
        bound = self._take((guesses,), np.float64)
        order = self._take((guesses,), np.int64)
        if table is None or bound is None or order is None:
            self.used = mark
            return None
        return ClassCodes(table, bound, order)

    def rewind(self, mark: int = 0) -> None:
        """Take back what was handed out since ``used`` was ``mark``."""
        self.used = mark

    def _take(self, shape: tuple[int, ...], dtype: type) -> np.ndarray | None:
        start = -(-self.used // 64) * 64
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        if start + size > self.buffer.size:
            return None
        self.used = start + size
        return self.buffer[start:start + size].view(dtype).reshape(shape)


def _read_class(ctx: Context, secrets: np.ndarray, cands: np.ndarray,
                read: tuple[np.ndarray, np.ndarray] | None, out: np.ndarray | None = None
                ) -> np.ndarray:
    """Every guess's codes on the candidates: computed, or read from a code table and the
    candidates' rows in it (into ``out`` if given)."""
    if read is None:
        return _class_table(ctx, secrets, cands)
    table, rows = read
    if out is None:
        out = np.empty((table.shape[1], len(rows)), table.dtype)
    _gather_columns(table, np.ascontiguousarray(rows, dtype=np.int64), out)
    return out


@njit(cache=True, nogil=True)
def _gather_columns(table: np.ndarray, rows: np.ndarray, out: np.ndarray) -> None:
    """``out[g, j] = table[rows[j], g]``, in blocks that stay in the cache (one copy, where
    numpy's take then transpose makes two)."""
    block = 64
    for j0 in range(0, rows.shape[0], block):
        for g0 in range(0, table.shape[1], block):
            for j in range(j0, min(j0 + block, rows.shape[0])):
                r = rows[j]
                for g in range(g0, min(g0 + block, table.shape[1])):
                    out[g, j] = table[r, g]


def class_bounds(ctx: Context, secrets: np.ndarray, own: np.ndarray, points: np.ndarray,
                 guess: int, *, exact: bool = False, target: float = -np.inf,
                 table: np.ndarray | None = None, ids: np.ndarray | None = None
                 ) -> tuple[bool, list[np.ndarray], np.ndarray]:
    """Whether ``guess`` names one of the ``secrets`` (letter rows; ``own`` their guess indices,
    -1 if unguessable), its other classes (sorted indices into ``secrets``), and a sound upper
    bound on each class's best total with the attempts after it (``points`` from this one on):
    what the class's best next guess could reach if each of its own classes then named one
    secret at once and the rest on the attempt after. Cheap without ``exact`` (only the class's
    candidates are tried as next guesses); with it every word is, but with a finite ``target``
    only until the guess's total (its hit and the bounds) is at most ``target``. A ``table``
    (:func:`code_table` of the context's guesses on some secrets, ``ids`` the rows of
    ``secrets`` in it) gives every word's codes faster than computing them, to the same
    bounds."""
    pts = np.zeros(max(4, len(points)))
    pts[:len(points)] = points
    _check_fits(ctx, len(secrets))
    if table is None or ids is None:
        table, ids = _NO_TABLE, np.zeros(0, np.int64)
    hit, order, starts, sizes, caps = _class_bounds(
        ctx, np.ascontiguousarray(secrets, dtype=np.uint8),
        np.ascontiguousarray(own, dtype=np.int64), pts, int(guess), bool(exact),
        float(target), table, np.ascontiguousarray(ids, dtype=np.int64))
    parts = [order[a:a + b] for a, b in zip(starts, sizes, strict=True)]
    return bool(hit), parts, caps


_NO_TABLE = np.zeros((0, 0), np.uint16)


def guess_bounds(ctx: Context, secrets: np.ndarray, own: np.ndarray, points: np.ndarray,
                 guesses: np.ndarray, *, exact: bool = False) -> np.ndarray:
    """Sound upper bounds, two attempts deep, on the best total score of the ``secrets`` after
    each of ``guesses``: its own hit plus the :func:`class_bounds` of its other classes.

    >>> from sleuth.words import feedback as fb
    >>> words = fb.encode(["abc", "abd", "abe", "xyz"])
    >>> ctx = context(words, fb.solved_code(3))
    >>> guess_bounds(ctx, words, np.arange(4), np.array([300.0, 200.0, 100.0]), np.arange(4))
    array([800., 800., 800., 600.])
    """
    out = np.empty(len(guesses))
    for i, guess in enumerate(guesses):
        hit, _, caps = class_bounds(ctx, secrets, own, points, guess, exact=exact)
        out[i] = points[0] * hit + caps.sum()
    return out


def class_sums(ctx: Context, secrets: np.ndarray, table: np.ndarray) -> np.ndarray:
    """For every guess of the context, the sum of ``table[size]`` over the classes it makes of
    ``secrets`` (the class of the guess itself left out): a value estimate when ``table`` holds
    the expected score of a class by its size.

    >>> from sleuth.words import feedback as fb
    >>> words = fb.encode(["ab", "ba", "cd"])
    >>> class_sums(context(words, fb.solved_code(2)), words, np.arange(4.0)).tolist()
    [2.0, 2.0, 2.0]
    """
    _check_fits(ctx, len(secrets))
    return _class_sums(ctx, np.ascontiguousarray(secrets, dtype=np.uint8),
                       np.ascontiguousarray(table, dtype=np.float64))


def best_value(ctx: Context, secrets: np.ndarray, cands: np.ndarray, own: np.ndarray,
               points: np.ndarray, floor: float | None = None) -> tuple[float, int]:
    """Best total score of the candidates ``cands`` (sorted secret indices; ``own`` their guess
    indices, -1 if unguessable) with ``len(points)`` attempts left worth ``points``, and the
    guess reaching it, within the limits of the context (see :func:`context`). With a
    ``floor`` (say what a tree reaches), only a guess beating it is searched to the end:
    ``(floor, -1)`` proves that none does, much sooner than the value would be found.

    >>> from sleuth.words import feedback as fb
    >>> words = fb.encode(["abc", "abd", "abe", "xyz"])
    >>> ctx, pts = context(words, fb.solved_code(3)), np.array([300.0, 200.0, 100.0])
    >>> best_value(ctx, words, np.arange(4), np.arange(4), pts, floor=800.0)
    (800.0, -1)
    >>> best_value(ctx, words, np.arange(4), np.arange(4), pts, floor=700.0)
    (800.0, 0)
    """
    cands = np.ascontiguousarray(cands, dtype=np.int64)
    _check_fits(ctx, len(cands))
    sub = np.ascontiguousarray(secrets[cands])
    own = np.ascontiguousarray(own, dtype=np.int64)
    pts = np.ascontiguousarray(points, dtype=np.float64)
    low = -1.0 if floor is None else float(floor)
    if len(pts) == 1 or sub.shape[0] == 1:
        value, guess = float(pts[0]), int(own[0])
    elif len(pts) == 2:
        value, guess = _two_left(ctx, sub, own, pts[0], pts[1])
    elif len(pts) == 3:
        value, guess = _three_left(ctx, sub, cands, own, pts, low)
    elif len(pts) == 4 and floor is not None and ctx.width == 0 and \
            len(cands) <= filtered(ctx.guesses):
        value, guess = _four_left_above(ctx, sub, cands, own, pts, low,
                                        _unrefuted(ctx, secrets, cands, own, pts, low))
    elif len(pts) == 4:
        value, guess = _four_left(ctx, sub, cands, own, pts, low)
    else:
        raise ValueError("searches at most four attempts deep")
    if value <= low + EPS:
        return low, -1
    return float(value), int(guess)


def _unrefuted(ctx: Context, secrets: np.ndarray, cands: np.ndarray, own: np.ndarray,
               pts: np.ndarray, floor: float) -> np.ndarray:
    """The guesses that counting lost games (:func:`_unrefuted4`) leaves above ``floor``
    with four attempts left: only these can beat it."""
    loss = np.zeros(5)
    loss[:4] = pts
    return _unrefuted4(_fresh(ctx), _class_table(ctx, secrets, cands), cands, own, loss, floor,
                       int(secrets.shape[1]), np.array([1 << 62], np.int64))


def filtered(guesses: np.ndarray) -> int:
    """The most candidates a search with a floor over these guesses counts lost games on first
    (:data:`FILTER_CODES`): 5,945 of 4 letters on the official list, 1,422 of 6, 816 of 8."""
    return FILTER_CODES // max(1, len(guesses))
