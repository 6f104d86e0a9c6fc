"""The proven optimum against plain exhaustive search, its tree replayed, its progress told."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from hangman_plain import UZZLE, reference_value, word_lists
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core.tree import TreePlayer, evaluate
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.masks import tables
from sleuth.games.hangman.optimal import _misses_first, optimum
from sleuth.games.hangman.search import UNLIMITED
from sleuth.games.hangman.solvers import FewestMisses, LetterEntropy, get_solver
from sleuth.words.wordlist import shipped_words


@settings(max_examples=40, deadline=None)
@given(word_lists, st.sampled_from([0, 1, 2, 30, UNLIMITED]))
def test_optimum_matches_exhaustive_search(words: list[str], lives: int) -> None:
    game = hangman(words, lives=lives)
    lost, miss = reference_value(game.secret_labels, [1.0] * len(words), lives)
    best = optimum(game)
    assert (best.lost, best.misses) == (round(lost), round(miss))
    assert best.objective == ("misses" if lives == UNLIMITED else "win")
    for greedy in (FewestMisses(), LetterEntropy()):
        other = evaluate(game, greedy)
        assert (best.lost, best.misses) <= (other.failures, int(other.cost.sum()))


@settings(max_examples=20, deadline=None)
@given(st.permutations([*UZZLE, "bottle", "battle", "little", "settle", "kettle"]))
def test_optimum_ignores_the_order_of_the_words(words: list[str]) -> None:
    """The same words listed in any order: the same value and the same tree shape."""
    best = optimum(hangman(words, lives=UNLIMITED))
    _, miss = reference_value(sorted(words), [1.0] * len(words), UNLIMITED)
    assert (best.lost, best.misses) == (0, round(miss))
    replayed = evaluate(best.game, get_solver("optimal"))  # a second, plain replay
    assert int(replayed.cost.sum()) == best.misses
    assert np.array_equal(np.sort(replayed.cost), np.sort(best.cost))


def test_progress_counts_the_first_letters_classes() -> None:
    words = [*UZZLE, "bottle", "battle", "little", "settle", "kettle", "bubble", "nibble"]
    told: list[tuple[int, int]] = []
    optimum(hangman(words, lives=UNLIMITED), progress=lambda done, total: told.append((done,
                                                                                     total)))
    assert told, "the search told no progress"
    _check_progress(told)


def _check_progress(told: list[tuple[int, int]]) -> None:
    """Each report a class more searched, or fewer left to search (a letter refuted without
    them); never past the total, which the last report reaches."""
    for (done, total), (then, later) in itertools.pairwise(told):
        assert then == done + 1 or (then == done and later <= total), (done, total, then, later)
    assert told[0][0] in (0, 1) and all(done <= total for done, total in told)
    assert told[-1][0] == told[-1][1]


# The fewest-misses search here picks a tree that loses a word with one life; another tree
# as good without lives loses none.
TIED = ["become", "bottom", "bounce", "bright", "broken", "bronze", "bundle", "button", "muzzle"]
FIRST = "sleuth.games.hangman.optimal.MISSES_FIRST_LOST"  # the search without lives first: 1.0


def test_a_fewest_misses_tree_that_wins_every_word_is_optimal_with_lives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No strategy wins every word with fewer misses than the fewest with unlimited lives, so
    that tree, when it wins every word, is the optimum: no second search."""
    monkeypatch.setattr(FIRST, 1.0)
    words = [*UZZLE[:3], "bottle", "battle", "little", "settle", "kettle", "bubble", "nibble"]
    free = optimum(hangman(words, lives=UNLIMITED))
    lives = int(free.cost.max())
    won = optimum(hangman(words, lives=lives))
    assert (won.lost, won.misses, won.nodes) == (0, free.misses, free.nodes)
    less = optimum(hangman(words, lives=lives - 1))  # that tree loses a word: searched again
    lost, miss = reference_value(sorted(words), [1.0] * len(words), lives - 1)
    assert (less.lost, less.misses) == (round(lost), round(miss))
    assert less.nodes > free.nodes


@pytest.mark.parametrize("first", [1.0, -1.0])
def test_the_search_with_lives_beats_the_fewest_misses_tree_it_starts_from(
        first: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """With or without the fewest-misses search first (its tree then the best so far)."""
    monkeypatch.setattr(FIRST, first)
    fewest = optimum(hangman(TIED, lives=UNLIMITED)).root
    free = evaluate(hangman(TIED, lives=1), TreePlayer(fewest))
    best = optimum(hangman(TIED, lives=1))
    lost, miss = reference_value(TIED, [1.0] * len(TIED), 1)
    assert (best.lost, best.misses) == (round(lost), round(miss)) == (0, 4)
    assert free.failures == 1  # the tree it started from


def test_progress_runs_on_through_both_searches_with_lives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FIRST, 1.0)
    told: list[tuple[int, int]] = []
    optimum(hangman(TIED, lives=1), progress=lambda done, total: told.append((done, total)))
    _check_progress(told)


