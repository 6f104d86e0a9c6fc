"""Wordle with sleuth as the host: a round against an answer it keeps (:class:`WordleRound`,
the game's attempts, hard mode when the game has it), or Absurdle's round against the adversary
(:class:`AbsurdleRound`), who answers each guess with the feedback that keeps the most answers
(:func:`~sleuth.games.wordle.absurdle.absurdle_reply`) until only all green is left to it.

A guess that is not a word of the round's length, not in the guess list, or (hard mode) breaks
hard mode is refused with the reason, and costs nothing.

>>> from sleuth.games.wordle.game import wordle_game
>>> g = wordle_game(["crane", "crate", "caper"], ["crane", "crate", "caper", "trace"])
>>> r = WordleRound.new(g, 1)
>>> [(t.word, fb.to_text(t.code, 5, "wordle"), t.left) for t in (r.guess("trace"),)]
[('trace', 'yggyg', 1)]
>>> r.guess("crate").left, r.won, r.answer_word
(0, True, 'crate')
>>> a = AbsurdleRound(g)
>>> t = a.guess("crane")
>>> fb.to_text(t.code, 5, "wordle"), t.left, a.left(), a.won
('gyyby', 1, ['caper'], False)
>>> a.guess("caper").left, a.won, a.over
(0, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.games.wordle.absurdle import absurdle_reply
from sleuth.games.wordle.hardmode import hard_violation, is_hard
from sleuth.words import feedback as fb

ABSURDLE_LIMIT = 20  # guesses an Absurdle round may take (the game itself has no limit)


class RoundOver(ValueError):
    """A guess sent after the round ended."""


@dataclass(frozen=True)
class Turn:
    """One guess, the feedback the host gave it, and the answers that still fit every feedback
    (0 once solved)."""

    word: str
    code: int
    left: int


def checked_guess(game: Game, word: str, turns: Iterable[Turn]) -> int:
    """The index of ``word`` as a guess after ``turns``; ValueError saying why it cannot be
    played (not a word of the game's length, not in the guess list, breaks hard mode)."""
    low = word.strip().lower()
    length = int(game.guesses.shape[1])
    if not (low.isascii() and low.isalpha()) or len(low) != length:
        raise ValueError(
            f"{word.strip()[:20].upper() or 'an empty guess'} is not a word of {length} letters"
        )
    try:
        index = game.guess_index(low)
    except ValueError:
        raise ValueError(f"{low.upper()} is not in the guess list") from None
    if is_hard(game):
        why = hard_violation(low, [(t.word, t.code) for t in turns])
        if why is not None:
            raise ValueError(f"{low.upper()} is not allowed in {why}")
    return index


def letter_marks(turns: Iterable[Turn]) -> dict[str, int]:
    """Each letter played and the best colour it has shown (0 grey, 1 yellow, 2 green)."""
    marks: dict[str, int] = {}
    for turn in turns:
        for letter, mark in zip(turn.word, fb.digits(turn.code, len(turn.word)), strict=True):
            marks[letter] = max(marks.get(letter, 0), mark)
    return marks


@dataclass
class WordleRound:
    """A round against the answer with index ``answer`` among the game's secrets."""

    game: Game
    answer: int
    turns: list[Turn] = field(default_factory=list)
    position: Position = field(init=False)

    def __post_init__(self) -> None:
        self.position = self.game.start()

    @classmethod
    def new(
        cls, game: Game, number: int | None = None, rng: random.Random | None = None
    ) -> WordleRound:
        """A round against answer ``number`` (its index in the answer list), or a random one."""
        count = len(game.secrets)
        if number is None:
            number = (rng or random.SystemRandom()).randrange(count)
        elif not 0 <= number < count:
            raise ValueError(f"game number {number}: choose one from 0 to {count - 1}")
        return cls(game, number)

    def guess(self, word: str) -> Turn:
        """Play ``word``: its feedback against the answer; ValueError if it cannot be played,
        :class:`RoundOver` once the round has ended."""
        if self.over:
            raise RoundOver(
                f"the game is over (the answer was {self.answer_word.upper()}): start a new one"
            )
        index = checked_guess(self.game, word, self.turns)
        code = int(self.game.codes(index, np.array([self.answer]))[0])
        self.position = self.game.after(self.position, index, code)
        left = 0 if code == self.game.solved else int(self.position.candidates.size)
        self.turns.append(Turn(self.game.guess_labels[index], code, left))
        return self.turns[-1]

    @property
    def answer_word(self) -> str:
        return self.game.secret_labels[self.answer]

    @property
    def won(self) -> bool:
        return self.game.outcome(self.position) is True

    @property
    def over(self) -> bool:
        return self.game.outcome(self.position) is not None

    @property
    def attempts_left(self) -> int:
        return self.game.max_cost - self.position.cost

    def left(self) -> list[str]:
        """The answers that fit every feedback so far, in the list's order."""
        return self.game.secret_words(self.position.candidates)


@dataclass
class AbsurdleRound:
    """A round against the adversary, ended by all green or after ``limit`` guesses."""

    game: Game
    limit: int = ABSURDLE_LIMIT
    turns: list[Turn] = field(default_factory=list)
    position: Position = field(init=False)

    def __post_init__(self) -> None:
        self.position = self.game.start()

    def guess(self, word: str) -> Turn:
        """Play ``word``: the adversary's feedback; ValueError if it cannot be played,
        :class:`RoundOver` once the round has ended."""
        if self.over:
            raise RoundOver("the game is over: start a new one")
        index = checked_guess(self.game, word, self.turns)
        code, _ = absurdle_reply(self.game, self.position.candidates, index)
        self.position = self.game.after(self.position, index, code)
        left = 0 if code == self.game.solved else int(self.position.candidates.size)
        self.turns.append(Turn(self.game.guess_labels[index], code, left))
        return self.turns[-1]

    @property
    def won(self) -> bool:
        return bool(self.turns) and self.turns[-1].code == self.game.solved

    @property
    def over(self) -> bool:
        return self.won or len(self.turns) >= self.limit

    def left(self) -> list[str]:
        """The answers the adversary can still choose, in the list's order."""
        return self.game.secret_words(self.position.candidates)
