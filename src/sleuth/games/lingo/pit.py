"""The Lingo pit: a tournament of player programs over the same random words (SPEC §1).

Every finished game is appended at once as a JSON line to a results file, so an
interrupted pit can be resumed; at the end a table of per-length sums and a ranking.
Each game's player runs sealed off in a folder of its own (:mod:`sleuth.games.lingo.sandbox`);
SIGTERM, SIGINT or SIGHUP stop the pit in order (:class:`~sleuth.games.lingo.sandbox.Stopped`):
no player process and no temporary folder is left, the finished games stay in the file.
"""

from __future__ import annotations

import hashlib
import os
import random
import reprlib
import shlex
import shutil
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sleuth.core.journal import (
    Contents,
    Form,
    Journal,
    JournalError,
    open_journal,
    parse,
    read_journal,
)
from sleuth.core.parallel import cores
from sleuth.core.storage import PACKAGE
from sleuth.games.lingo.protocol import GameResult
from sleuth.games.lingo.referee import play_game
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
#: Told each line the pit has for its user, ``(kind, text)``: kind ``info``, ``warning`` (the
#: text starts with what is wrong and a colon), ``detail`` (what it is busy with) or ``warm-up``
#: (a detail: the built-in players' first guesses and kernels are computed now, before games).
NoteCallback = Callable[[str, str], None]


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
    length_games: dict[int, int] = field(default_factory=dict)

    @property
    def mean_seconds(self) -> float:
        """Mean wall time per game."""
        return self.seconds / self.games if self.games else 0.0

    def mean_points(self) -> dict[int, float]:
        """Mean points per game at each length the player has played."""
        return {n: self.per_length[n] / count for n, count in sorted(self.length_games.items())}


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


def builtin_players() -> str:
    """How to name a built-in player, and the names (those of the strategies registry)."""
    from sleuth.core.strategies import STRATEGIES

    return f"built-in players: {BUILTIN_PREFIX}NAME (or NAME alone), NAME one of " \
        f"{', '.join(STRATEGIES)}"


def resolve_player(spec: str, cwd: Path | None = None) -> Player:
    """A player from a built-in strategy name or an external command string."""
    from sleuth.core.strategies import STRATEGIES

    cwd = Path.cwd() if cwd is None else cwd
    spec = spec.strip()
    if not spec:
        raise PitError("empty player command")
    if is_builtin_name(spec, cwd):
        name = spec.removeprefix(BUILTIN_PREFIX)
        if name not in STRATEGIES:
            raise PitError(f"no built-in player {name!r}; {builtin_players()}")
        return Player(name=name, command=tuple(builtin_command(name)), builtin=True)
    try:
        args = shlex.split(spec)
    except ValueError as error:
        raise PitError(f"cannot parse player command {spec!r}: {error}") from error
    command = absolute_args(args, cwd)
    if shutil.which(command[0]) is None:
        raise PitError(f"player program not found or not executable: {args[0]!r}; "
                       f"{builtin_players()}")
    return Player(name=spec, command=tuple(command))


def header_player(spec: str, header: dict[str, Any] | None) -> Player:
    """The player ``spec`` of a resumed pit: run by the command its results file recorded for
    it (its paths absolute when the pit began, so found from any folder), else resolved here."""
    command = (header or {}).get("commands", {}).get(spec)
    if command is None or is_builtin_name(spec, Path.cwd()):
        return resolve_player(spec)
    if shutil.which(command[0]) is None:
        raise PitError(f"player program not found or not executable: {command[0]!r}")
    return Player(name=spec, command=tuple(command))


# --- results file -----------------------------------------------------------------------

#: Fields every header and game record must have, with their types (a bool is no number).
HEADER_FIELDS: dict[str, type] = {"game": str, "seed": int, "lengths": list, "per_length": int,
                                  "words_hash": str, "players": list}
GAME_FIELDS: dict[str, type] = {"player": str, "length": int, "word": str, "score": int}
#: Fields that, when present, must have these types.
OPTIONAL_FIELDS: dict[str, tuple[type, ...]] = {
    "seconds": (int, float, type(None)), "reason": (str, type(None)), "words_from": (dict,),
    "commands": (dict,),
}
LIST_ITEMS: dict[str, tuple[type, str]] = {"lengths": (int, "a list of whole numbers"),
                                           "players": (str, "a list of texts")}
TYPE_NAMES = {int: "a whole number", str: "text", list: "a list"}
WORDS_FROM_KEYS = ("words", "list")  # a file's absolute path, a shipped list's name


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
    *, origin: dict[str, str] | None = None, commands: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """The first line of a results file: what a resume must match, and where the words came
    from (``origin``, see :func:`list_origin`) and how each program player is run
    (``commands``, its paths absolute), so that a resume from any folder runs them again."""
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
        "commands": dict(commands or {}),
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


