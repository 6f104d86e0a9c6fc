"""The Lingo pit: a tournament of player programs over the same random words (SPEC §1).

Every finished game is appended at once as a JSON line to a results file, so an
interrupted pit can be resumed; at the end a table of per-length sums and a ranking.
Each game's player runs sealed off in a folder of its own (:mod:`sleuth.games.lingo.sandbox`);
SIGTERM, SIGINT or SIGHUP stop the pit in order (:class:`~sleuth.games.lingo.sandbox.Stopped`):
no player process and no temporary folder is left, the finished games stay in the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import reprlib
import shlex
import shutil
import stat
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from sleuth.core.storage import PACKAGE
from sleuth.games.lingo.referee import GameResult, play_game
from sleuth.games.lingo.sandbox import GameFolders, Sandbox, default_sandbox, stop_on_signals

if TYPE_CHECKING:
    from sleuth.words.wordlist import WordList

DEFAULT_LENGTHS = tuple(range(4, 14))
DEFAULT_PER_LENGTH = 10
DEFAULT_SEED = 2014
DEFAULT_PLAYER = "prepared"
BUILTIN_PREFIX = "builtin:"
RESULTS_FORMAT = 1
PACKAGE_ROOT = PACKAGE.parent

GameKey = tuple[str, int, str]


class PitError(Exception):
    """A pit cannot start: bad player, bad resume file, empty draw."""


@dataclass(frozen=True)
class Player:
    """A contestant: its display name, the command to start it, whether it is built in."""

    name: str
    command: tuple[str, ...]
    builtin: bool = False


@dataclass
class Standing:
    """One player's results: per-length sums, total, seconds per game (mean and slowest),
    faults."""

    player: str
    per_length: dict[int, int] = field(default_factory=dict)
    total: int = 0
    games: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    faults: int = 0

    @property
    def mean_seconds(self) -> float:
        """Mean wall time per game."""
        return self.seconds / self.games if self.games else 0.0


@dataclass
class PitReport:
    """What a pit did: where the results are, the standings (ranked), games played/skipped."""

    out: Path
    standings: list[Standing]
    lengths: list[int]
    played: int
    skipped: int


# --- word lists -------------------------------------------------------------------------


def load_word_list(path: Path | str | None = None, list_name: str | None = None, *,
                   here: Path | None = None) -> WordList:
    """The pit's words by the one rule (see :func:`wordlist.choose_words`): ``--words``,
    else ``--list``, else ``./wordlist.txt``, else the official Lingo list."""
    from sleuth.words.lists import LINGO
    from sleuth.words.wordlist import choose_words

    return choose_words(path, list_name, default=LINGO, here=here)


def words_by_length(words: Iterable[str]) -> dict[int, list[str]]:
    """Words grouped by length, each group sorted."""
    groups: dict[int, list[str]] = {}
    for word in words:
        groups.setdefault(len(word), []).append(word)
    return {length: sorted(group) for length, group in sorted(groups.items())}


def words_hash(words: Iterable[str]) -> str:
    """A short stable fingerprint of a word list (order and duplicates ignored)."""
    text = "\n".join(sorted(set(words)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def draw_words(
    words: Iterable[str], lengths: Iterable[int], per_length: int, seed: int
) -> dict[int, list[str]]:
    """The pit's secrets: ``per_length`` words of each length, drawn with ``seed``."""
    groups = words_by_length(words)
    drawn: dict[int, list[str]] = {}
    for length in lengths:
        group = groups.get(length, [])
        if group:
            drawn[length] = random.Random(seed).sample(group, min(per_length, len(group)))
    return drawn


def write_wordlists(directory: Path, words: Iterable[str], lengths: Iterable[int]) -> Path:
    """Write ``wordlist.txt`` (all words) and ``wordlistN.txt`` for each length."""
    directory.mkdir(parents=True, exist_ok=True)
    groups = words_by_length(words)
    everything = [word for group in groups.values() for word in group]
    (directory / "wordlist.txt").write_text("".join(f"{w}\n" for w in everything))
    for length in lengths:
        group = groups.get(length, [])
        (directory / f"wordlist{length}.txt").write_text("".join(f"{w}\n" for w in group))
    return directory


