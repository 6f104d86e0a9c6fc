"""``sleuth lingo``: referee a player program, run a pit (tournament) of players.

``referee`` also takes the reference engine's single-dash flags (``-player "CMD"``,
``-length``, ``-rounds``, ``-word``, ``-debug``) and prints its output format, so a
tournament script written for that engine can call it unchanged.
"""

from __future__ import annotations

import contextlib
import random
import re
import shlex
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from sleuth.cli import GROUPS
from sleuth.cli.common import (
    Bar,
    compile_notice,
    fail,
    interrupted,
    new_console,
    reachable_cluster,
    writable_option,
)
from sleuth.games.lingo.pit import (
    DEFAULT_PER_LENGTH,
    DEFAULT_PLAYER,
    DEFAULT_SEED,
    PitError,
    PitReport,
    Player,
    Standing,
    absolute_args,
    default_out_path,
    header_player,
    is_own_player,
    list_origin,
    load_word_list,
    parse_lengths,
    ranks,
    read_results,
    resolve_player,
    run_pit,
    words_by_length,
    write_wordlists,
)
from sleuth.games.lingo.protocol import GameResult
from sleuth.games.lingo.referee import play_game, program_error
from sleuth.games.lingo.rules import ATTEMPTS
from sleuth.games.lingo.sandbox import GameFolders, Stopped, default_sandbox, stop_on_signals

if TYPE_CHECKING:
    import numpy as np

    from sleuth.core.game import Game
    from sleuth.games.lingo.prepare import Prepared
    from sleuth.games.lingo.scoring import Bound
    from sleuth.words.wordlist import WordList

app = typer.Typer(rich_markup_mode="markdown", help=GROUPS["lingo"][1], no_args_is_help=True)

REFERENCE_LENGTH = 5
LINGO_LENGTHS = range(4, 14)
WordsOpt = Annotated[Path | None, typer.Option(
    "--words", metavar="FILE", help="Word list file, one word a line. Without --words or "
    "--list: ./wordlist.txt if there is one, else the official list (lingo-official).")]
ListOpt = Annotated[str | None, typer.Option(
    "--list", metavar="NAME", help="A list shipped with sleuth, by name (see `sleuth lists`), "
    "in place of a --words file.")]
#: Built-in strategies, in the words of every option that takes one.
BUILT_IN = ("prepared (the strongest), maxscore, tournament, entropy, minimax, expected, "
            "parts, their -candidates variants, letter-frequency, green-yellow")
FEEDBACK_STYLES = {"O": "bold green", "?": "bold yellow", "X": "dim"}
T = TypeVar("T")
#: The modules of the kernels Lingo's strategies run, and about how long they take to compile.
KERNELS = ("sleuth.games.lingo.endgame", "sleuth.core.split", "sleuth.words.feedback")
COMPILE_SECONDS = 35





def feedback_line(feedback: str) -> Text:
    """``Sent:  FEEDBACK`` with the feedback coloured per character (on terminals)."""
    text = Text("Sent:  ")
    for char in feedback:
        text.append(char, style=FEEDBACK_STYLES.get(char, ""))
    return text


def printable(text: str) -> str:
    """The text with control characters (terminal escapes) shown as U+FFFD."""
    return "".join(char if char.isprintable() else "\ufffd" for char in text)


def round_end_line(result: GameResult) -> str:
    """``Round won with score N`` or ``Round lost``."""
    return f"Round won with score {result.score}" if result.solved else "Round lost"


def total_line(total: int, rounds: int) -> str:
    """The reference engine's last line, ``Total score: S / M``."""
    return f"Total score: {total} / {100 * ATTEMPTS * rounds}"


def word_source(words_file: Path | None, cwd: Path, list_name: str | None = None
                ) -> Path | None:
    """The word list file to use: ``--words``, else (without ``--list``) ``wordlist.txt`` here,
    else none."""
    if words_file is not None or list_name is not None:
        return words_file
    local = cwd / "wordlist.txt"
    return local if local.is_file() else None


def round_words(
    given: Sequence[str], length: int | None, rounds: int, seed: int | None, groups: dict
) -> Iterable[str] | None:
    """Secrets of the rounds: the given words (None if one is unknown), else ``rounds`` random
    ones, each drawn as its round starts (any number of rounds takes no memory); empty when
    there is no word of the length."""
    if given:
        known = all(
            (length is None or len(w) == length) and w in groups.get(len(w), ()) for w in given
        )
        return list(given) if known else None
    pool = sorted(groups.get(length or REFERENCE_LENGTH, ()))
    if not pool:
        return []
    rng = random.Random(seed)
    return (rng.choice(pool) for _ in range(rounds))


