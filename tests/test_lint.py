"""ruff over the sources, tests, benchmarks and tools: CI runs pytest, so this keeps them clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHECKED = ("src", "tests", "bench", "tools")


def test_ruff_is_clean() -> None:
    command = [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format=concise"]
    done = subprocess.run([*command, *CHECKED], cwd=REPO, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
