"""The exact search of Hangman, compiled: fewest misses (or losses first) over candidate sets.

:func:`exact_value` is a branch and bound over letters with memoised candidate sets and closed
forms for pairs and stars (families like -uzzle); :func:`look_ahead` looks a few letters deep
and values the sets it does not solve by the better greedy play-out. A value is a (lost weight,
miss weight) pair, with a flag: EXACT, LOWER (a lower bound, at least the bound asked for) or
ABORTED (the node budget ran out: no value).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.typed import Dict

from sleuth.games.hangman.greedy import (
    EPS,
    better_play_out,
    letter_misses,
    lex_less,
    split_by_letter,
)
from sleuth.games.hangman.masks import SearchContext

UNLIMITED = 255  # lives that never run out
MOST_MISSES = 25  # no game misses more: a word holds one of the 26 letters at least
ALPHABET = np.int64((1 << 26) - 1)  # every letter, a bit each
KEPT_FLOORS = 8  # sets of at least this many words keep their floor in the memo
EXACT, LOWER, ABORTED = 1, 0, -1
FLOOR = -2  # the letter of a memo entry that holds only a floor (:func:`floor_value`)
SIZE_SHIFT = np.uint64(8)  # a key's third part: the lives in its low byte, the set's size above
PRUNED_SIZES = 64  # a full memo drops floors, then searched sets smaller than this


@njit(cache=True, nogil=True)
def set_key(cands: np.ndarray, lives: int) -> tuple[np.uint64, np.uint64, np.uint64]:
    """A 128-bit fingerprint of a sorted candidate set, with the lives left and its size."""
    h1 = np.uint64(14695981039346656037)
    h2 = np.uint64(cands.size)
    for c in cands:
        x = np.uint64(c) + np.uint64(1)
        h1 = (h1 ^ x) * np.uint64(1099511628211)
        z = h2 + x * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        h2 = z ^ (z >> np.uint64(31))
    return h1, h2, np.uint64(lives) | (np.uint64(cands.size) << SIZE_SHIFT)


@njit(cache=True, nogil=True)
def _key_size(key: tuple[np.uint64, np.uint64, np.uint64]) -> np.int64:
    """The size of the set of memo ``key``."""
    return np.int64(key[2] >> SIZE_SHIFT)


@njit(cache=True, nogil=True)
def _drop_rank(key: tuple[np.uint64, np.uint64, np.uint64],
               value: tuple[float, float, int, int], floors_first: bool) -> int:
    """When a full memo drops an entry: floors first (found again in one pass over the set),
    then searched sets by size, smallest first (every entry by size alone, floors among them,
    unless ``floors_first``); -1: never (a too-hard mark, or a set of PRUNED_SIZES words or
    more that is not a floor to drop first)."""
    if value[2] == ABORTED:
        return -1
    if floors_first and value[3] == FLOOR:
        return 0
    size = _key_size(key)
    return int(1 + size) if size < PRUNED_SIZES else -1


@njit(cache=True, nogil=True)
def pruned(memo: Dict, keep: int, floors_first: bool = True) -> int:
    """Drop the memo's entries, lowest :func:`_drop_rank` first, until at most ``keep`` are
    left or none may go; how many went."""
    counts = np.zeros(PRUNED_SIZES + 1, dtype=np.int64)
    for key, value in memo.items():
        rank = _drop_rank(key, value, floors_first)
        if rank >= 0:
            counts[rank] += 1
    left, below = len(memo), 0
    while left > keep and below <= PRUNED_SIZES:
        left, below = left - counts[below], below + 1
    dropped = np.empty((len(memo) - left, 3), dtype=np.uint64)
    m = 0
    for key, value in memo.items():
        if 0 <= _drop_rank(key, value, floors_first) < below:
            dropped[m, 0], dropped[m, 1], dropped[m, 2] = key
            m += 1
    for i in range(m):
        memo.pop((dropped[i, 0], dropped[i, 1], dropped[i, 2]))
    return m


@njit(cache=True, nogil=True)
def lives_that_matter(n: int, lives: int) -> int:
    """Lives that matter: every useful letter rules a word out, so n - 1 misses always do,
    and no game misses more than MOST_MISSES letters."""
    return UNLIMITED if lives >= min(n - 1, MOST_MISSES) else lives


@njit(cache=True, nogil=True)
def _raised(low0: float, low1: float, key: tuple[np.uint64, np.uint64, np.uint64], memo: Dict
            ) -> tuple[float, float]:
    """A lower bound ``(low0, low1)`` on the set of memo ``key`` raised, when its lives can run
    out, to (0, its fewest misses with lives that never do) as far as the memo knows them: a
    strategy with fewer lives either loses a word or misses at least that many."""
    free = (key[0], key[1], key[2] | np.uint64(UNLIMITED))  # lives never running out
    if key[2] == free[2] or free not in memo or memo[free][2] == ABORTED:
        return low0, low1
    misses = memo[free][1]
    return (0.0, misses) if lex_less(low0, low1, 0.0, misses) else (low0, low1)


@njit(cache=True, nogil=True)
def letters_by_misses(miss: np.ndarray, splits: np.ndarray) -> np.ndarray:
    """The splitting letters, fewest misses first (ties alphabetical)."""
    letters = np.flatnonzero(splits)
    order = np.argsort(miss[letters], kind="mergesort")
    return letters[order]


@njit(cache=True, nogil=True)
def pair_value(masks: np.ndarray, w: np.ndarray, a: int, b: int, lives: int
               ) -> tuple[float, float, int, int]:
    """The exact value of two candidates: free if a letter stands in both, in different
    places; else one miss on the lighter word (lost too when no life is left)."""
    best_g, best = -1, np.inf
    for g in range(26):
        ma, mb = masks[a, g], masks[b, g]
        if ma == mb:
            continue
        if ma != 0 and mb != 0:
            return 0.0, 0.0, EXACT, g
        cost = w[a] if ma == 0 else w[b]
        if cost < best - EPS:
            best_g, best = g, cost
    return (best if lives == 0 else 0.0), best, EXACT, best_g


@njit(cache=True, nogil=True)
def _letter_owners(masks: np.ndarray, cands: np.ndarray, letters: np.ndarray) -> np.ndarray:
    """The one candidate holding each letter; empty when some letter is in two candidates."""
    owner = np.full(letters.size, -1, dtype=np.int64)
    for i in range(letters.size):
        for c in cands:
            if masks[c, letters[i]] != 0:
                if owner[i] >= 0:
                    return np.empty(0, dtype=np.int64)
                owner[i] = c
    return owner


@njit(cache=True, nogil=True)
def star_value(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, letters: np.ndarray,
               lives: int) -> tuple[float, float, int, int]:
    """The exact value of a star: every useful letter stands in one candidate only (bill,
    fill, gill, ...). The best order names the heaviest words first; each guess is a miss for
    every other word left. Flag LOWER (no value) when the set is not a star."""
    owner = _letter_owners(masks, cands, letters)
    if owner.size < letters.size:
        return 0.0, 0.0, LOWER, -1
    own_letter = np.full(cands.size, -1, dtype=np.int64)  # each candidate's first own letter
    for i in range(letters.size):
        for j in range(cands.size):
            if cands[j] == owner[i] and own_letter[j] < 0:
                own_letter[j] = letters[i]
    if (own_letter < 0).any():  # cannot happen (a word's letters would all be shared)
        return 0.0, 0.0, LOWER, -1
    lost, miss = _star_cost(w[cands], lives)
    return lost, miss, EXACT, own_letter[np.argmax(w[cands])]


@njit(cache=True, nogil=True)
def _star_cost(weights: np.ndarray, lives: int) -> tuple[float, float]:
    """(lost, misses) of a star whose words weigh ``weights``, heaviest named first: the
    word named k-th misses k times (a lost game counting lives + 1)."""
    lost = miss = 0.0
    for rank, wc in enumerate(np.sort(weights)[::-1]):
        miss += min(rank, lives + 1) * wc
        if rank > lives:
            lost += wc
    return lost, miss


@njit(cache=True, nogil=True)
def _star_misses(k: int, lives: int) -> int:
    """Misses of a star of ``k`` words each weighing one: the k-th named misses k - 1 times
    (at most lives + 1)."""
    m = lives + 1
    return k * (k - 1) // 2 if k <= m else m * (m - 1) // 2 + (k - m) * m


@njit(cache=True, nogil=True)
def family_floor(ctx: SearchContext, masks: np.ndarray, w: np.ndarray, cands: np.ndarray,
                 lives: int, miss_of: np.ndarray, splits: np.ndarray) -> tuple[float, float]:
    """A lower bound on a set's (lost, misses) from its words' families (bill, fill, gill;
    bake, cane, date: stars, whose cost no strategy on the whole set avoids), each
    family's words counted at its lightest, and the misses of the first letter that
    ``splits`` the set (``miss_of`` each letter: the weight of the words lacking it) that no
    star counts: the other words', and a family's when the letter stands in none of its
    words; with lives that never run out, of the first two (:func:`_chain_misses`, when
    ``ctx.chain`` is 2). Each miss counts once, so the parts add up."""
    for c in cands:
        f = ctx.ids[c]
        if f >= 0:
            ctx.least[f] = w[c] if ctx.counts[f] == 0 else min(ctx.least[f], w[c])
            ctx.counts[f] += 1
            ctx.present[f] |= ctx.letters[c]
    others = miss_of.copy()  # what the first splitting letter's misses add to the stars
    for c in cands:
        f = ctx.ids[c]
        if f >= 0 and ctx.counts[f] >= 2:
            # a star step's misses (with lives: all, the family's own added back below)
            lacking = ~ctx.letters[c] & (ALPHABET if lives < UNLIMITED else ctx.present[f])
            for g in range(26):
                if lacking >> g & 1:
                    others[g] -= w[c]
    lost_of = np.zeros(26)  # games the first splitting letter loses besides the stars'
    lost = miss = 0.0
    for c in cands:
        f = ctx.ids[c]
        if f >= 0 and ctx.counts[f] > 0:
            k = ctx.counts[f]
            if k >= 2 and lives < UNLIMITED:
                _family_first_miss(others, lost_of, ctx.least[f], k, lives, ctx.present[f])
            ctx.counts[f] = -k  # counted once (the scratch rows are zeroed below)
            miss += ctx.least[f] * _star_misses(k, lives)
            lost += ctx.least[f] * max(0, k - lives - 1)
    first_lost = first_miss = np.inf  # each the least over letters: a bound both ways
    for g in range(26):
        if splits[g]:
            first_lost = min(first_lost, others[g] if lives == 0 else lost_of[g])
            first_miss = min(first_miss, others[g])
    if lives >= UNLIMITED and ctx.chain >= 2:
        first_miss = max(first_miss, _chain_misses(ctx, masks, w, cands, others, splits))
    for c in cands:
        f = ctx.ids[c]
        if f >= 0:
            ctx.counts[f] = 0
            ctx.present[f] = 0
    return lost + first_lost, miss + first_miss


@njit(cache=True, nogil=True)
def _chain_misses(ctx: SearchContext, masks: np.ndarray, w: np.ndarray, cands: np.ndarray,
                  others: np.ndarray, splits: np.ndarray) -> float:
    """The least misses no star counts of the first two letters while every guess misses: a
    first letter g1 that ``splits`` the set costs ``others[g1]``, and if two words or more
    lack it, the next letter, which must split those, costs their weight lacking it, except
    where a star counts the miss (its family's letters). Families are counted, negated,
    in ``ctx.counts``."""
    n = cands.size
    counted = np.empty(n, dtype=np.int64)  # letters each word never misses uncounted
    for j in range(n):
        f = ctx.ids[cands[j]]
        counted[j] = ctx.present[f] if f >= 0 and ctx.counts[f] <= -2 else ctx.letters[cands[j]]
    having, kept = np.zeros(26, dtype=np.int64), np.zeros(26)
    union, common = np.zeros(26, dtype=masks.dtype), np.zeros(26, dtype=masks.dtype)
    best = np.inf
    for g1 in np.argsort(others):
        if others[g1] >= best:
            break
        if not splits[g1]:
            continue
        having[:], kept[:], union[:], common[:] = 0, 0.0, 0, -1
        count, weight = 0, 0.0
        for j in range(n):
            c, bits, keep = cands[j], ctx.letters[cands[j]], counted[j]
            if bits >> g1 & 1:
                continue
            count, weight = count + 1, weight + w[c]
            for g in range(26):
                if keep >> g & 1:
                    kept[g] += w[c]
                if bits >> g & 1:
                    having[g] += 1
                    union[g] |= masks[c, g]
                    common[g] &= masks[c, g]
        second = 0.0
        if count >= 2:
            second = np.inf
            for g in range(26):  # the letters splitting the words lacking g1
                if (0 < having[g] < count) or (having[g] == count and union[g] != common[g]):
                    second = min(second, weight - kept[g])
        best = min(best, others[g1] + second)
    return best


@njit(cache=True, nogil=True)
def _family_first_miss(others: np.ndarray, lost_of: np.ndarray, least: float, k: int,
                       lives: int, present: np.int64) -> None:
    """With lives: a family of ``k`` words missing a letter that stands in none of them
    first moves each word's capped star count up by one (:func:`_star_misses`): ``min(k,
    lives + 1)`` misses more, and one more game lost once ``k`` reaches lives + 1."""
    absent = ~present & ALPHABET
    for g in range(26):
        if absent >> g & 1:
            others[g] += least * min(k, lives + 1)
            if k >= lives + 1:
                lost_of[g] += least


@njit(cache=True, nogil=True)
def _settled(known: tuple[float, float, int, int], beta0: float, beta1: float) -> bool:
    """Whether a memoised value answers a search bounded by ``beta``: exact, or a lower bound
    already at least ``beta``."""
    return known[2] == EXACT or (known[2] == LOWER and not lex_less(known[0], known[1], beta0,
                                                                    beta1))


@njit(cache=True, nogil=True)
def floor_value(masks: np.ndarray, w: np.ndarray, ctx: SearchContext, cands: np.ndarray, lives: int,
                memo: Dict) -> tuple[float, float]:
    """A cheap lower bound on a set's (lost, misses): exact for pairs, what the memo knows,
    else the fewest misses of any letter that splits it (the first useful guess costs that)
    or its families' stars (:func:`family_floor`), whichever is more."""
    n = cands.size
    if n <= 1:
        return 0.0, 0.0
    lives = lives_that_matter(n, lives)
    if n == 2:
        pair = pair_value(masks, w, cands[0], cands[1], lives)
        return pair[0], pair[1]
    key = set_key(cands, lives)
    if key in memo and memo[key][2] != ABORTED:
        return _raised(memo[key][0], memo[key][1], key, memo)
    miss, splits, _ = letter_misses(masks, w, cands)
    low = np.inf
    for g in range(26):
        if splits[g] and miss[g] < low:
            low = miss[g]
    low0, low1 = _stronger(low if lives == 0 else 0.0, low,
                           family_floor(ctx, masks, w, cands, lives, miss, splits))
    low0, low1 = _raised(low0, low1, key, memo)
    if n >= KEPT_FLOORS:
        memo[key] = (low0, low1, LOWER, FLOOR)  # kept until the memo is full
    return low0, low1


