"""Exact searches against plain exhaustive references, and the figures of the literature."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import permutations
from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sleuth.solve.runner as runner
from helpers import small_games
from sleuth.core.errors import NoStrategy
from sleuth.core.game import Game, Position
from sleuth.core.storage import published
from sleuth.core.tree import TreePlayer, evaluate
from sleuth.games.custom import matrix_game
from sleuth.games.hangman.game import hangman
from sleuth.games.mastermind import bulls_cows, mastermind
from sleuth.games.twod import twod
from sleuth.solve.greedy import Greedy
from sleuth.solve.search import optimal_mean, optimal_worst
from sleuth.solve.symmetry import CodeSymmetry
from sleuth.solve.tables import INF, lower_bounds, tables
from sleuth.words.game import word_game


def plain_splits(game: Game) -> Callable[[int, tuple[int, ...]], list[tuple[int, ...]] | None]:
    """The unsolved classes a guess leaves of some candidates (None: it learns nothing)."""
    codes = game.feedback(game.guesses, game.secrets).tolist()
    solved = game.solved

    def split(guess: int, cands: tuple[int, ...]) -> list[tuple[int, ...]] | None:
        classes: dict[int, list[int]] = {}
        for s in cands:
            classes.setdefault(codes[guess][s], []).append(s)
        if len(classes) == 1 and solved not in classes:
            return None  # learns nothing
        return [tuple(c) for code, c in classes.items() if code != solved]

    return split


def plain_worst(game: Game) -> int:
    """The least worst case, by trying every guess everywhere, plainly."""
    split, n_guess = plain_splits(game), len(game.guesses)

    @cache
    def fits(cands: tuple[int, ...], left: int) -> bool:
        if left == 0:
            return False
        for g in range(n_guess):
            parts = split(g, cands)
            if parts is not None and all(fits(p, left - 1) for p in parts):
                return True
        return False

    everything = tuple(range(len(game.secrets)))
    return next(k for k in range(1, len(everything) + 2) if fits(everything, k))


def reference(game: Game, cap: int | None = None) -> tuple[int, int]:
    """(least total guesses, least worst case) by trying every guess everywhere, plainly."""
    split, n_guess = plain_splits(game), len(game.guesses)

    @cache
    def total(cands: tuple[int, ...], left: int) -> int:
        if left == 0:
            return INF
        best = INF
        for g in range(n_guess):
            parts = split(g, cands)
            if parts is not None:
                best = min(best, len(cands) + sum(total(p, left - 1) for p in parts))
        return best

    everything = tuple(range(len(game.secrets)))
    return total(everything, len(everything) + 1 if cap is None else cap), plain_worst(game)


@st.composite
def lopsided_games(draw: st.DrawFn) -> Game:
    """20 to 39 secrets whose feedback is mostly 0 (geometric, 3 or 4 kinds): sets no guess
    splits apart abound."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32)))
    n_secret = int(rng.integers(20, 40))
    n_guess, kinds = n_secret + int(rng.integers(0, 6)), int(rng.integers(3, 5))
    table = np.minimum(rng.geometric(0.6, (n_guess, n_secret)) - 1, kinds - 1)
    table[np.arange(n_secret), np.arange(n_secret)] = kinds  # solved
    return matrix_game(table, solved=kinds)


@settings(max_examples=30, deadline=None)
@given(lopsided_games())
def test_worst_case_matches_reference_where_second_guesses_fail(game: Game) -> None:
    """Nodes with three guesses left whose second guesses fail on sets no guess splits apart
    (the cores they learn, :class:`sleuth.solve.kernels.Cores`)."""
    assert optimal_worst(game, workers=1).worst == plain_worst(game)


@settings(max_examples=150, deadline=None)
@given(small_games(), st.sampled_from([None, 2, 3, 4]))
def test_searches_match_exhaustive_reference(game: Game, cap: int | None) -> None:
    best_total, best_worst = reference(game, cap)
    worst = optimal_worst(game, workers=1)
    assert worst.worst == best_worst
    assert sum(worst.distribution().values()) == len(game.secrets)
    if best_total >= INF:
        with pytest.raises(ValueError, match="no strategy"):
            optimal_mean(game, max_guesses=cap, workers=1)
        return
    mean = optimal_mean(game, max_guesses=cap, workers=1)
    assert mean.total == best_total
    assert cap is None or mean.worst <= cap
    assert mean.mean_fraction * len(game.secrets) == best_total


