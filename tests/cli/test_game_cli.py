"""``sleuth game``: analyze and solve, end to end through the command line."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from sleuth.cli import app
from sleuth.core.storage import published
from sleuth.games.custom import read_game_file
from sleuth.games.mastermind import mastermind
from sleuth.games.twod import twod
from sleuth.solve.greedy import Greedy
from sleuth.solve.search import optimal_mean

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


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
    first = run("analyze", "mastermind", "--colours", "3", "--holes", "3", "--strategy",
                "optimal-fewest", "--max-guesses", "4", "--fewest-over", "3")
    assert first.exit_code == 0, first.output
    expected = optimal_mean(mastermind(3, 3), max_guesses=4, fewest_over=3, over_first=True,
                            workers=1)
    assert f"{expected.total} guesses" in first.output.replace(",", "")
    bare = run("analyze", "twod", "--strategy", "optimal-fewest")
    assert bare.exit_code == 2 and "--fewest-over N" in bare.output
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


# -- games of your own (--custom FILE.py) and paths ---------------------------------------------


def example(name: str) -> str:
    return str(EXAMPLES / f"{name}.py")


def path_lines(output: str, head: str) -> list[str]:
    """The lines printed under a --paths heading."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(head))
    return [line for line in lines[start + 1:] if line.strip()]


def replayed(file: str, line: str) -> tuple[object, list[tuple[object, object]]]:
    """A printed path checked against the file's own feedback function: (secret, steps)."""
    spec = read_game_file(file)
    labels = {str(item): item for item in [*spec.guesses, *spec.secrets]}
    shown, _, rest = line.partition(":  ")
    secret = labels[shown]
    steps = []
    words = rest.rsplit("  (", 1)[0].split("  ")
    for word in words:  # each step is "GUESS FEEDBACK", the guess printed as str(item)
        guess = next(g for g in spec.guesses if word.startswith(str(g) + " "))
        assert word == f"{guess} {spec.feedback(guess, secret)}", line
        steps.append((guess, spec.feedback(guess, secret)))
    return secret, steps


def test_custom_mastermind_gives_the_published_optimum() -> None:
    result = run("analyze", "--custom", example("mastermind"), "--strategy", "optimal-mean")
    assert result.exit_code == 0, result.output
    assert f"{published('mastermind-6x4-optimal')}/1296 = " in result.output
    assert "Mastermind 6 x 4, 1,296 secrets, 1,296 guesses" in result.output


def test_custom_seed_mastermind_with_its_worst_paths() -> None:
    file = example("mastermind_distinct")
    result = run("analyze", "--custom", file, "--strategy", "entropy", "--paths", "worst")
    assert result.exit_code == 0, result.output
    worst = published("mastermind-6x4-distinct-entropy-worst")
    assert f"worst case   {worst} guesses" in result.output
    lines = path_lines(result.output, "worst case:")
    assert result.output.count(f"worst case: 69 games of {worst} guesses") == 1
    assert len(lines) == 69 and all(line.endswith(f"({worst} guesses)") for line in lines)
    for line in lines[:10]:
        secret, steps = replayed(file, line)
        assert len(steps) == worst and steps[-1] == (secret, (4, 0))


def test_custom_twod_every_path_and_the_built_in_worst_path() -> None:
    file = example("twod")
    result = run("analyze", "--custom", file, "--strategy", "optimal-worst", "--paths", "all")
    assert result.exit_code == 0, result.output
    lines = path_lines(result.output, "every game (25)")
    assert len(lines) == 25
    assert {replayed(file, line)[0] for line in lines} == set(read_game_file(file).secrets)
    assert max(len(replayed(file, line)[1]) for line in lines) == published("twod-5-optimal-worst")
    built_in = run("analyze", "twod", "--strategy", "entropy", "--paths", "worst")
    assert built_in.exit_code == 0, built_in.output
    (line,) = path_lines(built_in.output, "worst case: 1 game of 5 guesses")
    assert line.endswith("==  (5 guesses)") and line.count("  ") == 6
    assert published("twod-5-entropy-worst") == 5


def test_custom_lost_games_are_the_worst_paths(tmp_path: Path) -> None:
    result = run("analyze", "--custom", example("close_enough"), "--max-guesses", "3",
                 "--paths", "worst")
    assert result.exit_code == 0, result.output
    lines = path_lines(result.output, "lost: ")
    assert lines and all(line.endswith("(lost after 3 guesses)") for line in lines)
    assert f"lost: {len(lines)} game" in result.output


def test_custom_solve_and_play() -> None:
    file = example("twod")
    solved = run("solve", "--custom", file, "--strategy", "optimal-worst", "--secret", "3,1")
    assert solved.exit_code == 0, solved.output
    assert "guess 1: (2, 2)" in solved.output and "solved in 3 guesses: (3, 1)" in \
        solved.output
    answered = run("solve", "--custom", file, "--first", "0,0",
                   input="maybe\n(False, True)\nquit\n")
    assert answered.exit_code == 0, answered.output
    assert "cannot read that" in answered.output
    assert "that cannot be" in answered.output  # (0, 0) is >= only itself: (False, True) is none
    assert answered.output.count("guess 1: (0, 0)") == 3  # asked again after each
    played = run("play", "--custom", file, "--secret", "(4, 3)",
                 input="2,2\nleft\nfoo\n(4,3)\n")
    assert played.exit_code == 0, played.output
    assert "(True, False)  (8 possible)" in played.output
    assert "(4, 4)" in played.output and "cannot play that" in played.output
    assert "solved in 2 guesses: (4, 3)" in played.output


def test_play_built_in_games_against_a_random_secret() -> None:
    first = run("play", "mastermind", "--seed", "7", "-k", "1", input="1122\n")
    again = run("play", "mastermind", "--seed", "7", "-k", "1", input="1122\n")
    assert first.exit_code == 0, first.output
    assert "lost: no guesses left; the secret was " in first.output or "solved" in first.output
    assert first.output == again.output  # the seed fixes the secret
    quit_ = run("play", "bulls-cows", "--secret", "0123", input="quit\n")
    assert quit_.exit_code == 0 and "the secret was 0123" in quit_.output


@pytest.mark.parametrize(("args", "message"), [
    (["analyze", "--custom", "no_such_file.py"], "no such file"),
    (["analyze", "--strategy", "minimax"], "name a game"),
    (["analyze", "--strategy", "minimax", "twod"], "--strategy before the game's name"),
    (["analyze", "--custom", "X", "twod"], "--custom before the game's name"),
    (["solve", "--secret", "1,1"], "name a game"),
    (["play", "--seed", "1"], "name a game"),
    (["analyze", "twod", "--paths", "longest"], "--paths 'longest'"),
    (["analyze", "--custom", "EXAMPLES/close_enough.py", "-s", "optimal-worst"],
     "ends the game on both"),
    (["solve", "--custom", "EXAMPLES/twod.py", "--secret", "9,9"], "not a possible secret"),
])
def test_bad_custom_commands_are_refused_in_one_line(args: list[str], message: str) -> None:
    result = run(*[a.replace("EXAMPLES", str(EXAMPLES)) for a in args])
    assert result.exit_code == 2
    assert message in one_error(result)


def test_a_bad_game_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("guesses = [1, 2]\nsecrets = [1, 2]\ndef feedback(g, s):\n"
                   "    return {g: s}\n", encoding="utf-8")
    result = run("analyze", "--custom", str(bad))
    assert result.exit_code == 2
    assert "bad.py: feedback(1, 1) returned {1: 1}, which is not hashable" in one_error(result)
