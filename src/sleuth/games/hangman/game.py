"""Hangman: guess the letters of a word; only misses cost.

A game is played on the words of one length, as the player sees the blanks from the start
(give ``length=`` to pick one length out of a mixed list). The guesses are the 26 letters; the
feedback of a letter on a word is the bitmask of the positions where it stands (bit k for
position k, the first letter being bit 0), 0 for a miss. A miss costs one, a hit nothing. The
game is won as soon as one candidate is left (the remaining letters are then free hits) and
lost on the miss after ``lives`` misses. A letter cannot be guessed twice.

>>> g = hangman(["deed", "dead", "dare"])
>>> g.render(int(g.codes(g.guess_index("d"), np.array([0]))[0]))
'x__x'
>>> p = g.after(g.start(), g.guess_index("e"), g.parse("_xx_"))
>>> g.secret_words(p.candidates), p.cost, g.outcome(p)
(['deed'], 0, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import partial

import numpy as np

from sleuth.core.errors import FeedbackError
from sleuth.core.game import Game, Position
from sleuth.words import feedback as fb

LETTERS = fb.ALPHABET
_BLANKS = "_-.0"
MAX_LENGTH = 62  # a mask has a bit per position and 2**62 masks still count in an int64


def letter_masks(guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    """Position mask of each guessed letter (rows of one letter 0..25) in each secret word.

    >>> letter_masks(np.array([[4], [25]]), fb.encode(["deed", "even"])).tolist()
    [[6, 5], [0, 0]]
    """
    letters = np.atleast_2d(guesses)[:, 0]
    words = np.atleast_2d(secrets)
    bits = np.left_shift(1, np.arange(words.shape[1], dtype=np.int64))
    hits = words[None, :, :] == letters[:, None, None]
    return hits.astype(np.int64) @ bits


def miss_cost(codes: np.ndarray) -> np.ndarray:
    """What each feedback costs: one for a miss (an empty mask), nothing for a hit."""
    return (np.asarray(codes) == 0).astype(np.int64)


def unguessed(game: Game, position: Position) -> np.ndarray:
    """The letters not guessed yet (a boolean row over the guesses): guessing twice is useless."""
    fresh = np.ones(len(game.guesses), dtype=bool)
    for guess, _ in position.history:
        fresh[guess] = False
    return fresh


def render_mask(code: int, length: int) -> str:
    """A mask as the word's blanks with ``x`` where the letter stands.

    >>> render_mask(5, 4), render_mask(0, 3)
    ('x_x_', '___')
    """
    return "".join("x" if code >> k & 1 else "_" for k in range(length))


def mask_reader(length: int) -> Callable[[str], int]:
    """A reader of Hangman feedback: a pattern (``_a__a_``, ``.x..x.``, ``010010``), 1-based
    positions (``2,5``), or ``miss``/``none``/``-``/empty for a miss (picklable, as the game
    is: a worker process may get it)."""
    return partial(read_mask, length)


def read_mask(length: int, text: str) -> int:
    """The feedback ``text`` read as a mask of a word of ``length`` letters (see
    :func:`mask_reader`)."""
    raw = text.strip().lower()
    if raw in ("", "-", "miss", "none", "no", "0"):
        return 0
    if len(raw) == length and not re.search(r"[\s,;]", raw):
        return sum(1 << k for k, c in enumerate(raw) if c not in _BLANKS)
    if re.fullmatch(r"\d+([\s,;]+\d+)*", raw):
        code = 0
        for number in re.findall(r"\d+", raw):
            if not 1 <= int(number) <= length:
                raise FeedbackError(f"feedback {text.strip()!r}: no position {number} in "
                                    f"a word of {length} letters")
            code |= 1 << (int(number) - 1)
        return code
    raise FeedbackError(f"feedback {text.strip()!r}: give the pattern ({length} marks, "
                        "_ for a blank), the positions (e.g. 2,5) or 'miss'")


def hangman(words: Iterable[str], *, lives: int = 6, length: int | None = None,
            weights: np.ndarray | None = None) -> Game:
    """Hangman on ``words`` (of one length, or those of ``length``), losing past ``lives`` misses.

    Words are lowercased and repeated words dropped (keeping the first one's weight);
    ``weights``, one per word given, is the setter's prior.

    >>> g = hangman(["Cat", "dog", "horse", "cow"], length=3)
    >>> g.secret_labels, g.n_codes, g.max_cost, len(g.guesses)
    (['cat', 'dog', 'cow'], 8, 6, 26)
    """
    given = [w.strip().lower() for w in words]
    if weights is not None and np.shape(weights) != (len(given),):
        raise ValueError(f"weights must be {len(given)} numbers, one per word given")
    if length is not None:
        keep = [len(w) == length for w in given]
        given = [w for w, k in zip(given, keep, strict=True) if k]
        if weights is not None:
            weights = np.asarray(weights)[np.array(keep, dtype=bool)]
    lengths = sorted({len(w) for w in given})
    if not given:
        raise ValueError("hangman needs at least one word" +
                         (f" of {length} letters" if length is not None else ""))
    if len(lengths) > 1:
        raise ValueError(f"words of several lengths ({', '.join(map(str, lengths))}): the player "
                         "sees the length, so play one at a time with length=")
    first = {w: i for i, w in reversed(list(enumerate(given)))}
    order = sorted(first.values())
    secret_words = [given[i] for i in order]
    if weights is not None:
        weights = np.asarray(weights, dtype=np.float64)[order]
    size = lengths[0]
    return Game(
        guesses=np.arange(len(LETTERS), dtype=np.uint8)[:, None],
        secrets=fb.encode(secret_words, max_length=MAX_LENGTH),
        feedback=letter_masks,
        n_codes=2**size,
        solved=None,
        max_cost=lives,
        guess_labels=list(LETTERS),
        secret_labels=secret_words,
        weights=weights,
        step_cost=miss_cost,
        points=None,
        render=partial(render_mask, length=size),
        reader=mask_reader(size),
        allowed=unguessed,
        name=f"hangman-{size}",
    )
