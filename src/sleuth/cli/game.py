"""``sleuth game``: analyse a strategy on Mastermind, Bulls and Cows, twoD or a game of your
own against every secret at once (greedy or exactly optimal), let it solve your secret, or
play against it.

    sleuth game analyze mastermind --colours 6 --holes 4 --strategy optimal-mean
    sleuth game analyze twod --size 5 --strategy optimal-worst --tree twod.dot --paths worst
    sleuth game analyze --custom examples/mastermind.py --strategy optimal-mean
    sleuth game solve bulls-cows --strategy entropy
    sleuth game play --custom examples/twod.py

A game of your own is a Python file (see :mod:`sleuth.games.custom`); it runs as Python.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from math import perm
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from sleuth.cli import GROUPS
from sleuth.cli.common import (
    Bar,
    compile_notice,
    fail,
    new_console,
    one_line,
    reachable_cluster,
    tree_file_option,
)
from sleuth.core.errors import FeedbackError
from sleuth.core.game import Contradiction, Game, Position
from sleuth.core.strategies import STRATEGIES, Strategy, get
from sleuth.core.tree import LazyTree, Node, evaluate
from sleuth.games.custom import read_game_file, typed_label
from sleuth.games.mastermind import bulls_cows, mastermind
from sleuth.games.twod import twod
from sleuth.solve.export import (
    GamePath,
    figures,
    path_text,
    paths,
    worst_paths,
    write_tree,
)
from sleuth.solve.results import SearchResult
from sleuth.solve.search import optimal_mean, optimal_worst

GAMES = "mastermind, bulls-cows, twod"
#: What every group's help says of where its options go.
NAMED = (f"Name a game ({GAMES}) and give its options after the name (`sleuth game {{group}} "
         "mastermind --help` lists them), or give a game of your own with --custom FILE.py "
         "and the options below (what the file holds: see --custom; sleuth's repository has "
         "four in `examples/`).")
app = typer.Typer(help=GROUPS["game"][1], no_args_is_help=True, rich_markup_mode="markdown")
analyze_app = typer.Typer(help=f"""Run a strategy against every secret at once and report.

{NAMED.format(group="analyze")}

```
sleuth game analyze mastermind --strategy minimax
sleuth game analyze twod --strategy entropy --paths worst
sleuth game analyze --custom examples/twod.py --strategy optimal-mean
```""", no_args_is_help=True, rich_markup_mode="markdown")
solve_app = typer.Typer(help=f"""Sleuth guesses your secret: you answer each guess (or
--secret does).

{NAMED.format(group="solve")}

```
sleuth game solve mastermind --strategy minimax
sleuth game solve twod --secret 3,1
sleuth game solve --custom examples/mastermind_distinct.py
```""", no_args_is_help=True, rich_markup_mode="markdown")
play_app = typer.Typer(help=f"""You guess: sleuth keeps a secret and answers each guess.

{NAMED.format(group="play")}

