"""The built wheel, installed in a fresh venv in a folder with no repository beside it, plays the
real lists: a Lingo game from the shipped tree, Wordle's proven optimum, hints on the current lists.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from sleuth.core.storage import published

REPO = Path(__file__).resolve().parents[1]

pytestmark = [pytest.mark.wheel, pytest.mark.processes]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """(the venv's bin folder, a bare working folder, the environment) of a wheel install."""
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(REPO)],
                   check=True, capture_output=True, timeout=600)
    wheel = next(dist.glob("sleuth-*.whl"))
    assert wheel.stat().st_size < 30 * 2**20
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    subprocess.run([str(bin_dir / "pip"), "install", "-q", str(wheel)], check=True,
                   capture_output=True, timeout=1200)
    bare = tmp_path_factory.mktemp("bare")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["SLEUTH_CACHE_DIR"] = str(tmp_path_factory.mktemp("user-cache"))
    return bin_dir, bare, env


def run(installed: tuple[Path, Path, dict[str, str]], *args: str, timeout: float = 600
        ) -> subprocess.CompletedProcess[str]:
    bin_dir, bare, env = installed
    return subprocess.run([str(bin_dir / "sleuth"), *args], cwd=bare, env=env, text=True,
                          capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)


def test_a_lingo_game_from_the_shipped_tree(installed) -> None:
    bin_dir = installed[0]
    done = run(installed, "lingo", "referee", "-player", f"{bin_dir / 'sleuth'} lingo player",
               "-word", "spectrum", "--list", "lingo-official", "-debug")
    assert done.returncode == 0, done.stderr
    assert "Round won with score" in done.stdout and "compiling" not in done.stderr
    assert not (installed[1] / "wordlist.txt").exists()


def test_the_proven_wordle_optimum(installed) -> None:
    done = run(installed, "wordle", "optimal", "--first", "salet", "--list", "wordle-original")
    assert done.returncode == 0, done.stderr
    assert str(published("wordle-original-salet")) in done.stdout
    assert "wordle-original" in done.stdout


def test_hints_on_the_current_lists(installed) -> None:
    done = run(installed, "wordle", "hint", "salet:bbybb")
    assert done.returncode == 0, done.stderr
    assert "wordle-nyt-2023-07-01" in done.stdout and "answers left" in done.stdout