@contextlib.contextmanager
def player_dir(
    cwd: Path, source: Path | None, words: Sequence[str], lengths: Sequence[int]
) -> Iterator[GameFolders]:
    """Sealed, read-only copies of the lists the player reads, a fresh folder per game: the
    ``wordlist*.txt`` files here when they are the list in use, else files of ``words``."""
    local = cwd / "wordlist.txt"
    here = (
        source is not None
        and local.is_file()
        and source.resolve() == local.resolve()
        and all((cwd / f"wordlist{n}.txt").is_file() for n in lengths)
    )

    def fill(folder: Path) -> None:
        if not here:
            write_wordlists(folder, words, lengths)
            return
        for path in cwd.glob("wordlist*.txt"):
            number = path.name.removeprefix("wordlist").removesuffix(".txt")
            if (number == "" or number.isdigit()) and path.is_file():
                (folder / path.name).write_bytes(path.read_bytes())

    with GameFolders(fill, "sleuth-referee-") as folders:
        yield folders


def lingo_lengths(text: str) -> list[int]:
    """The lengths of ``--lengths``, each one Lingo is played at (4..13), or ValueError; a
    number typed above 13 is refused as such before the text is parsed (and any range built)."""
    too_long = [n for n in re.findall(r"\d+", text)  # no int() of thousands of digits
                if len(n.lstrip("0")) > 2 or int(n) > LINGO_LENGTHS[-1]]
    wanted = [] if too_long else parse_lengths(text)
    outside = too_long or [str(n) for n in wanted if n not in LINGO_LENGTHS]
    if outside:
        raise ValueError(f"Lingo is played with words of 4 to 13 letters, not {outside[0]}")
    return wanted


def published_table(standings: Sequence[Standing], games: dict[int, int]) -> Table:
    """Our players beside the 2014 entries' published scores, scaled to ``games`` a length."""
    from sleuth.games.lingo.published import beside_entries

    count = sum(games.values())
    table = Table(title=f"Beside the 2014 entries (their published sums scaled to these {count} "
                  "games)", title_justify="left")
    for column in ("Player", "Total", "per 1000 games", "s/game"):
        table.add_column(column, justify="left" if column == "Player" else "right")
    ours = [(s.player, s.total, s.mean_seconds) for s in standings]
    for row in beside_entries(ours, games):
        table.add_row(row.name if row.published else escape(row.name), f"{row.total:,.0f}",
                      f"{1000 * row.total / max(count, 1):,.0f}",
                      "" if row.seconds is None else f"{row.seconds:.2f}")
    return table


def _bounded(console: Console, game: Game, seconds: float, target: float | None,
             journal: Path | None, cluster: str | None = None) -> Bound:
    """:func:`scoring.deep_bound` under a progress bar: of the seconds it has, or, with a
    ``journal`` or a ``cluster``, of the first guesses it settles; a journal of another
    question is one line. With a ``target``, the prepared tree's first guess (when the words
    have a tree) takes the bound its preparation proved after it."""
    from sleuth.core.journal import JournalError
    from sleuth.games.lingo.prepare import proven_opening
    from sleuth.games.lingo.scoring import deep_bound

    proven = {} if target is None else proven_opening(game)
    if journal is None and cluster is None:
        with Bar(console, "bounding the best possible mean", unit="s").timed(seconds):
            return _interruptible(console, lambda: deep_bound(
                game, seconds=seconds, target=target, proven=proven))
    with Bar(console, "first guesses settled") as bar:
        try:
            return _interruptible(console, lambda: deep_bound(
                game, seconds=seconds, target=target, journal=journal, progress=bar,
                proven=proven, cluster=cluster))
        except JournalError as error:
            raise fail(f"--journal: {error}", 2) from None


def _reach_title(reach: float, proof: Bound, n: int, opener: str) -> str:
    """What the bound says of averaging ``reach`` over ``n`` words: out of reach, or not above
    it (a strategy averaging it is then the best), or not ruled out."""
    best = proof.total / n
    if proof.rules_out(reach * n):
        return f"; no strategy can average {reach:g} (every first guess at most {best:.2f})"
    if proof.total <= reach * n + 1e-6:
        return (f"; no strategy averages more than {reach:g} (every first guess at most "
                f"{best:.4f}, {opener} the most)")
    return f"; averaging {reach:g} is not ruled out (after {opener} the bound stays at {best:.2f})"


