"""The published figures of Mastermind, Bulls and Cows and twoD, each with its time.

Run: ``python bench/games.py`` (every row; the slow exact searches take a while) or
``python bench/games.py --fast`` (the rows that take seconds). Writes bench/results/games.md
after each row, so an interrupted run keeps what it measured. Exact searches use all cores
unless ``--workers N``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from common import RESULTS, header
from sleuth.core.strategies import Greedy
from sleuth.core.tree import evaluate
from sleuth.games.mastermind import bulls_cows, mastermind
from sleuth.games.twod import twod
from sleuth.solve.search import optimal_mean, optimal_worst


@dataclass(frozen=True)
class Row:
    key: str
    game: str
    strategy: str
    expected: str
    run: Callable[[int | None], tuple[str, bool]]
    slow: bool = False


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
    return (f"{shown}; first guess {first} ({_form(first)})",
            dist == {2: 7, 3: 55, 4: 229, 5: 69} and sorted(Counter(first).values()) == [1, 1, 2])


def distinct_worst(workers: int | None) -> tuple[str, bool]:
    result = optimal_worst(mastermind(6, 4, distinct=True), workers=workers)
    return f"{result.worst} (first guess {result.first_guess})", result.worst == 5


def twod_both(workers: int | None) -> tuple[str, bool]:
    game = twod(5)
    greedy = evaluate(game, Greedy("entropy")).worst
    best = optimal_worst(game, workers=workers).worst
    return f"{greedy} / {best}", (greedy, best) == (5, 4)


def eight_colours(workers: int | None) -> tuple[str, bool]:
    game = mastermind(8, 4, distinct=True)
    greedy = evaluate(game, Greedy("entropy")).worst
    best = optimal_worst(game, workers=workers).worst
    return f"{greedy} / {best}", (greedy, best) == (7, 6)


def knuth(_: int | None) -> tuple[str, bool]:
    game = mastermind(6, 4)
    strategy = Greedy("minimax")
    first = game.guess_labels[strategy.choose(game, game.start())]
    result = evaluate(game, strategy)
    total = int(result.cost.sum())
    return (f"first guess {first}, worst case {result.worst}, total {total}",
            (first, result.worst, total) == ("1122", 5, 5801))


def _mean_row(game_factory: Callable[[], object], cap: int | None, expected: int,
              workers: int | None, fewest_over: int | None = None) -> tuple[str, bool, object]:
    game = game_factory()
    result = optimal_mean(game, max_guesses=cap, workers=workers,  # type: ignore[arg-type]
                          fewest_over=fewest_over)
    dist = result.distribution()
    text = (f"{result.total}/{result.size} = {result.mean:.4f}, first guess "
            f"{result.first_guess}, worst {result.worst} "
            f"({', '.join(f'{n} in {k}' for k, n in dist.items())})")
    return text, result.total == expected, result


def six_mean(workers: int | None) -> tuple[str, bool]:
    text, ok, result = _mean_row(lambda: mastermind(6, 4), 6, 5625, workers, fewest_over=5)
    return text, ok and result.distribution().get(6) == 1  # type: ignore[attr-defined]


def six_mean_capped(workers: int | None) -> tuple[str, bool]:
    text, ok, result = _mean_row(lambda: mastermind(6, 4), 5, 5626, workers)
    return text, ok and result.worst <= 5  # type: ignore[attr-defined]


def seven_mean(workers: int | None) -> tuple[str, bool]:
    text, ok, result = _mean_row(lambda: mastermind(7, 4), 6, 11228, workers)
    return text, ok and result.worst <= 6  # type: ignore[attr-defined]


def bulls_mean(workers: int | None) -> tuple[str, bool]:
    text, ok, _ = _mean_row(bulls_cows, None, 26274, workers)
    return text, ok


ROWS = [
    Row("distinct-entropy", "Mastermind 6x4, distinct secrets (360)", "greedy entropy",
        "7 in 2, 55 in 3, 229 in 4, 69 in 5; first guess AABC", distinct_entropy),
    Row("distinct-worst", "same", "optimal worst case", "5", distinct_worst),
    Row("twod", "twoD 5 x 5", "greedy entropy / optimal worst case", "5 / 4", twod_both),
    Row("knuth", "Mastermind 6x4 (1296)", "Knuth's minimax", "first guess 1122, worst case 5, "
        "total 5801", knuth),
    Row("six-mean", "same", "optimal mean (ties: fewest games over 5 guesses)",
        "5625/1296 = 4.3403, one game needs 6 guesses", six_mean),
    Row("six-mean-5", "same", "optimal mean, at most 5 guesses", "5626/1296 = 4.3410",
        six_mean_capped),
    Row("eight-worst", "Mastermind 8x4, distinct secrets (1680)",
        "greedy entropy / optimal worst case", "7 / 6", eight_colours),
    Row("seven-mean", "Mastermind 7x4 (2401)", "optimal mean, at most 6 guesses",
        "11228/2401 = 4.6764", seven_mean, slow=True),
    Row("bulls-mean", "Bulls and Cows, 4 digits (5040)", "optimal mean",
        "26274/5040 = 5.2131", bulls_mean, slow=True),
]


def table(done: list[tuple[Row, str, bool, float]]) -> str:
    lines = ["| game | strategy | published | measured | ok | time |",
             "|---|---|---|---|---|---|"]
    for row, measured, ok, seconds in done:
        lines.append(f"| {row.game} | {row.strategy} | {row.expected} | {measured} | "
                     f"{'yes' if ok else '**no**'} | {seconds:.1f} s |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fast", action="store_true", help="skip the slow exact searches")
    parser.add_argument("--only", action="append", choices=[r.key for r in ROWS],
                        help="run only these rows (repeatable)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes for the exact searches (default: all cores)")
    args = parser.parse_args()
    rows = [r for r in ROWS if (args.only is None or r.key in args.only)
            and not (args.fast and r.slow)]
    command = "python bench/games.py " + " ".join(sys.argv[1:])
    done: list[tuple[Row, str, bool, float]] = []
    started = time.perf_counter()
    for row in rows:
        print(f"{row.game}: {row.strategy} ...", flush=True)
        t = time.perf_counter()
        measured, ok = row.run(args.workers)
        seconds = time.perf_counter() - t
        done.append((row, measured, ok, seconds))
        print(f"  {measured}  [{'ok' if ok else 'MISMATCH'}, {seconds:.1f} s]", flush=True)
        text = header("Mastermind, Bulls and Cows, twoD: the published figures", command.strip())
        text += ("\nEach figure computed from scratch (times include building the feedback "
                 "tables and, on a first run, compiling the kernels); exact searches on "
                 f"{args.workers or 'all'} worker(s). No randomness is involved (no seed). "
                 f"Total so far: {time.perf_counter() - started:.0f} s.\n\n")
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "games.md").write_text(text + table(done))
    print(table(done))
    if not all(ok for _, _, ok, _ in done):
        sys.exit(1)


if __name__ == "__main__":
    main()
