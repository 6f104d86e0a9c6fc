"""The book of optimal trees: figures read off a searched tree, positions looked up on it, the
opener's tree in the user cache, and the search in a worker process (progress, time, cancel)."""

from __future__ import annotations

import time

import numpy as np
import pytest

from helpers import WORDLE_SAMPLE
from sleuth.core.game import Position
from sleuth.core.tree import Node
from sleuth.games.wordle.book import Book, Search, read_opener_tree, tree_figures, write_opener_tree
from sleuth.games.wordle.game import wordle_game
from sleuth.games.wordle.hint import HintSession, Shared
from sleuth.solve.search import optimal_mean
from sleuth.words import feedback as fb

ANSWERS = WORDLE_SAMPLE
GUESSES = [*ANSWERS, "salet", "crane", "slate", "trace"]


@pytest.fixture(scope="module")
def game():
    return wordle_game(ANSWERS, GUESSES)


def test_a_trees_figures_are_the_searchs(game) -> None:
    result = optimal_mean(game, max_guesses=6, workers=1)
    figures = tree_figures(game, result.tree, game.start().candidates)
    root = figures[id(result.tree)]
    assert (root.total, root.worst, root.size) == (result.total, result.worst, len(ANSWERS))
    with pytest.raises(ValueError, match="does not cover"):
        tree_figures(game, Node(result.tree.guess, len(ANSWERS)), game.start().candidates)


def test_a_position_on_a_kept_tree_gets_its_figures(game) -> None:
    shared = Shared(game)
    cands = game.start().candidates
    result = optimal_mean(game, max_guesses=6, workers=1)
    shared.book.add(cands, 0, result.tree, "a tree")
    found = HintSession(game, shared=shared).report().optimal
    assert found is not None and found.source == "a tree"
    assert (found.word, found.mean, found.worst) == (result.first_guess, result.mean,
                                                     result.worst)
    # one step down the tree: the subtree's own optimum
    code, part = max(game.partition(result.tree.guess, cands), key=lambda c: c[1].size)
    assert part.size > 2
    report = HintSession(game, shared=shared).feed(
        f"{result.first_guess} {fb.to_text(code, 5, 'digits')}")
    below = optimal_mean(game, Position(part, cost=1), max_guesses=6, workers=1)
    assert report.optimal.source == "a tree" and report.optimal.mean == pytest.approx(below.mean)
    # off the tree (another first guess), or in hard mode: not from the book
    other = next(w for w in ("salet", "crane") if w != result.first_guess)
    off = HintSession(game, shared=shared)
    off.feed(f"{other} {fb.to_text(fb.reference_code(other, 'cigar'), 5, 'digits')}")
    assert off.from_book() is None
    assert HintSession(game, shared=shared, hard=True).report().optimal is None
    assert Book(game).lookup([cands], []) is None


def test_the_opener_tree_goes_to_the_cache_and_back(game) -> None:
    result = optimal_mean(game, first_guess="salet", max_guesses=6, workers=1)
    assert read_opener_tree(game, "salet") is None
    write_opener_tree(game, "salet", result.tree)
    tree = read_opener_tree(game, "salet")
    assert tree is not None and tree.guess == result.tree.guess
    figures = tree_figures(game, tree, game.start().candidates)
    assert figures[id(tree)].total == result.total


def wait(search: Search, seconds: float = 120.0) -> str:
    deadline = time.monotonic() + seconds
    while search.poll() == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
    return search.state


@pytest.mark.processes
def test_the_search_in_a_worker_gives_the_optimum_with_progress(game) -> None:
    cands = np.arange(len(ANSWERS), dtype=np.int64)
    search = Search(game, cands, 0, 120.0)
    assert wait(search) == "done" and search.done == search.total > 0
    optimal, tree = search.result
    best = optimal_mean(game, max_guesses=6, workers=1)
    assert (optimal.word, optimal.mean) == (best.first_guess, best.mean)
    assert tree_figures(game, tree, cands)[id(tree)].total == best.total


@pytest.mark.processes
def test_the_search_ends_when_cancelled_or_out_of_time(game) -> None:
    cands = np.arange(len(ANSWERS), dtype=np.int64)
    late = Search(game, cands, 0, 0.01)
    assert wait(late) == "ran out" and "ran out" in late.reason and late.result is None
    stopped = Search(game, cands, 0, 120.0)
    stopped.cancel()
    assert stopped.poll() == "cancelled" and not stopped._process.is_alive()
