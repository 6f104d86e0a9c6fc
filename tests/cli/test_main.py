"""``sleuth`` itself: each group imported only when used, the version, the shipped lists."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import sys
from sleuth.cli import main
sys.argv = ["sleuth", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print("LOADED", " ".join(m for m in ("numpy", "numba", "typer") if m in sys.modules))
"""


@pytest.mark.parametrize(("args", "shown", "loaded"), [
    (["--help"], "hangman", "typer"),
    (["lists"], "lingo-official", "typer"),
    (["--version"], "sleuth 0.", "typer"),
])
def test_commands_load_only_what_they_need(args: list[str], shown: str, loaded: str) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          timeout=120)
    assert shown in done.stdout
    assert done.stdout.strip().splitlines()[-1] == f"LOADED {loaded}"


def test_every_group_answers_help() -> None:
    for group in ("lingo", "wordle", "game", "hangman"):
        done = subprocess.run([sys.executable, "-m", "sleuth", group, "--help"],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "Commands" in done.stdout, done.stderr
