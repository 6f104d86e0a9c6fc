"""Resumable journals: a header line naming the work, then one JSON record a line, each appended
and flushed as it is done, so that a crash or Ctrl-C loses at most the line being written.

Reading one back drops a torn last line (bytes after the last newline); a file that is not a
journal is refused in one line naming the file and the line, and never written to. Standard
library only.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

Record = dict[str, Any]


class JournalError(ValueError):
    """A journal that cannot be used, in one line: not one, of other work, in use, unreadable."""


def changes(old: Record, new: Record) -> list[str]:
    """Each field in which header ``old`` differs from ``new``: ``key: file X, now Y``."""
    return [f"{key}: file {old.get(key)!r}, now {new.get(key)!r}"
            for key in sorted(old.keys() | new.keys()) if old.get(key) != new.get(key)]


def _anything(record: Record) -> None:
    """Every JSON object is a record."""


@dataclass(frozen=True)
class Form:
    """What a journal holds: its ``name`` and its header's in messages, how its header is
    told, ``check`` (a ValueError saying what is wrong with a record, header included), how two
    headers differ, and whether older files without a header (``legacy``) are read too."""

    name: str
    is_header: Callable[[Record], bool]
    check: Callable[[Record], None] = _anything
    differences: Callable[[Record, Record], list[str]] = changes
    header: str = "header"
    legacy: bool = False


@dataclass
class Contents:
    """A journal as read: its header (None in a legacy file, or when it holds no whole line),
    the records after it, the bytes of its whole lines, and whether a torn line followed."""

    header: Record | None
    records: list[Record] = field(default_factory=list)
    size: int = 0
    torn: bool = False


class Journal:
    """A journal open for appending (and locked, when asked); ``found`` is what it held."""

    def __init__(self, path: Path, file: IO[bytes], found: Contents) -> None:
        self.path, self.found, self._file = path, found, file

    def append(self, record: Record) -> None:
        """Write ``record`` as the journal's next line, flushed to the file at once."""
        self._file.write(_line(record))
        self._file.flush()

    def close(self) -> None:
        """Close the file (and so release its lock)."""
        self._file.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _line(record: Record) -> bytes:
    """``record`` as one line of UTF-8 JSON (a lone surrogate, from undecodable bytes, escaped)."""
    try:
        return (json.dumps(record, ensure_ascii=False) + "\n").encode()
    except UnicodeEncodeError:
        return (json.dumps(record) + "\n").encode()


def parse(data: bytes, path: Path, form: Form) -> Contents:
    """The contents of a journal's bytes, a torn last line left out; a JournalError naming the
    file and the line when they are not a journal of this form."""
    whole = data[:data.rfind(b"\n") + 1]
    try:
        text = whole.decode("utf-8")
    except UnicodeDecodeError as error:
        raise JournalError(f"{path} is not a {form.name} (not UTF-8 text: byte {error.start})"
                           ) from None
    found = Contents(None, [], len(whole), len(whole) < len(data))
    for number, line in enumerate(text.split("\n")[:-1], 1):  # JSON escapes its newlines
        if not line.strip():
            continue
        record = _record(line)
        first = found.header is None and not found.records
        if first and not form.legacy and not (record is not None and form.is_header(record)):
            raise JournalError(f"{path} is not a {form.name}: line {number} is not a "
                               f"{form.header}")
        if record is None:
            raise JournalError(f"{path}, line {number}: not a record of a {form.name} (not a "
                               "JSON object)")
        try:
            form.check(record)
        except ValueError as error:
            raise JournalError(f"{path}, line {number}: {error}") from None
        if first and form.is_header(record):
            found.header = record
        else:
            found.records.append(record)
    return found


