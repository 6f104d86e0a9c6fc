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
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.console import Console, JustifyMethod
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from sleuth.cli.common import (
    Bar,
    fail,
    keep_interrupts,
    new_console,
    one_line,
    reachable_cluster,
    writable_option,
)
from sleuth.core.game import Game
from sleuth.games.wordle.game import ATTEMPTS, Opening, cached_first, game_from
from sleuth.games.wordle.hint import EXACT_SECONDS, HintSession, Report
from sleuth.games.wordle.lists import LENGTH, Lists, load_lists
from sleuth.games.wordle.priors import PRIORS
from sleuth.games.wordle.ratings import RANKINGS
from sleuth.words import feedback as fb

app = typer.Typer(
    help="Wordle: an interactive hinter, solved games, benchmarks, openers, the exact optimum, "
    "several boards at once and the adversarial host.",
    no_args_is_help=True,
)
keep_interrupts()  # a Ctrl-C that lands in a finalizer is not lost

TILE = {fb.RIGHT: "bold bright_white on green", fb.PRESENT: "bold black on yellow",
        fb.ABSENT: "bold bright_white on bright_black"}  # ANSI colours: right on any terminal

AnswersOpt = Annotated[Path | None, typer.Option(
    "--answers", help="Answers (possible secrets), one word a line; default: those of --list.")]
GuessesOpt = Annotated[Path | None, typer.Option(
    "--guesses", help="Accepted guesses, one word a line; default: those of --list.")]
ListOpt = Annotated[str | None, typer.Option(
    "--list", help="Lists shipped with sleuth (see `sleuth lists`); default: the current "
    "game's, wordle-nyt-2023-07-01 (five letters; other lengths: the built-in dictionary).")]
LengthOpt = Annotated[int, typer.Option(min=2, max=fb.MAX_LENGTH, help="Word length.")]
AttemptsOpt = Annotated[int, typer.Option(min=1, help="Attempts allowed.")]
PriorOpt = Annotated[str, typer.Option(help=f"Prior over answers: {', '.join(PRIORS)}.")]
PastOpt = Annotated[Path | None, typer.Option(
    "--past", help="File of past answers (for --prior learned and --exclude-past).")]
ExcludeOpt = Annotated[bool, typer.Option(
    "--exclude-past", help="Drop past answers: the game does not repeat them.")]
HardOpt = Annotated[bool, typer.Option(
    "--hard", help="Hard mode: every guess keeps the greens and uses the yellows.")]
StrategyOpt = Annotated[list[str] | None, typer.Option(
    "--strategy", "-s", help="Strategy (repeatable): entropy, minimax, expected, parts, their "
    "-candidates variants, letter-frequency, green-yellow, or optimal (the exact tree after "
    "--first, default SALET; searched once, then cached).")]





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


def _strategy(name: str):
    from sleuth.core.strategies import get

    try:
        return get(name)
    except ValueError as error:
        names = error.args[0].split("choose one of ")[-1]
        raise fail(f"unknown strategy {name!r}; choose one of {names}, optimal") from error