def test_the_fewest_misses_search_comes_first_only_when_few_words_are_lost() -> None:
    """The seed's rule loses most of a family with no life to spare, none with lives enough:
    only then does the search without lives come first (it settles such lists at once)."""
    words = [*UZZLE[:3], "bottle", "battle", "little", "settle", "kettle", "bubble", "nibble"]
    assert not _misses_first(hangman(words, lives=0))
    assert _misses_first(hangman(words, lives=30))
    free = optimum(hangman(words, lives=UNLIMITED))
    assert optimum(hangman(words, lives=30)).nodes == free.nodes  # no second search


def test_a_single_word_is_found_without_a_miss() -> None:
    best = optimum(hangman(["elephant"], lives=UNLIMITED))
    assert (best.misses, best.lost) == (0, 0)
    assert best.game.guess_labels[best.root.guess] in "elephant"  # a free hit


def test_a_prior_is_refused() -> None:
    with pytest.raises(ValueError, match="no prior"):
        optimum(hangman(UZZLE, weights=np.arange(1.0, len(UZZLE) + 1)))


@pytest.mark.processes
def test_optimum_on_two_workers_agrees_with_one() -> None:
    words = [*UZZLE, "bottle", "battle", "little", "settle", "kettle", "bubble", "nibble",
             "dabble", "fiddle", "riddle", "middle", "cuddle", "muddle", "puddle", "waddle"]
    for lives in (1, UNLIMITED):
        here = optimum(hangman(words, lives=lives))
        there = optimum(hangman(words, lives=lives), workers=2)
        assert (there.lost, there.misses) == (here.lost, here.misses)
        assert np.array_equal(np.sort(there.cost), np.sort(here.cost))


@pytest.mark.cluster
def test_optimum_on_a_dask_cluster_agrees_with_here() -> None:
    from distributed import LocalCluster

    words = [*UZZLE, "bottle", "battle", "little", "settle", "kettle", "bubble", "nibble"]
    here = optimum(hangman(words, lives=2))
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        there = optimum(hangman(words, lives=2), cluster=cluster.scheduler_address)
    assert (there.lost, there.misses) == (here.lost, here.misses)


def test_a_stopped_search_resumes_from_its_journal(tmp_path: Path) -> None:
    words = [*UZZLE, "bottle", "battle", "little", "settle", "kettle", "bubble", "nibble",
             "dabble", "fiddle", "riddle", "middle", "cuddle", "muddle", "puddle", "waddle"]
    path = tmp_path / "search.jsonl"
    whole = optimum(hangman(words, lives=1), journal=path)
    lines = path.read_text().splitlines()
    again = optimum(hangman(words, lives=1), journal=path)  # a fresh memo: what was kept helps
    assert again.nodes < whole.nodes and (again.lost, again.misses) == (whole.lost, whole.misses)
    assert len(lines) > 2
    path.write_text("\n".join(lines[:2]) + "\n" + lines[2][:10])  # stopped, a line torn
    again = optimum(hangman(words, lives=1), journal=path)
    assert (again.lost, again.misses) == (whole.lost, whole.misses)
    assert np.array_equal(again.cost, whole.cost)
    assert len(path.read_text().splitlines()) >= len(lines)
    with pytest.raises(ValueError, match="other settings"):
        optimum(hangman(words, lives=2), journal=path)


@pytest.mark.parametrize("lives", [UNLIMITED, 2])
def test_the_squeeze_changes_the_search_not_the_optimum(lives: int) -> None:
    """Asking each class first for its share of the gap proves the same optimum by another
    path (300 five-letter words of the shipped list, drawn alike whatever its order; on sets
    this small it saves nothing, on whole lengths it does: bench.hangman_floors)."""
    words = sorted(shipped_words("lingo-official").of_length(5))
    drawn = [words[i] for i in np.random.default_rng(5).choice(len(words), 300, replace=False)]
    found = []
    for squeeze in (True, False):
        game = hangman(drawn, lives=lives)
        tables(game).squeeze = squeeze
        best = optimum(game)
        found.append((best.lost, best.misses, best.nodes))
    assert found[0][:2] == found[1][:2]
    assert found[0][2] != found[1][2]


def test_a_full_memo_drops_its_smallest_sets_not_the_optimum() -> None:
    """A memo capped at a few hundred entries is pruned again and again as the search goes
    (its smallest sets dropped first) and the search proves the same optimum, finding again
    what it dropped."""
    words = sorted(shipped_words("lingo-official").of_length(5))
    drawn = [words[i] for i in np.random.default_rng(6).choice(len(words), 300, replace=False)]
    found = []
    for cap in (None, 300):
        game = hangman(drawn)
        if cap is not None:
            tables(game).memo_cap = cap
        best = optimum(game)
        found.append((best.misses, best.nodes, len(tables(game).memo)))
    assert found[0][0] == found[1][0]
    assert found[1][1] > found[0][1]  # what was dropped was searched again
    assert found[1][2] < found[0][2] and found[0][2] > 300
