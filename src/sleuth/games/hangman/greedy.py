"""The greedy rules of Hangman, compiled: the letter each picks, and a rule played out.

Two rules pick among the letters that split the candidates: ``misses`` (:data:`MISSES`, the
seed's rule) takes the letter the fewest (weighted) candidates lack, ``entropy``
(:data:`ENTROPY`) the letter whose answer is most informative, ties to fewer misses. A play-out
runs a rule against every candidate at once; the exact search values what it does not solve by
the better of the two play-outs.

Values are (lost weight, miss weight) pairs compared lexicographically (:func:`lex_less`), in
"words" (weights scaled to mean 1): two values within :data:`EPS` are equal.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

MISSES, ENTROPY = 0, 1
#: The greedy rules the compiled kernels know, by name.
RULES = {"misses": MISSES, "entropy": ENTROPY}
EPS = 1e-9


@njit(cache=True, nogil=True, inline="always")
def lex_less(a0: float, a1: float, b0: float, b1: float) -> bool:
    """Lexicographic (lost weight, miss weight) order with a tolerance."""
    if a0 < b0 - EPS:
        return True
    return a0 <= b0 + EPS and a1 < b1 - EPS


@njit(cache=True, nogil=True)
def letter_misses(masks: np.ndarray, w: np.ndarray, cands: np.ndarray
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
def _entropy_by_sorting(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, g: int,
                        total: float) -> float:
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


@njit(cache=True, nogil=True)
def letter_entropy(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, g: int, total: float,
                   bins: np.ndarray, touched: np.ndarray) -> float:
    """Entropy (nats) of the split of the candidates by the masks of letter ``g``; with no
    ``bins`` (long words: too many masks for a table) the masks are sorted instead."""
    if bins.shape[0] == 0:
        return _entropy_by_sorting(masks, w, cands, g, total)
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
def greedy_letter(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, rule: int,
                  bins: np.ndarray, touched: np.ndarray) -> int:
    """The letter a greedy rule picks among the letters that split the candidates (-1: none)."""
    miss, splits, total = letter_misses(masks, w, cands)
    best = -1
    best_h = -1.0
    for g in range(26):
        if not splits[g]:
            continue
        if rule == MISSES:
            if best < 0 or miss[g] < miss[best] - EPS:
                best = g
            continue
        h = letter_entropy(masks, w, cands, g, total, bins, touched)
        if best < 0 or h > best_h + EPS or (h > best_h - EPS and miss[g] < miss[best] - EPS):
            best, best_h = g, h
    return best


@njit(cache=True, nogil=True)
def split_by_letter(masks: np.ndarray, cands: np.ndarray, g: int
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


@njit(cache=True, nogil=True)
def _count_misses(work: np.ndarray, a: int, b: int, w: np.ndarray, misses: np.ndarray) -> float:
    """One more miss for the words work[a:b]; their weight."""
    mass = 0.0
    for i in range(a, b):
        misses[work[i]] += 1
        mass += w[work[i]]
    return mass


@njit(cache=True, nogil=True)
def _mark_lost(work: np.ndarray, a: int, b: int, w: np.ndarray, lost: np.ndarray) -> float:
    """The words work[a:b] are lost; their weight."""
    mass = 0.0
    for i in range(a, b):
        lost[work[i]] = True
        mass += w[work[i]]
    return mass


@njit(cache=True, nogil=True)
def play_out(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, lives: int, rule: int,
             bins: np.ndarray, misses: np.ndarray, lost: np.ndarray) -> tuple[float, float]:
    """Play a greedy rule against every candidate at once: (lost weight, miss weight).

    Fills ``misses`` and ``lost`` (indexed by word) for the candidates. The tree is walked with
    an explicit stack of (segment of one working array, lives left), partitioned in place.
    """
    work = cands.copy()
    n = work.size
    touched = np.empty(n, dtype=np.int32)
    stack = np.empty((n + 1, 3), dtype=np.int64)  # rows: start, end, lives left
    stack[0, 0], stack[0, 1], stack[0, 2] = 0, n, lives
    top = 1
    total_lost = total_miss = 0.0
    misses[cands] = 0
    lost[cands] = False
    while top > 0:
        top -= 1
        lo, hi, k = stack[top, 0], stack[top, 1], stack[top, 2]
        if hi - lo <= 1:
            continue
        g = greedy_letter(masks, w, work[lo:hi], rule, bins, touched)
        part, starts, codes = split_by_letter(masks, work[lo:hi], g)
        work[lo:hi] = part
        for j in range(codes.size):
            a, b = lo + starts[j], lo + starts[j + 1]
            left = k
            if codes[j] == 0:
                total_miss += _count_misses(work, a, b, w, misses)
                if k == 0:
                    total_lost += _mark_lost(work, a, b, w, lost)
                    continue
                left = k - 1
            if b - a > 1:
                stack[top, 0], stack[top, 1], stack[top, 2] = a, b, left
                top += 1
    return total_lost, total_miss


@njit(cache=True, nogil=True)
def better_play_out(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, lives: int,
                    bins: np.ndarray, misses: np.ndarray, lost: np.ndarray
                    ) -> tuple[float, float]:
    """The better (lexicographically: lost, then misses) of the two greedy rules' values."""
    a = play_out(masks, w, cands, lives, MISSES, bins, misses, lost)
    b = play_out(masks, w, cands, lives, ENTROPY, bins, misses, lost)
    return b if lex_less(b[0], b[1], a[0], a[1]) else a