def _player(name: str, game: Game, first: str | None, console: Console):
    """A strategy by name; ``optimal`` is the exact tree after ``first`` (default SALET, the
    proven best opener of the original lists, else the best by expected answers left),
    searched once and cached."""
    if name != "optimal":
        return _strategy(name)
    from sleuth.core.tree import TreePlayer
    from sleuth.games.wordle.openers import opener_table, rank_openers
    from sleuth.solve.greedy import Greedy

    if first is None:
        if "salet" in game.guess_labels:
            first = "salet"
        else:
            stats = opener_table(game)
            first = game.guess_labels[int(stats["index"][rank_openers(stats, "expected")[0]])]
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
    """The best next guesses as a table."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("#", "right"), ("guess", "left"), ("expected left", "right"), ("bits", "right"),
        ("answer?", "right"), ("worst", "right"))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    for i, r in enumerate(report.suggestions, 1):
        word = f"[bold]{r.word.upper()}[/]" if r.candidate else r.word.upper()
        table.add_row(str(i), word, f"{r.expected:.2f}", f"{r.entropy:.2f}",
                      percent(r.chance), str(r.worst))
    return table


def percent(chance: float) -> str:
    """A chance as a short percentage ('-' for none).

    >>> percent(0.5), percent(1 / 2315), percent(0)
    ('50.0%', '0.04%', '-')
    """
    if not chance:
        return "-"
    return f"{100 * chance:.1f}%" if chance >= 0.001 else f"{100 * chance:.2f}%"


def show_report(console: Console, report: Report, *, history: bool = True) -> None:
    """Print a hinter report: messages, the board, what is left and the best next guesses."""
    for note in report.notes:
        console.print(escape(one_line(note)), highlight=False)
    if report.error:
        console.print(f"[red]✗ {escape(one_line(report.error))}[/]", highlight=False)
    if history:
        for turn in report.turns:
            console.print(tiles(turn.word, turn.code, console))
    if report.solved:
        console.print(f"[green]Solved in {len(report.turns)}: {report.solved.upper()}[/]")
        return
    if report.waiting:
        console.print(f"[cyan]{escape(report.waiting)}[/]", highlight=False)
    mode = " [dim](hard mode)[/]" if report.hard else ""
    if report.remaining == 1:
        console.print(f"The answer is [bold green]{report.answers[0].upper()}[/]{mode}")
        return
    console.print(f"[bold]{report.remaining}[/] answers left{mode}")
    if report.answers:
        console.print("  " + " ".join(w.upper() for w in report.answers), highlight=False)
    if report.optimal:
        best = report.optimal
        limit = "" if best.capped else " [yellow](not all within the attempts left)[/]"
        console.print(f"Optimal next guess: [bold]{best.word.upper()}[/], {best.mean:.3f} "
                      f"guesses on average from here, at most {best.worst}{limit} [dim](exact "
                      "search, each answer counted once)[/]")
    if report.suggestions:
        console.print(suggestion_table(report))
        console.print("[dim]bold: could be the answer[/]")


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
    """Read lines until ``quit`` or the end of input, printing a report after each."""
    show_report(console, session.report())
    while True:
        line = _read_line(interactive)
        if line is None:
            return 0
        lines = [text for text in (line, *(_more_lines() if interactive else []))
                 if text.strip()]
        if not lines:
            continue
        for text in lines[:-1]:
            quiet = session.feed(text, quiet=True)
            if quiet.error or quiet.notes:
                show_report(console, Report(quiet.remaining, [], [], [], quiet.hard,
                                            quiet.notes, quiet.error))
        report = session.feed(lines[-1])
        if report.quit:
            return 0
        show_report(console, report)


@app.command()
def hint(
    played: Annotated[list[str] | None, typer.Argument(
        help="Guesses and colours, e.g. crane:01200 moist:bgbbg (then print and exit).")] = None,
    hard: HardOpt = False,
    top: Annotated[int, typer.Option(min=1, help="How many guesses to propose.")] = 10,
    show: Annotated[int, typer.Option(min=0, help="List the answers when at most this many.")]
    = 20,
    rank: Annotated[str, typer.Option(help=f"Rank proposals by {', '.join(RANKINGS)}.")]
    = "expected",
    exact: Annotated[int, typer.Option(
        min=0, help="Find the exact optimal next guess when at most this many answers are "
        "left (0: never; normal mode only).")] = 250,
    exact_time: Annotated[float, typer.Option(
        "--exact-time", min=0.01, metavar="SECONDS", help="Give that exact search at most this "
        "long per answer; past it, the guesses are ranked by the heuristic alone.")]
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

    Colours: 01200 (2 green, 1 yellow, 0 grey), bygbb (g/y/b), OX?XX, or the squares of a
    shared result (with or without the words). Commands: undo, new, hard on|off, all, help,
    quit.
    """
    console = new_console()
    game, lists = make_game(answers, guesses, list_name, length=length, prior=prior, past=past,
                            exclude_past=exclude_past)
    try:
        session = HintSession(game, hard=hard, top=top, show=show, rank=rank, exact=exact,
                              exact_seconds=exact_time)
    except ValueError as error:
        raise fail(str(error)) from error
    try:
        if played:
            _lists_line(console, game, lists)
            _hint_once(console, session, played)
            return
        interactive = sys.stdin.isatty()
        if interactive:
            _lists_line(console, game, lists)
            console.print("[dim]Type a guess and its colours (crane 01200, crane bygbb, or "
                          "paste the squares); `help` for more, `quit` to leave.[/]")
        raise typer.Exit(run_session(session, console, interactive))
    finally:
        session.close()


def _hint_once(console: Console, session: HintSession, played: list[str]) -> None:
    """Apply every item given as an argument, then print the hints; an item that cannot be
    applied (unreadable, contradicted, or a word without its colours) is an error."""
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
    show_report(console, session.report(notes=notes))


