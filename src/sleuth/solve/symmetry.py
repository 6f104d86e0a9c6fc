"""Symmetry of code games (Mastermind, Bulls and Cows): permutations of colours and of
positions that fix every guess of the path map the candidates onto themselves, so a node needs
only one guess per orbit (at the root of Mastermind 6x4, 5 guesses out of 1296).

:class:`CodeSymmetry` detects it (checked exactly on the feedback matrix) and finds the
representatives in numpy; :func:`representatives` does it in compiled code for the kernels.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numba import njit

from sleuth.core.game import Game


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


class Symmetry(NamedTuple):
    """A code game's symmetry as the kernels read it (no code rows: none is used)."""

    code_rows: np.ndarray
    """Each guess as a code: int64 (guesses, holes), or (0, 1) without symmetry."""
    perms: np.ndarray
    """The permutations of positions tried: int64 (permutations, holes)."""
    place: np.ndarray
    """Place values that turn a code into one integer (its rank among all codes)."""
    colours: int
    """Number of colours."""


MAX_PERMS = 5040  # more than 7 holes: colour symmetry only


def kernel_symmetry(sym: CodeSymmetry | None) -> Symmetry:
    """The form the kernels take a symmetry in (one with no code rows without one)."""
    if sym is None:
        return Symmetry(np.zeros((0, 1), np.int64), np.zeros((1, 1), np.int64),
                        np.ones(1, np.int64), 1)
    perms = np.array(list(itertools.permutations(range(sym.holes))), dtype=np.int64)
    if perms.shape[0] > MAX_PERMS:
        perms = perms[:1]
    return Symmetry(np.ascontiguousarray(sym.guesses, dtype=np.int64), perms, sym.place,
                    max(sym.colours, 1))


@njit(cache=True, nogil=True)
def representatives(sym: Symmetry, path_codes: np.ndarray, path_len: int,
                    out: np.ndarray) -> int:
    """One guess per orbit of the colour and position permutations fixing the first
    ``path_len`` codes of ``path_codes`` (the guesses of the path), written to ``out``; returns
    their number, or -1 if the group is trivial.

    A guess is kept when no permutation of the group maps it to a smaller code: permutations of
    positions with the colour map they force on the path's colours, the other (free) colours
    relabelled in order of first appearance (the least image among their permutations).
    """
    rows, perms, place, colours = sym.code_rows, sym.perms, sym.place, sym.colours
    holes = rows.shape[1]
    n_perm = perms.shape[0]
    maps = np.full((n_perm, colours), -1, np.int64)
    inverse = np.empty(colours, np.int64)
    valid = np.empty(n_perm, np.int64)
    n_valid = 0
    for p in range(n_perm):
        inverse[:] = -1
        ok = True
        for h in range(path_len):
            for i in range(holes):
                a = path_codes[h, perms[p, i]]
                b = path_codes[h, i]
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
    for h in range(path_len):
        for i in range(holes):
            used[path_codes[h, i]] = True
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
    for x in range(rows.shape[0]):
        own = 0
        for i in range(holes):
            own += rows[x, i] * place[i]
        keep = True
        for v in range(n_valid):
            p = valid[v]
            seen[:] = -1
            fresh = 0
            image = 0
            for i in range(holes):
                c = rows[x, perms[p, i]]
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
