"""``sleuth wordle`` driven as a user (or a script) would."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers import ctrl_c, interrupted_with_workers, killed_with_workers
from sleuth.cli.wordle import app
from sleuth.words import feedback as fb

ANSWERS = [
    "cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve",
    "heath", "dwarf", "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign",
    "major", "death", "fresh", "crust", "stool", "colon", "abase", "marry", "react", "batty",
]
GUESSES = [*ANSWERS, "salet", "crane", "slate", "trace"]
runner = CliRunner()



@pytest.fixture
def lists(tmp_path: Path) -> list[str]:
    """--answers and --guesses options naming small list files."""
    (tmp_path / "answers.txt").write_text("\n".join(ANSWERS) + "\n")
    (tmp_path / "guesses.txt").write_text("\n".join(GUESSES) + "\n")
    return ["--answers", str(tmp_path / "answers.txt"), "--guesses", str(tmp_path / "guesses.txt")]


def colours(guess: str, secret: str, style: str = "digits") -> str:
    return fb.to_text(fb.reference_code(guess, secret), 5, style)


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def cells(output: str, first: str) -> list[str]:
    """The cells of the table row (rich's boxes, or plain columns) whose first cell is
    ``first``."""
    for line in output.splitlines():
        parts = [c.strip() for c in line.strip("│ ").split("│")] if "│" in line else line.split()
        if parts and parts[0] == first:
            return parts
    raise AssertionError(f"no row {first!r} in\n{output}")


def one_error(result) -> str:
    """The one line a refused command writes on stderr (checked: no traceback, exit 2)."""
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


def test_hint_from_arguments(lists: list[str]) -> None:
    result = run("hint", f"crane:{colours('crane', 'cigar')}",
                 f"salet:{colours('salet', 'cigar')}", *lists)
    assert result.exit_code == 0, result.output
    assert "CRANE" in result.output and "answer" in result.output
    assert "CIGAR" in result.output


def test_hint_from_arguments_reports_a_contradiction(lists: list[str]) -> None:
    result = run("hint", f"crane:{colours('crane', 'cigar')}", "salet:22222", *lists)
    assert result.exit_code == 2
    assert "Nothing was changed" in one_error(result)


def test_hint_session_as_a_new_user_types_it(lists: list[str]) -> None:
    grid = "\n".join(colours(w, "cigar", "squares") for w in ("salet", "crane", "cigar"))
    typed = (f"help\nWordle 1,234 3/6\n\n{grid}\nsalet\ncrane\ncigar\nundo\n"
             "new\ncrane 2222\ncrane 22222\nundo\nhard on\n"
             f"crane {colours('crane', 'cigar', 'wordle')}\nall\nquit\n")
    result = run("hint", *lists, input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "which word gave" in out and "Solved in 3: CIGAR" in out
    assert "has 4 marks" in out and "no answer fits CRANE" in out
    assert "took back CIGAR" in out and "hard mode on" in out and "nothing to undo" in out


def test_hint_ends_at_end_of_input(lists: list[str]) -> None:
    result = run("hint", *lists, input="crane\n")
    assert result.exit_code == 0 and "colours for CRANE" in result.output


def test_hint_rejects_bad_options(lists: list[str], tmp_path: Path) -> None:
    assert run("hint", "--rank", "luck", *lists).exit_code == 2
    result = run("hint", "--answers", str(tmp_path / "missing.txt"))
    assert result.exit_code == 2 and "not found" in result.output


def test_hint_on_the_original_lists() -> None:
    result = run("hint", f"salet:{colours('salet', 'crony', 'wordle')}", "--exact", "0",
                 "--list", "wordle-original")
    assert result.exit_code == 0
    assert "221 answers left" in result.output and "ROATE" not in result.output


def test_solve_shows_the_path(lists: list[str]) -> None:
    result = run("solve", "cigar", *lists, "--first", "crane")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    lists_used, opening, path = result.output.split(")\n", 2)  # lists, first guess, path
    assert lists_used.startswith("30 answers, 34 guesses")
    assert opening == "first guess CRANE: your choice (--first"
    assert path.startswith("CRANE " + colours("crane", "cigar", "squares"))
    assert "CIGAR " + "\U0001f7e9" * 5 in result.output
    assert "solved in" in lines[-1]
    hard = run("solve", "cigar", *lists, "--hard", "-s", "minimax")
    assert hard.exit_code == 0 and "hard mode" in hard.output
    own = run("solve", "cigar", *lists, "-s", "minimax", "--own-first")
    assert own.exit_code == 0 and "minimax's own choice" in own.output
    both = run("solve", "cigar", *lists, "--first", "crane", "--own-first")
    assert both.exit_code == 2 and "not both" in one_error(both)


def test_solve_errors(lists: list[str]) -> None:
    assert "not in the answer list" in run("solve", "zebra", *lists).output
    assert run("solve", "toolong", *lists).exit_code == 2
    assert "unknown strategy" in run("solve", "cigar", "-s", "luck", *lists).output
    assert "not an allowed guess" in run("solve", "cigar", "--first", "qqqqq", *lists).output


@pytest.mark.parametrize("command", [["solve", "cigar", "-s"], ["openers", "-s"],
                                     ["bench", "-s", "entropy", "-s"]])
@pytest.mark.parametrize(("name", "kind"), [("nosuch", "unknown strategy"),
                                            ("tournament", "Lingo-only strategy"),
                                            ("maxscore", "Lingo-only strategy"),
                                            ("prepared", "Lingo-only strategy")])
def test_a_strategy_not_for_wordle_is_refused_before_the_lists(command: list[str], name: str,
                                                               kind: str,
                                                               tmp_path: Path) -> None:
    """Refused by name before any list is read (the answers file does not exist), offering
    only the strategies that play Wordle."""
    result = run(*command, name, "--answers", str(tmp_path / "nowhere.txt"))
    assert result.exit_code == 2
    line = one_error(result)
    assert line.startswith(f"Error: {kind} {name!r}; choose one of ")
    offered = line.split("choose one of ")[1].split(", ")
    assert sorted(offered) == sorted([
        "entropy", "minimax", "expected", "parts", "entropy-candidates", "minimax-candidates",
        "expected-candidates", "parts-candidates", "letter-frequency", "green-yellow", "optimal"])


def test_review_names_the_list_a_word_is_missing_from(lists: list[str]) -> None:
    """An unknown guess is not in the guess list; an answer, not in the answer list (SALET is
    a guess here, not an answer)."""
    assert one_error(run("review", "cigar", "--answer", "zzzzz", *lists)) == \
        "Error: ZZZZZ is not in the answer list"
    assert one_error(run("review", "cigar", "--answer", "salet", *lists)) == \
        "Error: SALET is not in the answer list"
    assert one_error(run("review", "zzzzz", "--answer", "cigar", *lists)) == \
        "Error: ZZZZZ is not in the guess list"


def test_bench_table_histogram_and_plot(lists: list[str], tmp_path: Path) -> None:
    png = tmp_path / "bench.png"
    result = run("bench", "-s", "entropy", "-s", "minimax", "--plot", str(png), *lists)
    assert result.exit_code == 0, result.output
    assert "entropy" in result.output and "minimax" in result.output and "█" in result.output
    assert png.read_bytes()[:4] == b"\x89PNG"
    hard = run("bench", "-s", "entropy", "--hard", "--no-plot", "--first", "salet", *lists)
    assert hard.exit_code == 0 and "hard mode" in hard.output and "SALET" in hard.output
    lingo = run("bench", "-s", "entropy", "--scoring", "lingo", "--attempts", "5", "--no-plot",
                *lists)
    assert lingo.exit_code == 0 and "points" in lingo.output


def test_openers(lists: list[str]) -> None:
    result = run("openers", "--top", "5", "--exact", "2", *lists)
    assert result.exit_code == 0, result.output
    assert "ranked by expected remaining (of 34)" in result.output
    assert "first guess REACT: expected remaining (heuristic" in result.output
    assert "Exact over every answer, then entropy" in result.output
    worst = run("openers", "--by", "worst", "--exact", "0", *lists)
    assert worst.exit_code == 0 and "ranked by worst case" in worst.output
    assert run("openers", "--by", "luck", *lists).exit_code == 2


def test_optimal_writes_a_tree_the_bench_replays(lists: list[str], tmp_path: Path) -> None:
    out = tmp_path / "tree.json"
    result = run("optimal", "--first", "salet", "--workers", "1", "--out", str(out), *lists)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["first"] == "salet" and data["tree"]["guess"] == "salet"
    bench = run("bench", "-s", "entropy", "--tree", str(out), "--no-plot", *lists)
    assert bench.exit_code == 0, bench.output
    row = next(line for line in bench.output.splitlines() if "tree.json" in line)
    assert str(data["total"]) in row
    also = run("openers", "--top", "3", "--exact", "1", "-s", "optimal", *lists)
    assert also.exit_code == 0, also.output


def test_boards_and_absurdle(lists: list[str]) -> None:
    result = run("boards", "--boards", "4", "--games", "2", *lists)
    assert result.exit_code == 0, result.output
    assert "4 boards, 9 attempts" in result.output
    one = run("boards", "--secret", "cigar", "--secret", "rebut", *lists)
    assert one.exit_code == 0 and "CIGAR REBUT" in one.output and "won 1/1" in one.output
    assert run("boards", "--secret", "zebra", *lists).exit_code == 2
    absurd = run("absurdle", *lists)
    assert absurd.exit_code == 0 and "fewest guesses that force a win" in absurd.output
    played = run("absurdle", "--play", "crane", *lists)
    assert played.exit_code == 0 and "left" in played.output


def test_optimal_over_all_openers_resumes(lists: list[str], tmp_path: Path) -> None:
    records = tmp_path / "openers.jsonl"
    first = run("optimal", "--all", "--limit", "3", "--results", str(records), "--workers", "1",
                *lists)
    assert first.exit_code == 0, first.output
    assert "0 of 3 openers already" in first.output and "Exact totals" in first.output
    assert len(records.read_text().splitlines()) == 1 + 3  # the header, then the openers
    again = run("optimal", "--all", "--limit", "3", "--results", str(records), *lists)
    assert again.exit_code == 0 and "3 of 3 openers already" in again.output
    every = run("optimal", "--all", "--results", str(records), "--workers", "1", "--top", "1",
                *lists)
    assert every.exit_code == 0, every.output
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert len(lines) == 1 + len(GUESSES) and "(cut)" in every.output
    best = min(r["total"] for r in lines if "total" in r)
    assert all(r["at_least"] > best for r in lines if "at_least" in r)
    assert f"REACT │    {best}" in every.output  # the best opener of this small game


def test_optimal_in_hard_mode(lists: list[str], tmp_path: Path) -> None:
    totals = {}
    for mode in ("normal", "hard"):
        out = tmp_path / f"{mode}.json"
        flags = ["--hard"] if mode == "hard" else []
        result = run("optimal", "--first", "salet", *flags, "--workers", "1", "--out", str(out),
                     *lists)
        assert result.exit_code == 0, result.output
        assert f"SALET ({mode} mode)" in result.output
        totals[mode] = json.loads(out.read_text())["total"]
    assert totals["hard"] >= totals["normal"]


def test_optimal_names_the_opener_that_cannot_always_win(tmp_path: Path) -> None:
    """Hard mode, 4 guesses: after BATCH the six other _ATCH words need one guess each."""
    family = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
    (tmp_path / "a.txt").write_text("\n".join(family) + "\n")
    (tmp_path / "g.txt").write_text("\n".join([*family, "climb", "whelp"]) + "\n")
    flags = ["--answers", str(tmp_path / "a.txt"), "--guesses", str(tmp_path / "g.txt"),
             "--attempts", "4", "--workers", "1", "--out", str(tmp_path / "t.json")]
    hard = run("optimal", "--hard", "--first", "batch", *flags)
    assert hard.exit_code == 2 and hard.output.strip().splitlines()[-1] == (
        "Error: BATCH cannot always win in hard mode: no strategy that opens with it finds every "
        "answer within 4 guesses"), hard.output
    assert not (tmp_path / "t.json").exists()
    normal = run("optimal", "--first", "climb", *flags)
    assert normal.exit_code == 0, normal.output


def test_optimal_as_a_strategy(lists: list[str]) -> None:
    """On lists with no published optimum the exact tree starts with the heuristic's opener
    (REACT, by expected remaining, on these), and says so."""
    solved = run("solve", "cigar", "-s", "optimal", *lists)
    assert solved.exit_code == 0, solved.output
    path = solved.output.split(")\n", 2)[2]  # the lists, the first guess, then the path
    assert path.startswith("REACT") and "optimal after REACT" in solved.output
    assert "first guess REACT: expected remaining (heuristic" in solved.output
    bench = run("bench", "-s", "optimal", "-s", "entropy", "--no-plot", *lists)
    assert bench.exit_code == 0, bench.output
    assert cells(bench.output, "optimal")[1] == "REACT"
    assert "unknown strategy 'luck'" in run("bench", "-s", "luck", *lists).output


@pytest.mark.cluster
def test_optimal_on_a_dask_cluster(lists: list[str], tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        out = tmp_path / "tree.json"
        result = run("optimal", "--first", "salet", "--cluster", cluster.scheduler_address,
                     "--out", str(out), *lists)
    assert result.exit_code == 0, result.output
    local = run("optimal", "--first", "salet", "--workers", "1", "--out",
                str(tmp_path / "local.json"), *lists)
    assert local.exit_code == 0, local.output
    assert json.loads(out.read_text())["total"] == json.loads(
        (tmp_path / "local.json").read_text())["total"]
    records = tmp_path / "openers.jsonl"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        sweep = run("optimal", "--all", "--limit", "4", "--results", str(records),
                    "--cluster", cluster.scheduler_address, *lists)
    assert sweep.exit_code == 0, sweep.output
    assert len(records.read_text().splitlines()) == 1 + 4  # the header, then one record per opener


# --------------------------------------------------------------------------- one voice


def test_every_command_opens_with_the_default_objective(tmp_path: Path) -> None:
    """On the original lists every command that names a first guess names the same one, the
    default objective's (the published exact optimum, SALET, reproduced here), and says so;
    `optimal` searches its tree and finds the published total."""
    from sleuth.games.wordle.game import game_from
    from sleuth.games.wordle.lists import load_lists
    from sleuth.games.wordle.openers import default_opener

    default = default_opener(game_from(load_lists(list_name="wordle-original")))
    assert (default.word, default.total) == ("salet", 7920)
    word, said = default.word.upper(), f"first guess {default.describe()}"
    assert "exact optimum (published by alex1770/wordle, reproduced here)" in said
    original = ["--list", "wordle-original"]
    first: dict[str, str] = {}
    hint = run("hint", *original, "--top", "3", input="")
    assert hint.exit_code == 0, hint.output
    assert f"Optimal first guess: {word}, 3.421 guesses" in hint.output
    first["hint"] = cells(hint.output, "opt")[1]
    solve = run("solve", "cigar", *original)
    assert solve.exit_code == 0 and said in solve.output, solve.output
    first["solve"] = solve.output.split(")\n", 2)[2].split()[0]
    bench = run("bench", *original, "-s", "entropy", "-s", "parts", "--no-plot")
    assert bench.exit_code == 0 and said in bench.output, bench.output
    first["bench entropy"] = cells(bench.output, "entropy")[1]
    first["bench parts"] = cells(bench.output, "parts")[1]
    openers = run("openers", *original, "--top", "3", "--exact", "1")
    assert openers.exit_code == 0 and said in openers.output, openers.output
    first["openers"] = cells(openers.output, "opt")[1]
    assert cells(openers.output, word)[1] == cells(bench.output, "entropy")[3]  # same total
    optimal = run("optimal", *original, "--workers", "1", "--out", str(tmp_path / "tree.json"))
    assert optimal.exit_code == 0 and said in optimal.output, optimal.output
    first["optimal"] = optimal.output.split(said, 1)[1].split("\n")[2].split()[0]
    assert f"total {default.total} guesses" in optimal.output
    assert f"published total {default.total}: agrees" in optimal.output
    assert first == dict.fromkeys(first, word)


def test_the_current_lists_say_their_opener_is_not_reproduced_yet() -> None:
    result = run("solve", "cigar", "-s", "entropy")
    assert result.exit_code == 0, result.output
    assert ("first guess TARSE: exact optimum (published by alex1770/wordle, not yet "
            "reproduced here)") in result.output
    assert result.output.split(")\n", 2)[2].startswith("TARSE")


def test_bench_counts_failures_and_agrees_with_openers(lists: list[str]) -> None:
    """With two attempts some games fail: each costs 3 guesses in the mean and total, the
    failures are shown, and openers' exact figure for the same opener and strategy agrees."""
    bench = run("bench", "-s", "entropy", "--attempts", "2", "--no-plot", *lists)
    assert bench.exit_code == 0, bench.output
    assert "mean and total count a failed game (X) as 3 guesses" in bench.output
    row = cells(bench.output, "entropy")
    opener, mean, total, ones, twos, failed = row[1], *row[2:7]
    assert int(failed) > 0 and int(ones) + int(twos) + int(failed) == len(ANSWERS)
    assert int(total) == int(ones) + 2 * int(twos) + 3 * int(failed)
    assert float(mean) == pytest.approx(int(total) / len(ANSWERS), abs=1e-4)
    openers = run("openers", "--attempts", "2", "--exact", "1", *lists)
    assert openers.exit_code == 0, openers.output
    exact = cells(openers.output, opener)
    assert exact[1] == total and exact[4] == failed


def test_openers_and_hint_rank_by_green_yellow(lists: list[str]) -> None:
    """Seed 004's score: 2 a green, 1 a yellow, over the answers; best first in `openers`,
    and in `hint` among the answers left with --candidates-only."""
    def points(guess: str, among: list[str]) -> int:
        return sum(sum(fb.digits(fb.reference_code(guess, a), 5)) for a in among)

    result = run("openers", "--by", "green-yellow", "--exact", "0", "--top", "3", *lists)
    assert result.exit_code == 0 and "ranked by green-yellow (seed 004)" in result.output
    top = cells(result.output, "1")[1].lower()
    assert points(top, ANSWERS) == max(points(g, ANSWERS) for g in GUESSES)
    hint = run("hint", f"crane:{colours('crane', 'humph')}", "--rank", "green-yellow",
               "--candidates-only", "--exact", "0", *lists)
    assert hint.exit_code == 0, hint.output
    left = [a for a in ANSWERS if fb.reference_code("crane", a) == fb.reference_code(
        "crane", "humph")]
    table = hint.output.split("expected left", 1)[1]
    proposed = [cells(table, str(i))[1].lower() for i in range(1, len(left) + 1)]
    assert sorted(proposed) == sorted(left)
    scores = [points(g, left) for g in proposed]
    assert scores == sorted(scores, reverse=True)
    assert "ranked by green-yellow (seed 004)" in hint.output


def test_hint_shows_the_optimal_next_guess_in_its_table(lists: list[str]) -> None:
    result = run("hint", f"crane:{colours('crane', 'humph')}", "--top", "3", *lists)
    assert result.exit_code == 0, result.output
    named = result.output.split("Optimal next guess: ", 1)[1].split(",")[0]
    assert cells(result.output, "opt")[1] == named


def test_piped_input_prints_only_what_changed(lists: list[str]) -> None:
    """Piped lines each print what they changed (a new guess and the answers left, a message);
    the hints come once, at the end."""
    typed = (f"crane {colours('crane', 'sissy')}\nhelp\nhumph\n{colours('humph', 'sissy')}\n"
             "zzzzz 22222\n")  # 4 answers left, then 2
    result = run("hint", "--top", "3", *lists, input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("expected left") == 1 and out.rstrip().endswith("could be the answer")
    assert out.index("expected left") > out.index("ZZZZZ") and out.count("colours for") == 1
    counts = [line for line in out.splitlines() if line.endswith("answers left")]
    assert len(counts) == 2  # after CRANE and after HUMPH; not after help or the bad line
    rows = [line for line in out.splitlines() if line[:6] in ("CRANE ", "HUMPH ")]
    assert rows == [f"{w.upper()} {colours(w, 'sissy', 'squares')}" for w in ("crane", "humph")]


def test_hint_without_colours_is_one_error_and_nothing_else(lists: list[str]) -> None:
    result = run("hint", "crane", *lists)
    assert result.exit_code == 2 and "no colours for CRANE" in one_error(result)
    assert result.stdout == ""


# --------------------------------------------------------------------------- bad input


def test_bench_refuses_a_bad_plot_path_before_playing(lists: list[str], tmp_path: Path) -> None:
    (tmp_path / "plots").mkdir()
    for where in (tmp_path / "answers.txt" / "x.png", tmp_path / "plots", tmp_path / "x.v2"):
        result = run("bench", "-s", "entropy", "--plot", str(where), *lists)
        assert result.exit_code == 2 and "--plot" in one_error(result)
        assert "Wordle, normal mode" not in result.output  # refused before any game
    named = tmp_path / "myplot"
    result = run("bench", "-s", "entropy", "--plot", str(named), *lists)
    assert result.exit_code == 0, result.output
    written = tmp_path / "myplot.png"
    assert f"plot: {written}" in result.output and written.read_bytes()[:4] == b"\x89PNG"


def test_bench_refuses_a_file_that_is_not_a_tree(lists: list[str], tmp_path: Path) -> None:
    texts = {"list.json": "[1, 2]", "number.json": '{"tree": 5}',
             "deep.json": '{"guess": "salet", "next": {"bbbbb": ' * 20_000,
             "words.json": '{"guess": "salet", "next": {"xx": {"guess": "crane"}}}'}
    for name, text in texts.items():
        (tmp_path / name).write_text(text)
        result = run("bench", "-s", "entropy", "--no-plot", "--tree", str(tmp_path / name),
                     *lists)
        assert result.exit_code == 2 and f"--tree {tmp_path / name}" in one_error(result)
        assert "Wordle, normal mode" not in result.output


def test_optimal_refuses_bad_paths_and_clusters_at_once(lists: list[str],
                                                        tmp_path: Path) -> None:
    every = run("optimal", "--all", "--results", str(tmp_path), "--workers", "1", *lists)
    assert every.exit_code == 2 and "is a folder" in one_error(every)
    out = run("optimal", "--out", str(tmp_path / "missing" / "tree.json"), *lists)
    assert out.exit_code == 2 and "does not exist" in one_error(out)
    assert "answers" not in every.output + out.output  # nothing loaded, nothing searched
    started = time.monotonic()
    far = run("optimal", "--first", "salet", "--cluster", "tcp://127.0.0.1:1", *lists)
    assert far.exit_code == 2 and "cannot reach the Dask scheduler" in one_error(far)
    assert time.monotonic() - started < 10


def test_boards_refuses_a_count_unlike_the_secrets(lists: list[str]) -> None:
    result = run("boards", "--boards", "1", "--secret", "cigar", "--secret", "rebut",
                 "--secret", "sissy", *lists)
    assert result.exit_code == 2 and "one secret per board" in one_error(result)
    same = run("boards", "--boards", "2", "--secret", "cigar", "--secret", "rebut", *lists)
    assert same.exit_code == 0 and "2 boards" in same.output


def test_hint_refuses_items_it_cannot_apply(lists: list[str]) -> None:
    for items, message in ((["crane:bygbq"], "no colours for CRANE, BYGBQ"),
                           (["crane"], "no colours for CRANE"),
                           (["crane:bbbbb", "salet"], "no colours for SALET"),
                           ([colours("crane", "cigar", "squares")], "no word for the colours"),
                           (["crane:2222"], "crane:2222")):
        result = run("hint", *items, *lists)
        assert result.exit_code == 2, (items, result.output)
        assert message in one_error(result)
        assert "answers left" not in result.output


def test_hint_answers_within_its_time_limit() -> None:
    """On the original lists PUPPY 00002 leaves 249 answers, whose exact search takes more
    than a minute: the answer comes at once, ranked by the heuristic, with a note."""
    started = time.monotonic()
    result = run("hint", "puppy:00002", "--list", "wordle-original")
    assert result.exit_code == 0, result.output
    assert time.monotonic() - started < 20
    assert "249 answers left" in result.output and "ran out of its 1 s" in result.output
    assert "Optimal next guess" not in result.output and "expected left" in result.output
    small = run("hint", "salet:00000", "crony:00000", "--list", "wordle-original",
                "--exact-time", "60")
    assert small.exit_code == 0, small.output
    assert "Optimal next guess" in small.output and "ran out" not in small.output


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux's /proc")
@pytest.mark.processes
def test_ctrl_c_stops_the_optimal_search_at_once(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the terminal's process group) as the worker processes start: one
    line, exit 130 within seconds, no worker traceback, no worker left."""
    err = interrupted_with_workers(["wordle", "optimal", "--list", "wordle-original",
                                     "--attempts", "5", "--workers", "2"], tmp_path)
    # no published opener with 5 attempts: every one is searched, hours
    assert err.strip().splitlines() == ["Error: interrupted: the search and its workers were "
                                        "stopped"]


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc")
@pytest.mark.processes
def test_ctrl_c_stops_a_search_on_one_worker_at_once(tmp_path: Path) -> None:
    """With one worker the search runs in the command's own process, in numba kernels that
    cannot be stopped (SPULE's classes took minutes to hear Ctrl-C): it is answered within a
    second all the same, in one line."""
    code, _, err, seconds, _ = ctrl_c(["wordle", "optimal", "--list", "wordle-nyt-2023-07-01",
                                       "--first", "spule", "--workers", "1"], tmp_path, 12,
                                      lambda pid: True)
    assert seconds < 2 and code == 130, (seconds, code, err)
    assert err.strip().splitlines() == ["Error: interrupted: the search and its workers were "
                                        "stopped"]


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux's /proc")
@pytest.mark.processes
def test_ctrl_c_stops_a_sweep_of_openers_side_by_side(tmp_path: Path) -> None:
    """Ctrl-C during --all, each worker searching its own opener: one line naming the results
    file to resume from, exit 130 within seconds, no worker left, every finished opener kept."""
    from sleuth.games.wordle.openers import Sweep

    results = tmp_path / "sweep.jsonl"
    err = interrupted_with_workers(["wordle", "optimal", "--list", "wordle-original", "--all",
                                     "--workers", "2", "--results", str(results)], tmp_path,
                                    settle=3.0)  # a few openers finish
    assert err.strip().splitlines() == [f"Error: interrupted; resume with the same command "
                                        f"({results} keeps every finished opener)"]
    kept = Sweep.load(results)
    assert all(total >= 7920 for total in kept.totals.values())


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux's /proc")
@pytest.mark.processes
def test_workers_end_with_a_sweep_killed_outright(tmp_path: Path) -> None:
    """Killed with no chance to end its workers (SIGKILL, out of memory), a sweep leaves none
    searching: each notices its parent is gone within a second."""
    killed_with_workers(["wordle", "optimal", "--list", "wordle-original", "--all",
                         "--workers", "2", "--results", str(tmp_path / "sweep.jsonl")], tmp_path)


def test_worst_objective_uses_a_guess_outside_the_answers(tmp_path: Path) -> None:
    """BUMPY, DUMPY, JUMPY: a guess that is no answer (JIBED) finds each in 2; guessing only
    answers needs 3 at worst (the case the published solver's worst-case mode misses)."""
    from sleuth.core import treefile

    three = tmp_path / "three.txt"
    three.write_text("jumpy\nbumpy\ndumpy\n")
    for guesses, first, worst in ((None, None, 2), (None, "jibed", 2), (three, None, 3)):
        out = tmp_path / f"tree-{worst}-{first}.json"
        args = ["optimal", "--objective", "worst", "--answers", str(three), "--workers", "1",
                "--out", str(out)]
        args += ["--guesses", str(guesses)] if guesses else ["--list", "wordle-original"]
        args += ["--first", first] if first else []
        result = run(*args)
        assert result.exit_code == 0, result.output
        assert f"{worst} guesses always suffice" in result.output
        tree = treefile.read(out)
        assert (tree["objective"], tree["worst"], tree["secrets"]) == ("worst", worst, 3)
        assert first is None or tree["first"] == first


def test_worst_objective_over_every_opener_one_at_a_time(tmp_path: Path) -> None:
    """--all with --objective worst: each opener in the results file, the fewest guesses
    proven over all of them, the tree written; a rerun searches nothing again."""
    from sleuth.core import treefile
    from sleuth.games.wordle.game import wordle_game
    from sleuth.solve.search import optimal_worst

    trap, guesses = tmp_path / "trap.txt", tmp_path / "guesses.txt"
    trap.write_text("batch\ncatch\nhatch\nlatch\nmatch\npatch\nwatch\ncigar\n")
    guesses.write_text(trap.read_text() + "blimp\nwhelp\n")
    results, out = tmp_path / "worst.jsonl", tmp_path / "tree.json"
    args = ["optimal", "--objective", "worst", "--all", "--answers", str(trap), "--guesses",
            str(guesses), "--results", str(results), "--out", str(out), "--workers", "1"]
    first = run(*args)
    assert first.exit_code == 0, first.output
    assert "4 guesses always suffice, proven over every opener: after none of the 10" in (
        first.output)
    records = [json.loads(line) for line in results.read_text().splitlines()[1:]]
    assert sorted(r["guess"] for r in records) == sorted(guesses.read_text().split())
    tree = treefile.read(out)
    assert (tree["objective"], tree["worst"]) == ("worst", 4)
    assert optimal_worst(wordle_game(trap.read_text().split(), guesses.read_text().split()),
                         workers=1).worst == 4
    again = run(*args)
    assert again.exit_code == 0 and "10 of 10 openers already in" in again.output
    refused = run(*args[:-2], "--workers", "1", "--answers", str(guesses))
    assert "other settings" in one_error(refused)
    assert results.read_text().count("\n") == len(records) + 1
    assert "not with --objective worst" in one_error(run(*args, "--top", "3"))


def test_worst_objective_refuses_an_impossible_limit(tmp_path: Path) -> None:
    three = tmp_path / "three.txt"
    three.write_text("bumpy\ndumpy\njumpy\n")
    refused = run("optimal", "--objective", "worst", "--answers", str(three), "--guesses",
                  str(three), "--attempts", "2", "--workers", "1")
    assert "within 2 guesses" in one_error(refused)


# --------------------------------------------------------------------------- ranking openers


def test_optimal_all_ranks_the_top_openers_writes_and_compares(lists: list[str],
                                                              tmp_path: Path) -> None:
    """--top 3 gives exact totals to the three best (and their ties), bounds above them to the
    rest; --ranking writes every opener; a rerun with --top 6 searches again the bounds it
    needs; --compare counts where a published ranking agrees and lists where it differs."""
    records, table = tmp_path / "openers.jsonl", tmp_path / "ranking.md"
    first = run("optimal", "--all", "--top", "3", "--results", str(records), "--ranking",
                str(table), "--workers", "1", *lists)
    assert first.exit_code == 0, first.output
    lines = [json.loads(line) for line in records.read_text().splitlines()[1:]]
    totals = sorted((r["total"], r["guess"]) for r in lines if "total" in r)
    third = totals[2][0]
    assert len(lines) == len(GUESSES) and "(cut)" in first.output
    assert all(r["at_least"] > third for r in lines if "at_least" in r)
    shown = [[c.strip() for c in line.strip("│ ").split("│")]
             for line in first.output.splitlines() if line.startswith("│")]
    assert [(int(row[2]), row[1].lower()) for row in shown] == [t for t in totals
                                                                 if t[0] <= third]
    assert [row[0] for row in shown] == [str(1 + [t[0] for t in totals].index(int(row[2])))
                                         for row in shown]  # ties share a rank
    ranked = table.read_text().splitlines()
    assert ranked[0].startswith("# Wordle openers (normal mode)") and len(ranked) == 6 + len(
        GUESSES)
    assert f"| 1 | {totals[0][1]} | {totals[0][0]} |" in ranked[6]
    assert ranked[-1].endswith("| at least |") and f"ranking: {table}" in first.output

    again = run("optimal", "--all", "--top", "6", "--results", str(records), "--workers", "1",
                *lists)
    assert again.exit_code == 0, again.output
    assert "of them bounded before: searched again unless still below the top 6" in " ".join(
        again.output.split())
    later = [json.loads(line) for line in records.read_text().splitlines()[1 + len(GUESSES):]]
    assert later and all(r["guess"] in {x["guess"] for x in lines if "at_least" in x}
                         for r in later)  # only bounds searched again

    exact = [r for r in later + lines if "total" in r]
    from sleuth.games.wordle.openers import Sweep

    kept = Sweep.load(records).at_least  # the bounds the sweep keeps, old or searched again
    bound = {"guess": min(kept), "at_least": kept[min(kept)]}
    published = tmp_path / "published.txt"
    published.write_text(f"{exact[0]['guess']} {exact[0]['total']}\n"
                         f"{exact[1]['guess']} {exact[1]['total'] + 1}\n"
                         f"{bound['guess']} {bound['at_least'] - 1}\nzonal 99\n")
    compared = run("optimal", "--all", "--top", "6", "--results", str(records), "--compare",
                   str(published), *lists)
    assert compared.exit_code == 0, compared.output
    said = " ".join(compared.output.split())  # lines as the terminal's width wraps them
    assert "0 to search" in said and "1 only published" in said
    assert "1 agree, 1 differ, 0 consistent, 1 contradicted" in said
    assert f"{exact[1]['guess'].upper()}: here {exact[1]['total']}, published " \
           f"{exact[1]['total'] + 1} (differ)" in said
    assert f"{bound['guess'].upper()}: here >= {bound['at_least']}, published " \
           f"{bound['at_least'] - 1} (contradicted)" in said


def test_optimal_all_ranks_openers_that_cannot_win_last(tmp_path: Path) -> None:
    """Hard mode in five guesses: _ATCH openers cannot find every answer; the sweep goes on,
    says so, and the ranking lists them last."""
    trap = ["batch", "catch", "hatch", "latch", "match", "patch", "watch", "cigar", "rebut",
            "humph"]
    (tmp_path / "answers.txt").write_text("\n".join(trap) + "\n")
    (tmp_path / "guesses.txt").write_text("\n".join([*trap, "climb"]) + "\n")
    table = tmp_path / "ranking.md"
    result = run("optimal", "--all", "--hard", "--attempts", "5", "--top", "20", "--results",
                 str(tmp_path / "openers.jsonl"), "--ranking", str(table), "--workers", "1",
                 "--answers", str(tmp_path / "answers.txt"), "--guesses",
                 str(tmp_path / "guesses.txt"))
    assert result.exit_code == 0, result.output
    assert "HATCH: cannot win within 5" in result.output
    rows = table.read_text().splitlines()[6:]
    fails = [row for row in rows if row.endswith("| cannot win |")]
    assert fails and rows[-len(fails):] == fails and "Wordle openers (hard mode)" in \
        table.read_text()


def test_optimal_all_refuses_bad_top_and_compare_at_once(lists: list[str],
                                                         tmp_path: Path) -> None:
    records = ["--results", str(tmp_path / "openers.jsonl")]
    bad = tmp_path / "bad.txt"
    bad.write_text("salet 7920\nthis is not a ranking\n")
    for args, said in [(["--top", "0"], "--top: 0 is not a number of openers"),
                       (["--top", "-3"], "--top: -3"),
                       (["--compare", str(tmp_path / "missing.txt")], "--compare: "),
                       (["--compare", str(bad)], f"--compare: {bad} line 2"),
                       (["--ranking", str(tmp_path)], "--ranking: ")]:
        result = run("optimal", "--all", *records, *args, *lists)
        assert result.exit_code == 2 and said in one_error(result), (args, result.output)
        assert "answers" not in result.output  # nothing loaded, nothing searched
    alone = run("optimal", "--top", "5", *lists)
    assert alone.exit_code == 2 and "go with --all" in one_error(alone)
    assert not (tmp_path / "openers.jsonl").exists()
