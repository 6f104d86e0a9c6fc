"""ruff, mypy and import-linter as CI runs them (through pytest): the code stays clean, typed
and layered; each tool reads its settings from pyproject.toml."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.processes

REPO = Path(__file__).resolve().parents[1]
CHECKED = ("src", "tests", "bench", "tools", "examples")


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=600,
                          check=False)


def _script(name: str) -> str:
    """The console script ``name`` installed beside this Python (by the ``test`` extra)."""
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    return found or name


def test_ruff_is_clean() -> None:
    command = [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format=concise"]
    done = _run([*command, *CHECKED])
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean() -> None:
    done = _run([sys.executable, "-m", "mypy"])  # the files and options of [tool.mypy]
    assert done.returncode == 0, done.stdout + done.stderr


def test_import_contracts_are_kept() -> None:
    done = _run([_script("lint-imports"), "--no-cache", "--no-logo"])
    assert done.returncode == 0, done.stdout + done.stderr
