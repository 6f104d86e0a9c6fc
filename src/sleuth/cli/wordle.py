"""``sleuth wordle``: the hinter, one solved game, whole-list benchmarks, openers, the optimum,
and the variants (several boards at once, the adversarial host).

Every command plays on the current game's lists by default, on any list shipped with sleuth
with ``--list``, and on any files with ``--answers``/``--guesses``; each says which lists it used.
"""

from __future__ import annotations

import contextlib
import select
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.console import Console, JustifyMethod
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from sleuth.cli import GROUPS
from sleuth.cli.common import (
    Bar,
    compile_notice,
    fail,
    new_console,
    one_line,
    reachable_cluster,
    writable_option,
)
from sleuth.core.errors import NoStrategy
from sleuth.core.game import Game
from sleuth.core.strategies import GREEDY_METRICS, STRATEGIES, get
from sleuth.games.wordle.game import (
    ATTEMPTS,
    Opening,
    cached_first,
    counted_guesses,
    game_from,
)
from sleuth.games.wordle.hardmode import is_hard
from sleuth.games.wordle.hint import EXACT_SECONDS, HintSession, Report
from sleuth.games.wordle.lists import LENGTH, Lists, load_lists
from sleuth.games.wordle.openers import FirstGuess, Sweep
from sleuth.games.wordle.ranking import TOTAL, Row, figure
from sleuth.games.wordle.ratings import EXACT, OBJECTIVES, RANKINGS
from sleuth.words import feedback as fb

app = typer.Typer(rich_markup_mode="markdown", help=GROUPS["wordle"][1], no_args_is_help=True)

TILE = {fb.RIGHT: "bold bright_white on green", fb.PRESENT: "bold black on yellow",
        fb.ABSENT: "bold bright_white on bright_black"}  # ANSI colours: right on any terminal

AnswersOpt = Annotated[Path | None, typer.Option(
    "--answers", metavar="FILE",
    help="Answers (possible secrets), one word a line; default: those of --list.")]
GuessesOpt = Annotated[Path | None, typer.Option(
    "--guesses", metavar="FILE",
    help="Accepted guesses, one word a line; default: those of --list.")]
ListOpt = Annotated[str | None, typer.Option(
    "--list", metavar="NAME", help="Answers and guesses shipped with sleuth, by name (see "
    "`sleuth lists`), e.g. wordle-original; default: the current game's, "
    "wordle-nyt-2023-07-01 (at another --length: the built-in dictionary).")]
LengthOpt = Annotated[int, typer.Option(min=2, max=fb.MAX_LENGTH, help="Letters in a word.")]
AttemptsOpt = Annotated[int, typer.Option(min=1, help="Guesses allowed a game.")]
PriorOpt = Annotated[str, typer.Option(
    metavar="NAME", help="How likely each answer is taken to be: uniform (all alike), "
    "frequency (common words likelier) or learned (from the --past answers).")]
PastOpt = Annotated[Path | None, typer.Option(
    "--past", metavar="FILE", help="Past answers, one word a line (for --prior learned and "
    "--exclude-past).")]
ExcludeOpt = Annotated[bool, typer.Option(
    "--exclude-past", help="Drop past answers: the game does not repeat them.")]
HardOpt = Annotated[bool, typer.Option(
    "--hard", help="Hard mode: every guess keeps the greens and uses the yellows.")]
StrategyOpt = Annotated[list[str] | None, typer.Option(
    "--strategy", "-s", metavar="NAME", help="Strategy, repeatable (default: entropy, minimax, "
    "expected and parts): entropy, minimax, expected, parts, their -candidates variants "
    "(guessing only possible answers), letter-frequency, green-yellow, or optimal (the exact "
    "tree after the first guess; searched once, then cached).")]
FirstOpt = Annotated[str | None, typer.Option(
    "--first", help="First guess. Default: the proven best opener of the lists in use (the "
    "published exact optimum: SALET on wordle-original, TARSE on the current lists), else the "
    "best by expected remaining (a heuristic); each command says which.")]
OwnFirstOpt = Annotated[bool, typer.Option(
    "--own-first", help="Let each strategy choose its own first guess instead.")]


def _opening(game: Game, first: str | None) -> FirstGuess:
    """The first guess the options ask for: ``--first``, else the default (the proven best
    opener, else the heuristic's), with the objective it serves."""
    from sleuth.games.wordle.openers import default_opener

    if first is None:
        return default_opener(game)
    word = first.strip().lower()
    _first(game, word)
    return FirstGuess(word, "your choice", "--first")


def _opening_line(console: Console, opening: FirstGuess) -> None:
    """Say which first guess is played, and the objective it serves."""
    console.print(f"first guess {escape(opening.describe())}", highlight=False)


def _rankings() -> str:
    """The rankings and what each optimises, for the help.

    >>> _rankings()
    'expected (expected remaining), entropy, worst (worst case), green-yellow (seed 004)'
    """
    return ", ".join(name if objective == name else objective
                     if objective.startswith(f"{name} (") else f"{name} ({objective})"
                     for name, objective in OBJECTIVES.items())


def _words_of(path: Path | None, length: int) -> list[str] | None:
    if path is None:
        return None
    from sleuth.games.wordle.lists import read_list

    return list(read_list(path, length))


def make_game(answers: Path | None = None, guesses: Path | None = None,
              list_name: str | None = None, *,
              length: int = LENGTH, attempts: int = ATTEMPTS, prior: str = "uniform",
              past: Path | None = None, exclude_past: bool = False, hard: bool = False,
              scoring: str = "guesses") -> tuple[Game, Lists]:
    """The game the options describe, and its lists; raises ``typer.Exit`` on bad input."""
    compile_notice(30, "sleuth.words.feedback", "sleuth.core.split")
    try:
        lists = load_lists(answers, guesses, list_name=list_name, length=length)
        past_words = _words_of(past, length)
        game = game_from(lists, attempts=attempts, prior=prior, past=past_words,
                         exclude_past=exclude_past, hard=hard, scoring=scoring)
    except (ValueError, OSError) as error:
        raise fail(str(error)) from error
    return game, lists


def _lists_line(console: Console, game: Game, lists: Lists) -> None:
    console.print(f"[dim]{len(game.secrets)} answers, {len(game.guesses)} guesses "
                  f"({escape(lists.source)})[/]", highlight=False)


def tiles(word: str, code: int, console: Console) -> Text:
    """A guess coloured like the game on a terminal, else the word and the squares."""
    marks = fb.digits(code, len(word))
    if not console.is_terminal:
        return Text(f"{word.upper()} {fb.to_text(code, len(word), 'squares')}")
    text = Text()
    for letter, mark in zip(word.upper(), marks, strict=True):
        text.append(f" {letter} ", style=TILE[mark])
        text.append(" ")
    return text


#: The strategies that play Wordle (not Lingo's own: tournament, maxscore, prepared).
WORDLE_STRATEGIES = (*GREEDY_METRICS, *(f"{metric}-candidates" for metric in GREEDY_METRICS),
                     "letter-frequency", "green-yellow", "optimal")