```
sleuth game play mastermind
sleuth game play --custom examples/twod.py
```""", no_args_is_help=True, rich_markup_mode="markdown")
app.add_typer(analyze_app, name="analyze")
app.add_typer(solve_app, name="solve")
app.add_typer(play_app, name="play")

SEARCHES = ("optimal-worst", "optimal-mean", "optimal-fewest")
GREEDY = tuple(name for name in STRATEGIES if name.split("-")[0] in
               ("entropy", "minimax", "expected", "parts"))
CHOICES = (*GREEDY, *SEARCHES)

Strat = Annotated[str, typer.Option(
    "--strategy", "-s", metavar="NAME",
    help="How sleuth guesses: a greedy rule, entropy (most information), minimax (smallest "
         "worst case), expected (fewest secrets left on average) or parts (most feedback "
         "classes), each also as NAME-candidates (guessing only possible secrets); or an exact "
         "search, optimal-worst (fewest guesses in the worst case), optimal-mean (fewest on "
         "average) or optimal-fewest (fewest games over --fewest-over N guesses, then fewest on "
         "average).")]
MaxGuesses = Annotated[int | None, typer.Option(
    "--max-guesses", "-k", min=1,
    help="Cap on guesses per game (optimal-mean: the best mean within it; greedy: games past it "
         "are lost); default: the game's own limit.")]
TreeFile = Annotated[Path | None, typer.Option(
    "--tree", metavar="FILE",
    help="Write the decision tree to FILE, in the format its suffix names: .json (or "
         ".json.gz), .dot, .txt, or .svg (drawn by Graphviz).")]
Workers = Annotated[int | None, typer.Option(
    "--workers", "-j", min=1,
    help="Worker processes of the exact searches (default: one per CPU core).")]
Cluster = Annotated[str | None, typer.Option(
    "--cluster", metavar="ADDRESS",
    help="Run the exact searches on the Dask scheduler at ADDRESS (tcp://host:8786) instead of "
         "local processes.")]
First = Annotated[str | None, typer.Option(
    "--first", help="Open with this guess, typed as the game prints it (Mastermind 1122, "
    "Bulls and Cows 0123, twoD 2,3); default: the strategy's choice.")]
FewestOver = Annotated[int | None, typer.Option(
    "--fewest-over", min=1, metavar="N",
    help="optimal-mean: among optimal strategies, take one with fewest games over N guesses; "
         "optimal-fewest: fewest games over N guesses first (needs --max-guesses above N).")]
Colours = Annotated[int, typer.Option(
    "--colours", "--colors", "-c", min=1, max=26,
    help="Number of colours, typed 1 to COLOURS (A to Z past 9).")]
Holes = Annotated[int, typer.Option("--holes", "-n", min=1, max=9, help="Pegs in a code.")]
Distinct = Annotated[bool, typer.Option("--distinct", help="Secrets never repeat a colour "
                                        "(guesses still may).")]
Digits = Annotated[int, typer.Option("--digits", "-n", min=1, max=10,
                                     help="Digits in a number, all different.")]
Size = Annotated[int, typer.Option("--size", "-n", min=1, max=200,
                                   help="Grid side: points x,y from 0,0 to SIZE-1,SIZE-1.")]
Custom = Annotated[Path | None, typer.Option(
    "--custom", metavar="FILE.py",
    help="A game of your own, in place of a game's name: a Python file defining guesses, "
         "secrets, feedback(guess, secret) and optionally ends (a set of feedbacks that end "
         "the game), max_guesses and name. It runs as Python: use your own files.")]
PATHS = ("worst", "all")
Paths = Annotated[str | None, typer.Option(
    "--paths", metavar="worst|all",
    help="Also print the worst-case games (worst) or every game (all), guess by guess.")]
Secret = Annotated[str | None, typer.Option(
    "--secret", help="Play against this secret, typed as the game prints it (sleuth then "
    "answers its own guesses); default: you answer.")]
Hidden = Annotated[str | None, typer.Option(
    "--secret", help="The secret to keep, typed as the game prints it (default: one drawn at "
    "random).")]
Seed = Annotated[int | None, typer.Option(
    "--seed", help="Seed of the random secret (default: a new secret each run).")]
Allowed = Annotated[int | None, typer.Option(
    "--max-guesses", "-k", min=1, help="Guesses you have (default: the game's own limit).")]

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
    if fewest_over is not None and strategy not in ("optimal-mean", "optimal-fewest"):
        raise fail("--fewest-over applies to the optimal-mean and optimal-fewest strategies")
    if strategy == "optimal-fewest" and (fewest_over is None or max_guesses is None):
        raise fail("optimal-fewest needs --fewest-over N and --max-guesses above N")
    compile_notice(20, "sleuth.solve.kernels")
    try:
        with Bar(new_console(stderr=True), f"{strategy} search", unit="classes") as bar:
            if strategy != "optimal-worst":
                result = optimal_mean(game, position, max_guesses=max_guesses,
                                      first_guess=first, workers=workers, cluster=cluster,
                                      progress=bar, fewest_over=fewest_over,
                                      over_first=strategy == "optimal-fewest")
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
    return replace(game, max_cost=max(game.max_cost, worst))


def _checked_options(strategy: str, tree: Path | None, show: str | None,
                     cluster: str | None) -> None:
    """Refuse, before any work, a strategy, tree file, --paths or cluster that cannot do."""
    _check_strategy(strategy)
    if tree is not None:
        tree_file_option(tree, "--tree")
    if show is not None and show not in PATHS:
        raise fail(f"--paths {show!r}: give worst (the worst-case games) or all (every game)")
    reachable_cluster(cluster)


def _analyze(game: Game, title: str, strategy: str, max_guesses: int | None, tree: Path | None,
             first: str | None, workers: int | None, cluster: str | None,
             fewest_over: int | None = None, show: str | None = None) -> None:
    _checked_options(strategy, tree, show, cluster)
    first = None if first is None else typed_label(first, game.guess_labels)
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
        if fewest_over is not None:
            raise fail("--fewest-over applies to the optimal-mean and optimal-fewest strategies")
        played = game if max_guesses is None else replace(game, max_cost=max_guesses)
        player = _greedy(game, strategy, first)
        with Bar(new_console(stderr=True), strategy, len(game.secrets), "secrets") as bar:
            evaluation = evaluate(played, player, keep_tree=True, progress=bar.advance)
        root = evaluation.root
    seconds = time.perf_counter() - started
    assert root is not None
    every = paths(played, root)
    facts = figures(every, played.start())
    console.print(f"[bold]{escape(title)}[/], {len(game.secrets):,} secrets, "
                  f"{len(game.guesses):,} guesses; strategy [bold]{strategy}[/]"
                  + ("" if max_guesses is None else f", at most {max_guesses} guesses"))
    _report(console, played, root, facts, seconds, notes)
    if show is not None:
        _print_paths(console, played, every, show)
    if tree is not None:
        try:
            written = write_tree(tree, played, root)
        except OSError as err:  # checked before the analysis: only a full disk or a race left
            raise fail(f"cannot write the tree {tree}: {err.strerror or err}", 1) from None
        console.print(f"tree written to {escape(str(written))}")


def _print_paths(console: Console, game: Game, every: list[GamePath], show: str) -> None:
    """Every game (``all``) or the worst-case ones (``worst``), one line each, by secret."""
    chosen = every if show == "all" else worst_paths(every)
    if show == "all":
        head = f"every game ({len(chosen):,})"
    else:
        kind = "lost" if chosen and not chosen[0].won else "worst case"
        cost = chosen[0].cost if chosen else 0
        head = f"{kind}: {len(chosen):,} game{'s' if len(chosen) != 1 else ''} of {cost} " \
            "guesses"
    console.print(f"[bold]{escape(head)}[/]")
    for path in chosen:
        console.print(escape(path_text(game, path)), soft_wrap=True)


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
    figures_ = Table.grid(padding=(0, 2))
    for name, value in rows:
        figures_.add_row(f"[bold]{name}[/]", escape(value))
    console.print(figures_)
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


# -- sleuth solving your secret -----------------------------------------------------------------

HELP = ("Answer each guess with its feedback ({how}). Commands: undo (take back the last "
        "answer), left (list the possible secrets), help, quit.")


def _strategy_for_play(game: Game, strategy: str, max_guesses: int | None, first: str | None,
                       workers: int | None, cluster: str | None) -> Strategy:
    _check_strategy(strategy)
    if strategy == "optimal-fewest":
        raise fail("optimal-fewest needs --fewest-over, which only game analyze takes")
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


def _secret_index(game: Game, title: str, secret: str) -> int:
    """The index of a secret typed by the user; refused in one line if it is none."""
    label = typed_label(secret, game.secret_labels)
    if label not in game.secret_labels:
        raise fail(f"{secret!r} is not a possible secret of {title}")
    return list(game.secret_labels).index(label)


def _solve(game: Game, title: str, how: str, strategy: str, max_guesses: int | None,
           first: str | None, workers: int | None, cluster: str | None,
           secret: str | None) -> None:
    """The strategy guesses, walking its tree lazily; you (or ``secret``) answer."""
    reachable_cluster(cluster)
    console = new_console()
    target = None if secret is None else _secret_index(game, title, secret)
    first = None if first is None else typed_label(first, game.guess_labels)
    player = _strategy_for_play(game, strategy, max_guesses, first, workers, cluster)
    played = game if max_guesses is None else replace(game, max_cost=max_guesses)
    console.print(f"[bold]{escape(title)}[/]: {len(game.secrets):,} possible secrets; "
                  f"strategy {strategy}.")
    if target is None:
        console.print(escape(HELP.format(how=how)))
    stack = [LazyTree(played, player)]
    while True:
        node = stack[-1]
        console.print(f"guess {node.position.guesses_made + 1}: [bold]{escape(node.label)}[/]  "
                      f"({node.candidates.size:,} possible)")
        if target is not None:
            code = int(played.codes(node.guess, np.array([target]))[0])
            console.print(f"  feedback: {escape(played.render(code))}")
        else:
            answer = _ask(console, played, node.position, stack, how)
            if answer is None:
                return
            if answer < 0:
                continue
            code = answer
        try:
            new = node.child(code)
        except Contradiction as err:
            console.print(f"[bold red]that cannot be:[/] {escape(str(err))}. Type the right "
                          "feedback, or undo to take back an earlier answer.")
            continue
        stack.append(new)
        if new.outcome is True:
            console.print(f"[bold green]solved[/] in {new.position.cost} guesses: "
                          f"{escape(node.label)}")
            return
        if new.outcome is False:
            console.print(f"[bold red]lost[/]: no guesses left; {new.candidates.size} "
                          "possible secrets remained")
            return


def _ask(console: Console, game: Game, pos: Position, stack: list[LazyTree],
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
        _list_left(console, game, pos)
        return -1
    try:
        return game.parse(line)
    except (FeedbackError, ValueError) as err:
        console.print(f"[bold red]cannot read that:[/] {escape(one_line(str(err)))}")
        return -1


def _list_left(console: Console, game: Game, pos: Position) -> None:
    words = game.secret_words(pos.candidates[:60])
    more = "" if pos.candidates.size <= 60 else f" ... ({pos.candidates.size} in all)"
    console.print(escape(" ".join(words) + more))


# -- you guessing sleuth's secret ---------------------------------------------------------------

PLAY_HELP = ("Type a guess ({example}, ...); sleuth answers with its feedback. Commands: left "
             "(list the secrets that fit the answers so far), help, quit (shows the secret).")


def _referee(game: Game, title: str, secret: str | None, seed: int | None,
             max_guesses: int | None) -> None:
    """Keep a secret (``secret``, or one drawn at random) and answer the user's guesses."""
    played = game if max_guesses is None else replace(game, max_cost=max_guesses)
    target = _secret_index(game, title, secret) if secret is not None else \
        random.Random(seed).randrange(len(game.secrets))
    hidden = game.secret_labels[target]
    console = new_console()
    console.print(f"[bold]{escape(title)}[/]: I have chosen one of {len(game.secrets):,} "
                  f"secrets; you have {played.max_cost} guess"
                  f"{'' if played.max_cost == 1 else 'es'}.")
    console.print(escape(PLAY_HELP.format(example=", ".join(game.guess_labels[:2]))))
    pos = played.start()
    while True:
        line = _read(f"guess {pos.guesses_made + 1}> ")
        if line is None or line.lower() in ("quit", "exit", "q"):
            console.print(f"bye; the secret was {escape(hidden)}")
            return
        if line.lower() in ("help", "?", "h"):
            console.print(escape(PLAY_HELP.format(example=", ".join(game.guess_labels[:2]))))
            continue
        if line.lower() in ("left", "list"):
            _list_left(console, played, pos)
            continue
        try:
            guess = played.guess_index(typed_label(line, played.guess_labels))
            code = int(played.codes(guess, np.array([target]))[0])
            pos = played.after(pos, guess, code)
        except ValueError as err:
            console.print(f"[bold red]cannot play that:[/] {escape(one_line(str(err)))}")
            continue
        console.print(f"  {escape(played.render(code))}  ({pos.candidates.size:,} possible)")
        outcome = played.outcome(pos)
        if outcome is True:
            console.print(f"[bold green]solved[/] in {pos.cost} guesses: {escape(hidden)}")
            return
        if outcome is False:
            console.print(f"[bold red]lost[/]: no guesses left; the secret was "
                          f"{escape(hidden)}")
            return


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


