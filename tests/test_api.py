"""The package's public names: each resolves, lazily, and ``import sleuth`` stays cheap."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

import sleuth

SRC = Path(__file__).resolve().parents[1] / "src"


@pytest.mark.parametrize("name", sleuth.__all__)
def test_every_public_name_resolves(name: str) -> None:
    value = getattr(sleuth, name)
    assert value is not None and name in dir(sleuth)
    if name in sleuth._LAZY:
        module, attribute = sleuth._LAZY[name]
        assert value is getattr(importlib.import_module(module), attribute)


def test_every_lazy_name_is_public() -> None:
    assert set(sleuth._LAZY) | {"__version__"} == set(sleuth.__all__)


def test_the_names_work_together() -> None:
    game = sleuth.word_game(["aa", "ab", "ba", "bb"])
    assert isinstance(game, sleuth.Game) and isinstance(game.start(), sleuth.Position)
    result = sleuth.evaluate(game, sleuth.strategy("entropy"))
    assert result.failures == 0 and sum(result.distribution().values()) == 4
    assert sleuth.mastermind(6, 4).secret_labels[0] == "1111"


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        sleuth.no_such_name  # noqa: B018


def test_version_comes_from_the_metadata() -> None:
    assert sleuth.__version__ == version("sleuth")


def run(code: str) -> str:
    """Run ``code`` in a fresh interpreter that imports this checkout's sleuth; its stdout."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(SRC)}, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.processes
def test_import_sleuth_loads_no_numpy() -> None:
    loaded = run("import sys, sleuth; print(sorted({m.split('.')[0] for m in sys.modules}))")
    assert "numpy" not in loaded and "numba" not in loaded
    assert run("import sys, sleuth; sleuth.word_game; print('numpy' in sys.modules)") == "True"


@pytest.mark.processes
def test_version_without_an_install_is_unknown() -> None:
    code = ("import importlib.metadata as m\n"
            "def missing(name): raise m.PackageNotFoundError(name)\n"
            "m.version = missing\n"
            "import sleuth; print(sleuth.__version__)")
    assert run(code) == "0+unknown"
