"""The tables every Hangman solver works on: the position mask of each letter in each word.

A word's row holds one bitmask per letter (bit k for position k, 0 when the letter is absent),
so the feedback of any letter on any candidate is one table read. :func:`tables` builds the
table of a game once, with the prior scaled so that the mean word weighs one.
"""

from __future__ import annotations

import heapq
import itertools
import os
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

import numpy as np
from numba import njit, types
from numba.typed import Dict

from sleuth.core.game import Game, PerGame

NARROW_BITS = 30  # words up to this long have their masks in int32, longer ones in int64
DENSE_BITS = 20  # words up to this long count classes in a table indexed by mask (2**20 cells)
KEPT_GAMES = 4  # the tables of the last few games are kept
MEMO_ENTRY_BYTES = 100  # a memo entry with its share of the hash table, about


@njit(cache=True, nogil=True)
def _fill_letter_masks(secrets: np.ndarray, out: np.ndarray) -> None:
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
    _fill_letter_masks(words, out)
    return out


STAR_PLACES = 3  # a family's words differ at up to this many places
CHAIN_LETTERS = 2  # the floors count the misses of the first two letters that all miss


def family_ids(secrets: np.ndarray, places: int = STAR_PLACES) -> np.ndarray:
    """Each word's family, -1 when it has none: families are stars, words alike but at a few
    places whose letters there stand nowhere else in the family (bill, fill, gill; bake,
    cane, date), so each guess tells one of them from the rest; the largest first, each word in
    one, whatever the words' order.

    >>> from sleuth.words import feedback as fb
    >>> family_ids(fb.encode(["bill", "fill", "gill", "bake", "cane", "date", "lill"])).tolist()
    [0, 0, 0, 1, 1, 1, -1]
    """
    words = np.atleast_2d(np.asarray(secrets, dtype=np.uint8))
    n, length = words.shape
    order = np.lexsort(words.T[::-1])  # the words alphabetically: the result is the same
    words = words[order]               # whatever order they came in
    members, starts = [], [0]
    for k in range(1, min(places, length) + 1):
        for spots in itertools.combinations(range(length), k):
            found, ends = _stars_at(words, list(spots))
            members.append(found)
            starts.extend(starts[-1] + ends[1:])
    ids = np.full(n, -1, dtype=np.int64)
    if len(starts) > 1:
        _largest_first(np.concatenate(members), np.asarray(starts, dtype=np.int64), ids)
    named = ids >= 0
    ids[named] = np.unique(ids[named], return_inverse=True)[1].ravel()
    out = np.empty(n, dtype=np.int32)
    out[order] = ids
    return out


def _stars_at(words: np.ndarray, spots: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The stars of words alike but at ``spots`` (members, and the start of each star):
    words whose letters there stand nowhere else in them, grouped by the rest, then split
    into runs whose letters at ``spots`` no two share."""
    rest = np.delete(words, spots, axis=1)
    own = np.zeros(words.shape[0], dtype=np.int64)
    alone = np.ones(words.shape[0], dtype=np.bool_)
    for p in spots:
        alone &= ~(rest == words[:, p:p + 1]).any(axis=1)
        own |= np.int64(1) << words[:, p].astype(np.int64)
    kept = np.flatnonzero(alone)
    if kept.size < 2:
        return np.empty(0, dtype=np.int64), np.zeros(1, dtype=np.int64)
    group = _row_groups(rest[kept])
    by_group = kept[np.argsort(group, kind="stable")]
    return _disjoint_runs(by_group, np.sort(group), own)


def _row_groups(rows: np.ndarray) -> np.ndarray:
    """Each row's group among equal rows (letters 0..25: five bits each, one integer a row
    when they fit in 63 bits, sorted faster than rows)."""
    if rows.shape[1] * 5 > 63:
        return np.unique(rows, axis=0, return_inverse=True)[1].ravel()
    keys = np.zeros(rows.shape[0], dtype=np.int64)
    for k in range(rows.shape[1]):
        keys = (keys << 5) | rows[:, k].astype(np.int64)
    return np.unique(keys, return_inverse=True)[1].ravel()


@njit(cache=True)
def _disjoint_runs(words: np.ndarray, group: np.ndarray, own: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Within each group (``words`` sorted by ``group``), sets of two or more words whose
    ``own`` letter sets are disjoint, taken greedily in turn: (members, starts)."""
    members = np.empty(words.size, dtype=np.int64)
    starts = np.zeros(words.size + 1, dtype=np.int64)
    left = np.empty(words.size, dtype=np.int64)
    count = made = 0
    a = 0
    while a < words.size:
        b = a
        while b < words.size and group[b] == group[a]:
            b += 1
        n_left = b - a
        left[:n_left] = words[a:b]
        while n_left >= 2:
            used, taken, kept = np.int64(0), 0, 0
            for i in range(n_left):
                w = left[i]
                if own[w] & used == 0:
                    used |= own[w]
                    members[count + taken] = w
                    taken += 1
                else:
                    left[kept] = w
                    kept += 1
            if taken < 2:
                break
            count += taken
            made += 1
            starts[made] = count
            n_left = kept
        a = b
    return members[:count], starts[:made + 1]