def _check_record(record: dict[str, Any], fields: dict[str, type], what: str) -> None:
    """A ValueError unless ``record`` has each of ``fields`` with a value of its type (a list of
    LIST_ITEMS for a list), and each of OPTIONAL_FIELDS it has with one of theirs."""

    def wrong(value: Any, kinds: type | tuple[type, ...]) -> bool:
        return isinstance(value, bool) or not isinstance(value, kinds)

    for key, kind in fields.items():
        if key not in record:
            raise ValueError(f"the {what} has no {key!r}")
        value, (inner, named) = record[key], LIST_ITEMS.get(key, (object, TYPE_NAMES[kind]))
        if wrong(value, kind) or (kind is list and any(wrong(v, inner) for v in value)):
            raise ValueError(f"the {what}'s {key!r} is {reprlib.repr(value)}, not {named}")
    for key, kinds in OPTIONAL_FIELDS.items():
        if key in record and wrong(record[key], kinds):
            raise ValueError(f"the {what}'s {key!r} is {reprlib.repr(record[key])}")
    origin = record.get("words_from") or {}
    if any(key not in WORDS_FROM_KEYS or wrong(text, str) for key, text in origin.items()):
        raise ValueError(f"the {what}'s 'words_from' is {reprlib.repr(origin)}")
    commands = record.get("commands") or {}
    if any(not isinstance(argv, list) or not argv or any(wrong(arg, str) for arg in argv)
           for argv in commands.values()):
        raise ValueError(f"the {what}'s 'commands' is {reprlib.repr(commands)}")


def _check_line(record: dict[str, Any]) -> None:
    """A ValueError saying what is wrong with a line of a results file, if anything is."""
    kind = record.get("type")
    if kind == "header":
        _check_record(record, HEADER_FIELDS, "header")
        if record["per_length"] < 1:
            raise ValueError("the header's 'per_length' is not positive")
    elif kind == "game":
        _check_record(record, GAME_FIELDS, "game record")
    else:
        raise ValueError(f"a record of unknown type {reprlib.repr(kind)}")


def read_results(path: Path) -> Contents:
    """Header and records of a results file, a torn last line left out; anything else wrong
    with it (missing, a folder, unreadable, not UTF-8, a bad record) is one PitError."""
    try:
        return read_journal(path, RESULTS)
    except JournalError as error:
        raise PitError(str(error)) from None


def parse_results(data: bytes, name: str = "the file") -> Contents:
    """Header and records of a results file's bytes (an upload, say), a torn last line left
    out; anything wrong with them (empty, not UTF-8, not JSON lines, not a pit's results, no
    header) is one PitError naming ``name`` (and the line)."""
    if not data.strip():
        raise PitError(f"{name} is empty")
    try:
        found = parse(data, Path(name), RESULTS)
    except JournalError as error:
        raise PitError(str(error)) from None
    if found.header is None:
        raise PitError(f"{name} is not a results file: it has no header line")
    return found


def games(results: Contents) -> list[dict[str, Any]]:
    """The game records of a results file (a header repeated by an old pit left out)."""
    return [record for record in results.records if record["type"] == "game"]


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


def open_results(path: Path, header: dict[str, Any], *, resume: bool) -> Journal:
    """A results file open to append to, locked against other pits while it stays open: a new
    one (refused when the path exists), or with ``resume`` an existing one made with these
    settings, a torn last line cut off. Every refusal is one PitError."""
    try:
        return open_journal(path, header, RESULTS, new=not resume, lock=True)
    except FileExistsError:
        raise PitError(f"{path} exists; continue it with --resume {path} or choose another "
                       "--out") from None
    except JournalError as error:
        raise PitError(str(error)) from None


#: The pit's results file as a journal.
RESULTS = Form("results file", lambda record: record.get("type") == "header", _check_line,
               header_mismatches, "pit header")


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
        standing.length_games[length] = standing.length_games.get(length, 0) + 1
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


def games_per_length(records: Iterable[dict[str, Any]]) -> dict[int, int]:
    """Games of each length in the records, counted as the pit draws them: one per word."""
    drawn: dict[int, set[str]] = {}
    for record in records:
        drawn.setdefault(int(record["length"]), set()).add(str(record["word"]))
    return {length: len(words) for length, words in sorted(drawn.items())}


@dataclass
class PitResults:
    """The figures of a results file: its header, the standings (best first) and their ranks,
    the lengths played, the games of each length, whether a torn last line was left out."""

    header: dict[str, Any]
    standings: list[Standing]
    ranks: list[int]
    lengths: list[int]
    games: dict[int, int]
    torn: bool


