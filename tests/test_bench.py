"""Every benchmark's ``--quick`` mode runs to its end, prints its table and writes no results, so
that no benchmark rots between full runs."""

from __future__ import annotations

import importlib
import json
import multiprocessing
import time
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "bench" / "results"
#: Each benchmark, the header of the table its quick mode prints, and what it needs.
SCRIPTS = {
    "games": ("| game | strategy | published | measured | ok | time |", []),
    "kernel": ("| length | words | codes, 1 core |", ["lists"]),
    "wordle": ("| strategy | mean | total |", ["lists"]),
    "hangman": ("| setter | prior the solver assumes |", ["lists"]),
    "hangman_optimal": ("| length | words | objective | optimal (proven) |", ["lists"]),
    "hangman_floors": ("| length | words | misses (every way) |", ["lists"]),
    "hangman_hardest": ("| word | seed: misses |", []),
    "lingo": ("| length | words | C++ entry | floor |", ["lists", "processes"]),
    "lingo_cold": ("| length | words | games | first game (compiling) |", ["lists", "processes"]),
    "lingo_floors": ("| length | words | floor | prepared |", ["lists"]),
    "lingo_openers": ("| length | rank | first guess |", ["lists"]),
    "lingo_table": ("| first guess | depth 1 | bound | computed (s) |", ["lists"]),
    "lingo_settle": ("| length | words | tree | first guesses above it at depth 1 |", ["lists"]),
    "lingo_outlook": ("| length | words | tree | first guesses above it at depth 1 |", ["lists"]),
    "lingo_level_three": ("| step | seconds, all | each: median, most |", ["lists"]),
    "pit": ("| player | 4 | 5 | total |", ["lists", "processes"]),
    "install": ("| what | figure | notes |", ["processes"]),
    "reliability": ("| # | command | before: exit |", ["processes"]),
    "architecture": ("| work | old (s) | new (s) | new / old |", ["processes"]),
    "web": ("| round | kind | requests | errors |", ["processes"]),
    "frontier": ("| answers | guesses allowed | worst |", []),
    "sweep": ("| lists | mode | top | openers done |", ["lists"]),
    "hard_screen": ("| lists | openers drawn | screen | cannot win (published) |", ["lists"]),
    "family_bound": ("| lists | opener | result |", []),
    "squeeze": ("| search | runs | what each way found |", ["lists"]),
    "hangman_first": ("| length | words | the seed's rule loses |", ["lists"]),
    "hangman_memo": ("| memo cap: share of the entries needed |", ["lists", "processes"]),
    "sweep_order": ("| lists | mode | openers estimated |", ["lists"]),
    "worst_sweep": ("| lists | mode | openers done | fewest guesses", ["lists"]),
    "search_scan": ("| node size | nodes | whole table, ns a cell |", []),
    "interruptible": ("| way | us a call | / kept server |", []),
    "worker_start": ("| way | submit holds the parent (s) |", ["processes"]),
    "sweep_sample": ("| published | outcome | openers |", ["lists"]),
    "hard_refute": ("| opener | class | fits in 5 | nodes |", ["lists", "processes"]),
}
#: What a quick run needs beside ``--quick``: this checkout stands in for the old layout.
ARGS = {"architecture": ["--before", str(REPO)]}
#: Modules of bench/ that are not benchmarks.
HELPERS = {"__init__", "common", "fuzz_cases"}