def _interruptible(console: Console, work: Callable[[], T]) -> T:
    """``work()`` on a thread of its own while this one waits: on Ctrl-C one line and exit code
    130 at once, the work abandoned."""
    from sleuth.core.parallel import interruptible

    try:
        return interruptible(work)
    except KeyboardInterrupt:
        raise interrupted(console, "Interrupted (SIGINT).") from None



@app.command()
def referee(
    player: Annotated[
        str, typer.Option("--player", "-player", metavar="COMMAND", help="The player "
                          "program's command line, e.g. 'python3 my_player.py'; it is started "
                          "once a round with the word length as its last argument.")
    ],
    word: Annotated[
        list[str] | None,
        typer.Option(
            "--word",
            "-word",
            metavar="WORD",
            help="Play a round with this word (repeatable; --rounds is then ignored).",
        ),
    ] = None,
    length: Annotated[
        int | None,
        typer.Option(
            "--length", "-length", min=1, help="Letters in the words of random rounds "
            "(default: 5)."
        ),
    ] = None,
    rounds: Annotated[
        int, typer.Option("--rounds", "-rounds", min=1, help="Rounds, each on a random word.")
    ] = 1,
    seed: Annotated[int | None, typer.Option(
        help="Seed of the random words (default: new words each run).")] = None,
    words: WordsOpt = None,
    list_name: ListOpt = None,
    timeout: Annotated[
        float, typer.Option(min=0.01, help="Seconds the player may take per guess; past "
                            "them the round is lost.")
    ] = 30.0,
    debug: Annotated[
        bool, typer.Option("--debug", "-debug", help="Show the player's stderr (hidden "
                           "otherwise).")
    ] = False,
) -> None:
    """Referee games of one player program, printing the reference engine's format.

    It also takes the reference engine's single-dash flags (-player, -word, -length, -rounds,
    -debug), so a script written for that engine runs unchanged. The player reads
    wordlist.txt and wordlistN.txt from its working folder: copies of the list in use.

    ```
    sleuth lingo referee -player "python3 my_player.py" -word crane
    sleuth lingo referee --player ./my_player --length 7 --rounds 20 --seed 1
    ```
    """
    cwd = Path.cwd()
    source = word_source(words, cwd, list_name)
    try:
        all_words = load_word_list(words, list_name, here=cwd)
    except (ValueError, OSError) as error:
        raise fail(str(error)) from error
    groups = {n: set(group) for n, group in words_by_length(all_words).items()}
    secrets = round_words(word or [], length, rounds, seed, groups)
    out = new_console(plain=True)
    if secrets is None:
        out.print("Error: Unknown word")
        raise typer.Exit(2)
    if not secrets:
        raise fail(f"the word list has no words of length {length or REFERENCE_LENGTH}")
    try:
        command = shlex.split(player)
    except ValueError as error:
        raise fail(f"cannot parse the player command: {error}") from error
    if not command:
        raise fail("empty player command")
    argv = absolute_args(command, cwd)  # the player runs in a folder of its own, not here
    if program_error(argv, cwd, None) is not None:
        raise fail(f"player program not found or not executable: {command[0]!r}")
    lengths = sorted({len(w) for w in word}) if word else [length or REFERENCE_LENGTH]
    total = _referee_rounds(argv, secrets, lengths, groups, cwd, source, all_words, timeout,
                            debug)
    out.print()
    out.print(total_line(total, len(word) if word else rounds))


def _referee_rounds(
    command: list[str],
    secrets: Iterable[str],
    lengths: list[int],
    groups: dict[int, set[str]],
    cwd: Path,
    source: Path | None,
    all_words: Sequence[str],
    timeout: float,
    debug: bool,
) -> int:
    """Play and print every round; return the total score. SIGTERM, SIGINT or SIGHUP end it
    in order (no player or folder left) with one line and exit code 128 + the signal."""
    out, err = new_console(plain=True), new_console(stderr=True)

    def show(kind: str, text: str) -> None:
        out.print(Text(f"Got:   {printable(text)}") if kind == "guess" else feedback_line(text))

    total = 0
    private = not default_sandbox().isolated  # the player could chmod a shared copy back
    try:
        with stop_on_signals(), player_dir(cwd, source, all_words, lengths) as folders:
            for secret in secrets:
                out.print(Text(f"Starting new round, word is {secret}"))
                with folders.game(private) as workdir:
                    result = play_game(
                        command,
                        secret,
                        groups[len(secret)],
                        workdir=workdir,
                        timeout=timeout,
                        on_event=show,
                        debug_stderr=sys.stderr if debug else None,
                        trusted=is_own_player(command),
                    )
                if result.reason:
                    err.print(f"[yellow]Player fault:[/] {escape(result.reason)}")
                out.print(round_end_line(result))
                total += result.score
    except Stopped as stopped:
        raise fail(f"stopped by {stopped.name}", 128 + stopped.signum) from None
    return total


