"""The first-run compile notice: said once on stderr (a terminal) while numba's cache lacks the
kernels about to run, never on stdout nor off a terminal, and no more once they are compiled."""

from __future__ import annotations

import os
import pickle
import select
import subprocess
import sys
from pathlib import Path
from typing import IO, NamedTuple

import pytest

pytestmark = pytest.mark.processes

#: Asks for the notice on one small module's kernel, then runs (so compiles) that kernel.
SCRIPT = """
import numpy as np
from sleuth.cli.common import compile_notice, kernels_cold
from sleuth.solve import symmetry

compile_notice(2, "sleuth.solve.symmetry")
symmetry.representatives(symmetry.kernel_symmetry(None), np.zeros((1, 1), np.int64), 0,
                         np.empty(1, np.int64))
print("cold after the run:", kernels_cold(["sleuth.solve.symmetry"]))
"""
NOTICE = "compiling sleuth's kernels once (about 2 s); later runs start at once"


class Ran(NamedTuple):
    stdout: str
    stderr: str


def run(cache: Path, terminal: bool = True) -> Ran:
    """The script run with numba's cache in ``cache``, its stderr a terminal (or a pipe)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    env.pop("FORCE_COLOR", None)
    main, side = os.openpty() if terminal else (-1, subprocess.PIPE)
    try:
        done = subprocess.run([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE,
                              stderr=side, text=True, env=env, timeout=300, check=True)
    finally:
        if terminal:
            os.close(side)
    if not terminal:
        return Ran(done.stdout, done.stderr)
    with os.fdopen(main, "rb") as screen:
        return Ran(done.stdout, _everything(screen).decode())


def _everything(screen: IO[bytes]) -> bytes:
    """What a pseudo-terminal holds once its program has ended."""
    data = b""
    while select.select([screen], [], [], 0.5)[0]:
        try:
            chunk = os.read(screen.fileno(), 4096)
        except OSError:  # the other side closed: all read
            break
        if not chunk:
            break
        data += chunk
    return data


def test_notice_on_an_empty_numba_cache_only(tmp_path: Path) -> None:
    first = run(tmp_path / "numba")
    assert NOTICE in first.stderr and first.stderr.count("compiling") == 1
    assert first.stdout == "cold after the run: False\n"  # the notice is never on stdout
    again = run(tmp_path / "numba")
    assert "compiling" not in again.stderr and again.stdout == first.stdout
    other = run(tmp_path / "elsewhere")  # another cache folder is cold again
    assert NOTICE in other.stderr
    piped = run(tmp_path / "third", terminal=False)  # read by a program: no notice
    assert "compiling" not in piped.stderr and piped.stdout == first.stdout


def test_an_index_of_an_older_source_counts_as_cold(tmp_path: Path) -> None:
    cache = tmp_path / "numba"
    run(cache)
    for index in cache.rglob("*.nbi"):  # as numba finds it once the source has changed
        with index.open("rb") as file:
            version, (_, overloads) = pickle.load(file), pickle.loads(file.read())
        with index.open("wb") as file:
            pickle.dump(version, file)
            file.write(pickle.dumps(((0.0, 0), overloads)))  # another modification time
    stale = run(cache)
    assert NOTICE in stale.stderr and stale.stdout == "cold after the run: False\n"
