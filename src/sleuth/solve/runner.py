"""The one parallel runner (:func:`workers_for`: local processes or a Dask cluster, ``cluster=
"tcp://host:8786"``), used by the exact search, Hangman's optimum, Lingo's preparation and its
settle; where the top-level classes of an exact search run (here, or on those workers), each
runner adding a guess's classes up and stopping once over a limit; Ctrl-C with workers."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from concurrent.futures import as_completed as futures_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from importlib.machinery import ModuleSpec
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar, cast

import numpy as np

from sleuth.core.parallel import cores, run_pickled
from sleuth.core.tree import Node
from sleuth.solve.solver import Penalty, Solver, install, solver_for
from sleuth.solve.tables import INF, Tables

if TYPE_CHECKING:
    from distributed import Client

Progress = Callable[[int, int], None]  # (top-level classes searched, of those known so far)
Cluster: TypeAlias = "str | Client | None"  # a Dask scheduler address, a client, or none


def _initialize(parent: int, initializer: Callable[..., None], *args: object) -> None:
    """A worker process's start: Ctrl-C left to the parent, an end with the ``parent``
    process's (at once if it is gone already), then ``initializer(*args)``."""
    ignore_sigint()
    _end_with(parent)
    initializer(*args)


def _end_with(parent: int, every: float = 0.5) -> None:
    """In a worker: a thread that ends this process once ``parent`` is gone (killed, say, with
    no chance to end its workers), rather than leave it searching for hours; the kernels
    release the GIL, so it is heard even mid-search."""
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def ignore_sigint() -> None:
    """In a worker process: leave Ctrl-C to the parent, which ends the workers, so that no
    worker prints a traceback (see :func:`sigint_blocked`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _hold_sigint() -> None:
    """Hold Ctrl-C back in the calling thread (the processes it starts inherit that)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


