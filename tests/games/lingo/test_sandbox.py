"""The sandbox of Lingo players: sealed folders, the launcher, uids of their own, signals."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from sleuth.games.lingo import sandbox
from sleuth.games.lingo.sandbox import GameFolders, Sandbox, Seat, Stopped, held, stop_on_signals

pytestmark = pytest.mark.processes

ISOLATED = sandbox.default_sandbox().isolated
needs_root = pytest.mark.skipif(
    not ISOLATED, reason="only a referee running as root can give players a uid of their own"
)


def fill(folder: Path) -> None:
    (folder / "wordlist.txt").write_text("able\nabout\n")
    (folder / "wordlist4.txt").write_text("able\n")


def launched(seat: Seat, *command: str) -> subprocess.CompletedProcess[bytes]:
    """Run ``command`` through the launcher for ``seat`` and wait for it."""
    argv = Sandbox().command(seat, list(command))
    return subprocess.run(argv, capture_output=True, timeout=30, check=False)


@pytest.mark.parametrize("private", [False, True])
def test_game_folders_are_fresh_read_only_and_removed(private: bool) -> None:
    with GameFolders(fill, "sleuth-test-") as folders:
        assert folders.names == ["wordlist.txt", "wordlist4.txt"]
        assert folders.lists.stat().st_mode & 0o777 == 0o555
        with folders.game(private) as one, folders.game(private) as two:
            assert one != two and one.parent == two.parent == folders.root
            for folder in (one, two):
                assert folder.stat().st_mode & 0o777 == 0o555
                assert sorted(path.name for path in folder.iterdir()) == folders.names
                for name in folders.names:
                    copy, master = folder / name, folders.lists / name
                    assert copy.stat().st_mode & 0o777 == 0o444
                    assert copy.read_bytes() == master.read_bytes()
                    assert copy.samefile(master) is not private
        assert not one.exists() and not two.exists()
    assert not folders.root.exists()


def test_a_failed_fill_leaves_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)

    def broken(folder: Path) -> None:
        fill(folder)
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        GameFolders(broken)
    assert list(tmp_path.iterdir()) == []


def test_a_game_folder_made_writable_again_is_still_removed() -> None:
    with GameFolders(fill) as folders:
        with folders.game(private=True) as folder:
            folder.chmod(0o700)
            (folder / "sub").mkdir(mode=0o000)
        assert not folder.exists()


def test_the_first_stop_signal_raises_stopped_and_the_next_are_ignored() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Stopped) as caught, stop_on_signals():
        try:
            os.kill(os.getpid(), signal.SIGHUP)
            time.sleep(1)
        finally:
            os.kill(os.getpid(), signal.SIGTERM)  # during the cleanup: ignored
            time.sleep(0.05)
    assert caught.value.signum == signal.SIGHUP and caught.value.name == "SIGHUP"
    assert isinstance(caught.value, KeyboardInterrupt)
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_held_block_runs_to_its_end_before_stopped() -> None:
    finished = []
    with pytest.raises(Stopped), stop_on_signals():
        with held():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.05)
            finished.append(True)
        finished.append(False)  # never reached: Stopped comes as the held block ends
    assert finished == [True]


@pytest.mark.parametrize("isolate", [pytest.param(None, marks=needs_root), False])
def test_the_launcher_exits_as_the_player_did(isolate: bool | None) -> None:
    with Sandbox(isolate).seat() as seat:
        assert launched(seat, "sh", "-c", "exit 3").returncode == 3
        assert launched(seat, "sh", "-c", "kill -SEGV $$").returncode == -signal.SIGSEGV
        missing = launched(seat, "no-such-program-anywhere")
        assert missing.returncode == 127 and b"cannot run" in missing.stderr


@needs_root
def test_two_seats_at_once_have_two_uids_of_their_own() -> None:
    first, second = Sandbox(), Sandbox()  # as two pits would
    with first.seat() as one, second.seat() as two, first.seat(trusted=True) as ours:
        assert one.uid is not None and two.uid is not None and one.uid != two.uid
        assert min(one.uid, two.uid) >= sandbox.BASE_UID and ours.uid is None
        ids = launched(one, "id", "-u").stdout.split()
        assert ids == [str(one.uid).encode()]


@needs_root
def test_every_process_of_a_seat_uid_is_killed() -> None:
    box = Sandbox()
    with box.seat() as seat:
        assert seat.uid is not None
        sleepers = [subprocess.Popen(["sleep", "60"], user=seat.uid, group=seat.uid,
                                     extra_groups=[], start_new_session=True) for _ in range(3)]
        time.sleep(0.1)
        assert box.clear(seat, sleepers[0].pid)
        assert [proc.wait(timeout=5) for proc in sleepers] == [-signal.SIGKILL] * 3


def test_the_launcher_ends_its_player_when_the_referee_dies(
    tmp_path: Path, gone: Callable[[int], bool]
) -> None:
    pid_file = tmp_path / "player.pid"
    referee = f"""
import subprocess, sys, time
from sleuth.games.lingo.sandbox import Sandbox
box = Sandbox(False)
with box.seat() as seat:
    player = ["sh", "-c", "echo $$ > {pid_file}; exec sleep 60"]
    subprocess.Popen(box.command(seat, player))
    time.sleep(60)
"""
    proc = subprocess.Popen([sys.executable, "-c", referee])
    deadline = time.monotonic() + 20
    while not (pid_file.exists() and pid_file.read_text().strip()):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    proc.kill()  # SIGKILL: no cleanup of its own; the launcher's parent-death signal acts
    proc.wait()
    assert gone(int(pid_file.read_text()))