def _custom(path: Path, strategy: str) -> tuple[Game, str]:
    """The game a file defines and its title (the file's ``name``), refused at once if the
    file is wrong or the game too big for ``strategy``."""
    try:
        spec = read_game_file(path)
    except ValueError as err:
        raise fail(f"--custom {err}") from None
    _sized(spec.name, len(spec.guesses), len(spec.secrets), strategy)
    return _build(spec.game), spec.name


def _feedbacks(game: Game) -> str:
    """How to type a custom game's feedback: some of its values as printed."""
    shown = [game.render(code) for code in range(min(game.n_codes, 4))]
    return "as printed, e.g. " + ", ".join(shown) + (", ..." if game.n_codes > 4 else "")


def _custom_file(ctx: typer.Context, custom: Path | None) -> Path | None:
    """The game file of a group's ``--custom`` when no game is named; None when one is (the
    group's other options then must not be given: they belong after the name)."""
    if ctx.invoked_subcommand is not None:
        given = [f"--{name.replace('_', '-')}" for name in ctx.params
                 if getattr(ctx.get_parameter_source(name), "name", "DEFAULT") not in
                 ("DEFAULT", "DEFAULT_MAP")]  # typer's own click: its enum, by name
        if given:
            raise fail(f"{', '.join(given)} before the game's name: give either a game's name "
                       "(options after it) or --custom FILE.py")
        return None
    if custom is None:
        raise fail(f"name a game ({GAMES}) or give your own with --custom FILE.py")
    return custom


