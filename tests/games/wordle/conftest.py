"""The original Wordle lists, for the tests that play on them."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def original(wordle_dir: Path) -> tuple[list[str], list[str]]:
    """The original answers and accepted guesses (../shared/data/wordle)."""
    answers = (wordle_dir / "answers-original.txt").read_text().split()
    guesses = (wordle_dir / "allowed-original.txt").read_text().split()
    return answers, guesses
