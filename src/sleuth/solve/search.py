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

Hard mode (Wordle's, an ``allowed`` hook with ``search_rule`` :data:`HINT_RULE`): each node's
guesses are those obeying the hints revealed along its path (greens in place, revealed letters
used as often), recomputed in compiled code, and the memo keys a node by its candidates *and*
its hints, since one set of candidates can be reached with different hints. The lower bounds
hold for any guess, hence for the subset allowed; the candidates are always allowed.

Symmetry: in Mastermind-like code games (detected, and checked exactly on the feedback
matrix), the permutations of colours and positions that fix every guess on the path map the
candidates onto themselves, so at each node only one guess per orbit is tried (at the root of
Mastermind 6x4, 5 guesses out of 1296). Parallelism: the top-level work (one task per class of
a first guess) runs on a pool of processes on all cores, or on a Dask cluster
(``cluster="tcp://host:8786"``). Memo keys are 64-bit hashes: two different candidate sets
could collide, with odds of about n**2 / 2**64 for n sets searched (below 1e-6 for 10**6).

>>> from sleuth.games.twod import twod
>>> optimal_worst(twod(5)).worst
4
>>> result = optimal_mean(twod(3))
>>> result.total, result.mean_fraction
(22, Fraction(22, 9))
"""

from __future__ import annotations

import hashlib
import itertools
import os
import signal
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

import numpy as np
from numba import njit, types
from numba.typed import Dict

from sleuth.core.game import Game, Position
from sleuth.core.tree import Evaluation, Node, evaluate

INF = 1 << 40  # an impossible cost: more guesses than any game can take
_VALUE_BITS = (1 << 41) - 1  # memo entries pack value | guess << 41 | exact << 62
_GUESS_SHIFT = 41
_EXACT_BIT = 1 << 62
LETTERS = 26  # hard mode's alphabet
#: The ``search_rule`` of an ``allowed`` hook the search knows how to follow: greens stay in
#: place and every revealed letter is used as often as it was revealed (Wordle's hard mode).
HINT_RULE = "greens-and-yellows"
NO_CAP = 1 << 30  # the depth passed when guesses are not capped (it is then never lowered)
MEMO_LIMIT = 20_000_000  # memo entries kept before the memo is cleared (about 1 GB)

Progress = Callable[[int, int], None]


# -- tables: the game as arrays -----------------------------------------------------------------


@dataclass(frozen=True)
class Tables:
    """A game as the search sees it: feedback matrix, solved code, guess<->secret maps, bounds."""

    codes: np.ndarray  # (guesses, secrets) feedback codes, uint8/uint16/int32
    solved: int
    guess_of_secret: np.ndarray  # int64 (secrets,)
    secret_of_guess: np.ndarray  # int64 (guesses,)
    branching: int  # most unsolved feedback classes a guess can create
    token: str  # identifies the game (for caches across processes)
    code_rows: np.ndarray | None = None  # the guesses as codes, if the game is symmetric
    colours: int = 0
    letters: np.ndarray | None = None  # hard mode: each guess's letters (guesses, length)
    counts: np.ndarray | None = None  # hard mode: each guess's letter counts (guesses, 26)

    @property
    def hard(self) -> bool:
        """Whether guesses must obey the hints revealed so far (Wordle's hard mode)."""
        return self.letters is not None

    @property
    def n_codes(self) -> int:
        return int(self.codes.max()) + 1 if self.codes.size else 1

    def bounds(self, cap: int | None, weights: np.ndarray | None = None) -> np.ndarray:
        """Lower bounds ``[d, m]``: the least total cost of m secrets with d guesses left."""
        return lower_bounds(len(self.guess_of_secret), self.branching, cap, weights)


def feedback_matrix(game: Game, block: int = 4_000_000) -> np.ndarray:
    """Every guess's feedback code against every secret, in the smallest integer type."""
    n_g, n_s = len(game.guesses), len(game.secrets)
    dtype = np.uint8 if game.n_codes <= 256 else np.uint16 if game.n_codes <= 65536 else np.int32
    out = np.empty((n_g, n_s), dtype=dtype)
    step = max(1, block // max(1, n_s))
    for lo in range(0, n_g, step):
        rows = np.asarray(game.feedback(game.guesses[lo:lo + step], game.secrets))
        if rows.size and (rows.min() < 0 or rows.max() >= game.n_codes):
            raise ValueError(f"feedback codes must lie in 0..{game.n_codes - 1}")
        out[lo:lo + step] = rows
    return out


MAX_CODES = 3**15  # the tables hold a cell per possible feedback


def tables(game: Game) -> Tables:
    """The search's view of a game; checks that the game can be searched exactly.

    Every end feedback becomes the one ``solved`` code (the game is over either way), and each
    guess may end the game on at most one secret, so a guess finds at most one secret, which
    the lower bounds assume. A secret that no guess ends gets -1 as its guess.
    """
    if game.solved is None or game.step_cost is not None:
        raise ValueError(f"{game.name}: exact search needs a solved feedback and one cost per "
                         "guess (it does not apply to games like Hangman)")
    if len(game.guesses) >= 1 << (62 - _GUESS_SHIFT):
        raise ValueError(f"{game.name}: too many guesses for the exact search")
    if game.n_codes > MAX_CODES:
        raise ValueError(f"{game.name}: {game.n_codes:,} possible feedbacks is more than the "
                         f"exact search's tables hold ({MAX_CODES:,}; words of at most 15 "
                         "letters)")
    codes = game.end_as_solved(feedback_matrix(game))
    hit = codes == game.solved
    many = np.flatnonzero(hit.sum(axis=1) > 1)
    if many.size:
        guess = int(many[0])
        first, second = np.flatnonzero(hit[guess])[:2]
        raise ValueError(f"{game.name}: exact search needs an end feedback to mean 'the guess "
                         f"is the secret', but {game.guess_labels[guess]!r} ends the game on "
                         f"both {game.secret_labels[first]!r} and {game.secret_labels[second]!r}")
    gos = np.where(hit.any(axis=0), hit.argmax(axis=0), -1).astype(np.int64)
    sog = np.full(len(game.guesses), -1, dtype=np.int64)
    sog[gos[gos >= 0]] = np.flatnonzero(gos >= 0)
    present = np.zeros(max(game.n_codes, 1), dtype=bool)
    present[np.unique(codes)] = True
    present[game.solved] = False
    branching = max(1, int(present.sum()))
    letters = _hint_letters(game)
    digest = hashlib.sha1(codes.tobytes())
    digest.update(f"{codes.shape}{game.solved}{letters is not None}".encode())
    sym = None if letters is not None else CodeSymmetry.detect(game, codes)
    return Tables(codes, int(game.solved), gos, sog, branching,
                  digest.hexdigest()[:16], None if sym is None else sym.guesses,
                  0 if sym is None else sym.colours, letters,
                  None if letters is None else _letter_counts(letters))


def _hint_letters(game: Game) -> np.ndarray | None:
    """The guesses' letters when the game restricts guesses by the hints revealed so far
    (Wordle's hard mode: an ``allowed`` hook whose ``search_rule`` is :data:`HINT_RULE`), None
    when every guess is always allowed; other restrictions cannot be searched exactly."""
    if game.allowed is None:
        return None
    if getattr(game.allowed, "search_rule", None) != HINT_RULE:
        raise ValueError(f"{game.name}: exact search supports no restriction of the guesses "
                         "but Wordle's hard mode")
    letters = np.ascontiguousarray(game.guesses, dtype=np.int64)
    if letters.ndim != 2 or letters.size == 0 or letters.min() < 0 or letters.max() >= LETTERS:
        raise ValueError(f"{game.name}: hard mode needs words of letters a..z")
    return letters


def _letter_counts(letters: np.ndarray) -> np.ndarray:
    """How many times each letter occurs in each guess: (guesses, 26)."""
    counts = np.zeros((letters.shape[0], LETTERS), dtype=np.int64)
    for pos in range(letters.shape[1]):
        np.add.at(counts, (np.arange(letters.shape[0]), letters[:, pos]), 1)
    return counts


def lower_bounds(n: int, branching: int, cap: int | None,
                 weights: np.ndarray | None = None) -> np.ndarray:
    """Least total cost of m = 0..n secrets with d = 0..D guesses left (INF if they cannot fit).

    Level j of a tree (the j-th guess) holds at most branching**(j-1) nodes, each naming at most
    one secret, so the best conceivable tree fills the levels in order. A guess made with d
    guesses left costs ``weights[d]`` for each secret still in play (default 1: the cost is the
    number of guesses). Without a cap, row D is the bound with no limit (D levels always
    suffice) and deeper rows equal it.

    >>> lower_bounds(5, 2, None)[-1].tolist()  # 1 at level 1, 2 at level 2, 2 at level 3
    [0, 1, 3, 5, 8, 11]
    >>> int(lower_bounds(5, 2, 2)[2, 4]) == INF
    True
    """
    levels = 1
    while _capacity(levels, branching) < n:
        levels += 1
    depth = levels if cap is None else cap
    w = np.ones(depth + 1, dtype=np.int64) if weights is None else np.asarray(weights)
    out = np.zeros((depth + 1, n + 1), dtype=np.int64)
    for d in range(depth + 1):
        for m in range(1, n + 1):
            out[d, m] = _fill_cost(m, d, branching, w)
    return out


def _capacity(levels: int, branching: int) -> int:
    return sum(branching**j for j in range(levels))


def _fill_cost(m: int, levels: int, branching: int, weights: np.ndarray) -> int:
    total, left, width, paid = 0, m, 1, 0
    for level in range(1, levels + 1):
        paid += int(weights[levels - level + 1])
        take = min(left, width)
        total += paid * take
        left -= take
        if left == 0:
            return total
        width *= branching
    return INF


# -- compiled kernels -----------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def set_key(cands: np.ndarray, depth: int) -> int:
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
def node_key(cands: np.ndarray, depth: int, hints: np.ndarray) -> int:
    """:func:`set_key` of a node, mixed with its hard-mode hints (none: the same key).

    In hard mode the same candidates can be reached with different hints, hence different
    guesses allowed: the memo must tell them apart.
    """
    key = set_key(cands, depth)
    if hints.size == 0:
        return key
    h = np.uint64(key)
    for x in hints:
        h ^= np.uint64(x + 2) * np.uint64(0x9E3779B97F4A7C15)
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    return np.int64(h & np.uint64(0x7FFFFFFFFFFFFFFF))


@njit(cache=True, nogil=True)
def _hint_child(hints: np.ndarray, letters: np.ndarray, code: int, out: np.ndarray) -> None:
    """The hints after a guess (its ``letters``) got ``code``, written to ``out``.

    ``hints`` is the letter fixed at each of the L positions (-1: none), then for each of the
    26 letters how many times a guess must use it: greens fix their letter; each letter must
    be used as often as one guess showed it green or yellow (the NYT rule).
    """
    n = letters.size
    out[:] = hints
    for k in range(n):
        if (code // 3 ** (n - 1 - k)) % 3 == 2:
            out[k] = letters[k]
    for k in range(n):
        if (code // 3 ** (n - 1 - k)) % 3 == 0:
            continue
        shown = 0
        for j in range(n):
            if letters[j] == letters[k] and (code // 3 ** (n - 1 - j)) % 3 != 0:
                shown += 1
        out[n + letters[k]] = max(out[n + letters[k]], shown)


@njit(cache=True, nogil=True)
def _obeys(letters: np.ndarray, counts: np.ndarray, hints: np.ndarray) -> bool:
    """Whether a guess (its letters and letter counts) keeps the greens and uses the yellows."""
    n = letters.size
    for k in range(n):
        if hints[k] >= 0 and letters[k] != hints[k]:
            return False
    short = 0
    for a in range(counts.size):
        short += counts[a] < hints[n + a]
    return short == 0


@njit(cache=True, nogil=True)
def _allowed(letters: np.ndarray, counts: np.ndarray, hints: np.ndarray) -> np.ndarray:
    """Indices of the guesses that obey the hints (hard mode's pool at a node)."""
    out = np.empty(letters.shape[0], np.int64)
    n = 0
    for g in range(letters.shape[0]):
        if _obeys(letters[g], counts[g], hints):
            out[n] = g
            n += 1
    return out[:n]


@njit(cache=True, nogil=True)
def _store(memo, key: int, value: int, guess: int, exact: bool) -> None:
    old = memo.get(key, -1)
    if old >= 0:
        if old & _EXACT_BIT:
            return
        if not exact and (old & _VALUE_BITS) >= value:
            return
    entry = min(value, INF) | (max(guess, 0) << _GUESS_SHIFT)
    if exact:
        entry |= _EXACT_BIT
    memo[key] = entry


@njit(cache=True, nogil=True)
def _tally(row, cands, cnt, touched) -> int:
    """Count the candidates per feedback code of one guess's row into ``cnt``; the codes met
    go to ``touched`` (so the caller can clear them); returns how many codes were met."""
    nt = 0
    for j in range(cands.size):
        c = row[cands[j]]
        if cnt[c] == 0:
            touched[nt] = c
            nt += 1
        cnt[c] += 1
    return nt


@njit(cache=True, nogil=True)
def _bound_one(row, solved, lbrow, cands, cnt, touched, w) -> tuple[int, int, int]:
    """(bound, sum of squared class sizes, largest class) of one guess's row on ``cands``, the
    guess costing ``w`` per candidate; bound -1 when the guess learns nothing."""
    s = cands.size
    nt = _tally(row, cands, cnt, touched)
    b = s * w
    sq = 0
    largest = 0
    useless = nt == 1 and touched[0] != solved
    for u in range(nt):
        c = touched[u]
        m = cnt[c]
        cnt[c] = 0
        if c != solved:
            b += lbrow[m]
            sq += m * m
            largest = max(largest, m)
    return (-1 if useless else b), sq, largest


@njit(cache=True, nogil=True)
def _scan(codes, solved, lbrow, w, cands, pool, fixed, beta, target, gos, sog, inset, cnt,
          touched, bound, order_key, picked):
    """Bound guesses on ``cands``; keep those < beta (in ``bound``/``order_key``/``picked``).

    ``fixed``: scan exactly ``pool`` (symmetry representatives). Otherwise scan the candidates,
    then all the other guesses. Returns (number kept, least bound
    dropped, a guess proven optimal or -1): a guess whose bound reaches ``target`` (a lower
    bound of the node) with classes of at most two secrets (exact in the bound) ends the scan.
    """
    s = cands.size
    kept = 0
    dropped = INF
    scale = 1.0 / (s * s + 1.0)
    n_list = pool.size if fixed else s + codes.shape[0]
    if not fixed:
        for j in range(s):
            inset[cands[j]] = True
    found = -1
    for t in range(n_list):
        if fixed:
            g = pool[t]
        elif t < s:
            g = gos[cands[t]]
        else:
            g = t - s
            if sog[g] >= 0 and inset[sog[g]]:
                continue  # a candidate, scanned first
        b, sq, largest = _bound_one(codes[g], solved, lbrow, cands, cnt, touched, w)
        if b < 0:
            continue
        if b >= beta:
            dropped = min(dropped, b)
            continue
        if b <= target and largest <= 2:
            found = g
            break
        bound[kept] = b
        order_key[kept] = b + sq * scale
        picked[kept] = g
        kept += 1
    if not fixed:
        for j in range(s):
            inset[cands[j]] = False
    return kept, dropped, found


@njit(cache=True, nogil=True)
def _next_best(order_key, kept, r) -> int:
    """Move the least key among positions r.. of ``order_key`` to position r (a lazy sort)."""
    best = r
    for i in range(r + 1, kept):
        if order_key[i] < order_key[best]:
            best = i
    return best


@njit(cache=True, nogil=True)
def _perfect_candidate(codes, solved, guess_of_secret, cands, mark) -> int:
    """A candidate whose guess splits the candidates into singletons, or -1."""
    s = cands.size
    for i in range(s):
        g = guess_of_secret[cands[i]]
        row = codes[g]
        ok = True
        for j in range(s):
            c = row[cands[j]]
            if mark[c] != 0:
                ok = False
                break
            mark[c] = 1
        for j in range(s):
            mark[row[cands[j]]] = 0
        if ok:
            return g
    return -1


@njit(cache=True, nogil=True)
def _partition(row, cands, solved, cnt, part, starts, sizes, order):
    """Split ``cands`` by ``row`` into classes (sorted runs in ``part``); unsolved classes'
    (start, size) in ``starts``/``sizes``, largest first in ``order``. Returns their number."""
    s = cands.size
    touched = np.empty(min(s, cnt.size), np.int64)
    nt = _tally(row, cands, cnt, touched)
    pos = 0
    n_cls = 0
    for u in range(nt):
        c = touched[u]
        m = cnt[c]
        cnt[c] = pos  # now the write position of the class
        if c != solved:
            starts[n_cls] = pos
            sizes[n_cls] = m
            n_cls += 1
        pos += m
    for j in range(s):
        c = row[cands[j]]
        part[cnt[c]] = cands[j]
        cnt[c] += 1
    for u in range(nt):
        cnt[touched[u]] = 0
    srt = np.argsort(-sizes[:n_cls], kind="mergesort")
    for k in range(n_cls):
        order[k] = srt[k]
    return n_cls


@njit(cache=True, nogil=True)
def _reps(gcodes, perms, place, colours, hist, n_hist, out) -> int:
    """One guess per orbit of the colour and position permutations fixing the first ``n_hist``
    codes of ``hist``, written to ``out``; returns their number, or -1 if the group is trivial.

    A guess is kept when no permutation of the group maps it to a smaller code: permutations of
    positions with the colour map they force on the history's colours, the other (free) colours
    relabelled in order of first appearance (the least image among their permutations).
    """
    holes = gcodes.shape[1]
    n_perm = perms.shape[0]
    maps = np.full((n_perm, colours), -1, np.int64)
    inverse = np.empty(colours, np.int64)
    valid = np.empty(n_perm, np.int64)
    n_valid = 0
    for p in range(n_perm):
        inverse[:] = -1
        ok = True
        for h in range(n_hist):
            for i in range(holes):
                a = hist[h, perms[p, i]]
                b = hist[h, i]
                if maps[p, a] == -1 and inverse[b] == -1:
                    maps[p, a] = b
                    inverse[b] = a
                elif maps[p, a] != b or inverse[b] != a:
                    ok = False
                    break
            if not ok:
                break
        if ok:
            valid[n_valid] = p
            n_valid += 1
    used = np.zeros(colours, np.bool_)
    for h in range(n_hist):
        for i in range(holes):
            used[hist[h, i]] = True
    free = np.empty(colours, np.int64)
    n_free = 0
    for c in range(colours):
        if not used[c]:
            free[n_free] = c
            n_free += 1
    if n_valid <= 1 and n_free <= 1:
        return -1
    seen = np.empty(colours, np.int64)
    n = 0
    for x in range(gcodes.shape[0]):
        own = 0
        for i in range(holes):
            own += gcodes[x, i] * place[i]
        keep = True
        for v in range(n_valid):
            p = valid[v]
            seen[:] = -1
            fresh = 0
            image = 0
            for i in range(holes):
                c = gcodes[x, perms[p, i]]
                y = maps[p, c]
                if y < 0:
                    if seen[c] < 0:
                        seen[c] = free[fresh]
                        fresh += 1
                    y = seen[c]
                image += y * place[i]
            if image < own:
                keep = False
                break
        if keep:
            out[n] = x
            n += 1
    return n


@njit(cache=True, nogil=True)
def _node_guesses(ctx, glist, hist, n_hist, hints):
    """The guesses a node must try: ``glist`` if given, else those obeying the ``hints`` (hard
    mode), else one per symmetry orbit, else all (an empty array)."""
    if hints.size > 0 and glist.size == 0:
        return _allowed(ctx[11], ctx[12], hints)
    gcodes, perms, place, colours = ctx[6], ctx[7], ctx[8], ctx[9]
    if glist.size > 0 or gcodes.shape[0] == 0 or n_hist >= hist.shape[0]:
        return glist
    buf = np.empty(gcodes.shape[0], np.int64)
    n = _reps(gcodes, perms, place, colours, hist, n_hist, buf)
    if n < 0:
        return glist
    return buf[:n]


@njit(cache=True, nogil=True)
def _split_bound(s, branching, lbrow, w) -> int:
    """The least cost of s secrets below a guess that is not one of them: s for the guess, and
    the classes' bounds for the most even split into at most ``branching`` classes (the bounds
    are convex in the class size, so an even split is the cheapest)."""
    k = min(branching, s)
    q = s // k
    r = s - q * k
    return s * w + r * lbrow[q + 1] + (k - r) * lbrow[q]


@njit(cache=True, nogil=True)
def _candidate_bound(codes, solved, gos, cands, lbrow, w, branching, cnt, touched):
    """A lower bound on the cost of ``cands`` from one level of look-ahead done exactly for the
    guesses that are candidates (s**2 work) and by :func:`_split_bound` for all others.

    Returns (bound, guess): the guess, a candidate, when it reaches the bound with classes of at
    most two secrets (its cost is then exactly the bound, the optimum), else -1.
    """
    s = cands.size
    best = INF
    best_guess = -1
    for i in range(s):
        g = gos[cands[i]]
        b, _, largest = _bound_one(codes[g], solved, lbrow, cands, cnt, touched, w)
        if b < 0:
            continue
        if b < best or (b == best and best_guess < 0 and largest <= 2):
            best = b
            best_guess = g if largest <= 2 else -1
    other = _split_bound(s, branching, lbrow, w)
    if other < best:
        return other, -1
    if other == best:
        return best, -1 if best_guess < 0 else best_guess
    return best, best_guess


@njit(cache=True, nogil=True)
def _refined(ctx, lbs, wts, memo, cands, depth, capped, lb, cnt, touched, hints) -> int:
    """A class's lower bound ``lb`` raised cheaply: by what the memo knows, else by one level of
    look-ahead (:func:`_candidate_bound`), which is stored in the memo. In hard mode the bound
    still holds: the guesses allowed are a subset of those it considers, and the candidates
    (the only guesses it may name as optimal) are always allowed."""
    codes, solved, gos, branching = ctx[0], ctx[1], ctx[2], ctx[10]
    key = node_key(cands, depth if capped else 0, hints)
    entry = memo.get(key, -1)
    if entry >= 0:
        return max(lb, entry & _VALUE_BITS)
    deep = lbs.shape[0] - 1
    below = lbs[min(depth - 1 if capped else depth, deep)]
    w = wts[min(depth, wts.size - 1)]
    bound, guess = _candidate_bound(codes, solved, gos, cands, below, w, branching, cnt, touched)
    bound = max(bound, lb)
    _store(memo, key, bound, guess, guess >= 0)
    return bound


@njit(cache=True, nogil=True)
def _mean(ctx, lbs, wts, memo, stats, cands, depth, capped, beta, glist, top_k, hist, n_hist,
          hints):
    """Least total cost of ``cands`` with ``depth`` guesses left, if it is below ``beta``.

    Returns the exact optimum when it is < beta, else a lower bound >= beta (fail-soft).
    ``glist`` (non-empty) restricts this node's guesses (symmetry); otherwise the guesses fixed
    by the path (``hist[:n_hist]``) reduce them when the game is symmetric, and in hard mode
    only the guesses obeying ``hints`` (empty: normal mode) are tried. ``top_k`` > 0 keeps
    only the best ``top_k`` guesses by bound at inner nodes (a heuristic: the result is then an
    upper bound on the optimum).
    """
    codes, solved, gos, sog, inset, n_codes = ctx[0], ctx[1], ctx[2], ctx[3], ctx[4], ctx[5]
    s = cands.size
    w = wts[min(depth, wts.size - 1)]
    if s == 1:
        return w
    if s == 2:
        return 2 * w + wts[min(depth - 1 if capped else depth, wts.size - 1)] if depth >= 2 \
            else INF
    deep = lbs.shape[0] - 1
    lb = lbs[min(depth, deep), s]
    if lb >= beta:
        return lb
    key = node_key(cands, depth if capped else 0, hints)
    entry = memo.get(key, -1)
    if entry >= 0:
        value = entry & _VALUE_BITS
        if entry & _EXACT_BIT or value >= beta:
            return value
        lb = max(lb, value)
    stats[0] += 1
    cnt = np.zeros(n_codes, np.int64)
    touched = np.empty(min(s, n_codes), np.int64)
    child_depth = depth - 1 if capped else depth
    lbrow = lbs[min(child_depth, deep)]
    if entry < 0:  # one level of look-ahead over the candidates first (s**2 work)
        ahead, g = _candidate_bound(codes, solved, gos, cands, lbrow, w, ctx[10], cnt, touched)
        if g >= 0:  # a candidate reaches the bound exactly: it is optimal
            _store(memo, key, ahead, g, True)
            return ahead
        lb = max(lb, ahead)
        if lb >= beta:
            _store(memo, key, lb, -1, False)
            return lb
    guesses = _node_guesses(ctx, glist, hist, n_hist, hints)
    fixed = guesses.size > 0
    n_guess = guesses.size if fixed else codes.shape[0]
    bound = np.empty(n_guess, np.int64)
    okey = np.empty(n_guess, np.float64)
    picked = np.empty(n_guess, np.int64)
    kept, dropped, found = _scan(codes, solved, lbrow, w, cands, guesses, fixed, beta, lb, gos,
                                 sog, inset, cnt, touched, bound, okey, picked)
    stats[1] += n_guess * s
    if found >= 0:
        _store(memo, key, lb, found, True)
        return lb
    if top_k > 0 and glist.size == 0 and kept > top_k:
        order = np.argsort(okey[:kept], kind="mergesort")
        dropped = min(dropped, bound[order[top_k]])
        keep = order[:top_k].copy()
        bound[:top_k], okey[:top_k], picked[:top_k] = bound[keep], okey[keep], picked[keep]
        kept = top_k
    part = np.empty(s, np.int64)
    starts = np.empty(s, np.int64)
    sizes = np.empty(s, np.int64)
    corder = np.empty(s, np.int64)
    refined = np.empty(s, np.int64)
    no_list = np.empty(0, np.int64)
    kids = np.empty((s if hints.size > 0 else 0, hints.size), np.int64)  # classes' hints
    best = beta
    best_guess = -1
    proven = dropped  # least lower bound shown for the guesses that did not beat beta
    for r in range(kept):
        if r < 16:  # most nodes end after a few guesses: select lazily, sort only if needed
            i = _next_best(okey, kept, r)
            bound[r], bound[i] = bound[i], bound[r]
            okey[r], okey[i] = okey[i], okey[r]
            picked[r], picked[i] = picked[i], picked[r]
        elif r == 16:
            rest = np.argsort(okey[r:kept], kind="mergesort") + r
            bound[r:kept], okey[r:kept], picked[r:kept] = bound[rest], okey[rest], picked[rest]
        b = bound[r]
        if b >= best:
            proven = min(proven, b)
            break
        g = picked[r]
        stats[3] += 1
        n_cls = _partition(codes[g], cands, solved, cnt, part, starts, sizes, corder)
        if n_hist < hist.shape[0] and ctx[6].shape[0] > 0:
            hist[n_hist] = ctx[6][g]
        total = b
        for k in range(n_cls):  # first the cheap refinements of every class's bound
            c = corder[k]
            m = sizes[c]
            if m <= 2:
                break  # largest first: the rest are exact in the bound
            kid = hints
            if hints.size > 0:
                kid = kids[c]
                _hint_child(hints, ctx[11][g], codes[g, part[starts[c]]], kid)
            better = _refined(ctx, lbs, wts, memo, part[starts[c]:starts[c] + m], child_depth,
                              capped, lbrow[m], cnt, touched, kid)
            total += better - lbrow[m]
            refined[c] = better
            if total >= best:
                break
        for k in range(n_cls):
            if total >= best:
                break
            c = corder[k]
            m = sizes[c]
            if m <= 2:
                break
            v = _mean(ctx, lbs, wts, memo, stats, part[starts[c]:starts[c] + m], child_depth,
                      capped, best - (total - refined[c]), no_list, top_k, hist, n_hist + 1,
                      kids[c] if hints.size > 0 else hints)
            total += v - refined[c]
        if total < best:
            best = total
            best_guess = g
            if best <= lb:
                break  # nothing beats the node's lower bound
        else:
            proven = min(proven, total)
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    if best < beta:
        _store(memo, key, best, best_guess, True)
        return best
    result = max(lb, proven)
    stats[2] += 1
    _store(memo, key, result, -1, False)
    return result


@njit(cache=True, nogil=True)
def _fits(ctx, caps, memo, stats, cands, depth, glist, hist, n_hist, hints) -> bool:
    """Whether some strategy finds every secret of ``cands`` within ``depth`` guesses (in hard
    mode, with the guesses obeying ``hints``)."""
    codes, solved, gos, n_codes = ctx[0], ctx[1], ctx[2], ctx[5]
    s = cands.size
    if s == 1:
        return depth >= 1
    if s == 2:
        return depth >= 2
    if depth < 2 or s > caps[min(depth, caps.size - 1)]:
        return False
    key = node_key(cands, depth, hints)
    entry = memo.get(key, -1)
    if entry >= 0:
        return (entry & _VALUE_BITS) == 1
    stats[0] += 1
    cnt = np.zeros(n_codes, np.int64)
    g = _perfect_candidate(codes, solved, gos, cands, cnt)
    if g >= 0:
        _store(memo, key, 1, g, True)
        return True
    room = caps[min(depth - 1, caps.size - 1)]
    guesses = _node_guesses(ctx, glist, hist, n_hist, hints)
    n_guess = guesses.size if guesses.size > 0 else codes.shape[0]
    okey = np.empty(n_guess, np.float64)
    picked = np.empty(n_guess, np.int64)
    touched = np.empty(min(s, n_codes), np.int64)
    kept = 0
    for t in range(n_guess):
        g = guesses[t] if guesses.size > 0 else t
        row = codes[g]
        nt = _tally(row, cands, cnt, touched)
        largest = 0
        for u in range(nt):
            c = touched[u]
            if c != solved:
                largest = max(largest, cnt[c])
            cnt[c] = 0
        if largest <= room and not (nt == 1 and touched[0] != solved):
            okey[kept] = largest * (s + 1.0) - nt
            picked[kept] = g
            kept += 1
    order = np.argsort(okey[:kept], kind="mergesort")
    part = np.empty(s, np.int64)
    starts = np.empty(s, np.int64)
    sizes = np.empty(s, np.int64)
    corder = np.empty(s, np.int64)
    no_list = np.empty(0, np.int64)
    kid = np.empty(hints.size, np.int64)
    for r in range(kept):
        g = picked[order[r]]
        n_cls = _partition(codes[g], cands, solved, cnt, part, starts, sizes, corder)
        if n_hist < hist.shape[0] and ctx[6].shape[0] > 0:
            hist[n_hist] = ctx[6][g]
        ok = True
        for k in range(n_cls):
            c = corder[k]
            if sizes[c] == 1:
                break
            if hints.size > 0:
                _hint_child(hints, ctx[11][g], codes[g, part[starts[c]]], kid)
            if not _fits(ctx, caps, memo, stats, part[starts[c]:starts[c] + sizes[c]],
                         depth - 1, no_list, hist, n_hist + 1, kid if hints.size > 0 else hints):
                ok = False
                break
        if ok:
            _store(memo, key, 1, g, True)
            return True
    _store(memo, key, 0, -1, True)
    return False


# -- symmetry of code games ----------------------------------------------------------------------


class CodeSymmetry:
    """Permutations of colours and of positions, for games whose guesses and secrets are codes.

    A game qualifies when its guess set and secret set are closed under every permutation of
    the colours and of the positions, and its feedback is unchanged when both guess and secret
    are permuted alike (Mastermind, Bulls and Cows). Permutations fixing every guess of the
    history map the candidates onto themselves, so one guess per orbit is enough.
    """

    def __init__(self, guesses: np.ndarray, colours: int) -> None:
        self.guesses = np.asarray(guesses, dtype=np.int64)
        self.colours = colours
        self.holes = self.guesses.shape[1]
        self.place = colours ** np.arange(self.holes - 1, -1, -1, dtype=np.int64)

    @classmethod
    def detect(cls, game: Game, codes: np.ndarray) -> CodeSymmetry | None:
        """The symmetry of ``game`` if it is a code game as above (checked exactly), else None."""
        g, s = np.asarray(game.guesses), np.asarray(game.secrets)
        if g.ndim != 2 or s.ndim != 2 or g.shape[1] != s.shape[1] or g.shape[1] < 1:
            return None
        if not (np.issubdtype(g.dtype, np.integer) and np.issubdtype(s.dtype, np.integer)):
            return None
        colours = int(max(g.max(), s.max())) + 1
        if g.min() < 0 or s.min() < 0 or colours ** g.shape[1] > 50_000_000:
            return None
        sym = cls(g, colours)
        holes = g.shape[1]
        colour_gens = [np.roll(np.arange(colours), 1)]
        if colours > 2:
            colour_gens.append(np.array([1, 0, *range(2, colours)]))
        place_gens = [np.roll(np.arange(holes), 1)]
        if holes > 2:
            place_gens.append(np.array([1, 0, *range(2, holes)]))
        moves = [(c, np.arange(holes)) for c in colour_gens]
        moves += [(np.arange(colours), p) for p in place_gens]
        g_index, s_index = sym.index_of(g), sym.index_of(s)
        for colour_map, places in moves:
            gi = g_index[sym.encode(colour_map[g[:, places]])]
            si = s_index[sym.encode(colour_map[s[:, places]])]
            if (gi < 0).any() or (si < 0).any():
                return None
            if not np.array_equal(codes[gi][:, si], codes):
                return None
        return sym

    def encode(self, codes: np.ndarray) -> np.ndarray:
        return np.asarray(codes, dtype=np.int64) @ self.place

    def index_of(self, codes: np.ndarray) -> np.ndarray:
        """A table from encoded code to its row in ``codes`` (-1 where absent)."""
        table = np.full(self.colours ** self.holes, -1, dtype=np.int64)
        table[self.encode(codes)] = np.arange(len(codes))
        return table

    def representatives(self, history: Sequence[int]) -> np.ndarray:
        """One guess index per orbit of the permutations fixing every guess in ``history``."""
        fixed = [self.guesses[h] for h in history]
        used = sorted({int(c) for code in fixed for c in code})
        free = np.array([c for c in range(self.colours) if c not in used], dtype=np.int64)
        best = None
        for places in itertools.permutations(range(self.holes)):
            colour_map = self._colour_map(fixed, places)
            if colour_map is None:
                continue
            image = self._relabel_free(self.guesses[:, list(places)], colour_map, free)
            value = self.encode(image)
            best = value if best is None else np.minimum(best, value)
        assert best is not None  # the identity always fixes the history
        _, first = np.unique(best, return_index=True)
        return np.sort(first).astype(np.int64)

    def _colour_map(self, fixed: list[np.ndarray], places: tuple[int, ...]) -> np.ndarray | None:
        """The colour map that, with this position permutation, fixes each history guess."""
        forward = np.full(self.colours, -1, dtype=np.int64)
        backward = np.full(self.colours, -1, dtype=np.int64)
        for code in fixed:
            for i, p in enumerate(places):
                a, b = int(code[p]), int(code[i])
                if forward[a] not in (-1, b) or backward[b] not in (-1, a):
                    return None
                forward[a], backward[b] = b, a
        return forward

    def _relabel_free(self, codes: np.ndarray, colour_map: np.ndarray,
                      free: np.ndarray) -> np.ndarray:
        """Map history colours by ``colour_map``; free colours by order of first appearance."""
        out = np.empty_like(codes)
        rows = np.arange(len(codes))
        seen = np.full((len(codes), self.colours), -1, dtype=np.int64)
        n_seen = np.zeros(len(codes), dtype=np.int64)
        for k in range(codes.shape[1]):
            c = codes[:, k]
            mapped = colour_map[c]
            is_free = mapped < 0
            new = is_free & (seen[rows, c] < 0)
            if free.size:
                seen[rows[new], c[new]] = free[np.minimum(n_seen[new], free.size - 1)]
            n_seen += new
            out[:, k] = np.where(is_free, seen[rows, c], mapped)
        return out


# -- solvers: tables, memo and kernels in one process ------------------------------------------


class Solver:
    """The compiled search over one game's tables, with its memo, in one process (one thread)."""

    HISTORY = 64  # path length up to which symmetry is used

    def __init__(self, tab: Tables, symmetry: bool = True) -> None:
        self.tab = tab
        self.n_codes = tab.n_codes
        self.memos: dict[tuple, Dict] = {}
        self.stats = np.zeros(4, dtype=np.int64)  # nodes, scan work, failed nodes, guesses tried
        self._bounds: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
        self.caps = _capacities(len(tab.guess_of_secret), tab.branching)
        inset = np.zeros(len(tab.guess_of_secret), dtype=np.bool_)  # scratch for _scan
        rows = tab.code_rows if symmetry and tab.code_rows is not None else None
        holes = 1 if rows is None else rows.shape[1]
        gcodes = np.zeros((0, holes), np.int64) if rows is None else \
            np.ascontiguousarray(rows, dtype=np.int64)
        perms = np.array(list(itertools.permutations(range(holes))), dtype=np.int64)
        if rows is not None and perms.shape[0] > 5040:
            perms = perms[:1]  # more than 7 holes: colour symmetry only
        place = max(tab.colours, 1) ** np.arange(holes - 1, -1, -1, dtype=np.int64)
        none = np.zeros((0, 1), np.int64)
        letters = none if tab.letters is None else np.ascontiguousarray(tab.letters, np.int64)
        counts = none if tab.counts is None else np.ascontiguousarray(tab.counts, np.int64)
        self.ctx = (tab.codes, tab.solved, tab.guess_of_secret, tab.secret_of_guess, inset,
                    self.n_codes, gcodes, perms, place, max(tab.colours, 1), tab.branching,
                    letters, counts)
        self.symmetric = rows is not None

    def hints(self, history: Sequence[int], cands: np.ndarray) -> np.ndarray:
        """Hard mode's hints after the guesses of ``history`` (empty in normal mode).

        Every candidate got the same feedback along the path, so the first one tells it.
        """
        if self.tab.letters is None:
            return np.empty(0, np.int64)
        secret = int(np.asarray(cands)[0])
        return path_hints(self.tab.letters, [(g, int(self.tab.codes[g, secret]))
                                             for g in history])

    def _hist(self, history: Sequence[int]) -> tuple[np.ndarray, int]:
        rows = self.ctx[6]
        hist = np.zeros((self.HISTORY if self.symmetric else 1, rows.shape[1]), np.int64)
        if not self.symmetric:
            return hist, 1
        n = min(len(history), self.HISTORY)
        if n:
            hist[:n] = rows[np.asarray(history[:n], dtype=np.int64)]
        return hist, n if len(history) <= self.HISTORY else self.HISTORY

    def memo(self, kind: str, depth: int | None = None, penalty: int | None = None) -> Dict:
        """The memo of one kind of search: worst case; mean with or without a cap (and with a
        penalty). Entries of capped searches are keyed by the guesses left."""
        key = (kind, depth is not None, penalty)
        if key not in self.memos:
            self.memos[key] = Dict.empty(key_type=types.int64, value_type=types.int64)
        return self.memos[key]

    def bounds(self, depth: int | None, penalty: int | None = None) -> tuple[np.ndarray,
                                                                            np.ndarray]:
        """(lower bounds ``[d, m]``, guess weights ``[d]``) covering ``depth`` guesses left.

        A guess costs 1 per candidate; with a ``penalty`` level (guesses left), a guess there
        costs 1 more than elsewhere, and every guess counts n + 1 (n secrets), so totals compare
        first by guesses, then by games reaching that level.
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
                weights *= n + 1
                if 0 < penalty <= rows:
                    weights[penalty] += 1
            lbs = self.tab.bounds(rows, weights)
        self._bounds[key] = (lbs, weights)
        return lbs, weights

    # optimal mean

    def mean(self, cands: np.ndarray, depth: int | None, beta: int = INF,
             history: Sequence[int] = (), top_k: int = 0, penalty: int | None = None) -> int:
        """Least total cost of ``cands`` (< beta), or a lower bound >= beta; ``history``: the
        guesses that led to them (for symmetry)."""
        hist, n_hist = self._hist(history)
        lbs, weights = self.bounds(depth, penalty)
        return int(_mean(self.ctx, lbs, weights, self.memo("mean", depth, penalty), self.stats,
                         _sorted(cands), NO_CAP if depth is None else depth, depth is not None,
                         beta, _glist(None), top_k, hist, n_hist, self.hints(history, cands)))

    def refined(self, cands: np.ndarray, depth: int | None, history: Sequence[int] = (),
                penalty: int | None = None) -> int:
        """A lower bound on the least total of ``cands``: what the memo knows, else one level
        of look-ahead (:func:`_refined`), then remembered."""
        cands = _sorted(cands)
        lbs, weights = self.bounds(depth, penalty)
        d = NO_CAP if depth is None else depth
        cnt = np.zeros(self.n_codes, np.int64)
        touched = np.empty(min(cands.size, self.n_codes), np.int64)
        lb = int(lbs[min(d, lbs.shape[0] - 1), cands.size])
        return int(_refined(self.ctx, lbs, weights, self.memo("mean", depth, penalty), cands, d,
                            depth is not None, lb, cnt, touched, self.hints(history, cands)))

    def mean_tree(self, cands: np.ndarray, depth: int | None, history: Sequence[int] = (),
                  top_k: int = 0, penalty: int | None = None) -> Node:
        """The tree of an optimal strategy for ``cands`` (solving what the memo lacks)."""
        memo = self.memo("mean", depth, penalty)

        def choose(c: np.ndarray, d: int | None, path: tuple[int, ...]) -> int:
            key = int(node_key(c, 0 if d is None else d, self.hints(path, c)))
            entry = memo.get(key, -1)
            if entry < 0 or not entry & _EXACT_BIT or entry & _VALUE_BITS >= INF:
                self.mean(c, d, INF, path, top_k, penalty)
                entry = memo[key]
            return int(entry >> _GUESS_SHIFT & ((1 << 21) - 1))

        return self._tree(_sorted(cands), depth, tuple(history), choose)

    # optimal worst case

    def fits(self, cands: np.ndarray, depth: int, history: Sequence[int] = ()) -> bool:
        """Whether every candidate can be found within ``depth`` guesses."""
        hist, n_hist = self._hist(history)
        return bool(_fits(self.ctx, self.caps, self.memo("worst"), self.stats,
                          _sorted(cands), depth, _glist(None), hist, n_hist,
                          self.hints(history, cands)))

    def fits_tree(self, cands: np.ndarray, depth: int, history: Sequence[int] = ()) -> Node:
        """A tree finding every candidate within ``depth`` guesses (which must be possible)."""
        def choose(c: np.ndarray, d: int | None, path: tuple[int, ...]) -> int:
            memo = self.memo("worst")
            key = int(node_key(c, d, self.hints(path, c)))
            if key not in memo:
                self.fits(c, d, path)
            entry = memo[key]
            if entry & _VALUE_BITS != 1:
                raise RuntimeError("no tree within the depth: the search is inconsistent")
            return int(entry >> _GUESS_SHIFT & ((1 << 21) - 1))

        return self._tree(_sorted(cands), depth, tuple(history), choose)

    def _tree(self, cands: np.ndarray, depth: int | None, path: tuple[int, ...],
              choose: Callable[[np.ndarray, int | None, tuple[int, ...]], int]) -> Node:
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
                node.children[int(code)] = self._tree(cands[row == code], child_depth,
                                                      (*path, guess), choose)
        return node

    def child_bounds(self, depth: int | None, penalty: int | None = None) -> np.ndarray:
        """Lower bounds by class size for the classes of a node with ``depth`` guesses left."""
        lbs, _ = self.bounds(depth, penalty)
        return lbs[-1] if depth is None else lbs[depth - 1]

    def guess_bounds(self, cands: np.ndarray, depth: int | None, glist: np.ndarray,
                     penalty: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Root guesses that split the candidates, in search order, with their lower bounds."""
        t = self.tab
        cands = _sorted(cands)
        row = self.child_bounds(depth, penalty)
        _, weights = self.bounds(depth, penalty)
        w = int(weights[-1 if depth is None else depth])
        n = glist.size
        bound, okey, picked = np.empty(n, np.int64), np.empty(n, np.float64), np.empty(n, np.int64)
        cnt = np.zeros(self.n_codes, np.int64)
        touched = np.empty(min(cands.size, self.n_codes), np.int64)
        kept, _, _ = _scan(t.codes, t.solved, row, w, cands, _glist(glist), True, INF + 1, -1,
                           t.guess_of_secret, t.secret_of_guess, self.ctx[4], cnt, touched,
                           bound, okey, picked)
        order = np.argsort(okey[:kept], kind="stable")
        return picked[order], bound[order]

    def worst_order(self, cands: np.ndarray, glist: np.ndarray) -> np.ndarray:
        """Root guesses ordered by their largest class, then by most classes."""
        rows = self.tab.codes[np.asarray(glist)][:, _sorted(cands)].astype(np.int64)
        largest = np.empty(len(rows), dtype=np.int64)
        parts = np.empty(len(rows), dtype=np.int64)
        for i, r in enumerate(rows):
            counts = np.bincount(r, minlength=self.n_codes)
            parts[i] = np.count_nonzero(counts)
            counts[self.tab.solved] = 0
            largest[i] = counts.max()
        useful = (parts > 1) | (largest < len(cands))
        order = np.lexsort((-parts, largest))
        return np.asarray(glist)[order[useful[order]]]


def path_hints(letters: np.ndarray, path: Sequence[tuple[int, int]]) -> np.ndarray:
    """Hard mode's hints (see :func:`_hint_child`) after (guess, code) pairs.

    >>> from sleuth.words import feedback as fb
    >>> path_hints(fb.encode(["eerie"]).astype(np.int64), [(0, fb.parse("gybbb"))])[[0, 5 + 4]]
    array([4, 2])
    """
    hints = np.concatenate([np.full(letters.shape[1], -1), np.zeros(LETTERS)]).astype(np.int64)
    for g, code in path:
        _hint_child(hints.copy(), np.ascontiguousarray(letters[g], np.int64), int(code), hints)
    return hints


def _capacities(n: int, branching: int) -> np.ndarray:
    """caps[d]: the most secrets any tree can find within d guesses (until it reaches n)."""
    caps = [0]
    while caps[-1] < n:
        caps.append(_capacity(len(caps), branching))
    return np.array(caps, dtype=np.int64)


def _sorted(cands: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(np.sort(np.asarray(cands, dtype=np.int64)))


def _glist(glist: np.ndarray | None) -> np.ndarray:
    if glist is None:
        return np.empty(0, dtype=np.int64)
    return np.ascontiguousarray(glist, dtype=np.int64)


_SOLVERS: dict[tuple[str, int, bool], Solver] = {}
_TABLES: dict[str, Tables] = {}
_GAME_TABLES: dict[int, tuple[Game, Tables]] = {}


def _solver_for(tab: Tables | str, symmetry: bool = True) -> Solver:
    """This process's (and thread's) solver for some tables, kept with its memo between calls."""
    import threading

    if isinstance(tab, str):
        tab = _TABLES[tab]
    key = (tab.token, threading.get_ident(), symmetry)
    if key not in _SOLVERS:
        if len(_SOLVERS) >= 8:
            _SOLVERS.pop(next(iter(_SOLVERS)))
        _SOLVERS[key] = Solver(tab, symmetry)
    return _SOLVERS[key]


def _install(tab: Tables) -> None:
    """Pool initializer: make the tables known in a worker process by their token."""
    ignore_sigint()
    _TABLES[tab.token] = tab


def ignore_sigint() -> None:
    """In a worker process: leave Ctrl-C to the parent, which ends the workers, so that no
    worker prints a traceback (see :func:`sigint_blocked`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _hold_sigint() -> None:
    """Hold Ctrl-C back in the calling thread (the processes it starts inherit that)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


@contextmanager
def sigint_blocked() -> Iterator[None]:
    """Hold Ctrl-C back while worker processes are started: they inherit the blocked signal
    until they call :func:`ignore_sigint`, so one pressed as they start is never raised."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def tables_of(game: Game) -> Tables:
    """:func:`tables` of a game, cached while the game is alive."""
    cached = _GAME_TABLES.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    tab = tables(game)
    if len(_GAME_TABLES) >= 8:
        _GAME_TABLES.pop(next(iter(_GAME_TABLES)))
    _GAME_TABLES[id(game)] = (game, tab)
    return tab


def _task(tab: Tables | str, symmetry: bool, kind: str, cands: np.ndarray, depth: int | None,
          beta: int, history: tuple[int, ...], top_k: int,
          penalty: int | None = None) -> tuple[int, Node | None, int]:
    """One class searched in a worker: (value, its tree when exact, nodes searched)."""
    solver = _solver_for(tab, symmetry)
    before = int(solver.stats[0])
    if kind == "mean":
        value = solver.mean(cands, depth, beta, history, top_k, penalty)
        tree = solver.mean_tree(cands, depth, history, top_k, penalty) if value < beta else None
    else:
        assert depth is not None
        value = int(solver.fits(cands, depth, history))
        tree = solver.fits_tree(cands, depth, history) if value else None
    return value, tree, int(solver.stats[0]) - before


# -- where the top-level classes run: this process, a process pool, or a Dask cluster ----------


@dataclass
class _Runner:
    """Runs the searches of one guess's classes and adds them up, stopping once over a limit."""

    tab: Tables
    symmetry: bool = True
    progress: Progress | None = None
    done: int = 0
    queued: int = 0
    nodes: int = 0

    def tick(self, n: int = 1) -> None:
        self.done += n
        if self.progress is not None:
            self.progress(self.done, self.queued)

    def mean_classes(self, classes: list[np.ndarray], depth: int | None, limit: int, base: int,
                     lbrow: np.ndarray, history: tuple[int, ...], top_k: int,
                     penalty: int | None) -> tuple[int, list[Node] | None]:
        raise NotImplementedError

    def worst_classes(self, classes: list[np.ndarray], depth: int,
                      history: tuple[int, ...]) -> list[Node] | None:
        raise NotImplementedError

    def refine(self, classes: list[np.ndarray], depth: int | None, lbrow: np.ndarray,
               history: tuple[int, ...], penalty: int | None) -> tuple[list[int], int]:
        """Each class's bound raised by one level of look-ahead, here and now (cheap), and how
        much that raises their sum: every class's budget is then tight before any is searched,
        and a guess whose raised bound reaches the limit costs no search at all."""
        solver = _solver_for(self.tab, self.symmetry)
        bounds = [solver.refined(m, depth, history, penalty) for m in classes]
        return bounds, sum(b - int(lbrow[m.size]) for b, m in zip(bounds, classes, strict=True))

    def prepare(self, classes: list[np.ndarray], depth: int | None, limit: int, base: int,
                lbrow: np.ndarray, history: tuple[int, ...], top_k: int,
                penalty: int | None) -> tuple[list[int], int]:
        """The classes' bounds and the guess's total bound before the classes are searched:
        raised by :meth:`refine`, and against a finite limit by :func:`_squeeze` (in this
        process)."""
        bounds, raised = self.refine(classes, depth, lbrow, history, penalty)
        total = base + raised
        if limit < INF:
            solver = _solver_for(self.tab, self.symmetry)
            before = int(solver.stats[0])
            total = _squeeze(solver, classes, bounds, total, limit, depth, history, top_k,
                             penalty)
            self.nodes += int(solver.stats[0]) - before
        return bounds, total

    def close(self) -> None:
        """Release the workers."""

    def abort(self) -> None:
        """Stop the workers at once, dropping their work (on an interrupt or an error)."""


def _class_order(classes: list[np.ndarray], limit: int) -> list[int]:
    """The order to search one guess's classes in: as given (largest first) when they must
    all be solved anyway; smallest first against a finite limit, since small classes are
    cheap and their excess over the bound adds up towards the limit, often before the big
    classes (whose search dominates) are needed at all."""
    order = list(range(len(classes)))
    return order if limit >= INF else sorted(order, key=lambda i: classes[i].size)


SQUEEZE_ROUNDS = 2


def _squeeze(solver: Solver, classes: list[np.ndarray], bounds: list[int], total: int,
             limit: int, depth: int | None, history: tuple[int, ...], top_k: int,
             penalty: int | None) -> int:
    """Raise the classes' bounds (in place; ``total`` is their sum plus the rest) towards a
    finite ``limit`` cheaply, before any class is solved to the end: in a few rounds, each
    class not yet solved is asked only for its share of the gap (by its size), which it fails
    to reach (a proof much cheaper than the optimum) or reaches exactly. A guess far over the
    limit is then refuted without solving its large classes."""
    solved = [False] * len(classes)
    order = _class_order(classes, limit)
    for _ in range(SQUEEZE_ROUNDS):
        open_ = [i for i in order if not solved[i]]
        if total >= limit or not open_:
            break
        gap, size = limit - total, sum(classes[i].size for i in open_)
        for i in open_:
            beta = bounds[i] + max(1, gap * classes[i].size // size)
            value = solver.mean(classes[i], depth, beta, history, top_k, penalty)
            solved[i] = value < beta
            total += value - bounds[i]
            bounds[i] = value
            if total >= limit:
                break
    return total


@dataclass
class _Local(_Runner):
    """Everything in this process: one memo shared by all classes, budgets as tight as can be."""

    def mean_classes(self, classes, depth, limit, base, lbrow, history, top_k, penalty):
        solver = _solver_for(self.tab, self.symmetry)
        self.queued += len(classes)
        lbs, total = self.prepare(classes, depth, limit, base, lbrow, history, top_k, penalty)
        before = int(solver.stats[0])
        for i in _class_order(classes, limit):
            if total >= limit:
                break
            total += solver.mean(classes[i], depth, limit - (total - lbs[i]), history, top_k,
                                 penalty) - lbs[i]
            self.tick()
        self.nodes += int(solver.stats[0]) - before
        if total >= limit:
            return total, None
        return total, [solver.mean_tree(members, depth, history, top_k, penalty)
                       for members in classes]

    def worst_classes(self, classes, depth, history):
        solver = _solver_for(self.tab, self.symmetry)
        self.queued += len(classes)
        before = int(solver.stats[0])
        ok = True
        for members in classes:
            ok = solver.fits(members, depth, history)
            self.tick()
            if not ok:
                break
        self.nodes += int(solver.stats[0]) - before
        return [solver.fits_tree(members, depth, history) for members in classes] if ok else None


@dataclass
class _Pool(_Runner):
    """Classes as tasks on workers (processes on this machine, or a Dask cluster)."""

    submit: Callable = None  # type: ignore[assignment]
    as_completed: Callable = None  # type: ignore[assignment]
    ref: object = None
    closer: Callable[[], None] | None = None
    aborter: Callable[[], None] | None = None

    def _run(self, kind: str, classes: list[np.ndarray], depth: int | None,
             budgets: list[int], history: tuple[int, ...], top_k: int,
             stop: Callable[[int, int], bool],
             penalty: int | None = None) -> tuple[list[int], list[Node | None], bool]:
        self.queued += len(classes)
        futures = {self.submit(_task, self.ref, self.symmetry, kind, members, depth, beta,
                               history, top_k, penalty): i
                   for i, (members, beta) in enumerate(zip(classes, budgets, strict=True))}
        values: list[int] = [0] * len(classes)
        trees: list[Node | None] = [None] * len(classes)
        for future in self.as_completed(list(futures)):
            i = futures[future]
            values[i], trees[i], nodes = future.result()
            self.nodes += nodes
            self.tick()
            if stop(i, values[i]):
                for other in futures:
                    other.cancel()
                return values, trees, True
        return values, trees, False

    def mean_classes(self, classes, depth, limit, base, lbrow, history, top_k, penalty):
        lbs, base = self.prepare(classes, depth, limit, base, lbrow, history, top_k, penalty)
        if base >= limit:
            self.queued += len(classes)
            return base, None
        order = _class_order(classes, limit)  # the order the workers take them in
        budgets = [limit - (base - lbs[i]) for i in order]
        running = [base]

        def over(k: int, value: int) -> bool:
            running[0] += value - lbs[order[k]]
            return running[0] >= limit

        _, found, stopped = self._run("mean", [classes[i] for i in order], depth, budgets,
                                      history, top_k, over, penalty)
        if stopped:
            return running[0], None
        trees: list[Node | None] = [None] * len(classes)
        for k, i in enumerate(order):
            trees[i] = found[k]
        return running[0], trees  # type: ignore[return-value]

    def worst_classes(self, classes, depth, history):
        _, trees, stopped = self._run("worst", classes, depth, [0] * len(classes), history, 0,
                                      lambda i, ok: not ok)
        return None if stopped else trees  # type: ignore[return-value]

    def close(self) -> None:
        if self.closer is not None:
            self.closer()

    def abort(self) -> None:
        if self.aborter is not None:
            self.aborter()


def default_workers() -> int:
    """The cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _runner(tab: Tables, symmetry: bool, size: int, workers: int | None, cluster: object,
            progress: Progress | None) -> _Runner:
    """Where to run: a Dask cluster if given, else a process pool, else this process."""
    if cluster is not None:
        return _dask_runner(tab, symmetry, cluster, progress)
    n = default_workers() if workers is None else workers
    if workers is None and size < 300:
        n = 1  # small searches are over before worker processes would have started
    if n <= 1:
        return _Local(tab, symmetry, progress)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor, as_completed

    pool = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_install, initargs=(tab,))
    # The pool starts its processes as tasks come. Tasks are handed to it from a thread that
    # holds Ctrl-C back, so the processes start with it held back (see sigint_blocked), while
    # this thread still answers Ctrl-C at once.
    spawner = ThreadPoolExecutor(max_workers=1, initializer=_hold_sigint)

    def submit(fn: Callable, *args: object) -> object:
        return spawner.submit(pool.submit, fn, *args).result()

    def close() -> None:
        spawner.shutdown(wait=True)
        pool.shutdown(wait=True, cancel_futures=True)

    def abort() -> None:
        spawner.shutdown(wait=True, cancel_futures=True)  # a process being started, at most
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    return _Pool(tab, symmetry, progress, submit=submit, as_completed=as_completed,
                 ref=tab.token, closer=close, aborter=abort)


def check_cluster(address: str, timeout: float = 3.0) -> None:
    """Refuse a Dask scheduler address (``tcp://host:port``, ``host:port``) that does not
    answer within ``timeout`` seconds, with one line (ValueError); other transports pass."""
    scheme, sep, rest = address.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", address.strip()
    if scheme not in ("tcp", "tls"):
        return
    host, colon, port = rest.rstrip("/").rpartition(":")
    if not colon or (host.count(":") and not host.startswith("[")):
        host, port = rest.rstrip("/"), "8786"  # no port given: Dask's default
    try:
        number = int(port)
    except ValueError:
        raise ValueError(f"{address!r} is not a scheduler address (tcp://HOST:PORT)") from None
    try:
        with socket.create_connection((host.strip("[]") or "127.0.0.1", number), timeout):
            pass
    except OSError as err:
        reason = "no answer" if isinstance(err, TimeoutError) else err.strerror or str(err)
        raise ValueError(f"cannot reach the Dask scheduler at {address} ({reason})") from None


def _dask_runner(tab: Tables, symmetry: bool, cluster: object,
                 progress: Progress | None) -> _Runner:
    """A runner on a Dask cluster: ``cluster`` is a scheduler address or a ``Client``."""
    try:
        from distributed import Client, as_completed
    except ImportError as err:  # pragma: no cover - dask is a declared dependency
        raise RuntimeError("--cluster needs dask[distributed] installed") from err
    own = isinstance(cluster, str)
    if own:
        check_cluster(cluster)  # one line now rather than Dask's error after 30 s
    client = Client(cluster) if own else cluster
    # A fresh key per run: a content-hashed key is shared with other clients of the same
    # scheduler, and one of them closing can drop the data under this run's feet.
    ref = client.scatter(tab, broadcast=True, hash=False)

    def close() -> None:
        ref.release()
        if own:
            client.close()

    def submit(fn: Callable, *args: object) -> object:
        return client.submit(fn, *args, pure=False)

    return _Pool(tab, symmetry, progress, submit=submit, as_completed=as_completed, ref=ref,
                 closer=close)


# -- results -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TreeStrategy:
    """Play by a decision tree: the guess of the node the history leads to."""

    root: Node
    start: int = 0  # guesses already in the history at the root
    name: str = "tree"

    def choose(self, game: Game, position: Position) -> int:
        node: Node | None = self.root
        for guess, code in position.history[self.start:]:
            if node is None or node.guess != guess:
                break
            node = node.children.get(code)
        else:
            if node is not None:
                return node.guess
        raise ValueError("this position is not in the strategy's tree")


@dataclass
class SearchResult:
    """An exact search's outcome: the optimal total (or worst case), the tree and its figures."""

    game: Game
    position: Position
    objective: str  # "mean" or "worst"
    total: int  # guesses over all candidates from the position, by the tree
    tree: Node
    evaluation: Evaluation
    exact: bool
    seconds: float
    nodes: int
    max_guesses: int | None = None
    notes: list[str] = field(default_factory=list)
    cut: ClassVar[bool] = False  # the search finished (see CutResult)

    @property
    def size(self) -> int:
        return int(self.position.candidates.size)

    @property
    def worst(self) -> int:
        """Most guesses any candidate needs (counting from the position)."""
        return int(self.costs().max())

    @property
    def first_guess(self) -> str:
        return self.game.guess_labels[self.tree.guess]

    @property
    def mean_fraction(self) -> Fraction:
        return Fraction(self.total, self.size)

    @property
    def mean(self) -> float:
        return self.total / self.size

    def costs(self) -> np.ndarray:
        """Guesses each candidate takes from the position, in candidate order."""
        return self.evaluation.cost[self.position.candidates] - self.position.cost

    def distribution(self) -> dict[int, int]:
        """Number of candidates found after each number of guesses."""
        values, counts = np.unique(self.costs(), return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts, strict=True)}

    def strategy(self) -> TreeStrategy:
        return TreeStrategy(self.tree, len(self.position.history))


@dataclass(frozen=True)
class CutResult:
    """An :func:`optimal_mean` search stopped by its ``upper`` limit: no strategy (with the
    first guess given, if any) totals less than ``upper``; ``total`` is the least total the
    search proved, a lower bound of the optimum (>= ``upper``; exact bounds only when
    ``exact``, i.e. without ``top_k``)."""

    game: Game
    position: Position
    upper: int
    total: int
    exact: bool
    seconds: float
    nodes: int
    first_guess: str | None = None
    cut: ClassVar[bool] = True

    @property
    def size(self) -> int:
        return int(self.position.candidates.size)

    @property
    def mean(self) -> float:
        """The least mean the search proved (a lower bound)."""
        return self.total / self.size


def _result(game: Game, pos: Position, objective: str, tree: Node, exact: bool, started: float,
            nodes: int, max_guesses: int | None) -> SearchResult:
    """Replay the tree over every candidate (a check of the search) and gather the figures."""
    strategy = TreeStrategy(tree, len(pos.history))
    evaluation = evaluate(_uncapped(game, max_guesses), strategy, pos)
    total = int((evaluation.cost[pos.candidates] - pos.cost).sum())
    if not evaluation.won[pos.candidates].all():
        raise RuntimeError("the search's tree fails to find some secrets")
    tab = tables_of(game)
    if tab.hard:
        _check_hard(tab, tree, path_hints(tab.letters, pos.history))
    return SearchResult(game, pos, objective, total, tree, evaluation, exact,
                        time.perf_counter() - started, nodes, max_guesses)


def _check_hard(tab: Tables, node: Node, hints: np.ndarray) -> None:
    """Raise if a guess of the tree breaks hard mode (the search must never propose one)."""
    assert tab.letters is not None and tab.counts is not None
    letters = tab.letters[node.guess]
    if not _obeys(letters, tab.counts[node.guess], hints):
        raise RuntimeError("the search's tree breaks hard mode")
    for code, child in node.children.items():
        if child is not None:
            kid = np.empty_like(hints)
            _hint_child(hints, letters, code, kid)
            _check_hard(tab, child, kid)


def _uncapped(game: Game, max_guesses: int | None) -> Game:
    """The game with room for the tree's every guess (its limit checked by the search)."""
    from dataclasses import replace

    return replace(game, max_cost=max(game.max_cost, max_guesses or 0, 1 << 20))


# -- the searches --------------------------------------------------------------------------------


def _root_guesses(game: Game, tab: Tables, pos: Position, first_guess: str | int | None,
                  symmetry: bool) -> np.ndarray:
    """The guesses to try at the root: the one given, or one per symmetry orbit, or all."""
    sym = CodeSymmetry(tab.code_rows, tab.colours) if symmetry and tab.code_rows is not None \
        else None
    if first_guess is not None:
        index = first_guess if isinstance(first_guess, int | np.integer) else \
            game.guess_index(str(first_guess))
        if not 0 <= int(index) < len(game.guesses):
            raise ValueError(f"no guess number {index}")
        if game.allowed is not None and not game.allowed(game, pos)[int(index)]:
            raise ValueError(f"{game.guess_labels[int(index)]!r} is not allowed here (hard mode)")
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


def _check(game: Game, pos: Position | None) -> Position:
    pos = game.start() if pos is None else pos
    if pos.candidates.size == 0:
        raise ValueError("no candidate is left")
    if game.solved is None or game.step_cost is not None:
        raise ValueError(f"{game.name}: exact search needs a solved feedback and one cost per "
                         "guess (it does not apply to games like Hangman)")
    _hint_letters(game)  # raises for restrictions of the guesses other than hard mode
    never = pos.candidates[tables_of(game).guess_of_secret[pos.candidates] < 0]
    if never.size:
        raise ValueError(f"{game.name}: no strategy finds every candidate: no guess ends the "
                         f"game on {game.secret_labels[int(never[0])]!r}")
    return pos


def optimal_mean(game: Game, position: Position | None = None, *,
                 max_guesses: int | None = None, first_guess: str | int | None = None,
                 progress: Progress | None = None, cluster: object = None,
                 workers: int | None = None, top_k: int = 0, symmetry: bool = True,
                 fewest_over: int | None = None,
                 upper: int | None = None) -> SearchResult | CutResult:
    """The strategy with the least total number of guesses over the position's candidates.

    ``max_guesses`` caps the guesses of every game (counting those already in the position);
    ``fewest_over`` (with a cap) breaks ties between optimal strategies: the one with fewest
    games taking more than that many guesses. ``first_guess`` (a label or an index) fixes the
    next guess. ``upper`` asks only for a total below it (say the best found so far with
    another first guess): as soon as the search proves that none is, it stops and returns a
    :class:`CutResult` holding the proven lower bound (>= ``upper``); a :class:`SearchResult`
    means the optimum is below ``upper``. The search runs on ``workers``
    processes (default: all cores for large searches) or on a Dask ``cluster`` (an address or
    a ``distributed.Client``); ``progress(done, queued)`` is called as top-level classes finish.
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
    if fewest_over is not None:
        if max_guesses is None or not pos.cost <= fewest_over < max_guesses:
            raise ValueError("fewest_over needs max_guesses above it (and above the guesses made)")
        if upper is not None:
            raise ValueError("upper and fewest_over do not combine")
        penalty = max_guesses - fewest_over  # the guesses left when a game passes fewest_over
    roots = _root_guesses(game, tab, pos, first_guess, symmetry)
    runner = _runner(tab, symmetry, pos.candidates.size, workers, cluster, progress)
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
        raise ValueError(f"no strategy finds every candidate{cap}")
    result = _result(game, pos, "mean", best_tree, top_k == 0, started,
                     runner.nodes + 1, max_guesses)
    score = result.total
    if penalty is not None:
        score = result.total * (len(game.secrets) + 1) + int(
            (result.evaluation.cost[pos.candidates] > fewest_over).sum())
    if score != best:
        raise RuntimeError(f"the tree scores {score}, the search said {best}")
    return result


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
    return _solver_for(tab).guess_bounds(pos.candidates, depth, roots)


def _mean_root(runner: _Runner, pos: Position, roots: np.ndarray, depth: int | None,
               top_k: int, penalty: int | None, limit: int) -> tuple[int, Node | None, int]:
    """The root of :func:`optimal_mean`: each guess of ``roots`` in order of its bound, its
    classes searched by ``runner``, as long as a total below ``limit`` and the best so far
    may come. Returns (best total, its tree or None if none is below ``limit``, least lower
    bound proven for the guesses that did not beat the best when they were tried)."""
    tab = runner.tab
    local = _solver_for(tab, runner.symmetry)
    cands = _sorted(pos.candidates)
    order, bounds = local.guess_bounds(cands, depth, roots, penalty)
    child_depth = None if depth is None else depth - 1
    lbrow = local.child_bounds(depth, penalty)
    history = [g for g, _ in pos.history]
    best, best_tree, proven = limit, None, INF
    for guess, bound in zip(order.tolist(), bounds.tolist(), strict=True):
        if bound >= best:
            proven = min(proven, bound)  # the rest are bounded at least as high
            break
        classes = _classes(tab, guess, cands)
        big = [members for _, members in classes if members.size >= 3]
        total, trees = runner.mean_classes(big, child_depth, best, bound, lbrow,
                                           (*history, guess), top_k, penalty)
        if total < best:
            best = total
            best_tree = _root_node(local, guess, cands, classes, big, trees, child_depth,
                                   (*history, guess))
        else:
            proven = min(proven, total)
    return best, best_tree, proven


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
            node.children[code] = solver._tree(members, depth, path, lambda c, d, p: -1)
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
                  cluster: object = None, workers: int | None = None, symmetry: bool = True,
                  limit: int | None = None) -> SearchResult:
    """The least k such that some strategy finds every candidate within k guesses, and a tree.

    Branch and bound on "can every candidate be found within k guesses?", for k = 1, 2, ...
    (up to ``limit``). The tree is one such strategy (not the best mean among them: for that,
    call :func:`optimal_mean` with ``max_guesses=k``).

    >>> from sleuth.games.mastermind import mastermind
    >>> optimal_worst(mastermind(3, 2)).worst
    3
    """
    started = time.perf_counter()
    pos = _check(game, position)
    tab = tables_of(game)
    cands = _sorted(pos.candidates)
    roots = _root_guesses(game, tab, pos, first_guess, symmetry)
    local = _solver_for(tab, symmetry)
    order = local.worst_order(cands, roots)
    history = [g for g, _ in pos.history]
    k = max(1, int(np.searchsorted(local.caps, cands.size)))
    top = cands.size if limit is None else limit - pos.cost
    runner = _runner(tab, symmetry, cands.size, workers, cluster, progress)
    tree = None
    try:
        while tree is None and k <= top:
            for guess in order.tolist():
                classes = _classes(tab, guess, cands)
                if classes and classes[0][1].size > local.caps[min(k - 1, local.caps.size - 1)]:
                    continue
                big = [members for _, members in classes if members.size >= 2]
                trees = runner.worst_classes(big, k - 1, (*history, guess))
                if trees is not None:
                    tree = _worst_root(local, guess, cands, classes, trees, k - 1,
                                       (*history, guess))
                    break
            else:
                k += 1
    except BaseException:
        runner.abort()
        raise
    finally:
        runner.close()
    if tree is None:
        raise ValueError(f"no strategy finds every candidate within {top} guesses")
    return _result(game, pos, "worst", tree, True, started, runner.nodes + 1, k + pos.cost)


def _worst_root(solver: Solver, guess: int, cands: np.ndarray,
                classes: list[tuple[int, np.ndarray]], trees: list[Node], depth: int,
                path: tuple[int, ...]) -> Node:
    node = _ending_node(solver.tab, guess, cands)
    searched = iter(trees)
    for code, members in classes:
        node.children[code] = next(searched) if members.size >= 2 else \
            solver._tree(members, depth, path, lambda c, d, p: -1)
    return node
