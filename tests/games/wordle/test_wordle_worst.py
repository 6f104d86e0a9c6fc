"""The worst-case sweep over first guesses: the same answer as the search over every opener at
once, whatever order the openers come in, resumable, and never appended to another file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordle_plain import SMALL, small_game

from sleuth.core.errors import NoStrategy
from sleuth.games.wordle.game import wordle_game
from sleuth.games.wordle.openers import sweep_order
from sleuth.games.wordle.worst import WorstSweep, every_opener, worst_openers
from sleuth.solve.search import optimal_worst


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


@settings(max_examples=12, deadline=None)
@given(st.lists(st.sampled_from(SMALL), min_size=3, max_size=30, unique=True),
       st.randoms(use_true_random=False), st.booleans())
def test_the_sweep_finds_the_fewest_guesses_over_every_opener(
        answers: list[str], rng: random.Random, hard: bool) -> None:
    """Every opener is either searched to its worst case or shown to need more than the best
    less one, in any order: the best is the search over all openers at once."""
    import tempfile

    game = wordle_game(answers, SMALL, hard=hard, attempts=8)
    order = every_opener(game)
    assert sorted(order) == sorted(game.guess_labels)
    rng.shuffle(order)
    with tempfile.TemporaryDirectory() as folder:
        sweep = worst_openers(game, order, Path(folder) / "worst.jsonl", workers=1)
    best = sweep.best
    assert best is not None and best[1] == optimal_worst(game, workers=1).worst
    assert all(sweep.done(word) for word in order)
    assert set(sweep.worst) | set(sweep.above) == set(order)
    for word in rng.sample(order, 3):  # each line is what the search after it says
        worst = optimal_worst(game, first_guess=word, workers=1).worst
        assert sweep.worst.get(word, worst) == worst and sweep.above.get(word, 0) < worst


@pytest.mark.parametrize("hard", [False, True])
def test_an_opener_that_tells_nothing_still_has_its_worst_case(hard: bool) -> None:
    """HUMPH shares no letter with these answers: it is searched all the same (it once fell
    out of the root's useful guesses, and the search said no strategy fits), one guess more
    than the best opener, and so no better than the best by the sweep either."""
    game = wordle_game(["cigar", "sissy", "crazy"], SMALL, hard=hard, attempts=8)
    after = optimal_worst(game, first_guess="humph", workers=1)
    assert (after.first_guess, after.worst) == ("humph", 3)
    assert optimal_worst(game, workers=1).worst == 2


def test_a_sweep_resumes_and_searches_no_opener_twice(tmp_path: Path) -> None:
    game = small_game()
    order = sweep_order(game)
    path = tmp_path / "worst.jsonl"
    seen: list[str] = []
    first = worst_openers(game, order[:10], path, workers=1,
                          on_result=lambda word, _: seen.append(word))
    with path.open("a") as handle:
        handle.write('{"guess": "cra')  # torn by an interrupted run
    again = worst_openers(game, order, path, workers=1,
                          on_result=lambda word, _: seen.append(word))
    assert sorted(seen) == sorted(order) and seen[:10] == order[:10]
    assert first.best is not None and again.best == WorstSweep.load(path).best
    assert [r["guess"] for r in lines(path)] == seen


def test_openers_side_by_side_agree_with_one_at_a_time(tmp_path: Path) -> None:
    game = small_game()
    order = sweep_order(game)
    one = worst_openers(game, order, tmp_path / "one.jsonl", workers=1)
    two = worst_openers(game, order, tmp_path / "two.jsonl", workers=2)
    assert one.best is not None and two.best is not None and one.best[1] == two.best[1]
    assert all(two.done(word) for word in order)


def test_a_better_opener_found_late_becomes_the_best(tmp_path: Path) -> None:
    """An opener better than the best so far is searched to its own worst case; the bounds
    recorded before stay valid (each above the old best less one)."""
    game = small_game()
    order = sweep_order(game)
    worst = {w: optimal_worst(game, first_guess=w, workers=1).worst for w in order[:40]}
    poor = [w for w in order[:40] if worst[w] > min(worst.values())]
    good = [w for w in order[:40] if worst[w] == min(worst.values())]
    path = tmp_path / "worst.jsonl"
    sweep = worst_openers(game, [poor[0], *good[:1], *poor[1:4]], path, workers=1)
    assert sweep.worst == {poor[0]: worst[poor[0]], good[0]: worst[good[0]]}
    assert all(sweep.above[w] == worst[good[0]] - 1 for w in poor[1:4])


def test_when_no_opener_finds_every_answer_in_time(tmp_path: Path) -> None:
    trap = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
    game = wordle_game(trap, trap, attempts=2)
    with pytest.raises(NoStrategy):
        optimal_worst(game, workers=1, limit=2)
    assert sweep_order(game) == []  # none can: the exact search would try none
    sweep = worst_openers(game, every_opener(game), tmp_path / "worst.jsonl", workers=1)
    assert sweep.best is None and sweep.above == dict.fromkeys(trap, 2)


def test_a_worst_sweep_refuses_other_files(tmp_path: Path) -> None:
    game = small_game()
    path = tmp_path / "worst.jsonl"
    worst_openers(game, sweep_order(game)[:3], path, workers=1)
    with pytest.raises(ValueError, match="other settings"):
        worst_openers(small_game(hard=True), ["salet"], path, workers=1)
    mean = tmp_path / "mean.jsonl"
    mean.write_text('{"guess": "salet", "total": 120}\n')
    with pytest.raises(ValueError, match="is not a worst-case sweep"):
        worst_openers(game, ["salet"], mean, workers=1)


def test_records_count_in_any_order() -> None:
    from itertools import permutations

    records = [{"guess": "crane", "above": 3}, {"guess": "crane", "above": 4},
               {"guess": "slate", "above": 3}, {"guess": "slate", "worst": 5},
               {"type": "header"}]
    for order in permutations(records):
        sweep = WorstSweep.of(order)
        assert (sweep.worst, sweep.above) == ({"slate": 5}, {"crane": 4})
        assert sweep.done("crane") and sweep.best == ("slate", 5)
