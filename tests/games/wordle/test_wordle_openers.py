"""Openers: the table of every first guess, and the exact sweep over first guesses."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from wordle_plain import small_game

from sleuth.core.storage import published, published_table
from sleuth.games.wordle.game import game_from, wordle_game
from sleuth.games.wordle.lists import load_lists
from sleuth.games.wordle.openers import (
    BEST_OPENERS,
    REPRODUCED,
    default_opener,
    opener_table,
    proven_opener,
    rank_openers,
    shipped_name,
)
from sleuth.games.wordle.ratings import EXACT, OBJECTIVES, green_yellow_scores, rate


def test_opener_table_agrees_with_rate() -> None:
    game = small_game()
    table = opener_table(game)
    every = {r.word: r for r in rate(game, table["index"], game.start().candidates)}
    for i, g in enumerate(table["index"]):
        r = every[game.guess_labels[g]]
        assert table["expected"][i] == pytest.approx(r.expected)
        assert table["worst"][i] == r.worst and table["entropy"][i] == pytest.approx(r.entropy)
        assert table["green-yellow"][i] == pytest.approx(r.green_yellow)
    best = rank_openers(table, "entropy")[0]
    assert table["entropy"][best] == table["entropy"].max()


def test_openers_on_the_original_lists(original) -> None:
    game = wordle_game(*original)
    table = opener_table(game)
    words = [game.guess_labels[table["index"][i]] for i in rank_openers(table, "entropy")[:3]]
    assert words[0] == "soare"  # the known greedy-entropy opener of these lists
    top = game.guess_labels[table["index"][rank_openers(table, "expected")[0]]]
    assert top == "roate"
    points = green_yellow_scores(game, table["index"], game.start().candidates)
    best = game.guess_labels[table["index"][rank_openers(table, "green-yellow")[0]]]
    assert best == game.guess_labels[table["index"][int(points.argmax())]]


@pytest.mark.parametrize(("name", "hard"), sorted(BEST_OPENERS))
def test_the_proven_opener_of_each_shipped_list(name: str, hard: bool) -> None:
    """Each shipped list generation and mode knows its published best opener, with the figure
    and source of data/published.toml, and says whether sleuth has reproduced it."""
    game = game_from(load_lists(list_name=name), hard=hard)
    assert shipped_name(game) == name
    opener = proven_opener(game)
    key = BEST_OPENERS[name, hard]
    assert opener is not None and opener.objective == EXACT
    assert opener.word in game.guess_labels and opener.word.upper() in published_table()[key][
        "what"]
    assert opener.total == published(key) and opener.total >= len(game.secrets)
    assert ("not yet reproduced" in opener.source) == (key not in REPRODUCED)
    assert default_opener(game) == opener
    assert proven_opener(game, hard=not hard) == proven_opener(
        game_from(load_lists(list_name=name), hard=not hard))


def test_the_published_openers_are_salet_and_tarse() -> None:
    """The issue's figures: SALET on the original lists (both modes), TARSE on the current
    ones; only the original lists' figures are reproduced here yet."""
    words = {key: proven_opener(game_from(load_lists(list_name=name), hard=hard))
             for key, (name, hard) in {"original": ("wordle-original", False),
                                       "original-hard": ("wordle-original", True),
                                       "current": ("wordle-nyt-2023-07-01", False),
                                       "current-hard": ("wordle-nyt-2023-07-01", True)}.items()}
    assert {k: (w.word, w.total) for k, w in words.items() if w} == {
        "original": ("salet", 7920), "original-hard": ("salet", 8122),
        "current": ("tarse", 11219), "current-hard": ("tarse", 11627)}
    assert "reproduced here" in words["original"].source
    assert "not yet reproduced here" in words["current"].source


def test_other_lists_fall_back_to_a_named_heuristic() -> None:
    """Lists without a published optimum (or played otherwise: a prior, fewer attempts, Lingo
    points) get the best opener by expected remaining, and say it is a heuristic."""
    game = small_game()
    assert shipped_name(game) is None and proven_opener(game) is None
    opener = default_opener(game)
    table = opener_table(game)
    assert opener.word == game.guess_labels[table["index"][rank_openers(table, "expected")[0]]]
    assert opener.objective == OBJECTIVES["expected"] and "heuristic" in opener.source
    lists = load_lists(list_name="wordle-original")
    for options in ({"prior": "frequency"}, {"attempts": 5}, {"scoring": "lingo"}):
        assert shipped_name(game_from(lists, **options)) is None, options


@pytest.mark.slow
@pytest.mark.parametrize("first", ["salet", "slate", "crane"])
def test_optimal_totals(original, first: str) -> None:
    from sleuth.solve.search import optimal_mean

    result = optimal_mean(wordle_game(*original), first_guess=first, max_guesses=6)
    assert result.total == published(f"wordle-original-{first}") and result.worst <= 6


