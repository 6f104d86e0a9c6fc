"""Sealing off Lingo player programs: their own read-only lists, no signals out, nothing left.

What a player gets (Linux; the referee and the pit both use this module):

* **Its own working folder per game**, made in a private temporary folder from a master copy
  of the lists: the files are mode 0444 in a folder of mode 0555.  The master and every game
  folder are removed when the game, the referee or the pit ends, including by SIGTERM, SIGINT
  or SIGHUP (see :func:`stop_on_signals`).
* **A launcher**: an external player is started as ``python -I -S sandbox.py ... -- PLAYER``.
  The launcher (this file, standard library only) is a child subreaper: every process the
  player starts stays below it, even after ``setsid()`` or a double fork.  When the player
  exits, or the referee asks the launcher to stop (SIGTERM), or the referee dies (the
  launcher's parent-death signal), the launcher SIGKILLs its children again and again and
  reaps them until it has none left, then exits with the player's status.  So even a referee
  or pit killed outright (SIGKILL) leaves no player running; only its temporary folder stays.

When the referee runs as **root** ("isolated" mode) an external player also runs as a user of
its own: a numeric uid and gid from ``BASE_UID`` upwards that no account uses, one per game
running at the time (held under a lock file in ``LOCK_DIR``, so two pits never share one), no
supplementary groups, ``no_new_privs`` (set-user-ID programs give it nothing), at most
``NPROC`` processes, and one ambient capability, CAP_DAC_READ_SEARCH, so that it can read (not
write) what root can, e.g. an interpreter installed under ``/root``.  Guaranteed, whatever the
player does:

* it cannot change, replace or chmod its lists: they belong to root and it is not root;
* it cannot signal the referee, the launcher, the pit or another game's player (other uids);
* nothing it started survives its game: the launcher clears its subtree (it cannot be
  signalled by the player), and the referee then SIGKILLs every process still running under
  that uid (found in ``/proc``, signalled through a pidfd so that a reused pid is never hit),
  as it also does the first time it takes a uid (leftovers of a pit killed with its launchers).

A player can still read any file but the pit's results (in a mount namespace of its own the
results file is covered by an empty one, so it cannot see other players' finished games), and
write where any user may (``/tmp``): those files stay.
The built-in players are our own code: they run as the pit's own user, without the launcher
(numba writes its cache; they read the pit's), in their own folder and process group, killed
as a group.  The launcher, not subprocess's ``user=``, switches the uid: the capability and
``no_new_privs`` must be set between ``setuid`` and ``exec``, which a ``preexec_fn`` cannot do
safely in the pit's threads.  No PID namespace is used: the uid already keeps the player from
signalling anything of ours and finds all its processes.  When the capability cannot be
granted (a container without CAP_DAC_READ_SEARCH), players must be readable by any user.

Without root ("shared" mode) players run as the referee's own user, so the guarantees shrink
to what a same-user process allows.  Each untrusted player gets its own *copy* of the lists, so
a player that chmods and rewrites its files spoils only its own game; the launcher still clears
everything below it, and a player signalling its parent only ends its own game; after each
game the referee kills the launcher's process group and every process whose environment
carries the game's token (``GAME_ENV``).  But a hostile player can chmod and write the files
of other games it finds (and the master), signal the pit (it then ends in order, its finished
games kept for ``--resume``), or kill its launcher and then escape with a new session and a
cleared environment: only root can prevent that.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

BASE_UID = 1_900_000_000
POOL = 1024
NPROC = 1024
LOCK_DIR = "/run/sleuth-lingo"
GAME_ENV = "SLEUTH_LINGO_GAME"
LAUNCHER = os.path.abspath(__file__)
CLEAR_SECONDS = 5.0
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)

CAP_DAC_READ_SEARCH = 2
PR_SET_PDEATHSIG = 1
PR_SET_KEEPCAPS = 8
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_RAISE = 2
CAP_VERSION_3 = 0x20080522
CLONE_NEWNS = 0x00020000
MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18


class SandboxError(Exception):
    """Players cannot be started sealed off (no free uid, bad lock folder)."""


class Stopped(KeyboardInterrupt):
    """SIGTERM, SIGINT or SIGHUP asked the program to stop (raised in the main thread)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """The signal's name, e.g. ``SIGTERM``."""
        return signal.Signals(self.signum).name