class PitPlan(NamedTuple):
    """A pit's settings and its words, with where they come from (for a resume)."""

    players: list[Player]
    words: WordList
    origin: dict[str, str]
    lengths: list[int]
    per_length: int
    seed: int


def pit_plan(resume: Path | None, players: list[str] | None, lengths: str | None,
             per_length: int | None, seed: int | None, words: Path | None,
             list_name: str | None) -> PitPlan:
    """Each setting as given, else the resumed file's (from its header; its players run by
    the commands it recorded), else the default; an option that differs from the file is then
    refused by ``run_pit``, naming the difference."""
    found = read_results(resume).header if resume is not None else None
    header = found or {}  # read_results refuses a results file without a header
    text = lengths if lengths is not None else ",".join(map(str, header.get("lengths", [])))
    wanted = lingo_lengths(text or "4-13")
    if words is None and list_name is None and header.get("words_from"):
        origin = dict(header["words_from"])
        word_list = load_word_list(origin.get("words"), origin.get("list"))
    else:
        origin, word_list = list_origin(words, list_name), load_word_list(words, list_name)
    entrants = [resolve_player(spec) for spec in players] if players else \
        [header_player(spec, header) for spec in header.get("players") or [DEFAULT_PLAYER]]
    return PitPlan(
        players=entrants,
        words=word_list,
        origin=origin,
        lengths=wanted,
        per_length=header.get("per_length", DEFAULT_PER_LENGTH) if per_length is None
        else per_length,
        seed=header.get("seed", DEFAULT_SEED) if seed is None else seed,
    )


