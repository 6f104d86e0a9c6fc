"""The command line's pictures: each plot a real, labelled image where it was asked for (or
beside the results), a bad place refused before any work; trees as DOT and SVG."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import matplotlib
import numpy as np
import pytest
import typer
from matplotlib.image import imread
from typer.testing import CliRunner

from sleuth.cli import app, plots
from sleuth.core.strategies import get
from sleuth.core.tree import evaluate
from sleuth.games.twod import twod
from sleuth.solve import export

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}svg"
HAS_DOT = shutil.which("dot") is not None
WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval",
         "serve", "heath", "dwarf", "model", "karma", "stink", "grade", "quiet", "bench",
         "abate", "feign", "major", "death", "fresh", "crust", "stool", "colon", "abase"]


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def a_picture(path: Path) -> None:
    """``path`` is a PNG of several colours (something drawn, not a blank canvas)."""
    assert path.read_bytes()[:8] == PNG
    pixels = imread(path).reshape(-1, 4)
    assert len(np.unique(pixels, axis=0)) > 10


def svg_text(draw, path: Path) -> str:
    """Draw into an SVG keeping its text as text; the file, checked to be an SVG."""
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        draw(path)
    assert ET.parse(path).getroot().tag == SVG
    return path.read_text()


@pytest.fixture
def wordle_lists(tmp_path: Path) -> list[str]:
    (tmp_path / "answers.txt").write_text("\n".join(WORDS) + "\n")
    (tmp_path / "guesses.txt").write_text("\n".join([*WORDS, "salet", "crane"]) + "\n")
    return ["--answers", str(tmp_path / "answers.txt"), "--guesses", str(tmp_path / "guesses.txt")]


# --------------------------------------------------------------------------- each figure


def test_distributions_are_labelled(tmp_path: Path) -> None:
    results = [("entropy", {2: 5, 3: 9}, 0), ("a very long player name " * 3, {3: 10, 4: 3}, 1)]
    png = plots.distributions(results, tmp_path / "d.png", "Guesses per answer")
    a_picture(png)
    text = svg_text(lambda p: plots.distributions(results, p, "Guesses per answer", "tries",
                                                  "games"), tmp_path / "d.svg")
    for label in ("Guesses per answer", "tries", "games", "entropy", "X", "…"):
        assert label in text


def test_pit_scores_are_labelled(tmp_path: Path) -> None:
    totals = {"alpha": {4: 600, 5: 900}, "beta": {4: 300}}
    a_picture(plots.pit_scores(totals, {4: 2, 5: 3, 6: 0}, tmp_path / "pit.png", "Pit"))
    text = svg_text(lambda p: plots.pit_scores(totals, {4: 2, 5: 3}, p, "Pit"),
                    tmp_path / "pit.svg")
    for label in ("Pit", "alpha", "beta", "word length", "mean points per game"):
        assert label in text


def test_opener_scores_with_and_without_exact_means(tmp_path: Path) -> None:
    ranked = [("salet", 60.4), ("crane", 62.1), ("slate", 61.0)]
    a_picture(plots.opener_scores(ranked, "expected remaining", tmp_path / "o.png", "Openers"))
    text = svg_text(lambda p: plots.opener_scores(ranked, "expected remaining", p, "Openers",
                                                  [("crane", 3.6), ("salet", 3.42)]),
                    tmp_path / "o.svg")
    for label in ("Openers", "SALET", "CRANE", "expected remaining", "mean guesses", "3.42"):
        assert label in text


def test_misses_histogram_marks_the_lives(tmp_path: Path) -> None:
    misses = {4: np.array([0, 1, 1, 7]), 5: np.array([2, 3], dtype=np.int8)}
    a_picture(plots.misses_histogram(misses, 6, tmp_path / "m.png", "Misses"))
    text = svg_text(lambda p: plots.misses_histogram(misses, 6, p, "Misses"),
                    tmp_path / "m.svg")
    for label in ("Misses", "4 letters (4 words)", "5 letters (2 words)", "beyond 6",
                  "words (%)"):
        assert label in text


# --------------------------------------------------------------------------- where they go


def test_plot_path_refuses_bad_places_and_names_a_bare_file(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    for bad in (tmp_path / "nowhere" / "x.png", tmp_path / "folder", tmp_path / "x.v2"):
        with pytest.raises(typer.Exit) as stop:
            plots.plot_path(bad)
        assert stop.value.exit_code == 2
    assert plots.plot_path(tmp_path / "bare") == tmp_path / "bare.png"
    assert plots.plot_path(tmp_path / "x.pdf") == tmp_path / "x.pdf"


def test_the_default_plot_stands_beside_the_results(tmp_path: Path) -> None:
    assert plots.beside(tmp_path / "pit.jsonl") == tmp_path / "pit.png"
    assert plots.beside(tmp_path / "odd.png") == tmp_path / "odd.png.png"
    assert plots.chosen(None, tmp_path / "r.csv") == tmp_path / "r.png"
    assert plots.chosen(tmp_path / "mine.svg", tmp_path / "r.csv") == tmp_path / "mine.svg"
    assert plots.chosen(None, None) is None
    assert plots.chosen(tmp_path / "mine.svg", tmp_path / "r.csv", off=True) is None


# --------------------------------------------------------------------------- the commands


def test_hangman_rate_plots_beside_its_out(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    out = tmp_path / "rated.csv"
    result = run("hangman", "rate", "--words", str(words), "--solver", "misses", "--out",
                 str(out))
    assert result.exit_code == 0, result.output
    a_picture(tmp_path / "rated.png")
    assert f"plot: {tmp_path / 'rated.png'}" in result.output.replace("\n", "")
    (tmp_path / "rated.png").unlink()
    quiet = run("hangman", "rate", "--words", str(words), "--solver", "misses", "--out",
                str(out), "--no-plot")
    assert quiet.exit_code == 0 and not (tmp_path / "rated.png").exists()
    bad = run("hangman", "rate", "--words", str(words), "--plot", str(tmp_path / "x.v2"))
    assert bad.exit_code == 2 and "--plot" in bad.stderr and "Words:" not in bad.stdout


def test_lingo_evaluate_plots_the_attempts(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    png = tmp_path / "eval.png"
    result = run("lingo", "evaluate", "--words", str(words), "--length", "5", "--strategy",
                 "entropy", "--strategy", "minimax", "--no-bound", "--plot", str(png))
    assert result.exit_code == 0, result.output
    a_picture(png)
    bad = run("lingo", "evaluate", "--words", str(words), "--no-bound", "--plot",
              str(tmp_path / "none" / "x.png"))
    assert bad.exit_code == 2 and "--plot" in bad.stderr


@pytest.mark.processes
def test_lingo_pit_plots_beside_its_results(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("\n".join([*WORDS, "lamp", "tree", "frog"]) + "\n")
    out = tmp_path / "pit.jsonl"
    result = run("lingo", "pit", "--player", "entropy", "--words", str(words), "--lengths",
                 "4,5", "--per-length", "1", "--jobs", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    a_picture(tmp_path / "pit.png")
    bad = run("lingo", "pit", "--player", "entropy", "--words", str(words), "--plot",
              str(tmp_path / "p.v2"))
    assert bad.exit_code == 2 and "--plot" in bad.stderr


def test_wordle_openers_and_bench_plot_where_asked(tmp_path: Path, wordle_lists: list[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    png = tmp_path / "openers.png"
    result = run("wordle", "openers", "--top", "5", "--exact", "2", "--plot", str(png),
                 *wordle_lists)
    assert result.exit_code == 0, result.output
    a_picture(png)
    bench = run("wordle", "bench", "-s", "entropy", *wordle_lists)
    assert bench.exit_code == 0, bench.output
    assert "plot:" not in bench.output and not (tmp_path / "wordle-bench.png").exists()
    bad = run("wordle", "openers", "--plot", str(tmp_path / "x.v2"), *wordle_lists)
    assert bad.exit_code == 2 and "--plot" in bad.stderr and "openers rated" not in bad.stdout


# --------------------------------------------------------------------------- trees


@pytest.fixture
def twod_tree():
    game = twod(3)
    return game, evaluate(game, get("entropy"), keep_tree=True).root


def test_the_suffix_decides_the_tree_format(tmp_path: Path, twod_tree) -> None:
    assert [export.tree_format(f"t{end}") for end in (".json", ".json.gz", ".DOT", ".gv",
                                                      ".txt")] == \
        ["json", "json", "dot", "dot", "txt"]
    game, root = twod_tree
    dot = export.write_tree(tmp_path / "t.dot", game, root)
    assert dot.read_text() == export.to_dot(game, root)
    for bad in ("t.png", "t.gz", "t"):
        with pytest.raises(ValueError, match="must end in"):
            export.write_tree(tmp_path / bad, game, root)
        assert not (tmp_path / bad).exists()


def test_svg_without_graphviz_is_one_clear_line(tmp_path: Path, twod_tree,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(ValueError, match="Graphviz's dot, which is not installed"):
        export.write_tree(tmp_path / "t.svg", *twod_tree)
    result = run("game", "analyze", "twod", "--size", "3", "--tree", str(tmp_path / "t.svg"))
    assert result.exit_code == 2 and "apt-get install graphviz" in result.stderr
    assert not (tmp_path / "t.svg").exists()


@pytest.mark.skipif(not HAS_DOT, reason="Graphviz's dot is not installed")
def test_svg_trees_are_drawn_by_graphviz(tmp_path: Path, twod_tree) -> None:
    game, root = twod_tree
    svg = export.write_tree(tmp_path / "t.svg", game, root)
    assert ET.parse(svg).getroot().tag == SVG
    leaves = sum(1 for label in game.secret_labels if f">{label}<" in svg.read_text())
    assert leaves == len(game.secrets)  # every secret drawn where it is found
    result = run("game", "analyze", "twod", "--size", "3", "--tree", str(tmp_path / "g.svg"))
    assert result.exit_code == 0 and ET.parse(tmp_path / "g.svg").getroot().tag == SVG


def test_wordle_optimal_writes_the_tree_its_suffix_names(tmp_path: Path,
                                                         wordle_lists: list[str]) -> None:
    dot = tmp_path / "salet.dot"
    result = run("wordle", "optimal", "--first", "salet", "--workers", "1", "--out", str(dot),
                 *wordle_lists)
    assert result.exit_code == 0, result.output
    text = dot.read_text()
    assert text.startswith("digraph") and text.count("palegreen") == len(WORDS)
    bad = run("wordle", "optimal", "--out", str(tmp_path / "tree.png"), *wordle_lists)
    assert bad.exit_code == 2 and "--out" in bad.stderr and "must end in" in bad.stderr
    if HAS_DOT:
        svg = tmp_path / "salet.svg"
        drawn = run("wordle", "optimal", "--first", "salet", "--workers", "1", "--out", str(svg),
                    *wordle_lists)
        assert drawn.exit_code == 0 and ET.parse(svg).getroot().tag == SVG
