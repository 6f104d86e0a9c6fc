"""Feedback of word guesses as small integers, computed for whole arrays in compiled kernels.

Words are arrays of letters 0..25. The feedback of a guess against a secret is one integer:
each position gives a base-3 digit, 2 = right letter right place (Lingo ``O``, Wordle green),
1 = letter present elsewhere (``?``, yellow), 0 = absent (``X``, grey); the first position is
the most significant digit, so the code written in base 3 reads like the pattern. Codes of words
up to :data:`SHORT_LENGTH` letters are uint32, longer ones (up to :data:`MAX_LENGTH`) int64:
see :func:`code_dtype`.

Duplicates follow Lingo's (and Wordle's) rule: exact matches are marked first and use up their
secret letter; then, left to right, a remaining guess letter is marked present only while an
unused occurrence of it remains in the secret.

>>> feedback_text("dozes", "dents")
'OXX?O'
>>> feedback_text("tosses", "cozies")
'XOXXOO'
>>> to_text(feedback_code("crane", "caper"), 5, "wordle")
'gyyby'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit, prange

from sleuth.core.errors import FeedbackError
from sleuth.core.split import STATS, checked_weights, chunk_count, row_stats, scratch_tables

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
MAX_LENGTH = 39  # 3**39 < 2**63, so every code (and 3**length itself) fits a signed 64-bit int
SHORT_LENGTH = 20  # 3**20 < 2**32: codes of words up to this long fit an unsigned 32-bit int
ABSENT, PRESENT, RIGHT = 0, 1, 2

#: Characters that spell each digit (absent, present, right) in the notations users paste.
STYLES: dict[str, str] = {
    "lingo": "X?O",
    "wordle": "byg",
    "digits": "012",
    "squares": "\u2b1c\U0001f7e8\U0001f7e9",
}
_ALIASES: dict[str, int] = {
    "x": ABSENT, "?": PRESENT, "o": RIGHT,
    "b": ABSENT, "y": PRESENT, "g": RIGHT,
    "0": ABSENT, "1": PRESENT, "2": RIGHT,
    ".": ABSENT, "-": ABSENT, "_": ABSENT, "+": RIGHT,
    "\u2b1c": ABSENT, "\u2b1b": ABSENT, "\U0001f7e8": PRESENT, "\U0001f7e6": PRESENT,
    "\U0001f7e9": RIGHT, "\U0001f7e7": RIGHT,
}  # grey/black/white squares absent; yellow (or blue, high contrast) present; green/orange right


def check_length(length: int, limit: int = MAX_LENGTH) -> None:
    """Raise ValueError, in one plain sentence, unless ``1 <= length <= limit``."""
    if length < 1:
        raise ValueError("words must have at least one letter")
    if length > limit:
        raise ValueError(f"words of {length} letters are too long: at most {limit} letters "
                         "can be played here")


def code_dtype(length: int) -> np.dtype:
    """The integer type of the codes of words of ``length`` letters: uint32 up to
    :data:`SHORT_LENGTH` letters, else int64 (up to :data:`MAX_LENGTH`)."""
    check_length(max(length, 1))
    return np.dtype(np.uint32 if length <= SHORT_LENGTH else np.int64)


def encode(words: Sequence[str], *, max_length: int = MAX_LENGTH) -> np.ndarray:
    """Words of one length, at most ``max_length`` letters, as an (n, length) array of 0..25.

    >>> encode(["abc", "zed"]).tolist()
    [[0, 1, 2], [25, 4, 3]]
    """
    if len(words) == 0:
        return np.zeros((0, 0), dtype=np.uint8)
    length = len(words[0])
    if any(len(w) != length for w in words):
        raise ValueError("words must all have one length")
    check_length(length, max_length)
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).reshape(-1, length)
    letters = raw - ord("a")
    if letters.max(initial=0) > 25:
        raise ValueError("words must be lowercase a-z")
    return np.ascontiguousarray(letters)


def decode(letters: np.ndarray) -> list[str]:
    """Letter arrays back to words: the inverse of :func:`encode`."""
    arr = np.atleast_2d(np.asarray(letters, dtype=np.uint8)) + ord("a")
    return [row.tobytes().decode("ascii") for row in arr]


def solved_code(length: int) -> int:
    """The code of an all-right feedback (every digit 2)."""
    return 3**length - 1


def n_codes(length: int) -> int:
    """How many distinct codes a word of this length can receive (an upper bound)."""
    return 3**length


@njit(cache=True, nogil=True)
def _place_values(length: int) -> np.ndarray:
    """3**(length-1-k) for each position k: the first position is the most significant."""
    w = np.empty(length, np.int64)
    acc = 1
    for k in range(length - 1, -1, -1):
        w[k] = acc
        acc *= 3
    return w


@njit(cache=True, nogil=True)
def _secret_tables(secrets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each secret's letter set (a 26-bit mask) and letter counts, computed once per call."""
    n, length = secrets.shape
    letter_set = np.zeros(n, np.int64)
    counts = np.zeros((n, 26), np.uint8)
    for j in range(n):
        for k in range(length):
            letter_set[j] |= 1 << secrets[j, k]
            counts[j, secrets[j, k]] += 1
    return letter_set, counts