def rows(text: str, head: str) -> list[str]:
    """The rows of the Markdown table under ``head`` in ``text``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(head)) + 2  # |---| line
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    return lines[start:end]


def results() -> dict[str, int]:
    """The results files and when each was last written."""
    return {p.name: p.stat().st_mtime_ns for p in RESULTS.iterdir()} if RESULTS.is_dir() else {}


def test_every_benchmark_has_a_quick_run_here() -> None:
    scripts = {p.stem for p in (REPO / "bench").glob("*.py")} - HELPERS
    assert scripts == set(SCRIPTS)


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=[getattr(pytest.mark, need) for need in needs])
    for name, (_, needs) in SCRIPTS.items()])
def test_quick_mode_prints_its_table(name: str, request: pytest.FixtureRequest,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    head, needs = SCRIPTS[name]
    if "lists" in needs:
        request.getfixturevalue("lingo_dir")
        request.getfixturevalue("wordle_dir")
    before = results()
    importlib.import_module(f"bench.{name}").main(["--quick", *ARGS.get(name, [])])
    table = rows(capsys.readouterr().out, head)
    assert table and all(row.startswith("| ") and row.endswith(" |") for row in table), table
    assert results() == before, "a quick run writes no results"
    if name == "games":
        assert all(row.split(" | ")[-2] == "yes" for row in table), table


@pytest.mark.lists
@pytest.mark.usefixtures("lingo_dir")
def test_a_hangman_row_resumes_from_its_journal_and_counts_every_run(tmp_path: Path) -> None:
    """With a folder of journals the second run finds the classes kept (a few positions at
    most searched again, where its floors ask a kept bound for more), gives the same row, and
    its time is that of both runs."""
    from bench.hangman_optimal import Row, run_row

    first = run_row(Row(9, "misses"), 120, 1, tmp_path, "first")
    second = run_row(Row(9, "misses"), 120, 1, tmp_path, "second")
    cells, again = first.split(" | "), second.split(" | ")
    assert again[:9] == cells[:9] and again[-1] == cells[-1]  # the same optimum and words
    positions = [int(cell.split()[0].replace(",", "")) for cell in (cells[9], again[9])]
    assert again[9].endswith(" (the last run)") and positions[1] * 10 < positions[0], positions
    assert "2 runs:" in again[10]
    log = (tmp_path / "hangman-9-misses.runs.jsonl").read_text().splitlines()
    assert [json.loads(line)["command"] for line in log] == ["first", "second"]


@pytest.mark.lists
@pytest.mark.usefixtures("lingo_dir")
def test_the_lingo_bench_reports_the_proof_a_tree_records_else_proves_it() -> None:
    """A shipped tree's proof after its opening is reported as recorded; a tree without one is
    proven there, to the same bound when the tree is optimal after its opening."""
    from dataclasses import replace

    from bench.common import lingo_list
    from bench.lingo import opening_cell_figures
    from sleuth.core.strategies import get
    from sleuth.core.tree import evaluate
    from sleuth.games.lingo.game import lingo_game
    from sleuth.games.lingo.prepare import load_tree
    from sleuth.words.wordlist import load_words

    words = list(load_words(lingo_list(13)).words)
    game, tree = lingo_game(words), load_tree(words)
    assert tree is not None and tree.optimal_after_opening
    played = evaluate(game, get("prepared"))
    assert opening_cell_figures(game, tree, played, 60) == (tree.opening, True,
                                                            tree.proof_seconds)
    bound, optimum, _ = opening_cell_figures(game, replace(tree, opening=None), played, 60)
    assert (bound, optimum) == (tree.total, True)


@pytest.mark.usefixtures("lingo_dir")
def test_the_lingo_bench_reads_a_finished_settle_journal_only(
        lingo_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """bench.lingo's bound over every first guess comes from bench.lingo_settle's journal only
    once every first guess there is at or below the tree: not while some are to settle, nor
    from a journal of another total."""
    import bench.lingo_settle as settle
    from sleuth.games.lingo.game import lingo_game
    from sleuth.games.lingo.scoring import deep_bound

    monkeypatch.setattr(settle, "OUT", tmp_path)
    game = lingo_game((lingo_dir / "wordlist5.txt").read_text().split()[:200])
    target = deep_bound(game).total
    assert settle.journaled_proof(game, target, 5) is None  # no journal yet
    journal = tmp_path / "lingo-5.jsonl"
    deep_bound(game, target=target, journal=journal)
    (tmp_path / "lingo-5.runs.jsonl").write_text('{"seconds": 2.5}\n{"seconds": 1.5}\n')
    total, seconds, runs = settle.journaled_proof(game, target, 5) or (0.0, 0.0, 0)
    assert total <= target and (seconds, runs) == (4.0, 2) and total > 0
    assert settle.journaled_proof(game, target + 1, 5) is None  # another total
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join(lines[:3]) + "\n")  # as if stopped after two
    assert settle.journaled_proof(game, target, 5) is None


def test_kept_rows_name_the_run_each_comes_from_without_nesting(tmp_path: Path) -> None:
    from bench.common import earlier_runs

    old = tmp_path / "old.md"
    old.write_text("- command: `b --lengths 5-6`\n- date: today\n\n"
                   "- earlier rows: lengths 4, 7 are kept from an earlier run (command: `a`)\n")
    said = earlier_runs(old, {7, 5, 4}).strip().splitlines()
    assert said == [
        "- earlier rows: length 5 is kept from an earlier run (command: `b --lengths 5-6`; "
        "date: today)",
        "- earlier rows: lengths 4, 7 are kept from an earlier run (command: `a`)"]
    new = tmp_path / "new.md"
    new.write_text("- command: `c --lengths 6`\n" + "\n".join(said) + "\n")
    assert earlier_runs(new, {4}).strip() == said[1].replace("lengths 4, 7 are", "length 4 is")
    assert earlier_runs(new, set()) == ""


@pytest.mark.lists
@pytest.mark.usefixtures("wordle_dir")
def test_a_sweep_ends_at_its_time_limit_even_mid_search(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """--minutes ends a run on time though a search would go on for hours (nyt-2023-07-01 hard:
    one opener took over 30 minutes): what is finished is kept, the rest is left to resume."""
    sweep = importlib.import_module("bench.sweep")

    def endless(*args: object, **options: object) -> None:
        time.sleep(60)

    monkeypatch.setattr(sweep, "sweep_openers", endless)
    started = time.monotonic()
    done, searched, _, finished = sweep.run_sweep("wordle-original", False, 2, 0.02, 1,
                                                  tmp_path / "j.jsonl", limit=6)
    assert time.monotonic() - started < 30 and searched == 0 and not finished
    assert not done.totals and not done.at_least


@pytest.mark.lists
@pytest.mark.usefixtures("wordle_dir")
def test_a_sweep_at_its_time_limit_ends_its_worker_processes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The time limit reaches the worker processes mid-search (two hard-mode openers of the
    nyt-2023-07-01 lists that take over 20 s each): none is left running (one still being
    started when the time is up is ended by its start, within seconds)."""
    sweep = importlib.import_module("bench.sweep")
    monkeypatch.setattr(sweep, "sweep_order", lambda game: ["doors", "walie"])
    _, searched, seconds, finished = sweep.run_sweep("wordle-nyt-2023-07-01", True, 2, 0.25, 2,
                                                     tmp_path / "j.jsonl")
    assert not finished and searched == 0 and seconds < 60
    deadline = time.monotonic() + 30
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert multiprocessing.active_children() == []


