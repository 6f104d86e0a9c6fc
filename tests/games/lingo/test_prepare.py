"""Prepared trees: the recorded total is what playing the tree scores, runs resume, Dask agrees,
and the player program follows the tree over the protocol."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers import children, ctrl_c
from sleuth.cli import app
from sleuth.core.journal import JournalError
from sleuth.core.strategies import get
from sleuth.core.tree import evaluate
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.player import play
from sleuth.games.lingo.prepare import (
    BATCHES,
    PROVE_SECONDS,
    Prepared,
    PreparedStrategy,
    Settings,
    class_job,
    first_choices,
    list_key,
    load_tree,
    needs_proof,
    prepare,
    save_book,
    tree_path,
)
from sleuth.games.lingo.referee import play_game
from sleuth.games.lingo.scoring import class_totals, opening_bound, opening_proof

QUICK = Settings(top=2, refine=2, screen_exact=4, screen_width=2, exact=6, width=2)


@pytest.fixture(scope="module")
def words(lingo_dir: Path) -> list[str]:
    """400 official four-letter words, spread over the alphabet."""
    return (lingo_dir / "wordlist4.txt").read_text().split()[::16][:400]


#: What preparing the module's tree told its progress: (stage, done, total), in order.
TOLD: list[tuple[str, int, int]] = []


@pytest.fixture(scope="module")
def tree(words: list[str], tmp_path_factory: pytest.TempPathFactory) -> tuple[Prepared, Path]:
    directory = tmp_path_factory.mktemp("trees")
    return prepare(words, QUICK, workers=1, directory=directory,
                   progress=lambda *told: TOLD.append(told)), directory


def test_prepare_tells_each_stage_its_total_from_its_start(words: list[str],
                                                           tree: tuple[Prepared, Path]) -> None:
    stages = list(dict.fromkeys(stage for stage, _, _ in TOLD))
    proof = ["proving after the opening"]
    assert stages in (["screening", "screening more", "searching", "completing", *proof],
                      ["screening", "screening more", "searching", "completing", *proof,
                       "searching every word"])
    for stage in stages:
        told = [(done, total) for name, done, total in TOLD if name == stage]
        total = told[0][1]
        assert told[0] == (0, total) and total > 0  # known before any work, on a fresh run
        dones = [done for done, _ in told]
        assert dones == sorted(set(dones)) and dones[-1] == total  # up, never past the total
        assert {t for _, t in told} == {total}
    game = lingo_game(words)

    def batches(first: int) -> int:  # a batch per class left unsolved, at most BATCHES
        codes = game.codes(first, game.start().candidates)
        return min(BATCHES, len(set(codes.tolist()) - {game.solved}))

    screening = next(total for stage, _, total in TOLD if stage == "screening")
    assert screening == sum(batches(first) for first in first_choices(game, QUICK.top))
    assert ("completing", len(words), len(words)) in TOLD


def test_recorded_total_is_what_the_tree_scores(words: list[str],
                                                tree: tuple[Prepared, Path]) -> None:
    prepared, directory = tree
    game = lingo_game(words)
    played = evaluate(game, PreparedStrategy(directory))
    assert played.mean_score() == pytest.approx(prepared.mean)
    assert prepared.first in prepared.screened
    # the top two by classes and by entropy, then two more by the measured class values
    assert len(prepared.screened) == len(first_choices(game, 2)) + 2
    assert prepared.mean >= evaluate(game, get("tournament")).mean_score() - 1e-9


def test_a_tree_short_of_its_proof_is_searched_over_every_word_there(lingo_dir: Path,
                                                                     tmp_path: Path) -> None:
    # a narrow search leaves classes below their best; proving the opening finds them, and
    # searching them over every word lifts the tree to the bound (1,485 five-letter words)
    words = (lingo_dir / "wordlist5.txt").read_text().split()[::10]
    narrow = Settings(top=1, screen_exact=2, screen_width=1, exact=2, width=1)
    plain = prepare(words, narrow, workers=1, directory=tmp_path, prove_seconds=0)
    assert plain.opening is None and not plain.optimal_after_opening
    proven = prepare(words, narrow, workers=1, directory=tmp_path, prove_seconds=60)
    assert proven.first == plain.first and proven.total > plain.total
    assert proven.optimal_after_opening and proven.opening == proven.total
    assert load_tree(words, tmp_path) == proven  # saved, the bound with it
    game = lingo_game(words)
    played = evaluate(game, PreparedStrategy(tmp_path))
    assert played.mean_score() * len(words) == pytest.approx(proven.total)
    assert opening_bound(game, game.guess_index(proven.first), seconds=60).total == \
        proven.opening


def test_a_class_no_guess_beats_the_tree_in_gets_its_total_and_no_moves(
        words: list[str]) -> None:
    game = lingo_game(words)
    first = game.guess_index("tare") if "tare" in words else 0
    code, part = max(game.partition(first, game.start().candidates), key=lambda c: c[1].size)
    batch = [(int(code), part)]
    plain = class_job(words, 0, 0, batch, True)[0]
    assert plain["moves"] and plain["total"] > 0
    assert class_job(words, 0, 0, batch, True, plain["total"])[0] == {**plain, "moves": {}}
    assert class_job(words, 0, 0, batch, True, plain["total"] - 1)[0] == plain


def test_tree_is_found_by_the_words_not_their_order(words: list[str],
                                                    tree: tuple[Prepared, Path]) -> None:
    prepared, directory = tree
    assert load_tree(list(reversed(words)), directory) == prepared
    assert load_tree(words[:-1], directory) is None
    assert list_key(words) != list_key(words[:-1])


def flat_moves(node: dict, path: str = "") -> dict[str, str]:
    """A tree's guesses by dotted feedback path, as Lingo's first tree files held them."""
    moves = {path: node["guess"]} if path else {}
    for code, child in node.get("next", {}).items():
        moves.update(flat_moves(child, f"{path}.{code}" if path else code))
    return moves


def test_old_and_broken_tree_files_in_the_cache(words: list[str], tmp_path: Path,
                                                tree: tuple[Prepared, Path],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A tree of Lingo's first format is read as it was; a broken one is no tree (the game
    searches instead), for the player's quick path too."""
    from sleuth.games.lingo.quick import find_tree

    prepared = tree[0]
    old = {"length": 4, "key": prepared.key, "n_words": len(words), "first": prepared.first,
           "moves": flat_moves(prepared.tree), "total": prepared.total, "seconds": 1.0,
           "settings": prepared.settings, "screened": {}, "complete": True, "format": 1,
           "book": {}, "mean": prepared.mean}
    path = tree_path(words, tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(old))
    loaded = load_tree(words, tmp_path)
    assert loaded is not None and loaded.tree == prepared.tree and loaded.mean == prepared.mean
    for text in ("{", '{"format": 1, "first": "tare"}', '{"format": "sleuth-tree"}', "[]"):
        path.write_text(text)
        assert load_tree(words, tmp_path) is None
    arena = tmp_path / "arena"
    arena.mkdir()
    (arena / "wordlist4.txt").write_text("\n".join(words) + "\n")
    monkeypatch.setenv("SLEUTH_CACHE_DIR", str(tmp_path / "cache"))
    cached = tree_path(words)
    cached.parent.mkdir(parents=True)
    cached.write_text(json.dumps(old))
    found = find_tree(4, arena)
    assert found is not None and found["tree"] == prepared.tree
    cached.write_bytes(b"\x1f\x8b broken")
    assert find_tree(4, arena) is None


