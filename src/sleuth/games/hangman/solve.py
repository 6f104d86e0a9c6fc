"""Hangman solvers, word difficulty, and priors over the setter's words.

Every solver here plays on the candidates that agree with every answer so far, under a prior
over the words (the game's ``weights``; uniform when there are none):

- :class:`FewestMisses` (``"misses"``): the seed's greedy rule, the letter that the fewest
  (weighted) candidates lack; ties go to the first letter of the alphabet.
- :class:`LetterEntropy` (``"entropy"``): the letter whose answer is most informative
  (entropy of the position masks); ties go to the fewest misses, then the alphabet.
- :class:`Exact` (``"exact"`` and ``"exact-win"``): a search that minimises the expected
  number of misses (``"exact-win"``: first maximises the chance to win with the game's lives,
  then minimises misses). It is exact on lists of up to ``whole_list`` words and on sets of
  up to ``exact_size`` candidates (branch and bound with pruning, memoised candidate sets,
  closed forms for pairs and for families like -uzzle); above that it looks ``depth`` letters
  ahead and values what lies beyond by the better of the two greedy rules played out, a value
  it is sure to achieve. So it is never worse than either greedy rule (a rollout argument: see
  :func:`lookahead_value`).

With one candidate left (a list with a single word of the length) every solver names the first
letter of that word not guessed yet: a free hit.

All the work is done by compiled kernels on a table of letter-position masks (one row per
word, one bitmask per letter), so one node of a search costs microseconds.

Word difficulty (:func:`rate`) is the misses a solver makes on each word, read off one decision
tree over the whole list (:func:`tree.evaluate`), with the letters it guessed; the seed's
cheap formula comes beside it, with the rank correlation between the two.

>>> from sleuth.games.hangman.game import hangman
>>> g = hangman(["deed", "dead", "dare"])
>>> g.guess_labels[FewestMisses().choose(g, g.start())]
'd'
>>> round(expected_misses(g), 3), expected_misses(g, "misses")
(0.0, 0.0)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from numba import njit, types
from numba.typed import Dict

from sleuth.core.game import Game, Position

__all__ = [
    "BANDS",
    "FREQUENCY_BANDS",
    "RARITY_BANDS",
    "RULES",
    "SOLVERS",
    "UNLIMITED",
    "Exact",
    "FewestMisses",
    "LetterEntropy",
    "Rating",
    "SetterModel",
    "Tables",
    "band_edges",
    "bands",
    "expected_misses",
    "get_solver",
    "greedy_outcomes",
    "guess_paths",
    "letter_ranks",
    "letter_rarity",
    "letter_table",
    "lookahead_value",
    "ranks_of",
    "rate",
    "seed_formula",
    "setter_distribution",
    "spearman",
    "tables",
    "word_prior",
    "zipf_values",
]

MISSES, ENTROPY = 0, 1
#: The greedy rules the compiled kernels know, by name.
RULES = {"misses": MISSES, "entropy": ENTROPY}
UNLIMITED = 255  # lives that never run out (no word needs more than 26 misses)
NARROW_BITS = 30  # words up to this long have their masks in int32, longer ones in int64
DENSE_BITS = 20  # words up to this long count classes in a table indexed by mask (2**20 cells)
_EPS = 1e-9  # values are in "words" (weights scaled to mean 1): ties within this are equal
EXACT, LOWER, ABORTED = 1, 0, -1


# --------------------------------------------------------------------------- mask tables


@njit(cache=True, nogil=True)
def _mask_table(secrets: np.ndarray, out: np.ndarray) -> None:
    n, length = secrets.shape
    row = np.zeros(26, dtype=np.int64)
    for i in range(n):
        row[:] = 0
        for k in range(length):
            row[secrets[i, k]] |= np.int64(1) << k
        for g in range(26):
            out[i, g] = row[g]


def letter_table(secrets: np.ndarray) -> np.ndarray:
    """The position mask of every letter in every word: an (n, 26) table, int32 for words of
    up to NARROW_BITS letters, int64 for longer ones.

    >>> from sleuth.words import feedback as fb
    >>> letter_table(fb.encode(["deed"]))[0, [3, 4, 0]].tolist()
    [9, 6, 0]
    """
    words = np.ascontiguousarray(np.atleast_2d(secrets), dtype=np.uint8)
    out = np.zeros((words.shape[0], 26),
                   dtype=np.int32 if words.shape[1] <= NARROW_BITS else np.int64)
    _mask_table(words, out)
    return out


@dataclass
class Tables:
    """What the kernels need about one game: masks, scaled weights, scratch, memo."""

    masks: np.ndarray
    weights: np.ndarray
    scratch: np.ndarray
    letter_of_guess: np.ndarray
    guess_of_letter: np.ndarray
    memo: Dict = field(repr=False)


def _new_memo() -> Dict:
    return Dict.empty(key_type=types.UniTuple(types.uint64, 3),
                      value_type=types.Tuple((types.float64, types.float64, types.int64,
                                              types.int64)))


_TABLES: dict[int, tuple[Game, Tables]] = {}


def tables(game: Game) -> Tables:
    """The kernels' tables for a Hangman game (built once per game and kept for the last few)."""
    hit = _TABLES.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1]
    masks = letter_table(game.secrets)
    n = masks.shape[0]
    if game.weights is None:
        weights = np.ones(n)
    else:
        raw = np.asarray(game.weights, dtype=np.float64)
        weights = raw * (n / raw.sum())
    letters = np.asarray(game.guesses)[:, 0].astype(np.int64)
    guess_of_letter = np.full(26, -1, dtype=np.int64)
    guess_of_letter[letters] = np.arange(letters.size)
    length = game.secrets.shape[1]
    bins = np.zeros(1 << length if length <= DENSE_BITS else 0)  # empty: count by sorting
    made = Tables(masks, weights, bins, letters, guess_of_letter, _new_memo())
    if len(_TABLES) >= 4:
        _TABLES.pop(next(iter(_TABLES)))
    _TABLES[id(game)] = (game, made)
    return made