def _record(line: str) -> Record | None:
    """The JSON object on ``line``, or None when it holds none."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return record if isinstance(record, dict) else None


def read_journal(path: Path, form: Form) -> Contents:
    """The contents of the journal ``path``; anything wrong with it (missing, not a regular
    file, unreadable, not a journal of this form) is one JournalError."""
    path = Path(path)
    fd = _open(path, os.O_RDONLY, form, new=False)
    with open(fd, "rb") as file:
        return _headed(parse(_read(file, path), path, form), path, form)


def open_journal(path: Path, header: Record, form: Form, *, new: bool | None = None,
                 afresh: bool = False, lock: bool = False) -> Journal:
    """The journal ``path`` open for appending, with ``lock`` locked against other writers.

    ``new``: True, the file must not exist (FileExistsError if it does, for the caller to
    word); False, it must; None, either. A new or empty file is given ``header``. A header
    that differs from ``header`` starts the file afresh with ``afresh``, else is refused naming
    the differences; a torn last line is cut off. Every refusal is one JournalError."""
    path = Path(path)
    created = {True: os.O_CREAT | os.O_EXCL, None: os.O_CREAT, False: 0}[new]
    fd = _open(path, os.O_RDWR | os.O_APPEND | created, form, new=new)
    file = open(fd, "a+b")  # noqa: SIM115 - kept open by the journal returned
    try:
        if lock:
            _lock(file.fileno(), path)
        file.seek(0)
        found = parse(_read(file, path), path, form)
        empty = found.header is None and not found.records
        if empty and new is False:
            _headed(found, path, form)
        stale = [] if found.header is None else form.differences(found.header, header)
        if stale and not afresh:
            raise JournalError(f"{path} was made with other settings: " + "; ".join(stale))
        if empty or stale:
            os.ftruncate(file.fileno(), 0)
            file.write(_line(header))
            file.flush()
            found = Contents(header, [], len(_line(header)), found.torn)
        elif found.torn:
            os.ftruncate(file.fileno(), found.size)
        return Journal(path, file, found)
    except OSError as error:
        file.close()
        raise JournalError(f"cannot write {path} ({error.strerror or error})") from None
    except BaseException:
        file.close()
        raise


def _headed(found: Contents, path: Path, form: Form) -> Contents:
    """``found``, unless it lacks the header its form needs: a JournalError."""
    if found.header is None and not form.legacy:
        raise JournalError(f"{path} is not a {form.name}: it has no header line")
    return found


def _read(file: IO[bytes], path: Path) -> bytes:
    try:
        return file.read()
    except OSError as error:
        raise JournalError(f"cannot read {path} ({error.strerror or error})") from None


def _open(path: Path, flags: int, form: Form, *, new: bool | None) -> int:
    """A descriptor of ``path`` opened with ``flags``, never waiting on a FIFO, or one
    JournalError saying why it cannot be (FileExistsError passed on when it must be new)."""
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0), 0o644)
    except (IsADirectoryError, FileExistsError) as error:
        if os.path.isdir(path):
            raise JournalError(f"{path} is a folder, not a {form.name}") from None
        if isinstance(error, FileExistsError):
            raise
        raise JournalError(f"cannot open {path}: {error.strerror}") from None
    except FileNotFoundError as error:
        if new is False:
            raise JournalError(f"{form.name} not found: {path}") from None
        if not os.path.isdir(path.parent or "."):
            raise JournalError(f"cannot write {path}: there is no folder {path.parent}"
                               ) from None
        raise JournalError(f"cannot create {path} ({error.strerror})") from None
    except OSError as error:
        verb = "create" if new else "open"
        raise JournalError(f"cannot {verb} {path} ({error.strerror or error})") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise JournalError(f"{path} is {_kind(mode)}, not a {form.name}")
    return fd


def _kind(mode: int) -> str:
    """What a file that is no regular file is, in words."""
    kinds = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
    name = next((f" but {name}" for test, name in kinds if test(mode)), "")
    return "a folder" if stat.S_ISDIR(mode) else f"not a regular file{name}"


def _lock(fd: int, path: Path) -> None:
    """Lock the open file for as long as it stays open, or a JournalError when another process
    holds it (where locks are not supported, none is taken)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise JournalError(f"{path} is in use by another run; wait for it to end or choose "
                           "another file") from None
    except OSError:  # a file system without locks
        return