# --- the launcher (runs as a script: standard library only, imports kept light) -----------


def _libc() -> Any:
    import ctypes

    return ctypes.CDLL(None, use_errno=True)


def _prctl(libc: Any, option: int, arg: int = 0, arg3: int = 0) -> bool:
    import ctypes

    args = (ctypes.c_ulong(arg), ctypes.c_ulong(arg3), ctypes.c_ulong(0), ctypes.c_ulong(0))
    return libc.prctl(ctypes.c_int(option), *args) == 0


def _grant_read(libc: Any) -> None:
    """Keep only CAP_DAC_READ_SEARCH, as an ambient capability that survives ``execve``."""
    import ctypes

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [(name, ctypes.c_uint32) for name in ("effective", "permitted", "inherit")]

    data = (Data * 2)()
    data[0].effective = data[0].permitted = data[0].inherit = 1 << CAP_DAC_READ_SEARCH
    if libc.capset(ctypes.byref(Header(CAP_VERSION_3, 0)), data) == 0:
        _prctl(libc, PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_DAC_READ_SEARCH)


def _hide(libc: Any, paths: list[str]) -> None:
    """In a mount namespace of the player's own, put an empty file over each of ``paths`` (the
    pit's results: it could read them, having to read what root can); where the kernel allows
    no namespace, nothing is hidden."""
    import ctypes

    if not paths or libc.unshare(ctypes.c_int(CLONE_NEWNS)) != 0:
        return
    flags = ctypes.c_ulong(MS_REC | MS_PRIVATE)
    if libc.mount(b"none", b"/", None, flags, None) != 0:
        return
    for path in paths:
        if os.path.exists(path):
            libc.mount(b"/dev/null", os.fsencode(path), None, ctypes.c_ulong(MS_BIND), None)


def _become(libc: Any, uid: int, gid: int) -> None:
    """Turn this (root) process into the player's user: own uid and gid, no groups, no gains."""
    import resource

    resource.setrlimit(resource.RLIMIT_NPROC, (NPROC, NPROC))
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    _prctl(libc, PR_SET_KEEPCAPS, 1)
    os.setresuid(uid, uid, uid)
    _grant_read(libc)
    _prctl(libc, PR_SET_KEEPCAPS, 0)


def _child_pids() -> list[int]:
    """Pids of this process's children, from ``/proc``."""
    me = os.getpid()
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if len(fields) > 1 and int(fields[1]) == me:
                found.append(int(name))
    return found


def _kill_children() -> None:
    """SIGKILL every child (safe: a child's pid is not reused before we reap it)."""
    for pid in _child_pids():
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _clear() -> None:
    """Kill and reap children until there are none (orphans keep coming back to us)."""
    deadline = time.monotonic() + CLEAR_SECONDS
    while time.monotonic() < deadline:
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                break
        _kill_children()
        time.sleep(0.005)


def _mirror(status: int) -> None:
    """Exit the way the player did: the same exit code, or killed by the same signal."""
    if os.WIFSIGNALED(status):
        import resource

        number = os.WTERMSIG(status)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        with contextlib.suppress(OSError, ValueError):
            signal.signal(number, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [number])
        os.kill(os.getpid(), number)
        os._exit(128 + number)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1)


