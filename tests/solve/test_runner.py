"""The one parallel runner: local processes and a Dask cluster hand every task the same data."""

from __future__ import annotations

import importlib
import multiprocessing
import os
import time
from collections.abc import Callable, Sized
from pathlib import Path

import pytest

from sleuth.solve.runner import Workers, processes, workers_for

WORDS = ["cigar", "rebut", "sissy", "humph", "awake"]


def _count(data: Sized, i: int) -> tuple[str, int, int]:
    """A task: what it was handed (its type and size) and its own argument."""
    return type(data).__name__, len(data), i


_INSTALLED: list[Sized] = []


def _install(data: Sized) -> None:
    _INSTALLED[:] = [data]


def _installed(token: str, i: int) -> tuple[str, int, int]:
    assert token == "words"
    return _count(_INSTALLED[0], i)


def _results(pool: Workers, fn: Callable[..., tuple[str, int, int]]
             ) -> list[tuple[str, int, int]]:
    """What three tasks of ``fn`` gave, sorted; the workers closed after."""
    futures = [pool.submit(fn, pool.ref, i) for i in range(3)]
    try:
        return sorted(f.result() for f in pool.as_completed(futures))
    finally:
        pool.close()


@pytest.mark.processes
def test_local_processes_hand_each_task_the_whole_data() -> None:
    pool = workers_for(2, None, WORDS)
    assert pool.ref == WORDS and pool.slots == 2
    assert _results(pool, _count) == [("list", 5, i) for i in range(3)]


@pytest.mark.processes
def test_installed_data_is_named_by_its_token() -> None:
    pool = workers_for(1, None, WORDS, install=_install, token="words")
    assert pool.ref == "words"
    assert _results(pool, _installed) == [("list", 5, i) for i in range(3)]


@pytest.mark.cluster
def test_a_cluster_gets_the_data_once_as_one_piece() -> None:
    """A list (or a tuple) is sent as one future, not split into one per item as Dask's
    scatter would; the slots are the workers' threads; closing twice (an abort, then the
    close) is harmless and leaves a client passed in open."""
    from distributed import Client, Future, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        pool = workers_for(1, client, WORDS)
        assert isinstance(pool.ref, Future) and pool.slots == 2
        pool.abort()
        pool = workers_for(1, client, tuple(WORDS))
        assert _results(pool, _count) == [("tuple", 5, i) for i in range(3)]
        pool.close()
        assert client.status == "running"


#: A module whose import waits (up to 20 s) for the test to create "release" beside it.
SLOW_IMPORT = """
import pathlib, time
_here = pathlib.Path(__file__).parent
for _ in range(200):
    if (_here / "release").exists():
        break
    time.sleep(0.1)
(_here / "imported").touch()


def start(data: bytes) -> None:
    pass
"""


@pytest.mark.processes
def test_a_worker_starts_without_waiting_for_its_imports_and_ctrl_c_leaves_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
        ) -> None:
    """A worker's start (a megabyte here, more than a pipe holds) is read before the modules it
    needs are imported: handing over a task does not wait for those imports, and an abort
    during them ends the worker quietly."""
    (tmp_path / "slow_start.py").write_text(SLOW_IMPORT)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "release").touch()
    slow_start = importlib.import_module("slow_start")  # here at once; the worker will wait
    (tmp_path / "release").unlink()
    (tmp_path / "imported").unlink()
    pool = processes(1, slow_start.start, b"x" * 1_000_000)
    pool.submit(os.getpid)
    assert not (tmp_path / "imported").exists()  # the worker still imports
    pool.abort()
    (tmp_path / "release").touch()
    deadline = time.monotonic() + 30
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert multiprocessing.active_children() == []
    assert "Traceback" not in capfd.readouterr().err