def results_of(results: Contents, name: str = "the file") -> PitResults:
    """The standings of a results file's header players over its games; a PitError naming
    the file (``name``) when it holds no game of theirs yet."""
    header = results.header or {}
    players = list(dict.fromkeys(header.get("players", [])))
    played = [record for record in games(results) if record["player"] in players]
    if not played:
        raise PitError(f"{name} holds no finished game of its players yet")
    ranked = standings(played, players)
    count = games_per_length(played)
    return PitResults(header, ranked, ranks(ranked), list(count), count, results.torn)


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
    on_note: NoteCallback | None = None,
    on_start: Callable[[int], None] | None = None,
    on_game: Callable[[dict[str, Any]], None] | None = None,
    origin: dict[str, str] | None = None,
    new_folder: bool = False,
) -> PitReport:
    """Play every player on the same drawn words and return the standings.

    Results go to ``out`` (JSON lines, flushed per game; it must not exist yet); with
    ``resume`` the games already in that file are skipped and the rest appended to it. The
    file is locked for the whole run. ``origin``: where the words come from, for the header
    (see :func:`list_origin`; by default that of the default list when ``words`` is None).
    ``new_folder``: make ``out``'s folder if missing (as for the default ``runs/``). What the
    pit has to say goes to ``on_note``; ``on_start`` is told the number of games to play, once,
    and ``on_game`` gets each finished game's record.
    """
    note = on_note or (lambda kind, text: None)
    cwd = Path.cwd()
    entrants = _unique_players(resolve_player(p, cwd) if isinstance(p, str) else p for p in players)
    if words is None:
        words, origin = load_word_list(), origin or list_origin(None, None)
    lengths = sorted(set(lengths))
    drawn = draw_words(words, lengths, per_length, seed)
    if not drawn:
        raise PitError(f"the word list has no words of lengths {lengths}")
    names = [player.name for player in entrants]
    header = pit_header(seed, lengths, per_length, words, names, origin=origin,
                        commands={p.name: list(p.command) for p in entrants if not p.builtin})
    words = list(words)
    if resume is not None and out is not None and Path(out).resolve() != Path(resume).resolve():
        raise PitError("--resume appends to its own file; do not give a different --out")
    path = Path(resume if resume is not None else out if out is not None else default_out_path())
    if resume is None and (out is None or new_folder):
        with_folder(path)  # only now that the pit starts: a refused one leaves no folder
    with open_results(path, header, resume=resume is not None) as journal:
        if header["words_source"] is not None:
            note("info", f"Words: {header['words_source']}; {per_length} a length, seed {seed}")
        if journal.found.torn:
            note("info", f"Dropped the torn last line of {path} (a pit stopped mid-write)")
        finished = _resumed_records(games(journal.found), entrants, drawn)
        done = {record_key(record) for record in finished}
        todo = list(schedule(entrants, drawn, done))
        sandbox = default_sandbox()
        sandbox.hide(path)  # players must not read other players' finished games
        if not all(p.builtin for p in entrants) and not sandbox.isolated and _is_root():
            note("warning", f"Players are not isolated: {sandbox.note}")
        lists = list(words)

        def fill(folder: Path) -> None:
            write_wordlists(folder, lists, lengths)

        with stop_on_signals(), GameFolders(fill, "sleuth-pit-") as tmp:
            warm_openers(tmp.lists, sorted({len(word) for _, word in todo}),
                         [p.name for p in entrants if p.builtin], note)
            if on_start is not None:
                on_start(len(todo))
            played = _play_all(todo, words, tmp, timeout, jobs, journal, on_game)
    ranked = standings([*finished, *played], names)
    return PitReport(path, ranked, list(drawn), len(played), len(finished))


def warm_openers(workdir: Path, lengths: Sequence[int], names: Sequence[str],
                 on_note: NoteCallback | None = None) -> None:
    """Compute the built-in players' first guesses once, before the games, into their cache,
    and compile each one's kernels on the first length (once per install)."""
    from sleuth.core import strategies
    from sleuth.games.lingo.game import lingo_game
    from sleuth.games.lingo.player import compile_kernels, opening_guess, player_words

    if on_note is not None and names and lengths:
        on_note("warm-up", f"First guesses of {', '.join(names)} for lengths "
                f"{', '.join(map(str, lengths))} (computed once per word list)...")
    for i, length in enumerate(lengths):
        words = player_words(length, workdir)
        if not len(words):
            continue
        game = lingo_game(list(words))
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
    journal: Journal,
    on_game: Callable[[dict[str, Any]], None] | None,
) -> list[dict[str, Any]]:
    """Play the games in parallel; append each finished one to ``journal`` at once."""
    groups = {length: set(group) for length, group in words_by_length(words).items()}
    env = builtin_env() if any(player.builtin for player, _ in todo) else None
    records: list[dict[str, Any]] = []
    workers = max(1, jobs or cores())
    stop = threading.Event()
    sandbox = default_sandbox()
    with ThreadPoolExecutor(max_workers=workers) as pool:
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
                journal.append(record)
                records.append(record)
                if on_game is not None:
                    on_game(record)
        except BaseException:
            stop.set()
            for future in futures:
                future.cancel()
            raise
    return records

