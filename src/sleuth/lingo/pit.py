"""The Lingo pit: a tournament of player programs over the same random words (SPEC §1).

Every finished game is appended at once as a JSON line to a results file, so an
interrupted pit can be resumed; at the end a table of per-length sums and a ranking.
Each game's player runs sealed off in a folder of its own (:mod:`sleuth.lingo.sandbox`);
SIGTERM, SIGINT or SIGHUP stop the pit in order (:class:`~sleuth.lingo.sandbox.Stopped`):
no player process and no temporary folder is left, the finished games stay in the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shlex
import shutil
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

from sleuth.lingo.referee import GameResult, play_game
from sleuth.lingo.sandbox import GameFolders, Sandbox, default_sandbox, stop_on_signals

if TYPE_CHECKING:
    from sleuth.words import WordList

DEFAULT_LENGTHS = tuple(range(4, 14))
DEFAULT_PER_LENGTH = 10
DEFAULT_SEED = 2014
DEFAULT_PLAYER = "prepared"
BUILTIN_PREFIX = "builtin:"
RESULTS_FORMAT = 1
PACKAGE_ROOT = Path(__file__).resolve().parents[2]

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
    """The pit's words by the one rule (see :func:`sleuth.words.choose_words`): ``--words``,
    else ``--list``, else ``./wordlist.txt``, else the official Lingo list."""
    from sleuth.lists import LINGO
    from sleuth.words import choose_words

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
    return [sys.executable, "-m", "sleuth.lingo.player", "--strategy", name]


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
    from sleuth.strategies import STRATEGIES

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


def pit_header(
    seed: int, lengths: Sequence[int], per_length: int, words: Iterable[str], players: list[str]
) -> dict[str, Any]:
    """The first line of a results file: what a resume must match."""
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


def read_results(path: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """Header and game records of a results file; a torn last line is ignored."""
    header: dict[str, Any] | None = None
    games: list[dict[str, Any]] = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if not isinstance(record, dict):
                continue
            if record.get("type") == "header" and header is None:
                header = record
            elif record.get("type") == "game":
                games.append(record)
    return header, games


def header_mismatches(old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    """Settings in which a results file differs from this pit."""
    if old is None:
        return ["no header line"]
    keys = ("game", "seed", "lengths", "per_length", "words_hash")
    differing = [key for key in keys if old.get(key) != new[key]]
    return [f"{key}: file {old.get(key)!r}, now {new[key]!r}" for key in differing]


def record_key(record: dict[str, Any]) -> GameKey:
    """The (player, length, word) identity of a game record."""
    return str(record["player"]), int(record["length"]), str(record["word"])


def open_for_append(path: Path) -> IO[str]:
    """Open a results file for appending, ending any torn last line first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = path.open("a+", encoding="utf-8")
    if handle.tell() > 0:
        handle.seek(handle.tell() - 1)
        if handle.read(1) != "\n":
            handle.write("\n")
    return handle


def default_out_path(directory: Path | None = None) -> Path:
    """A fresh results path ``runs/lingo-pit-YYYYmmdd-HHMMSS.jsonl``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return (directory or Path("runs")) / f"lingo-pit-{stamp}.jsonl"


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
    resume: Path, header: dict[str, Any], players: Sequence[Player], drawn: dict[int, list[str]]
) -> list[dict[str, Any]]:
    """Finished games of a resume file that belong to this pit (first copy of each)."""
    if not resume.exists():
        raise PitError(f"resume file not found: {resume}")
    old_header, records = read_results(resume)
    problems = header_mismatches(old_header, header)
    if problems:
        raise PitError(f"{resume} was made with other settings: " + "; ".join(problems))
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
) -> PitReport:
    """Play every player on the same drawn words and return the standings.

    Results go to ``out`` (JSON lines, flushed per game); with ``resume`` the games already
    in that file are skipped and the rest appended to it.
    """
    console = console or Console()
    cwd = Path.cwd()
    entrants = _unique_players(resolve_player(p, cwd) if isinstance(p, str) else p for p in players)
    words = load_word_list() if words is None else list(words)
    lengths = sorted(set(lengths))
    drawn = draw_words(words, lengths, per_length, seed)
    if not drawn:
        raise PitError(f"the word list has no words of lengths {lengths}")
    names = [player.name for player in entrants]
    header = pit_header(seed, lengths, per_length, words, names)
    if resume is not None and out is not None and Path(out).resolve() != Path(resume).resolve():
        raise PitError("--resume appends to its own file; do not give a different --out")
    finished = _resumed_records(Path(resume), header, entrants, drawn) if resume else []
    path = Path(resume or out or default_out_path())
    done = {record_key(record) for record in finished}
    todo = list(schedule(entrants, drawn, done))
    sandbox = default_sandbox()
    if not all(p.builtin for p in entrants) and not sandbox.isolated and _is_root():
        console.print(f"[yellow]Players are not isolated:[/] {escape(sandbox.note)}")
    lists = list(words)

    def fill(folder: Path) -> None:
        write_wordlists(folder, lists, lengths)

    with stop_on_signals(), open_for_append(path) as sink, GameFolders(fill, "sleuth-pit-") as tmp:
        if resume is None:
            _write_line(sink, header)
        warm_openers(tmp.lists, sorted({len(word) for _, word in todo}),
                     [p.name for p in entrants if p.builtin], console)
        played = _play_all(todo, words, tmp, timeout, jobs, sink, console, progress, on_game)
    ranked = standings([*finished, *played], names)
    return PitReport(path, ranked, list(drawn), len(played), len(finished))


def warm_openers(workdir: Path, lengths: Sequence[int], names: Sequence[str],
                 console: Console | None) -> None:
    """Compute the built-in players' first guesses once, before the games, into their cache,
    and compile each one's kernels on the first length (once per install)."""
    from sleuth import strategies
    from sleuth.game import word_game
    from sleuth.lingo.player import ATTEMPTS, compile_kernels, opening_guess, player_words

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
    private = not player.builtin and not sandbox.isolated
    with folders.game(private) as workdir:
        return play_game(list(player.command), secret, words, workdir=workdir,
                         trusted=player.builtin, sandbox=sandbox, **options)


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