def _run_player(libc: Any, uid: int | None, gid: int | None, command: list[str],
                hidden: list[str]) -> None:
    """In the forked child: hide ``hidden``, drop to the player's user, then exec the player
    (never returns)."""
    try:
        for number in (*STOP_SIGNALS, signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(number, signal.SIG_DFL)
        if uid is not None and gid is not None:
            _hide(libc, hidden)
            _become(libc, uid, gid)
        _prctl(libc, PR_SET_NO_NEW_PRIVS, 1)
        _prctl(libc, PR_SET_PDEATHSIG, signal.SIGKILL)
    except OSError as error:
        os.write(2, f"sleuth sandbox: cannot switch to uid {uid}: {error}\n".encode())
        os._exit(126)
    if not command:  # a probe: the switch worked
        os._exit(0)
    try:
        os.execvp(command[0], command)
    except OSError as error:
        os.write(2, f"sleuth sandbox: cannot run {command[0]!r}: {error}\n".encode())
    os._exit(127)


def launch(argv: list[str]) -> None:
    """The launcher: ``[--uid U --gid G] [--hide PATH]... --parent PID -- COMMAND...`` (no
    command: a probe)."""
    split = argv.index("--") if "--" in argv else len(argv)
    pairs = list(zip(argv[:split:2], argv[1:split:2], strict=False))
    options = dict(pairs)
    hidden = [value for key, value in pairs if key == "--hide"]
    command = argv[split + 1:]
    uid = int(options["--uid"]) if "--uid" in options else None
    gid = int(options.get("--gid", uid)) if uid is not None else None
    libc = _libc()
    _prctl(libc, PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != int(options.get("--parent", os.getppid())):
        os._exit(125)  # the referee is already gone
    _prctl(libc, PR_SET_CHILD_SUBREAPER, 1)
    stopping: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        stopping.append(signum)
        _kill_children()

    for number in STOP_SIGNALS:
        signal.signal(number, stop)
    child = os.fork()
    if child == 0:
        _run_player(libc, uid, gid, command, hidden)
    if stopping:
        _kill_children()
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # the player alone holds its pipes: end of file means it is gone
        os.dup2(null, fd)
    status = 0
    while True:
        try:
            pid, found = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        if pid == child:
            status = found
            break
    _clear()
    _mirror(status)


# --- the referee's side -----------------------------------------------------------------


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def _owner_ids(status: bytes) -> tuple[set[int], bool]:
    """The uids in a ``/proc/PID/status`` text and whether the process is a zombie."""
    uids: set[int] = set()
    zombie = False
    for line in status.splitlines():
        if line.startswith(b"Uid:"):
            uids = {int(part) for part in line.split()[1:]}
        elif line.startswith(b"State:"):
            zombie = b"Z" in line.split()[1:2]
    return uids, zombie


def _runs_as(uid: int) -> Callable[[int], bool]:
    def test(pid: int) -> bool:
        status = _read(f"/proc/{pid}/status")
        if status is None:
            return False
        uids, zombie = _owner_ids(status)
        return uid in uids and not zombie

    return test


def _carries(token: str) -> Callable[[int], bool]:
    marker = f"\0{GAME_ENV}={token}\0".encode()

    def test(pid: int) -> bool:
        environ = _read(f"/proc/{pid}/environ")
        status = _read(f"/proc/{pid}/status")
        return bool(environ and status) and marker in b"\0" + (environ or b"") + b"\0" and not (
            _owner_ids(status or b"")[1])

    return test


def _signal_checked(pid: int, still: Callable[[int], bool]) -> None:
    """SIGKILL ``pid`` if ``still(pid)`` holds, through a pidfd when possible."""
    try:
        handle = os.pidfd_open(pid)
    except (AttributeError, OSError):
        if still(pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        return
    try:
        if still(pid):  # checked after pinning: a reused pid is seen as what it now is
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(handle, signal.SIGKILL)
    finally:
        os.close(handle)


def kill_matching(test: Callable[[int], bool], seconds: float = CLEAR_SECONDS) -> bool:
    """SIGKILL every process for which ``test(pid)`` holds until none is left; True if none."""
    deadline = time.monotonic() + seconds
    me = os.getpid()
    while True:
        found = [int(name) for name in os.listdir("/proc")
                 if name.isdigit() and int(name) != me and test(int(name))]
        if not found:
            return True
        if time.monotonic() > deadline:
            return False
        for pid in found:
            _signal_checked(pid, test)
        time.sleep(0.01)


def kill_uid(uid: int) -> bool:
    """SIGKILL every process running as ``uid``; True when none is left."""
    return kill_matching(_runs_as(uid))


class Seat:
    """Who plays one game: its own uid (isolated mode) or the referee's, the game's token, and
    (isolated) a home folder of its own for the game: ``HOME`` and the caches."""

    def __init__(self, uid: int | None, token: str, launcher: bool,
                 home: Path | None = None) -> None:
        self.uid = uid
        self.token = token
        self.launcher = launcher
        self.home = home


@contextlib.contextmanager
def game_home(uid: int) -> Iterator[Path]:
    """A fresh home for one game of ``uid``, removed after it. Its numba cache starts as links
    to the kernels sleuth compiled as us (a player of our own then starts at once; a link to our
    file can be replaced, never changed), so no game sees what an earlier game wrote."""
    import tempfile

    home = Path(tempfile.mkdtemp(prefix="sleuth-home-"))
    try:
        _seed_numba(home / "numba")
        _seed_sleuth(home / "sleuth")
        for folder in (home, *home.rglob("*")):
            if folder.is_dir() and not folder.is_symlink():
                os.chown(folder, uid, uid)
        os.chmod(home, 0o700)
        yield home
    finally:
        with held():
            _remove_tree(home)


def _seed_sleuth(cache: Path) -> None:
    """A copy of what sleuth's own cache says of first guesses and compiled kernels, and a
    link to its prepared trees (which the player can read, not change: they are ours)."""
    import shutil

    from sleuth.core.storage import cache_dir  # not at the top: the launcher runs on its own

    ours = cache_dir()
    cache.mkdir()
    if (ours / "lingo-trees").is_dir():
        (cache / "lingo-trees").symlink_to(ours / "lingo-trees")
    with contextlib.suppress(OSError):
        shutil.copyfile(ours / "lingo-openers.json", cache / "lingo-openers.json")
    with contextlib.suppress(OSError):
        shutil.copytree(ours / "compiled", cache / "compiled")


def _seed_numba(cache: Path) -> None:
    """Numba's cache for ``NUMBA_CACHE_DIR=cache`` holding sleuth's compiled kernels (numba
    names the folder of a source folder ``NAME_SHA1(path)``)."""
    import hashlib
    import shutil

    package = Path(os.path.abspath(__file__)).parents[2]  # sleuth/games/lingo/
    for compiled in package.rglob("__pycache__"):
        files = [f for f in compiled.iterdir() if f.suffix in (".nbi", ".nbc")]
        if not files:
            continue
        source = os.path.dirname(str(compiled))
        folder = cache / f"{os.path.basename(source)}_{hashlib.sha1(source.encode()).hexdigest()}"
        folder.mkdir(parents=True, exist_ok=True)
        for file in files:
            try:
                os.link(file, folder / file.name)
            except OSError:  # another file system
                shutil.copyfile(file, folder / file.name)


def _uid_ranges(path: str) -> list[tuple[int, int]]:
    text = _read(path)
    if text is None:
        return []
    ranges = []
    for line in text.decode().splitlines():
        inside, _, count = (int(part) for part in line.split())
        ranges.append((inside, inside + count))
    return ranges


def _covers(path: str) -> bool:
    """True when the user namespace maps every uid (or gid) of the pool."""
    return any(low <= BASE_UID and high >= BASE_UID + POOL for low, high in _uid_ranges(path))


class Sandbox:
    """Starts players sealed off (see the module docstring) and ends them with all they started.

    ``isolate``: None finds out (root, Linux, the pool's uids usable); False forces shared mode.
    """

    def __init__(self, isolate: bool | None = None, lock_dir: str = LOCK_DIR) -> None:
        import threading

        self._isolate = isolate
        self._probing = threading.Lock()
        self._lock_dir = lock_dir
        self._swept: set[int] = set()
        self.note = ""
        self.hidden: list[str] = []  # files players must not read (the pit's results)

    def hide(self, path: Path) -> None:
        """Keep ``path`` from every isolated player from now on (it sees an empty file)."""
        name = os.path.abspath(path)
        if name not in self.hidden:
            self.hidden.append(name)

    @property
    def linux(self) -> bool:
        """True where the launcher works (it needs ``/proc`` and ``prctl``)."""
        return sys.platform.startswith("linux") and os.path.isdir("/proc/self")

    @property
    def isolated(self) -> bool:
        """True when untrusted players run as uids of their own."""
        with self._probing:
            if self._isolate is None:
                self._isolate = self._probe()
        return self._isolate

    def _probe(self) -> bool:
        if not self.linux or os.geteuid() != 0:
            self.note = "not root: players run as this user"
            return False
        if not (_covers("/proc/self/uid_map") and _covers("/proc/self/gid_map")):
            self.note = f"uids {BASE_UID}+ are not mapped here: players run as root"
            return False
        import subprocess

        try:
            with self._locked_uid() as uid:
                probe = subprocess.run(self.command(Seat(uid, "", True), []),
                                       capture_output=True, timeout=30, check=False)
        except (OSError, SandboxError, subprocess.TimeoutExpired) as error:
            self.note = f"cannot switch players to their own uid: {error}"
            return False
        if probe.returncode != 0:
            self.note = probe.stderr.decode(errors="replace").strip() or "uid switch failed"
            return False
        return True

    @contextlib.contextmanager
    def _locked_uid(self) -> Iterator[int]:
        """A uid of the pool held under a lock file (free of leftovers) for as long as needed."""
        import fcntl

        os.makedirs(self._lock_dir, mode=0o700, exist_ok=True)
        info = os.stat(self._lock_dir)
        if info.st_uid != os.geteuid() or info.st_mode & 0o022:
            raise SandboxError(f"{self._lock_dir} must belong to root, writable by root alone")
        for uid in range(BASE_UID, BASE_UID + POOL):
            fd = os.open(os.path.join(self._lock_dir, f"uid-{uid}.lock"),
                         os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            try:
                if uid not in self._swept:  # leftovers of a pit that was killed outright
                    kill_uid(uid)
                    self._swept.add(uid)
                yield uid
            finally:
                os.close(fd)
            return
        raise SandboxError(f"all {POOL} player uids from {BASE_UID} are in use")

    @contextlib.contextmanager
    def seat(self, trusted: bool = False) -> Iterator[Seat]:
        """Who plays the next game; ended with :meth:`clear` before the seat is given back."""
        import secrets

        token = secrets.token_hex(8)
        if trusted or not self.isolated:
            yield Seat(None, token, self.linux and not trusted)
            return
        with self._locked_uid() as uid, game_home(uid) as home:
            yield Seat(uid, token, True, home)

    def command(self, seat: Seat, argv: list[str]) -> list[str]:
        """The command line starting ``argv`` for ``seat`` (through the launcher or not)."""
        if not seat.launcher:
            return list(argv)
        ids = [] if seat.uid is None else ["--uid", str(seat.uid), "--gid", str(seat.uid),
                                           *(f for path in self.hidden for f in ("--hide", path))]
        return [sys.executable, "-I", "-S", LAUNCHER, *ids, "--parent", str(os.getpid()),
                "--", *argv]

    def environment(self, seat: Seat, env: dict[str, str] | None) -> dict[str, str]:
        """The player's environment: ``env`` (else ours) with the game's token, and its own
        home and caches when it has a uid of its own."""
        out = {**(os.environ if env is None else env), GAME_ENV: seat.token}
        if seat.home is not None:
            out.update(HOME=str(seat.home), XDG_CACHE_HOME=str(seat.home / ".cache"),
                       NUMBA_CACHE_DIR=str(seat.home / "numba"),
                       SLEUTH_CACHE_DIR=str(seat.home / "sleuth"))
        return out

    def clear(self, seat: Seat, group: int) -> bool:
        """Kill whatever the game's player left running; True when nothing is left."""
        if hasattr(os, "killpg"):
            with contextlib.suppress(OSError):
                os.killpg(group, signal.SIGKILL)
        if seat.uid is not None:
            return kill_uid(seat.uid)
        if seat.launcher:  # a built-in player (no launcher) is ours: its group is enough
            return kill_matching(_carries(seat.token))
        return True


_DEFAULT: list[Sandbox] = []


def default_sandbox() -> Sandbox:
    """The sandbox of this process (isolated when it runs as root)."""
    if not _DEFAULT:
        _DEFAULT.append(Sandbox())
    return _DEFAULT[0]


# --- folders ----------------------------------------------------------------------------


def _remove_tree(path: Path) -> None:
    """Remove a folder tree whatever modes its folders were given."""
    import shutil

    if not path.exists():
        return
    with contextlib.suppress(OSError):
        os.chmod(path, 0o700)
    for root, dirs, _ in os.walk(path):
        for name in dirs:
            folder = os.path.join(root, name)
            if not os.path.islink(folder):  # a link is removed, never what it points to
                with contextlib.suppress(OSError):
                    os.chmod(folder, 0o700)
    shutil.rmtree(path, ignore_errors=True)


class GameFolders:
    """A private temporary folder: a sealed master copy of the lists and one folder per game.

    ``fill(folder)`` writes the lists into the master; every file is then made read-only.
    """

    def __init__(self, fill: Callable[[Path], object], prefix: str = "sleuth-") -> None:
        import tempfile

        self.root = Path(tempfile.mkdtemp(prefix=prefix))
        try:
            os.chmod(self.root, 0o711)  # players reach their folder, cannot list the others
            self.lists = self.root / "lists"
            self.lists.mkdir()
            fill(self.lists)
            self.names = sorted(p.name for p in self.lists.iterdir() if p.is_file())
            for name in self.names:
                os.chmod(self.lists / name, 0o444)
            os.chmod(self.lists, 0o555)
        except BaseException:
            _remove_tree(self.root)
            raise

    @contextlib.contextmanager
    def game(self, private: bool = False) -> Iterator[Path]:
        """A fresh folder of read-only lists for one game: links to the master, or copies when
        ``private`` (a player of our own user could chmod a shared file back)."""
        import shutil
        import tempfile

        folder = Path(tempfile.mkdtemp(prefix="game-", dir=self.root))
        try:
            for name in self.names:
                if private:
                    shutil.copyfile(self.lists / name, folder / name)
                    os.chmod(folder / name, 0o444)
                else:
                    os.link(self.lists / name, folder / name)
            os.chmod(folder, 0o555)
            yield folder
        finally:
            with held():
                _remove_tree(folder)

    def close(self) -> None:
        """Remove the master and every game folder."""
        with held():
            _remove_tree(self.root)

    def __enter__(self) -> GameFolders:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- signals ----------------------------------------------------------------------------


class _Hold:
    """How deep the main thread is in :func:`held` blocks, and the signal held back."""

    depth = 0
    pending: list[int] = []  # noqa: RUF012 - one shared state, on purpose


def _in_main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Hold back :class:`Stopped` (see :func:`stop_on_signals`) until the block ends, so that
    starting or ending a player is never cut in half."""
    if not _in_main_thread():
        yield
        return
    _Hold.depth += 1
    try:
        yield
    finally:
        _Hold.depth -= 1
        if _Hold.depth == 0 and _Hold.pending:
            raise Stopped(_Hold.pending.pop())


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """Turn the first SIGTERM, SIGINT or SIGHUP into :class:`Stopped` in the main thread and
    ignore the ones after it, so that the cleanup it starts runs to its end."""
    if not _in_main_thread():
        yield
        return
    fired: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        if fired:
            return
        fired.append(signum)
        if _Hold.depth:
            _Hold.pending.append(signum)
            return
        raise Stopped(signum)

    previous = {number: signal.signal(number, handler) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, old in previous.items():
            signal.signal(number, signal.SIG_DFL if old is None else old)
        _Hold.pending.clear()


if __name__ == "__main__":
    launch(sys.argv[1:])
