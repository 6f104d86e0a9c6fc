"""Wordle's two word lists: the answers (possible secrets) and the accepted guesses.

By default they are the current game's lists, shipped with sleuth (:mod:`sleuth.words.lists`);
at other word lengths the built-in stand-ins: the commonest words of the built-in dictionary as
answers (a short blocklist of slurs and crude words removed) and all its words of that length
as guesses. Files may replace either list.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

LENGTH = 5
N_ANSWERS = 2315
MAX_TEXT_WORDS = 20_000  # words a list given as text may hold (an upload)
TEXT_LENGTHS = range(2, 16)  # letters the words of a list given as text may have

#: Words never proposed as built-in answers (the real game's editors drop such words too).
BLOCKLIST = frozenset((
    "bitch", "whore", "negro", "nigga", "niger", "pussy", "dildo", "penis", "fagot", "titty",
    "horny", "semen", "sexed", "honky", "kikes", "dykes", "sluts", "cunts", "fucks", "shits",
    "porno", "boobs", "lynch", "slave", "wench", "spick", "chink", "gooks",
))

PathLike = str | os.PathLike[str]


@dataclass(frozen=True)
class Lists:
    """The answers (possible secrets) and the accepted guesses of a game, and where from."""

    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    source: str


def with_answers_guessable(answers: Sequence[str], guesses: Sequence[str],
                           source: str) -> Lists:
    """The lists, with every answer missing from the guesses appended to them."""
    extra = sorted(set(answers) - set(guesses))
    return Lists(tuple(answers), (*guesses, *extra), source)


def builtin_lists(length: int = LENGTH, n_answers: int = N_ANSWERS) -> Lists:
    """The stand-in lists: the commonest built-in words (minus the blocklist) as answers, and
    every built-in word of that length as a guess."""
    from sleuth.words.wordlist import common_words, default_words

    answers = tuple(w for w in common_words(length, n_answers + len(BLOCKLIST))
                    if w not in BLOCKLIST)[:n_answers]
    if not answers:
        raise ValueError(f"the built-in dictionary has no words of {length} letters")
    guesses = tuple(sorted(set(default_words().of_length(length)) | set(answers)))
    return Lists(answers, guesses, f"built-in: {len(answers)} common {length}-letter words")


def one_length_words(text: str, what: str, most: int = MAX_TEXT_WORDS) -> tuple[str, ...]:
    """The words of ``text``, one a line (blank lines and repeats left out, capitals lowered):
    each of letters a-z only, all of one length (:data:`TEXT_LENGTHS`), at most ``most``;
    else a ValueError naming ``what`` and the first line at fault.

    >>> one_length_words("Crane\\n\\nslate\\ncrane\\n", "the list")
    ('crane', 'slate')
    >>> one_length_words("crane\\nsl8te\\n", "the list")
    Traceback (most recent call last):
    ValueError: the list, line 2: 'sl8te' is not a word of letters a-z only
    """
    words: dict[str, None] = {}
    for number, line in enumerate(text.splitlines(), 1):
        word = line.strip().strip("\ufeff").lower()
        if not word:
            continue
        if not (word.isascii() and word.isalpha()):
            raise ValueError(f"{what}, line {number}: {word[:30]!r} is not a word of letters "
                             "a-z only")
        first = next(iter(words), word)
        if len(word) != len(first):
            raise ValueError(f"{what}, line {number}: {word[:30]!r} has {len(word)} letters, "
                             f"the words before it {len(first)} (a list holds words of one "
                             "length)")
        words[word] = None
        if len(words) > most:
            raise ValueError(f"{what} holds more than {most:,} words")
    if not words:
        raise ValueError(f"{what} holds no words")
    length = len(next(iter(words)))
    if length not in TEXT_LENGTHS:
        raise ValueError(f"{what} has words of length {length}; a list's words may have "
                         f"{TEXT_LENGTHS[0]} to {TEXT_LENGTHS[-1]} letters")
    return tuple(words)


def lists_from_text(answers: str, guesses: str | None, source: str,
                    most: int = MAX_TEXT_WORDS) -> Lists:
    """Lists from texts of words, one a line (see :func:`one_length_words`): the answers and
    the accepted guesses (the answers when None), of one length; the answers always guessable.

    >>> lists_from_text("crane\\n", "slate\\n", "mine").guesses
    ('slate', 'crane')
    """
    answer_words = one_length_words(answers, "the answers list", most)
    if guesses is None:
        return Lists(answer_words, answer_words, source)
    guess_words = one_length_words(guesses, "the guesses list", most)
    if len(guess_words[0]) != len(answer_words[0]):
        raise ValueError(f"the guesses have {len(guess_words[0])} letters, the answers "
                         f"{len(answer_words[0])}: both lists hold words of one length")
    return with_answers_guessable(answer_words, guess_words, source)


def read_list(path: PathLike, length: int) -> tuple[str, ...]:
    """One word list file, cleaned by :func:`wordlist.load_words`, cut to one length."""
    from sleuth.words.wordlist import load_words

    return tuple(load_words(path, length=length).words)


def shipped_lists(name: str, length: int = LENGTH) -> Lists:
    """A list shipped with sleuth (see ``sleuth lists``), cut to one word length.

    >>> lists = shipped_lists("wordle-original")
    >>> len(lists.answers), len(lists.guesses), lists.source
    (2315, 12972, 'wordle-original')
    """
    from sleuth.words import lists

    answers = [w for w in lists.read(name, "answers") if len(w) == length]
    guesses = [w for w in lists.read(name, "guesses") if len(w) == length]
    if not answers:
        raise lists.ListError(f"list {name} has no words of {length} letters")
    return with_answers_guessable(answers, guesses, name)


def default_lists(length: int = LENGTH) -> Lists:
    """The current game's lists (five letters), else the built-in stand-ins."""
    from sleuth.words.lists import WORDLE

    return shipped_lists(WORDLE, length) if length == LENGTH else builtin_lists(length)


def load_lists(answers: PathLike | None = None, guesses: PathLike | None = None, *,
               list_name: str | None = None, length: int = LENGTH) -> Lists:
    """Lists from files, a missing one taken from the shipped list ``list_name`` (default: see
    :func:`default_lists`); the guesses always include the answers.

    Raises :class:`sleuth.words.wordlist.WordListError` or :class:`sleuth.words.lists.ListError`
    (both ``ValueError``) for an unusable file or name.
    """
    if answers is not None and guesses is not None:
        if list_name is not None:
            from sleuth.words.lists import ListError

            raise ListError(f"give --list {list_name} or both --answers and --guesses, not all "
                            "three (the list would not be used)")
        return with_answers_guessable(read_list(answers, length), read_list(guesses, length),
                                      _source(answers, guesses, ""))
    base = shipped_lists(list_name, length) if list_name else default_lists(length)
    answer_words = base.answers if answers is None else read_list(answers, length)
    guess_words = base.guesses if guesses is None else read_list(guesses, length)
    return with_answers_guessable(answer_words, guess_words,
                                  _source(answers, guesses, base.source))


def _source(answers: PathLike | None, guesses: PathLike | None, shipped: str) -> str:
    """Where the lists came from: the files given, then the shipped list that filled in."""
    named = (f"answers {answers}" if answers is not None else "",
             f"guesses {guesses}" if guesses is not None else "")
    return "; ".join(s for s in (*named, shipped) if s)