@contextmanager
def sigint_blocked() -> Iterator[None]:
    """Hold Ctrl-C back while worker processes are started: they inherit the blocked signal
    until they call :func:`ignore_sigint`, so one pressed as they start is never raised."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextmanager
def main_left_alone() -> Iterator[None]:
    """While worker processes start: tell them not to run the caller's main script again.

    A process started by "spawn" runs the parent's ``__main__`` again (so that what it defines
    can be unpickled) unless that module is named ``__main__``, as in an interactive session.
    Our workers need nothing from it, so it is named so while they start: a script without an
    ``if __name__ == "__main__":`` guard then runs a parallel search as written."""
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    old = getattr(main, "__spec__", None)
    main.__spec__ = ModuleSpec("__main__", None)
    try:
        yield
    finally:
        main.__spec__ = old


def _start_quietly(submit: Callable, *args: object) -> object:
    """``submit(*args)`` on a pool that may start worker processes as it does."""
    with main_left_alone():
        return submit(*args)


def _task(tab: Tables | str, symmetry: bool, kind: str, cands: np.ndarray, depth: int | None,
          beta: int, history: tuple[int, ...], top_k: int,
          penalty: Penalty | None = None) -> tuple[int, Node | None, int]:
    """One class searched in a worker: (value, its tree when exact, nodes searched)."""
    solver = solver_for(tab, symmetry)
    before = int(solver.stats[0])
    if kind == "mean":
        value = solver.mean(cands, depth, beta, history, top_k, penalty)
        tree = solver.mean_tree(cands, depth, history, top_k, penalty) if value < beta else None
    else:
        assert depth is not None
        value = int(solver.fits(cands, depth, history))
        tree = solver.fits_tree(cands, depth, history) if value else None
    return value, tree, int(solver.stats[0]) - before


@dataclass
class Runner:
    """Runs the searches of one guess's classes and adds them up, stopping once over a limit."""

    tab: Tables
    symmetry: bool = True
    progress: Progress | None = None
    done: int = 0  # top-level classes searched
    total: int = 0  # those searched and those known to be searched still
    nodes: int = 0

    def expect(self, more: int) -> None:
        """``more`` top-level classes are still to be searched, as far as the root knows now:
        the total is what is done and them (told at once)."""
        self.total = self.done + more
        self._tell()

    def tick(self) -> None:
        """One more top-level class searched (one the root expected)."""
        self.done += 1
        self._tell()

    def _tell(self) -> None:
        if self.progress is not None:
            self.progress(self.done, self.total)

    def mean_classes(self, classes: list[np.ndarray], depth: int | None, limit: int, base: int,
                     class_bounds: np.ndarray, history: tuple[int, ...], top_k: int,
                     penalty: Penalty | None) -> tuple[int, list[Node] | None]:
        raise NotImplementedError

    def worst_classes(self, classes: list[np.ndarray], depth: int,
                      history: tuple[int, ...]) -> list[Node] | None:
        raise NotImplementedError

    def refine(self, classes: list[np.ndarray], depth: int | None, class_bounds: np.ndarray,
               history: tuple[int, ...], penalty: Penalty | None) -> tuple[list[int], int]:
        """Each class's bound raised by one level of look-ahead, here and now (cheap), and how
        much that raises their sum: every class's budget is then tight before any is searched,
        and a guess whose raised bound reaches the limit costs no search at all."""
        solver = solver_for(self.tab, self.symmetry)
        bounds = solver.refined(classes, depth, history, penalty)
        raised = sum(b - int(class_bounds[m.size]) for b, m in zip(bounds, classes, strict=True))
        return bounds, raised

    def prepare(self, classes: list[np.ndarray], depth: int | None, limit: int, base: int,
                class_bounds: np.ndarray, history: tuple[int, ...], top_k: int,
                penalty: Penalty | None) -> tuple[list[int], int]:
        """The classes' bounds and the guess's total bound before the classes are searched:
        raised by :meth:`refine`, and against a finite limit by :func:`_squeeze` (in this
        process)."""
        bounds, raised = self.refine(classes, depth, class_bounds, history, penalty)
        total = base + raised
        if limit < INF:
            solver = solver_for(self.tab, self.symmetry)
            before = int(solver.stats[0])
            total = _squeeze(solver, classes, bounds, total, limit, depth, history, top_k,
                             penalty)
            self.nodes += int(solver.stats[0]) - before
        return bounds, total

    def close(self) -> None:
        """Release the workers."""

    def abort(self) -> None:
        """Stop the workers at once, dropping their work (on an interrupt or an error)."""


#: Against a finite limit, classes of fewer candidates than this come after the others: their
#: bounds are all but exact, so asking them adds little towards the limit, yet each costs a
#: scan of every guess whatever its size (``bench/squeeze.py``).
SMALL_LAST = 30


def _class_order(classes: list[np.ndarray], limit: int) -> list[int]:
    """The order to search one guess's classes in: as given (largest first) when they must
    all be solved anyway; against a finite limit smallest first, since the smaller classes are
    cheap and their excess over the bound adds up towards the limit, often before the big
    classes (whose search dominates) are needed; but those under :data:`SMALL_LAST` last.

    >>> [int(i) for i in _class_order([np.arange(n) for n in (40, 3, 35)], 100)]
    [2, 0, 1]
    """
    order = list(range(len(classes)))
    if limit >= INF:
        return order
    return sorted(order, key=lambda i: (classes[i].size < SMALL_LAST, classes[i].size))


SQUEEZE_ROUNDS = 2
#: Each class of a squeeze (this one and Hangman's) is asked for its share of the gap still
#: open when its turn comes (False: of the gap when the round began; ``bench/squeeze.py``
#: compares the two).
SHARE_WHAT_IS_LEFT = True
Gap = TypeVar("Gap", int, float)