@njit(cache=True, nogil=True)
def _stronger(low0: float, low1: float, other: tuple[float, float]) -> tuple[float, float]:
    """Two lower bounds that each hold of lost words and of misses alike, as one."""
    return max(low0, other[0]), max(low1, other[1])


@njit(cache=True, nogil=True)
def _floors(masks: np.ndarray, w: np.ndarray, ctx: SearchContext, part: np.ndarray,
            starts: np.ndarray, codes: np.ndarray, lives: int, memo: Dict, out0: np.ndarray,
            out1: np.ndarray) -> tuple[float, float]:
    """:func:`floor_value` of each class of a split (into ``out0``/``out1``) and their sum; a
    class of misses with no life left is lost already and counts nothing more."""
    sum0 = sum1 = 0.0
    for j in range(codes.size):
        out0[j] = out1[j] = 0.0
        if starts[j + 1] - starts[j] <= 1 or (codes[j] == 0 and lives == 0):
            continue
        left = lives - 1 if codes[j] == 0 else lives
        out0[j], out1[j] = floor_value(masks, w, ctx, part[starts[j]:starts[j + 1]], left, memo)
        sum0 += out0[j]
        sum1 += out1[j]
    return sum0, sum1


@njit(cache=True, nogil=True)
def _class_order(sizes: np.ndarray, squeeze: bool) -> np.ndarray:
    """The order a letter's classes are searched in: largest first; with a ``squeeze``, each
    first asked for its share of the gap, smallest first."""
    largest = np.argsort(-sizes, kind="mergesort")
    return np.concatenate((largest[::-1], largest)) if squeeze else largest