def test_sweep_is_resumable_and_cuts_with_an_upper_bound(tmp_path: Path) -> None:
    from sleuth.games.wordle.openers import Sweep, sweep_openers

    game = small_game()
    calls: list[tuple[str, int | None]] = []
    totals = {"salet": 120, "crane": 118, "cigar": 130, "slate": 118}

    class Result:
        def __init__(self, total: int, cut: bool = False) -> None:
            self.total, self.cut = total, cut

    def search(game, *, first_guess: str, max_guesses: int, upper: int | None = None):
        calls.append((first_guess, upper))
        total = totals[first_guess]
        return Result(upper + 2, True) if upper is not None and total >= upper else Result(total)

    path = tmp_path / "sweep.jsonl"
    sweep = sweep_openers(game, ["salet", "crane"], path, search=search)
    assert sweep.best == ("crane", 118) and calls == [("salet", None), ("crane", 121)]
    with path.open("a") as handle:
        handle.write('{"guess": "tor')  # a torn line from an interrupted run
    again = sweep_openers(game, ["salet", "crane", "cigar", "slate"], path, search=search)
    assert calls[2:] == [("cigar", 119), ("slate", 119)]  # ties are searched to the end
    assert again.at_least == {"cigar": 121} and again.totals["slate"] == 118
    assert again.best == ("crane", 118)
    assert Sweep.load(path).totals == {"salet": 120, "crane": 118, "slate": 118}
    assert sweep_openers(game, ["cigar", "salet"], path, search=search).at_least == again.at_least
    assert len(calls) == 4  # nothing searched twice


def test_a_sweep_is_never_appended_to_a_file_of_something_else(tmp_path: Path) -> None:
    from sleuth.games.wordle.openers import Sweep, sweep_openers

    def search(game: object, **options: object) -> None:
        raise AssertionError("nothing is searched")

    path = tmp_path / "notes.jsonl"
    path.write_text('{"guess": "salet", "total": 120}\nmy notes\n')
    with pytest.raises(ValueError, match="line 2: not a record of a sweep"):
        sweep_openers(small_game(), ["salet", "crane"], path, search=search)
    assert path.read_text() == '{"guess": "salet", "total": 120}\nmy notes\n'
    if hasattr(os, "mkfifo"):  # read as word lists are: a FIFO is refused, never waited on
        os.mkfifo(tmp_path / "fifo")
        with pytest.raises(ValueError, match="named pipe"):
            Sweep.load(tmp_path / "fifo")


def test_a_sweep_resumes_a_file_without_header_and_refuses_another_games(
        tmp_path: Path) -> None:
    from sleuth.games.wordle.openers import Sweep, sweep_openers

    class Result:
        total, cut = 130, False

    searched: list[str] = []

    def search(game: object, *, first_guess: str, **options: object) -> Result:
        searched.append(first_guess)
        return Result()

    old = tmp_path / "old.jsonl"  # as sweeps wrote them before they had a header
    old.write_text('{"guess": "salet", "total": 120}\n{"guess": "crane", "at_least": 121}\n')
    sweep = sweep_openers(small_game(), ["salet", "crane", "cigar"], old, search=search)
    assert searched == ["cigar"] and sweep.at_least == {"crane": 121}
    assert Sweep.load(old).totals == {"salet": 120, "cigar": 130}
    new = tmp_path / "new.jsonl"
    sweep_openers(small_game(), ["salet"], new, search=search)
    before = new.read_bytes()
    with pytest.raises(ValueError, match=f"{new} was made with other settings: .*hard: "
                       "file False, now True"):
        sweep_openers(small_game(hard=True), ["crane"], new, search=search)
    assert new.read_bytes() == before and searched == ["cigar", "salet"]


@pytest.mark.parametrize("hard", [False, True])
def test_sweep_with_cut_offs_finds_the_full_sweeps_best(tmp_path: Path, hard: bool) -> None:
    from sleuth.games.wordle.openers import sweep_openers, sweep_order
    from sleuth.solve.search import optimal_mean

    game = small_game(hard=hard)
    order = sweep_order(game)
    assert sorted(order) == sorted(game.guess_labels) and len(order) == len(game.guesses)
    full = sweep_openers(game, order, tmp_path / "full.jsonl", cut=False, workers=1)
    assert not full.at_least and len(full.totals) == len(order)
    fast = sweep_openers(game, order, tmp_path / "fast.jsonl", workers=1)
    assert fast.best == full.best and fast.at_least
    best = full.best[1]
    for word, total in fast.totals.items():
        assert total == full.totals[word]
    for word, bound in fast.at_least.items():
        assert best < bound <= full.totals[word]
    assert {w for w, t in full.totals.items() if t == best} <= set(fast.totals)
    word = next(iter(fast.at_least))
    assert optimal_mean(game, first_guess=word, max_guesses=6, workers=1).total == \
        full.totals[word]
