"""The one game model: guesses, secrets, a feedback function over arrays, and what a game costs.

Every game plugs in the same way. Guesses and secrets are arrays (one row each); ``feedback``
maps a block of guesses and a block of secrets to a matrix of integer codes. A step costs what
``step_cost`` says of its feedback (1 per guess in word games; 1 per miss in Hangman), a game is
won when the feedback is one of ``ends`` (``solved`` and any other end feedbacks; with
``solved=None``, when one candidate is left and the rest is free), and lost when the cost would
pass ``max_cost``. ``guess_of_secret`` names, for each secret, a guess that ends the game on it
(by default the guess printed alike; -1 when there is none).

A :class:`Position` is what the player knows: the candidates left (indices into the secrets),
the cost so far and the history. ``Game.after`` narrows a position by one answer; an answer no
candidate could have given raises :class:`Contradiction` and leaves the position as it was.

>>> from sleuth.words.game import word_game
>>> g = word_game(["abc", "abd", "xyz"])
>>> p = g.after(g.start(), g.guess_index("abc"), g.parse("OOX"))
>>> g.secret_words(p.candidates)
['abd']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

import numpy as np

from sleuth.core.split import STATS, stats_from_codes

Feedback = Callable[[np.ndarray, np.ndarray], np.ndarray]
Stats = Callable[[np.ndarray, np.ndarray, np.ndarray | None], np.ndarray]


class Contradiction(ValueError):
    """An answer that no remaining candidate could have given."""


@dataclass(frozen=True)
class Position:
    """What the player knows: remaining candidate secrets, cost so far, and the history."""

    candidates: np.ndarray
    cost: int = 0
    history: tuple[tuple[int, int], ...] = ()

    @property
    def guesses_made(self) -> int:
        return len(self.history)


@dataclass(frozen=True)
class Game:
    """A guessing game over arrays. See the module docstring for the meaning of each field."""

    guesses: np.ndarray
    secrets: np.ndarray
    feedback: Feedback
    n_codes: int
    solved: int | None
    max_cost: int
    guess_labels: Sequence[str]
    secret_labels: Sequence[str]
    weights: np.ndarray | None = None
    step_cost: Callable[[np.ndarray], np.ndarray] | None = None
    points: Callable[[int], float] | None = None
    render: Callable[[int], str] = str
    reader: Callable[[str], int] | None = None
    allowed: Callable[[Game, Position], np.ndarray] | None = None
    fast_stats: Stats | None = None
    name: str = "game"
    ends: frozenset[int] = frozenset()  # every feedback that ends the game: solved and others
    named_by: np.ndarray | None = None  # per secret, a guess ending the game on it (-1: none)
    _guess_of_secret: np.ndarray = field(init=False, repr=False)  # set by __post_init__
    _index: dict[str, int] = field(init=False, repr=False)  # set by __post_init__

    def __post_init__(self) -> None:
        index = {label: i for i, label in enumerate(self.guess_labels)}
        object.__setattr__(self, "_index", index)
        if self.solved is None and self.ends:
            raise ValueError("end feedbacks need a solved one among them")
        ends = frozenset(int(c) for c in self.ends) | (
            frozenset() if self.solved is None else {int(self.solved)})
        object.__setattr__(self, "ends", ends)
        if self.named_by is None:
            gos = np.array([index.get(s, -1) for s in self.secret_labels], dtype=np.int64)
        else:
            gos = np.asarray(self.named_by, dtype=np.int64)
            if gos.shape != (len(self.secret_labels),):
                raise ValueError("named_by needs one guess index (or -1) per secret")
        object.__setattr__(self, "_guess_of_secret", gos)
        if self.weights is not None and not np.all(np.asarray(self.weights) > 0):
            raise ValueError("prior weights must be positive (drop impossible secrets instead)")

    # -- positions -------------------------------------------------------------------------

    def start(self) -> Position:
        """The position before any guess: every secret is a candidate."""
        return Position(np.arange(len(self.secrets), dtype=np.int64))

    def codes(self, guess: int, candidates: np.ndarray) -> np.ndarray:
        """Feedback codes of one guess (an index) against candidate secrets (indices)."""
        return self.feedback(self.guesses[guess : guess + 1], self.secrets[candidates])[0]

    def partition(self, guess: int, candidates: np.ndarray) -> list[tuple[int, np.ndarray]]:
        """The candidates split by the feedback ``guess`` gets: (code, candidates) per class,
        in code order."""
        codes = self.codes(guess, candidates)
        order = np.argsort(codes, kind="stable")
        parts = np.split(order, np.flatnonzero(np.diff(codes[order])) + 1)
        return [(int(codes[part[0]]), candidates[part]) for part in parts]

    def cost_of(self, codes: np.ndarray) -> np.ndarray:
        """What each feedback costs: one attempt, or (Hangman) one miss."""
        if self.step_cost is None:
            return np.ones(np.shape(codes), dtype=np.int64)
        return self.step_cost(np.asarray(codes))

    def after(self, position: Position, guess: int, code: int) -> Position:
        """The position after ``guess`` received ``code``; raises Contradiction if impossible."""
        if self.allowed is not None and not self.allowed(self, position)[guess]:
            raise ValueError(f"{self.guess_labels[guess]!r} is not allowed here")
        codes = self.codes(guess, position.candidates)
        keep = position.candidates[codes == code]
        if keep.size == 0:
            raise Contradiction(
                f"no remaining candidate gives {self.render(code)!r} for "
                f"{self.guess_labels[guess]!r}; check the answer (nothing was changed)"
            )
        cost = position.cost + int(self.cost_of(np.array([code]))[0])
        return replace(position, candidates=keep, cost=cost,
                       history=(*position.history, (guess, code)))

    def is_won(self, position: Position) -> bool:
        """Whether the game is over and won in this position."""
        if not position.history:
            return False
        if self.solved is None:
            return position.candidates.size == 1
        return position.history[-1][1] in self.ends

    def outcome(self, position: Position) -> bool | None:
        """True if the game is won, False if lost, None while it goes on.

        A game is lost past ``max_cost``; at exactly ``max_cost`` it can go on only where some
        steps are free (Hangman's hits), never where every guess costs one.
        """
        if position.cost > self.max_cost:
            return False
        if self.is_won(position):
            return True
        if position.cost == self.max_cost and self.step_cost is None:
            return False
        return None

    # -- weights and statistics ------------------------------------------------------------

    def weights_of(self, candidates: np.ndarray) -> np.ndarray | None:
        """Prior weights of some candidates (``None`` when the prior is uniform)."""
        return None if self.weights is None else np.asarray(self.weights)[candidates]

    def stats(self, guesses: np.ndarray, candidates: np.ndarray) -> np.ndarray:
        """:func:`feedback.class_stats` columns for each guess index over candidates."""
        weights = self.weights_of(candidates)
        if self.fast_stats is not None and len(self.ends) <= 1:
            return self.fast_stats(self.guesses[guesses], self.secrets[candidates], weights)
        solved = -1 if self.solved is None else self.solved
        out = np.empty((len(guesses), len(STATS)))
        step = max(1, 2_000_000 // max(1, len(candidates)))
        for lo in range(0, len(guesses), step):
            block = self.end_as_solved(
                self.feedback(self.guesses[guesses[lo : lo + step]], self.secrets[candidates]))
            out[lo : lo + step] = stats_from_codes(block, self.n_codes, solved, weights)
        return out

    def end_as_solved(self, codes: np.ndarray) -> np.ndarray:
        """Feedback codes with every end feedback written as ``solved`` (one class: the game is
        over), for what counts classes; the codes themselves when ``solved`` is the only end."""
        if len(self.ends) <= 1:
            return codes
        codes = np.asarray(codes)
        ended = np.isin(codes, np.fromiter(self.ends, dtype=np.int64))
        return np.where(ended, self.solved_code(), codes).astype(codes.dtype, copy=False)

    def solved_code(self) -> int:
        """The feedback of a found secret; raises ValueError for a game without one (Hangman)."""
        if self.solved is None:
            raise ValueError(f"{self.name}: this game has no solved feedback")
        return int(self.solved)

    def guess_of_secret(self, candidates: np.ndarray) -> np.ndarray:
        """For each candidate secret, the guess that names it: one whose feedback on it ends the
        game (by default the guess printed alike; -1 if there is none)."""
        return self._guess_of_secret[candidates]

    def allowed_guesses(self, position: Position) -> np.ndarray:
        """Indices of the guesses allowed in this position (all, or hard mode's subset)."""
        if self.allowed is None:
            return np.arange(len(self.guesses), dtype=np.int64)
        return np.flatnonzero(self.allowed(self, position))

    # -- text at the edges -----------------------------------------------------------------

    def guess_index(self, label: str) -> int:
        """Index of a guess given as text; raises ValueError naming it when it is not allowed."""
        try:
            return self._index[label]
        except KeyError:
            raise ValueError(f"{label!r} is not an allowed guess") from None

    def parse(self, text: str) -> int:
        """A feedback code from text, in the game's own notation(s)."""
        if self.reader is None:
            return int(text)
        return self.reader(text)

    def secret_words(self, candidates: np.ndarray) -> list[str]:
        """Labels of some candidate secrets."""
        return [self.secret_labels[i] for i in candidates]

    def score(self, cost: int, won: bool) -> float:
        """Points for a finished game (Lingo: 100 * (6 - attempts)); cost itself if no table."""
        if self.points is None:
            return float(cost) if won else float("nan")
        return self.points(cost) if won else 0.0


def attempt_points(first: float, step: float) -> Callable[[int], float]:
    """Points for a game won in ``attempts`` guesses: ``first`` for one, ``step`` fewer for each
    guess after it (Lingo's table is ``attempt_points(500, 100)``).

    >>> [attempt_points(500, 100)(attempts) for attempts in (1, 5)]
    [500.0, 100.0]
    """
    def points(attempts: int) -> float:
        return float(first - step * (attempts - 1))

    return points


Built = TypeVar("Built")


class PerGame(Generic[Built]):
    """What ``build(game)`` returns, built once per game object and kept for the last ``keep``
    games (a game is immutable, so its derived tables never change while it lives)."""

    def __init__(self, build: Callable[[Game], Built], keep: int) -> None:
        self.build, self.keep = build, keep
        self.kept: dict[int, tuple[Game, Built]] = {}

    def __call__(self, game: Game) -> Built:
        kept = self.kept.get(id(game))
        if kept is not None and kept[0] is game:
            return kept[1]
        made = self.build(game)
        if len(self.kept) >= self.keep:
            self.kept.pop(next(iter(self.kept)))
        self.kept[id(game)] = (game, made)
        return made