# --------------------------------------------------------------------------- solve


@app.command()
def solve(
    word: Annotated[str, typer.Argument(help="The secret word.")],
    strategy: Annotated[str, typer.Option(
        "--strategy", "-s", help="Strategy to play (see `bench --help`), or optimal. "
        "Default: parts, the strongest greedy one on the original lists (bench/results).")]
    = "parts",
    first: Annotated[str | None, typer.Option(help="First guess.")] = None,
    hard: HardOpt = False,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
    attempts: AttemptsOpt = ATTEMPTS,
) -> None:
    """Play one game against WORD and show the path, coloured like the game."""
    console = new_console()
    secret = word.strip().lower()
    if len(secret) != length or not (secret.isascii() and secret.isalpha()):
        raise fail(f"{word!r} is not a {length}-letter word")
    game, lists = make_game(answers, guesses, list_name, length=length, attempts=attempts,
                            hard=hard)
    if secret not in game.secret_labels:
        raise fail(f"{secret!r} is not in the answer list ({lists.source}); pass --answers "
                    "or --list")
    _lists_line(console, game, lists)
    started = time.perf_counter()
    opener = _first(game, first)
    if strategy == "optimal":
        chosen = _player(strategy, game, first and first.strip().lower(), console)
    else:
        chosen = _strategy(strategy)
        chosen = Opening(cached_first(game, chosen) if opener is None else opener, chosen)
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


# --------------------------------------------------------------------------- bench


def histogram(dist: dict[int, int], failures: int, width: int = 40) -> list[str]:
    """A terminal histogram of games per number of guesses (and failures), one bar a line."""
    rows = [(str(k), v) for k, v in sorted(dist.items())]
    if failures:
        rows.append(("X", failures))
    top = max((v for _, v in rows), default=1)
    return [f"{k:>2} {'█' * max(1, round(width * v / top)) if v else '':<{width}} {v}"
            for k, v in rows]


