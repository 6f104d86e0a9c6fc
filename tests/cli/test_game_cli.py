"""``sleuth game``: analyze and solve, end to end through the command line."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from sleuth.cli import app
from sleuth.games.mastermind import mastermind
from sleuth.games.twod import twod
from sleuth.solve.greedy import Greedy
from sleuth.solve.search import optimal_mean

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, ["game", *args], input=input)


def test_analyze_mastermind_distinct_entropy() -> None:
    result = run("analyze", "mastermind", "--colours", "6", "--holes", "4", "--distinct",
                 "--strategy", "entropy")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "first guess  1123" in out
    assert "worst case   5 guesses" in out
    assert "1440/360 = 4.0000" in out
    for guesses, games in ((2, 7), (3, 55), (4, 229), (5, 69)):
        assert f"│       {guesses} │   {games:>3} │" in out


def test_analyze_twod_searches_and_writes_trees(tmp_path: Path) -> None:
    worst = run("analyze", "twod", "--size", "5", "--strategy", "optimal-worst",
                "--tree", str(tmp_path / "t.json"))
    assert worst.exit_code == 0, worst.output
    assert "worst case   4 guesses" in worst.output
    data = json.loads((tmp_path / "t.json").read_text())
    assert data["worst"] == 4 and data["candidates"] == 25
    entropy = run("analyze", "twod", "--strategy", "entropy", "--tree", str(tmp_path / "t.dot"))
    assert "worst case   5 guesses" in entropy.output
    assert (tmp_path / "t.dot").read_text().startswith("digraph")
    mean = run("analyze", "twod", "--size", "4", "--strategy", "optimal-mean",
               "--tree", str(tmp_path / "t.txt"))
    assert mean.exit_code == 0, mean.output
    assert "mean         " in mean.output and "/16 = " in mean.output
    assert (tmp_path / "t.txt").read_text().split()[0] == mean.output.split("first guess")[1]\
        .split()[0]


def test_analyze_options_and_errors(tmp_path: Path) -> None:
    capped = run("analyze", "mastermind", "--colours", "3", "--holes", "3", "--strategy",
                 "optimal-mean", "--max-guesses", "4")
    assert capped.exit_code == 0, capped.output
    assert "at most 4 guesses" in capped.output and "worst case   4 guesses" in capped.output
    too_few = run("analyze", "mastermind", "--colours", "3", "--holes", "3", "--strategy",
                  "optimal-mean", "--max-guesses", "3")
    assert too_few.exit_code == 2 and "no strategy" in too_few.output
    fewest = run("analyze", "mastermind", "--colours", "3", "--holes", "3", "--strategy",
                 "optimal-mean", "--max-guesses", "4", "--fewest-over", "3")
    assert fewest.exit_code == 0, fewest.output
    expected = optimal_mean(mastermind(3, 3), max_guesses=4, fewest_over=3, workers=1)
    assert f"│       4 │     {expected.distribution()[4]} │" in fewest.output
    misplaced = run("analyze", "twod", "--strategy", "entropy", "--fewest-over", "3")
    assert misplaced.exit_code == 2 and "optimal-mean" in misplaced.output
    forced = run("analyze", "bulls-cows", "--digits", "2", "--strategy", "minimax",
                 "--first", "98")
    assert forced.exit_code == 0 and "first guess  98" in forced.output
    bad = run("analyze", "twod", "--strategy", "psychic")
    assert bad.exit_code == 2 and "unknown strategy" in bad.output
    bad_file = run("analyze", "twod", "--tree", str(tmp_path / "t.png"))
    assert bad_file.exit_code == 2 and ".json, .dot or .txt" in bad_file.output
    bad_game = run("analyze", "mastermind", "--colours", "3", "--holes", "4", "--distinct")
    assert bad_game.exit_code == 2 and "distinct" in bad_game.output


@pytest.mark.parametrize("strategy", ["expected", "parts", "minimax"])
def test_every_greedy_strategy_runs(strategy: str) -> None:
    result = run("analyze", "mastermind", "--colours", "4", "--holes", "3", "--strategy",
                 strategy)
    assert result.exit_code == 0, result.output
    assert "64 secrets" in result.output


def test_solve_interactive_with_a_wrong_reply_and_undo() -> None:
    # secret 2,3 on twoD 5x5; the optimal-worst tree opens with 2,2 (<=), then 3,3 (>=) ...
    replies = ["what?", "<=", "none", "undo", "undo", "undo", "<=", ">="]
    result = run("solve", "twod", "--strategy", "optimal-worst", input="\n".join(replies)
                 + "\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "cannot read that" in out
    assert "took back the last answer" in out and "nothing to undo" in out
    assert out.count("guess 1: 2,2") == 4  # asked again after the error and after each undo
    assert out.rstrip().endswith("guess 3: 2,3  (2 possible)\nfeedback> bye")


def test_solve_contradiction_changes_nothing() -> None:
    """A reply no remaining point could give is refused; the same guess is asked again."""
    game = twod(3)
    pos = game.after(game.start(), game.guess_index("1,1"), game.parse("<="))
    second = Greedy("entropy").choose(game, pos)
    possible = {int(c) for c in game.codes(second, pos.candidates)}
    impossible = next(c for c in range(4) if c not in possible)
    secret = int(pos.candidates[0])
    truth = int(game.codes(second, np.array([secret]))[0])
    replies = ["<=", game.render(impossible), game.render(truth)]
    result = run("solve", "twod", "--size", "3", "--strategy", "entropy", "--first", "1,1",
                 input="\n".join(replies) + "\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "that cannot be" in out and "nothing was changed" in out
    label = game.guess_labels[second]
    assert out.count(f"guess 2: {label}  (3 possible)") == 2


def test_solve_against_a_secret() -> None:
    result = run("solve", "mastermind", "--strategy", "minimax", "--secret", "3456")
    assert result.exit_code == 0, result.output
    assert "guess 1: 1122" in result.output and "solved" in result.output
    missing = run("solve", "bulls-cows", "--secret", "1123")
    assert missing.exit_code == 2 and "not a possible secret" in missing.output


@pytest.mark.cluster
def test_analyze_on_a_dask_cluster() -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        result = run("analyze", "mastermind", "--colours", "3", "--holes", "3", "--strategy",
                     "optimal-mean", "--cluster", cluster.scheduler_address)
    local = run("analyze", "mastermind", "--colours", "3", "--holes", "3", "--strategy",
                "optimal-mean", "--workers", "1")
    assert result.exit_code == 0, result.output
    mean = [line for line in result.output.splitlines() if line.startswith("mean")]
    assert mean and mean == [line for line in local.output.splitlines()
                             if line.startswith("mean")]


# -- bad input: one line, exit 2, before any work -------------------------------------------------


def one_error(result) -> str:
    """The one line a refused command writes on stderr (checked: no traceback)."""
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


def test_analyze_refuses_a_tree_path_before_the_analysis(tmp_path: Path) -> None:
    (tmp_path / "folder.json").mkdir()
    for where, why in ((tmp_path / "missing" / "t.json", "does not exist"),
                       (tmp_path / "folder.json", "is a folder")):
        result = run("analyze", "twod", "--strategy", "optimal-worst", "--tree", str(where))
        assert result.exit_code == 2 and why in one_error(result)
        assert "first guess" not in result.output  # nothing was analysed, so nothing is lost


def test_analyze_refuses_an_unreachable_cluster_at_once() -> None:
    started = time.monotonic()
    result = run("analyze", "mastermind", "--colours", "3", "--holes", "3", "--strategy",
                 "optimal-mean", "--cluster", "tcp://127.0.0.1:1")
    assert result.exit_code == 2 and "cannot reach the Dask scheduler" in one_error(result)
    assert time.monotonic() - started < 10


TOO_MANY = "pairs to score, more than the 100,000,000 sleuth takes"


@pytest.mark.parametrize(("args", "message"), [
    (["analyze", "mastermind", "--colours", "26", "--holes", "4"], f"{26**8:,} {TOO_MANY}"),
    (["analyze", "mastermind", "--colours", "9", "--holes", "7"], f"{9**14:,} {TOO_MANY}"),
    (["analyze", "twod", "--size", "200"], f"{200**4:,} {TOO_MANY}"),
    (["analyze", "bulls-cows", "--digits", "6"], f"{(10 * 9 * 8 * 7 * 6 * 5)**2:,} {TOO_MANY}"),
    (["analyze", "mastermind", "--colours", "9", "--holes", "4", "--strategy", "optimal-mean"],
     f"{9**4:,} guesses and {9**4:,} secrets is out of reach"),
    (["solve", "mastermind", "--colours", "26", "--holes", "4", "--secret", "ABCD"],
     f"{26**8:,} {TOO_MANY}"),
])
def test_sizes_out_of_reach_are_refused_at_once(args: list[str], message: str) -> None:
    started = time.monotonic()
    result = run(*args)
    assert result.exit_code == 2
    assert message in one_error(result)
    assert time.monotonic() - started < 10


def test_the_published_sizes_stay_within_reach() -> None:
    from sleuth.cli.game import _sized

    _sized("Bulls and Cows", 5040, 5040, "optimal-mean")  # bench/games.py's exact searches
    _sized("Mastermind 8 x 4", 8**4, 8**4, "optimal-mean")
    result = run("analyze", "mastermind", "--colours", "8", "--holes", "4", "--distinct")
    assert result.exit_code == 0 and "1,680 secrets, 4,096 guesses" in result.output


def test_solve_refuses_negative_pegs() -> None:
    result = run("solve", "mastermind", "--strategy", "minimax", input="-1,-1\n2,-1\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert out.count("cannot be negative") == 2
    assert "guess 2" not in out and out.count("guess 1: 1122") == 3
