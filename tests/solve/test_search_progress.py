"""The exact searches' progress: real totals from the start, done never past the total, and
the first total the classes a plain count of the first guesses' classes finds."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given, settings

from helpers import small_games
from sleuth.core.game import Game
from sleuth.games.mastermind import mastermind
from sleuth.games.twod import twod
from sleuth.solve.search import optimal_mean, optimal_worst

Told = list[tuple[int, int]]


def told(search: Callable[..., object], game: Game, **options: object) -> Told:
    """Every (done, total) the search tells its progress callback."""
    calls: Told = []
    search(game, progress=lambda done, total: calls.append((done, total)), **options)
    return calls


def check_told(calls: Told) -> None:
    """Told from the start with a total, one class at a time, never past the total, and all of
    it done at the end."""
    assert calls and calls[0][0] == 0
    assert calls[0][1] > 0 or all(total == 0 for _, total in calls)
    assert all(0 <= done <= total for done, total in calls), calls
    assert all(d1 - d0 in (0, 1) for (d0, _), (d1, _) in pairwise(calls))
    assert calls[-1][0] == calls[-1][1], calls


def plain_first_classes(game: Game, least: int) -> int:
    """The classes of ``least`` or more secrets over every first guess that learns something,
    their feedback compared plainly (a guess learns nothing when it leaves one unsolved class
    of every secret)."""
    codes = np.asarray(game.feedback(game.guesses, game.secrets)).tolist()
    solved = game.ends  # every end feedback counts as the secret found
    count = 0
    for row in codes:
        sizes: dict[int, int] = {}
        for code in row:
            sizes[code] = sizes.get(code, 0) + 1
        unsolved = {code: size for code, size in sizes.items() if code not in solved}
        if len(sizes) == 1 and unsolved:
            continue  # learns nothing
        count += sum(size >= least for size in unsolved.values())
    return count


@settings(max_examples=80, deadline=None)
@given(small_games(9))
def test_mean_search_starts_with_every_first_guess_classes(game: Game) -> None:
    try:
        calls = told(optimal_mean, game, workers=1, symmetry=False)
    except ValueError:  # no strategy finds every secret
        return
    check_told(calls)
    assert calls[0] == (0, plain_first_classes(game, 3))
    assert all(t1 <= t0 for (_, t0), (_, t1) in pairwise(calls))


@settings(max_examples=80, deadline=None)
@given(small_games(9))
def test_worst_search_tells_its_totals(game: Game) -> None:
    try:
        calls = told(optimal_worst, game, workers=1, symmetry=False)
    except ValueError:
        return
    check_told(calls)
    assert calls[0][1] <= plain_first_classes(game, 2)  # the guesses a first k can use


@pytest.mark.parametrize("game", [twod(4), mastermind(3, 3), mastermind(4, 3)],
                         ids=["twod-4", "mastermind-3x3", "mastermind-4x3"])
def test_searches_in_this_process_tell_real_totals(game: Game) -> None:
    for search in (optimal_mean, optimal_worst):
        calls = told(search, game, workers=1)
        check_told(calls)
        assert calls[0][1] > 0
    capped = told(optimal_mean, game, workers=1, max_guesses=optimal_worst(game).worst)
    check_told(capped)


@pytest.mark.processes
def test_a_process_pool_tells_real_totals() -> None:
    game = mastermind(4, 3)
    for search in (optimal_mean, optimal_worst):
        check_told(told(search, game, workers=2))


@pytest.mark.cluster
def test_a_dask_cluster_tells_real_totals() -> None:
    from distributed import Client, LocalCluster

    game = mastermind(4, 3)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        for search in (optimal_mean, optimal_worst):
            check_told(told(search, game, cluster=client))