def parse_lengths(text: str) -> list[int]:
    """Lengths from ``"4-13"``, ``"5,7,9"`` or a mix like ``"4-6,10"``.

    >>> parse_lengths("4-6,10")
    [4, 5, 6, 10]

    Each length must be 1 to 64 (so at most 64 of them), checked before a range is built.
    """
    longest = 64  # no word list holds longer words; nor is a pit of more lengths sensible
    lengths: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, _, high = part.partition("-")
        try:
            first, last = int(low), int(high or low)
        except ValueError as error:
            raise ValueError(f"bad length range {part!r}") from error
        if first < 1 or last < first:
            raise ValueError(f"bad length range {part!r}")
        if last > longest:
            raise ValueError(f"bad length range {part!r}: words have at most {longest} letters")
        lengths.update(range(first, last + 1))
    if not lengths:
        raise ValueError("no lengths given")
    return sorted(lengths)


# --- players ----------------------------------------------------------------------------


def builtin_command(name: str) -> list[str]:
    """Command running the built-in strategy ``name`` (the length is appended later)."""
    return [sys.executable, "-m", "sleuth.games.lingo.player", "--strategy", name]


def is_own_player(argv: Sequence[str]) -> bool:
    """Whether ``argv`` starts this install's own player (``sleuth lingo player`` or ``python -m
    sleuth[.lingo.player]`` with this Python): our code, run as our user with our caches."""
    if not argv:
        return False
    program = shutil.which(argv[0]) or argv[0]
    ours = os.path.realpath(sys.executable)
    script = os.path.join(os.path.dirname(sys.executable), "sleuth")
    if os.path.realpath(program) == os.path.realpath(script):
        return list(argv[1:3]) == ["lingo", "player"]
    if os.path.realpath(program) != ours:
        return False
    return list(argv[1:3]) == ["-m", "sleuth.games.lingo.player"] or \
        list(argv[1:5]) == ["-m", "sleuth", "lingo", "player"]