@njit(cache=True)
def _largest_first(members: np.ndarray, starts: np.ndarray, ids: np.ndarray) -> None:
    """Give each word (``ids`` -1) the star it is in with the most words still free, largest
    first (ties: the first found): a star shrunk by words given to a larger one waits at its
    new size."""
    queue = [(-(starts[s + 1] - starts[s]), s) for s in range(starts.size - 1)]
    heapq.heapify(queue)
    while queue:
        k, s = heapq.heappop(queue)
        free = 0
        for i in range(starts[s], starts[s + 1]):
            free += ids[members[i]] < 0
        if free == -k:
            for i in range(starts[s], starts[s + 1]):
                if ids[members[i]] < 0:
                    ids[members[i]] = s
        elif free >= 2:
            heapq.heappush(queue, (-free, s))


def letter_bits(masks: np.ndarray) -> np.ndarray:
    """Each word's letters as one int64, bit g for letter g, from its :func:`letter_table`.

    >>> from sleuth.words import feedback as fb
    >>> letter_bits(letter_table(fb.encode(["bad", "cab"]))).tolist()
    [11, 7]
    """
    return ((masks != 0).astype(np.int64) << np.arange(26, dtype=np.int64)).sum(axis=1)


class SearchContext(NamedTuple):
    """What the exact search reads besides masks, weights and memo: each word's family
    (:func:`family_ids`) and letters (:func:`letter_bits`), its switches (the letters of the
    chain of misses its floors count, 1 or 2; whether it squeezes a letter's classes first;
    bench.hangman_floors compares; whether a full memo drops floors before searched sets,
    bench.hangman_memo compares), the memo's cap (entries), and three scratch rows of one
    cell a family (left at zero): the words counted, the lightest, the letters in them."""

    ids: np.ndarray
    letters: np.ndarray
    chain: int
    squeeze: bool
    floors_first: bool
    memo_cap: int
    counts: np.ndarray
    least: np.ndarray
    present: np.ndarray


def memo_cap() -> int:
    """Entries a search's memo may hold before its smallest sets are dropped (half of them): an
    eighth of the machine's memory, at about 100 bytes an entry with its share of the table
    (each worker process has a memo of its own)."""
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # not a POSIX system: say 8 GB
        memory = 8 << 30
    return max(memory // 8 // MEMO_ENTRY_BYTES, 1 << 20)


@dataclass
class Tables:
    """What the kernels need about one game: masks, scaled weights, bins, memo."""

    masks: np.ndarray
    weights: np.ndarray
    bins: np.ndarray  # weight per mask, counted by entropy (empty for long words: sorted)
    letter_of_guess: np.ndarray
    guess_of_letter: np.ndarray
    secrets: np.ndarray = field(repr=False)  # the words, a row of letters each
    memo: Dict = field(repr=False)
    chain: int = CHAIN_LETTERS  # letters of the chain of misses the floors count
    squeeze: bool = True  # whether the exact search squeezes a letter's classes first
    floors_first: bool = True  # whether a full memo drops floors before any searched set
    memo_cap: int = field(default_factory=memo_cap)  # entries before the memo is pruned

    @cached_property
    def family_ids(self) -> np.ndarray:
        """Each word's family (:func:`family_ids`), -1 when none; found on first use (the exact
        search's floors need them, the greedy rules do not)."""
        return family_ids(self.secrets)

    @cached_property
    def word_letters(self) -> np.ndarray:
        """Each word's letters, a bit each (:func:`letter_bits`), found on first use."""
        return letter_bits(self.masks)

    def context(self) -> SearchContext:
        """The exact search's context, with scratch rows of its own (one for each search under
        way)."""
        return new_context(self.family_ids, self.word_letters, self.chain, self.squeeze,
                           self.memo_cap, self.floors_first)


def new_context(ids: np.ndarray, letters: np.ndarray, chain: int = CHAIN_LETTERS,
                squeeze: bool = True, cap: int | None = None,
                floors_first: bool = True) -> SearchContext:
    """A :class:`SearchContext` of these family ids and word letters, with zeroed scratch rows
    (the memo's cap :func:`memo_cap` unless given)."""
    cells = int(ids.max()) + 1
    return SearchContext(ids, letters, chain, squeeze, floors_first,
                         memo_cap() if cap is None else cap,
                         np.zeros(cells, dtype=np.int32), np.zeros(cells),
                         np.zeros(cells, dtype=np.int64))


def new_memo() -> Dict:
    """An empty memo of the exact search: set fingerprint -> (lost, misses, flag, letter)."""
    return Dict.empty(key_type=types.UniTuple(types.uint64, 3),
                      value_type=types.Tuple((types.float64, types.float64, types.int64,
                                              types.int64)))




def _build(game: Game) -> Tables:
    """The kernels' tables for a Hangman game."""
    masks = letter_table(game.secrets)
    n = masks.shape[0]
    letters = np.asarray(game.guesses)[:, 0].astype(np.int64)
    guess_of_letter = np.full(26, -1, dtype=np.int64)
    guess_of_letter[letters] = np.arange(letters.size)
    length = game.secrets.shape[1]
    bins = np.zeros(1 << length if length <= DENSE_BITS else 0)  # empty: count by sorting
    return Tables(masks, scaled_weights(game.weights, n), bins, letters, guess_of_letter,
                  game.secrets, new_memo())


def scaled_weights(weights: np.ndarray | None, n: int) -> np.ndarray:
    """The prior scaled so that the mean word weighs one (all ones when uniform)."""
    if weights is None:
        return np.ones(n)
    raw = np.asarray(weights, dtype=np.float64)
    return raw * (n / raw.sum())


#: The kernels' tables for a Hangman game, built once per game and kept for the last few.
tables = PerGame(_build, keep=KEPT_GAMES)