def standings_table(ranked: Sequence[Standing], lengths: Sequence[int]) -> Table:
    """The pit's table: per-length sums, total, mean and slowest seconds per game, faults."""
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
    """The pit's ranking: place, player, total."""
    table = Table(title="Ranking", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player", style="bold")
    table.add_column("Total", justify="right", style="bold cyan")
    for place, standing in zip(ranks(ranked), ranked, strict=True):
        table.add_row(str(place), escape(standing.player), str(standing.total))
    return table


def pit_note(console: Console) -> Callable[[str, str], None]:
    """Prints the pit's notes: a warning's head (up to its colon) in yellow, details dimmed."""

    def show(kind: str, text: str) -> None:
        if kind == "warning":
            head, _, rest = text.partition(": ")
            console.print(f"[yellow]{escape(head)}:[/] {escape(rest)}")
        elif kind in ("detail", "warm-up"):
            if kind == "warm-up":  # the built-in players' kernels compile in the pit
                compile_notice(COMPILE_SECONDS, *KERNELS)
            console.print(f"[dim]{escape(text)}[/dim]")
        else:
            console.print(text, soft_wrap=True, highlight=False, markup=False)

    return show


def short_result(record: dict[str, Any]) -> str:
    """A few words on the last game, for the pit's progress bar."""
    text = escape(f"{record['player'][:24]} {record['word']} {record['score']}")
    return text + (f" [red]({escape(record['reason'][:40])})[/]" if record["reason"] else "")


def run_pit_shown(console: Console, plan: PitPlan, *, jobs: int | None, timeout: float,
                  out: Path, resume: Path | None, new_folder: bool) -> PitReport:
    """:func:`run_pit` of ``plan`` with its notes printed and, on a terminal, a progress bar of
    its games (its total once the pit knows it)."""
    columns = (TextColumn("[bold]Lingo pit[/]"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[last]}"), TimeRemainingColumn())
    with Progress(*columns, console=console, disable=not console.is_terminal) as bar:
        tasks: list[TaskID] = []

        def start(total: int) -> None:
            tasks.append(bar.add_task("games", total=total, last=""))

        def advance(record: dict[str, Any]) -> None:
            bar.update(tasks[0], advance=1, last=short_result(record))

        return run_pit(plan.players, plan.words, lengths=plan.lengths, per_length=plan.per_length,
                       seed=plan.seed, jobs=jobs, timeout=timeout, out=out, resume=resume,
                       origin=plan.origin, new_folder=new_folder, on_note=pit_note(console),
                       on_start=start, on_game=advance)


@app.command()
def pit(
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player", metavar="NAME|COMMAND",
            help="A built-in strategy by name, or a player program's command line; repeatable "
            f"(default: prepared). Built in: {BUILT_IN}; write builtin:NAME when a file here "
            "has that name.",
        ),
    ] = None,
    words: WordsOpt = None,
    list_name: ListOpt = None,
    lengths: Annotated[str | None, typer.Option(
        help="Word lengths, 4 to 13: a range 4-13 or a list 5,7,9 (default: 4-13).")] = None,
    per_length: Annotated[int | None, typer.Option(
        min=1, help=f"Random words per length (default: {DEFAULT_PER_LENGTH}).")] = None,
    seed: Annotated[int | None, typer.Option(
        help=f"Seed of the random words (default: {DEFAULT_SEED}, the challenge's).")] = None,
    jobs: Annotated[int | None, typer.Option(
        min=1, help="Games played at once (default: one per CPU core).")] = None,
    timeout: Annotated[
        float, typer.Option(min=0.01, help="Seconds a player may take per guess; past them "
                            "the game is lost.")
    ] = 30.0,
    out: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Write the results to FILE, one game a JSON line (default: "
        "runs/lingo-pit-DATE-TIME.jsonl).")] = None,
    resume: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Finish the interrupted pit whose results are in FILE: its games "
        "are kept, the rest appended, with its settings (players, list, lengths, words a "
        "length, seed).")] = None,
    plot: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Draw each player's points per length into FILE (.png, .svg or "
        ".pdf; default: beside the results, RESULTS.png).")] = None,
    no_plot: Annotated[bool, typer.Option("--no-plot", help="Draw no plot.")] = False,
) -> None:
    """Run a tournament: every player guesses the same random words of each length.

    Prints the per-length sums, the ranking, and beside them the 2014 entries' published scores
    scaled to as many games. Every game is written to the results file as it ends; a pit
    stopped by Ctrl-C is finished with --resume.

    ```
    sleuth lingo pit --player prepared --player "python3 my_player.py" --per-length 100
    sleuth lingo pit --resume runs/lingo-pit-20261129-140000.jsonl
    ```
    """
    from sleuth.cli import plots

    plot = None if plot is None or no_plot else plots.plot_path(plot)
    console = new_console()
    try:
        plan = pit_plan(resume, player, lengths, per_length, seed, words, list_name)
        path = resume or out or default_out_path()
    except (ValueError, OSError, PitError) as error:
        raise fail(str(error), 2) from error
    try:
        report = run_pit_shown(console, plan, jobs=jobs, timeout=timeout, out=path,
                               resume=resume, new_folder=resume is None and out is None)
    except PitError as error:
        raise fail(str(error), 2) from error
    except OSError as error:  # the results file or a game folder, mid-run (a full disk)
        raise fail(f"{error.strerror or error}: {error.filename or path}", 1) from error
    except KeyboardInterrupt as stop:  # Ctrl-C, or Stopped by SIGTERM/SIGINT/SIGHUP
        name, code = getattr(stop, "name", "SIGINT"), 128 + getattr(stop, "signum", 2)
        raise interrupted(console, f"Interrupted ({name}). Finished games are in {path}; "
                          f"continue with --resume {path}", code) from None
    console.print(standings_table(report.standings, report.lengths))
    console.print(ranking_table(report.standings))
    groups = words_by_length(plan.words)
    games = {n: min(plan.per_length, len(groups.get(n, ()))) for n in report.lengths}
    console.print(published_table(report.standings, games))
    console.print(
        f"Results: {escape(str(report.out))} ({report.played} games played, "
        f"{report.skipped} taken from the resumed file)"
    )
    if not no_plot:
        totals = {standing.player: standing.per_length for standing in report.standings}
        plots.written(console, plot or plots.beside(report.out), lambda where: plots.pit_scores(
            totals, games, where, f"Lingo pit: {plan.per_length} words a length"))


@app.command()
def player(
    length: Annotated[int, typer.Argument(help="Word length (the engine passes it last).")],
    strategy: Annotated[str, typer.Option(metavar="NAME",
                                          help=f"Built-in strategy: {BUILT_IN}.")] = "prepared",
) -> None:
    """Play one game over stdin/stdout, as a tournament player program.

    Reads wordlistN.txt (else wordlist.txt) from the working directory, writes each guess and a
    newline, reads the feedback line (O right place, ? elsewhere, X absent), and stops on all
    O, after five attempts or at the end of input. In a pit, name the strategy instead:
    `--player prepared`.
    """
    from sleuth.core.strategies import STRATEGIES
    from sleuth.games.lingo.player import play

    if strategy not in STRATEGIES:
        raise fail(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}", 2)
    raise typer.Exit(play(length, strategy))