# --------------------------------------------------------------------------- node kernels


@njit(cache=True, nogil=True)
def _letter_stats(masks: np.ndarray, w: np.ndarray, cands: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, float]:
    """Weight of the candidates lacking each letter, whether each letter splits them, total."""
    miss = np.zeros(26)
    first = masks[cands[0]]
    splits = np.zeros(26, dtype=np.bool_)
    total = 0.0
    for c in cands:
        row = masks[c]
        wc = w[c]
        total += wc
        for g in range(26):
            m = row[g]
            if m == 0:
                miss[g] += wc
            if m != first[g]:
                splits[g] = True
    return miss, splits, total


@njit(cache=True, nogil=True)
def _entropy(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, g: int, total: float,
             bins: np.ndarray, touched: np.ndarray) -> float:
    """Entropy (nats) of the split of the candidates by the masks of letter ``g``; with no
    ``bins`` (long words: too many masks for a table) the masks are sorted instead."""
    if bins.shape[0] == 0:
        keys = masks[cands, g]
        order = np.argsort(keys, kind="mergesort")
        h = 0.0
        mass = 0.0
        for i in range(order.size):
            mass += w[cands[order[i]]]
            if i + 1 == order.size or keys[order[i + 1]] != keys[order[i]]:
                p = mass / total
                h -= p * math.log(p)
                mass = 0.0
        return h
    used = 0
    for c in cands:
        m = masks[c, g]
        if bins[m] == 0.0:
            touched[used] = m
            used += 1
        bins[m] += w[c]
    h = 0.0
    for i in range(used):
        p = bins[touched[i]] / total
        h -= p * math.log(p)
        bins[touched[i]] = 0.0
    return h


@njit(cache=True, nogil=True)
def _rule_choice(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, rule: int,
                 bins: np.ndarray, touched: np.ndarray) -> int:
    """The letter a greedy rule picks among the letters that split the candidates."""
    miss, splits, total = _letter_stats(masks, w, cands)
    best = -1
    best_h = -1.0
    for g in range(26):
        if not splits[g]:
            continue
        if rule == MISSES:
            if best < 0 or miss[g] < miss[best] - _EPS:
                best = g
            continue
        h = _entropy(masks, w, cands, g, total, bins, touched)
        if best < 0 or h > best_h + _EPS or (h > best_h - _EPS and miss[g] < miss[best] - _EPS):
            best, best_h = g, h
    return best


