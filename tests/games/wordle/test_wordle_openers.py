"""Openers: the table of every first guess, and the exact sweep over first guesses."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordle_plain import small_game

from sleuth.core.errors import NoStrategy
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


class FakeResult:
    """What a sweep reads of a search's result: the total, and whether it is a cut bound."""

    def __init__(self, total: int, cut: bool = False) -> None:
        self.total, self.cut = total, cut


def fake_search(totals: dict[str, int], calls: list[tuple[str, int | None]], slack: int):
    """A stand-in for the exact search: ``totals`` per opener, cut at ``upper`` with a proven
    bound of at most ``upper + slack`` (upper <= bound <= total); each call is recorded."""

    def search(game, *, first_guess: str, max_guesses: int, upper: int | None = None):
        calls.append((first_guess, upper))
        total = totals[first_guess]
        if upper is not None and total >= upper:
            return FakeResult(min(total, upper + slack), True)
        return FakeResult(total)

    return search


def test_sweep_is_resumable_and_cuts_with_an_upper_bound(tmp_path: Path) -> None:
    from sleuth.games.wordle.openers import Sweep, sweep_openers

    game = small_game()
    calls: list[tuple[str, int | None]] = []
    search = fake_search({"salet": 120, "crane": 118, "cigar": 130, "slate": 118}, calls, 2)

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


def test_once_the_top_is_known_openers_sharing_letters_come_together(tmp_path: Path) -> None:
    """The best known (top 1), the rest go by their letters: CRANE's anagram NACRE next,
    though listed last (a worker's memo then holds what they share)."""
    from sleuth.games.wordle.openers import sweep_openers

    calls: list[tuple[str, int | None]] = []
    totals = {"salet": 100, "crane": 110, "least": 111, "cigar": 113, "nacre": 112}
    sweep_openers(small_game(), list(totals), tmp_path / "s.jsonl", search=fake_search(
        totals, calls, 0))
    assert [word for word, _ in calls] == ["salet", "crane", "nacre", "cigar", "least"]


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.text("abc", min_size=1, max_size=3), unique=True, max_size=12),
       n=st.integers(1, 4), asks=st.lists(st.integers(0, 3), max_size=30),
       settle=st.integers(0, 12))
def test_lanes_hand_out_every_word_once(words: list[str], n: int, asks: list[int],
                                        settle: int) -> None:
    """Whichever workers ask, in whatever turn: each word once, the given order until settled,
    then each worker's words in key order while its own stretch lasts."""
    from sleuth.games.wordle.openers import Lanes

    served: list[tuple[int, str]] = []
    lanes = Lanes(words, n, key=sorted, settled=lambda: len(served) >= settle)
    for worker in itertools.chain((a % n for a in asks), itertools.cycle(range(n))):
        word = lanes.next_for(worker)
        if word is None:
            break
        served.append((worker, word))
    assert sorted(w for _, w in served) == sorted(words)
    assert all(lanes.next_for(worker) is None for worker in range(n))
    before = [w for _, w in served[:settle]]
    assert before == words[:len(before)]
    if n == 1:
        assert [sorted(w) for _, w in served[settle:]] == sorted(sorted(w) for w in
                                                                 words[len(before):])


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


@pytest.fixture(scope="module")
def full_sweep(tmp_path_factory: pytest.TempPathFactory):
    """Every opener of the small game searched to the end (no cut)."""
    from sleuth.games.wordle.openers import sweep_openers, sweep_order

    game = small_game()
    return sweep_openers(game, sweep_order(game), tmp_path_factory.mktemp("full") / "full.jsonl",
                         cut=False, workers=1)


@pytest.mark.parametrize("top", [1, 3, 8])
def test_a_sweep_gives_exact_totals_to_the_top_n(tmp_path: Path, full_sweep, top: int) -> None:
    """The ``top`` best openers and every one tying the ``top``-th get exact totals; every
    other one a proven bound above the ``top``-th total (and at most its own)."""
    from sleuth.games.wordle.openers import sweep_openers, sweep_order

    game = small_game()
    sweep = sweep_openers(game, sweep_order(game), tmp_path / "top.jsonl", top=top, workers=1)
    nth = sorted(full_sweep.totals.values())[top - 1]
    assert sweep.cutoff(top) == nth and not sweep.fails
    assert {w for w, t in full_sweep.totals.items() if t <= nth} <= set(sweep.totals)
    assert all(full_sweep.totals[w] == t for w, t in sweep.totals.items())
    assert sweep.at_least and all(nth < b <= full_sweep.totals[w]
                                  for w, b in sweep.at_least.items())
    assert len(sweep.totals) + len(sweep.at_least) == len(full_sweep.totals)