def share_of_gap(gap: Gap, size: int, left: int) -> Gap:
    """What a squeeze asks of a class of ``size``, ``left`` candidates being still to ask: its
    share of ``gap`` by size, at least 1.

    >>> share_of_gap(100, 3, 10), share_of_gap(5, 1, 10)
    (30, 1)
    """
    return max(gap * size // left, 1)


def gap_after(gap: Gap, left: int, still_open: Gap, size: int) -> tuple[Gap, int]:
    """(gap, candidates) the next class's share is taken of, once a class of ``size`` has been
    asked: the gap ``still_open`` and the candidates not yet asked; with
    :data:`SHARE_WHAT_IS_LEFT` off, the round's, unchanged."""
    return (still_open, left - size) if SHARE_WHAT_IS_LEFT else (gap, left)


def _squeeze(solver: Solver, classes: list[np.ndarray], bounds: list[int], total: int,
             limit: int, depth: int | None, history: tuple[int, ...], top_k: int,
             penalty: Penalty | None) -> int:
    """Raise the classes' bounds (in place; ``total`` is their sum plus the rest) towards a
    finite ``limit`` cheaply, before any class is solved to the end: in a few rounds, each
    class not yet solved is asked only for its share (by its size) of the gap still open when
    its turn comes, which it fails to reach (a proof much cheaper than the optimum) or reaches
    exactly; what the small classes prove beyond their shares lowers what the large ones are
    asked. A guess far over the limit is then refuted without solving its large classes."""
    solved = [False] * len(classes)
    order = _class_order(classes, limit)
    for _ in range(SQUEEZE_ROUNDS):
        open_ = [i for i in order if not solved[i]]
        if total >= limit or not open_:
            break
        gap, left = limit - total, sum(classes[i].size for i in open_)
        for i in open_:
            beta = bounds[i] + share_of_gap(gap, classes[i].size, left)
            value = solver.mean(classes[i], depth, beta, history, top_k, penalty)
            solved[i] = value < beta
            total += value - bounds[i]
            bounds[i] = value
            if total >= limit:
                break
            gap, left = gap_after(gap, left, limit - total, classes[i].size)
    return total


@dataclass
class _Local(Runner):
    """Everything in this process: one memo shared by all classes, budgets as tight as can be."""

    def mean_classes(self, classes, depth, limit, base, class_bounds, history, top_k, penalty):
        solver = solver_for(self.tab, self.symmetry)
        lbs, total = self.prepare(classes, depth, limit, base, class_bounds, history, top_k,
                                  penalty)
        before = int(solver.stats[0])
        for i in _class_order(classes, limit):
            if total >= limit:
                break
            total += solver.mean(classes[i], depth, limit - (total - lbs[i]), history, top_k,
                                 penalty) - lbs[i]
            self.tick()
        self.nodes += int(solver.stats[0]) - before
        if total >= limit:
            return total, None
        return total, [solver.mean_tree(members, depth, history, top_k, penalty)
                       for members in classes]

    def worst_classes(self, classes, depth, history):
        solver = solver_for(self.tab, self.symmetry)
        before = int(solver.stats[0])
        ok = True
        for members in classes:
            ok = solver.fits(members, depth, history)
            self.tick()
            if not ok:
                break
        self.nodes += int(solver.stats[0]) - before
        return [solver.fits_tree(members, depth, history) for members in classes] if ok else None


@dataclass
class _Pool(Runner):
    """Classes as tasks on workers (processes on this machine, or a Dask cluster)."""

    submit: Callable = field(kw_only=True)
    as_completed: Callable = field(kw_only=True)
    ref: object = None
    closer: Callable[[], None] | None = None
    aborter: Callable[[], None] | None = None

    def _run(self, kind: str, classes: list[np.ndarray], depth: int | None,
             budgets: list[int], history: tuple[int, ...], top_k: int,
             stop: Callable[[int, int], bool],
             penalty: Penalty | None = None) -> tuple[list[int], list[Node | None], bool]:
        futures = {self.submit(_task, self.ref, self.symmetry, kind, members, depth, beta,
                               history, top_k, penalty): i
                   for i, (members, beta) in enumerate(zip(classes, budgets, strict=True))}
        values: list[int] = [0] * len(classes)
        trees: list[Node | None] = [None] * len(classes)
        for future in self.as_completed(list(futures)):
            i = futures[future]
            values[i], trees[i], nodes = future.result()
            self.nodes += nodes
            self.tick()
            if stop(i, values[i]):
                for other in futures:
                    other.cancel()
                return values, trees, True
        return values, trees, False

    def mean_classes(self, classes, depth, limit, base, class_bounds, history, top_k, penalty):
        lbs, base = self.prepare(classes, depth, limit, base, class_bounds, history, top_k,
                                 penalty)
        if base >= limit:
            return base, None
        order = _class_order(classes, limit)  # the order the workers take them in
        budgets = [limit - (base - lbs[i]) for i in order]
        running = [base]

        def over(k: int, value: int) -> bool:
            running[0] += value - lbs[order[k]]
            return running[0] >= limit

        _, found, stopped = self._run("mean", [classes[i] for i in order], depth, budgets,
                                      history, top_k, over, penalty)
        if stopped:
            return running[0], None
        trees: list[Node | None] = [None] * len(classes)
        for k, i in enumerate(order):
            trees[i] = found[k]
        return running[0], trees

    def worst_classes(self, classes, depth, history):
        _, trees, stopped = self._run("worst", classes, depth, [0] * len(classes), history, 0,
                                      lambda i, ok: not ok)
        return None if stopped else trees

    def close(self) -> None:
        if self.closer is not None:
            self.closer()

    def abort(self) -> None:
        if self.aborter is not None:
            self.aborter()


def runner_for(tab: Tables, symmetry: bool, size: int, workers: int | None, cluster: Cluster,
               progress: Progress | None) -> Runner:
    """Where to run: a Dask cluster if given, else a process pool, else this process."""
    n = cores() if workers is None else workers
    if workers is None and size < 300:
        n = 1  # small searches are over before worker processes would have started
    if cluster is None and n <= 1:
        return _Local(tab, symmetry, progress)
    pool = workers_for(n, cluster, tab, install=install, token=tab.token)
    return _Pool(tab, symmetry, progress, submit=pool.submit, as_completed=pool.as_completed,
                 ref=pool.ref, closer=pool.close, aborter=pool.abort)


class Task(Protocol):
    """A task handed to :class:`Workers`: a ``concurrent.futures`` or a Dask future."""

    def done(self) -> bool: ...

    def result(self) -> Any: ...

    def cancel(self) -> Any: ...


@dataclass(frozen=True)
class Workers:
    """Where tasks go: ``submit(fn, *args)`` gives a future, ``as_completed(futures)`` yields
    them as they finish; ``ref`` stands for the data every task needs (pass it as an argument:
    the data itself, its token on local processes that installed it at their start, or a
    future on a Dask cluster, which Dask hands to the task as the data). ``close`` waits for
    running tasks, ``abort`` ends them; ``slots``: how many tasks run at once."""

    submit: Callable[..., Task]
    as_completed: Callable
    ref: object
    close: Callable[[], None]
    abort: Callable[[], None]
    slots: int = 1


def workers_for(n: int, cluster: Cluster, data: object = None, *,
                install: Callable[..., None] | None = None, token: str = "") -> Workers:
    """``n`` local worker processes or (``cluster``) a Dask cluster's workers, for tasks that
    need ``data``: sent once to every Dask worker; on local processes installed at their start
    with ``install(data)`` (the tasks get ``token``), or without ``install`` sent with each
    task."""
    if cluster is not None:
        return _dask_workers(data, cluster)
    if install is None:
        pool = processes(n, _nothing)
        return Workers(pool.submit, futures_completed, data, pool.close, pool.abort, n)
    pool = processes(n, install, data)
    return Workers(pool.submit, futures_completed, token, pool.close, pool.abort, n)


def _nothing() -> None:
    """A worker process's start when its tasks bring all they need."""


@dataclass(frozen=True)
class Processes:
    """Worker processes on this machine: ``submit(fn, *args)`` gives a future; ``close`` waits
    for the running tasks, ``abort`` ends the processes at once (Ctrl-C, an error)."""

    submit: Callable[..., Future]
    close: Callable[[], None]
    abort: Callable[[], None]


def processes(n: int, initializer: Callable[..., None], *args: object) -> Processes:
    """``n`` worker processes, each started with ``initializer(*args)``, that never see Ctrl-C
    (the parent ends them) and never run the caller's main script again."""
    import multiprocessing
    import pickle
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    # The start is handed over pickled, to be read before the modules it needs are imported:
    # the parent waits until the child has read it all (0.55 s against 0.17 s on the 2023
    # lists: bench/results/worker-start.md).
    start = partial(run_pickled,
                    pickle.dumps(partial(_initialize, os.getpid(), initializer, *args)))
    pool = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"),
                               initializer=start)
    # The pool starts its processes as tasks come. Tasks are handed to it from a thread that
    # holds Ctrl-C back, so the processes start with it held back (see sigint_blocked), while
    # this thread still answers Ctrl-C at once.
    spawner = ThreadPoolExecutor(max_workers=1, initializer=_hold_sigint)

    def submit(fn: Callable, *task: object) -> Future:
        return cast(Future, spawner.submit(_start_quietly, pool.submit, fn, *task).result())

    def close() -> None:
        spawner.shutdown(wait=True)
        pool.shutdown(wait=True, cancel_futures=True)

    def abort() -> None:
        spawner.shutdown(wait=True, cancel_futures=True)  # a process being started, at most
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    return Processes(submit, close, abort)


