"""Hangman against a word the computer sets: the lists it sets words from (each by length), one
round as the player sees it, and how much of the gallows a number of misses draws.

The rules are the game's (:mod:`~sleuth.games.hangman.game`): a letter that is not in the word
is a miss, a hit costs nothing, a letter cannot be guessed twice, and the round is lost on the
miss after ``lives`` misses; it is won when every letter of the word is shown.

>>> r = Round("level", lives=1)
>>> r.guess("e"), r.guess("z"), r.pattern, r.misses, r.over
((1, 3), (), '_e_e_', 1, False)
>>> r.guess("q"), r.lost, parts_drawn(r.misses, r.lives)
((), True, 6)
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass, field

from sleuth.games.hangman.game import LETTERS
from sleuth.words import lists as shipped
from sleuth.words.wordlist import common_words, commonest_words, default_words

BUILT_IN = "built-in"  # the commonest words of each length of the built-in English dictionary
PLAY_POOL = 3000  # words of each length a built-in round is set from (as `sleuth hangman play`)
LENGTHS = range(4, 14)  # word lengths offered
USUAL = range(5, 9)  # lengths a round is set at when none is asked for
PARTS = 6  # head, body, two arms, two legs
MAX_LIVES = 12


@dataclass(frozen=True)
class PlayList:
    """A list rounds are set from: its name, what it is, and its words per offered length."""

    name: str
    title: str
    lengths: dict[int, int]


def _built_in() -> PlayList:
    counts = {n: min(PLAY_POOL, len(default_words().of_length(n))) for n in LENGTHS}
    return PlayList(
        BUILT_IN,
        f"the {PLAY_POOL:,} commonest words of each length of the built-in English dictionary",
        {n: c for n, c in counts.items() if c},
    )


def _offered(name: str) -> PlayList:
    if name == shipped.COMMON_LIST:
        words = commonest_words()
        title = f"the {shipped.COMMON_SIZE:,} commonest English words, words a child likely knows"
        counts = {n: len(words.of_length(n)) for n in LENGTHS}
    else:
        entry = shipped.get(name)
        role = "answers" if "answers" in entry.roles else "words"
        title = entry.title + (" (the answers)" if role == "answers" else "")
        counts = {n: c for n, c in entry.per_length(role).items() if n in LENGTHS}
    return PlayList(name, title, {n: c for n, c in sorted(counts.items()) if c})


@functools.cache
def play_lists() -> tuple[PlayList, ...]:
    """Every list a round can be set from, the built-in one first."""
    return (
        _built_in(),
        _offered(shipped.COMMON_LIST),
        *(_offered(name) for name in shipped.names()),
    )


def play_list(name: str) -> PlayList:
    """The list of that name; ValueError naming the choices when there is none."""
    for offered in play_lists():
        if offered.name == name:
            return offered
    known = ", ".join(p.name for p in play_lists())
    raise ValueError(f"unknown list {name[:40]!r}; choose one of {known}")


@functools.lru_cache(maxsize=32)
def play_words(name: str, length: int) -> tuple[str, ...]:
    """The words of ``length`` letters a round on list ``name`` is set from (and rated among)."""
    offered = play_list(name)
    if length not in offered.lengths:
        have = ", ".join(map(str, offered.lengths))
        raise ValueError(f"{name} has no words of {length} letters to play (lengths: {have})")
    if name == BUILT_IN:
        return common_words(length, PLAY_POOL)
    if name == shipped.COMMON_LIST:
        return commonest_words().of_length(length)
    role = "answers" if "answers" in shipped.get(name).roles else "words"
    return tuple(w for w in shipped.read(name, role) if len(w) == length)


def set_word(name: str, length: int | None, rng: random.Random) -> str:
    """A word drawn from list ``name``, of ``length`` letters (default: one of 5 to 8 at random,
    or of any length the list has when it has none of those)."""
    if length is None:
        have = list(play_list(name).lengths)
        length = rng.choice([n for n in have if n in USUAL] or have)
    return rng.choice(play_words(name, length))


def parts_drawn(misses: int, lives: int) -> int:
    """How many of the hanged man's six parts ``misses`` draw when ``lives`` are allowed: in
    proportion, the whole man at the last life (the next miss hangs him), never before.

    >>> [parts_drawn(m, 3) for m in range(5)], [parts_drawn(m, 8) for m in (6, 7, 8)]
    ([0, 2, 4, 6, 6], [5, 5, 6])
    """
    if misses >= lives:
        return PARTS
    return min(PARTS - 1, math.ceil(misses * PARTS / lives))


@dataclass
class Round:
    """One round: the word set, the misses allowed, and the letters guessed so far in order."""

    secret: str
    lives: int = 6
    tried: list[str] = field(default_factory=list)
    resigned: bool = False

    def guess(self, letter: str) -> tuple[int, ...]:
        """Play one letter; the positions (0-based) where it stands, empty for a miss. Raises
        ValueError for anything but a fresh letter a-z, or once the round is over."""
        low = letter.strip().lower()
        if len(low) != 1 or low not in LETTERS:
            raise ValueError(f"{letter.strip()[:10]!r} is not a letter a-z")
        if self.over:
            raise ValueError("the round is over: start a new one")
        if low in self.tried:
            raise ValueError(f"{low.upper()} was guessed already")
        self.tried.append(low)
        return self.positions(low)

    def positions(self, letter: str) -> tuple[int, ...]:
        """Where ``letter`` stands in the word (0-based)."""
        return tuple(k for k, c in enumerate(self.secret) if c == letter)

    @property
    def wrong(self) -> list[str]:
        """The letters guessed that are not in the word, in order."""
        return [c for c in self.tried if c not in self.secret]

    @property
    def misses(self) -> int:
        return len(self.wrong)

    @property
    def pattern(self) -> str:
        """The word as the player sees it: found letters, ``_`` elsewhere."""
        return "".join(c if c in self.tried else "_" for c in self.secret)

    @property
    def won(self) -> bool:
        return set(self.secret) <= set(self.tried)

    @property
    def lost(self) -> bool:
        return self.resigned or self.misses > self.lives

    @property
    def over(self) -> bool:
        return self.won or self.lost