@njit(cache=True, nogil=True)
def exact_value(masks: np.ndarray, w: np.ndarray, ctx: SearchContext, cands: np.ndarray, lives: int,
                beta0: float, beta1: float, memo: Dict, budget: np.ndarray
                ) -> tuple[float, float, int, int]:
    """Branch and bound over letters: (lost, misses, flag, best letter) of a candidate set.

    The value is exact (flag EXACT) when it is below ``beta`` (lexicographically), else a lower
    bound at least ``beta`` (flag LOWER). ABORTED when the node budget ran out (no value).
    Letters are tried fewest misses first; a letter's misses plus its classes' floors
    (:func:`floor_value`) must stay below the best so far before any class is searched, and
    the classes are then searched largest first, each against what is left; when the gap is
    in misses, each is first asked only for its share of it by size, smallest first (a
    squeeze: a letter far from the best is refuted without solving its large classes, and
    what each proves stays in the memo). With lives that can run out, what the memo knows of
    a set with lives that never do bounds it too (:func:`_raised`). (The recursion stays in
    this one function and one call: numba cannot reload mutually recursive kernels from its
    cache, nor, as seen, a second recursive call.)
    """
    n = cands.size
    if n <= 1:
        return 0.0, 0.0, EXACT, -1
    lives = lives_that_matter(n, lives)
    if n == 2:
        return pair_value(masks, w, cands[0], cands[1], lives)
    key = set_key(cands, lives)
    if key in memo and _settled(memo[key], beta0, beta1):
        return memo[key]
    budget[0] -= 1
    if budget[0] < 0:
        return 0.0, 0.0, ABORTED, -1
    if len(memo) > ctx.memo_cap:
        pruned(memo, ctx.memo_cap // 2, ctx.floors_first)
    miss, splits, _ = letter_misses(masks, w, cands)
    letters = letters_by_misses(miss, splits)
    star = star_value(masks, w, cands, letters, lives)
    if star[2] == EXACT:
        memo[key] = star
        return star
    low0, low1 = _raised(miss[letters[0]] if lives == 0 else 0.0, miss[letters[0]], key,
                         memo)  # no letter misses less: a bound on any strategy
    if not lex_less(low0, low1, beta0, beta1):
        memo[key] = (low0, low1, LOWER, letters[0])
        return memo[key]
    best0, best1, best_g = np.inf, np.inf, -1
    fail0, fail1 = np.inf, np.inf  # the least of the cut letters' partial sums: a lower bound
    floor0, floor1 = np.empty(n), np.empty(n)
    for g in letters:
        cap0, cap1 = (best0, best1) if lex_less(best0, best1, beta0, beta1) else (beta0, beta1)
        acc1 = miss[g]
        acc0 = acc1 if lives == 0 else 0.0
        if not lex_less(acc0, acc1, cap0, cap1):  # letters come by increasing misses:
            fail0, fail1 = (acc0, acc1) if lex_less(acc0, acc1, fail0, fail1) else (fail0, fail1)
            break  # none after this one can do better
        part, starts, codes = split_by_letter(masks, cands, g)
        more0, more1 = _floors(masks, w, ctx, part, starts, codes, lives, memo, floor0, floor1)
        acc0, acc1 = acc0 + more0, acc1 + more1
        sizes = starts[1:] - starts[:-1]
        done = (sizes <= 2) | ((codes == 0) & (lives == 0))  # exact in their floor, or lost
        squeeze = ctx.squeeze and cap1 < np.inf and acc0 >= cap0 - EPS  # a gap in misses
        order = _class_order(sizes, squeeze)
        gap, unasked = cap1 - acc1, sizes[~done].sum() if squeeze else 0
        for step in range(order.size):
            j = order[step]
            if not lex_less(acc0, acc1, cap0, cap1):
                break
            if done[j]:
                continue
            asking = squeeze and step < codes.size  # first asked for its share of the gap
            if asking:
                aim0, aim1 = floor0[j], floor1[j] + max(np.floor(gap * sizes[j] / unasked), 1.0)
            else:  # then searched against all that is left for it
                aim0, aim1 = cap0 - (acc0 - floor0[j]), cap1 - (acc1 - floor1[j])
            left = lives - 1 if codes[j] == 0 else lives
            sub = exact_value(masks, w, ctx, part[starts[j]:starts[j + 1]], left, aim0, aim1,
                              memo, budget)
            if sub[2] == ABORTED:
                return sub
            acc0, acc1 = acc0 + sub[0] - floor0[j], acc1 + sub[1] - floor1[j]
            floor0[j], floor1[j] = sub[0], sub[1]
            done[j] = sub[2] == EXACT or not asking
            if asking:
                gap, unasked = cap1 - acc1, unasked - sizes[j]
        if lex_less(acc0, acc1, cap0, cap1):
            best0, best1, best_g = acc0, acc1, g
        elif lex_less(acc0, acc1, fail0, fail1):
            fail0, fail1 = acc0, acc1
    if best_g >= 0 and lex_less(best0, best1, beta0, beta1):
        memo[key] = (best0, best1, EXACT, best_g)
    elif lex_less(fail0, fail1, low0, low1):
        memo[key] = (low0, low1, LOWER, -1)
    else:
        memo[key] = (fail0, fail1, LOWER, -1)
    return memo[key]


@njit(cache=True, nogil=True)
def memo_value(cands: np.ndarray, lives: int, memo: Dict) -> tuple[float, float, int, int]:
    """What the memo holds on a set (flag LOWER with -inf values when nothing)."""
    if cands.size <= 2:
        return 0.0, 0.0, EXACT, -1  # solved on the spot
    key = set_key(cands, lives_that_matter(cands.size, lives))
    if key in memo:
        return memo[key]
    return -np.inf, -np.inf, LOWER, -1


@njit(cache=True, nogil=True)
def mark_too_hard(cands: np.ndarray, lives: int, memo: Dict) -> None:
    """Mark a set as too hard to solve exactly, so no search tries it again."""
    memo[set_key(cands, lives_that_matter(cands.size, lives))] = (0.0, 0.0, ABORTED, -1)


@njit(cache=True, nogil=True)
def _solved_value(masks: np.ndarray, w: np.ndarray, ctx: SearchContext, child: np.ndarray,
                  lives: int, cap0: float, cap1: float, node_budget: int, memo: Dict,
                  budget: np.ndarray) -> tuple[float, float, bool]:
    """(lost, misses, solved?) of a small set by the exact search within ``node_budget``
    nodes; a set the search gives up on is marked so that it is not tried again."""
    key = set_key(child, lives_that_matter(child.size, lives))
    if key in memo and memo[key][2] == ABORTED:
        return 0.0, 0.0, False
    budget[0] = node_budget
    found = exact_value(masks, w, ctx, child, lives, cap0, cap1, memo, budget)
    if found[2] == ABORTED:
        memo[key] = (0.0, 0.0, ABORTED, -1)
        return 0.0, 0.0, False
    return found[0], found[1], True


@njit(cache=True, nogil=True)
def look_ahead(masks: np.ndarray, w: np.ndarray, ctx: SearchContext, cands: np.ndarray, lives: int,
               depth: int, exact_size: int, node_budget: int, memo: Dict, budget: np.ndarray,
               bins: np.ndarray, misses: np.ndarray, lost: np.ndarray
               ) -> tuple[float, float, int]:
    """(lost, misses, letter) of the best letter by a ``depth``-letter look-ahead.

    Candidate sets of at most ``exact_size`` words are valued exactly (if the node budget
    allows), larger ones beyond the depth by the better greedy play-out: values this solver is
    sure to reach, so the result is a sound upper bound on its own (and the optimal) cost.
    """
    n = cands.size
    if n <= 1:
        return 0.0, 0.0, -1
    lives = lives_that_matter(n, lives)
    miss, splits, _ = letter_misses(masks, w, cands)
    best0, best1, best_g = np.inf, np.inf, -1
    for g in letters_by_misses(miss, splits):
        acc1 = miss[g]
        acc0 = acc1 if lives == 0 else 0.0
        if not lex_less(acc0, acc1, best0, best1):
            break
        part, starts, codes = split_by_letter(masks, cands, g)
        sizes = starts[1:] - starts[:-1]
        for j in np.argsort(-sizes, kind="mergesort"):
            if sizes[j] == 1 or (codes[j] == 0 and lives == 0):
                continue
            left = lives - 1 if codes[j] == 0 else lives
            child = part[starts[j]:starts[j + 1]]
            sub0, sub1, done = 0.0, 0.0, False
            if child.size <= exact_size:
                sub0, sub1, done = _solved_value(masks, w, ctx, child, left, best0 - acc0,
                                                 best1 - acc1, node_budget, memo, budget)
            if not done and depth > 1:
                sub0, sub1, _ = look_ahead(masks, w, ctx, child, left, depth - 1, exact_size,
                                           node_budget, memo, budget, bins, misses, lost)
            elif not done:
                sub0, sub1 = better_play_out(masks, w, child, left, bins, misses, lost)
            acc0 += sub0
            acc1 += sub1
            if not lex_less(acc0, acc1, best0, best1):
                break
        if lex_less(acc0, acc1, best0, best1):
            best0, best1, best_g = acc0, acc1, g
    return best0, best1, best_g
