"""Shared test set-up: a private cache folder, and the official lists beside the repository."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
#: Fixtures that give their tests a need, by its marker: the official lists, player programs.
NEEDS = {"lingo_dir": "lists", "wordle_dir": "lists", "make_player": "processes"}


def pytest_configure(config: pytest.Config) -> None:
    """Handle Ctrl-C even when started as a shell's background job: that starts with it ignored,
    and so would every command the tests start, which then could not test their Ctrl-C."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test by what its fixtures need (``pytest -m "not lists"`` leaves it out)."""
    for item in items:
        for fixture in NEEDS.keys() & set(getattr(item, "fixturenames", ())):
            item.add_marker(NEEDS[fixture])


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Keep the tests' caches (openers, default list) out of the user's own cache."""
    path = tmp_path_factory.mktemp("cache")
    mp = pytest.MonkeyPatch()
    mp.setenv("SLEUTH_CACHE_DIR", str(path))
    yield path
    mp.undo()


@pytest.fixture(scope="session")
def lingo_dir() -> Path:
    """The official Lingo lists (../shared/data/lingo); the tests that need them skip without."""
    path = SHARED / "lingo"
    if not (path / "wordlist.txt").exists():
        pytest.skip(f"official lists not found at {path}")
    return path


@pytest.fixture(scope="session")
def wordle_dir() -> Path:
    """The original Wordle lists (../shared/data/wordle); the tests that need them skip without."""
    path = SHARED / "wordle"
    if not (path / "answers-original.txt").exists():
        pytest.skip(f"original Wordle lists not found at {path}")
    return path