@analyze_app.callback(invoke_without_command=True)
def analyze_custom(ctx: typer.Context, custom: Custom = None, strategy: Strat = "entropy",
                   max_guesses: MaxGuesses = None, fewest_over: FewestOver = None,
                   tree: TreeFile = None, first: First = None, paths: Paths = None,
                   workers: Workers = None, cluster: Cluster = None) -> None:
    """Run a strategy against every secret at once and report. Name a game, or give your own
    with --custom FILE.py."""
    path = _custom_file(ctx, custom)
    if path is not None:
        game, title = _custom(path, strategy)
        _analyze(game, title, strategy, max_guesses, tree, first, workers, cluster,
                 fewest_over, paths)


@analyze_app.command("mastermind")
def analyze_mastermind(colours: Colours = 6, holes: Holes = 4, distinct: Distinct = False,
                       strategy: Strat = "entropy", max_guesses: MaxGuesses = None,
                       fewest_over: FewestOver = None, tree: TreeFile = None,
                       first: First = None, paths: Paths = None, workers: Workers = None,
                       cluster: Cluster = None) -> None:
    """Mastermind: codes of HOLES pegs in COLOURS colours; the answer counts black pegs
    (right colour, right place) and white pegs (right colour, wrong place)."""
    game, title = _mastermind(colours, holes, distinct, strategy)
    _analyze(game, title, strategy, max_guesses, tree, first, workers, cluster, fewest_over,
             paths)