def check_cluster(address: str, timeout: float = 3.0) -> None:
    """Refuse a Dask scheduler address (``tcp://host:port``, ``host:port``) that does not
    answer within ``timeout`` seconds, with one line (ValueError); other transports pass."""
    scheme, sep, rest = address.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", address.strip()
    if scheme not in ("tcp", "tls"):
        return
    host, colon, port = rest.rstrip("/").rpartition(":")
    if not colon or (host.count(":") and not host.startswith("[")):
        host, port = rest.rstrip("/"), "8786"  # no port given: Dask's default
    try:
        number = int(port)
    except ValueError:
        raise ValueError(f"{address!r} is not a scheduler address (tcp://HOST:PORT)") from None
    try:
        with socket.create_connection((host.strip("[]") or "127.0.0.1", number), timeout):
            pass
    except OSError as err:
        reason = "no answer" if isinstance(err, TimeoutError) else err.strerror or str(err)
        raise ValueError(f"cannot reach the Dask scheduler at {address} ({reason})") from None


def _dask_workers(data: object, cluster: str | Client) -> Workers:
    """A Dask cluster's workers, ``data`` on each: ``cluster`` is a scheduler address or a
    ``Client`` (closed here only when made here); ``slots``: the workers' threads."""
    try:
        from distributed import Client, as_completed
    except ImportError as err:  # pragma: no cover - dask is a declared dependency
        raise RuntimeError("--cluster needs dask[distributed] installed") from err
    if isinstance(cluster, str):
        check_cluster(cluster)  # one line now rather than Dask's error after 30 s
        client, own = Client(cluster), True
    else:
        client, own = cluster, False
    # A fresh key per run: a content-hashed key is shared with other clients of the same
    # scheduler, and one of them closing can drop the data under this run's feet.
    # Wrapped in a list: Dask scatters a list's or tuple's items one by one.
    ref = None if data is None else client.scatter([data], broadcast=True, hash=False)[0]
    slots = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
    closed: list[bool] = []

    def close() -> None:
        if closed:
            return
        closed.append(True)
        if ref is not None:
            ref.release()
        if own:
            client.close()

    def submit(fn: Callable, *args: object) -> Task:
        return cast(Task, client.submit(fn, *args, pure=False))

    return Workers(submit, as_completed, ref, close, close, max(1, slots))