def _wordle_strategies(names: Iterable[str]) -> None:
    """Refuse, before any list is loaded, a strategy name that does not play Wordle."""
    for name in names:
        if name not in WORDLE_STRATEGIES:
            kind = "Lingo-only strategy" if name in STRATEGIES else "unknown strategy"
            raise fail(f"{kind} {name!r}; choose one of {', '.join(WORDLE_STRATEGIES)}")


def _strategy(name: str):
    _wordle_strategies([name])
    return get(name)


def _player(name: str, game: Game, first: str, console: Console):
    """A strategy by name; ``optimal`` is the exact tree after ``first``, searched once and
    cached."""
    if name != "optimal":
        return _strategy(name)
    from sleuth.core.tree import TreePlayer
    from sleuth.solve.greedy import Greedy

    return TreePlayer(_optimal_tree(game, first, console), f"optimal after {first.upper()}",
                      Greedy("entropy"))


def _optimal_tree(game: Game, first: str, console: Console):
    """The exact tree after ``first``: from the tree cache, else searched and cached there."""
    from sleuth.core import treefile
    from sleuth.core.storage import cache_dir
    from sleuth.core.tree import from_labels
    from sleuth.games.wordle.game import game_key
    from sleuth.solve.export import document

    path = cache_dir() / f"wordle-tree-{game_key(game, 'optimal', first)}.json"
    try:
        return from_labels(game, treefile.read(path)["tree"])
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as error:  # an older sleuth's file, or a broken one
        console.print(f"cached tree {escape(str(path))} not used ({escape(str(error))}); "
                      "searching again", highlight=False)
    result = _search(game, first, None, console, None)
    with contextlib.suppress(OSError):  # an unwritable cache only costs the search next time
        treefile.write(path, document(game, result.tree, first=first))
    return result.tree


def _first(game: Game, first: str | None) -> int | None:
    if first is None:
        return None
    try:
        return game.guess_index(first.strip().lower())
    except ValueError as error:
        raise fail(str(error)) from error


# --------------------------------------------------------------------------- hint