def test_a_larger_top_searches_again_the_bounds_it_needs(tmp_path: Path) -> None:
    """Resumed with a larger ``top``, a bound not above the new ``top``-th total is searched
    again (cut provisionally while fewer than ``top`` totals are known, else at the new
    ``top``-th);
    a bound still above it is kept; the new record replaces the old one when loaded."""
    from sleuth.games.wordle.openers import Sweep, sweep_openers

    totals = {"salet": 100, "crane": 101, "cigar": 102, "slate": 102, "trace": 103,
              "rebut": 110}
    calls: list[tuple[str, int | None]] = []
    search = fake_search(totals, calls, 5)

    path = tmp_path / "sweep.jsonl"
    first = sweep_openers(small_game(), list(totals), path, search=search)
    assert first.totals == {"salet": 100} and first.at_least == {
        "crane": 101, "cigar": 102, "slate": 102, "trace": 103, "rebut": 106}
    del calls[:]
    again = sweep_openers(small_game(), list(totals), path, search=search, top=3)
    assert calls == [("crane", 103), ("cigar", 103), ("slate", 103)]  # 100 + 1.5%, then 102
    assert again.totals == {"salet": 100, "crane": 101, "cigar": 102, "slate": 102}
    assert again.at_least == {"trace": 103, "rebut": 106} and again.cutoff(3) == 102
    loaded = Sweep.load(path)
    assert (loaded.totals, loaded.at_least) == (again.totals, again.at_least)
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 6 + 3  # the header, the first run, then the three searched again
    assert sweep_openers(small_game(), list(totals), path, search=search, top=3) == again
    assert len(calls) == 3  # nothing searched twice
    assert not Sweep.of([{"guess": "crane", "at_least": 101}]).done("crane", 1)  # no total yet


@pytest.mark.parametrize("order", list(itertools.permutations("abcde")))
def test_a_provisional_cut_spares_full_searches_and_changes_no_total(tmp_path: Path,
                                                                    order: tuple[str]) -> None:
    """While fewer than ``top`` totals are known, openers far above the best so far are cut
    (not searched in full); whatever the order, the ``top`` best come out exact, one of them
    past the first pass's margin (1.5%) but within the second's (6%)."""
    from sleuth.games.wordle.openers import sweep_openers

    words = dict(zip("abcde", ["salet", "crane", "cigar", "slate", "trace"], strict=True))
    totals = dict(zip(words.values(), [1000, 9000, 1010, 1020, 1030], strict=True))
    calls: list[tuple[str, int | None]] = []
    sweep = sweep_openers(small_game(), [words[o] for o in order], tmp_path / "s.jsonl",
                          search=fake_search(totals, calls, 0), top=3)
    assert {"salet", "cigar", "slate"} <= set(sweep.totals)
    assert all(totals[w] == t for w, t in sweep.totals.items()) and sweep.cutoff(3) == 1020
    assert all(1020 < bound <= totals[w] for w, bound in sweep.at_least.items())
    assert len(sweep.totals) + len(sweep.at_least) == 5
    if order[0] != "b":  # searched first, it has nothing to be cut at
        assert "crane" in sweep.at_least
        assert all(upper is not None for word, upper in calls if word == "crane")


def test_bounds_and_totals_replace_each_other_in_any_order() -> None:
    """Of an opener's records the most telling counts, whatever the order: a total or a
    failure over a bound, the higher of two bounds."""
    from itertools import permutations

    from sleuth.games.wordle.openers import Sweep

    records = [{"guess": "crane", "at_least": 101}, {"guess": "crane", "at_least": 104},
               {"guess": "slate", "at_least": 99}, {"guess": "slate", "total": 103},
               {"guess": "hatch", "at_least": 120}, {"guess": "hatch", "fails": True}]
    for order in permutations(records):
        sweep = Sweep.of(order)
        assert (sweep.totals, sweep.at_least, sweep.fails) == (
            {"slate": 103}, {"crane": 104}, {"hatch"})