def _opening_cells(game: Game, reached: dict[int, np.ndarray], seconds: float,
                   console: Console) -> dict[int, str]:
    """For each first guess (``reached``: each secret's points under the best strategy
    evaluated here that opens with it), the best mean any strategy can reach after it, or a
    bound on that."""
    from sleuth.games.lingo.scoring import class_totals, opening_proof

    cells = {}
    for first, scores in reached.items():
        word = game.guess_labels[first]
        with Bar(console, f"bounding play after {word}", unit="s").timed(seconds):
            bound = opening_proof(game, first, seconds=seconds, reached=float(scores.sum()),
                                  known=class_totals(game, first, scores))[0]
        mean = bound.total / len(game.secrets)
        cells[first] = f"{word}: {mean:.2f}" if bound.optimum else f"{word}: at most {mean:.2f}"
    return cells


@app.command()
def evaluate(
    length: Annotated[int, typer.Option(help="Word length to evaluate, 4 to 13.")] = 5,
    words: WordsOpt = None,
    list_name: ListOpt = None,
    strategy: Annotated[list[str] | None, typer.Option(
        metavar="NAME", help=f"Built-in strategy, repeatable (default: prepared): {BUILT_IN}.")
    ] = None,
    bound: Annotated[bool, typer.Option(help="Also compute a sound upper bound on any "
                                        "strategy's mean, and each strategy's gap to it.")] = True,
    bound_seconds: Annotated[float, typer.Option(min=0, help="Seconds allowed to tighten the "
                                                 "bound (it stays sound when cut short).")] = 60,
    reach: Annotated[float | None, typer.Option(
        metavar="MEAN", help="Only ask whether any strategy can average MEAN points a game (0 "
        "to 500): each first guess is bounded only until it is at or below it, which is much "
        "faster.")] = None,
    journal: Annotated[Path | None, typer.Option(
        metavar="FILE", help="With --reach: keep each first guess's bound in FILE as it is "
        "found, and resume from it, so that a long question is answered over several runs "
        "(the same words and MEAN).")] = None,
    cluster: Annotated[str | None, typer.Option(
        metavar="ADDRESS", help="Run the work on the Dask scheduler at ADDRESS "
        "(tcp://host:8786) instead of local processes.")] = None,
    plot: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Draw each strategy's words per attempt into FILE (.png, .svg or "
        ".pdf); none without it.")] = None,
) -> None:
    """Exact mean score of strategies over every word of one length (via the decision tree).

    `prepared` plays the tree of `sleuth lingo prepare` when the list has one. The bound
    looks two guesses deep: after any first guess, each class is worth at most what its best
    second guess could reach if every class it leaves named one secret at once and the rest on
    the attempt after. The first guess with the best bound then has its classes searched; when
    their values meet their bounds, the title gives the exact optimum. "after its opening" is
    the same bound for strategies that open with the strategy's first guess: the best mean
    any play after that opening can reach (exact when it has no "at most"). With `--reach`
    the bound only settles whether that mean is out of every strategy's reach (`--cluster`:
    its first guesses settled on the cluster's workers).

    ```
    sleuth lingo evaluate --length 5 --strategy tournament --strategy entropy
    sleuth lingo evaluate --length 9 --reach 308.5
    sleuth lingo evaluate --length 9 --reach 306.8562 --bound-seconds 7200 --journal j9.jsonl
    sleuth lingo evaluate --length 8 --reach 289.92 --bound-seconds 9000 --cluster tcp://s:8786
    ```
    """
    import time

    from rich.table import Table

    from sleuth.cli import plots
    from sleuth.core.strategies import get
    from sleuth.core.tree import evaluate as run_tree
    from sleuth.games.lingo.game import lingo_game

    plot = None if plot is None else plots.plot_path(plot)
    console = new_console()
    try:
        lingo_lengths(str(length))
        if reach is not None and not 0 <= reach <= 100 * ATTEMPTS:
            raise ValueError(f"--reach {reach:g}: a mean score is a number from 0 to "
                             f"{100 * ATTEMPTS}")
        if reach is not None and not bound:
            raise ValueError("--reach is answered by the bound: drop --no-bound")
        if journal is not None and reach is None:
            raise ValueError("--journal keeps the first guesses --reach settles: give --reach")
        if cluster is not None and reach is None:
            raise ValueError("--cluster settles the first guesses of --reach: give --reach")
        word_list = load_word_list(words, list_name)
        secrets = [w for w in word_list if len(w) == length]
        if not secrets:
            raise ValueError(f"no words of length {length} in the list")
        chosen = [get(name) for name in (strategy or [DEFAULT_PLAYER])]
    except (ValueError, OSError) as error:
        raise fail(str(error), 2) from error
    if journal is not None:
        writable_option(journal, "--journal")
    reachable_cluster(cluster)
    compile_notice(COMPILE_SECONDS, *KERNELS)
    game = lingo_game(secrets)
    best = None
    title = (f"Lingo, length {length}, {len(secrets)} words of {escape(word_list.source)} "
             "(exact, every word)")
    if bound:
        proof = _bounded(console, game, bound_seconds,  # a mean given to a few digits
                         None if reach is None else reach * len(secrets) + 1e-6, journal,
                         cluster)
        best = proof.total / len(secrets)
        opener = game.guess_labels[proof.guess]
        if reach is not None:
            title += _reach_title(reach, proof, len(secrets), opener)
        elif proof.optimum:
            title += f"; the best any strategy can average is {best:.2f} (first guess {opener})"
        else:
            title += f"; no strategy can average more than {best:.2f}"
            if proof.exact:
                title += f" (best first guess by this bound: {opener})"
    table = Table(title=title)
    for column in ("strategy", "mean score", *map(str, range(1, ATTEMPTS + 1)), "failed",
                   "per 1000 games", "gap to bound", "after its opening", "seconds"):
        table.add_column(column, justify="left" if column == "strategy" else "right",
                         no_wrap=True)
    rows = []
    reached: dict[int, np.ndarray] = {}  # by first guess, the best strategy's points a secret
    for strat in chosen:
        start = time.perf_counter()
        with Bar(console, strat.name, len(secrets)) as bar:
            result = _interruptible(console, partial(run_tree, game, strat,
                                                     progress=bar.advance))
        seconds = time.perf_counter() - start
        first = _interruptible(console, partial(strat.choose, game, game.start())) \
            if bound else -1
        scores = result.scores()
        if first not in reached or scores.sum() > reached[first].sum():
            reached[first] = scores
        rows.append((strat, result, first, seconds))
    openings = _interruptible(console, lambda: _opening_cells(
        game, reached, bound_seconds, console)) if bound else {}
    for strat, result, first, seconds in rows:
        dist = result.distribution()
        mean = result.mean_score()
        opening = openings.get(first, "")
        table.add_row(strat.name, f"{mean:.2f}",
                      *(str(dist.get(a, 0)) for a in range(1, ATTEMPTS + 1)),
                      str(result.failures), f"{1000 * mean:,.0f}",
                      "" if best is None else f"{100 * (best - mean) / best:.2f}%",
                      opening, f"{seconds:.1f}")
    console.print(table)
    if plot is not None:
        shown = [(strat.name, result.distribution(), result.failures) for strat, result, *_ in rows]
        plots.written(console, plot, lambda where: plots.distributions(
            shown, where, f"Lingo, length {length}: words found per attempt ({len(secrets)} "
            "words)", "attempts (X: not found)", "words"))