def test_a_sweep_stopped_by_ctrl_c_keeps_what_it_searched(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C ends a sweep's run as its time limit does: the openers searched are in the
    journal, and the run reports them (so it is logged) instead of a traceback."""
    sweep = importlib.import_module("bench.sweep")
    told = []

    def stop_after_two(word: str, total: int | None, _: object) -> None:
        told.append(word)
        if len(told) == 2:
            raise KeyboardInterrupt

    real = sweep.sweep_openers
    monkeypatch.setattr(sweep, "sweep_openers",
                        lambda *a, **k: real(*a, **{**k, "on_result": stop_after_two}))
    journal = tmp_path / "j.jsonl"
    done, _, _, finished = sweep.run_sweep("wordle-original", False, 2, None, 1, journal,
                                           limit=6)
    assert len(done.totals) + len(done.at_least) == 2 and not finished
    assert len(journal.read_text().splitlines()) == 3  # the header and two openers


@pytest.mark.lists
@pytest.mark.usefixtures("wordle_dir")
@pytest.mark.parametrize("bad", [["--lists", "nope"], ["--openers", "tarse", "xyzzy"]])
def test_family_bound_refuses_a_bad_list_or_opener_before_searching(
        bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from bench.family_bound import main

    before = results()
    with pytest.raises(SystemExit) as ended:
        main(bad)
    err = capsys.readouterr().err.strip().splitlines()
    assert ended.value.code == 2 and "Traceback" not in "\n".join(err)
    assert err[-1].endswith(("no list named 'nope'; the lists are lingo-official, "
                             "wordle-nyt-2022-08-30, wordle-nyt-2023-07-01, wordle-original",
                             "'xyzzy' is not an allowed guess"))
    assert results() == before


@pytest.mark.lists
@pytest.mark.usefixtures("wordle_dir")
@pytest.mark.parametrize("bad, says", [
    (["--lists", "nope"], "no list named 'nope'"),
    (["--hangman", "3"], "--hangman takes a length 4..13 and --sample a positive count"),
    (["--sample", "0"], "--hangman takes a length 4..13 and --sample a positive count")])
def test_squeeze_refuses_bad_options_before_searching(
        bad: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    from bench.squeeze import main

    refused(main, bad, says, capsys)


#: Bad options each benchmark refuses before any work: (script, arguments, what it says).
REFUSALS = [
    ("hangman_first", ["--lives", "25"], "--lives takes 0 to 24"),
    ("hangman_first", ["--lives", "-1"], "--lives takes 0 to 24"),
    ("hangman_first", ["--seed", "x"], "invalid int value: 'x'"),
    ("hangman_memo", ["--length", "3"], "--length takes 4..13"),
    ("hangman_memo", ["--sample", "2"], "--sample takes 3 words or more"),
    ("hangman_memo", ["--shares", "0.5", "1"], "--shares take shares between 0 and 1"),
    ("hangman_memo", ["--limit", "0"], "--limit takes a number of seconds above 0"),
    ("hangman_floors", ["--lengths", "9", "3"], "--lengths take lengths 4..13"),
    ("hangman_floors", ["--lengths", "9", "--sample", "2"], "--sample takes 3 words or more"),
    ("sweep_order", ["--lists", "nope"], "--lists: no published ranking of 'nope'"),
    ("sweep_order", ["--mode", "easy"], "invalid choice: 'easy'"),
    ("squeeze", ["--against", "nope"], "invalid choice: 'nope'"),
    ("lingo_settle", ["--minutes", "0"], "--minutes must be above 0"),
    ("lingo_settle", ["--cluster", "tcp://127.0.0.1:9"], "--cluster: cannot reach"),
    ("lingo_table", ["--length", "11"], "--length takes 4..10"),
    ("lingo_outlook", ["--sample", "0"], "--sample takes 1 or more"),
    ("lingo_outlook", ["--lengths", "11"], "--lengths takes 4..10"),
    ("lingo_outlook", ["--seconds", "0"], "--seconds takes a number above 0"),
    ("lingo_level_three", ["--guesses", "0"], "--sample and --guesses take 1 or more"),
    ("hard_screen", ["--largest", "40"], "--largest takes more than 40, --nodes 1 or more"),
    ("lingo_level_three", ["--length", "11"], "--length takes 4..10"),
    ("lingo_table", ["--openers", "0"], "--openers takes 1 or more"),
    ("search_scan", ["--top", "0"], "--top must be at least 1"),
    ("search_scan", ["--opener", "zzzzz"], "'zzzzz' is not an allowed guess"),
    ("search_scan", ["--lists", "nope"], "--lists: "),
    ("interruptible", ["--calls", "0"], "--calls must be at least 1"),
    ("worker_start", ["--rounds", "0"], "--rounds must be at least 1"),
    ("worker_start", ["--lists", "nope"], "--lists: "),
    ("sweep_sample", ["--openers", "0"], "--openers and --top take 1 or more"),
    ("sweep_sample", ["--lists", "wordle-original"], "its published ranking is a top list"),
    ("sweep_sample", ["--top", "100000"], "--top 100000: the published ranking has fewer"),
    ("search_scan", ["--before", "/nonexistent"], "--before /nonexistent: no src/sleuth there"),
    ("hard_refute", ["--before", "/nonexistent"], "--before /nonexistent: no src/sleuth there"),
    ("hard_refute", ["--openers", "0"], "--openers takes 1 or more"),
]


@pytest.mark.parametrize("name, bad, says", REFUSALS)
def test_a_benchmark_refuses_bad_options_before_any_work(
        name: str, bad: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    refused(importlib.import_module(f"bench.{name}").main, bad, says, capsys)


def refused(main: Callable[[list[str]], None], bad: list[str], says: str,
            capsys: pytest.CaptureFixture[str]) -> None:
    """``main(bad)`` ends with exit 2 and one line ending its error output that holds
    ``says``, no traceback, and no results written."""
    before = results()
    with pytest.raises(SystemExit) as ended:
        main(bad)
    err = capsys.readouterr().err.strip().splitlines()
    assert ended.value.code == 2 and "Traceback" not in "\n".join(err)
    assert says in err[-1]
    assert results() == before


@pytest.mark.lists
@pytest.mark.usefixtures("wordle_dir")
def test_a_finished_worst_sweep_rerun_logs_no_run_and_keeps_its_row(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Running a finished worst-case sweep again searches nothing: no run is logged and the
    summary row still gives the last run that searched."""
    from sleuth.games.wordle.game import game_from
    from sleuth.games.wordle.lists import shipped_lists
    from sleuth.games.wordle.worst import every_opener, worst_header

    bench = importlib.import_module("bench.worst_sweep")
    monkeypatch.setattr(bench, "OUT", tmp_path)
    monkeypatch.setattr(bench, "RESULTS", tmp_path)
    openers = every_opener(game_from(shipped_lists("wordle-original")))
    lines = [worst_header(game_from(shipped_lists("wordle-original"))),
             {"guess": openers[-1], "worst": 5},
             *({"guess": word, "above": 4} for word in openers[:-1])]
    (tmp_path / "wordle-original-normal.jsonl").write_text(
        "".join(json.dumps(line) + "\n" for line in lines))
    runs = tmp_path / "wordle-original-normal.runs.jsonl"
    earlier = {"date": "2026-12-04 03:26", "commit": "3749d1f", "command": "earlier",
               "searched": len(openers), "seconds": 859.5}
    runs.write_text(json.dumps(earlier) + "\n")
    bench.main(["--lists", "wordle-original"])
    assert runs.read_text() == json.dumps(earlier) + "\n"
    row = rows((tmp_path / "worst-sweep.md").read_text(), "| lists | mode |")[0]
    assert f"| {len(openers):,} in 860 s | 1 run, 860 s | yes |" in row
    assert f"| 5 | {openers[-1].upper()} |" in row
