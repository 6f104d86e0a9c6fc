"""``sleuth game``: analyse a strategy on Mastermind, Bulls and Cows or twoD against every
secret at once (greedy or exactly optimal), or play one interactively.

    sleuth game analyze mastermind --colours 6 --holes 4 --strategy optimal-mean
    sleuth game analyze twod --size 5 --strategy optimal-worst --tree twod.dot
    sleuth game solve bulls-cows --strategy entropy
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from math import perm
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from sleuth.cli.common import (
    Bar,
    fail,
    keep_interrupts,
    new_console,
    one_line,
    reachable_cluster,
    writable_option,
)
from sleuth.core.errors import FeedbackError
from sleuth.core.game import Contradiction, Game, Position
from sleuth.core.strategies import STRATEGIES, Strategy, get
from sleuth.core.tree import Node, evaluate
from sleuth.games.mastermind import bulls_cows, mastermind
from sleuth.games.twod import twod
from sleuth.solve.export import summary, write_tree
from sleuth.solve.results import SearchResult
from sleuth.solve.search import optimal_mean, optimal_worst

app = typer.Typer(help="Mastermind, Bulls and Cows, twoD: analyse a strategy, or play one.",
                  no_args_is_help=True)
analyze_app = typer.Typer(help="Run a strategy against every secret at once and report.",
                          no_args_is_help=True)
solve_app = typer.Typer(help="Play against you (you answer each guess) or a given secret.",
                        no_args_is_help=True)
app.add_typer(analyze_app, name="analyze")
app.add_typer(solve_app, name="solve")
keep_interrupts()  # a Ctrl-C that lands in a finalizer is not lost

SEARCHES = ("optimal-worst", "optimal-mean")
GREEDY = tuple(name for name in STRATEGIES if name.split("-")[0] in
               ("entropy", "minimax", "expected", "parts"))
CHOICES = (*GREEDY, *SEARCHES)

Strat = Annotated[str, typer.Option("--strategy", "-s", help=f"One of: {', '.join(CHOICES)}.")]
MaxGuesses = Annotated[int | None, typer.Option(
    "--max-guesses", "-k", min=1,
    help="Cap on guesses per game (optimal-mean: the best mean within it; greedy: games past it "
         "are lost).")]
TreeFile = Annotated[Path | None, typer.Option(
    "--tree", help="Write the decision tree to FILE.json, FILE.dot or FILE.txt.")]
Workers = Annotated[int | None, typer.Option(
    "--workers", "-j", min=1, help="Processes for the exact searches (default: all cores).")]
Cluster = Annotated[str | None, typer.Option(
    "--cluster", help="Run the exact searches on the Dask scheduler at ADDRESS.",
    metavar="ADDRESS")]
First = Annotated[str | None, typer.Option("--first", help="Force the first guess.")]
FewestOver = Annotated[int | None, typer.Option(
    "--fewest-over", min=1, metavar="N",
    help="optimal-mean: among optimal strategies, take one with fewest games over N guesses "
         "(needs --max-guesses above N).")]
Colours = Annotated[int, typer.Option("--colours", "--colors", "-c", min=1, max=26,
                                      help="Number of colours.")]
Holes = Annotated[int, typer.Option("--holes", "-n", min=1, max=9, help="Pegs in a code.")]
Distinct = Annotated[bool, typer.Option("--distinct", help="Secrets never repeat a colour "
                                        "(guesses still may).")]
Digits = Annotated[int, typer.Option("--digits", "-n", min=1, max=10,
                                     help="Digits in a number.")]
Size = Annotated[int, typer.Option("--size", "-n", min=1, max=200, help="Grid side.")]






def _build(factory: Callable[[], Game]) -> Game:
    try:
        return factory()
    except ValueError as err:
        raise fail(str(err)) from None


#: Guess-secret pairs a game may have: every strategy scores all of them at its first guess
#: and the exact searches keep them in a table (10**8: Mastermind 10 x 4 in seconds, twoD
#: 100 x 100 in about a minute).
MAX_PAIRS = 10**8
#: Pairs for the exact searches: Bulls and Cows (5,040 x 5,040) and Mastermind 8 x 4 (4,096 x
#: 4,096), the largest games with published optima, fit; much beyond, they are out of reach.
MAX_EXACT_PAIRS = 3 * 10**7


def _sized(title: str, guesses: int, secrets: int, strategy: str) -> None:
    """Refuse, before any work, a game too big to be analysed or played with ``strategy``."""
    pairs = guesses * secrets
    if pairs > MAX_PAIRS:
        raise fail(f"{title} has {guesses:,} guesses and {secrets:,} secrets: {pairs:,} "
                    f"pairs to score, more than the {MAX_PAIRS:,} sleuth takes (its tables "
                    "would not fit); choose a smaller game")
    if strategy in SEARCHES and pairs > MAX_EXACT_PAIRS:
        raise fail(f"{title}: an exact search over {guesses:,} guesses and {secrets:,} secrets "
                    f"is out of reach (at most {MAX_EXACT_PAIRS:,} pairs, as in Bulls and "
                    "Cows); choose a greedy strategy such as entropy")


# -- running a strategy against every secret ----------------------------------------------------


def _search(game: Game, strategy: str, max_guesses: int | None, first: str | None,
            workers: int | None, cluster: str | None, fewest_over: int | None = None,
            position: Position | None = None) -> SearchResult:
    if fewest_over is not None and strategy != "optimal-mean":
        raise fail("--fewest-over applies to the optimal-mean strategy")
    try:
        with Bar(new_console(stderr=True), f"{strategy} search", unit="classes") as bar:
            if strategy == "optimal-mean":
                result = optimal_mean(game, position, max_guesses=max_guesses,
                                      first_guess=first, workers=workers, cluster=cluster,
                                      progress=bar, fewest_over=fewest_over)
                assert isinstance(result, SearchResult)  # only a search given `upper` is cut
                return result
            return optimal_worst(game, position, first_guess=first, workers=workers,
                                 cluster=cluster, progress=bar, limit=max_guesses)
    except ValueError as err:
        raise fail(str(err)) from None
    except KeyboardInterrupt:
        raise fail("interrupted: the search and its workers were stopped", 130) from None


class _Forced:
    """A strategy whose first guess is fixed."""

    def __init__(self, base: Strategy, guess: int, start: int = 0) -> None:
        self.base, self.guess, self.start = base, guess, start
        self.name = base.name

    def choose(self, game: Game, position: Position) -> int:
        if len(position.history) == self.start:
            return self.guess
        return self.base.choose(game, position)


def _greedy(game: Game, strategy: str, first: str | None) -> Strategy:
    base = get(strategy)
    if first is None:
        return base
    try:
        return _Forced(base, game.guess_index(first))
    except ValueError as err:
        raise fail(str(err)) from None


def _check_strategy(strategy: str) -> None:
    if strategy not in CHOICES:
        raise fail(f"unknown strategy {strategy!r}; choose one of {', '.join(CHOICES)}")


def _roomy(game: Game, worst: int) -> Game:
    """The game with a guess limit no lower than ``worst`` (for reporting a search's tree)."""
    from dataclasses import replace

    return replace(game, max_cost=max(game.max_cost, worst))


def _analyze(game: Game, title: str, strategy: str, max_guesses: int | None, tree: Path | None,
             first: str | None, workers: int | None, cluster: str | None,
             fewest_over: int | None = None) -> None:
    _check_strategy(strategy)
    if tree is not None and tree.suffix.lower() not in (".json", ".dot", ".gv", ".txt"):
        raise fail(f"{tree.name}: the tree file must end in .json, .dot or .txt")
    if tree is not None:
        writable_option(tree, "--tree")
    reachable_cluster(cluster)
    console = new_console()
    started = time.perf_counter()
    notes = []
    root: Node | None
    if strategy in SEARCHES:
        result = _search(game, strategy, max_guesses, first, workers, cluster, fewest_over)
        played, root = _roomy(game, result.worst), result.tree
        notes.append(f"{result.nodes:,} positions searched" +
                     ("" if result.exact else " (heuristic: an upper bound)"))
    else:
        from dataclasses import replace

        if fewest_over is not None:
            raise fail("--fewest-over applies to the optimal-mean strategy")
        played = game if max_guesses is None else replace(game, max_cost=max_guesses)
        player = _greedy(game, strategy, first)
        with Bar(new_console(stderr=True), strategy, len(game.secrets), "secrets") as bar:
            evaluation = evaluate(played, player, keep_tree=True, progress=bar.advance)
        root = evaluation.root
    seconds = time.perf_counter() - started
    assert root is not None
    facts = summary(played, root)
    console.print(f"[bold]{escape(title)}[/], {len(game.secrets):,} secrets, "
                  f"{len(game.guesses):,} guesses; strategy [bold]{strategy}[/]"
                  + ("" if max_guesses is None else f", at most {max_guesses} guesses"))
    _report(console, played, root, facts, seconds, notes)
    if tree is not None:
        try:
            written = write_tree(tree, played, root)
        except OSError as err:  # checked before the analysis: only a full disk or a race left
            raise fail(f"cannot write the tree {tree}: {err.strerror or err}", 1) from None
        console.print(f"tree written to {escape(str(written))}")


def _report(console: Console, game: Game, root: Node, facts: dict, seconds: float,
            notes: list[str]) -> None:
    mean = facts["mean"]
    rows = [("first guess", game.guess_labels[root.guess]),
            ("worst case", f"{facts['worst']} guesses"),
            ("mean", "-" if mean is None else
             f"{facts['total']}/{facts['won']} = {float(mean):.4f} guesses"),
            ("total", f"{facts['total']:,} guesses over {facts['won']:,} games")]
    if facts["lost"]:
        rows.append(("lost", f"{facts['lost']:,} games not solved within the limit"))
    rows.append(("time", f"{seconds:.2f} s"))
    rows += [("", note) for note in notes]
    figures = Table.grid(padding=(0, 2))
    for name, value in rows:
        figures.add_row(f"[bold]{name}[/]", escape(value))
    console.print(figures)
    table = Table(title="games by number of guesses", title_justify="left")
    table.add_column("guesses", justify="right")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    table.add_column("")
    won = max(1, facts["won"])
    top = max(facts["distribution"].values(), default=1)
    for cost, count in facts["distribution"].items():
        table.add_row(str(cost), f"{count:,}", f"{100 * count / won:.1f}%",
                      "#" * max(1, round(30 * count / top)))
    console.print(table)


# -- playing one game ---------------------------------------------------------------------------

HELP = ("Answer each guess with its feedback ({how}). Commands: undo (take back the last "
        "answer), left (list the possible secrets), help, quit.")


def _strategy_for_play(game: Game, strategy: str, max_guesses: int | None, first: str | None,
                       workers: int | None, cluster: str | None) -> Strategy:
    _check_strategy(strategy)
    if strategy in SEARCHES:
        return _search(game, strategy, max_guesses, first, workers, cluster).strategy()
    return _greedy(game, strategy, first)


def _read(prompt: str) -> str | None:
    """One line typed by the user (None at the end of input)."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        return None
    return line.strip()


def _play(game: Game, title: str, how: str, strategy: str, max_guesses: int | None,
          first: str | None, workers: int | None, cluster: str | None,
          secret: str | None) -> None:
    from dataclasses import replace

    reachable_cluster(cluster)
    console = new_console()
    target = None
    if secret is not None:
        if secret not in game.secret_labels:
            raise fail(f"{secret!r} is not a possible secret of {title}")
        target = game.secret_labels.index(secret)
    player = _strategy_for_play(game, strategy, max_guesses, first, workers, cluster)
    played = game if max_guesses is None else replace(game, max_cost=max_guesses)
    console.print(f"[bold]{escape(title)}[/]: {len(game.secrets):,} possible secrets; "
                  f"strategy {strategy}.")
    if target is None:
        console.print(escape(HELP.format(how=how)))
    stack = [played.start()]
    code: int | None  # None: the input ended
    while True:
        pos = stack[-1]
        guess = player.choose(played, pos)
        label = played.guess_labels[guess]
        console.print(f"guess {pos.guesses_made + 1}: [bold]{escape(label)}[/]  "
                      f"({pos.candidates.size:,} possible)")
        if target is not None:
            code = int(played.codes(guess, pos.candidates[pos.candidates == target])[0])
            console.print(f"  feedback: {escape(played.render(code))}")
        else:
            code = _ask(console, played, pos, stack, how)
            if code is None:
                return
            if code < 0:
                continue
        try:
            new = played.after(pos, guess, code)
        except Contradiction as err:
            console.print(f"[bold red]that cannot be:[/] {escape(str(err))}. Type the right "
                          "feedback, or undo to take back an earlier answer.")
            continue
        stack.append(new)
        outcome = played.outcome(new)
        if outcome is True:
            console.print(f"[bold green]solved[/] in {new.cost} guesses: "
                          f"{escape(played.guess_labels[guess])}")
            return
        if outcome is False:
            console.print(f"[bold red]lost[/]: no guesses left; {new.candidates.size} "
                          "possible secrets remained")
            return


def _ask(console: Console, game: Game, pos: Position, stack: list[Position],
         how: str) -> int | None:
    """The user's feedback for the current guess: a code, -1 to re-ask (after a command or an
    error), None to stop."""
    line = _read("feedback> ")
    if line is None or line.lower() in ("quit", "exit", "q"):
        console.print("bye")
        return None
    command = line.lower()
    if command in ("undo", "u"):
        if len(stack) > 1:
            stack.pop()
            console.print("took back the last answer")
        else:
            console.print("nothing to undo")
        return -1
    if command in ("help", "?", "h"):
        console.print(escape(HELP.format(how=how)))
        return -1
    if command in ("left", "list"):
        words = game.secret_words(pos.candidates[:60])
        more = "" if pos.candidates.size <= 60 else f" ... ({pos.candidates.size} in all)"
        console.print(escape(" ".join(words) + more))
        return -1
    try:
        return game.parse(line)
    except (FeedbackError, ValueError) as err:
        console.print(f"[bold red]cannot read that:[/] {escape(one_line(str(err)))}")
        return -1


# -- the commands ---------------------------------------------------------------------------------

PEGS = "pegs, e.g. 2B1W, BBW or 2,1"
BULLS = "bulls and cows, e.g. 1A2B or 1,2"
COMPARE = "none, <=, >= or =="


def _mastermind(colours: int, holes: int, distinct: bool, strategy: str) -> tuple[Game, str]:
    """The Mastermind game and its title, refused at once if too big for ``strategy``."""
    kind = ", secrets without repeated colours" if distinct else ""
    title = f"Mastermind {colours} colours x {holes} holes{kind}"
    _sized(title, colours**holes, perm(colours, holes) if distinct else colours**holes,
           strategy)
    return _build(lambda: mastermind(colours, holes, distinct=distinct)), title


def _bulls_cows(digits: int, strategy: str) -> tuple[Game, str]:
    """The Bulls and Cows game and its title, refused at once if too big for ``strategy``."""
    title = f"Bulls and Cows, {digits} digits"
    _sized(title, perm(10, digits), perm(10, digits), strategy)
    return _build(lambda: bulls_cows(digits)), title


def _twod(size: int, strategy: str) -> tuple[Game, str]:
    """The twoD game and its title, refused at once if too big for ``strategy``."""
    title = f"twoD {size} x {size}"
    _sized(title, size * size, size * size, strategy)
    return _build(lambda: twod(size)), title


@analyze_app.command("mastermind")
def analyze_mastermind(colours: Colours = 6, holes: Holes = 4, distinct: Distinct = False,
                       strategy: Strat = "entropy", max_guesses: MaxGuesses = None,
                       fewest_over: FewestOver = None, tree: TreeFile = None,
                       first: First = None, workers: Workers = None,
                       cluster: Cluster = None) -> None:
    """Mastermind: codes of HOLES pegs in COLOURS colours; black and white pegs."""
    game, title = _mastermind(colours, holes, distinct, strategy)
    _analyze(game, title, strategy, max_guesses, tree, first, workers, cluster, fewest_over)


@analyze_app.command("bulls-cows")
def analyze_bulls_cows(digits: Digits = 4, strategy: Strat = "entropy",
                       max_guesses: MaxGuesses = None, fewest_over: FewestOver = None,
                       tree: TreeFile = None, first: First = None, workers: Workers = None,
                       cluster: Cluster = None) -> None:
    """Bulls and Cows: numbers of DIGITS distinct digits; bulls and cows."""
    game, title = _bulls_cows(digits, strategy)
    _analyze(game, title, strategy, max_guesses, tree, first, workers, cluster, fewest_over)


@analyze_app.command("twod")
def analyze_twod(size: Size = 5, strategy: Strat = "entropy", max_guesses: MaxGuesses = None,
                 fewest_over: FewestOver = None, tree: TreeFile = None, first: First = None,
                 workers: Workers = None, cluster: Cluster = None) -> None:
    """twoD: a point of a SIZE x SIZE grid; told if the guess is <= or >= it in both."""
    game, title = _twod(size, strategy)
    _analyze(game, title, strategy, max_guesses, tree, first, workers, cluster, fewest_over)


Secret = Annotated[str | None, typer.Option(
    "--secret", help="Play against this secret (the program answers) instead of asking you.")]


@solve_app.command("mastermind")
def solve_mastermind(colours: Colours = 6, holes: Holes = 4, distinct: Distinct = False,
                     strategy: Strat = "entropy", max_guesses: MaxGuesses = None,
                     first: First = None, secret: Secret = None, workers: Workers = None,
                     cluster: Cluster = None) -> None:
    """Think of a code (colours 1..COLOURS); answer each guess with its pegs."""
    game, title = _mastermind(colours, holes, distinct, strategy)
    _play(game, title, PEGS, strategy, max_guesses, first, workers, cluster, secret)


@solve_app.command("bulls-cows")
def solve_bulls_cows(digits: Digits = 4, strategy: Strat = "entropy",
                     max_guesses: MaxGuesses = None, first: First = None,
                     secret: Secret = None, workers: Workers = None,
                     cluster: Cluster = None) -> None:
    """Think of a number of DIGITS distinct digits; answer with bulls and cows."""
    game, title = _bulls_cows(digits, strategy)
    _play(game, title, BULLS, strategy, max_guesses, first, workers, cluster, secret)


@solve_app.command("twod")
def solve_twod(size: Size = 5, strategy: Strat = "entropy", max_guesses: MaxGuesses = None,
               first: First = None, secret: Secret = None, workers: Workers = None,
               cluster: Cluster = None) -> None:
    """Think of a point x,y (0..SIZE-1); answer none, <=, >= or == for each guess."""
    game, title = _twod(size, strategy)
    _play(game, title, COMPARE, strategy, max_guesses, first, workers, cluster, secret)