#: Answers where hard mode traps an opener: after _ATCH every guess must keep ATCH.
TRAP = ["batch", "catch", "hatch", "latch", "match", "patch", "watch", "cigar", "rebut",
        "humph"]


def test_an_opener_that_cannot_win_in_hard_mode_is_recorded(tmp_path: Path) -> None:
    """In hard mode with five guesses _ATCH openers cannot find every answer: each is
    recorded as failing (never a crash), loaded back, done, and ranked last."""
    from sleuth.games.wordle.openers import Sweep, sweep_openers, sweep_order
    from sleuth.games.wordle.ranking import FAILS, ranking
    from sleuth.solve.search import optimal_mean

    game = wordle_game(TRAP, [*TRAP, "climb"], hard=True, attempts=5)
    order = sweep_order(game)
    with pytest.raises(NoStrategy, match="no strategy finds every candidate within 5"):
        optimal_mean(game, first_guess="hatch", max_guesses=5, workers=1)
    path = tmp_path / "hard.jsonl"
    sweep = sweep_openers(game, order, path, top=len(order), workers=1)
    assert {"batch", "hatch", "watch"} <= sweep.fails and "climb" in sweep.totals
    assert '{"guess": "hatch", "fails": true}' in path.read_text().splitlines()
    assert Sweep.load(path).fails == sweep.fails and all(sweep.done(w) for w in sweep.fails)
    rows = ranking(sweep)
    assert {row.guess for row in rows[-len(sweep.fails):]} == sweep.fails
    assert all(row.kind == FAILS and row.total is None for row in rows[-len(sweep.fails):])
    cut = sweep_openers(game, order, tmp_path / "cut.jsonl", top=1, workers=1)
    assert cut.best == sweep.best and set(cut.fails) <= sweep.fails  # cut ones: a bound
    assert all(w in sweep.fails or b <= sweep.totals[w] for w, b in cut.at_least.items())


def test_openers_searched_side_by_side_agree_with_one_at_a_time(tmp_path: Path) -> None:
    """Two workers, each its own opener, each told the cut-off known as it starts: the same
    best openers and totals as one at a time; a bound never above another's exact total."""
    from sleuth.games.wordle.openers import sweep_openers, sweep_order
    from sleuth.games.wordle.ranking import ranking

    game = small_game()
    order = sweep_order(game)[:10]
    one = sweep_openers(game, order, tmp_path / "one.jsonl", top=3, workers=1)
    two = sweep_openers(game, order, tmp_path / "two.jsonl", top=3, workers=2)
    best = [(row.guess, row.total) for row in ranking(one) if row.rank and row.rank <= 3]
    assert best == [(row.guess, row.total) for row in ranking(two) if row.rank and row.rank <= 3]
    for a, b in ((one, two), (two, one)):
        assert all(a.totals[w] == t for w, t in b.totals.items() if w in a.totals)
        assert all(bound <= b.totals[w] for w, bound in a.at_least.items() if w in b.totals)
    assert set(one.totals) | set(one.at_least) == set(order) == set(two.totals) | set(
        two.at_least)


def test_only_a_search_that_cannot_win_is_recorded_as_failing(tmp_path: Path) -> None:
    from sleuth.games.wordle.openers import sweep_openers

    def search(game, *, first_guess: str, **options: object):
        raise ValueError("max_guesses=0 leaves no guess from this position")

    path = tmp_path / "sweep.jsonl"
    with pytest.raises(ValueError, match="leaves no guess") as raised:
        sweep_openers(small_game(), ["salet"], path, search=search)
    assert not isinstance(raised.value, NoStrategy)
    with pytest.raises(ValueError, match="top must be at least 1"):
        sweep_openers(small_game(), ["salet"], path, search=search, top=0)
    path.write_text('{"guess": "salet", "fails": false}\n')
    with pytest.raises(ValueError, match="line 1: not a record of a sweep"):
        sweep_openers(small_game(), ["salet"], path, search=search)