@settings(max_examples=100, deadline=None)
@given(small_games(), st.sampled_from([None, 3]), st.integers(0, 10), st.integers(-3, 3),
       st.integers(0, 8))
def test_upper_cut_bounds_the_optimum(game: Game, cap: int | None, first: int,
                                      shift: int, small_last: int) -> None:
    """Below the limit the result is the optimum; at or over it the search may stop, with a
    proven lower bound between the limit and the optimum (whichever classes come last)."""
    first %= len(game.guesses)
    try:
        exact = optimal_mean(game, max_guesses=cap, first_guess=first, workers=1).total
    except ValueError:
        return  # no strategy within the cap after that first guess
    upper = max(1, exact + shift)
    with patch.object(runner, "SMALL_LAST", small_last):
        result = optimal_mean(game, max_guesses=cap, first_guess=first, workers=1, upper=upper)
    if exact < upper:
        assert not result.cut and result.total == exact
    else:
        assert result.cut and upper <= result.total <= exact
        assert result.first_guess == game.guess_labels[first]


def fewest_reference(game: Game, cap: int, over: int, first: bool = False) -> tuple[int, int]:
    """(least total, then fewest games taking more than ``over`` guesses) within ``cap``; with
    ``first``, (fewest such games, then least total) as (games, total)."""
    codes = game.feedback(game.guesses, game.secrets).tolist()
    n = len(game.secrets)
    big = n * cap + 1  # more than any total

    @cache
    def best(cands: tuple[int, ...], level: int) -> int:
        if level > cap:
            return INF
        weight = (1 + big * (level == over + 1)) if first else (n + 1) + (level == over + 1)
        found = INF
        for g in range(len(codes)):
            classes: dict[int, list[int]] = {}
            for s in cands:
                classes.setdefault(codes[g][s], []).append(s)
            if len(classes) == 1 and game.solved not in classes:
                continue
            cost = weight * len(cands) + sum(best(tuple(c), level + 1)
                                             for code, c in classes.items()
                                             if code != game.solved)
            found = min(found, cost)
        return found

    score = best(tuple(range(n)), 1)
    return divmod(score, big) if first else divmod(score, n + 1)


@settings(max_examples=60, deadline=None)
@given(small_games(), st.integers(2, 4), st.integers(1, 3))
def test_fewest_over_matches_reference(game: Game, cap: int, over: int) -> None:
    if over >= cap:
        return
    total, long_games = fewest_reference(game, cap, over)
    if total >= INF // (len(game.secrets) + 1):
        return
    result = optimal_mean(game, max_guesses=cap, fewest_over=over, workers=1)
    assert result.total == total
    assert int((result.costs() > over).sum()) == long_games


@settings(max_examples=60, deadline=None)
@given(small_games(), st.integers(2, 4), st.integers(1, 3))
def test_fewest_first_matches_reference(game: Game, cap: int, over: int) -> None:
    if over >= cap:
        return
    long_games, total = fewest_reference(game, cap, over, first=True)
    if long_games * len(game.secrets) * cap >= INF // 2:
        return
    result = optimal_mean(game, max_guesses=cap, fewest_over=over, over_first=True, workers=1)
    assert int((result.costs() > over).sum()) == long_games
    assert result.total == total


def test_fewest_first_trades_total_for_fewer_long_games() -> None:
    game = mastermind(6, 4)
    first = optimal_mean(game, max_guesses=6, fewest_over=5, over_first=True, workers=1)
    assert (first.total, first.worst) == (published("mastermind-6x4-optimal-within-5"), 5)
    with pytest.raises(ValueError, match="needs fewest_over"):
        optimal_mean(game, over_first=True)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_twod_against_reference(n: int) -> None:
    game = twod(n)
    best_total, best_worst = reference(game)
    assert optimal_mean(game, workers=1).total == best_total
    assert optimal_worst(game, workers=1).worst == best_worst


def test_mastermind_small_against_reference() -> None:
    for game in (mastermind(3, 2), mastermind(2, 3), mastermind(4, 2, distinct=True)):
        best_total, best_worst = reference(game)
        assert optimal_mean(game, workers=1).total == best_total
        assert optimal_mean(game, workers=1, symmetry=False).total == best_total
        assert optimal_worst(game, workers=1).worst == best_worst


# -- building blocks ----------------------------------------------------------------------------


