"""Wordle and Absurdle hosted by sleuth, against plain feedback and a plain adversary."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from wordle_plain import SMALL, ref_code, small_game

from sleuth.games.wordle.absurdle import absurdle_solve
from sleuth.games.wordle.hardmode import hard_violation
from sleuth.games.wordle.play import (
    AbsurdleRound,
    RoundOver,
    Turn,
    WordleRound,
    checked_guess,
    letter_marks,
)
from sleuth.words import feedback as fb


def fitting(played: list[tuple[str, int]]) -> list[str]:
    """The sample answers that give every (guess, code) seen, the plain way."""
    return [s for s in SMALL if all(ref_code(w, s) == c for w, c in played)]


def test_a_round_answers_as_the_plain_feedback_and_narrows_the_answers() -> None:
    game = small_game()
    number = SMALL.index("crate")
    played = []
    r = WordleRound.new(game, number)
    for word in ("salet", "cigar", "react", "crate"):
        turn = r.guess(word.upper())
        played.append((word, turn.code))
        assert turn.word == word and turn.code == ref_code(word, "crate")
        assert r.left() == fitting(played)
        assert turn.left == (0 if word == "crate" else len(fitting(played)))
    assert r.won and r.over and r.answer_word == "crate" and r.attempts_left == 2
    with pytest.raises(RoundOver, match="CRATE"):
        r.guess("cigar")


def test_a_round_is_lost_after_the_last_attempt() -> None:
    r = WordleRound.new(small_game(attempts=3), SMALL.index("pound"))
    for word in ("salet", "cigar", "rebut"):
        assert not r.over
        r.guess(word)
    assert r.over and not r.won and r.attempts_left == 0
    with pytest.raises(RoundOver):
        r.guess("pound")


def test_the_game_number_is_checked_and_a_random_one_is_an_answer() -> None:
    game = small_game()
    for bad in (-1, len(SMALL)):
        with pytest.raises(ValueError, match=f"from 0 to {len(SMALL) - 1}"):
            WordleRound.new(game, bad)
    drawn = {WordleRound.new(game, rng=random.Random(seed)).answer for seed in range(40)}
    assert len(drawn) > 10 and all(0 <= d < len(SMALL) for d in drawn)


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("cig", "CIG is not a word of 5 letters"),
        ("ciga4", "CIGA4 is not a word of 5 letters"),
        ("", "an empty guess is not a word of 5 letters"),
        ("zzzzz", "ZZZZZ is not in the guess list"),
    ],
)
def test_a_guess_that_is_no_word_of_the_list_is_refused_for_free(word: str, reason: str) -> None:
    r = WordleRound.new(small_game(), 0)
    with pytest.raises(ValueError, match=reason):
        r.guess(word)
    assert r.turns == [] and r.attempts_left == 6


def test_hard_mode_refuses_with_the_rules_reason() -> None:
    game = small_game(hard=True)
    r = WordleRound.new(game, SMALL.index("crate"))
    first = r.guess("crane")
    why = hard_violation("cigar", [("crane", first.code)])
    assert why is not None
    with pytest.raises(ValueError, match="CIGAR is not allowed in hard mode") as caught:
        r.guess("cigar")
    assert str(caught.value).endswith(why) and len(r.turns) == 1
    assert checked_guess(game, "crate", r.turns) == game.guess_index("crate")
    assert checked_guess(small_game(), "cigar", r.turns) == game.guess_index("cigar")


def test_letter_marks_keep_each_letters_best_colour() -> None:
    turns = [Turn(w, ref_code(w, "serve"), 0) for w in ("eerie", "verse")]
    marks = letter_marks(turns)
    plain: dict[str, int] = {}
    for t in turns:
        for letter, mark in zip(t.word, fb.digits(t.code, 5), strict=True):
            plain[letter] = max(plain.get(letter, -1), mark)
    assert marks == plain and marks["e"] == 2 and marks["i"] == 0


def test_the_adversary_keeps_the_largest_class_until_forced_to_all_green() -> None:
    game = small_game(attempts=99)
    a = AbsurdleRound(game)
    left = list(SMALL)
    for word in ("salet", "cigar", "humph", "whelp", "pound", "batty"):
        if a.over:
            break
        turn = a.guess(word)
        sizes = Counter(ref_code(word, s) for s in left)
        assert sizes[turn.code] == max(sizes.values())
        left = [s for s in left if ref_code(word, s) == turn.code]
        assert a.left() == left and turn.left == (0 if a.won else len(left))
    while not a.over:  # name what is left, one by one: the last one is forced to all green
        a.guess(a.left()[0])
    assert a.won and a.turns[-1].code == game.solved and a.turns[-1].left == 0
    with pytest.raises(RoundOver):
        a.guess("cigar")


def test_the_shortest_forced_win_wins_in_as_many_guesses() -> None:
    game = small_game(attempts=99)
    best = absurdle_solve(game)
    a = AbsurdleRound(game)
    for word in best.guesses:
        a.guess(word)
    assert a.won and len(a.turns) == len(best.guesses)
    assert [t.code for t in a.turns] == best.codes


def test_an_absurdle_round_ends_at_its_limit() -> None:
    a = AbsurdleRound(small_game(attempts=99), limit=2)
    a.guess("cigar")
    a.guess("cigar")
    assert a.over and not a.won and a.left()
    with pytest.raises(RoundOver):
        a.guess("rebut")
