"""Hangman against a word the computer sets: a round's rules, the lists and words it is set
from, the gallows drawn, and one word's difficulty against the whole list's rating."""

from __future__ import annotations

import random

import pytest
from hangman_plain import SIX

from sleuth.games.hangman.difficulty import rate, word_difficulty
from sleuth.games.hangman.play import (
    BUILT_IN,
    PARTS,
    Round,
    parts_drawn,
    play_list,
    play_lists,
    play_words,
    set_word,
)


def test_a_round_is_won_when_every_letter_shows_and_hits_are_free() -> None:
    r = Round("banana", lives=2)
    assert r.guess("A") == (1, 3, 5) and r.pattern == "_a_a_a"
    assert r.guess("x") == () and r.misses == 1 and r.wrong == ["x"]
    assert r.guess("n") == (2, 4) and not r.over
    assert r.guess("b") == (0,) and r.won and r.over and not r.lost and r.misses == 1


def test_a_round_is_lost_on_the_miss_after_the_lives() -> None:
    r = Round("cat", lives=2)
    for letter in "xyz"[:2]:
        r.guess(letter)
    assert r.misses == 2 and not r.over  # two misses with two lives: still alive
    r.guess("z")
    assert r.lost and r.over and not r.won
    with pytest.raises(ValueError, match="over"):
        r.guess("c")


@pytest.mark.parametrize("bad", ["", "ab", "1", "é", " ", "-"])
def test_only_a_fresh_letter_is_a_guess(bad: str) -> None:
    r = Round("cat")
    with pytest.raises(ValueError, match="not a letter"):
        r.guess(bad)
    r.guess("c")
    with pytest.raises(ValueError, match="already"):
        r.guess("C")
    assert r.tried == ["c"]


def test_a_resigned_round_is_lost() -> None:
    r = Round("cat")
    r.resigned = True
    assert r.lost and r.over and not r.won


def test_the_gallows_fill_up_with_the_misses_and_are_whole_at_the_last_life() -> None:
    for lives in range(10):
        drawn = [parts_drawn(m, lives) for m in range(lives + 2)]
        assert drawn == sorted(drawn)
        assert drawn[0] == (0 if lives else PARTS)
        assert all(d < PARTS for d in drawn[:lives]) and drawn[lives:] == [PARTS, PARTS]
        assert all(d > 0 for d in drawn[1:])  # every miss shows


def test_every_offered_length_has_its_words() -> None:
    offered = play_lists()
    assert offered[0].name == BUILT_IN and len({p.name for p in offered}) == len(offered)
    for name in (BUILT_IN, "wordle-original", "lingo-official"):
        for length, count in play_list(name).lengths.items():
            words = play_words(name, length)
            assert len(words) == count > 0 and {len(w) for w in words} == {length}
    assert len(play_words("wordle-original", 5)) == 2315  # the answers, not the guesses


def test_unknown_lists_and_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown list"):
        play_list("../etc/passwd")
    with pytest.raises(ValueError, match="no words of 7 letters"):
        play_words("wordle-original", 7)


def test_a_word_is_set_from_the_list_at_the_length_asked_and_repeats_with_its_seed() -> None:
    word = set_word("lingo-official", 9, random.Random(3))
    assert word in play_words("lingo-official", 9)
    assert set_word("lingo-official", 9, random.Random(3)) == word
    drawn = {len(set_word(BUILT_IN, None, random.Random(seed))) for seed in range(40)}
    assert drawn <= {5, 6, 7, 8} and len(drawn) > 1


def test_one_words_difficulty_is_its_row_of_the_whole_rating() -> None:
    rows = {row["word"]: row for row in rate(SIX, "misses").rows()}
    for word in SIX:
        one = word_difficulty(SIX, word)
        assert (one.misses, one.band, one.letters) == (
            rows[word]["misses"],
            rows[word]["band"],
            rows[word]["letters_guessed"],
        )
        assert one.words == len(SIX)
    with pytest.raises(ValueError, match="not one of"):
        word_difficulty(SIX, "zzzzzz")
    with pytest.raises(ValueError, match="greedy"):
        word_difficulty(SIX, "puzzle", "exact")
