"""twoD on the generic model: comparison codes, notation, and the greedy figures of SPEC §2."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sleuth.core.errors import FeedbackError
from sleuth.core.game import Contradiction, Game, Position
from sleuth.core.tree import evaluate
from sleuth.games.twod import ABOVE, BELOW, EQUAL, compare, twod
from sleuth.solve.greedy import METRICS, Greedy, best_index


def plain(guess: tuple[int, int], secret: tuple[int, int]) -> int:
    """The seed's definition, written out: (less, greater, equal) as bits 0 and 1."""
    less = all(g <= s for g, s in zip(guess, secret, strict=True))
    greater = all(g >= s for g, s in zip(guess, secret, strict=True))
    assert (guess == secret) == (less and greater)
    return BELOW * less + ABOVE * greater


points = st.tuples(st.integers(0, 6), st.integers(0, 6))


@given(st.lists(points, min_size=1, max_size=6), st.lists(points, min_size=1, max_size=6))
def test_compare_matches_definition(guesses: list, secrets: list) -> None:
    expected = [[plain(g, s) for s in secrets] for g in guesses]
    assert compare(np.array(guesses), np.array(secrets)).tolist() == expected


def test_shape_of_the_game() -> None:
    g = twod()
    assert (len(g.guesses), len(g.secrets), g.n_codes, g.solved) == (25, 25, 4, EQUAL)
    assert g.guess_labels[g.guess_index("4,4")] == "4,4"
    grid = [tuple(p) for p in g.secrets.tolist()]
    assert grid == list(itertools.product(range(5), repeat=2))


@pytest.mark.parametrize(("text", "code"), [
    ("none", 0), ("<=", BELOW), (">=", ABOVE), ("==", EQUAL), ("2", ABOVE),
    ("T F F", BELOW), ("ftf", ABOVE), ("111", EQUAL), ("below", BELOW),
])
def test_reader(text: str, code: int) -> None:
    g = twod()
    assert g.parse(text) == code and g.parse(g.render(code)) == code


@pytest.mark.parametrize("text", ["TTF", "FFT", "maybe", "4"])
def test_reader_rejects(text: str) -> None:
    with pytest.raises(FeedbackError):
        twod().parse(text)


def test_narrowing() -> None:
    g = twod()
    p = g.after(g.start(), g.guess_index("2,2"), g.parse("<="))
    assert g.secret_words(p.candidates) == ["2,3", "2,4", "3,2", "3,3", "3,4", "4,2", "4,3", "4,4"]
    with pytest.raises(Contradiction):
        g.after(p, g.guess_index("2,2"), g.parse(">="))  # every candidate lies above 2,2
    r = g.after(p, g.guess_index("3,3"), g.parse(">="))
    assert g.secret_words(r.candidates) == ["2,3", "3,2"]
    q = g.after(p, g.guess_index("4,4"), g.parse(">="))
    assert q.candidates.size == 7 and g.outcome(q) is None


def test_greedy_entropy_worst_case_five() -> None:
    """SPEC section 2: greedy entropy needs 5 steps in the worst case on the 5 x 5 grid."""
    result = evaluate(twod(), Greedy("entropy"))
    assert result.failures == 0 and result.worst == 5
    assert sum(result.distribution().values()) == 25


class LastOnTies:
    """The seed's tie rule (greatest guess last): the grid's point reflection, same figures."""

    name = "entropy-last"

    def choose(self, game: Game, position: Position) -> int:
        pool = game.allowed_guesses(position)[::-1]
        values = METRICS["entropy"](game.stats(pool, position.candidates))
        return best_index(values, pool, game.guess_of_secret(position.candidates))


def test_seed_tie_rule_and_a_four_step_strategy() -> None:
    g = twod()
    assert evaluate(g, LastOnTies()).distribution() == evaluate(g, Greedy("entropy")).distribution()
    assert evaluate(g, Greedy("minimax")).worst == 4  # 4 is optimal (SPEC): minimax finds it here
