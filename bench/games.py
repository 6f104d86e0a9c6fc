"""The published figures of Mastermind, Bulls and Cows and twoD, each with its time.

Run: ``python -m bench.games`` (every row; the slow exact searches take a while) or
``python -m bench.games --fast`` (the rows that take seconds). Writes bench/results/games.md
after each row, so an interrupted run keeps what it measured. ``--frontier``: the records past
those (Mastermind 8x4, Bulls and Cows' 7-turn count; minutes each) into games-frontier.md.
Exact searches use all cores unless ``--workers N``. ``--quick``: the rows that take a second,
written nowhere.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.common import RESULTS, command_line, earlier_lines, header
from sleuth.core.game import Game
from sleuth.core.storage import published
from sleuth.core.tree import evaluate
from sleuth.games.mastermind import bulls_cows, mastermind
from sleuth.games.twod import twod
from sleuth.solve.greedy import Greedy
from sleuth.solve.results import SearchResult
from sleuth.solve.search import optimal_mean, optimal_worst


@dataclass(frozen=True)
class Row:
    key: str
    game: str
    strategy: str
    expected: str
    run: Callable[[int | None], tuple[str, bool]]
    slow: bool = False
    quick: bool = False
    frontier: bool = False


def _form(label: str) -> str:
    """The shape of a code: 1123 -> AABC."""
    names: dict[str, str] = {}
    return "".join(names.setdefault(c, "ABCDEFGHI"[len(names)]) for c in label)


def distinct_entropy(_: int | None) -> tuple[str, bool]:
    game = mastermind(6, 4, distinct=True)
    strategy = Greedy("entropy")
    first = game.guess_labels[strategy.choose(game, game.start())]
    dist = evaluate(game, strategy).distribution()
    shown = ", ".join(f"{n} in {k}" for k, n in dist.items())
    worst = published("mastermind-6x4-distinct-entropy-worst")
    return (f"{shown}; first guess {first} ({_form(first)})",
            dist == {2: 7, 3: 55, 4: 229, 5: 69} and max(dist) == worst
            and sorted(Counter(first).values()) == [1, 1, 2])


def distinct_worst(workers: int | None) -> tuple[str, bool]:
    result = optimal_worst(mastermind(6, 4, distinct=True), workers=workers)
    return (f"{result.worst} (first guess {result.first_guess})",
            result.worst == published("mastermind-6x4-distinct-optimal-worst"))


def twod_both(workers: int | None) -> tuple[str, bool]:
    game = twod(5)
    greedy = evaluate(game, Greedy("entropy")).worst
    best = optimal_worst(game, workers=workers).worst
    return f"{greedy} / {best}", (greedy, best) == (published("twod-5-entropy-worst"),
                                                    published("twod-5-optimal-worst"))


def eight_colours(workers: int | None) -> tuple[str, bool]:
    game = mastermind(8, 4, distinct=True)
    greedy = evaluate(game, Greedy("entropy")).worst
    best = optimal_worst(game, workers=workers).worst
    return f"{greedy} / {best}", (greedy, best) == (
        published("mastermind-8x4-distinct-entropy-worst"),
        published("mastermind-8x4-distinct-optimal-worst"))


def knuth(_: int | None) -> tuple[str, bool]:
    game = mastermind(6, 4)
    strategy = Greedy("minimax")
    first = game.guess_labels[strategy.choose(game, game.start())]
    result = evaluate(game, strategy)
    total = int(result.cost.sum())
    return (f"first guess {first}, worst case {result.worst}, total {total}",
            (first, result.worst, total) == ("1122", published("mastermind-6x4-knuth-worst"),
                                             published("mastermind-6x4-knuth")))


def _mean_row(game_factory: Callable[[], Game], cap: int | None, expected: float,
              workers: int | None, fewest_over: int | None = None,
              over_first: bool = False) -> tuple[str, bool, SearchResult]:
    game = game_factory()
    result = optimal_mean(game, max_guesses=cap, workers=workers, fewest_over=fewest_over,
                          over_first=over_first)
    dist = result.distribution()
    text = (f"{result.total}/{result.size} = {result.mean:.4f}, first guess "
            f"{result.first_guess}, worst {result.worst} "
            f"({', '.join(f'{n} in {k}' for k, n in dist.items())})")
    return text, result.total == expected, result


def six_mean(workers: int | None) -> tuple[str, bool]:
    text, ok, result = _mean_row(lambda: mastermind(6, 4), 6, published("mastermind-6x4-optimal"),
                                 workers, fewest_over=5)
    return text, ok and result.distribution().get(6) == 1


def six_mean_capped(workers: int | None) -> tuple[str, bool]:
    text, ok, result = _mean_row(lambda: mastermind(6, 4), 5,
                                  published("mastermind-6x4-optimal-within-5"), workers)
    return text, ok and result.worst <= 5


def seven_mean(workers: int | None) -> tuple[str, bool]:
    text, ok, result = _mean_row(lambda: mastermind(7, 4), 6,
                                  published("mastermind-7x4-optimal-within-6"), workers)
    return text, ok and result.worst <= 6


def bulls_mean(workers: int | None) -> tuple[str, bool]:
    text, ok, _ = _mean_row(bulls_cows, None, published("bulls-cows-optimal"), workers)
    return text, ok


def eight_mean(workers: int | None) -> tuple[str, bool]:
    text, ok, result = _mean_row(lambda: mastermind(8, 4), None,
                                  published("mastermind-8x4-optimal"), workers)
    return text + _positions(result), ok and result.worst == 7


def eight_mean_capped(workers: int | None) -> tuple[str, bool]:
    text, ok, result = _mean_row(lambda: mastermind(8, 4), 6,
                                  published("mastermind-8x4-optimal-within-6"), workers)
    return text + _positions(result), ok and result.worst <= 6


def bulls_seven(workers: int | None) -> tuple[str, bool]:
    """Fewest secrets needing 7 turns first, then the least total: at or below the best known."""
    text, _, result = _mean_row(bulls_cows, 7, 0, workers, fewest_over=6, over_first=True)
    sevens = result.distribution().get(7, 0)
    return (f"{sevens} secrets need 7 (proven fewest); {text}{_positions(result)}",
            sevens <= published("bulls-cows-fewest-seven"))


def _positions(result: SearchResult) -> str:
    """How many positions the search went through."""
    return f"; {result.nodes:,} positions"


def _mean(key: str, secrets: int) -> str:
    """A published total as the mean it gives: 5625/1296 = 4.3403."""
    return f"{published(key)}/{secrets} = {published(key) / secrets:.4f}"


ROWS = [
    Row("distinct-entropy", "Mastermind 6x4, distinct secrets (360)", "greedy entropy",
        "7 in 2, 55 in 3, 229 in 4, 69 in 5; first guess AABC", distinct_entropy, quick=True),
    Row("distinct-worst", "same", "optimal worst case",
        str(published("mastermind-6x4-distinct-optimal-worst")), distinct_worst),
    Row("twod", "twoD 5 x 5", "greedy entropy / optimal worst case",
        f"{published('twod-5-entropy-worst')} / {published('twod-5-optimal-worst')}", twod_both,
        quick=True),
    Row("knuth", "Mastermind 6x4 (1296)", "Knuth's minimax", "first guess 1122, worst case "
        f"{published('mastermind-6x4-knuth-worst')}, total {published('mastermind-6x4-knuth')}",
        knuth, quick=True),
    Row("six-mean", "same", "optimal mean (ties: fewest games over 5 guesses)",
        f"{_mean('mastermind-6x4-optimal', 1296)}, one game needs 6 guesses", six_mean),
    Row("six-mean-5", "same", "optimal mean, at most 5 guesses",
        _mean("mastermind-6x4-optimal-within-5", 1296), six_mean_capped),
    Row("eight-worst", "Mastermind 8x4, distinct secrets (1680)",
        "greedy entropy / optimal worst case",
        f"{published('mastermind-8x4-distinct-entropy-worst')} / "
        f"{published('mastermind-8x4-distinct-optimal-worst')}", eight_colours),
    Row("seven-mean", "Mastermind 7x4 (2401)", "optimal mean, at most 6 guesses",
        _mean("mastermind-7x4-optimal-within-6", 2401), seven_mean, slow=True),
    Row("bulls-mean", "Bulls and Cows, 4 digits (5040)", "optimal mean",
        _mean("bulls-cows-optimal", 5040), bulls_mean, slow=True),
    Row("eight-mean", "Mastermind 8x4 (4096)", "optimal mean",
        f"{_mean('mastermind-8x4-optimal', 4096)}, worst 7", eight_mean, slow=True,
        frontier=True),
    Row("eight-mean-6", "same", "optimal mean, at most 6 guesses",
        _mean("mastermind-8x4-optimal-within-6", 4096), eight_mean_capped, slow=True,
        frontier=True),
    Row("bulls-seven", "Bulls and Cows, 4 digits (5040)",
        "fewest secrets needing 7 turns, then least total (`--strategy optimal-fewest "
        "--max-guesses 7 --fewest-over 6`)",
        f"open; best known {published('bulls-cows-fewest-seven')}", bulls_seven, slow=True,
        frontier=True),
]


def table(done: list[tuple[Row, str, bool, float]], kept: dict[str, str] | None = None) -> str:
    """The results table in the rows' order: the rows just run, and the ``kept`` lines of rows
    this run left out (from the file's earlier run)."""
    lines = ["| game | strategy | published | measured | ok | time |",
             "|---|---|---|---|---|---|"]
    ran = {row.key: (row, measured, ok, seconds) for row, measured, ok, seconds in done}
    for key in [r.key for r in ROWS]:
        if key in ran:
            row, measured, ok, seconds = ran[key]
            lines.append(f"| {row.game} | {row.strategy} | {row.expected} | {measured} | "
                         f"{'yes' if ok else '**no**'} | {seconds:.1f} s |")
        elif kept and key in kept:
            lines.append(kept[key])
    return "\n".join(lines) + "\n"


def kept_lines(path: Path, rows: list[Row]) -> dict[str, str]:
    """The lines of ``rows`` in an earlier results file, by row key (none if no file)."""
    return earlier_lines(path, {row.key: f"| {row.game} | {row.strategy} | " for row in rows})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fast", action="store_true", help="skip the slow exact searches")
    parser.add_argument("--quick", action="store_true",
                        help="only the rows that take a second, on one worker; write nothing")
    parser.add_argument("--frontier", action="store_true",
                        help="the records past the published tables (minutes each)")
    parser.add_argument("--only", action="append", choices=[r.key for r in ROWS],
                        help="run only these rows (repeatable)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes for the exact searches (default: all cores)")
    args = parser.parse_args(argv)
    rows = [r for r in ROWS if (args.only is None or r.key in args.only)
            and not (args.fast and r.slow) and (r.quick or not args.quick)
            and r.frontier == args.frontier]
    out = RESULTS / ("games-frontier.md" if args.frontier else "games.md")
    kept = kept_lines(out, [r for r in ROWS if r.frontier == args.frontier and r not in rows])
    workers = 1 if args.quick else args.workers
    command = command_line("games", argv)
    done: list[tuple[Row, str, bool, float]] = []
    started = time.perf_counter()
    for row in rows:
        print(f"{row.game}: {row.strategy} ...", flush=True)
        t = time.perf_counter()
        measured, ok = row.run(workers)
        seconds = time.perf_counter() - t
        done.append((row, measured, ok, seconds))
        print(f"  {measured}  [{'ok' if ok else 'MISMATCH'}, {seconds:.1f} s]", flush=True)
        title = "the records past them" if args.frontier else "the published figures"
        text = header(f"Mastermind, Bulls and Cows, twoD: {title}", command.strip())
        text += ("\nEach figure computed from scratch (times include building the feedback "
                 "tables and, on a first run, compiling the kernels); exact searches on "
                 f"{workers or 'all'} worker(s). No randomness is involved (no seed). "
                 f"Total so far: {time.perf_counter() - started:.0f} s."
                 + (" Rows this command did not run are kept from the file's earlier run."
                    if kept else "") + "\n\n")
        if not args.quick:
            RESULTS.mkdir(parents=True, exist_ok=True)
            out.write_text(text + table(done, kept))
    print(table(done))
    if not all(ok for _, _, ok, _ in done):
        sys.exit(1)


if __name__ == "__main__":
    main()