@analyze_app.command("bulls-cows")
def analyze_bulls_cows(digits: Digits = 4, strategy: Strat = "entropy",
                       max_guesses: MaxGuesses = None, fewest_over: FewestOver = None,
                       tree: TreeFile = None, first: First = None, paths: Paths = None,
                       workers: Workers = None, cluster: Cluster = None) -> None:
    """Bulls and Cows: numbers of DIGITS distinct digits; the answer counts bulls (right
    digit, right place) and cows (right digit, wrong place)."""
    game, title = _bulls_cows(digits, strategy)
    _analyze(game, title, strategy, max_guesses, tree, first, workers, cluster, fewest_over,
             paths)


@analyze_app.command("twod")
def analyze_twod(size: Size = 5, strategy: Strat = "entropy", max_guesses: MaxGuesses = None,
                 fewest_over: FewestOver = None, tree: TreeFile = None, first: First = None,
                 paths: Paths = None, workers: Workers = None,
                 cluster: Cluster = None) -> None:
    """twoD: the secret is a point x,y of a SIZE x SIZE grid. Each guess is a point too,
    and the answer says whether the guess is <= the secret in both coordinates (x and y) and
    whether it is >= the secret in both (both: found)."""
    game, title = _twod(size, strategy)
    _analyze(game, title, strategy, max_guesses, tree, first, workers, cluster, fewest_over,
             paths)