@njit(cache=True, nogil=True)
def _scratch() -> np.ndarray:
    """Work space for :func:`_fill_row` (rows indexed by position or letter, so wider than
    MAX_LENGTH and 26), allocated once per thread, not per guess."""
    return np.zeros((8, 64), np.int64)


@njit(cache=True, nogil=True)
def _fill_row(guess: np.ndarray, secrets: np.ndarray, letter_set: np.ndarray,
              counts: np.ndarray, w: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> None:
    """Codes of one guess against every secret.

    A letter that occurs once in the guess is right (2) if it matches, else present (1) iff the
    secret has it anywhere: it cannot be used up by a match elsewhere. Only the groups of a
    repeated guess letter need counting: matches first, then left to right while spares last.
    """
    length = guess.shape[0]
    seen, singles, single_letter, single_w = scratch[0], scratch[1], scratch[2], scratch[3]
    group_letter, group_start, group_pos = scratch[4], scratch[5], scratch[6]
    for k in range(length):
        seen[guess[k]] += 1
    n_single = n_group = n_pos = 0
    for k in range(length):
        c = guess[k]
        if seen[c] == 1:
            singles[n_single] = k
            single_letter[n_single] = c
            single_w[n_single] = w[k]
            n_single += 1
        elif seen[c] > 1:
            group_letter[n_group] = c
            group_start[n_group] = n_pos
            for kk in range(k, length):
                if guess[kk] == c:
                    group_pos[n_pos] = kk
                    n_pos += 1
            n_group += 1
            seen[c] = 0  # the group is recorded at its first position only
    group_start[n_group] = n_pos
    for k in range(length):
        seen[guess[k]] = 0
    for j in range(secrets.shape[0]):
        has = letter_set[j]
        code = 0
        for t in range(n_single):
            g = single_letter[t]
            code += single_w[t] * ((g == secrets[j, singles[t]]) + ((has >> g) & 1))
        for q in range(n_group):
            c = group_letter[q]
            spare = np.int64(counts[j, c])
            if spare == 0:
                continue
            for t in range(group_start[q], group_start[q + 1]):
                p = group_pos[t]
                if secrets[j, p] == c:
                    code += 2 * w[p]
                    spare -= 1
            for t in range(group_start[q], group_start[q + 1]):
                p = group_pos[t]
                if spare > 0 and secrets[j, p] != c:
                    code += w[p]
                    spare -= 1
        out[j] = code


@njit(cache=True, nogil=True)
def _codes_rows(guesses: np.ndarray, secrets: np.ndarray, letter_set: np.ndarray,
                counts: np.ndarray, lo: int, hi: int, out: np.ndarray) -> None:
    w = _place_values(guesses.shape[1])
    scratch = _scratch()
    for i in range(lo, hi):
        _fill_row(guesses[i], secrets, letter_set, counts, w, out[i], scratch)


@njit(cache=True, nogil=True)
def _codes_serial(guesses: np.ndarray, secrets: np.ndarray, out: np.ndarray) -> None:
    letter_set, counts = _secret_tables(secrets)
    _codes_rows(guesses, secrets, letter_set, counts, 0, guesses.shape[0], out)


@njit(cache=True, parallel=True)
def _codes_parallel(guesses: np.ndarray, secrets: np.ndarray, n_chunks: int,
                    out: np.ndarray) -> None:
    letter_set, counts = _secret_tables(secrets)
    n = guesses.shape[0]
    for b in prange(n_chunks):
        _codes_rows(guesses, secrets, letter_set, counts, b * n // n_chunks,
                    (b + 1) * n // n_chunks, out)


def codes(guesses: np.ndarray, secrets: np.ndarray, *, parallel: bool = True) -> np.ndarray:
    """Feedback code of every (guess, secret) pair: a (len(guesses), len(secrets)) array of
    :func:`code_dtype` (uint32 for words of up to 20 letters, int64 beyond).

    >>> codes(encode(["aab"]), encode(["aab", "baa", "ccc"])).tolist()
    [[26, 16, 0]]
    """
    g = np.ascontiguousarray(guesses, dtype=np.uint8)
    s = np.ascontiguousarray(secrets, dtype=np.uint8)
    if g.ndim == 1:
        g = g[None, :]
    if s.ndim == 1:
        s = s[None, :]
    if g.shape[1] != s.shape[1]:
        raise ValueError(f"guesses have length {g.shape[1]} but secrets {s.shape[1]}")
    out = np.empty((g.shape[0], s.shape[0]), dtype=code_dtype(g.shape[1]))
    if out.size == 0:
        return out
    chunks = chunk_count(g.shape[0], s.shape[0]) if parallel else 1
    if chunks > 1:
        _codes_parallel(g, s, chunks, out)
    else:
        _codes_serial(g, s, out)
    return out


def feedback_code(guess: str, secret: str) -> int:
    """Code of one guess against one secret, both given as text."""
    if len(guess) != len(secret):
        raise ValueError(f"guess {guess!r} and secret {secret!r} differ in length")
    return int(codes(encode([guess]), encode([secret]), parallel=False)[0, 0])


def digits(code: int, length: int) -> list[int]:
    """The per-position digits (0 absent, 1 present, 2 right) of a code.

    >>> digits(16, 3)
    [1, 2, 1]
    """
    out = [0] * length
    for k in range(length - 1, -1, -1):
        code, out[k] = divmod(code, 3)
    return out


def green_yellow(codes: np.ndarray) -> np.ndarray:
    """Seed 004's points of each code: 2 per right letter (green), 1 per present one (yellow),
    the sum of its base-3 digits.

    >>> green_yellow(np.array([16, 0, 242])).tolist()  # 121, 000, 22222
    [4, 0, 10]
    """
    rest = np.asarray(codes).astype(np.int64)
    points = np.zeros(rest.shape, dtype=np.int64)
    while rest.any():
        rest, digit = np.divmod(rest, 3)
        points += digit
    return points


def to_text(code: int, length: int, style: str = "lingo") -> str:
    """Render a code in a notation: ``lingo`` (OX?), ``wordle`` (gyb), ``digits``, ``squares``."""
    try:
        chars = STYLES[style]
    except KeyError:
        raise ValueError(f"unknown style {style!r}; choose one of {', '.join(STYLES)}") from None
    return "".join(chars[d] for d in digits(code, length))


def feedback_text(guess: str, secret: str, style: str = "lingo") -> str:
    """The feedback a secret gives a guess, as text (Lingo's ``OX?`` by default)."""
    return to_text(feedback_code(guess, secret), len(guess), style)


def parse(text: str, length: int | None = None) -> int:
    """Read feedback typed or pasted in any notation: ``OX?``, ``gyb``, ``210``, or squares.

    Letters are case-insensitive and spaces ignored; raises :class:`FeedbackError` with the
    offending character or the wrong length.

    >>> parse("OX?XO") == parse("gbybg") == parse("20102")
    True
    """
    marks = [c for c in text.strip().lower() if not c.isspace() and c != "\ufe0f"]
    code = 0
    for pos, mark in enumerate(marks, 1):
        if mark not in _ALIASES:
            raise FeedbackError(
                f"feedback {text.strip()!r}: character {mark!r} at position {pos} is not a mark; "
                "use O/?/X, g/y/b, 2/1/0 or the coloured squares"
            )
        code = code * 3 + _ALIASES[mark]
    if not marks:
        raise FeedbackError("feedback is empty")
    if length is not None and len(marks) != length:
        raise FeedbackError(
            f"feedback {text.strip()!r} has {len(marks)} marks but the word has {length} letters"
        )
    return code


def reference_code(guess: str, secret: str) -> int:
    """Plain, obviously-correct implementation of the rule, the kernels' test oracle."""
    marks = [ABSENT] * len(guess)
    unused = list(secret)
    for k, (g, s) in enumerate(zip(guess, secret, strict=True)):
        if g == s:
            marks[k] = RIGHT
            unused[k] = ""
    for k, g in enumerate(guess):
        if marks[k] != RIGHT and g in unused:
            marks[k] = PRESENT
            unused[unused.index(g)] = ""
    code = 0
    for m in marks:
        code = code * 3 + m
    return code


# ---------------------------------------------------------------------------------------------
# Class statistics of word guesses (columns: :data:`sleuth.core.split.STATS`).


@njit(cache=True, nogil=True)
def _word_stats_chunk(guesses: np.ndarray, secrets: np.ndarray, weights: np.ndarray, lo: int,
                      hi: int, letter_set: np.ndarray, counts: np.ndarray,
                      out: np.ndarray) -> None:
    length = secrets.shape[1]
    w = _place_values(length)
    total = weights.sum()
    row = np.empty(secrets.shape[0], np.int64)
    scratch = _scratch()
    dense, keys, wsum, wmax, touched = scratch_tables(3**length, secrets.shape[0])
    for i in range(lo, hi):
        _fill_row(guesses[i], secrets, letter_set, counts, w, row, scratch)
        row_stats(row, weights, 3**length - 1, total, dense, keys, wsum, wmax, touched, out[i])


@njit(cache=True, nogil=True)
def _word_stats_serial(guesses: np.ndarray, secrets: np.ndarray, weights: np.ndarray,
                       out: np.ndarray) -> None:
    letter_set, counts = _secret_tables(secrets)
    _word_stats_chunk(guesses, secrets, weights, 0, guesses.shape[0], letter_set, counts, out)


@njit(cache=True, parallel=True)
def _word_stats(guesses: np.ndarray, secrets: np.ndarray, weights: np.ndarray,
                n_chunks: int, out: np.ndarray) -> None:
    letter_set, counts = _secret_tables(secrets)
    n_guess = guesses.shape[0]
    for b in prange(n_chunks):
        _word_stats_chunk(guesses, secrets, weights, b * n_guess // n_chunks,
                          (b + 1) * n_guess // n_chunks, letter_set, counts, out)


def class_stats(guesses: np.ndarray, secrets: np.ndarray,
                weights: np.ndarray | None = None) -> np.ndarray:
    """For each guess, how it splits the (weighted) secrets: a (len(guesses), 6) float array.

    Columns (see :data:`STATS`): number of classes, weight of the largest class, sum of squared
    class weights, entropy in bits, weight of the secret equal to the guess (``hit``), and the
    sum over unsolved classes of their heaviest secret (``best_next``: what one more guess wins).
    Weights must be positive; ``None`` means one per secret.

    >>> s = class_stats(encode(["ab", "ba", "cd"]), encode(["ab", "ba", "cd"]))
    >>> s[0].tolist()  # "ab" splits {ab, ba, cd} into three singletons and hits "ab"
    [3.0, 1.0, 3.0, 1.584962500721156, 1.0, 2.0]
    """
    g = np.ascontiguousarray(np.atleast_2d(guesses), dtype=np.uint8)
    s = np.ascontiguousarray(np.atleast_2d(secrets), dtype=np.uint8)
    if g.shape[1] != s.shape[1]:
        raise ValueError(f"guesses have length {g.shape[1]} but secrets {s.shape[1]}")
    check_length(max(g.shape[1], 1))
    w = checked_weights(weights, s.shape[0])
    out = np.zeros((g.shape[0], len(STATS)), dtype=np.float64)
    chunks = chunk_count(g.shape[0], s.shape[0])
    if chunks > 1:
        _word_stats(g, s, w, chunks, out)
    elif g.shape[0] and s.shape[0]:
        _word_stats_serial(g, s, w, out)
    return out