def opening_cell(tree: Prepared) -> str:
    """What the proof after a tree's first guess found: optimal, or the most any play after
    that opening could average."""
    if tree.opening is None:
        return "not proven"
    if tree.optimal_after_opening:
        return "optimal"
    return f"at most {tree.opening / tree.n_words:.2f}"


@app.command()
def prepare(
    words: WordsOpt = None,
    list_name: ListOpt = None,
    lengths: Annotated[str, typer.Option(
        help="Word lengths, 4 to 13: a range 4-13 or a list 5,7,9.")] = "4-13",
    workers: Annotated[int | None, typer.Option(
        min=1, help="Worker processes (default: one per CPU core).")] = None,
    cluster: Annotated[str | None, typer.Option(
        metavar="ADDRESS", help="Run the work on the Dask scheduler at ADDRESS "
        "(tcp://host:8786) instead of local processes.")] = None,
    top: Annotated[int | None, typer.Option(min=1, help="First guesses screened, by classes "
                                            "and by entropy each (default: 4; 2 at length 4, "
                                            "screened wider).")] = None,
    refine: Annotated[int, typer.Option(min=0, help="More first guesses screened, chosen by "
                                        "the class values the first screens measured.")] = 0,
    exact: Annotated[int | None, typer.Option(min=1, help="Three attempts left: sets up to "
                                              "this size searched over every guess (default: "
                                              "10; 20 at length 4, 14 at 5).")] = None,
    width: Annotated[int | None, typer.Option(min=1, help="Guesses searched by bound and by "
                                              "entropy on larger sets and with four left "
                                              "(default: 4; 12 at length 4, 8 at 5).")] = None,
    book: Annotated[Path | None, typer.Option(
        metavar="FOLDER", help="Also write each tree, with this command and the commit, into "
        "FOLDER as the trees sleuth ships (src/sleuth/data).")] = None,
    prove_seconds: Annotated[float | None, typer.Option(
        min=0, help="Seconds to prove each tree after its first guess, searching over every "
        "word the classes where it may fall short, and improving it there (default: 300). A "
        "tree proven before with fewer seconds, and not optimal there, is proven again.")
    ] = None,
) -> None:
    """Compute the best-score decision tree of each length ahead of the games.

    Trees are kept in the cache folder under a hash of the words, so `sleuth lingo player` and
    the pit use them whenever they play the same list; a length already prepared with the same
    settings (or shipped with sleuth) is not searched again. Each tree is then proven after its
    first guess: "after its opening" says whether any strategy opening with the same guess
    could score more, and by how much at most. An interrupted run resumes when run again. The
    options below --cluster tune the search; their defaults are those of the trees sleuth
    ships.

    ```
    sleuth lingo prepare --words mylist.txt --lengths 4-13
    ```
    """
    import time
    from dataclasses import asdict, replace

    from rich.table import Table

    from sleuth.core.journal import JournalError
    from sleuth.games.lingo.prepare import (
        PROVE_SECONDS,
        Settings,
        load_tree,
        needs_proof,
        save_book,
    )
    from sleuth.games.lingo.prepare import prepare as prepare_tree

    console = new_console()
    try:
        wanted = lingo_lengths(lengths)
        word_list = load_word_list(words, list_name)
        by_length = words_by_length(word_list)
        if book is not None and not book.is_dir():
            raise ValueError(f"--book {book}: not a folder")
    except (ValueError, OSError) as error:
        raise fail(str(error), 2) from error
    reachable_cluster(cluster)
    compile_notice(COMPILE_SECONDS, *KERNELS)
    console.print(f"Words: {escape(word_list.source)}", highlight=False)
    table = Table(title="Prepared Lingo trees")
    for column in ("length", "words", "first guess", "mean score", "per 1000 games",
                   "after its opening", "seconds"):
        table.add_column(column, justify="right", no_wrap=True)
    for length in wanted:
        secrets = by_length.get(length, [])
        if not secrets:
            console.print(f"no words of length {length}; skipped")
            continue
        start = time.perf_counter()
        with Bar(console, f"length {length}") as bar:

            def show(stage: str, done: int, total: int, length: int = length,
                     bar: Bar = bar) -> None:
                bar(done, total, f"length {length} {stage}")

            default = Settings.for_length(length)
            settings = replace(default, top=top or default.top, refine=refine,
                               exact=exact or default.exact, width=width or default.width)
            tree = load_tree(secrets)
            proving = PROVE_SECONDS if prove_seconds is None else prove_seconds
            try:
                if (tree is None or tree.settings != asdict(settings)
                        or needs_proof(tree, proving)):
                    tree = prepare_tree(secrets, settings, workers=workers, cluster=cluster,
                                        progress=show, prove_seconds=proving)
            except KeyboardInterrupt:  # the workers are ended; finished batches are kept
                raise interrupted(console, "Interrupted (SIGINT); run the same command again "
                                  "to resume.") from None
            except OSError as error:  # the cluster lost, or the cache folder full, mid-run
                raise fail(f"{error.strerror or error}; run the same command again to "
                            "resume", 1) from None
            except JournalError as error:  # its .partial.jsonl in the cache is not its own
                raise fail(str(error), 2) from None
        if book is not None:
            save_book(tree, book, shlex.join(["sleuth", *sys.argv[1:]]), word_list.source)
        seconds = tree.seconds or time.perf_counter() - start
        table.add_row(str(length), str(len(secrets)), tree.first, f"{tree.mean:.2f}",
                      f"{1000 * tree.mean:,.0f}", opening_cell(tree), f"{seconds:.1f}")
    console.print(table)
