"""The post-game review against a plain reference: the optimal expected guesses of tiny games
by exhaustive recursion, and skill and luck adding up to the guesses played."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.games.wordle.game import wordle_game
from sleuth.games.wordle.review import played, review, split_played
from sleuth.words import feedback as fb

WORDS = ["crane", "crate", "craze", "trace", "grace", "brace", "caret", "react", "cater",
         "trade", "grade", "brave"]


def reference_total(answers: tuple[str, ...], guesses: tuple[str, ...],
                    first: str | None = None) -> int:
    """The least total of guesses finding every answer (``first``: the next guess fixed)."""

    @functools.cache
    def total(left: frozenset[str]) -> int:
        return min(cost(g, left) for g in guesses if splits(g, left))

    def splits(guess: str, left: frozenset[str]) -> bool:
        return guess in left or len({fb.reference_code(guess, a) for a in left}) > 1

    def cost(guess: str, left: frozenset[str]) -> int:
        classes: dict[int, set[str]] = {}
        for a in left:
            if a != guess:
                classes.setdefault(fb.reference_code(guess, a), set()).add(a)
        return len(left) + sum(total(frozenset(c)) for c in classes.values())

    start = frozenset(answers)
    return cost(first, start) if first is not None else total(start)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=3, max_size=7, unique=True), st.data())
def test_skill_is_the_exact_loss_against_the_reference(answers: list[str], data) -> None:
    game = wordle_game(answers, WORDS)
    secret = data.draw(st.sampled_from(answers))
    words = data.draw(st.lists(st.sampled_from(WORDS), max_size=2, unique=True))
    words = [w for w in words if w != secret] + [secret]
    turns = review(game, played(game, words, answer=secret))
    left = answers
    for turn, word in zip(turns, words, strict=True):
        assert turn.exact and turn.before == len(left)
        best = reference_total(tuple(left), tuple(WORDS)) / len(left)
        mine = reference_total(tuple(left), tuple(WORDS), word) / len(left)
        assert turn.best == pytest.approx(best) and turn.yours == pytest.approx(mine)
        assert turn.lost == pytest.approx(mine - best) and turn.lost >= 0
        left = [a for a in left if fb.reference_code(word, a) == fb.reference_code(word, secret)]
    assert turns[0].best + sum(t.lost for t in turns) - sum(t.luck_guesses for t in turns) == \
        pytest.approx(len(turns))


def test_equally_good_guesses_lose_nothing() -> None:
    game = wordle_game(["crane", "crate", "craze", "trace"])
    assert [t.lost for t in review(game, played(game, ["trace", "crane"], answer="crane"))] \
        == [0.0, 0.0]


def test_large_sets_are_estimated_and_say_so() -> None:
    game = wordle_game(WORDS)
    turns = review(game, played(game, ["brave", "trade", "crane"], answer="crane"),
                   exact_limit=3)
    assert [t.exact for t in turns] == [t.before <= 3 for t in turns]
    assert not turns[0].exact and turns[-1].exact


@pytest.mark.parametrize(("words", "kwargs", "says"), [
    (["crane", "zzzzz"], {"answer": "crane"}, "ZZZZZ is not in the guess list"),
    (["crane", "crate"], {"answer": "crate", "codes": ["22222", "22222"]}, "one of them"),
    (["trace", "crate"], {"answer": "crane"}, "not finished"),
    (["crane", "crate"], {"codes": ["22222", "22222"]}, "already solved"),
    (["crane"], {"codes": ["2222"]}, "4 marks"),
    (["crane", "crate"], {"codes": ["22222"]}, "2 words but 1 rows"),
])
def test_bad_games_are_refused_with_a_reason(words, kwargs, says) -> None:
    game = wordle_game(WORDS)
    with pytest.raises(ValueError, match=says):
        played(game, words, **kwargs)


@pytest.mark.parametrize(("answer", "says"), [
    ("zzzzz", "ZZZZZ is not in the answer list"),
    ("caret", "CARET is not in the answer list"),
])
def test_an_answer_outside_the_answers_is_refused_as_such(answer: str, says: str) -> None:
    """Even a word the game accepts as a guess (CARET here) is no answer it can have."""
    game = wordle_game(["crane", "crate", "trace"], WORDS)
    with pytest.raises(ValueError, match=f"^{says}$"):
        played(game, ["crane"], answer=answer)
    assert [p.word for p in played(game, ["caret", "crate"], answer="crate")] == ["caret", "crate"]


def test_contradicting_colours_are_refused() -> None:
    game = wordle_game(WORDS)
    with pytest.raises(ValueError, match="no answer fits"):
        review(game, played(game, ["crane", "crate"], codes=["00000", "22222"]))


def test_typed_games_need_colours_on_every_guess_or_none() -> None:
    assert split_played(["crane", "moist"]) == (["crane", "moist"], None)
    with pytest.raises(ValueError, match="no colours for MOIST"):
        split_played(["crane:01200", "moist"])


@pytest.mark.processes
def test_the_command_line_review_prints_the_same_figures() -> None:
    import subprocess
    import sys

    args = [sys.executable, "-m", "sleuth", "wordle", "review", "--list", "wordle-original"]
    done = subprocess.run([*args, "crane:00000", "moist:00212", "spilt:22222"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "2315 → 263" in done.stdout and "exact" in done.stdout
    bad = subprocess.run([*args, "crane", "moist:00212"], capture_output=True, text=True,
                         timeout=300)
    assert bad.returncode == 2 and "no colours for CRANE" in bad.stderr
    assert "Traceback" not in bad.stderr