def builtin_env() -> dict[str, str]:
    """Environment for built-in players: this sleuth first on PYTHONPATH."""
    env = dict(os.environ)
    paths = [str(PACKAGE_ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


def absolute_args(args: Sequence[str], cwd: Path) -> list[str]:
    """Arguments naming existing paths relative to ``cwd`` made absolute.

    The program itself is only touched when it contains a slash (``./player``), since a
    bare name is looked up on PATH, never in the working directory.
    """
    result = []
    for index, arg in enumerate(args):
        local = index > 0 or os.sep in arg or (os.altsep is not None and os.altsep in arg)
        if arg and local and not os.path.isabs(arg) and (cwd / arg).exists():
            arg = os.path.abspath(cwd / arg)
        result.append(arg)
    return result


def is_builtin_name(spec: str, cwd: Path) -> bool:
    """True for a bare strategy name: no spaces or slashes, not a file, not on PATH."""
    if spec.startswith(BUILTIN_PREFIX):
        return True
    from sleuth.core.strategies import STRATEGIES

    return spec in STRATEGIES and not (cwd / spec).exists() and shutil.which(spec) is None


def resolve_player(spec: str, cwd: Path | None = None) -> Player:
    """A player from a built-in strategy name or an external command string."""
    cwd = Path.cwd() if cwd is None else cwd
    spec = spec.strip()
    if not spec:
        raise PitError("empty player command")
    if is_builtin_name(spec, cwd):
        name = spec.removeprefix(BUILTIN_PREFIX)
        return Player(name=name, command=tuple(builtin_command(name)), builtin=True)
    try:
        args = shlex.split(spec)
    except ValueError as error:
        raise PitError(f"cannot parse player command {spec!r}: {error}") from error
    command = absolute_args(args, cwd)
    if shutil.which(command[0]) is None:
        raise PitError(f"player program not found or not executable: {args[0]!r}")
    return Player(name=spec, command=tuple(command))


# --- results file -----------------------------------------------------------------------

#: Fields every header and game record must have, with their types (a bool is no number).
HEADER_FIELDS: dict[str, type] = {"game": str, "seed": int, "lengths": list, "per_length": int,
                                  "words_hash": str, "players": list}
GAME_FIELDS: dict[str, type] = {"player": str, "length": int, "word": str, "score": int}
#: Fields that, when present, must have these types.
OPTIONAL_FIELDS: dict[str, tuple[type, ...]] = {
    "seconds": (int, float, type(None)), "reason": (str, type(None)), "words_from": (dict,),
}
LIST_ITEMS: dict[str, tuple[type, str]] = {"lengths": (int, "a list of whole numbers"),
                                           "players": (str, "a list of texts")}
TYPE_NAMES = {int: "a whole number", str: "text", list: "a list"}
WORDS_FROM_KEYS = ("words", "list")  # a file's absolute path, a shipped list's name


@dataclass
class Results:
    """A results file as read: its header and game records, how many bytes of it are kept, and
    whether a torn last line (a pit killed mid-write) comes after them and was left out."""

    header: dict[str, Any]
    games: list[dict[str, Any]]
    size: int
    torn: bool = False


def list_origin(path: Path | str | None, list_name: str | None, here: Path | None = None
                ) -> dict[str, str]:
    """Where :func:`load_word_list` takes the words from, as a results header records it for a
    resume: ``{"words": absolute path}`` or ``{"list": shipped name}``."""
    from sleuth.words.lists import LINGO

    if path is None and list_name is None:
        local = (here if here is not None else Path.cwd()) / "wordlist.txt"
        path, list_name = (local, None) if local.is_file() else (None, LINGO)
    origin = {} if path is None else {"words": os.path.abspath(path)}
    return origin | ({} if list_name is None else {"list": list_name})


def pit_header(
    seed: int, lengths: Sequence[int], per_length: int, words: Iterable[str], players: list[str],
    *, origin: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The first line of a results file: what a resume must match, and where the words came
    from (``origin``, see :func:`list_origin`) so that a resume can read them again."""
    source = getattr(words, "source", None)
    words = list(words)
    return {
        "type": "header",
        "format": RESULTS_FORMAT,
        "game": "lingo",
        "seed": seed,
        "lengths": list(lengths),
        "per_length": per_length,
        "words_hash": words_hash(words),
        "words_count": len(set(words)),
        "words_source": source,
        "words_from": dict(origin or {}),
        "players": players,
        "started": datetime.now().isoformat(timespec="seconds"),
    }


def game_record(player: str, result: GameResult) -> dict[str, Any]:
    """One results-file line for a finished game."""
    data = asdict(result)
    return {
        "type": "game",
        "player": player,
        **{key: data[key] for key in ("length", "word", "score", "attempts")},
        "guesses": data["guesses"],
        "feedbacks": data["feedbacks"],
        "solved": data["solved"],
        "reason": data["reason"],
        "seconds": round(data["seconds"], 4),
    }


def _check_record(record: dict[str, Any], fields: dict[str, type], where: str, what: str
                  ) -> None:
    """A PitError unless ``record`` has each of ``fields`` with a value of its type (a list of
    LIST_ITEMS for a list), and each of OPTIONAL_FIELDS it has with one of theirs."""

    def wrong(value: Any, kinds: type | tuple[type, ...]) -> bool:
        return isinstance(value, bool) or not isinstance(value, kinds)

    for key, kind in fields.items():
        if key not in record:
            raise PitError(f"{where}: the {what} has no {key!r}")
        value, (inner, named) = record[key], LIST_ITEMS.get(key, (object, TYPE_NAMES[kind]))
        if wrong(value, kind) or (kind is list and any(wrong(v, inner) for v in value)):
            raise PitError(f"{where}: the {what}'s {key!r} is {reprlib.repr(value)}, not "
                           f"{named}")
    for key, kinds in OPTIONAL_FIELDS.items():
        if key in record and wrong(record[key], kinds):
            raise PitError(f"{where}: the {what}'s {key!r} is {reprlib.repr(record[key])}")
    origin = record.get("words_from") or {}
    if any(key not in WORDS_FROM_KEYS or wrong(text, str) for key, text in origin.items()):
        raise PitError(f"{where}: the {what}'s 'words_from' is {reprlib.repr(origin)}")


def parse_results(data: bytes, path: Path) -> Results:
    """The records in the bytes of a results file. A last line cut off mid-write (without a
    newline at its end, or not JSON) is left out and marked torn; anything else wrong is a
    PitError naming the file and the line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PitError(f"{path} is not a results file (not UTF-8 text: byte {error.start})"
                       ) from None
    lines = text.split("\n")  # JSON escapes newlines; other line breaks may stand in strings
    tail = lines.pop()  # what follows the last newline: empty unless the last line is torn
    if not tail and lines and lines[-1].strip():
        try:
            json.loads(lines[-1])
        except ValueError:
            tail = lines.pop() + "\n"
    header: dict[str, Any] | None = None
    games: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        if header is None and not (isinstance(record, dict) and record.get("type") == "header"):
            raise PitError(f"{path} is not a results file: line {number} is not a pit header")
        if not isinstance(record, dict):
            raise PitError(f"{where}: not a JSON record")
        if record.get("type") == "header":
            if header is None:  # later ones: files that a pit appended to twice
                _check_record(record, HEADER_FIELDS, where, "header")
                if record["per_length"] < 1:
                    raise PitError(f"{where}: the header's 'per_length' is not positive")
                header = record
        elif record.get("type") == "game":
            _check_record(record, GAME_FIELDS, where, "game record")
            games.append(record)
        else:
            raise PitError(f"{where}: a record of unknown type {reprlib.repr(record.get('type'))}")
    if header is None:
        raise PitError(f"{path} is not a results file: it has no header line")
    return Results(header, games, len(data) - len(tail.encode()), bool(tail))


def _open_results(path: Path, flags: int, *, new: bool) -> int:
    """A descriptor of the results file ``path`` opened with ``flags`` (never waiting on a
    FIFO), or a PitError saying in one line why it cannot be."""
    path = Path(path)
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0), 0o644)
    except (IsADirectoryError, FileExistsError) as error:
        if os.path.isdir(path):
            raise PitError(f"{path} is a folder, not a results file") from None
        if isinstance(error, IsADirectoryError):
            raise PitError(f"cannot open {path}: {error.strerror}") from None
        raise PitError(f"{path} exists; continue it with --resume {path} or choose another "
                       "--out") from None
    except FileNotFoundError as error:
        if not new:
            raise PitError(f"resume file not found: {path}") from None
        if not os.path.isdir(path.parent or "."):
            raise PitError(f"cannot write {path}: there is no folder {path.parent}") from None
        raise PitError(f"cannot create {path} ({error.strerror})") from None
    except OSError as error:
        verb = "create" if new else "open"
        raise PitError(f"cannot {verb} {path} ({error.strerror or error})") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise PitError(f"{path} is {kind}, not a results file")
    return fd


def _lock(fd: int, path: Path) -> None:
    """Take an exclusive lock on the open results file for as long as it stays open, or a
    PitError when another pit holds it (where locks are not supported, none is taken)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise PitError(f"{path} is in use by another pit; wait for it to end or choose another "
                       "file") from None
    except OSError:  # a file system without locks
        return


def read_results(path: Path) -> Results:
    """Header and game records of a results file, a torn last line left out; anything else
    wrong with it (missing, a folder, unreadable, not UTF-8, a bad record) is one PitError."""
    fd = _open_results(path, os.O_RDONLY, new=False)
    try:
        with open(fd, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise PitError(f"cannot read {path} ({error.strerror or error})") from None
    return parse_results(data, Path(path))


def header_mismatches(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Settings in which a results file's header differs from this pit's, each named (the
    players and lengths compared as sets)."""
    problems = [f"{key}: file {old.get(key)!r}, now {new[key]!r}"
                for key in ("game", "seed", "per_length") if old.get(key) != new[key]]
    if sorted(set(old.get("lengths", []))) != sorted(set(new["lengths"])):
        problems.append(f"lengths: file {sorted(set(old.get('lengths', [])))}, "
                        f"now {sorted(set(new['lengths']))}")
    if old.get("words_hash") != new["words_hash"]:
        was, now = old.get("words_source"), new.get("words_source")
        was, now = (f"{was} ({old.get('words_hash')})", f"{now} ({new['words_hash']})") \
            if was == now or was is None else (was, now)
        problems.append(f"word list: file {was}, now {now}")
    before, after = set(old.get("players", [])), set(new["players"])
    if before != after:
        gone, added = (", ".join(map(repr, sorted(names))) for names in (before - after,
                                                                          after - before))
        parts = [f"{gone} in the file, not now"] if gone else []
        parts += [f"{added} now, not in the file"] if added else []
        problems.append("players: " + "; ".join(parts))
    return problems


def record_key(record: dict[str, Any]) -> GameKey:
    """The (player, length, word) identity of a game record."""
    return str(record["player"]), int(record["length"]), str(record["word"])


def open_for_append(path: Path, header: dict[str, Any] | None = None
                    ) -> tuple[IO[str], Results | None]:
    """Open a results file to append to, locked against other pits while it stays open.

    Without ``header``, a new file (refused when the path exists). With it, an existing one,
    read under the lock and refused unless made with these settings; a torn last line is then
    cut off. Every refusal is one PitError. Returns the handle and what the file held."""
    path = Path(path)
    flags = os.O_RDWR if header is not None else os.O_WRONLY | os.O_CREAT | os.O_EXCL
    fd = _open_results(path, flags | os.O_APPEND, new=header is None)
    try:
        _lock(fd, path)
        results = None
        if header is not None:
            with open(fd, "rb", closefd=False) as handle:
                results = parse_results(handle.read(), path)
            problems = header_mismatches(results.header, header)
            if problems:
                raise PitError(f"{path} was made with other settings: " + "; ".join(problems))
            if results.torn:
                os.ftruncate(fd, results.size)
        return open(fd, "a", encoding="utf-8"), results
    except OSError as error:
        os.close(fd)
        raise PitError(f"cannot write {path} ({error.strerror or error})") from None
    except BaseException:
        os.close(fd)
        raise


def default_out_path(directory: Path | None = None) -> Path:
    """A fresh results path ``runs/lingo-pit-YYYYmmdd-HHMMSS.jsonl``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return (directory or Path("runs")) / f"lingo-pit-{stamp}.jsonl"


def fresh_out_path(directory: Path | None = None) -> Path:
    """:func:`default_out_path`, its folder made if missing (a PitError if it cannot be)."""
    return with_folder(default_out_path(directory))


def with_folder(path: Path) -> Path:
    """``path``, its folder made if missing (a PitError if it cannot be)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PitError(f"cannot make the folder {path.parent} ({error.strerror or error})"
                       ) from None
    return path


# --- standings --------------------------------------------------------------------------


def standings(records: Iterable[dict[str, Any]], players: Sequence[str]) -> list[Standing]:
    """Per-player sums over the game records, best total first."""
    table = {name: Standing(player=name) for name in players}
    for record in records:
        standing = table.get(record["player"])
        if standing is None:
            continue
        length = int(record["length"])
        standing.per_length[length] = standing.per_length.get(length, 0) + int(record["score"])
        standing.total += int(record["score"])
        standing.games += 1
        seconds = float(record.get("seconds") or 0.0)
        standing.seconds += seconds
        standing.slowest = max(standing.slowest, seconds)
        standing.faults += record.get("reason") is not None
    order = {name: index for index, name in enumerate(players)}
    return sorted(table.values(), key=lambda s: (-s.total, order[s.player]))


def ranks(ranked: Sequence[Standing]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) of standings sorted best first."""
    result: list[int] = []
    for index, standing in enumerate(ranked):
        tied = index > 0 and standing.total == ranked[index - 1].total
        result.append(result[-1] if tied else index + 1)
    return result


def standings_table(ranked: Sequence[Standing], lengths: Sequence[int]) -> Table:
    """A rich table: per-length sums, total, mean and slowest seconds per game, faults."""
    table = Table(title="Lingo pit", title_justify="left")
    table.add_column("Player", style="bold")
    for length in lengths:
        table.add_column(str(length), justify="right")
    table.add_column("Total", justify="right", style="bold cyan")
    table.add_column("Games", justify="right")
    table.add_column("s/game", justify="right")
    table.add_column("slowest", justify="right")
    table.add_column("Faults", justify="right")
    for standing in ranked:
        table.add_row(
            escape(standing.player),
            *(str(standing.per_length.get(length, 0)) for length in lengths),
            str(standing.total),
            str(standing.games),
            f"{standing.mean_seconds:.2f}",
            f"{standing.slowest:.2f}",
            f"[red]{standing.faults}[/]" if standing.faults else "0",
        )
    return table


def ranking_table(ranked: Sequence[Standing]) -> Table:
    """A rich table of the ranking: place, player, total."""
    table = Table(title="Ranking", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player", style="bold")
    table.add_column("Total", justify="right", style="bold cyan")
    for place, standing in zip(ranks(ranked), ranked, strict=True):
        table.add_row(str(place), escape(standing.player), str(standing.total))
    return table


# --- running ----------------------------------------------------------------------------


def schedule(
    players: Sequence[Player], drawn: dict[int, list[str]], done: set[GameKey]
) -> Iterator[tuple[Player, str]]:
    """Games still to play, length by length and word by word, all players per word."""
    for length, secrets in drawn.items():
        for secret in secrets:
            for player in players:
                if (player.name, length, secret) not in done:
                    yield player, secret


def _progress(console: Console, show: bool) -> Progress:
    return Progress(
        TextColumn("[bold]Lingo pit[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[last]}"),
        TimeRemainingColumn(),
        console=console,
        disable=not show,
        transient=False,
    )


def _resumed_records(
    records: Iterable[dict[str, Any]], players: Sequence[Player], drawn: dict[int, list[str]]
) -> list[dict[str, Any]]:
    """Finished games of a resumed file that belong to this pit (first copy of each)."""
    wanted = {
        (player.name, length, word)
        for length, words in drawn.items()
        for word in words
        for player in players
    }
    kept: dict[GameKey, dict[str, Any]] = {}
    for record in records:
        key = record_key(record)
        if key in wanted and key not in kept:
            kept[key] = record
    return list(kept.values())


def run_pit(
    players: Sequence[str | Player],
    words: Sequence[str] | None = None,
    *,
    lengths: Sequence[int] = DEFAULT_LENGTHS,
    per_length: int = DEFAULT_PER_LENGTH,
    seed: int = DEFAULT_SEED,
    jobs: int | None = None,
    timeout: float = 30.0,
    out: Path | None = None,
    resume: Path | None = None,
    console: Console | None = None,
    progress: bool = True,
    on_game: Callable[[dict[str, Any]], None] | None = None,
    origin: dict[str, str] | None = None,
    new_folder: bool = False,
) -> PitReport:
    """Play every player on the same drawn words and return the standings.

    Results go to ``out`` (JSON lines, flushed per game; it must not exist yet); with
    ``resume`` the games already in that file are skipped and the rest appended to it. The
    file is locked for the whole run. ``origin``: where the words come from, for the header
    (see :func:`list_origin`; by default that of the default list when ``words`` is None).
    ``new_folder``: make ``out``'s folder if missing (as for the default ``runs/``).
    """
    console = console or Console()
    cwd = Path.cwd()
    entrants = _unique_players(resolve_player(p, cwd) if isinstance(p, str) else p for p in players)
    if words is None:
        words, origin = load_word_list(), origin or list_origin(None, None)
    lengths = sorted(set(lengths))
    drawn = draw_words(words, lengths, per_length, seed)
    if not drawn:
        raise PitError(f"the word list has no words of lengths {lengths}")
    names = [player.name for player in entrants]
    header = pit_header(seed, lengths, per_length, words, names, origin=origin)
    words = list(words)
    if resume is not None and out is not None and Path(out).resolve() != Path(resume).resolve():
        raise PitError("--resume appends to its own file; do not give a different --out")
    path = Path(resume if resume is not None else out if out is not None else default_out_path())
    if resume is None and (out is None or new_folder):
        with_folder(path)  # only now that the pit starts: a refused one leaves no folder
    sink, old = open_for_append(path, header if resume is not None else None)
    with sink:
        if resume is None:
            _write_line(sink, header)
        if header["words_source"] is not None:
            console.print(f"Words: {escape(header['words_source'])}; {per_length} a length, "
                          f"seed {seed}", highlight=False)
        if old is not None and old.torn:
            console.print(f"Dropped the torn last line of {escape(str(path))} (a pit stopped "
                          "mid-write)", soft_wrap=True, highlight=False)
        finished = _resumed_records(old.games, entrants, drawn) if old is not None else []
        done = {record_key(record) for record in finished}
        todo = list(schedule(entrants, drawn, done))
        sandbox = default_sandbox()
        sandbox.hide(path)  # players must not read other players' finished games
        if not all(p.builtin for p in entrants) and not sandbox.isolated and _is_root():
            console.print(f"[yellow]Players are not isolated:[/] {escape(sandbox.note)}")
        lists = list(words)

        def fill(folder: Path) -> None:
            write_wordlists(folder, lists, lengths)

        with stop_on_signals(), GameFolders(fill, "sleuth-pit-") as tmp:
            warm_openers(tmp.lists, sorted({len(word) for _, word in todo}),
                         [p.name for p in entrants if p.builtin], console)
            played = _play_all(todo, words, tmp, timeout, jobs, sink, console, progress,
                               on_game)
    ranked = standings([*finished, *played], names)
    return PitReport(path, ranked, list(drawn), len(played), len(finished))


def warm_openers(workdir: Path, lengths: Sequence[int], names: Sequence[str],
                 console: Console | None) -> None:
    """Compute the built-in players' first guesses once, before the games, into their cache,
    and compile each one's kernels on the first length (once per install)."""
    from sleuth.core import strategies
    from sleuth.core.game import word_game
    from sleuth.games.lingo.player import ATTEMPTS, compile_kernels, opening_guess, player_words

    if console is not None and names and lengths:
        console.print(f"[dim]First guesses of {', '.join(names)} for lengths "
                      f"{', '.join(map(str, lengths))} (computed once per word list)...[/dim]")
    for i, length in enumerate(lengths):
        words = player_words(length, workdir)
        if not len(words):
            continue
        game = word_game(list(words), max_attempts=ATTEMPTS)
        for name in names:
            strategy = strategies.get(name)
            opener = opening_guess(game, words, strategy)
            if i == 0:
                compile_kernels(game, strategy, opener)


def _unique_players(players: Iterable[Player]) -> list[Player]:
    """Players in order with duplicate names dropped."""
    unique: dict[str, Player] = {}
    for player in players:
        unique.setdefault(player.name, player)
    return list(unique.values())


def _write_line(sink: IO[str], record: dict[str, Any]) -> None:
    sink.write(json.dumps(record, ensure_ascii=False) + "\n")
    sink.flush()


def _is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _play_one(
    player: Player, secret: str, words: set[str], folders: GameFolders, sandbox: Sandbox,
    **options: Any,
) -> GameResult:
    """One game in a fresh folder of its own: a private copy of the lists when the player is
    neither ours nor isolated (it could chmod a shared one)."""
    trusted = player.builtin or is_own_player(player.command)
    private = not trusted and not sandbox.isolated
    with folders.game(private) as workdir:
        return play_game(list(player.command), secret, words, workdir=workdir,
                         trusted=trusted, sandbox=sandbox, **options)


def _play_all(
    todo: list[tuple[Player, str]],
    words: Sequence[str],
    folders: GameFolders,
    timeout: float,
    jobs: int | None,
    sink: IO[str],
    console: Console,
    show: bool,
    on_game: Callable[[dict[str, Any]], None] | None,
) -> list[dict[str, Any]]:
    """Play the games in parallel; append each finished one to ``sink`` at once."""
    groups = {length: set(group) for length, group in words_by_length(words).items()}
    env = builtin_env() if any(player.builtin for player, _ in todo) else None
    records: list[dict[str, Any]] = []
    workers = max(1, jobs or os.cpu_count() or 1)
    stop = threading.Event()
    sandbox = default_sandbox()
    with _progress(console, show) as bar, ThreadPoolExecutor(max_workers=workers) as pool:
        task = bar.add_task("games", total=len(todo), last="")
        futures: dict[Future[GameResult], Player] = {
            pool.submit(
                _play_one,
                player,
                secret,
                groups[len(secret)],
                folders,
                sandbox,
                timeout=timeout,
                env=env if player.builtin else None,
                stop=stop,
            ): player
            for player, secret in todo
        }
        try:
            for future in as_completed(futures):
                record = game_record(futures[future].name, future.result())
                _write_line(sink, record)
                records.append(record)
                if on_game is not None:
                    on_game(record)
                bar.update(task, advance=1, last=_short_result(record))
        except BaseException:
            stop.set()
            for future in futures:
                future.cancel()
            raise
    return records


def _short_result(record: dict[str, Any]) -> str:
    """A few words on the last game, for the progress bar."""
    text = escape(f"{record['player'][:24]} {record['word']} {record['score']}")
    return text + (f" [red]({escape(record['reason'][:40])})[/]" if record["reason"] else "")
