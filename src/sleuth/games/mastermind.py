"""Mastermind and Bulls and Cows: guess a code of coloured pegs from black and white pegs.

A code is a row of ``holes`` colours 0..colours-1, written with one symbol per colour
(``1``-``9`` up to nine colours, ``A``-``Z`` beyond; Bulls and Cows uses the digits ``0``-``9``).
The feedback of a guess against a secret is (black, white): black pegs count positions with the
right colour, white pegs the further colours the two codes share (counted with multiplicity).
It is stored as one integer, ``black * (holes + 1) + white``; the solved code is all black.
Codes are enumerated in lexicographic order, so index 0 is ``1111`` and the index of a code is
its value read in base ``colours``.

>>> g = mastermind()
>>> len(g.guesses), len(g.secrets), g.render(g.solved)
(1296, 1296, '4B0W')
>>> g.render(int(g.codes(g.guess_index("1122"), np.array([g.guess_index("1213")]))[0]))
'1B2W'
>>> pegs("1122", "1213")
(1, 2)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np
from numba import njit, prange

from sleuth.core.errors import FeedbackError
from sleuth.core.game import Game

MASTERMIND_SYMBOLS = "123456789"
LETTER_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
MAX_CODES = 5_000_000  # enumerating more codes than this is refused (memory and labels)


def pegs(guess: Sequence, secret: Sequence) -> tuple[int, int]:
    """(black, white) of a guess against a secret, plainly: the kernels' test oracle.

    >>> pegs("1234", "4321"), pegs("1111", "1122"), pegs("AABB", "BBAA")
    ((0, 4), (2, 0), (0, 4))
    """
    if len(guess) != len(secret):
        raise ValueError(f"guess {guess!r} and secret {secret!r} differ in length")
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    common = sum((Counter(guess) & Counter(secret)).values())
    return black, common - black


def peg_code(black: int, white: int, holes: int) -> int:
    """The integer code of (black, white) pegs for codes of ``holes`` holes.

    >>> peg_code(4, 0, 4), peg_code(1, 2, 4)
    (20, 7)
    """
    return black * (holes + 1) + white


def peg_counts(code: int, holes: int) -> tuple[int, int]:
    """(black, white) from an integer code: the inverse of :func:`peg_code`."""
    return divmod(int(code), holes + 1)


@njit(cache=True, nogil=True)
def _colour_counts(codes: np.ndarray, colours: int) -> np.ndarray:
    """How often each colour occurs in each code: an (n, colours) table."""
    counts = np.zeros((codes.shape[0], colours), np.int64)
    for j in range(codes.shape[0]):
        for k in range(codes.shape[1]):
            counts[j, codes[j, k]] += 1
    return counts


@njit(cache=True, nogil=True)
def _peg_row(guess: np.ndarray, secrets: np.ndarray, counts: np.ndarray, colours: int,
             out: np.ndarray) -> None:
    """Codes of one guess against every secret: blacks by position, whites from colour counts."""
    holes = guess.shape[0]
    mine = np.zeros(colours, np.int64)
    for k in range(holes):
        mine[guess[k]] += 1
    used = np.empty(holes, np.int64)
    n_used = 0
    for c in range(colours):
        if mine[c] > 0:
            used[n_used] = c
            n_used += 1
    for j in range(secrets.shape[0]):
        black = 0
        for k in range(holes):
            if guess[k] == secrets[j, k]:
                black += 1
        common = 0
        for t in range(n_used):
            c = used[t]
            common += min(mine[c], counts[j, c])
        out[j] = black * (holes + 1) + common - black


@njit(cache=True, nogil=True)
def _pegs_serial(guesses: np.ndarray, secrets: np.ndarray, colours: int,
                 out: np.ndarray) -> None:
    counts = _colour_counts(secrets, colours)
    for i in range(guesses.shape[0]):
        _peg_row(guesses[i], secrets, counts, colours, out[i])


@njit(cache=True, parallel=True)
def _pegs_parallel(guesses: np.ndarray, secrets: np.ndarray, colours: int,
                   out: np.ndarray) -> None:
    counts = _colour_counts(secrets, colours)
    for i in prange(guesses.shape[0]):
        _peg_row(guesses[i], secrets, counts, colours, out[i])


def peg_codes(guesses: np.ndarray, secrets: np.ndarray, colours: int) -> np.ndarray:
    """Peg code of every (guess, secret) pair: a (len(guesses), len(secrets)) int32 array.

    >>> peg_codes(np.array([[0, 0, 1, 1]]), np.array([[0, 1, 0, 2], [0, 0, 1, 1]]), 6).tolist()
    [[7, 20]]
    """
    g = np.ascontiguousarray(np.atleast_2d(guesses), dtype=np.uint8)
    s = np.ascontiguousarray(np.atleast_2d(secrets), dtype=np.uint8)
    if g.shape[1] != s.shape[1]:
        raise ValueError(f"guesses have {g.shape[1]} holes but secrets {s.shape[1]}")
    out = np.empty((g.shape[0], s.shape[0]), dtype=np.int32)
    if out.size == 0:
        return out
    if max(int(g.max()), int(s.max())) >= colours:
        raise ValueError(f"colours must be 0..{colours - 1}")
    if out.size > 200_000 and g.shape[0] > 1:
        _pegs_parallel(g, s, colours, out)
    else:
        _pegs_serial(g, s, colours, out)
    return out


def all_codes(colours: int, holes: int, *, distinct: bool = False) -> np.ndarray:
    """Every code in lexicographic order, as an (n, holes) uint8 array; ``distinct``: no repeats.

    >>> all_codes(3, 2, distinct=True).tolist()
    [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]]
    """
    if colours < 1 or holes < 1:
        raise ValueError("a code game needs at least one colour and one hole")
    if colours**holes > MAX_CODES:
        raise ValueError(f"{colours}**{holes} codes is more than the {MAX_CODES:,} supported")
    values = np.arange(colours**holes, dtype=np.int64)
    codes = np.empty((values.size, holes), dtype=np.uint8)
    for k in range(holes - 1, -1, -1):
        values, codes[:, k] = np.divmod(values, colours)
    if distinct:
        ordered = np.sort(codes, axis=1)
        codes = codes[(np.diff(ordered.astype(np.int16), axis=1) != 0).all(axis=1)]
    return codes


def _labels(codes: np.ndarray, symbols: str) -> list[str]:
    table = np.frombuffer(symbols.encode("ascii"), dtype=np.uint8)
    chars = table[codes]
    return [row.tobytes().decode("ascii") for row in chars]


def _peg_reader(holes: int, letters: dict[str, int]) -> Callable[[str], int]:
    """A reader of typed pegs: ``2B1W``, ``2 black 1 white``, ``BBW``, ``2,1`` or ``21``.

    ``letters`` maps a peg's name, or its first letter, to 0 (black/bull) or 1 (white/cow).
    """

    def read(text: str) -> int:
        raw = text.strip().lower()
        if re.search(r"(?:^|[^\d\s])\s*-\s*\d", raw):  # a minus sign, not a dash between numbers
            raise FeedbackError(f"feedback {text.strip()!r}: peg counts cannot be negative")
        counts = [0, 0]
        pairs = re.findall(r"(\d+)\s*([a-z]+)", raw)
        numbers = re.findall(r"\d+", raw)
        if pairs and len(pairs) == len(numbers):
            for number, word in pairs:
                kind = letters.get(word, letters.get(word[0]))
                if kind is None:
                    raise FeedbackError(f"feedback {text.strip()!r}: unknown peg {word!r}")
                counts[kind] += int(number)
        elif numbers and re.fullmatch(r"[\d\s,;/:-]+", raw):
            if len(numbers) == 1 and len(numbers[0]) == 2:
                numbers = list(numbers[0])
            if len(numbers) != 2:
                raise FeedbackError(f"feedback {text.strip()!r}: give two numbers, e.g. '2,1'")
            counts = [int(numbers[0]), int(numbers[1])]
        elif raw and re.fullmatch(r"[a-z\s.\-]+", raw):
            for mark in raw:
                if mark in letters:
                    counts[letters[mark]] += 1
                elif mark not in " .-":
                    raise FeedbackError(f"feedback {text.strip()!r}: unknown peg {mark!r}")
        else:
            raise FeedbackError(f"feedback {text.strip()!r} cannot be read as pegs")
        black, white = counts
        if black + white > holes:
            raise FeedbackError(f"feedback {text.strip()!r}: more than {holes} pegs")
        return peg_code(black, white, holes)

    return read


def _code_game(colours: int, holes: int, symbols: str, *, distinct_secrets: bool,
               distinct_guesses: bool, max_guesses: int, name: str,
               marks: tuple[str, str], letters: dict[str, int]) -> Game:
    """The Mastermind family: codes over ``colours`` colours, feedback in black/white pegs."""
    if colours > len(symbols):
        raise ValueError(f"at most {len(symbols)} colours can be written with {symbols!r}")
    if distinct_secrets and holes > colours:
        raise ValueError(f"{holes} holes cannot hold distinct colours out of {colours}")
    guesses = all_codes(colours, holes, distinct=distinct_guesses)
    secrets = guesses if distinct_guesses == distinct_secrets else \
        all_codes(colours, holes, distinct=distinct_secrets)
    guess_labels = _labels(guesses, symbols)
    secret_labels = guess_labels if secrets is guesses else _labels(secrets, symbols)
    big, small = marks

    def render(code: int) -> str:
        black, white = peg_counts(code, holes)
        return f"{black}{big}{white}{small}"

    return Game(
        guesses=guesses,
        secrets=secrets,
        feedback=lambda g, s: peg_codes(g, s, colours),
        n_codes=(holes + 1) ** 2,
        solved=peg_code(holes, 0, holes),
        max_cost=max_guesses,
        guess_labels=guess_labels,
        secret_labels=secret_labels,
        points=None,
        render=render,
        reader=_peg_reader(holes, letters),
        name=name,
    )


def mastermind(colours: int = 6, holes: int = 4, *, distinct: bool = False,
               max_guesses: int = 10) -> Game:
    """Mastermind: any code may be guessed; secrets without repeated colours if ``distinct``.

    Colours are written ``1``-``9`` (``A``-``Z`` for more than nine). Feedback reads and prints
    as ``2B1W`` (also accepted: ``2 black 1 white``, ``BBW``, ``2,1``, ``21``). The score of a
    game is its number of guesses; a game not solved in ``max_guesses`` is lost.

    >>> mastermind(6, 4, distinct=True).secret_labels[:3]
    ['1234', '1235', '1236']
    """
    symbols = MASTERMIND_SYMBOLS if colours <= len(MASTERMIND_SYMBOLS) else LETTER_SYMBOLS
    return _code_game(colours, holes, symbols, distinct_secrets=distinct, distinct_guesses=False,
                      max_guesses=max_guesses,
                      name=f"mastermind-{colours}x{holes}" + ("-distinct" if distinct else ""),
                      marks=("B", "W"), letters={"b": 0, "k": 0, "w": 1})


def bulls_cows(digits: int = 4, *, max_guesses: int = 10) -> Game:
    """Bulls and Cows: codes of ``digits`` distinct digits 0-9, guessed and kept secret alike.

    It is Mastermind with ten colours and no repeats anywhere; bulls are black pegs, cows
    white. Feedback prints as ``1A2B`` (1 bull, 2 cows); ``1 bull 2 cows`` and ``1,2`` also read.

    >>> g = bulls_cows()
    >>> len(g.secrets), g.guess_labels[0], g.render(g.parse("1 bull 2 cows"))
    (5040, '0123', '1A2B')
    """
    return _code_game(10, digits, DIGITS, distinct_secrets=True, distinct_guesses=True,
                      max_guesses=max_guesses, name=f"bulls-cows-{digits}",
                      marks=("A", "B"),
                      letters={"a": 0, "b": 1, "c": 1, "bull": 0, "bulls": 0})