def test_interrupted_run_resumes_without_redoing_work(words: list[str], tmp_path: Path,
                                                      tree: tuple[Prepared, Path]) -> None:
    seen: list[tuple[str, int]] = []

    def stop_after_three(stage: str, done: int, total: int) -> None:
        seen.append((stage, done))
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        prepare(words, QUICK, workers=1, directory=tmp_path, progress=stop_after_three)
    journal = tree_path(words, tmp_path).with_suffix(".partial.jsonl")
    kept = len(journal.read_text().splitlines())
    assert kept >= 3  # the settings line and the finished batches

    resumed: list[tuple[str, int]] = []
    again = prepare(words, QUICK, workers=1, directory=tmp_path,
                    progress=lambda s, d, t: resumed.append((s, d)))
    assert again.total == pytest.approx(tree[0].total) and again.tree == tree[0].tree
    assert resumed[0][1] > 1  # the first report already counts the batches done before
    assert not journal.exists()


def test_a_journal_of_other_settings_is_started_afresh_and_one_of_anything_else_refused(
        words: list[str], tmp_path: Path, tree: tuple[Prepared, Path]) -> None:
    journal = tree_path(words, tmp_path).with_suffix(".partial.jsonl")
    journal.parent.mkdir(parents=True, exist_ok=True)
    journal.write_text("my notes\n")
    with pytest.raises(JournalError, match=f"{journal} is not a preparation journal: line 1"):
        prepare(words, QUICK, workers=1, directory=tmp_path)
    assert journal.read_text() == "my notes\n"
    other = {"kind": "settings", **asdict(QUICK), "exact": QUICK.exact + 1}
    game = lingo_game(words)
    firsts = {*first_choices(game, QUICK.top), game.guess_index(tree[0].first)}
    bogus = [{"id": f"{stage}-{first}:{i}", "result": [], "seconds": 1.0}  # spoil any total
             for first in firsts for stage in ("screen", "tree") for i in range(BATCHES)]
    journal.write_text("".join(json.dumps(line) + "\n" for line in [other, *bogus]))
    again = prepare(words, QUICK, workers=1, directory=tmp_path)
    assert again.total == pytest.approx(tree[0].total) and not journal.exists()


