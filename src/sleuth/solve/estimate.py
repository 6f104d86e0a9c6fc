"""A quick estimate of how good each first guess is: the total a plain greedy player makes
after it, on the exact search's feedback table, in compiled code (milliseconds a guess). No
bound either way; it only orders first guesses so that the best are searched first.

The player, at each set of three or more candidates, takes the guess that splits them into the
most classes (ties: the one that may end the game, then the first tried), choosing among the
candidates' own guesses and every other guess, or where the game restricts its guesses (like
Wordle's hard mode, which always allows a candidate's guess) the candidates' only; two
candidates cost 3 guesses in all, one costs 1.

>>> from sleuth.games.twod import twod
>>> greedy_totals(twod(3), [0, 4])  # twod 3x3 opened in a corner, and in the centre (optimal)
array([28, 22])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numba import njit

from sleuth.core.game import Game
from sleuth.solve.tables import Tables, tables_of


class Board(NamedTuple):
    """What the greedy player reads: the feedback table and the game's ends, as arrays."""

    codes: np.ndarray
    """Feedback code of each (guess, secret), every end as ``solved``."""
    solved: int
    """The code that ends the game."""
    guess_of_secret: np.ndarray
    """int64 (secrets,): the guess that ends the game on each secret (-1: none)."""
    n_codes: int
    """One more than the largest code."""
    by_secret: np.ndarray
    """``codes`` transposed, one row per secret: a class's rows are read whole, in order."""


def greedy_totals(game: Game, openers: Sequence[int] | np.ndarray,
                  shortlist: Sequence[int] | np.ndarray | None = None) -> np.ndarray:
    """The greedy player's total over every secret after each first guess of ``openers``
    (indices), choosing later guesses among ``shortlist`` (default: every guess, or where the
    game restricts its guesses, none) and the candidates; int64, one per opener."""
    board = board_of(game)
    cands = np.flatnonzero(board.guess_of_secret >= 0).astype(np.int64)
    if cands.size < len(board.guess_of_secret):
        raise ValueError(f"{game.name}: some secret is ended by no guess")
    if shortlist is None:
        shortlist = np.arange(0 if game.allowed is not None else len(board.codes))
    return _totals(board, cands, np.asarray(openers, dtype=np.int64),
                   np.asarray(shortlist, dtype=np.int64))


def board_of(game: Game) -> Board:
    """The greedy player's view of a game (the exact search's tables, and their transpose),
    kept for the last game asked about."""
    tab = tables_of(game)
    if _BOARD and _BOARD[0][0] == tab.token:
        return _BOARD[0][1]
    _BOARD[:] = [(tab.token, _board(tab))]
    return _BOARD[0][1]


_BOARD: list[tuple[str, Board]] = []


def _board(tab: Tables) -> Board:
    return Board(tab.codes, tab.solved, tab.guess_of_secret, tab.n_codes,
                 np.ascontiguousarray(tab.codes.T))


@njit(cache=True, nogil=True)
def _totals(board: Board, cands: np.ndarray, openers: np.ndarray,
            pool: np.ndarray) -> np.ndarray:
    out = np.empty(openers.size, np.int64)
    for i in range(openers.size):
        out[i] = _greedy_total(board, cands, openers[i], pool)
    return out


@njit(cache=True, nogil=True)
def _choice(board: Board, members: np.ndarray, pool: np.ndarray, seen: np.ndarray) -> int:
    """The guess among the members' own and ``pool`` that makes the most classes (ties: one
    that may end the game, then the first tried); a member's own that tells every member apart
    is taken without looking further."""
    best, key = _best_of(board, members, board.guess_of_secret[members], seen, -1, -1)
    if key == 2 * members.size + 1:
        return best
    return _best_of(board, members, pool, seen, best, key)[0]


@njit(cache=True, nogil=True)
def _best_of(board: Board, members: np.ndarray, guesses: np.ndarray, seen: np.ndarray,
             best: int, best_key: int) -> tuple[int, int]:
    """(guess, key) of the best of ``guesses`` and the best so far, by twice the classes a
    guess makes plus one if it may end the game. The guesses are taken a block at a time,
    each member's row read in order, the codes each guess of the block has met kept as bits
    (``seen``: a row of bits per guess)."""
    block = seen.shape[0]
    solved_bit = np.uint64(1) << np.uint64(board.solved & 63)
    for start in range(0, guesses.size, block):
        stop = min(start + block, guesses.size)
        seen[:stop - start] = 0
        parts = np.zeros(stop - start, np.int64)
        for m in members:
            row = board.by_secret[m]
            for j in range(stop - start):
                code = row[guesses[start + j]]
                bit = np.uint64(1) << np.uint64(code & 63)
                if not seen[j, code >> 6] & bit:
                    seen[j, code >> 6] |= bit
                    parts[j] += 1
        for j in range(stop - start):
            key = 2 * parts[j] + (1 if seen[j, board.solved >> 6] & solved_bit else 0)
            if key > best_key:
                best, best_key = guesses[start + j], key
    return best, best_key


@njit(cache=True, nogil=True)
def _greedy_total(board: Board, cands: np.ndarray, first: int, pool: np.ndarray) -> int:
    """The greedy player's total over ``cands`` opening with ``first``: a stack of sets still
    to play, each a slice of one buffer, split in place by the guess taken."""
    words = (board.n_codes + 63) // 64
    seen = np.empty((max(1, 16384 // words), words), np.uint64)  # at most 128 kB
    count = np.zeros(board.n_codes, np.int64)
    buf, tmp = cands.copy(), np.empty_like(cands)
    codes = np.empty(cands.size, np.int64)  # the distinct codes of a slice, as first met
    lo_stack, hi_stack = np.empty(buf.size + 1, np.int64), np.empty(buf.size + 1, np.int64)
    lo_stack[0], hi_stack[0], top = 0, buf.size, 1
    total, guess = 0, first
    while top > 0:
        top -= 1
        lo, hi = lo_stack[top], hi_stack[top]
        if hi - lo <= 2 and guess < 0:
            total += 1 if hi - lo == 1 else 3
            continue
        if guess < 0:
            guess = _choice(board, buf[lo:hi], pool, seen)
        total += hi - lo
        n = 0
        for s in buf[lo:hi]:
            code = board.codes[guess, s]
            if count[code] == 0:
                codes[n] = code
                n += 1
            count[code] += 1
        start = lo
        for k in range(n):  # each code's slice: [start, start + its count)
            size = count[codes[k]]
            count[codes[k]] = start
            if codes[k] != board.solved:
                lo_stack[top], hi_stack[top] = start, start + size
                top += 1
            start += size
        for s in buf[lo:hi]:
            code = board.codes[guess, s]
            tmp[count[code]] = s
            count[code] += 1
        buf[lo:hi] = tmp[lo:hi]
        for k in range(n):
            count[codes[k]] = 0
        guess = -1
    return total