def test_lower_bounds_fill_levels() -> None:
    lbs = lower_bounds(30, 3, None)
    assert lbs[-1, :6].tolist() == [0, 1, 3, 5, 7, 10]  # 1 at level 1, 3 at level 2, then 3
    capped = lower_bounds(30, 3, 2)
    assert capped[2, 4] == 7 and capped[2, 5] == INF and capped[1, 2] == INF


def orbit_count(game: Game, history: list[str]) -> int:
    sym = CodeSymmetry(game.guesses, int(game.guesses.max()) + 1)
    return len(sym.representatives([game.guess_index(h) for h in history]))


def test_symmetry_orbits() -> None:
    game = mastermind(6, 4)
    assert CodeSymmetry.detect(game, tables(game).codes) is not None
    assert orbit_count(game, []) == 5  # AAAA AAAB AABB AABC ABCD
    assert orbit_count(bulls_cows(), []) == 1
    assert orbit_count(bulls_cows(), ["0123"]) == 20
    assert CodeSymmetry.detect(twod(4), tables(twod(4)).codes) is None
    words = word_game(["abc", "bca", "cab", "abd"])
    assert CodeSymmetry.detect(words, tables(words).codes) is None


def test_symmetry_keeps_one_guess_per_orbit_exactly() -> None:
    """Brute force: the orbits of guesses under colour and position permutations fixing h."""
    game = mastermind(4, 3)
    h = game.guess_index("112")
    guesses = [tuple(row) for row in game.guesses.tolist()]
    index = {g: i for i, g in enumerate(guesses)}
    orbits = set()
    for g in guesses:
        images = set()
        for colours in permutations(range(4)):
            for places in permutations(range(3)):
                image = tuple(colours[g[p]] for p in places)
                fixed = tuple(colours[guesses[h][p]] for p in places)
                if fixed == guesses[h]:
                    images.add(index[image])
        orbits.add(frozenset(images))
    reps = CodeSymmetry(game.guesses, 4).representatives([h])
    assert len(reps) == len(orbits)
    assert all(sum(r in orbit for r in reps) == 1 for orbit in orbits)


def test_games_that_cannot_be_searched() -> None:
    with pytest.raises(ValueError, match="Hangman"):
        optimal_mean(hangman(["cat", "cot", "cut"]))
    with pytest.raises(ValueError, match="'the guess is the secret'"):
        tables(matrix_game(np.array([[1, 1], [0, 1]]), solved=1))


def test_result_and_tree_strategy() -> None:
    game = mastermind(3, 3)
    result = optimal_mean(game, workers=1)
    assert result.exact and result.objective == "mean" and result.size == 27
    assert sum(result.distribution().values()) == 27
    assert result.mean == pytest.approx(result.total / 27)
    replay = evaluate(game, result.strategy())
    assert int(replay.cost.sum()) == result.total
    other = (result.tree.guess + 1) % len(game.guesses)
    code = int(game.codes(other, np.array([0]))[0])
    elsewhere = game.after(game.start(), other, code)
    with pytest.raises(ValueError, match="not in the strategy's tree"):
        TreePlayer(result.tree).choose(game, elsewhere)


def test_first_guess_and_position() -> None:
    game = mastermind(3, 3)
    forced = optimal_mean(game, first_guess="111", workers=1)
    assert forced.first_guess == "111"
    assert forced.total >= optimal_mean(game, workers=1).total
    pos = game.after(game.start(), game.guess_index("123"), game.parse("1B1W"))
    here = optimal_mean(game, pos, workers=1)
    best, _ = reference_from(game, pos)
    assert here.total == best
    assert optimal_worst(game, pos, workers=1).size == pos.candidates.size
    with pytest.raises(ValueError, match="leaves no guess"):
        optimal_mean(game, pos, max_guesses=1)


def reference_from(game: Game, pos: Position) -> tuple[int, int]:
    """The reference on the sub-game of a position's candidates (put first among the guesses)."""
    rest = np.setdiff1d(np.arange(len(game.guesses)), pos.candidates)
    order = np.concatenate([pos.candidates, rest])
    codes = game.feedback(game.guesses[order], game.secrets[pos.candidates])
    return reference(matrix_game(codes, solved=game.solved))


def test_top_k_gives_an_upper_bound() -> None:
    game = mastermind(4, 3)
    exact = optimal_mean(game, workers=1)
    rough = optimal_mean(game, workers=1, top_k=2)
    assert not rough.exact and rough.total >= exact.total


