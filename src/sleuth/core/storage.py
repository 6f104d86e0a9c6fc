"""Where sleuth keeps derived data. Standard library only: the player's quick path uses it."""

from __future__ import annotations

import os
import tempfile
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

#: The installed package, and the data it ships (word lists, prepared trees).
PACKAGE = Path(__file__).resolve().parents[1]
DATA = PACKAGE / "data"


def cache_dir() -> Path:
    """Where sleuth caches derived data: ``$SLEUTH_CACHE_DIR`` or the user cache dir."""
    env = os.environ.get("SLEUTH_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("sleuth"))


def atomic_write(path: Path, data: bytes, mode: int = 0o644) -> Path:
    """Write ``data`` to ``path`` so that a reader sees the old file or the new one, never a
    part: a temporary file beside it, renamed over it; readable by all (players run as other
    users) unless ``mode`` says otherwise. Raises OSError, leaving nothing behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


@cache
def published_table() -> dict[str, dict[str, Any]]:
    """Every published figure sleuth reproduces, by key: game, what, figure, source."""
    with (DATA / "published.toml").open("rb") as file:
        return tomllib.load(file)


def published(key: str) -> float:
    """The published figure of ``key`` in ``data/published.toml`` (an int for counts).

    >>> published("mastermind-6x4-knuth")
    5801
    """
    return published_table()[key]["figure"]
