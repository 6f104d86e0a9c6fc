"""Openers ranked from a sweep, and the ranking compared with a published one."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordle_plain import small_game

from sleuth.core.errors import FileError
from sleuth.games.wordle.openers import Sweep, sweep_openers, sweep_order
from sleuth.games.wordle.ranking import (
    AGREE,
    BOTH_FAIL,
    BOUND,
    CONSISTENT,
    CONTRADICTED,
    DIFFER,
    FAIL_DIFFER,
    FAILS,
    ONLY_OURS,
    ONLY_THEIRS,
    TOTAL,
    Row,
    compare,
    describe,
    ranking,
    ranking_text,
    read_published,
    tally,
)

RECORDS = [
    {"guess": "crane", "total": 120}, {"guess": "salet", "total": 118},
    {"guess": "trace", "total": 120}, {"guess": "slate", "total": 125},
    {"guess": "cigar", "at_least": 121}, {"guess": "rebut", "at_least": 123},
    {"guess": "rebut", "at_least": 121}, {"guess": "hatch", "fails": True},
    {"guess": "batch", "at_least": 130}, {"guess": "batch", "fails": True},
]


def test_rows_are_best_first_with_ranks_where_proven() -> None:
    """Exact totals ascending (ties share a rank), then bounds, then the openers that cannot
    win; an exact total above some bound has no proven rank."""
    rows = ranking(Sweep.of(RECORDS))
    assert rows == [
        Row(1, "salet", 118, TOTAL), Row(2, "crane", 120, TOTAL), Row(2, "trace", 120, TOTAL),
        Row(None, "slate", 125, TOTAL),  # CIGAR (at least 121) may be better
        Row(None, "cigar", 121, BOUND), Row(None, "rebut", 123, BOUND),
        Row(None, "batch", None, FAILS), Row(None, "hatch", None, FAILS)]
    text = ranking_text(rows, "Openers", 40, 6)
    assert text.startswith("# Openers\n") and "| 2 | trace | 120 | 3.0000 | exact |" in text
    assert "|  | cigar | >= 121 | >= 3.0250 | at least |" in text
    assert "|  | hatch | cannot win within 6 |  | cannot win |" in text
    assert len(text.splitlines()) == 6 + len(rows)


@given(st.permutations(RECORDS))
def test_the_ranking_does_not_depend_on_the_records_order(records: list[dict]) -> None:
    assert ranking(Sweep.of(records)) == ranking(Sweep.of(RECORDS))


@pytest.fixture(scope="module")
def full_rows(tmp_path_factory: pytest.TempPathFactory) -> list[Row]:
    """The small game's ranking with every opener searched to the end."""
    game = small_game()
    path = tmp_path_factory.mktemp("full") / "full.jsonl"
    return ranking(sweep_openers(game, sweep_order(game), path, cut=False, workers=1))


@settings(max_examples=12, deadline=None)
@given(st.permutations(sweep_order(small_game())), st.integers(1, 10))
def test_the_ranking_does_not_depend_on_the_search_order(
        tmp_path_factory: pytest.TempPathFactory, full_rows: list[Row], order: list[str],
        top: int) -> None:
    """Openers searched in any order rank the same: the top N and their ties as in the full
    search, every proven rank the full search's, every bound below the N-th total."""
    path = tmp_path_factory.mktemp("sweep") / "sweep.jsonl"
    rows = ranking(sweep_openers(small_game(), order, path, top=top, workers=1))
    full = {row.guess: row for row in full_rows}
    nth = sorted(row.total for row in full_rows if row.total is not None)[top - 1]
    ranked = [row for row in rows if row.rank is not None]
    assert [r for r in ranked if r.rank <= top] == [r for r in full_rows if r.rank <= top]
    assert all(full[row.guess] == row for row in ranked)
    assert all(row.total > nth for row in rows if row.kind == BOUND)
    assert sorted(row.guess for row in rows) == sorted(full)