def plot_distributions(results: Sequence[tuple[str, dict[int, int], int]], path: Path,
                       title: str) -> Path:
    """A PNG of the distributions side by side (grouped bars), written with matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = sorted({k for _, dist, _ in results for k in dist})
    labels = [str(k) for k in keys] + (["X"] if any(f for *_, f in results) else [])
    fig, ax = plt.subplots(figsize=(max(8.0, 0.9 * len(results) + 4), 4.5))
    ax.set_prop_cycle(color=matplotlib.color_sequences["tab20"][: max(1, len(results))])
    width = 0.8 / max(1, len(results))
    for i, (name, dist, failures) in enumerate(results):
        values = [dist.get(k, 0) for k in keys] + ([failures] if len(labels) > len(keys) else [])
        xs = np.arange(len(labels)) + (i - (len(results) - 1) / 2) * width
        ax.bar(xs, values, width, label=name)
    ax.set_xticks(np.arange(len(labels)), labels)
    ax.set_xlabel("guesses (X: not solved)")
    ax.set_ylabel("answers")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _bench_row(name: str, result, seconds: float, attempts: int) -> list[str]:
    dist = result.distribution()
    won = result.cost[result.won]
    mean = float(won.mean()) if won.size else float("nan")
    return [name, f"{mean:.4f}", str(int(won.sum())),
            *(str(dist.get(a, 0)) for a in range(1, attempts + 1)),
            str(result.failures), str(result.worst if not result.failures else "X"),
            f"{seconds:.1f}"]


@app.command()
def bench(
    strategy: StrategyOpt = None,
    first: Annotated[str | None, typer.Option(help="Force this first guess for all.")] = None,
    tree: Annotated[list[Path] | None, typer.Option(
        help="Also score a saved decision tree (from `sleuth wordle optimal`); repeatable.")]
    = None,
    hard: HardOpt = False,
    plot: Annotated[Path | None, typer.Option(help="Write the distributions as a PNG here.")]
    = Path("wordle-bench.png"),
    no_plot: Annotated[bool, typer.Option("--no-plot", help="Write no PNG.")] = False,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
    attempts: AttemptsOpt = ATTEMPTS,
    prior: PriorOpt = "uniform",
    scoring: Annotated[str, typer.Option(help="guesses, or lingo (100 x (6 - guesses)).")]
    = "guesses",
) -> None:
    """Play every answer with several strategies: mean guesses, distribution, worst, time."""
    from sleuth.core.tree import evaluate

    console = new_console()
    plot = None if no_plot or plot is None else _plot_path(plot)
    game, lists = make_game(answers, guesses, list_name, length=length, attempts=attempts,
                            prior=prior, hard=hard, scoring=scoring)
    names = strategy or ["entropy", "minimax", "expected", "parts"]
    for name in names:
        if name != "optimal":
            _strategy(name)  # every name checked before any strategy runs
    opener = _first(game, first)
    trees = [(f"tree {path.name}", _tree_strategy(game, path)) for path in tree or []]
    _lists_line(console, game, lists)
    chosen = [_player(n, game, first and first.strip().lower(), console) for n in names]
    mode = "hard mode" if hard else "normal mode"
    table = Table(title=f"Wordle, {mode}, every answer ({len(game.secrets)})"
                  + (f", first guess {first.upper()}" if first else ""))
    columns = ["strategy", "mean", "total", *map(str, range(1, attempts + 1)), "failed",
               "worst", "seconds"]
    if scoring == "lingo":
        columns.insert(3, "points")
    for column in columns:
        table.add_column(column, justify="left" if column == "strategy" else "right",
                         no_wrap=True)
    results: list[tuple[str, dict[int, int], int]] = []
    runs = [(s.name, Opening(opener, s) if opener is not None and s.name in names else s)
            for s in chosen]
    for name, strat in [*runs, *trees]:
        started = time.perf_counter()
        with Bar(console, name, len(game.secrets)) as bar:
            result = evaluate(game, strat, progress=bar.advance)
        seconds = time.perf_counter() - started
        row = _bench_row(name, result, seconds, attempts)
        if scoring == "lingo":
            row.insert(3, f"{result.mean_score():.2f}")
        table.add_row(*row)
        results.append((name, result.distribution(), result.failures))
    console.print(table)
    for name, dist, failures in results:
        console.print(f"[bold]{escape(name)}[/]")
        for line in histogram(dist, failures):
            console.print(line)
    if plot is not None:
        title = f"Wordle {mode}: guesses per answer ({len(game.secrets)} answers)"
        try:
            console.print(f"plot: {plot_distributions(results, plot, title)}")
        except OSError as error:  # checked before the games: only a full disk or a race left
            raise fail(f"cannot write the plot {plot}: {error.strerror or error}", 1) from None


def _plot_path(plot: Path) -> Path:
    """Where ``--plot`` writes, checked before any work: matplotlib is at hand, writes that
    format (``.png`` is added to a name without one, as matplotlib does), and the place is
    writable."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise fail("the plot needs matplotlib (pip install matplotlib), or --no-plot") from None
    kind = plot.suffix.lower().lstrip(".")
    if not kind and plot.name and not plot.is_dir():
        plot = plot.with_name(plot.name + ".png")
    elif kind and kind not in FigureCanvasBase.get_supported_filetypes():
        raise fail(f"--plot: {plot}: matplotlib does not write .{kind} files; use .png, .svg "
                    "or .pdf")
    return writable_option(plot, "--plot")


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
    by: Annotated[str, typer.Option(help=f"Rank by {', '.join(RANKINGS)}.")] = "entropy",
    top: Annotated[int, typer.Option(min=1, help="How many openers to list.")] = 20,
    exact: Annotated[int, typer.Option(
        min=0, help="Play every answer after the best N openers for their exact mean.")] = 5,
    strategy: Annotated[str, typer.Option(
        "--strategy", "-s", help="How the rest is played for the exact mean: a strategy name, "
        "or 'optimal' (the exact search; slow).")] = "entropy",
    hard: HardOpt = False,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
    attempts: AttemptsOpt = ATTEMPTS,
    prior: PriorOpt = "uniform",
) -> None:
    """Rank every accepted guess as a first guess, then score the best few exactly.

    The ranking is by entropy, expected answers left or worst class; the exact mean plays every
    answer after each of the best --exact openers with a strategy (or optimally).
    """
    from sleuth.core.tree import evaluate
    from sleuth.games.wordle.openers import opener_table, rank_openers

    if by not in RANKINGS:
        raise fail(f"unknown ranking {by!r}; choose one of {', '.join(RANKINGS)}")
    console = new_console()
    game, lists = make_game(answers, guesses, list_name, length=length, attempts=attempts,
                            prior=prior, hard=hard)
    _lists_line(console, game, lists)
    follow = None if strategy == "optimal" else _strategy(strategy)
    started = time.perf_counter()
    stats = opener_table(game)
    order = rank_openers(stats, by)
    console.print(f"[dim]{len(order)} openers rated in {time.perf_counter() - started:.1f} s[/]")
    table = Table(title=f"Best first guesses by {by} (of {len(order)})")
    for column in ("#", "guess", "bits", "expected left", "worst", "classes", "answer?"):
        table.add_column(column, justify="left" if column == "guess" else "right")
    for rank, row in enumerate(order[:top], 1):
        word = game.guess_labels[int(stats["index"][row])]
        table.add_row(str(rank), word.upper(), f"{stats['entropy'][row]:.3f}",
                      f"{stats['expected'][row]:.2f}", str(stats["worst"][row]),
                      str(stats["classes"][row]), "yes" if stats["chance"][row] else "")
    console.print(table)
    if not exact:
        return
    picks = [int(stats["index"][row]) for row in order[:exact]]
    scored = []
    for guess in picks:
        word = game.guess_labels[guess]
        t0 = time.perf_counter()
        if follow is None:
            total, worst, failed = _optimal_total(game, word, console)
        else:
            with Bar(console, word, len(game.secrets)) as bar:
                result = evaluate(game, Opening(guess, follow), progress=bar.advance)
            total, worst, failed = int(result.cost.sum()), result.worst, result.failures
        scored.append((total, word, worst, failed, time.perf_counter() - t0))
    exact_table = Table(title=f"Exact over every answer, then {strategy}")
    for column in ("guess", "total", "mean", "worst", "failed", "seconds"):
        exact_table.add_column(column, justify="left" if column == "guess" else "right")
    for total, word, worst, failed, seconds in sorted(scored):
        exact_table.add_row(word.upper(), str(total), f"{total / len(game.secrets):.4f}",
                            str(worst), str(failed), f"{seconds:.1f}")
    console.print(exact_table)


