"""Absurdle: an adversarial host that keeps as many answers as it can after each guess, and a
solver for the fewest guesses that force a win against it.

>>> from sleuth.games.wordle.game import wordle_game
>>> g = wordle_game(["aa", "ab", "ba", "bb"], attempts=9)
>>> code, kept = absurdle_reply(g, g.start().candidates, g.guess_index("aa"))
>>> fb.to_text(code, 2, "wordle"), g.secret_words(kept)
('bb', ['bb'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from sleuth.core.game import Game
from sleuth.core.split import LARGEST
from sleuth.words import feedback as fb


def _host_order(codes: np.ndarray, sizes: np.ndarray, length: int) -> np.ndarray:
    """Host preference among classes: the largest, then the fewest greens, then yellows."""
    marks = np.array([fb.digits(int(c), length) for c in codes]).reshape(len(codes), length)
    greens = (marks == fb.RIGHT).sum(axis=1)
    yellows = (marks == fb.PRESENT).sum(axis=1)
    return np.lexsort((codes, yellows, greens, -sizes))


def absurdle_reply(game: Game, candidates: np.ndarray, guess: int) -> tuple[int, np.ndarray]:
    """The adversarial host's answer: keep the largest class (ties: fewest greens, then fewest
    yellows, then the lowest code). Returns the code and the candidates kept."""
    row = game.codes(guess, candidates)
    codes, inverse, sizes = np.unique(row, return_inverse=True, return_counts=True)
    pick = _host_order(codes, sizes, game.guesses.shape[1])[0]
    return int(codes[pick]), candidates[inverse == pick]


@dataclass
class AbsurdleResult:
    """A shortest forced win: the guesses, the host's answers, and whether the search proved
    that no shorter win exists (``shortest``)."""

    guesses: list[str]
    codes: list[int]
    kept: list[int]
    shortest: bool
    nodes: int


@dataclass
class _ForcedWin:
    """The search for guesses that force a win within k: a set of s answers needs more
    guesses than any set of at most the number of possible feedbacks; failures are kept."""

    game: Game
    progress: Callable[[int, int], None] | None = None
    top: int = 0  # the k of the search under way, whose progress is reported
    nodes: int = 0
    failed: set[tuple[bytes, int]] = field(default_factory=set)

    def cap(self, k: int) -> float:
        """The most answers k guesses can possibly force a win on."""
        length = self.game.guesses.shape[1]
        width = 3**length - length  # codes with all right but one present cannot occur
        return 0 if k <= 0 else 1 if k == 1 else float(width) ** (k - 1)

    def force(self, cands: np.ndarray, k: int) -> list[int] | None:
        """Guesses (indices) that force a win on ``cands`` within ``k``, or None."""
        self.nodes += 1
        if cands.size == 1:
            own = int(self.game.guess_of_secret(cands)[0])
            return [own] if k >= 1 and own >= 0 else None
        key = (cands.tobytes(), k)
        if k <= 1 or cands.size > self.cap(k) or key in self.failed:
            return None
        tries = self._tries(cands, k)
        seen: set[bytes] = set()
        for i, guess in enumerate(tries.tolist()):
            if self.progress is not None and k == self.top:
                self.progress(i, tries.size)
            _, kept = absurdle_reply(self.game, cands, guess)
            if kept.tobytes() in seen:
                continue
            seen.add(kept.tobytes())
            rest = self.force(kept, k - 1)
            if rest is not None:
                return [guess, *rest]
        self.failed.add(key)
        return None

    def _tries(self, cands: np.ndarray, k: int) -> np.ndarray:
        """The guesses worth trying, smallest largest class first: those whose largest class
        k - 1 guesses might still force."""
        largest = fb.class_stats(self.game.guesses, self.game.secrets[cands])[:, LARGEST]
        order = np.argsort(largest, kind="stable")
        return order[largest[order] <= self.cap(k - 1)]


def absurdle_solve(game: Game, *, first: str | None = None, limit: int = 8,
                   progress: Callable[[int, int], None] | None = None) -> AbsurdleResult | None:
    """The fewest guesses that force a win against the adversarial host (iterative deepening
    with pruning), opening with ``first`` if given; ``None`` past ``limit`` guesses."""
    search = _ForcedWin(game, progress)
    start = game.start().candidates
    opening = [] if first is None else [game.guess_index(first)]
    if opening:
        _, start = absurdle_reply(game, start, opening[0])
    for total in range(len(opening) + 1, limit + 1):
        search.top = total - len(opening)
        path = search.force(start, search.top)
        if path is not None:
            return _replay(game, [*opening, *path], shortest=True, nodes=search.nodes)
    return None


def _replay(game: Game, guesses: list[int], *, shortest: bool, nodes: int) -> AbsurdleResult:
    """The host's answers to the guesses (indices), as a result."""
    cands = game.start().candidates
    codes, kept = [], []
    for guess in guesses:
        code, cands = absurdle_reply(game, cands, guess)
        codes.append(code)
        kept.append(int(cands.size))
    return AbsurdleResult([game.guess_labels[g] for g in guesses], codes, kept, shortest, nodes)


def absurdle_play(game: Game, words: Sequence[str]) -> AbsurdleResult:
    """The host's answers to the given guesses (``shortest`` is False: nothing was searched)."""
    return _replay(game, [game.guess_index(w) for w in words], shortest=False, nodes=0)