def suggestion_table(report: Report) -> Table:
    """The best next guesses as a table: the optimal one first (``opt``), then the rest by the
    report's ranking."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"), ("guess", "left"), ("expected left", "right"), ("bits", "right"),
        ("green-yellow", "right"), ("answer?", "right"), ("worst", "right"))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    rows = [("opt", report.optimal_rating)] if report.optimal_rating else []
    rows += [(str(i), r) for i, r in enumerate(report.suggestions, 1)]
    for mark, r in rows:
        word = f"[bold]{r.word.upper()}[/]" if r.candidate else r.word.upper()
        table.add_row(mark, word, f"{r.expected:.2f}", f"{r.entropy:.2f}",
                      f"{r.green_yellow:.2f}", percent(r.chance), str(r.worst),
                      style="green" if mark == "opt" else None)
    return table


def percent(chance: float) -> str:
    """A chance as a short percentage ('-' for none).

    >>> percent(0.5), percent(1 / 2315), percent(0)
    ('50.0%', '0.04%', '-')
    """
    if not chance:
        return "-"
    return f"{100 * chance:.1f}%" if chance >= 0.001 else f"{100 * chance:.2f}%"


def show_report(console: Console, report: Report, since: Report | None = None, *,
                hints: bool = True) -> None:
    """Print a hinter report: messages, the board, what is left and (``hints``) the best next
    guesses. After the report ``since``: only the new guesses, and without ``hints`` only a
    question or a count that changed."""
    for note in report.notes:
        for line in note.splitlines():
            console.print(escape(one_line(line)), highlight=False)
    if report.error:
        console.print(f"[red]✗ {escape(one_line(report.error))}[/]", highlight=False)
    shown = 0 if since is None else min(len(since.turns), len(report.turns))
    for turn in report.turns[shown:]:
        console.print(tiles(turn.word, turn.code, console))
    if report.solved:
        console.print(f"[green]Solved in {len(report.turns)}: {report.solved.upper()}[/]")
        return
    quiet = since is not None and not hints
    if report.waiting and not (quiet and since and report.waiting == since.waiting):
        console.print(f"[cyan]{escape(report.waiting)}[/]", highlight=False)
    if quiet and since and (len(report.turns), report.remaining, report.hard) == (
            len(since.turns), since.remaining, since.hard):
        return
    mode = " [dim](hard mode)[/]" if report.hard else ""
    if report.remaining == 1 and report.answers:
        console.print(f"The answer is [bold green]{report.answers[0].upper()}[/]{mode}")
        return
    console.print(f"[bold]{report.remaining}[/] answers left{mode}")
    if hints:
        _show_hints(console, report)


def _show_hints(console: Console, report: Report) -> None:
    """The answers left (when few), the optimal next guess and the table of proposals."""
    if report.answers:
        console.print("  " + " ".join(w.upper() for w in report.answers), highlight=False)
    best = report.optimal
    if best:
        which = "first" if not report.turns else "next"
        limit = "" if best.capped else " [yellow](not all within the attempts left)[/]"
        worst = "" if best.worst is None else f", at most {best.worst}"
        console.print(f"Optimal {which} guess: [bold]{best.word.upper()}[/], {best.mean:.3f} "
                      f"guesses on average from here{worst}{limit} [dim]({escape(best.source)}"
                      ", each answer counted once)[/]", highlight=False)
    if report.suggestions or report.optimal_rating:
        console.print(suggestion_table(report))
        opt = "opt: the optimal guess; " if report.optimal_rating else ""
        console.print(f"[dim]{opt}numbered: ranked by {report.ranked_by}; bold: could be the "
                      "answer[/]")


def _more_lines() -> list[str]:
    """Lines already typed or pasted after the current one (a pasted grid comes at once)."""
    lines = []
    try:
        while select.select([sys.stdin], [], [], 0.05)[0]:
            line = sys.stdin.readline()
            if not line:
                break
            lines.append(line)
    except (OSError, ValueError):
        pass
    return lines


def _read_line(interactive: bool) -> str | None:
    try:
        return input("> " if interactive else "")
    except EOFError:
        return None


def run_session(session: HintSession, console: Console, interactive: bool) -> int:
    """Read lines until ``quit`` or the end of input. At a terminal each line (or pasted block)
    is answered with its new guesses, what is left and the hints; piped input prints only
    what each line changed, and the hints once, at the end."""
    start = last = session.report()
    if interactive:
        show_report(console, start)
    while not last.quit and (line := _read_line(interactive)) is not None:
        lines = [text for text in (line, *(_more_lines() if interactive else [])) if text.strip()]
        for i, text in enumerate(lines):
            hints = interactive and i == len(lines) - 1
            report = session.feed(text, quiet=not hints)
            if report.quit:
                last = report
                break
            show_report(console, report, last, hints=hints)
            last = report
    if not interactive and not session.solved:
        end = session.report()
        if last is start:
            show_report(console, end)
        elif end.remaining > 1:
            _show_hints(console, end)
    return 0



class Objective(StrEnum):
    """What ``wordle optimal`` minimises."""

    mean = "mean"
    worst = "worst"


@app.command()
def hint(
    played: Annotated[list[str] | None, typer.Argument(
        help="Guesses and their colours, e.g. crane:01200 moist:bgbbg (then print the hints "
        "and exit).")] = None,
    hard: HardOpt = False,
    top: Annotated[int, typer.Option(min=1, help="How many guesses to propose.")] = 10,
    show: Annotated[int, typer.Option(
        min=0, help="List the answers left when there are at most this many.")] = 20,
    rank: Annotated[str, typer.Option(
        metavar="NAME", help=f"Rank the proposals after the optimal guess by {_rankings()}.")]
    = "expected",
    candidates_only: Annotated[bool, typer.Option(
        "--candidates-only", help="Propose only words that can still be the answer.")] = False,
    exact: Annotated[int, typer.Option(
        min=0, help="Find the exact optimal next guess when at most this many answers are "
        "left (0: never; normal mode only).")] = 250,
    exact_time: Annotated[float, typer.Option(
        "--exact-time", min=0.01, metavar="SECONDS", help="Seconds that exact search may take "
        "after each guess entered; past them, the guesses are ranked by --rank alone.")]
    = EXACT_SECONDS,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
    prior: PriorOpt = "uniform",
    past: PastOpt = None,
    exclude_past: ExcludeOpt = False,
) -> None:
    """Hints: type what you played and the colours; get the answers left and the best guesses.

    The optimal guess comes first (before any guess: the published best opener of the lists),
    then the best by --rank. Colours: 01200 (2 green, 1 yellow, 0 grey), bygbb (g/y/b), OX?XX,
    or the squares of a shared result (with or without the words). Commands: undo, new,
    hard on|off, all, help, quit. Piped input prints what each line changed, then the hints.

    ```
    sleuth wordle hint                       # then type: crane 01200
    sleuth wordle hint crane:bybbb moist:bbbbb --list wordle-original
    ```
    """
    console = new_console()
    game, lists = make_game(answers, guesses, list_name, length=length, prior=prior, past=past,
                            exclude_past=exclude_past)
    try:
        session = HintSession(game, hard=hard, top=top, show=show, rank=rank, exact=exact,
                              exact_seconds=exact_time, candidates_only=candidates_only)
    except ValueError as error:
        raise fail(str(error)) from error
    try:
        if played:
            _hint_once(console, session, played, lambda: _lists_line(console, game, lists))
            return
        interactive = sys.stdin.isatty()
        _lists_line(console, game, lists)  # piped input too: every command names its lists
        if interactive:
            console.print("[dim]Type a guess and its colours (crane 01200, crane bygbb, or "
                          "paste the squares); `help` for more, `quit` to leave.[/]")
        raise typer.Exit(run_session(session, console, interactive))
    finally:
        session.close()


def _hint_once(console: Console, session: HintSession, played: list[str],
               heading: Callable[[], None]) -> None:
    """Apply every item given as an argument, then print ``heading`` and the hints; an item
    that cannot be applied (unreadable, contradicted, or a word without its colours) is an
    error, and nothing else is printed."""
    notes: list[str] = []
    for item in played:
        report = session.feed(item, quiet=True)
        if report.error:
            raise fail(f"{item}: {report.error}")
        notes += report.notes
    if session.words:
        words = ", ".join(w.upper() for w in session.words)
        raise fail(f"no colours for {words}: give each word its colours, e.g. crane:01200 or "
                    "crane:bygbb")
    if session.codes:
        rows = " ".join(fb.to_text(c, session.length, "squares") for c in session.codes)
        raise fail(f"no word for the colours {rows}: give the words played after them")
    heading()
    show_report(console, session.report(notes=notes))


# --------------------------------------------------------------------------- solve


@app.command()
def solve(
    word: Annotated[str, typer.Argument(help="The secret word.")],
    strategy: Annotated[str, typer.Option(
        "--strategy", "-s", metavar="NAME", help="Strategy after the first guess: one of "
        "`sleuth wordle bench --help`, or optimal (the exact tree). Default: parts, the "
        "strongest greedy one on the original lists.")] = "parts",
    first: FirstOpt = None,
    own_first: OwnFirstOpt = False,
    hard: HardOpt = False,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
    attempts: AttemptsOpt = ATTEMPTS,
) -> None:
    """Play one game against WORD and show the path, coloured like the game.

    It says which first guess it plays and why (the exact optimum, a heuristic or yours).
    """
    console = new_console()
    secret = word.strip().lower()
    if len(secret) != length or not (secret.isascii() and secret.isalpha()):
        raise fail(f"{word!r} is not a {length}-letter word")
    _wordle_strategies([strategy])
    game, lists = make_game(answers, guesses, list_name, length=length, attempts=attempts,
                            hard=hard)
    if secret not in game.secret_labels:
        raise fail(f"{secret!r} is not in the answer list ({lists.source}); pass --answers "
                    "or --list")
    _lists_line(console, game, lists)
    started = time.perf_counter()
    chosen = _opened(strategy, game, first, own_first, console)
    pos = game.start()
    index = game.secret_labels.index(secret)
    while game.outcome(pos) is None:
        guess = chosen.choose(game, pos)
        code = int(game.codes(guess, np.array([index]))[0])
        pos = game.after(pos, guess, code)
        left = pos.candidates.size
        after = "" if code == game.solved else f"  [dim]{left} answer{'s' * (left != 1)} left[/]"
        console.print(Text.assemble(tiles(game.guess_labels[guess], code, console)), end="")
        console.print(after)
    won = game.outcome(pos)
    seconds = time.perf_counter() - started
    verdict = f"solved in {pos.cost}" if won else f"not solved in {attempts}"
    mode = ", hard mode" if hard else ""
    console.print(f"{secret.upper()}: {verdict} ({chosen.name}{mode}, {seconds:.1f} s)")


def _opened(name: str, game: Game, first: str | None, own: bool, console: Console):
    """The strategy ``name`` after its first guess (``--first``, else the default; its own
    with ``own``), the first guess and its objective printed."""
    if own and first is not None:
        raise fail("give --first or --own-first, not both")
    strategy = None if name == "optimal" else _strategy(name)
    if own and strategy is not None:
        guess = cached_first(game, strategy)
        console.print(f"first guess {game.guess_labels[guess].upper()}: {name}'s own choice",
                      highlight=False)
        return Opening(guess, strategy)
    opening = _opening(game, first)
    _opening_line(console, opening)
    if strategy is None:
        return _player(name, game, opening.word, console)
    return Opening(game.guess_index(opening.word), strategy)


# --------------------------------------------------------------------------- bench


def histogram(dist: dict[int, int], failures: int, width: int = 40) -> list[str]:
    """A terminal histogram of games per number of guesses (and failures), one bar a line."""
    rows = [(str(k), v) for k, v in sorted(dist.items())]
    if failures:
        rows.append(("X", failures))
    top = max((v for _, v in rows), default=1)
    return [f"{k:>2} {'█' * max(1, round(width * v / top)) if v else '':<{width}} {v}"
            for k, v in rows]


def _bench_row(name: str, first: str, result, seconds: float, attempts: int) -> list[str]:
    """A strategy's row: its first guess, mean and total guesses (a failed game counted as
    attempts + 1), games per number of guesses, failures, worst case and time."""
    dist = result.distribution()
    counted = counted_guesses(result)
    return [name, first.upper(), f"{counted.mean():.4f}", str(int(counted.sum())),
            *(str(dist.get(a, 0)) for a in range(1, attempts + 1)),
            str(result.failures), str(result.worst if not result.failures else "X"),
            f"{seconds:.1f}"]


@app.command()
def bench(
    strategy: StrategyOpt = None,
    first: FirstOpt = None,
    own_first: OwnFirstOpt = False,
    tree: Annotated[list[Path] | None, typer.Option(
        metavar="FILE", help="Also score a saved decision tree (from `sleuth wordle optimal`); "
        "repeatable.")] = None,
    hard: HardOpt = False,
    plot: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Draw the distributions into FILE (.png, .svg or .pdf); none "
        "without it.")] = None,
    no_plot: Annotated[bool, typer.Option("--no-plot", help="Draw no plot (the default).")]
    = False,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
    attempts: AttemptsOpt = ATTEMPTS,
    prior: PriorOpt = "uniform",
    scoring: Annotated[str, typer.Option(
        metavar="NAME", help="guesses (the fewest), or lingo: also the points of Lingo's "
        "rules, 100 x (6 - guesses) a game solved.")] = "guesses",
) -> None:
    """Play every answer with several strategies after one first guess: mean and total
    guesses (a failed game counts attempts + 1), distribution, failures, worst, time."""
    from sleuth.cli import plots
    from sleuth.core.tree import evaluate

    console = new_console()
    if own_first and first is not None:
        raise fail("give --first or --own-first, not both")
    names = strategy or ["entropy", "minimax", "expected", "parts"]
    _wordle_strategies(names)  # every name checked before any list is loaded
    plot = None if no_plot or plot is None else plots.plot_path(plot)
    game, lists = make_game(answers, guesses, list_name, length=length, attempts=attempts,
                            prior=prior, hard=hard, scoring=scoring)
    opening = None if own_first else _opening(game, first)
    trees = [(f"tree {path.name}", _tree_strategy(game, path)) for path in tree or []]
    _lists_line(console, game, lists)
    if opening is not None:
        _opening_line(console, opening)
    runs = [(name, _bench_player(name, game, opening, console)) for name in names]
    mode = "hard mode" if hard else "normal mode"
    start = "each strategy's own first guess" if opening is None else \
        f"first guess {opening.word.upper()} ({opening.objective})"
    table = Table(title=f"Wordle, {mode}, every answer ({len(game.secrets)}), {start}",
                  caption=f"mean and total count a failed game (X) as {attempts + 1} guesses")
    columns = ["strategy", "first", "mean", "total", *map(str, range(1, attempts + 1)), "X",
               "worst", "seconds"]
    if scoring == "lingo":
        columns.insert(4, "points")
    for column in columns:
        table.add_column(column, justify="left" if column in ("strategy", "first") else "right",
                         no_wrap=True)
    results: list[tuple[str, dict[int, int], int]] = []
    for name, strat in [*runs, *trees]:
        started = time.perf_counter()
        with Bar(console, name, len(game.secrets)) as bar:
            result = evaluate(game, strat, progress=bar.advance)
        seconds = time.perf_counter() - started
        row = _bench_row(name, game.guess_labels[strat.choose(game, game.start())], result,
                         seconds, attempts)
        if scoring == "lingo":
            row.insert(4, f"{result.mean_score():.2f}")
        table.add_row(*row)
        results.append((name, result.distribution(), result.failures))
    console.print(table)
    for name, dist, failures in results:
        console.print(f"[bold]{escape(name)}[/]")
        for line in histogram(dist, failures):
            console.print(line)
    if plot is not None:
        title = f"Wordle {mode}: guesses per answer ({len(game.secrets)} answers)"
        plots.written(console, plot, lambda path: plots.distributions(results, path, title))


def _bench_player(name: str, game: Game, opening: FirstGuess | None, console: Console):
    """The strategy ``name`` after the first guess ``opening`` (None: its own; the exact tree
    then starts with the default first guess)."""
    if name == "optimal":
        return _player(name, game, (opening or _opening(game, None)).word, console)
    strategy = _strategy(name)
    guess = cached_first(game, strategy) if opening is None else game.guess_index(opening.word)
    return Opening(guess, strategy)


# --------------------------------------------------------------------------- trees


def _tree_strategy(game: Game, path: Path):
    """Play the tree file at ``path`` (greedy entropy off the tree); one line if it is none."""
    from sleuth.core import treefile
    from sleuth.core.tree import TreePlayer, from_labels
    from sleuth.solve.greedy import Greedy
    from sleuth.words.wordlist import read_file

    try:
        root = from_labels(game, treefile.parse(treefile.loads(read_file(path, "decision tree")))
                           ["tree"])
    except OSError as error:
        raise fail(f"--tree {path}: {error.strerror or error}") from None
    except ValueError as error:
        raise fail(f"--tree {path}: {error}") from None
    return TreePlayer(root, f"tree {path.name}", Greedy("entropy"))


# --------------------------------------------------------------------------- openers


@app.command()
def openers(
    by: Annotated[str, typer.Option(metavar="NAME", help=f"Rank by {_rankings()}.")] = "expected",
    top: Annotated[int, typer.Option(min=1, help="How many openers to list.")] = 20,
    exact: Annotated[int, typer.Option(
        min=0, metavar="N", help="Play every answer after the default first guess and the best "
        "N openers for their exact mean (0: none).")] = 5,
    strategy: Annotated[str, typer.Option(
        "--strategy", "-s", metavar="NAME", help="How the rest is played for the exact mean: "
        "a strategy of `sleuth wordle bench --help`, or optimal (the exact search; slow).")]
    = "entropy",
    hard: HardOpt = False,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
    attempts: AttemptsOpt = ATTEMPTS,
    prior: PriorOpt = "uniform",
    plot: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Draw the openers' ratings and exact means into FILE (.png, .svg "
        "or .pdf); none without it.")] = None,
) -> None:
    """Rank every accepted guess as a first guess, then score the best few exactly.

    The default first guess (the proven best opener of the lists, when published) comes
    first, then the ranking by expected remaining, entropy, worst case or green-yellow; the
    exact mean plays every answer after the default and the best --exact openers with a
    strategy (or optimally), counting a failed game as attempts + 1, as `bench` does.
    """
    from sleuth.cli import plots
    from sleuth.games.wordle.openers import opener_table, rank_openers

    if by not in RANKINGS:
        raise fail(f"unknown ranking {by!r}; choose one of {', '.join(RANKINGS)}")
    _wordle_strategies([strategy])
    plot = None if plot is None else plots.plot_path(plot)
    console = new_console()
    game, lists = make_game(answers, guesses, list_name, length=length, attempts=attempts,
                            prior=prior, hard=hard)
    _lists_line(console, game, lists)
    follow = None if strategy == "optimal" else _strategy(strategy)
    started = time.perf_counter()
    stats = opener_table(game)
    order = rank_openers(stats, by)
    opening = _opening(game, None)
    console.print(f"[dim]{len(order)} openers rated in {time.perf_counter() - started:.1f} s[/]")
    _opening_line(console, opening)
    console.print(_openers_table(game, stats, order[: top + 1], top, opening, by))
    picks = list(dict.fromkeys([opening.word, *(game.guess_labels[int(stats["index"][row])]
                                                for row in order[:exact])])) if exact else []
    scored = [_exact_opener(game, word, follow, console) for word in picks]
    if scored:
        console.print(_exact_table(scored, len(game.secrets), strategy, attempts))
    if plot is not None:
        ranked = [(game.guess_labels[int(stats["index"][row])], float(stats[by][row]))
                  for row in order[:top]]
        means = [(word, total / len(game.secrets)) for total, word, *_ in scored]
        title = f"Wordle first guesses ({'hard' if hard else 'normal'} mode)"
        plots.written(console, plot, lambda path: plots.opener_scores(
            ranked, OBJECTIVES[by], path, title, means, f"every answer played, then {strategy}"))


def _exact_table(scored: list[tuple[int, str, int, int, float]], answers: int, strategy: str,
                 attempts: int) -> Table:
    """The openers played over every answer (total, word, worst, failed, seconds), best first."""
    table = Table(title=f"Exact over every answer, then {strategy}",
                  caption=f"a failed game counts {attempts + 1} guesses, as in `bench`")
    for column in ("guess", "total", "mean", "worst", "failed", "seconds"):
        table.add_column(column, justify="left" if column == "guess" else "right")
    for total, word, worst, failed, seconds in sorted(scored):
        table.add_row(word.upper(), str(total), f"{total / answers:.4f}", str(worst),
                      str(failed), f"{seconds:.1f}")
    return table


def _openers_table(game: Game, stats: dict[str, np.ndarray], rows: np.ndarray, top: int,
                   opening: FirstGuess, by: str) -> Table:
    """The ``top`` best openers by ``by`` (of ``rows``, best first), after the proven best
    opener (``opt``) when there is one."""
    proven = opening.objective == EXACT
    first = np.flatnonzero(stats["index"] == game.guess_index(opening.word))[:1]
    table = Table(title=(f"opt: {opening.objective}; " if proven else "")
                  + f"ranked by {OBJECTIVES[by]} (of {len(stats['index'])})")
    for column in ("#", "guess", "expected left", "bits", "worst", "classes", "green-yellow",
                   "answer?"):
        table.add_column(column, justify="left" if column == "guess" else "right")
    marked = [("opt", int(first[0]))] if proven and first.size else []
    rest = [int(row) for row in rows if not marked or row != marked[0][1]]
    numbered = [(str(rank), row) for rank, row in enumerate(rest[:top], 1)]
    for mark, row in [*marked, *numbered]:
        word = game.guess_labels[int(stats["index"][row])]
        table.add_row(mark, word.upper(), f"{stats['expected'][row]:.2f}",
                      f"{stats['entropy'][row]:.3f}", str(stats["worst"][row]),
                      str(stats["classes"][row]), f"{stats['green-yellow'][row]:.3f}",
                      "yes" if stats["chance"][row] else "",
                      style="green" if mark == "opt" else None)
    return table


def _exact_opener(game: Game, word: str, follow, console: Console
                  ) -> tuple[int, str, int, int, float]:
    """Every answer played after ``word`` then ``follow`` (None: the exact search): total
    guesses (a failed game counted as attempts + 1), the word, worst, failures, seconds."""
    from sleuth.core.tree import evaluate

    started = time.perf_counter()
    if follow is None:
        result = _search(game, word, None, console, None)
        return result.total, word, result.worst, 0, time.perf_counter() - started
    with Bar(console, word, len(game.secrets)) as bar:
        played = evaluate(game, Opening(game.guess_index(word), follow), progress=bar.advance)
    return (int(counted_guesses(played).sum()), word, played.worst, played.failures,
            time.perf_counter() - started)


# --------------------------------------------------------------------------- optimal


def _search(game: Game, first: str | None, cluster: str | None, console: Console,
            workers: int | None, objective: str = "mean"):
    """The exact search of :mod:`sleuth.solve.search` for the objective (least total guesses,
    or fewest guesses that always suffice), with a progress bar."""
    try:
        from sleuth.solve.search import optimal_mean, optimal_worst
    except ImportError as error:
        raise fail(f"the exact search is not available ({error})") from error
    label = f"optimal after {first.upper()}" if first else "optimal"
    compile_notice(20, "sleuth.solve.kernels")
    try:
        with Bar(console, label, unit="classes") as bar:
            if objective == "worst":
                return optimal_worst(game, first_guess=first, progress=bar, cluster=cluster,
                                     workers=workers, limit=game.max_cost)
            return optimal_mean(game, first_guess=first, max_guesses=game.max_cost,
                                progress=bar, cluster=cluster, workers=workers)
    except NoStrategy as error:
        mode = " in hard mode" if is_hard(game) else ""
        if first:
            raise fail(f"{first.upper()} cannot always win{mode}: no strategy that opens with "
                       f"it finds every answer within {game.max_cost} guesses") from error
        raise fail(f"no strategy{mode} finds every answer within {game.max_cost} guesses") \
            from error
    except ValueError as error:
        raise fail(str(error)) from error
    except KeyboardInterrupt:
        raise fail("interrupted: the search and its workers were stopped", 130) from None


@app.command()
def optimal(
    first: Annotated[str | None, typer.Option(
        help="Fix the first guess. Default: the proven best opener of the lists in use (the "
        "published exact optimum: SALET on wordle-original, TARSE on the current lists), "
        "whose published total the search then checks; on other lists every opener is "
        "searched.")] = None,
    hard: HardOpt = False,
    objective: Annotated[Objective, typer.Option(
        help="mean: the least total guesses over every answer; worst: the fewest guesses that "
        "always suffice (proven over every opener unless --first fixes one), with a tree "
        "that does it.")] = Objective.mean,
    cluster: Annotated[str | None, typer.Option(
        metavar="ADDRESS", help="Run the search on the Dask scheduler at ADDRESS "
        "(tcp://host:8786) instead of local processes.")] = None,
    workers: Annotated[int | None, typer.Option(
        min=1, help="Worker processes (default: one per CPU core); with --all each searches "
        "its own opener.")] = None,
    out: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Write the tree to FILE, in the format its suffix names: .json (or "
        ".json.gz), .dot, .txt or .svg (drawn by Graphviz); default: "
        "wordle-optimal-FIRST.json (wordle-optimal-hard-FIRST.json with --hard).")] = None,
    every: Annotated[bool, typer.Option(
        "--all", help="Every opener ranked: each first guess searched in turn (most promising "
        "first), the --top best to their exact totals and every other one only until it is "
        "proven worse than them (a lower bound); recorded in --results and resumed from "
        "it. With --objective worst: the fewest guesses that always suffice, each opener "
        "searched until it needs more than the best so far less one.")] = False,
    results: Annotated[Path | None, typer.Option(
        metavar="FILE", help="With --all: the file recording each opener searched, from which "
        "a rerun resumes; default: wordle-openers.jsonl (wordle-openers-hard.jsonl with "
        "--hard; wordle-worst-openers.jsonl with --objective worst).")] = None,
    limit: Annotated[int | None, typer.Option(min=1, help="With --all: stop after N openers.")]
    = None,
    top: Annotated[int | None, typer.Option(
        metavar="N", help="With --all: how many of the best openers get exact totals (and every "
        "one tying the N-th); default 100. A rerun with a larger N searches again the openers "
        "whose bound no longer ranks them below.")] = None,
    ranking: Annotated[Path | None, typer.Option(
        metavar="FILE", help="With --all: write the whole ranking to FILE at the end (Markdown: "
        "rank, guess, exact total or proven bound, or cannot win).")] = None,
    compare: Annotated[Path | None, typer.Option(
        metavar="PUBLISHED", help="With --all: compare the ranking with a published one (lines "
        "'word total' or 'word mean total', Infinity for an opener that cannot win, as in "
        "alex1770/wordle's result files) and count where they agree and differ.")] = None,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
    attempts: AttemptsOpt = ATTEMPTS,
) -> None:
    """The exact optimal decision tree: the least total guesses over every answer.

    Without --first it searches the tree after the proven best opener of the lists (SALET on
    wordle-original) and checks its total against the published one; on lists with no
    published optimum, every opener. --all ranks every opener: the --top best (default 100)
    get exact totals, every other one is cut as soon as it is proven worse than them.

    ```
    sleuth wordle optimal --list wordle-original          # 7920 after SALET
    sleuth wordle optimal --list wordle-original --hard   # 8122
    sleuth wordle optimal --objective worst               # fewest guesses that always suffice
    sleuth wordle optimal --objective worst --all         # the same, resumable
    sleuth wordle optimal --list wordle-original --all --ranking openers.md
    ```
    """
    from sleuth.games.wordle.openers import proven_opener
    from sleuth.solve.export import tree_format, write_tree

    console = new_console()
    worst = objective is Objective.worst
    if every:
        kind = "worst-openers" if worst else "openers"
        path = writable_option(results or Path(f"wordle-{kind}{'-hard' * hard}.jsonl"),
                               "--results")
        if worst and (top is not None or ranking is not None or compare is not None):
            raise fail("--top, --ranking and --compare rank openers by their least total: "
                       "not with --objective worst")
        outputs = _sweep_outputs(top, ranking, compare)
    elif top is not None or ranking is not None or compare is not None:
        raise fail("--top, --ranking and --compare go with --all")
    if not every or worst:
        try:
            tree_format(out or "tree.json")
        except ValueError as error:
            raise fail(f"--out: {error}") from None
        writable_option(out or Path(f"wordle-optimal{'-hard' * hard}.json"), "--out")
    reachable_cluster(cluster)
    game, lists = make_game(answers, guesses, list_name, length=length, attempts=attempts,
                            hard=hard)
    _lists_line(console, game, lists)
    if every and worst:
        best = _worst_sweep(game, path, limit, (cluster, workers), console)
        _worst(game, best, out, lists.source, hard, (cluster, workers), console)
        return
    if every:
        _sweep(game, path, limit, (cluster, workers), console, outputs)
        return
    if worst:
        _worst(game, first and _opening(game, first).word, out, lists.source, hard,
               (cluster, workers), console)
        return
    word = first and _opening(game, first).word
    proven = proven_opener(game)
    if word is None and proven is not None:
        word = proven.word
        _opening_line(console, proven)
        console.print("[dim]its tree is searched; --all searches every opener[/]")
    elif word is None:
        console.print("no published optimum for these lists: every opener is searched")
    result = _search(game, word, cluster, console, workers)
    n = len(game.secrets)
    dist = result.distribution()
    mode = "hard mode" if hard else "normal mode"
    console.print(f"[bold]{result.first_guess.upper()}[/] ({mode}): total {result.total} "
                  f"guesses over {n} answers, mean {result.total / n:.4f}, worst "
                  f"{result.worst}; {result.seconds:.1f} s, {result.nodes:,} nodes"
                  + ("" if result.exact else " [yellow](heuristic bound, not exact)[/]"))
    console.print("  " + ", ".join(f"{k}: {v}" for k, v in sorted(dist.items())))
    if proven is not None and proven.total is not None and proven.word == result.first_guess:
        agree = "agrees" if result.total == proven.total else "[red]differs[/]"
        console.print(f"published total {proven.total}: {agree}")
    path = out or Path(f"wordle-optimal{'-hard' * hard}-{result.first_guess}.json")
    try:
        write_tree(path, game, result.tree, first=result.first_guess, mode=mode,
                   lists=lists.source, seconds=round(result.seconds, 1))
    except (OSError, ValueError) as error:
        raise fail(f"cannot write {path}: {error}") from error
    console.print(f"tree: {path}")


def _worst(game: Game, word: str | None, out: Path | None, source: str, hard: bool,
           where: tuple[str | None, int | None], console: Console) -> None:
    """The fewest guesses that always suffice (after ``word``, or over every opener), its tree
    written to ``out``."""
    from sleuth.solve.export import write_tree

    result = _search(game, word, where[0], console, where[1], objective="worst")
    n, mode = len(game.secrets), "hard mode" if hard else "normal mode"
    scope = f"after {word.upper()}" if word else "over every opener"
    console.print(f"[bold]{result.worst}[/] guesses always suffice ({mode}, proven {scope}); "
                  f"a tree that does it opens with {result.first_guess.upper()}: total "
                  f"{result.total} over {n} answers; {result.seconds:.1f} s, "
                  f"{result.nodes:,} nodes")
    path = out or Path(f"wordle-worst{'-hard' * hard}-{result.first_guess}.json")
    try:
        write_tree(path, game, result.tree, first=result.first_guess, mode=mode, lists=source,
                   objective="worst", seconds=round(result.seconds, 1))
    except (OSError, ValueError) as error:
        raise fail(f"cannot write {path}: {error}") from error
    console.print(f"tree: {path}")


def _worst_sweep(game: Game, path: Path, limit: int | None,
                 where: tuple[str | None, int | None], console: Console) -> str:
    """The fewest guesses that always suffice, proven over every opener one at a time
    (resumable from ``path``); returns an opener that does it."""
    from sleuth.games.wordle.worst import WorstSweep, every_opener, worst_openers

    order = every_opener(game)
    order = order[:limit] if limit else order
    try:
        before = WorstSweep.load(path)
    except (OSError, ValueError) as error:
        raise fail(f"--results: {error}") from None
    todo = sum(not before.done(w) for w in order)
    console.print(f"{len(order) - todo} of {len(order)} openers already in {path}; {todo} to "
                  "search (each until it needs more than the best so far less one)")
    with Bar(console, "openers", len(order)) as bar:
        done = [len(order) - todo]
        bar(done[0], len(order))

        def note(word: str, sweep: WorstSweep) -> None:
            done[0] += 1
            bar(done[0], len(order))
            if word in sweep.worst:
                console.print(f"  {word.upper()}: {sweep.worst[word]} guesses always suffice")

        try:
            sweep = worst_openers(game, order, path, workers=where[1], cluster=where[0],
                                  on_result=note)
        except KeyboardInterrupt:
            raise fail(f"interrupted; resume with the same command ({path} keeps every "
                       "finished opener)", 130) from None
        except (ValueError, OSError) as error:
            raise fail(str(error)) from error
    if sweep.best is None:
        raise fail(f"no opener finds every answer within {game.max_cost} guesses ({path})")
    word, k = sweep.best
    scope = "every opener" if limit is None else f"the first {len(order):,} openers (--limit)"
    console.print(f"[bold]{k}[/] guesses always suffice, proven over {scope}: after none of "
                  f"the {len(order):,} is every answer found within {k - 1} ({path})")
    return word


@dataclass(frozen=True)
class SweepOutputs:
    """What ``optimal --all`` gives besides its journal: exact totals for the ``top`` best, the
    ranking file to write and the published ranking to compare with (read before any search)."""

    top: int = 100
    ranking: Path | None = None
    published: dict[str, int | None] | None = None
    source: Path | None = None


def _sweep_outputs(top: int | None, ranking: Path | None,
                   compare: Path | None) -> SweepOutputs:
    """The --all options checked before any search: --top at least 1, --ranking writable,
    --compare a published ranking that reads; else one line and exit 2."""
    from sleuth.games.wordle.ranking import read_published

    if top is not None and top < 1:
        raise fail(f"--top: {top} is not a number of openers (give 1 or more)")
    if ranking is not None:
        writable_option(ranking, "--ranking")
    published = None
    if compare is not None:
        try:
            published = read_published(compare)
        except (OSError, ValueError) as error:
            raise fail(f"--compare: {error}") from None
    return SweepOutputs(100 if top is None else top, ranking, published, compare)


def _sweep(game: Game, path: Path, limit: int | None, where: tuple[str | None, int | None],
           console: Console, outputs: SweepOutputs) -> None:
    """Every first guess, most promising first, through the exact search (resumable); once
    the ``top`` best are known, an opener that cannot match them is cut as soon as that is
    proven. Then the ranking: shown, written and compared as ``outputs`` ask."""
    from sleuth.games.wordle.openers import sweep_openers, sweep_order
    from sleuth.games.wordle.ranking import ranking

    order = sweep_order(game)
    order = order[:limit] if limit else order
    try:
        before = Sweep.load(path)
    except (OSError, ValueError) as error:
        raise fail(f"--results: {error}") from None
    todo = sum(not before.done(w, outputs.top) for w in order)
    again = sum(w in before.at_least for w in order if not before.done(w, outputs.top))
    console.print(f"{len(order) - todo} of {len(order)} openers already in {path}; "
                  f"{todo} to search" + (f" ({again} of them bounded before: searched again "
                                         f"unless still below the top {outputs.top})"
                                         if again else ""))
    with Bar(console, "openers", len(order)) as bar:
        searched = [len(order) - todo]
        bar(searched[0], len(order))

        def estimated(done: int, of: int) -> None:
            bar(done, of, "first openers put in order (greedy estimate)")

        def note(word: str, total: int | None, sweep: Sweep) -> None:
            searched[0] += 1
            bar(searched[0], len(order), "openers")
            console.print(f"  {word.upper()}: {_sweep_note(word, sweep, game.max_cost)}")

        try:
            sweep = sweep_openers(game, order, path, cluster=where[0], workers=where[1],
                                  on_result=note, on_estimate=estimated, top=outputs.top)
        except KeyboardInterrupt:
            raise fail(f"interrupted; resume with the same command ({path} keeps every "
                        "finished opener)", 130) from None
        except (ValueError, OSError) as error:
            raise fail(str(error)) from error
    rows = ranking(sweep)
    _sweep_summary(console, game, sweep, rows, path, outputs)
    _sweep_files(console, game, rows, outputs)


def _sweep_note(word: str, sweep: Sweep, attempts: int) -> str:
    """What the search found of ``word``, as the sweep goes: its total, its bound, or no win."""
    if word in sweep.fails:
        return f"cannot win within {attempts}"
    if word in sweep.at_least:
        return f"at least {sweep.at_least[word]} (cut)"
    best = sweep.best
    total = sweep.totals[word]
    return f"{total} (best so far)" if best is not None and best[1] == total else str(total)


def _sweep_summary(console: Console, game: Game, sweep: Sweep, rows: list[Row], path: Path,
                   outputs: SweepOutputs) -> None:
    """The sweep in a few lines, and a table of its best exact totals (at most 20 rows)."""
    console.print(f"{len(sweep.totals)} openers searched to the end; {len(sweep.at_least)} "
                  f"cut as worse than the top {outputs.top} (their proven bounds are in "
                  f"{path}); {len(sweep.fails)} cannot win within {game.max_cost}")
    exact = [row for row in rows if row.kind == TOTAL and row.rank is not None
             and row.rank <= outputs.top][:20]  # the top N, ties with the N-th too
    table = Table(title="Exact totals")
    for column in ("rank", "guess", "total", "mean"):
        table.add_column(column, justify="left" if column == "guess" else "right")
    for row in exact:
        table.add_row(str(row.rank), row.guess.upper(), figure(row, game.max_cost),
                      figure(row, game.max_cost, len(game.secrets)))
    console.print(table)
    if len(rows) > len(exact):
        where = outputs.ranking or "--ranking FILE writes them all"
        console.print(f"[dim]{len(rows) - len(exact)} more openers ranked: {where}[/]")


def _sweep_files(console: Console, game: Game, rows: list[Row],
                 outputs: SweepOutputs) -> None:
    """The ranking written to its file and compared with the published one, as asked."""
    from sleuth.games.wordle.ranking import (
        DIFFERENCES,
        compare,
        describe,
        ranking_text,
        tally,
    )

    if outputs.ranking is not None:
        mode = "hard mode" if is_hard(game) else "normal mode"
        title = f"Wordle openers ({mode}) ranked by their least total guesses"
        try:
            outputs.ranking.write_text(ranking_text(rows, title, len(game.secrets),
                                                    game.max_cost))
        except OSError as error:
            raise fail(f"--ranking: cannot write {outputs.ranking}: {error}") from error
        console.print(f"ranking: {outputs.ranking}")
    if outputs.published is None:
        return
    entries = compare(rows, outputs.published)
    counts = tally(entries)
    console.print(f"compared with {outputs.source}: " + ", ".join(
        f"{n} {verdict}" for verdict, n in counts.items()))
    differences = [entry for entry in entries if entry.verdict in DIFFERENCES]
    for entry in differences[:10]:
        console.print(f"  [red]{escape(describe(entry, game.max_cost))}[/]")
    if len(differences) > 10:
        console.print(f"  ... and {len(differences) - 10} more differences")


# --------------------------------------------------------------------------- variants


@app.command()
def boards(
    n_boards: Annotated[int | None, typer.Option(
        "--boards", "-n", min=1, max=64, help="Boards at once (2 Dordle, 4 Quordle); default: "
        "4, or one per --secret.")] = None,
    games: Annotated[int, typer.Option(min=1, help="Random games to play.")] = 5,
    seed: Annotated[int, typer.Option(help="Seed of the random answers.")] = 1,
    secret: Annotated[list[str] | None, typer.Option(
        metavar="WORD", help="Play these answers, one per board (repeatable).")] = None,
    attempts: Annotated[int | None, typer.Option(
        min=1, help="Guesses allowed; default: boards + 5.")] = None,
    metric: Annotated[str, typer.Option(
        metavar="NAME", help="How a guess is chosen over the open boards: entropy, minimax, "
        "expected or parts.")] = "entropy",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only the summary.")] = False,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
) -> None:
    """Several boards at once (Dordle, Quordle, ...): one guess scored on every open board."""
    from sleuth.games.wordle.boards import BoardsGreedy, boards_attempts, play_boards
    from sleuth.solve.greedy import METRICS

    console = new_console()
    if metric not in METRICS:
        raise fail(f"unknown metric {metric!r}; choose one of {', '.join(METRICS)}")
    if secret and n_boards is not None and n_boards != len(secret):
        raise fail(f"--boards {n_boards} but {len(secret)} --secret: give one secret per "
                    "board (or leave out --boards)")
    n_boards = len(secret) if secret else n_boards or 4
    game, lists = make_game(answers, guesses, list_name, length=length)
    limit = attempts or boards_attempts(n_boards)
    if secret:
        wanted = [w.strip().lower() for w in secret]
        missing = [w for w in wanted if w not in game.secret_labels]
        if missing:
            raise fail(f"not in the answer list: {', '.join(missing)}")
        plays: Iterable[list[int]] = [[game.secret_labels.index(w) for w in wanted]]
    else:
        rng = np.random.default_rng(seed)
        if n_boards > len(game.secrets):
            raise fail(f"only {len(game.secrets)} answers for {n_boards} boards")
        plays = (rng.choice(len(game.secrets), n_boards, replace=False).tolist()
                 for _ in range(games))  # each drawn as it is played: any number of games
    _lists_line(console, game, lists)
    player = BoardsGreedy(metric)
    turns, won, started = [], 0, time.perf_counter()
    for secrets in plays:
        result = play_boards(game, secrets, player, limit)
        turns.append(len(result.guesses))
        won += result.done
        if not quiet:
            _show_boards(console, game, secrets, result)
    seconds = time.perf_counter() - started
    mean = sum(turns) / len(turns)
    console.print(f"{n_boards} boards, {limit} attempts: won {won}/{len(turns)}, mean "
                  f"{mean:.2f} guesses, worst {max(turns)} ({seconds:.1f} s, {player.name})")


def _show_boards(console: Console, game: Game, secrets: Sequence[int], result) -> None:
    words = game.secret_words(np.asarray(secrets))
    console.print("[bold]" + " ".join(w.upper() for w in words) + "[/]")
    for turn, guess in enumerate(result.guesses, 1):
        line = Text(f"{turn:>2} {game.guess_labels[guess].upper()} ")
        codes = game.feedback(game.guesses[guess : guess + 1], game.secrets[list(secrets)])[0]
        for b, code in enumerate(codes):
            at = result.solved_at[b]
            line.append(" " + (fb.to_text(int(code), game.guesses.shape[1], "squares")
                               if at == 0 or turn <= at else " " * game.guesses.shape[1] * 2))
        console.print(line)
    done = ", ".join(str(a) if a else "X" for a in result.solved_at)
    state = "won" if result.done else "lost"
    console.print(f"   {state} in {len(result.guesses)} (boards solved at guesses {done})")


@app.command()
def absurdle(
    first: Annotated[str | None, typer.Option(
        help="Open with this guess (default: the search tries every one).")] = None,
    play: Annotated[list[str] | None, typer.Option(
        "--play", metavar="WORD", help="Just show the host's answers to these guesses "
        "(repeatable).")] = None,
    limit: Annotated[int, typer.Option(min=1, help="Give up beyond this many guesses.")] = 8,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
) -> None:
    """The adversarial host (Absurdle): the fewest guesses that force a win.

    The host keeps the largest class of answers (ties: fewest greens, then fewest yellows).
    """
    from sleuth.games.wordle.absurdle import AbsurdleResult, absurdle_play, absurdle_solve

    console = new_console()
    game, lists = make_game(answers, guesses, list_name, length=length, attempts=1 << 20)
    _lists_line(console, game, lists)
    started = time.perf_counter()
    result: AbsurdleResult | None
    try:
        if play:
            result = absurdle_play(game, [w.strip().lower() for w in play])
        else:
            with Bar(console, "searching", 1) as bar:
                result = absurdle_solve(game, first=first and first.strip().lower(),
                                        limit=limit, progress=bar)
    except ValueError as error:
        raise fail(str(error)) from error
    if result is None:
        console.print(f"no forced win within {limit} guesses")
        raise typer.Exit(1)
    for word, code, kept in zip(result.guesses, result.codes, result.kept, strict=True):
        console.print(tiles(word, code, console), end="")
        console.print(f"  [dim]{kept} left[/]")
    seconds = time.perf_counter() - started
    if play:
        solved = result.codes and result.codes[-1] == game.solved
        console.print("won" if solved else f"not won yet: {result.kept[-1]} answers left")
        return
    opening = f" after {first.upper()}" if first else ""
    console.print(f"fewest guesses that force a win{opening}: {len(result.guesses)} "
                  f"(proven by exhausting shorter ones; {result.nodes:,} nodes, {seconds:.1f} s)")


@app.command()
def review(
    played: Annotated[list[str], typer.Argument(
        help="The words played, in order; each with its colours (crane:01200, crane:bygbb) "
        "when --answer is not given.")],
    answer: Annotated[str | None, typer.Option(help="The answer (then no colours are "
                                               "needed).")] = None,
    exact_limit: Annotated[int, typer.Option(
        "--exact-limit", min=0, help="Exact figures with at most this many answers left "
        "(above: estimated).")] = 60,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    hard: HardOpt = False,
) -> None:
    """Review a finished game: per turn the answers left, the expected guesses to finish after
    your guess and after the best (skill: guesses lost), and luck (answers fewer than expected).

    ```
    sleuth wordle review crane moist spilt --answer spilt
    sleuth wordle review crane:bbbbb moist:bbgyg spilt:ggggg
    ```
    """
    from sleuth.games.wordle.review import played as read_played
    from sleuth.games.wordle.review import review as review_game
    from sleuth.games.wordle.review import split_played

    console = new_console()
    game, lists = make_game(answers, guesses, list_name, hard=hard)
    _lists_line(console, game, lists)
    try:
        words, colours = split_played(played)
        turns = review_game(game, read_played(game, words, answer=answer,
                                              codes=None if answer else colours, hard=hard),
                            exact_limit=exact_limit)
    except ValueError as error:
        raise fail(str(error)) from error
    table = Table("#", "guess", "answers", "expected left", "luck", "your guess", "best guess",
                  "lost", "", title="expected guesses to finish, the guess included")
    for n, t in enumerate(turns, 1):
        table.add_row(str(n), tiles(t.word, t.code, console), f"{t.before} → {t.after}",
                      f"{t.expected_after:.2f}", f"{t.luck:+.2f}", f"{t.yours:.3f}",
                      f"{t.best:.3f} {t.best_word.upper()}", f"{t.lost:.3f}",
                      "exact" if t.exact else "estimated")
    console.print(table)
    console.print(f"solved in {len(turns)}; guesses lost to skill "
                  f"{sum(t.lost for t in turns):.3f}, saved by luck "
                  f"{sum(t.luck_guesses for t in turns):+.3f}")