def test_published_files_of_both_formats_are_read(tmp_path: Path) -> None:
    totals = tmp_path / "top.txt"
    totals.write_text("salet 7920\nREAST 7923\n\n")
    assert read_published(totals) == {"salet": 7920, "reast": 7923}
    means = tmp_path / "results.txt"
    means.write_text("tarse 3.4140 7883\nzowie Infinity 1000000000\n")
    assert read_published(means) == {"tarse": 7883, "zowie": None}
    for bad, said in [("salet\n", "line 1"), ("salet 7920\nsalet 79.5\n", "line 2"),
                      ("salet 1 2 3\n", "line 1"), ("", "no openers")]:
        means.write_text(bad)
        with pytest.raises(ValueError, match=said):
            read_published(means)
    with pytest.raises(FileError, match="not found"):
        read_published(tmp_path / "missing.txt")
    with pytest.raises(FileError, match="directory"):
        read_published(tmp_path)


def test_the_comparison_catches_a_differing_total_and_a_contradicted_bound(
        tmp_path: Path) -> None:
    published = tmp_path / "published.txt"
    published.write_text("salet 1.0 118\ncrane 1.0 121\ncigar 1.0 122\nrebut 1.0 122\n"
                         "hatch Infinity 1000000000\nbatch 1.0 140\nslate Infinity 1000000000\n"
                         "zonal 1.0 150\n")
    entries = compare(ranking(Sweep.of(RECORDS)), read_published(published))
    verdicts = {entry.guess: entry.verdict for entry in entries}
    assert verdicts == {
        "salet": AGREE, "crane": DIFFER, "cigar": CONSISTENT, "rebut": CONTRADICTED,
        "hatch": BOTH_FAIL, "batch": FAIL_DIFFER, "slate": FAIL_DIFFER, "trace": ONLY_OURS,
        "zonal": ONLY_THEIRS}
    assert [entry.guess for entry in entries][-1] == "zonal"  # ours first, then theirs
    assert tally(entries) == {AGREE: 1, DIFFER: 1, CONSISTENT: 1, CONTRADICTED: 1,
                              BOTH_FAIL: 1, FAIL_DIFFER: 2, ONLY_OURS: 1, ONLY_THEIRS: 1}
    lines = {entry.guess: describe(entry, 6) for entry in entries}
    assert lines["crane"] == "CRANE: here 120, published 121 (differ)"
    assert lines["rebut"] == "REBUT: here >= 123, published 122 (contradicted)"
    assert lines["batch"] == "BATCH: here cannot win within 6, published 140 (cannot win: differ)"
    assert lines["trace"] == "TRACE: here 120, published - (only here)"
    assert lines["zonal"] == "ZONAL: here -, published 150 (only published)"


def test_the_published_rankings_read_and_compare_with_themselves(wordle_dir: Path) -> None:
    """The shared published files: the proven top 105 of the original lists, and every opener
    of the 2022 lists in hard mode, Infinity where one cannot win; a sweep recording the top
    100 exactly and the rest as their totals taken for bounds agrees on every line."""
    top = read_published(wordle_dir / "published" / "normal.top105.proven.txt")
    assert len(top) == 105 and next(iter(top.items())) == ("salet", 7920)
    hard = wordle_dir / "published" / "results_hard_nyt20220830.txt"
    every = read_published(hard)
    lines = hard.read_text().splitlines()
    assert len(every) == len(lines) == 14855
    assert sum(total is None for total in every.values()) == sum(
        "Infinity" in line for line in lines) > 0
    records = [{"guess": w, "total": t} if i < 100 else
               {"guess": w, "fails": True} if t is None else {"guess": w, "at_least": t}
               for i, (w, t) in enumerate(every.items())]
    counts = tally(compare(ranking(Sweep.of(records)), every))
    assert counts[AGREE] == 100 and counts[CONSISTENT] + counts[BOTH_FAIL] == 14755
    assert counts[DIFFER] == counts[CONTRADICTED] == counts[FAIL_DIFFER] == 0
