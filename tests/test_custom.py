"""User-defined games from a plain Python feedback function."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.custom import custom_game, feedback_table, matrix_game
from sleuth.feedback import FeedbackError
from sleuth.game import Contradiction
from sleuth.games.mastermind import mastermind, pegs
from sleuth.games.twod import twod
from sleuth.search import optimal_mean, optimal_worst
from sleuth.strategies import Greedy
from sleuth.tree import evaluate


def compare(g: tuple[int, int], s: tuple[int, int]) -> tuple[bool, bool]:
    return (g[0] <= s[0] and g[1] <= s[1], g[0] >= s[0] and g[1] >= s[1])


POINTS = [(x, y) for x in range(5) for y in range(5)]


def test_twod_by_hand_matches_the_built_in() -> None:
    mine, built_in = custom_game(POINTS, POINTS, compare), twod(5)
    assert mine.n_codes == 4 and mine.render(mine.solved) == "(True, True)"
    codes = mine.feedback(mine.guesses, mine.secrets)  # values sorted: (False, True) = 1
    relabel = np.array([0, 2, 1, 3])  # the built-in codes "<= in both" as 1, ">=" as 2
    assert np.array_equal(relabel[codes], built_in.feedback(built_in.guesses, built_in.secrets))
    assert evaluate(mine, Greedy("entropy")).worst == 5
    assert optimal_worst(mine, workers=1).worst == 4
    assert optimal_mean(mine, workers=1).total == optimal_mean(built_in, workers=1).total


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 4), st.integers(1, 3))
def test_mastermind_by_hand_matches_the_kernel(colours: int, holes: int) -> None:
    built_in = mastermind(colours, holes)
    codes = [tuple(int(c) for c in row) for row in built_in.guesses]
    mine = custom_game(codes, codes, lambda g, s: pegs(g, s))
    expected = built_in.feedback(built_in.guesses, built_in.secrets)
    got = mine.feedback(mine.guesses, mine.secrets)
    # both number (black, white) in increasing order of black then white
    assert np.array_equal(np.argsort(np.unique(expected)), np.argsort(np.unique(got)))
    assert optimal_mean(mine, workers=1).total == optimal_mean(built_in, workers=1).total


def test_reading_and_playing() -> None:
    game = custom_game(POINTS, POINTS, compare)
    assert game.parse("(True, False)") == game.parse("(True,False)")
    with pytest.raises(FeedbackError, match="not one of"):
        game.parse("maybe")
    pos = game.after(game.start(), game.guess_index("(2, 2)"), game.parse("(True, False)"))
    assert {game.secret_labels[i] for i in pos.candidates} == {
        str((x, y)) for x in range(2, 5) for y in range(2, 5) if (x, y) != (2, 2)}
    with pytest.raises(Contradiction):
        game.after(pos, game.guess_index("(4, 4)"), game.parse("(True, False)"))


def test_secrets_are_added_to_guesses_and_errors() -> None:
    game = custom_game(["a"], ["a", "b"], lambda g, s: g == s)
    assert game.guess_labels == ["a", "b"]
    with pytest.raises(ValueError, match="pass solved="):
        custom_game([1, 2], [1, 2], lambda g, s: (g == s, g))
    with pytest.raises(ValueError, match="print alike"):
        custom_game([1, "1"], [1], lambda g, s: g == s)
    with pytest.raises(ValueError, match="at least one secret"):
        custom_game([1], [], lambda g, s: g == s)
    unsorted = feedback_table([1, 2], [1, 2], lambda g, s: 1 if g == s else "x")[1]
    assert unsorted == [1, "x"]  # values that cannot be sorted keep their first appearance


def test_matrix_game_rejects_too_few_guesses() -> None:
    with pytest.raises(ValueError, match="at least as many guesses"):
        matrix_game(np.zeros((1, 2), dtype=int), solved=1)
