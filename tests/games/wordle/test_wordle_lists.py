"""Wordle's lists: shipped, built-in stand-ins, files replacing either list."""

from __future__ import annotations

from pathlib import Path

import pytest

from sleuth.games.wordle.lists import BLOCKLIST, builtin_lists, default_lists, load_lists


def test_lists_from_files_include_answers_among_guesses(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Crane\nslate\n\ncrane\n")
    (tmp_path / "g.txt").write_text("trace\nslate\n")
    lists = load_lists(tmp_path / "a.txt", tmp_path / "g.txt")
    assert lists.answers == ("crane", "slate")
    assert set(lists.guesses) == {"trace", "slate", "crane"}
    assert "a.txt" in lists.source


def test_missing_list_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not found"):
        load_lists(tmp_path / "nope.txt", tmp_path / "nope.txt")


def test_default_lists_are_the_current_games() -> None:
    lists = default_lists()
    assert (len(lists.answers), len(lists.guesses)) == (3158, 14855)
    assert lists.source == "wordle-nyt-2023-07-01"
    assert {"salet", "tarse", "soare", "rates"} <= set(lists.guesses)


def test_a_file_replaces_one_list_of_the_named_one(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("CRANE\nslate\n")
    lists = load_lists(tmp_path / "a.txt", list_name="wordle-original")
    assert lists.answers == ("crane", "slate") and len(lists.guesses) == 12972
    assert "wordle-original" in lists.source and "a.txt" in lists.source


def test_an_unknown_list_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no list named 'nope'; the lists are"):
        load_lists(list_name="nope")


def test_builtin_lists_stand_in() -> None:
    lists = builtin_lists(5, 300)
    assert len(lists.answers) == 300 and not BLOCKLIST & set(lists.answers)
    assert set(lists.answers) <= set(lists.guesses) and len(lists.guesses) > 5000
    assert all(len(w) == 5 for w in lists.guesses)
    assert "about" in lists.answers  # the commonest words come first
    assert len(builtin_lists(6, 50).answers) == 50


def test_shipped_original_lists_equal_the_shared_files(wordle_dir: Path) -> None:
    lists = load_lists(list_name="wordle-original")
    assert lists.answers == tuple((wordle_dir / "answers-original.txt").read_text().split())
    assert set(lists.guesses) == set((wordle_dir / "allowed-original.txt").read_text().split())