@settings(max_examples=120, deadline=None)
@given(small_games(), st.sampled_from([None, 2, 3, 4]), st.integers(1, 3))
def test_top_k_plays_a_strategy_no_better_than_the_optimum(game: Game, cap: int | None,
                                                           k: int) -> None:
    """The heuristic's total is its own tree's (optimal_mean checks) and never beats the
    optimum; under a cap it may find no strategy where there is one, never the reverse."""
    best_total, _ = reference(game, cap)
    try:
        rough = optimal_mean(game, max_guesses=cap, workers=1, top_k=k)
    except NoStrategy:
        return
    assert best_total < INF and rough.total >= best_total
    assert cap is None or rough.worst <= cap
    exact = optimal_mean(game, max_guesses=cap, workers=1)  # the same process: memos apart
    assert exact.total == best_total


@pytest.mark.cluster
def test_process_pool_and_dask_agree_with_one_process() -> None:
    from distributed import Client, LocalCluster

    game = mastermind(4, 3)
    serial = optimal_mean(game, workers=1)
    pooled = optimal_mean(game, workers=2)
    assert pooled.total == serial.total
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        assert optimal_mean(game, cluster=client).total == serial.total
        assert optimal_worst(game, cluster=cluster.scheduler_address).worst == \
            optimal_worst(game, workers=1).worst
        capped = optimal_mean(game, max_guesses=serial.worst, cluster=client)
        assert capped.total == serial.total
        cut = optimal_mean(game, cluster=client, upper=serial.total)
        assert cut.cut and cut.total >= serial.total
    cut = optimal_mean(game, workers=2, upper=serial.total)
    assert cut.cut and cut.total >= serial.total


# -- the published figures ------------------------------------------------------------------------


def test_twod_five_greedy_five_optimal_four() -> None:
    game = twod(5)
    assert evaluate(game, Greedy("entropy")).worst == published("twod-5-entropy-worst")
    best = optimal_worst(game, workers=1)
    assert best.worst == published("twod-5-optimal-worst") and best.evaluation.failures == 0


def test_mastermind_distinct_optimal_worst_case_five() -> None:
    game = mastermind(6, 4, distinct=True)
    assert evaluate(game, Greedy("entropy")).distribution() == {2: 7, 3: 55, 4: 229, 5: 69}
    worst = optimal_worst(game, workers=1).worst
    assert worst == published("mastermind-6x4-distinct-optimal-worst")


def test_knuth_minimax_5801() -> None:
    result = evaluate(mastermind(6, 4), Greedy("minimax"))
    assert (int(result.cost.sum()), result.worst) == (published("mastermind-6x4-knuth"),
                                                      published("mastermind-6x4-knuth-worst"))


@pytest.mark.slow
def test_mastermind_optimal_mean_5625_and_5626_within_five() -> None:
    game = mastermind(6, 4)
    best = optimal_mean(game)
    assert best.total == published("mastermind-6x4-optimal") and best.worst == 6
    fewest = optimal_mean(game, max_guesses=6, fewest_over=5)
    assert fewest.total == best.total and fewest.distribution()[6] == 1  # as Koyama and Lai's
    assert optimal_mean(game, max_guesses=5).total == published("mastermind-6x4-optimal-within-5")


def test_eight_colours_distinct_greedy_seven_optimal_six() -> None:
    game = mastermind(8, 4, distinct=True)
    assert evaluate(game, Greedy("entropy")).worst == published(
        "mastermind-8x4-distinct-entropy-worst")
    best = optimal_worst(game, workers=1)
    assert best.worst == published("mastermind-8x4-distinct-optimal-worst")
    assert sum(best.distribution().values()) == 1680


@pytest.mark.slow
def test_seven_colours_optimal_mean_within_six_11228() -> None:
    total = optimal_mean(mastermind(7, 4), max_guesses=6).total
    assert total == published("mastermind-7x4-optimal-within-6")


@pytest.mark.slow
def test_bulls_and_cows_optimal_mean_26274() -> None:
    best = optimal_mean(bulls_cows())
    assert (best.total, best.worst) == (published("bulls-cows-optimal"),
                                        published("bulls-cows-worst"))


def test_words_too_long_for_the_tables_are_refused_in_one_line() -> None:
    from sleuth.games.wordle.game import wordle_game

    words = ["acetylphenylhydrazine", "acetylphenylhydrazina"]
    with pytest.raises(ValueError, match="more than the exact search's tables hold"):
        optimal_mean(wordle_game(words, words))