@pytest.mark.cluster
def test_dask_cluster_prepares_the_same_tree(words: list[str], tmp_path: Path,
                                             tree: tuple[Prepared, Path]) -> None:
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        on_dask = prepare(words, QUICK, cluster=client, directory=tmp_path)
        listing = tmp_path / "words.txt"
        listing.write_text("\n".join(words[:150]) + "\n")
        args = ["lingo", "prepare", "--words", str(listing), "--lengths", "4", "--top", "1",
                "--exact", "4", "--width", "2", "--cluster", cluster.scheduler_address]
        result = CliRunner().invoke(app, args, env={"SLEUTH_CACHE_DIR": str(tmp_path / "c")})
    assert on_dask.total == pytest.approx(tree[0].total) and on_dask.first == tree[0].first
    assert result.exit_code == 0, result.output
    assert len(list((tmp_path / "c" / "lingo-trees").glob("4-*.json"))) == 1


def test_the_book_records_a_tree_once_and_a_change_beside_the_one_before(
        tree: tuple[Prepared, Path], tmp_path: Path) -> None:
    prepared, _ = tree
    path = save_book(prepared, tmp_path, "sleuth lingo prepare --book x", "four letters")
    shipped = Prepared.load(path)
    assert shipped is not None and shipped.book["command"] == "sleuth lingo prepare --book x"
    assert "before" not in shipped.book and shipped.total == prepared.total
    written = path.read_bytes()
    assert save_book(shipped, tmp_path, "sleuth lingo prepare --book y", "four") == path
    assert path.read_bytes() == written  # nothing changed: the book is not written again
    proven = replace(shipped, opening=shipped.total, opening_seconds=60.0)
    again = Prepared.load(save_book(proven, tmp_path, "sleuth lingo prepare --book y", "four"))
    assert again is not None and again.optimal_after_opening
    assert again.book["command"].endswith("--book y") and again.book["before"] == shipped.book