def _optimal_total(game: Game, word: str, console: Console) -> tuple[int, int, int]:
    result = _search(game, word, None, console, None)
    return result.total, result.worst, 0


# --------------------------------------------------------------------------- optimal


def _search(game: Game, first: str | None, cluster: str | None, console: Console,
            workers: int | None):
    """The exact optimal-mean search of :mod:`sleuth.solve.search`, with a progress bar."""
    try:
        from sleuth.solve.search import optimal_mean
    except ImportError as error:
        raise fail(f"the exact search is not available ({error})") from error
    label = f"optimal after {first.upper()}" if first else "optimal"
    try:
        with Bar(console, label, 1) as bar:
            return optimal_mean(game, first_guess=first, max_guesses=game.max_cost,
                                progress=bar, cluster=cluster, workers=workers)
    except ValueError as error:
        raise fail(str(error)) from error
    except KeyboardInterrupt:
        raise fail("interrupted: the search and its workers were stopped", 130) from None


@app.command()
def optimal(
    first: Annotated[str | None, typer.Option(help="Fix the first guess (e.g. salet).")] = None,
    hard: HardOpt = False,
    cluster: Annotated[str | None, typer.Option(
        help="Dask scheduler address (tcp://host:8786) to spread the search.")] = None,
    workers: Annotated[int | None, typer.Option(min=1, help="Local processes.")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Write the tree here (JSON); default: wordle-optimal-FIRST.json.")] = None,
    every: Annotated[bool, typer.Option(
        "--all", help="The best opener of all: every first guess searched in turn (best "
        "heuristic first), recorded in --results and resumed from it.")] = False,
    results: Annotated[Path | None, typer.Option(
        help="Records of --all; default: wordle-openers.jsonl.")] = None,
    limit: Annotated[int | None, typer.Option(min=1, help="With --all: stop after N openers.")]
    = None,
    answers: AnswersOpt = None,
    guesses: GuessesOpt = None,
    list_name: ListOpt = None,
    length: LengthOpt = LENGTH,
    attempts: AttemptsOpt = ATTEMPTS,
) -> None:
    """The exact optimal decision tree: the least total guesses over every answer."""
    from sleuth.core import treefile
    from sleuth.solve.export import document

    console = new_console()
    if every:
        path = writable_option(results or Path(f"wordle-openers{'-hard' * hard}.jsonl"),
                               "--results")
    else:
        writable_option(out or Path(f"wordle-optimal{'-hard' * hard}.json"), "--out")
    reachable_cluster(cluster)
    game, lists = make_game(answers, guesses, list_name, length=length, attempts=attempts,
                            hard=hard)
    _lists_line(console, game, lists)
    if every:
        _sweep(game, path, limit, cluster, workers, console)
        return
    if first is not None:
        _first(game, first)
    result = _search(game, first and first.strip().lower(), cluster, console, workers)
    n = len(game.secrets)
    dist = result.distribution()
    mode = "hard mode" if hard else "normal mode"
    console.print(f"[bold]{result.first_guess.upper()}[/] ({mode}): total {result.total} "
                  f"guesses over {n} answers, mean {result.total / n:.4f}, worst "
                  f"{result.worst}; {result.seconds:.1f} s, {result.nodes:,} nodes"
                  + ("" if result.exact else " [yellow](heuristic bound, not exact)[/]"))
    console.print("  " + ", ".join(f"{k}: {v}" for k, v in sorted(dist.items())))
    path = out or Path(f"wordle-optimal{'-hard' * hard}-{result.first_guess}.json")
    payload = document(game, result.tree, first=result.first_guess, mode=mode,
                       lists=lists.source, seconds=round(result.seconds, 1))
    try:
        treefile.write(path, payload)
    except OSError as error:
        raise fail(f"cannot write {path}: {error}") from error
    console.print(f"tree: {path}")


def _sweep(game: Game, path: Path, limit: int | None, cluster: str | None,
           workers: int | None, console: Console) -> None:
    """Every first guess, most promising first, through the exact search (resumable); an
    opener that cannot match the best so far is cut as soon as that is proven."""
    from sleuth.games.wordle.openers import Sweep, sweep_openers, sweep_order

    order = sweep_order(game)
    order = order[:limit] if limit else order
    try:
        before = Sweep.load(path)
    except (OSError, ValueError) as error:
        raise fail(f"--results: {error}") from None
    todo = sum(not before.done(w) for w in order)
    console.print(f"{len(order) - todo} of {len(order)} openers already in {path}; "
                  f"{todo} to search")
    with Bar(console, "openers", len(order)) as bar:
        bar(len(order) - todo, len(order))

        def note(word: str, total: int | None, sweep: Sweep) -> None:
            bar.advance()
            best = sweep.best
            if total is None:
                console.print(f"  {word.upper()}: at least {sweep.at_least[word]} (cut)")
            elif best is not None and best[1] == total:
                console.print(f"  {word.upper()}: {total} (best so far)")
            else:
                console.print(f"  {word.upper()}: {total}")

        try:
            sweep = sweep_openers(game, order, path, cluster=cluster, workers=workers,
                                  on_result=note)
        except KeyboardInterrupt:
            raise fail(f"interrupted; resume with the same command ({path} keeps every "
                        "finished opener)", 130) from None
        except (ValueError, OSError) as error:
            raise fail(str(error)) from error
    ranked = sorted(sweep.totals.items(), key=lambda item: (item[1], item[0]))
    console.print(f"{len(sweep.totals)} openers searched to the end; {len(sweep.at_least)} "
                  f"cut as worse than the best (their proven bounds are in {path})")
    table = Table(title="Exact totals")
    for column in ("guess", "total", "mean"):
        table.add_column(column, justify="left" if column == "guess" else "right")
    for word, total in ranked[:20]:
        table.add_row(word.upper(), str(total), f"{total / len(game.secrets):.4f}")
    console.print(table)


# --------------------------------------------------------------------------- variants


@app.command()
def boards(
    n_boards: Annotated[int | None, typer.Option(
        "--boards", "-n", min=1, max=64, help="Boards at once (2 Dordle, 4 Quordle); default: "
        "4, or one per --secret.")] = None,
    games: Annotated[int, typer.Option(min=1, help="Random games to play.")] = 5,
    seed: Annotated[int, typer.Option(help="Seed of the random answers.")] = 1,
    secret: Annotated[list[str] | None, typer.Option(
        help="Play these answers, one per board (repeatable).")] = None,
    attempts: Annotated[int | None, typer.Option(
        min=1, help="Attempts; default: boards + 5.")] = None,
    metric: Annotated[str, typer.Option(help="entropy, minimax, expected or parts.")]
    = "entropy",
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
    first: Annotated[str | None, typer.Option(help="Fix the first guess.")] = None,
    play: Annotated[list[str] | None, typer.Option(
        "--play", help="Just show the host's answers to these guesses (repeatable).")] = None,
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
