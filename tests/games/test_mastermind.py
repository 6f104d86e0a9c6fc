"""Mastermind and Bulls and Cows on the generic model: kernel, notation, and the classic figures."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core.errors import FeedbackError
from sleuth.core.game import Contradiction, Game, Position
from sleuth.core.storage import published
from sleuth.core.tree import evaluate
from sleuth.games.mastermind import (
    all_codes,
    bulls_cows,
    mastermind,
    peg_code,
    peg_codes,
    peg_counts,
    pegs,
)
from sleuth.solve.greedy import METRICS, Greedy, best_index


@st.composite
def code_blocks(draw: st.DrawFn) -> tuple[int, np.ndarray, np.ndarray]:
    """A number of colours and two blocks of codes of one length over them."""
    colours = draw(st.integers(1, 12))
    holes = draw(st.integers(1, 7))
    code = st.lists(st.integers(0, colours - 1), min_size=holes, max_size=holes)
    guesses = draw(st.lists(code, min_size=1, max_size=5))
    secrets = draw(st.lists(code, min_size=1, max_size=8))
    return colours, np.array(guesses, dtype=np.uint8), np.array(secrets, dtype=np.uint8)


@settings(max_examples=300, deadline=None)
@given(code_blocks())
def test_kernel_matches_plain_reference(block: tuple[int, np.ndarray, np.ndarray]) -> None:
    colours, guesses, secrets = block
    holes = guesses.shape[1]
    expected = [[peg_code(*pegs(list(g), list(s)), holes) for s in secrets] for g in guesses]
    assert peg_codes(guesses, secrets, colours).tolist() == expected


def test_parallel_kernel_matches_row_by_row() -> None:
    codes = all_codes(6, 4)
    whole = peg_codes(codes, codes, 6)  # large enough for the parallel kernel
    rows = np.vstack([peg_codes(codes[i], codes, 6) for i in range(0, len(codes), 97)])
    assert np.array_equal(whole[::97], rows)
    assert np.array_equal(whole, whole.T)  # pegs are symmetric in guess and secret


def test_code_code_round_trip() -> None:
    assert [peg_counts(peg_code(b, w, 5), 5) for b, w in [(0, 0), (2, 3), (5, 0)]] == \
        [(0, 0), (2, 3), (5, 0)]


def test_sizes_labels_and_ends() -> None:
    g = mastermind()
    assert (len(g.guesses), len(g.secrets), g.n_codes, g.max_cost) == (1296, 1296, 25, 10)
    assert g.guess_labels[:2] == ["1111", "1112"] and g.guess_labels[-1] == "6666"
    assert g.render(g.solved) == "4B0W" and g.points is None
    distinct = mastermind(6, 4, distinct=True)
    assert (len(distinct.guesses), len(distinct.secrets)) == (1296, 360)
    assert all(len(set(label)) == 4 for label in distinct.secret_labels)
    assert (distinct.guess_of_secret(distinct.start().candidates) >= 0).all()
    big = mastermind(12, 2)
    assert big.guess_labels[-1] == "LL"
    bc = bulls_cows()
    assert (len(bc.guesses), len(bc.secrets)) == (5040, 5040)
    assert bc.guess_labels[:2] == ["0123", "0124"] and bc.render(bc.solved) == "4A0B"
    with pytest.raises(ValueError, match="distinct"):
        mastermind(3, 4, distinct=True)
    with pytest.raises(ValueError, match="colours"):
        mastermind(30, 2)


def partition(game: Game, label: str) -> dict[str, int]:
    codes = game.codes(game.guess_index(label), game.start().candidates)
    values, counts = np.unique(codes, return_counts=True)
    return {game.render(int(v)): int(c) for v, c in zip(values, counts, strict=True)}


def test_classic_first_partitions() -> None:
    knuth = partition(mastermind(), "1122")
    assert knuth == {"0B0W": 256, "0B1W": 256, "0B2W": 96, "0B3W": 16, "0B4W": 1,
                     "1B0W": 256, "1B1W": 208, "1B2W": 36, "2B0W": 114, "2B1W": 32,
                     "2B2W": 4, "3B0W": 20, "4B0W": 1}
    cows = partition(bulls_cows(), "0123")
    assert cows["0A0B"] == 360 and cows["0A4B"] == 9 and cows["1A1B"] == 720
    assert sum(cows.values()) == 5040 and len(cows) == 14


@pytest.mark.parametrize(("text", "pegs_read"), [
    ("2B1W", (2, 1)), ("2b 1w", (2, 1)), ("2 black 1 white", (2, 1)), ("BBW", (2, 1)),
    ("2,1", (2, 1)), ("21", (2, 1)), ("0 0", (0, 0)), ("w", (0, 1)), ("4b", (4, 0)),
])
def test_reader(text: str, pegs_read: tuple[int, int]) -> None:
    g = mastermind()
    assert peg_counts(g.parse(text), 4) == pegs_read
    assert g.parse(g.render(g.parse(text))) == g.parse(text)


@pytest.mark.parametrize("text", ["3b2w", "5,0", "2x", "1,2,3", "??"])
def test_reader_rejects(text: str) -> None:
    with pytest.raises(FeedbackError):
        mastermind().parse(text)


def test_bulls_cows_reader() -> None:
    g = bulls_cows()
    assert g.parse("1A2B") == g.parse("1 bull 2 cows") == g.parse("1,2") == peg_code(1, 2, 4)
    assert g.render(g.parse("3 bulls")) == "3A0B"


def test_after_and_contradiction() -> None:
    g = mastermind(6, 4, distinct=True)
    p = g.after(g.start(), g.guess_index("1122"), g.parse("0B0W"))
    assert set(g.secret_words(p.candidates)) == {"3456", "3465", "3546", "3564", "3645", "3654",
                                                 "4356", "4365", "4536", "4563", "4635", "4653",
                                                 "5346", "5364", "5436", "5463", "5634", "5643",
                                                 "6345", "6354", "6435", "6453", "6534", "6543"}
    with pytest.raises(Contradiction):
        g.after(p, g.guess_index("3456"), g.parse("0B0W"))
    done = g.after(p, g.guess_index("3456"), g.solved)
    assert g.outcome(done) is True and done.cost == 2


def test_knuth_minimax() -> None:
    """Knuth (1977): minimax, ties to a possible code then the smallest: 5801 guesses, worst 5."""
    g = mastermind()
    strategy = Greedy("minimax")
    assert g.guess_labels[strategy.choose(g, g.start())] == "1122"
    result = evaluate(g, strategy)
    assert result.failures == 0 and result.worst == published("mastermind-6x4-knuth-worst")
    assert int(result.cost.sum()) == published("mastermind-6x4-knuth")
    assert result.distribution() == {1: 1, 2: 6, 3: 62, 4: 533, 5: 694}


@pytest.fixture(scope="module")
def distinct() -> Game:
    return mastermind(6, 4, distinct=True)


SEED_DISTRIBUTION = {2: 7, 3: 55, 4: 229, 5: 69}  # guesses per game, the winning one included


def test_greedy_entropy_distinct_secrets(distinct: Game) -> None:
    """SPEC section 2: 7 games in 2 guesses, 55 in 3, 229 in 4, 69 in 5; first guess AABC."""
    first = distinct.guess_labels[Greedy("entropy").choose(distinct, distinct.start())]
    assert first == "1123"
    result = evaluate(distinct, Greedy("entropy"))
    assert result.distribution() == SEED_DISTRIBUTION and result.worst == 5


class LastOnTies:
    """The seed's tie rule: highest value, then a possible secret, then the GREATEST guess."""

    name = "entropy-last"

    def choose(self, game: Game, position: Position) -> int:
        pool = game.allowed_guesses(position)[::-1]  # best_index keeps the first of its pool
        values = METRICS["entropy"](game.stats(pool, position.candidates))
        return best_index(values, pool, game.guess_of_secret(position.candidates))


def test_seed_tie_rule_gives_the_same_figures(distinct: Game) -> None:
    """Reversing the order of guesses is a relabelling of colours, so the figures agree."""
    strategy = LastOnTies()
    first = distinct.guess_labels[strategy.choose(distinct, distinct.start())]
    assert first == "6654"  # the form (A, A, B, C) again
    assert evaluate(distinct, strategy).distribution() == SEED_DISTRIBUTION


def test_bulls_cows_three_digits_end_to_end() -> None:
    g = bulls_cows(3)
    result = evaluate(g, Greedy("entropy"))
    assert result.failures == 0 and sum(result.distribution().values()) == 720
    assert result.distribution()[1] == 1 and result.worst <= 7