@pytest.mark.processes
def test_player_program_follows_the_prepared_tree(words: list[str], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("SLEUTH_CACHE_DIR", str(cache))
    prepared = prepare(words, QUICK, workers=1)
    game = lingo_game(words)
    planned = evaluate(game, PreparedStrategy())
    arena = tmp_path / "arena"
    arena.mkdir()
    (arena / "wordlist4.txt").write_text("\n".join(words) + "\n")
    player = [sys.executable, "-m", "sleuth.games.lingo.player", "--strategy", "prepared"]
    for index in (0, 99, 399):
        result = play_game(player, words[index], set(words), workdir=arena, timeout=60)
        assert result.reason is None
        assert result.attempts == int(planned.cost[index])
        assert result.guesses[0] == prepared.first


def test_prepare_command_resumes_and_reports(words: list[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLEUTH_CACHE_DIR", str(tmp_path / "cache"))
    listing = tmp_path / "words.txt"
    listing.write_text("\r\n".join(w.upper() for w in words[:120]) + "\r\n")
    args = ["lingo", "prepare", "--words", str(listing), "--lengths", "4", "--workers", "1",
            "--top", "1", "--exact", "4", "--width", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Prepared Lingo trees" in result.output and "after its opening" in result.output
    stored = json.loads(tree_path(sorted(w for w in words[:120])).read_text())
    assert stored["secrets"] == 120 and stored["length"] == 4 and stored["game"] == "lingo"
    assert (stored["settings"]["exact"], stored["settings"]["width"]) == (4, 2)
    # without limits the length's defaults apply: short words are searched wider
    listing.write_text("\n".join(words[:60]) + "\n")
    result = CliRunner().invoke(app, ["lingo", "prepare", "--words", str(listing), "--lengths",
                                      "4", "--workers", "1"])
    assert result.exit_code == 0, result.output
    stored = json.loads(tree_path(sorted(words[:60])).read_text())
    assert stored["settings"] == asdict(Settings.for_length(4)) != asdict(Settings())
    bad = CliRunner().invoke(app, ["lingo", "prepare", "--words", str(listing), "--lengths", "x"])
    assert bad.exit_code == 2


@pytest.mark.processes
def test_quick_path_needs_no_numpy_and_hands_over_off_the_tree(
        words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("SLEUTH_CACHE_DIR", str(cache))
    prepared = prepare(words, QUICK, workers=1)
    assert prepared.complete
    arena = tmp_path / "arena"
    arena.mkdir()
    (arena / "wordlist.txt").write_text("\n".join(words) + "\n")
    script = (
        "import io, sys\n"
        "from sleuth.games.lingo.player import play\n"
        f"secret = {words[5]!r}\n"
        "def mark(g, s):\n"
        "    out = ['O' if a == b else None for a, b in zip(g, s)]\n"
        "    rest = [b for a, b in zip(g, s) if a != b]\n"
        "    for i, a in enumerate(g):\n"
        "        if out[i] is None:\n"
        "            out[i] = '?' if a in rest else 'X'\n"
        "            if a in rest: rest.remove(a)\n"
        "    return ''.join(out)\n"
        "class Referee(io.StringIO):\n"
        "    def readline(self, *_):\n"
        "        return mark(out.getvalue().split()[-1], secret) + '\\n'\n"
        "out = io.StringIO()\n"
        "play(4, 'prepared', stdin=Referee(), stdout=out)\n"
        "print(out.getvalue().split()[-1], 'numpy' in sys.modules)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=arena, capture_output=True,
                         text=True, timeout=120, check=True)
    assert run.stdout.split() == [words[5], "False"]

    # feedback no word of the list gives: the full player takes over from the same history
    import io

    replies = io.StringIO("XXXX\n" * 5)
    out = io.StringIO()
    assert play(4, "prepared", directory=arena, stdin=replies, stdout=out,
                stderr=io.StringIO()) == 0
    guesses = out.getvalue().split()
    assert guesses[0] == prepared.first and len(guesses) == 5

    # unreadable feedback: the game stops with a message naming it
    err = io.StringIO()
    assert play(4, "prepared", directory=arena, stdin=io.StringIO("XX#X\n"), stdout=io.StringIO(),
                stderr=err) == 1
    assert "unreadable feedback" in err.getvalue() and "#" in err.getvalue()


def test_evaluate_command_shows_the_prepared_tree_beside_the_bound(
        words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sleuth.games.lingo.scoring import deep_bound, opening_bound, upper_bound

    monkeypatch.setenv("SLEUTH_CACHE_DIR", str(tmp_path / "cache"))
    listing = tmp_path / "words.txt"
    listing.write_text("\n".join(words) + "\n")
    prepared = prepare(words, QUICK, workers=1)
    result = CliRunner().invoke(app, ["lingo", "evaluate", "--words", str(listing), "--length",
                                      "4", "--strategy", "prepared", "--strategy", "entropy"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    game = lingo_game(words)
    proof = deep_bound(game)
    bound = proof.total / len(words)
    assert proof.exact and bound <= upper_bound(game, depth=1) / len(words)
    assert f"{prepared.mean:.2f}" in result.output
    flat = " ".join(result.output.split())  # the title may wrap
    opener = game.guess_labels[proof.guess]
    if proof.optimum:
        assert f"the best any strategy can average is {bound:.2f} (first guess {opener})" in flat
    else:
        assert f"more than {bound:.2f} (best first guess by this bound: {opener})" in flat
    assert prepared.mean <= bound
    assert f"{100 * (bound - prepared.mean) / bound:.2f}%" in result.output
    # the proof starts each class from what the tree reaches in it
    first = game.guess_index(prepared.first)
    scores = evaluate(game, PreparedStrategy(given=prepared)).scores()
    after = opening_proof(game, first, reached=prepared.total,
                          known=class_totals(game, first, scores))[0]
    assert after.total <= opening_bound(game, first, reached=prepared.total).total + 1e-9
    mean = after.total / len(words)
    assert prepared.mean <= mean + 1e-9  # no better than the best play after its opening
    cell = f"{prepared.first}: {mean:.2f}" if after.optimum else \
        f"{prepared.first}: at most {mean:.2f}"
    assert cell in flat


def test_evaluate_command_gives_the_exact_optimum_on_long_words(lingo_dir: Path,
                                                                 tmp_path: Path) -> None:
    """On long words the bound is proven exact, and the title says so."""
    from sleuth.games.lingo.scoring import deep_bound

    words = (lingo_dir / "wordlist13.txt").read_text().split()[:800]
    listing = tmp_path / "words.txt"
    listing.write_text("\n".join(words) + "\n")
    result = CliRunner().invoke(app, ["lingo", "evaluate", "--words", str(listing), "--length",
                                      "13", "--strategy", "entropy"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    game = lingo_game(words)
    proof = deep_bound(game)
    assert proof.optimum
    flat = " ".join(result.output.split())
    assert f"the best any strategy can average is {proof.total / len(words):.2f}" in flat


def test_evaluate_command_settles_whether_a_mean_is_reachable(lingo_dir: Path,
                                                               tmp_path: Path) -> None:
    """--reach above the optimum: the title says no strategy averages it; below it: that it is
    not ruled out; exactly at the bound: that none averages more. With --journal a rerun
    answers the same from the journal; a journal of another MEAN, or one without --reach, is
    refused in one line."""
    from sleuth.games.lingo.scoring import deep_bound

    words = (lingo_dir / "wordlist13.txt").read_text().split()[:800]
    listing = tmp_path / "words.txt"
    listing.write_text("\n".join(words) + "\n")
    best = deep_bound(lingo_game(words)).total / len(words)
    for reach, says in [(best + 0.5, f"no strategy can average {best + 0.5:g}"),
                        (best - 0.5, f"averaging {best - 0.5:g} is not ruled out"),
                        (best, f"no strategy averages more than {best:g}")]:
        result = CliRunner().invoke(app, ["lingo", "evaluate", "--words", str(listing),
                                          "--length", "13", "--strategy", "entropy",
                                          "--reach", str(reach)], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        assert says in " ".join(result.output.split())
    journal = tmp_path / "settled.jsonl"
    for args, code, says in [([str(best)], 0, f"no strategy averages more than {best:g}"),
                             ([str(best)], 0, f"no strategy averages more than {best:g}"),
                             ([str(best - 0.5)], 2, "--journal: "),
                             ([str(best), "--no-bound"], 2, "answered by the bound")]:
        result = CliRunner().invoke(app, ["lingo", "evaluate", "--words", str(listing),
                                          "--length", "13", "--strategy", "entropy",
                                          "--journal", str(journal), "--reach", *args],
                                    env={"COLUMNS": "200"})
        assert result.exit_code == code, result.output
        assert says in " ".join(result.output.split())
    lines = journal.read_text().splitlines()
    assert lines[0].startswith('{"type": "header"') and len(lines) == len(set(lines))


@pytest.mark.cluster
def test_evaluate_command_settles_a_mean_on_a_dask_cluster(lingo_dir: Path,
                                                           tmp_path: Path) -> None:
    """--reach with --cluster: the first guesses settled on the cluster's workers, journaled
    as on this process's threads, with the same title."""
    from distributed import LocalCluster

    from sleuth.games.lingo.scoring import deep_bound

    words = (lingo_dir / "wordlist13.txt").read_text().split()[:800]
    listing = tmp_path / "words.txt"
    listing.write_text("\n".join(words) + "\n")
    best = deep_bound(lingo_game(words)).total / len(words)
    outputs, journals = [], [tmp_path / "here.jsonl", tmp_path / "there.jsonl"]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        for journal, where in zip(journals, ([], ["--cluster", cluster.scheduler_address]),
                                  strict=True):
            result = CliRunner().invoke(app, [
                "lingo", "evaluate", "--words", str(listing), "--length", "13", "--strategy",
                "entropy", "--reach", str(best), "--journal", str(journal), *where],
                env={"COLUMNS": "200"})
            assert result.exit_code == 0, result.output
            outputs.append(" ".join(result.output.split()))
    assert all(f"no strategy averages more than {best:g}" in out for out in outputs)
    assert sorted(journals[0].read_text().splitlines()) == sorted(
        journals[1].read_text().splitlines())


@pytest.mark.slow
@pytest.mark.parametrize("length", [12, 13])
def test_prepared_trees_are_optimal_on_the_official_long_words(lingo_dir: Path, tmp_path: Path,
                                                               length: int) -> None:
    """The official lists of 12 and 13 letters: the prepared tree reaches the proven optimum."""
    from sleuth.games.lingo.scoring import deep_bound
    from sleuth.words.wordlist import load_words

    words = list(load_words(lingo_dir / f"wordlist{length}.txt").words)
    proof = deep_bound(lingo_game(words), seconds=600)
    tree = prepare(words, workers=2, directory=tmp_path)
    assert proof.optimum and tree.total == pytest.approx(proof.total)


@pytest.mark.parametrize(("args", "message"), [
    (["--length", "9"], "no words of length 9"),
    (["--strategy", "nonsense"], "nonsense"),
    (["--bound-seconds", "-1"], "greater than or equal to 0"),
    (["--reach", "high"], "Invalid value for '--reach'"),
    (["--reach", "300", "--no-bound"], "--reach is answered by the bound"),
    (["--journal", "j.jsonl"], "--journal keeps the first guesses --reach settles"),
    (["--reach", "300", "--journal", "/nonexistent/j.jsonl"], "--journal: "),
    (["--cluster", "tcp://127.0.0.1:9"], "--cluster settles the first guesses of --reach"),
    (["--reach", "300", "--cluster", "tcp://127.0.0.1:9"], "--cluster: cannot reach"),
])
def test_evaluate_command_rejects_bad_input_clearly(tmp_path: Path, args: list[str],
                                                    message: str) -> None:
    """A messy list still loads; a missing length, an unknown strategy, a negative time limit
    or a --reach that is no number or has no bound to answer it ends with exit code 2 and says
    what was wrong."""
    listing = tmp_path / "words.txt"
    listing.write_bytes("\ufeffTare\r\nsale\r\n\r\ntare\r\nbad-1\r\nmane\r\n".encode())
    result = CliRunner().invoke(app, ["lingo", "evaluate", "--words", str(listing), "--length",
                                      "4", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_evaluate_command_reads_a_messy_list(tmp_path: Path) -> None:
    listing = tmp_path / "words.txt"
    listing.write_bytes("\ufeffTare\r\nsale\r\n\r\ntare\r\nmane\r\nlame\r\n".encode())
    result = CliRunner().invoke(app, ["lingo", "evaluate", "--words", str(listing), "--length",
                                      "4", "--strategy", "entropy"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "4 words" in result.output and "after its opening" in result.output


@pytest.mark.parametrize("reach", ["nan", "inf", "-inf", "-5", "500.5"])
def test_evaluate_refuses_a_reach_that_is_no_mean_in_one_line(tmp_path: Path, reach: str) -> None:
    listing = tmp_path / "words.txt"
    listing.write_text("tare\nsale\nmane\nlame\n")
    result = CliRunner().invoke(app, ["lingo", "evaluate", "--words", str(listing), "--length",
                                      "4", "--reach", reach])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == [f"Error: --reach {float(reach):g}: a mean score is a number from 0 to 500"]


def running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc")
@pytest.mark.processes
def test_ctrl_c_ends_evaluate_within_a_second(tmp_path: Path) -> None:
    """The bound search runs numba kernels on threads; Ctrl-C used to wait for them (43 s)."""
    code, out, err, seconds, _ = ctrl_c(["lingo", "evaluate", "--list", "lingo-official",
                                         "--length", "5"], tmp_path, 5, lambda pid: True)
    assert seconds < 2 and (code, err) == (130, ""), (seconds, err)
    assert [line for line in out.splitlines() if line.strip()] == ["Interrupted (SIGINT)."]
    assert seconds < 2


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc")
@pytest.mark.parametrize("group", [True, False], ids=["terminal", "kill"])
@pytest.mark.processes
def test_ctrl_c_ends_prepare_and_its_workers_within_a_second(tmp_path: Path, group: bool
                                                             ) -> None:
    """The pool's workers are ended at once (they used to finish their batches: 26 s), print
    nothing, and the batches finished so far stay for a resume."""
    from sleuth.words.wordlist import shipped_words

    listing = tmp_path / "four.txt"
    listing.write_text("\n".join(shipped_words("lingo-official").of_length(4)[::2]) + "\n")
    args = ["lingo", "prepare", "--words", str(listing), "--lengths", "4", "--workers", "2"]
    code, out, err, seconds, started = ctrl_c(args, tmp_path, 3,
                                              lambda pid: len(children(pid)) >= 2, group)
    assert seconds < 2 and (code, err) == (130, ""), (seconds, err)
    assert [line for line in out.splitlines() if line.strip()] == [
        f"Words: {listing}", "Interrupted (SIGINT); run the same command again to resume."]
    assert seconds < 2
    deadline = time.monotonic() + 2
    while any(map(running, started)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(started) >= 2 and not any(map(running, started))
    assert list((tmp_path / "cache").glob("lingo-trees/4-*.partial.jsonl"))


def test_a_longer_proof_is_run_only_where_a_shorter_one_left_a_gap(lingo_dir: Path,
                                                                    tmp_path: Path) -> None:
    # a proof given no time keeps the two-deep bound; asking for the same again does nothing,
    # asking for more proves it again, and the tighter bound is kept
    words = (lingo_dir / "wordlist5.txt").read_text().split()[::10]
    narrow = Settings(top=1, screen_exact=2, screen_width=1, exact=2, width=1)
    rushed = prepare(words, narrow, workers=1, directory=tmp_path, prove_seconds=1e-9)
    assert rushed.opening is not None and rushed.opening > rushed.total
    assert rushed.opening_seconds == 1e-9 and load_tree(words, tmp_path) == rushed
    assert not needs_proof(rushed, 1e-9) and not needs_proof(rushed, 0)
    assert needs_proof(rushed, 60)
    again = prepare(words, narrow, workers=1, directory=tmp_path, prove_seconds=1e-9)
    assert again == rushed
    proven = prepare(words, narrow, workers=1, directory=tmp_path, prove_seconds=60)
    assert proven.optimal_after_opening and proven.opening == proven.total < rushed.opening
    assert proven.opening_seconds == 60 and not needs_proof(proven, 10_000)
    assert load_tree(words, tmp_path) == proven


def test_needs_proof_reads_an_unrecorded_proof_time_as_the_default(tree: tuple[Prepared, Path]
                                                                   ) -> None:
    unproven = replace(tree[0], opening=None, opening_seconds=None)
    assert needs_proof(unproven, 1) and not needs_proof(unproven, 0)
    short = replace(unproven, opening=unproven.total + 100)  # a file written before the field
    assert not needs_proof(short, PROVE_SECONDS) and needs_proof(short, PROVE_SECONDS + 1)
    met = replace(short, opening=unproven.total)
    assert not needs_proof(met, 10 * PROVE_SECONDS)


def test_a_tree_file_whose_proof_seconds_are_not_a_number_is_no_tree(
        words: list[str], tree: tuple[Prepared, Path], tmp_path: Path) -> None:
    doc = replace(tree[0], opening=tree[0].total, opening_seconds=5.0).document()
    path = tree_path(words, tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    assert load_tree(words, tmp_path) is not None
    path.write_text(json.dumps({**doc, "opening_seconds": "soon"}))
    assert load_tree(words, tmp_path) is None