@njit(cache=True, nogil=True)
def _partition(masks: np.ndarray, cands: np.ndarray, g: int
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Candidates sorted by their mask of letter ``g`` (stable), class starts, class masks."""
    keys = masks[cands, g]
    order = np.argsort(keys, kind="mergesort")
    out = cands[order]
    keys = keys[order]
    n = cands.size
    starts = np.empty(n + 1, dtype=np.int64)
    codes = np.empty_like(keys)
    count = 0
    for i in range(n):
        if i == 0 or keys[i] != keys[i - 1]:
            starts[count] = i
            codes[count] = keys[i]
            count += 1
    starts[count] = n
    return out, starts[: count + 1], codes[:count]


# --------------------------------------------------------------------------- greedy play-outs


@njit(cache=True, nogil=True)
def _greedy_walk(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, lives: int, rule: int,
                 bins: np.ndarray, misses: np.ndarray, lost: np.ndarray
                 ) -> tuple[float, float]:
    """Play a greedy rule against every candidate at once: (lost weight, miss weight).

    Fills ``misses`` and ``lost`` (indexed by word) for the candidates. The tree is walked with
    an explicit stack of segments of one working array, partitioned in place.
    """
    work = cands.copy()
    n = work.size
    touched = np.empty(n, dtype=np.int32)
    lo_stack = np.empty(n + 1, dtype=np.int64)
    hi_stack = np.empty(n + 1, dtype=np.int64)
    k_stack = np.empty(n + 1, dtype=np.int64)
    top = 0
    lo_stack[0], hi_stack[0], k_stack[0] = 0, n, lives
    top = 1
    total_lost = 0.0
    total_miss = 0.0
    for c in cands:
        misses[c] = 0
        lost[c] = False
    while top > 0:
        top -= 1
        lo, hi, k = lo_stack[top], hi_stack[top], k_stack[top]
        if hi - lo <= 1:
            continue
        seg = work[lo:hi]
        g = _rule_choice(masks, w, seg, rule, bins, touched)
        part, starts, codes = _partition(masks, seg, g)
        work[lo:hi] = part
        for j in range(codes.size):
            a, b = lo + starts[j], lo + starts[j + 1]
            kk = k
            if codes[j] == 0:
                for i in range(a, b):
                    c = work[i]
                    misses[c] += 1
                    total_miss += w[c]
                if k == 0:
                    for i in range(a, b):
                        lost[work[i]] = True
                        total_lost += w[work[i]]
                    continue
                kk = k - 1
            if b - a > 1:
                lo_stack[top], hi_stack[top], k_stack[top] = a, b, kk
                top += 1
    return total_lost, total_miss


@njit(cache=True, nogil=True)
def _rollout(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, lives: int,
             bins: np.ndarray, misses: np.ndarray, lost: np.ndarray) -> tuple[float, float]:
    """The better (lexicographically: lost, then misses) of the two greedy rules' values."""
    a = _greedy_walk(masks, w, cands, lives, MISSES, bins, misses, lost)
    b = _greedy_walk(masks, w, cands, lives, ENTROPY, bins, misses, lost)
    return b if _less(b[0], b[1], a[0], a[1]) else a


# --------------------------------------------------------------------------- exact search


@njit(cache=True, nogil=True, inline="always")
def _less(a0: float, a1: float, b0: float, b1: float) -> bool:
    """Lexicographic (lost weight, miss weight) order with a tolerance."""
    if a0 < b0 - _EPS:
        return True
    return a0 <= b0 + _EPS and a1 < b1 - _EPS


@njit(cache=True, nogil=True)
def _key(cands: np.ndarray, lives: int) -> tuple[np.uint64, np.uint64, np.uint64]:
    """A 128-bit fingerprint of a sorted candidate set, with the lives left."""
    h1 = np.uint64(14695981039346656037)
    h2 = np.uint64(cands.size)
    for c in cands:
        x = np.uint64(c) + np.uint64(1)
        h1 = (h1 ^ x) * np.uint64(1099511628211)
        z = h2 + x * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        h2 = z ^ (z >> np.uint64(31))
    return h1, h2, np.uint64(lives)


@njit(cache=True, nogil=True)
def _effective_lives(n: int, lives: int) -> int:
    """Lives that matter: every useful letter rules a word out, so n - 1 misses always do."""
    return UNLIMITED if lives >= n - 1 else lives


@njit(cache=True, nogil=True)
def _letter_order(miss: np.ndarray, splits: np.ndarray) -> np.ndarray:
    """The splitting letters, fewest misses first (ties alphabetical)."""
    letters = np.flatnonzero(splits)
    order = np.argsort(miss[letters], kind="mergesort")
    return letters[order]


@njit(cache=True, nogil=True)
def _pair(masks: np.ndarray, w: np.ndarray, a: int, b: int, lives: int
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
        if cost < best - _EPS:
            best_g, best = g, cost
    return (best if lives == 0 else 0.0), best, EXACT, best_g


@njit(cache=True, nogil=True)
def _star(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, letters: np.ndarray, lives: int
          ) -> tuple[float, float, int, int]:
    """The exact value of a star: every useful letter stands in one candidate only (bill,
    fill, gill, ...). The best order names the heaviest words first; each guess is a miss for
    every other word left. Flag LOWER (no value) when the set is not a star."""
    owner = np.empty(letters.size, dtype=np.int64)
    for i in range(letters.size):
        owner[i] = -1
        for c in cands:
            if masks[c, letters[i]] != 0:
                if owner[i] >= 0:
                    return 0.0, 0.0, LOWER, -1
                owner[i] = c
    mark = np.zeros(cands.size, dtype=np.bool_)  # candidates with a letter of their own
    first_letter = np.full(cands.size, -1, dtype=np.int64)
    for i in range(letters.size):
        for j in range(cands.size):
            if cands[j] == owner[i] and not mark[j]:
                mark[j] = True
                first_letter[j] = letters[i]
    named = np.flatnonzero(mark)
    if named.size < cands.size:  # cannot happen (a word's letters would all be shared)
        return 0.0, 0.0, LOWER, -1
    order = named[np.argsort(-w[cands[named]], kind="mergesort")]
    lost0 = 0.0
    miss1 = 0.0
    for rank in range(order.size):  # the lightest word comes last, for free
        wc = w[cands[order[rank]]]
        miss1 += min(rank, lives + 1) * wc
        if rank > lives:
            lost0 += wc
    return lost0, miss1, EXACT, first_letter[order[0]]


@njit(cache=True, nogil=True)
def _exact(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, lives: int, beta0: float,
           beta1: float, memo: Dict, budget: np.ndarray) -> tuple[float, float, int, int]:
    """Branch and bound over letters: (lost, misses, flag, best letter) of a candidate set.

    The value is exact (flag EXACT) when it is below ``beta`` (lexicographically), else a lower
    bound at least ``beta`` (flag LOWER). ABORTED when the node budget ran out (no value).
    """
    n = cands.size
    if n <= 1:
        return 0.0, 0.0, EXACT, -1
    lives = _effective_lives(n, lives)
    if n == 2:
        return _pair(masks, w, cands[0], cands[1], lives)
    key = _key(cands, lives)
    if key in memo:
        known = memo[key]
        if known[2] == EXACT or (known[2] == LOWER
                                 and not _less(known[0], known[1], beta0, beta1)):
            return known
    budget[0] -= 1
    if budget[0] < 0:
        return 0.0, 0.0, ABORTED, -1
    miss, splits, _ = _letter_stats(masks, w, cands)
    letters = _letter_order(miss, splits)
    star = _star(masks, w, cands, letters, lives)
    if star[2] == EXACT:
        memo[key] = star
        return star
    low = miss[letters[0]]
    if not _less(low if lives == 0 else 0.0, low, beta0, beta1):
        memo[key] = (low if lives == 0 else 0.0, low, LOWER, letters[0])
        return memo[key]
    best0, best1, best_g = np.inf, np.inf, -1
    fail0, fail1 = np.inf, np.inf
    for g in letters:
        cap0, cap1 = (best0, best1) if _less(best0, best1, beta0, beta1) else (beta0, beta1)
        acc1 = miss[g]
        acc0 = acc1 if lives == 0 else 0.0
        if not _less(acc0, acc1, cap0, cap1):
            if _less(acc0, acc1, fail0, fail1):
                fail0, fail1 = acc0, acc1
            break  # letters come by increasing misses: none after this one can do better
        part, starts, codes = _partition(masks, cands, g)
        sizes = starts[1:] - starts[:-1]
        cut = False
        for j in np.argsort(-sizes, kind="mergesort"):
            if sizes[j] == 1 or (codes[j] == 0 and lives == 0):
                continue
            kk = lives - 1 if codes[j] == 0 else lives
            sub = _exact(masks, w, part[starts[j]:starts[j + 1]], kk, cap0 - acc0,
                         cap1 - acc1, memo, budget)
            if sub[2] == ABORTED:
                return sub
            acc0 += sub[0]
            acc1 += sub[1]
            if not _less(acc0, acc1, cap0, cap1):
                cut = True
                break
        if cut:
            if _less(acc0, acc1, fail0, fail1):
                fail0, fail1 = acc0, acc1
        else:
            best0, best1, best_g = acc0, acc1, g
    if best_g >= 0 and _less(best0, best1, beta0, beta1):
        memo[key] = (best0, best1, EXACT, best_g)
    else:
        memo[key] = (fail0, fail1, LOWER, -1)
    return memo[key]


@njit(cache=True, nogil=True)
def _known(cands: np.ndarray, lives: int, memo: Dict) -> tuple[float, float, int, int]:
    """What the memo holds on a set (flag LOWER with -inf values when nothing)."""
    if cands.size <= 2:
        return 0.0, 0.0, EXACT, -1  # solved on the spot
    key = _key(cands, _effective_lives(cands.size, lives))
    if key in memo:
        return memo[key]
    return -np.inf, -np.inf, LOWER, -1


@njit(cache=True, nogil=True)
def _give_up(cands: np.ndarray, lives: int, memo: Dict) -> None:
    """Mark a set as too hard to solve exactly, so no search tries it again."""
    memo[_key(cands, _effective_lives(cands.size, lives))] = (0.0, 0.0, ABORTED, -1)


@njit(cache=True, nogil=True)
def _lookahead(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, lives: int, depth: int,
               exact_size: int, node_budget: int, memo: Dict, budget: np.ndarray,
               bins: np.ndarray,
               misses: np.ndarray, lost: np.ndarray) -> tuple[float, float, int]:
    """(lost, misses, letter) of the best letter by a ``depth``-letter look-ahead.

    Candidate sets of at most ``exact_size`` words are valued exactly (if the node budget
    allows), larger ones beyond the depth by the better greedy play-out: values this solver is
    sure to reach, so the result is a sound upper bound on its own (and the optimal) cost.
    """
    n = cands.size
    if n <= 1:
        return 0.0, 0.0, -1
    lives = _effective_lives(n, lives)
    miss, splits, _ = _letter_stats(masks, w, cands)
    letters = _letter_order(miss, splits)
    best0, best1, best_g = np.inf, np.inf, -1
    for g in letters:
        acc1 = miss[g]
        acc0 = acc1 if lives == 0 else 0.0
        if not _less(acc0, acc1, best0, best1):
            break
        part, starts, codes = _partition(masks, cands, g)
        sizes = starts[1:] - starts[:-1]
        for j in np.argsort(-sizes, kind="mergesort"):
            if sizes[j] == 1 or (codes[j] == 0 and lives == 0):
                continue
            kk = lives - 1 if codes[j] == 0 else lives
            child = part[starts[j]:starts[j + 1]]
            sub0, sub1, done = 0.0, 0.0, False
            if child.size <= exact_size:
                key = _key(child, _effective_lives(child.size, kk))
                if key not in memo or memo[key][2] != ABORTED:
                    budget[0] = node_budget
                    found = _exact(masks, w, child, kk, best0 - acc0, best1 - acc1, memo,
                                   budget)
                    if found[2] != ABORTED:
                        sub0, sub1, done = found[0], found[1], True
                    else:
                        memo[key] = (0.0, 0.0, ABORTED, -1)  # too big to solve: do not retry
            if not done:
                if depth > 1:
                    deeper = _lookahead(masks, w, child, kk, depth - 1, exact_size,
                                        node_budget, memo, budget, bins, misses, lost)
                    sub0, sub1 = deeper[0], deeper[1]
                else:
                    sub0, sub1 = _rollout(masks, w, child, kk, bins, misses, lost)
            acc0 += sub0
            acc1 += sub1
            if not _less(acc0, acc1, best0, best1):
                break
        if _less(acc0, acc1, best0, best1):
            best0, best1, best_g = acc0, acc1, g
    return best0, best1, best_g


# --------------------------------------------------------------------------- solvers


def _unguessed_letters(game: Game, position: Position, t: Tables) -> np.ndarray:
    """A boolean row over the 26 letters: not guessed yet in this position."""
    fresh = np.zeros(26, dtype=bool)
    fresh[t.letter_of_guess] = True
    for guess, _ in position.history:
        fresh[t.letter_of_guess[guess]] = False
    return fresh


def _candidates(position: Position) -> np.ndarray:
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
        miss, _, _ = _letter_stats(t.masks, t.weights, _candidates(position))
        miss = np.where(_unguessed_letters(game, position, t), miss, np.inf)
        letter = int(np.flatnonzero(miss <= miss.min() + _EPS)[0])
        return int(t.guess_of_letter[letter])


@dataclass(frozen=True)
class LetterEntropy:
    """Greedy entropy over letters: the most informative answer; ties to fewer misses."""

    name: str = "entropy"

    def choose(self, game: Game, position: Position) -> int:
        t = tables(game)
        cands = _candidates(position)
        touched = np.empty(cands.size, dtype=np.int32)
        letter = _rule_choice(t.masks, t.weights, cands, ENTROPY, t.scratch, touched)
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

    def value(self, game: Game, position: Position) -> tuple[float, float, int, bool]:
        """(lost weight, miss weight, best letter, exact?) in the position; weights are scaled
        so that the mean word weighs one."""
        t = tables(game)
        cands = _candidates(position)
        lives = self.lives_left(game, position)
        if len(t.memo) > 2_000_000:
            t.memo.clear()
        budget = np.array([0], dtype=np.int64)
        nodes = 0
        if cands.size <= self.exact_size:
            nodes = self.node_budget
        elif len(game.secrets) <= self.whole_list and not position.history:
            nodes = self.whole_budget
        known = _known(cands, lives, t.memo)
        if known[2] == EXACT or (nodes and known[2] != ABORTED):
            budget[0] = nodes
            lost, miss, flag, letter = _exact(t.masks, t.weights, cands, lives, np.inf, np.inf,
                                              t.memo, budget)
            if flag == EXACT:
                return lost, miss, int(letter), True
            _give_up(cands, lives, t.memo)
        lost, miss, letter = _lookahead(t.masks, t.weights, cands, lives, self.depth,
                                        self.exact_size, self.node_budget, t.memo, budget,
                                        t.scratch, *self._scratch(t))
        return lost, miss, int(letter), False

    @staticmethod
    def _scratch(t: Tables) -> tuple[np.ndarray, np.ndarray]:
        n = t.masks.shape[0]
        return np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.bool_)

    def choose(self, game: Game, position: Position) -> int:
        letter = self.value(game, position)[2]
        if letter < 0:  # one word is left: any of its letters is a free hit
            return FewestMisses().choose(game, position)
        return int(tables(game).guess_of_letter[letter])


#: The solvers by name.
SOLVERS: dict[str, Callable[[], FewestMisses | LetterEntropy | Exact]] = {
    "misses": FewestMisses,
    "entropy": LetterEntropy,
    "exact": Exact,
    "exact-win": lambda: Exact("win"),
}


def get_solver(name: str) -> FewestMisses | LetterEntropy | Exact:
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
    _greedy_walk(t.masks, t.weights, np.arange(n, dtype=np.int64), min(k, UNLIMITED),
                 RULES[rule], t.scratch, misses, lost)
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
    n = len(game.secrets)
    if solver in ("exact", "exact-win"):
        return lookahead_value(game, Exact())[1]
    t = tables(game)
    misses, _ = greedy_outcomes(game, solver, UNLIMITED)
    return float((misses * t.weights).sum() / n)


# --------------------------------------------------------------------------- word difficulty

VOWELS = frozenset("aeiou")


def letter_ranks(words: Iterable[str]) -> dict[str, int]:
    """Each letter's rank by how often it occurs in the words, 1 for the most frequent
    (ties alphabetical; letters that never occur come last).

    >>> r = letter_ranks(["eel", "tee"])
    >>> r["e"], r["l"], r["t"], r["a"]
    (1, 2, 3, 4)
    """
    counts = dict.fromkeys("abcdefghijklmnopqrstuvwxyz", 0)
    for word in words:
        for letter in word:
            counts[letter] += 1
    order = sorted(counts, key=lambda c: (-counts[c], c))
    return {c: i + 1 for i, c in enumerate(order)}


def seed_formula(words: Sequence[str], ranks: dict[str, int] | None = None) -> np.ndarray:
    """The seed's cheap difficulty: unique letters x (7 - vowels) x sum of the frequency ranks
    of the unique letters (ranks from the list itself unless given; vowels counted once each,
    so the middle factor stays positive).

    >>> seed_formula(["cat", "fuzz"], letter_ranks(["cat", "fuzz", "fizz"])).tolist()
    [234.0, 180.0]
    """
    ranks = ranks or letter_ranks(words)
    out = np.empty(len(words))
    for i, word in enumerate(words):
        unique = set(word)
        out[i] = len(unique) * (7 - len(unique & VOWELS)) * sum(ranks[c] for c in unique)
    return out


def ranks_of(values: np.ndarray) -> np.ndarray:
    """Ranks 1..n, ties sharing their average rank.

    >>> ranks_of(np.array([10, 20, 10, 30])).tolist()
    [1.5, 3.0, 1.5, 4.0]
    """
    values = np.asarray(values)
    order = np.argsort(values, kind="mergesort")
    sorted_values = values[order]
    starts = np.flatnonzero(np.r_[True, sorted_values[1:] != sorted_values[:-1]])
    ends = np.r_[starts[1:], values.size]
    average = (starts + ends + 1) / 2.0  # ranks start..end-1, 1-based, averaged
    out = np.empty(values.size)
    out[order] = np.repeat(average, ends - starts)
    return out


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman's rank correlation (ties at their average rank); nan if one side is constant.

    >>> spearman(np.array([1, 2, 3, 4]), np.array([10, 20, 40, 30]))
    0.8
    """
    ra, rb = ranks_of(a), ranks_of(b)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    denominator = math.sqrt(float((ra * ra).sum() * (rb * rb).sum()))
    return float((ra * rb).sum() / denominator) if denominator > 0 else float("nan")


BANDS = ("easy", "medium", "hard")


def band_edges(values: np.ndarray) -> tuple[float, float]:
    """Cut points (a, b) splitting values into easy (<= a), medium (<= b) and hard, as close
    to thirds as ties allow.

    >>> band_edges(np.array([0, 0, 0, 1, 1, 1, 1, 2, 2, 3]))
    (0.0, 1.0)
    """
    values = np.asarray(values, dtype=np.float64)
    distinct, counts = np.unique(values, return_counts=True)
    if distinct.size > 200:
        low, high = np.quantile(values, [1 / 3, 2 / 3])
        return float(low), float(high) if high > low else float(distinct[-1])
    if distinct.size < 3:
        return float(distinct[0]), float(distinct[-1])
    share = np.cumsum(counts) / values.size
    best = (np.inf, 0, 1)
    for i in range(distinct.size - 2):
        for j in range(i + 1, distinct.size - 1):
            miss = abs(share[i] - 1 / 3) + abs(share[j] - 2 / 3)
            if miss < best[0] - 1e-12:
                best = (miss, i, j)
    return float(distinct[best[1]]), float(distinct[best[2]])


def bands(values: np.ndarray, edges: tuple[float, float] | None = None) -> list[str]:
    """The band (easy, medium, hard) of each value.

    >>> bands(np.array([0, 3, 5, 9]), (3, 5))
    ['easy', 'easy', 'medium', 'hard']
    """
    low, high = band_edges(values) if edges is None else edges
    return [BANDS[0] if v <= low else BANDS[1] if v <= high else BANDS[2] for v in values]


@dataclass
class Rating:
    """Every word's difficulty under one solver: misses, letters guessed, the seed's formula."""

    words: list[str]
    misses: np.ndarray
    won: np.ndarray
    letters: list[str]
    formula: np.ndarray
    solver: str
    lives: int
    seconds: float = 0.0

    @property
    def edges(self) -> tuple[float, float]:
        return band_edges(self.misses)

    @property
    def bands(self) -> list[str]:
        return bands(self.misses, self.edges)

    @property
    def formula_bands(self) -> list[str]:
        return bands(self.formula)

    @property
    def agreement(self) -> float:
        """Spearman correlation between the solver's misses and the seed's formula."""
        return spearman(self.misses, self.formula)

    def order(self) -> np.ndarray:
        """Word indices from easiest to hardest (misses, then letters guessed, then a-z)."""
        guesses = np.array([len(s) for s in self.letters])
        return np.lexsort((np.array(self.words), guesses, self.misses))

    def rows(self) -> list[dict[str, object]]:
        """One record per word, easiest first: the columns of the CSV and JSON outputs."""
        band, formula_band = self.bands, self.formula_bands
        return [{"word": self.words[i], "length": len(self.words[i]),
                 "misses": int(self.misses[i]), "band": band[i],
                 f"won_with_{self.lives}_lives": bool(self.won[i]),
                 "letters_guessed": self.letters[i], "guesses": len(self.letters[i]),
                 "seed_formula": int(self.formula[i]), "formula_band": formula_band[i]}
                for i in self.order()]


def guess_paths(game: Game, root: object) -> list[str]:
    """The letters guessed on each secret, read off a kept decision tree."""
    paths = [""] * len(game.secrets)
    stack = [(root, game.start().candidates, "")]
    while stack:
        node, cands, prefix = stack.pop()
        here = prefix + game.guess_labels[node.guess]
        for code, part in game.partition(node.guess, cands):
            child = node.children.get(code)
            if child is None:
                for i in part:
                    paths[i] = here
            else:
                stack.append((child, part, here))
    return paths


def rate(words: Sequence[str], solver: str = "misses", *, lives: int = 6,
         weights: np.ndarray | None = None,
         progress: Callable[[int], None] | None = None) -> Rating:
    """Rate every word of one length: the misses ``solver`` makes on it (unlimited lives; a
    word is won if they are at most ``lives``), from one decision tree over the list.

    >>> r = rate(["puzzle", "guzzle", "muzzle", "bottle", "button"])
    >>> [(row["word"], row["misses"], row["letters_guessed"]) for row in r.rows()][::2]
    [('guzzle', 0, 'eluzg'), ('bottle', 1, 'elu'), ('puzzle', 2, 'eluzgm')]
    """
    import time

    from sleuth.core.tree import evaluate
    from sleuth.games.hangman.game import hangman

    start = time.perf_counter()
    game = hangman(words, lives=UNLIMITED, weights=weights)
    result = evaluate(game, get_solver(solver), keep_tree=True, progress=progress)
    letters = guess_paths(game, result.root)
    misses = result.cost.copy()
    return Rating(list(game.secret_labels), misses, misses <= lives, letters,
                  seed_formula(game.secret_labels), solver, lives,
                  time.perf_counter() - start)


# --------------------------------------------------------------------------- priors and setters

#: Frequency bands by Zipf value (log10 of occurrences per billion words); 0 = unknown word.
ZIPF_EDGES = (1e-9, 2.0, 3.0, 4.0, 5.0)
FREQUENCY_BANDS = ("unknown", "zipf<2", "zipf 2-3", "zipf 3-4", "zipf 4-5", "zipf>=5")
RARITY_BANDS = ("commonest letters", "common letters", "middling letters", "rarer letters",
                "rarest letters")


def zipf_values(words: Sequence[str]) -> np.ndarray:
    """Each word's Zipf frequency in English (log10 of uses per billion words, by wordfreq),
    0 for words it does not know.

    >>> zipf_values(["the", "qxzv"]).round(1).tolist()
    [7.7, 0.0]
    """
    table = _english_frequencies()
    raw = np.array([table.get(w, 0.0) for w in words], dtype=np.float64)
    out = np.zeros(raw.size)
    known = raw > 0
    out[known] = np.log10(raw[known]) + 9.0
    return out


@functools.cache
def _english_frequencies() -> dict[str, float]:
    import wordfreq

    return wordfreq.get_frequency_dict("en")


def letter_rarity(words: Sequence[str], shares: np.ndarray | None = None) -> np.ndarray:
    """Mean rarity of each word's distinct letters: -log(share of list words holding it)."""
    shares = _letter_shares(words) if shares is None else shares
    rarity = -np.log(np.maximum(shares, 1e-6))
    out = np.empty(len(words))
    for i, word in enumerate(words):
        letters = np.frombuffer(("".join(sorted(set(word)))).encode(), dtype=np.uint8) - 97
        out[i] = rarity[letters].mean()
    return out


def _letter_shares(words: Sequence[str]) -> np.ndarray:
    shares = np.zeros(26)
    for word in words:
        for c in set(word):
            shares[ord(c) - 97] += 1
    return shares / max(1, len(words))


@dataclass
class SetterModel:
    """How one setter picks words, learned from the words they set (Bayesian, per feature).

    Each word falls in one band of three features: its length, its English frequency band
    (:data:`FREQUENCY_BANDS`) and how rare its letters are (:data:`RARITY_BANDS`, quintiles of
    the dictionary). For each feature the setter's band probabilities get a Dirichlet prior
    centred on the dictionary's own shares (``concentration`` pseudo-words: a setter who picks
    uniformly); each word seen adds one count. The prior over words is the uniform one tilted,
    feature by feature, by the posterior mean band probability over the dictionary share, so
    with no words seen it is uniform, and it sharpens with each game.

    >>> m = SetterModel(["jazz", "fizz", "buzz", "cats", "dogs", "mats", "hats", "rats"], 2.0)
    >>> m.observe(["jazz", "fizz"])
    >>> w = m.weights(["buzz", "cats"])
    >>> bool(w[0] > w[1])
    True
    """

    dictionary: Sequence[str]
    concentration: float = 5.0
    seen: int = 0
    _shares: np.ndarray = field(init=False, repr=False)
    _rarity_edges: np.ndarray = field(init=False, repr=False)
    _base: list[dict[object, float]] = field(init=False, repr=False)
    _counts: list[dict[object, float]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        words = list(self.dictionary)
        if not words:
            raise ValueError("a setter model needs a dictionary of at least one word")
        if not self.concentration > 0:
            raise ValueError("concentration must be positive")
        self._shares = _letter_shares(words)
        rarity = letter_rarity(words, self._shares)
        self._rarity_edges = np.quantile(rarity, [0.2, 0.4, 0.6, 0.8])
        features = self.features(words)
        self._base = [self._shares_of(column) for column in features]
        self._counts = [{} for _ in features]

    @staticmethod
    def _shares_of(column: list[object]) -> dict[object, float]:
        values, counts = np.unique(np.array(column, dtype=object), return_counts=True)
        return {v: c / len(column) for v, c in zip(values.tolist(), counts.tolist(),
                                                    strict=True)}

    def features(self, words: Sequence[str]) -> list[list[object]]:
        """The band of each word for each feature: lengths, frequency bands, rarity bands."""
        words = list(words)
        zipf = zipf_values(words)
        frequency = np.searchsorted(np.array(ZIPF_EDGES), zipf, side="right").tolist()
        rarity = np.searchsorted(self._rarity_edges, letter_rarity(words, self._shares),
                                 side="right").tolist()
        return [[len(w) for w in words], frequency, rarity]

    def observe(self, words: Iterable[str]) -> None:
        """Count the words this setter set (one game each)."""
        words = [w.strip().lower() for w in words if w.strip()]
        for counts, column in zip(self._counts, self.features(words), strict=True):
            for band in column:
                counts[band] = counts.get(band, 0.0) + 1
        self.seen += len(words)

    def band_probabilities(self, feature: int) -> dict[object, tuple[float, float]]:
        """For one feature (0 length, 1 frequency, 2 rarity): band -> (posterior mean of the
        setter's probability, the dictionary's share)."""
        base, counts = self._base[feature], self._counts[feature]
        total = self.concentration + self.seen
        bands = sorted(set(base) | set(counts))
        return {b: ((self.concentration * base.get(b, 0.0) + counts.get(b, 0.0)) / total,
                    base.get(b, 0.0)) for b in bands}

    def weights(self, words: Sequence[str]) -> np.ndarray:
        """The prior over ``words`` (sums to one): uniform tilted by each feature's posterior."""
        tilt = np.ones(len(words))
        for feature, column in enumerate(self.features(words)):
            probabilities = self.band_probabilities(feature)
            ratio = {b: (p / base if base > 0 else 1.0) for b, (p, base) in probabilities.items()}
            tilt *= np.array([ratio.get(b, 1.0) for b in column])
        tilt = np.maximum(tilt, 1e-12)
        return tilt / tilt.sum()

    def describe(self) -> list[str]:
        """Plain sentences on where this setter differs most from the dictionary."""
        lines = [f"learned from {self.seen} word{'' if self.seen == 1 else 's'}"]
        names = [("length", lambda b: f"{b} letters"), ("frequency", FREQUENCY_BANDS.__getitem__),
                 ("letters", RARITY_BANDS.__getitem__)]
        for feature, (title, label) in enumerate(names):
            probabilities = self.band_probabilities(feature)
            band, (p, base) = max(probabilities.items(),
                                  key=lambda item: item[1][0] / max(item[1][1], 1e-9))
            lines.append(f"{title}: favours {label(band)} ({p:.0%} of their words expected, "
                         f"{base:.0%} of the dictionary)")
        return lines


def setter_distribution(words: Sequence[str], kind: str) -> np.ndarray:
    """How a simulated setter picks among ``words``: ``uniform``, ``common`` (in proportion to
    English frequency) or ``rare-letters`` (favouring words made of rare letters)."""
    from sleuth.words.wordlist import frequencies

    if kind == "uniform":
        p = np.ones(len(words))
    elif kind == "common":
        p = frequencies(words)
    elif kind == "rare-letters":
        rarity = letter_rarity(words)
        p = np.exp(4.0 * (rarity - rarity.max()))
    else:
        raise ValueError(f"unknown setter {kind!r}; choose uniform, common or rare-letters")
    return p / p.sum()


def word_prior(words: Sequence[str], kind: str = "uniform",
               setter: SetterModel | None = None) -> np.ndarray | None:
    """A prior over ``words``: None (uniform), wordfreq frequencies, or a setter model's."""
    from sleuth.words.wordlist import frequencies

    if setter is not None:
        return setter.weights(words)
    if kind == "uniform":
        return None
    if kind == "frequency":
        return frequencies(words)
    raise ValueError(f"unknown prior {kind!r}; choose uniform, frequency (or give a setter)")
