"""Where sleuth keeps derived data. Standard library only: the player's quick path uses it."""

from __future__ import annotations

import os
from pathlib import Path

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
