"""How a guess splits weighted candidates into feedback classes, for any game: the statistics
every chooser ranks guesses by, computed over rows of feedback codes in compiled kernels."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

#: Columns of the arrays of :func:`stats_from_codes` (and of the word kernels' ``class_stats``).
STATS = ("classes", "largest", "sum_sq", "entropy", "hit", "best_next")
CLASSES, LARGEST, SUM_SQ, ENTROPY, HIT, BEST_NEXT = range(len(STATS))
_DENSE_LIMIT = 1 << 17  # code ranges up to this use a lookup table, larger ones a sort


@njit(cache=True, nogil=True)
def _summarise(touched: np.ndarray, n_touched: int, keys: np.ndarray, hashed: bool,
               wsum: np.ndarray, wmax: np.ndarray, solved: int, total: float,
               out: np.ndarray) -> None:
    """The statistics of the classes held in the touched slots; clears those slots."""
    largest = sum_sq = entropy = hit = best_next = 0.0
    for t in range(n_touched):
        slot = touched[t]
        size = wsum[slot]
        largest = max(largest, size)
        sum_sq += size * size
        p = size / total
        entropy -= p * np.log2(p)
        if (keys[slot] if hashed else slot) == solved:
            hit = size
        else:
            best_next += wmax[slot]
        if hashed:
            keys[slot] = -1
        wsum[slot] = 0.0
        wmax[slot] = 0.0
    out[CLASSES], out[LARGEST], out[SUM_SQ] = n_touched, largest, sum_sq
    out[ENTROPY], out[HIT], out[BEST_NEXT] = entropy, hit, best_next


@njit(cache=True, nogil=True)
def _stats_dense(row: np.ndarray, weights: np.ndarray, solved: int, total: float,
                 wsum: np.ndarray, wmax: np.ndarray, touched: np.ndarray, out: np.ndarray) -> None:
    n_touched = 0
    for j in range(row.shape[0]):
        c = row[j]
        if wsum[c] == 0.0:
            touched[n_touched] = c
            n_touched += 1
        wsum[c] += weights[j]
        if weights[j] > wmax[c]:
            wmax[c] = weights[j]
    _summarise(touched, n_touched, touched, False, wsum, wmax, solved, total, out)


@njit(cache=True, nogil=True)
def _stats_hashed(row: np.ndarray, weights: np.ndarray, solved: int, total: float,
                  keys: np.ndarray, wsum: np.ndarray, wmax: np.ndarray, touched: np.ndarray,
                  out: np.ndarray) -> None:
    """Like _stats_dense, for code ranges too large for a table: open addressing on the codes."""
    bits = np.uint64(64 - int(np.log2(keys.shape[0])))
    mask = np.int64(keys.shape[0] - 1)
    n_touched = 0
    for j in range(row.shape[0]):
        c = row[j]
        h = np.int64((np.uint64(c) * np.uint64(11400714819323198485)) >> bits)
        while keys[h] != -1 and keys[h] != c:
            h = (h + 1) & mask
        if keys[h] == -1:
            keys[h] = c
            touched[n_touched] = h
            n_touched += 1
        wsum[h] += weights[j]
        if weights[j] > wmax[h]:
            wmax[h] = weights[j]
    _summarise(touched, n_touched, keys, True, wsum, wmax, solved, total, out)


@njit(cache=True, nogil=True)
def row_stats(row: np.ndarray, weights: np.ndarray, solved: int, total: float, dense: bool,
               keys: np.ndarray, wsum: np.ndarray, wmax: np.ndarray, touched: np.ndarray,
               out: np.ndarray) -> None:
    if dense:
        _stats_dense(row, weights, solved, total, wsum, wmax, touched, out)
    else:
        _stats_hashed(row, weights, solved, total, keys, wsum, wmax, touched, out)


@njit(cache=True, nogil=True)
def scratch_tables(n_codes: int, n_secrets: int
                   ) -> tuple[bool, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Scratch tables for one thread: direct by code when the range is small, else hashed."""
    dense = n_codes <= _DENSE_LIMIT
    size = n_codes
    if not dense:
        size = 1
        while size < 2 * n_secrets:
            size *= 2
    keys = np.full(1 if dense else size, -1, np.int64)
    return (dense, keys, np.zeros(size, np.float64), np.zeros(size, np.float64),
            np.empty(n_secrets, np.int64))


@njit(cache=True, nogil=True)
def _code_stats_chunk(code_rows: np.ndarray, weights: np.ndarray, solved: int, n_codes: int,
                      lo: int, hi: int, out: np.ndarray) -> None:
    total = weights.sum()
    dense, keys, wsum, wmax, touched = scratch_tables(n_codes, code_rows.shape[1])
    for i in range(lo, hi):
        row = code_rows[i].astype(np.int64)
        row_stats(row, weights, solved, total, dense, keys, wsum, wmax, touched, out[i])


@njit(cache=True, parallel=True)
def _code_stats(code_rows: np.ndarray, weights: np.ndarray, solved: int, n_codes: int,
                n_chunks: int, out: np.ndarray) -> None:
    n_guess = code_rows.shape[0]
    for b in prange(n_chunks):
        _code_stats_chunk(code_rows, weights, solved, n_codes, b * n_guess // n_chunks,
                          (b + 1) * n_guess // n_chunks, out)


def chunk_count(n_rows: int, n_cols: int) -> int:
    """How many parallel chunks to cut the guesses into (1 when the work is small)."""
    import numba

    if n_rows * n_cols < 2_000_000:
        return 1  # a parallel launch costs more than it saves here
    return min(n_rows, 4 * numba.get_num_threads())


def stats_from_codes(code_rows: np.ndarray, n_codes: int, solved: int,
                     weights: np.ndarray | None = None) -> np.ndarray:
    """Class statistics (columns :data:`STATS`) of each row of a (guesses, secrets) matrix of
    feedback codes, for any game; ``solved`` is the code that wins (-1: none)."""
    rows = np.ascontiguousarray(np.atleast_2d(code_rows))
    w = checked_weights(weights, rows.shape[1])
    out = np.zeros((rows.shape[0], len(STATS)), dtype=np.float64)
    chunks = chunk_count(*rows.shape)
    if chunks > 1:
        _code_stats(rows, w, solved, n_codes, chunks, out)
    elif rows.size:
        _code_stats_chunk(rows, w, solved, n_codes, 0, rows.shape[0], out)
    return out


def checked_weights(weights: np.ndarray | None, n: int) -> np.ndarray:
    if weights is None:
        return np.ones(n, dtype=np.float64)
    w = np.ascontiguousarray(weights, dtype=np.float64)
    if w.shape != (n,) or not np.all(w > 0):
        raise ValueError(f"weights must be {n} positive numbers, one per secret")
    return w