@solve_app.callback(invoke_without_command=True)
def solve_custom(ctx: typer.Context, custom: Custom = None, strategy: Strat = "entropy",
                 max_guesses: MaxGuesses = None, first: First = None, secret: Secret = None,
                 workers: Workers = None, cluster: Cluster = None) -> None:
    """Sleuth guesses your secret: you answer each guess (or --secret does). Name a game, or
    give your own with --custom FILE.py."""
    path = _custom_file(ctx, custom)
    if path is not None:
        game, title = _custom(path, strategy)
        _solve(game, title, _feedbacks(game), strategy, max_guesses, first, workers, cluster,
               secret)


@solve_app.command("mastermind")
def solve_mastermind(colours: Colours = 6, holes: Holes = 4, distinct: Distinct = False,
                     strategy: Strat = "entropy", max_guesses: MaxGuesses = None,
                     first: First = None, secret: Secret = None, workers: Workers = None,
                     cluster: Cluster = None) -> None:
    """Think of a code (colours 1..COLOURS, or A.. past 9); answer each guess with its black
    and white pegs (2B1W, BBW or 2,1)."""
    game, title = _mastermind(colours, holes, distinct, strategy)
    _solve(game, title, PEGS, strategy, max_guesses, first, workers, cluster, secret)


@solve_app.command("bulls-cows")
def solve_bulls_cows(digits: Digits = 4, strategy: Strat = "entropy",
                     max_guesses: MaxGuesses = None, first: First = None,
                     secret: Secret = None, workers: Workers = None,
                     cluster: Cluster = None) -> None:
    """Think of a number of DIGITS distinct digits; answer each guess with its bulls (right
    digit, right place) and cows (right digit, wrong place): 1A2B or 1,2."""
    game, title = _bulls_cows(digits, strategy)
    _solve(game, title, BULLS, strategy, max_guesses, first, workers, cluster, secret)


@solve_app.command("twod")
def solve_twod(size: Size = 5, strategy: Strat = "entropy", max_guesses: MaxGuesses = None,
               first: First = None, secret: Secret = None, workers: Workers = None,
               cluster: Cluster = None) -> None:
    """Think of a point x,y (0..SIZE-1); answer each guess with <= (it is at or below yours in
    both coordinates), >= (at or above in both), == (found) or none."""
    game, title = _twod(size, strategy)
    _solve(game, title, COMPARE, strategy, max_guesses, first, workers, cluster, secret)


@play_app.callback(invoke_without_command=True)
def play_custom(ctx: typer.Context, custom: Custom = None, secret: Hidden = None,
                seed: Seed = None, max_guesses: Allowed = None) -> None:
    """You guess: sleuth keeps a secret and answers each guess. Name a game, or give your own
    with --custom FILE.py."""
    path = _custom_file(ctx, custom)
    if path is not None:
        game, title = _custom(path, "entropy")
        _referee(game, title, secret, seed, max_guesses)


@play_app.command("mastermind")
def play_mastermind(colours: Colours = 6, holes: Holes = 4, distinct: Distinct = False,
                    secret: Hidden = None, seed: Seed = None,
                    max_guesses: Allowed = None) -> None:
    """Find sleuth's code (colours 1..COLOURS, or A.. past 9); it answers with black and white
    pegs."""
    game, title = _mastermind(colours, holes, distinct, "entropy")
    _referee(game, title, secret, seed, max_guesses)


@play_app.command("bulls-cows")
def play_bulls_cows(digits: Digits = 4, secret: Hidden = None, seed: Seed = None,
                    max_guesses: Allowed = None) -> None:
    """Find sleuth's number of DIGITS distinct digits; it answers with bulls and cows."""
    game, title = _bulls_cows(digits, "entropy")
    _referee(game, title, secret, seed, max_guesses)


@play_app.command("twod")
def play_twod(size: Size = 5, secret: Hidden = None, seed: Seed = None,
              max_guesses: Allowed = None) -> None:
    """Find sleuth's point x,y (0..SIZE-1); it answers <= (your guess is at or below it in
    both coordinates), >= (at or above in both), == (found) or none."""
    game, title = _twod(size, "entropy")
    _referee(game, title, secret, seed, max_guesses)
