"""Tree export: paths and figures agree with the evaluator; JSON, DOT and text are well formed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core import treefile
from sleuth.core.strategies import get
from sleuth.core.tree import evaluate
from sleuth.games.mastermind import mastermind
from sleuth.games.twod import twod
from sleuth.solve.export import paths, summary, to_dot, to_json, to_text, writable, write_tree
from sleuth.solve.search import optimal_mean
from sleuth.words.game import word_game


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text("abcd", min_size=3, max_size=3), min_size=1, max_size=30, unique=True),
       st.sampled_from(["entropy", "minimax", "parts"]), st.integers(1, 5))
def test_paths_and_summary_match_the_evaluator(words: list[str], name: str, limit: int) -> None:
    game = word_game(words, max_attempts=limit)
    result = evaluate(game, get(name), keep_tree=True)
    every = paths(game, result.root)
    assert [p.secret for p in every] == list(range(len(words)))
    assert [p.cost for p in every] == result.cost.tolist()
    assert [p.won for p in every] == result.won.tolist()
    for p in every:  # each path replays: the feedbacks are those of the secret
        for guess, code in p.steps:
            assert int(game.codes(guess, np.array([p.secret]))[0]) == code
    facts = summary(game, result.root)
    assert facts["distribution"] == result.distribution()
    assert facts["lost"] == result.failures
    if facts["won"]:
        assert facts["worst"] == int(result.cost[result.won].max())
        assert facts["mean"] == Fraction(int(result.cost[result.won].sum()), facts["won"])


@pytest.fixture(scope="module")
def twod_tree():
    game = twod(4)
    return game, evaluate(game, get("entropy"), keep_tree=True)


def test_json_is_the_tree_file_and_plays_every_secret(twod_tree) -> None:
    game, result = twod_tree
    data = treefile.parse(json.loads(to_json(game, result.root)))
    assert data["candidates"] == 16 and data["worst"] == result.worst
    assert data["total"] == int(result.cost.sum())
    assert data["mean_fraction"] == f"{int(result.cost.sum())}/16"
    assert (data["game"], data["secrets"], data["measure"]) == ("twod-4", 16, "cost")
    assert data["mean"] == pytest.approx(result.cost.mean())
    for secret in range(16):  # the nodes, followed by the secret's feedbacks, find it
        node, steps = data["tree"], 0
        while True:
            steps += 1
            guess = game.guess_index(node["guess"])
            code = int(game.codes(guess, np.array([secret]))[0])
            if code == game.solved:
                break
            node = treefile.follow(node, [code])
        assert node["guess"] == game.secret_labels[secret] and steps == result.cost[secret]


def test_dot_is_well_formed(twod_tree) -> None:
    game, result = twod_tree
    dot = to_dot(game, result.root)
    assert dot.startswith('digraph "twod-4" {') and dot.rstrip().endswith("}")
    nodes = set(re.findall(r"^\s+(n\d+) \[label=", dot, flags=re.M))
    edges = re.findall(r"^\s+(n\d+) -> (n\d+) \[label=", dot, flags=re.M)
    assert len(edges) == len(nodes) - 1  # a tree
    assert {b for _, b in edges} | {"n1"} == nodes
    assert dot.count("palegreen") == 16  # one leaf per secret
    short = to_dot(game, result.root, max_depth=1)
    assert "more" in short and short.count("->") < dot.count("->")


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_dot_renders_with_graphviz(twod_tree, tmp_path: Path) -> None:
    game, result = twod_tree
    source = write_tree(tmp_path / "tree.dot", game, result.root)
    svg = subprocess.run(["dot", "-Tsvg", str(source)], capture_output=True, check=True).stdout
    assert b"<svg" in svg


def test_text_lists_each_secret_where_it_is_solved() -> None:
    game = mastermind(3, 2)
    result = optimal_mean(game, workers=1)
    text = to_text(game, result.tree)
    lines = text.splitlines()
    assert lines[0] == f"{result.first_guess}  (9 left)"
    solved_at = [int(m) for m in re.findall(r"solved at (\d+)", text)]
    assert sorted(solved_at) == sorted(result.costs().tolist())
    assert "..." in to_text(game, result.tree, max_depth=1)


def test_lost_games_are_shown() -> None:
    game = word_game(["aa", "ab", "ac", "ad"], max_attempts=1)
    result = evaluate(game, get("entropy"), keep_tree=True)
    assert "lost" in to_text(game, result.root)
    assert json.loads(to_json(game, result.root))["lost"] == 3
    assert "mistyrose" in to_dot(game, result.root)


def test_write_tree_by_suffix(twod_tree, tmp_path: Path) -> None:
    game, result = twod_tree
    for suffix, start in ((".json", "{"), (".dot", "digraph"), (".gv", "digraph"),
                          (".txt", game.guess_labels[result.root.guess])):
        written = write_tree(tmp_path / f"tree{suffix}", game, result.root)
        assert written.read_text(encoding="utf-8").startswith(start)
    assert treefile.read(tmp_path / "tree.json")["tree"]["guess"] == \
        game.guess_labels[result.root.guess]
    with pytest.raises(ValueError, match=r"\.json, \.dot or \.txt"):
        write_tree(tmp_path / "tree.png", game, result.root)
    assert not (tmp_path / "tree.png").exists()


def test_position_subtree() -> None:
    game = twod(4)
    pos = game.after(game.start(), game.guess_index("1,1"), game.parse("<="))
    result = optimal_mean(game, pos, workers=1)
    facts = summary(game, result.tree, pos)
    assert facts["candidates"] == pos.candidates.size
    assert facts["total"] == result.total
    data = json.loads(to_json(game, result.tree, pos))
    assert data["start"] == [["1,1", game.parse("<=")]] and data["total"] == result.total


def test_writable_makes_sure_by_making_the_file_and_leaves_none(tmp_path: Path) -> None:
    """A path is tried for real (the folder's mode bits say nothing of /proc or a read-only
    disk, and root passes every access check); nothing is left when it works."""
    target = tmp_path / "tree.json"
    assert writable(target) == target and not target.exists()
    with pytest.raises(ValueError, match="is a folder"):
        writable(tmp_path)
    with pytest.raises(ValueError, match="does not exist"):
        writable(tmp_path / "no" / "tree.json")
    if Path("/proc/self").is_dir():
        with pytest.raises(ValueError, match=r"cannot write /proc/tree\.json"):
            writable("/proc/tree.json")
