"""What a whole ranking sweep costs once its top is known: openers drawn at random from a
published ranking, each searched as a sweep's worker searches it (cut at the published
``--top``-th best total plus one), timed, and checked against the published verdict.

Run: ``python -m bench.sweep_sample [--lists L] [--hard] [--openers 40] [--seed 3]
[--top 100]`` (writes bench/results/sweep-sample-LISTS-MODE.md). One
process, one core, the worker's memo kept from one opener to the next; the kernels are
compiled first, untimed. The projection (mean seconds an opener x all openers / 2 cores)
leaves out the search of the top openers' exact totals. ``--quick``: 4 openers of the
2022 lists in normal mode, written nowhere.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from bench.common import SHARED, command_line, header, kept_unless
from bench.sweep import PUBLISHED
from sleuth.core.game import Game
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import shipped_lists
from sleuth.games.wordle.openers import Sweep, _install_game, _search_opener
from sleuth.games.wordle.ranking import DIFFERENCES, Entry, compare, ranking, read_published

TABLE = ("| published | outcome | openers | mean s | most s |\n|---|---|---|---|---|\n")
CORES = 2


def sampled(game: Game, words: list[str], cut: int) -> tuple[Sweep, dict[str, float]]:
    """The sweep's records of ``words``, searched in turn, and each word's seconds."""
    _install_game(game)
    options = {"upper": cut + 1, "workers": 1}
    sweep, seconds = Sweep(), {}
    for word in words:
        began = time.perf_counter()
        sweep.add(_search_opener(word, options))
        seconds[word] = time.perf_counter() - began
    return sweep, seconds


def table(entries: list[Entry], seconds: dict[str, float]) -> str:
    """Rows by published kind and our outcome: how many, mean and most seconds."""
    groups: dict[tuple[str, str], list[float]] = defaultdict(list)
    for entry in entries:
        published = "cannot win" if entry.theirs is None else "total"
        groups[(published, entry.ours.kind if entry.ours else "-")].append(seconds[entry.guess])
    rows = [f"| {kind} | {ours} | {len(s)} | {statistics.mean(s):.2f} | {max(s):.2f} |"
            for (kind, ours), s in sorted(groups.items())]
    return TABLE + "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="wordle-nyt-2023-07-01",
                        choices=sorted({lists for lists, _ in PUBLISHED}))
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--openers", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--top", type=int, default=100)
    parser.add_argument("--quick", action="store_true", help="4 openers; write nothing")
    args = parser.parse_args(argv)
    if args.openers < 1 or args.top < 1:
        parser.error("--openers and --top take 1 or more")
    if args.quick:
        args.lists, args.hard, args.openers = "wordle-nyt-2022-08-30", False, 4
    if (args.lists, args.hard) not in PUBLISHED:
        parser.error(f"--lists {args.lists}: no published ranking in that mode")
    published = read_published(SHARED / "wordle" / "published"
                               / PUBLISHED[(args.lists, args.hard)])
    lists = shipped_lists(args.lists)
    if len(published) < len(lists.guesses):
        parser.error(f"--lists {args.lists}: its published ranking is a top list "
                     f"({len(published)} openers), not every opener")
    # what a finished sweep cuts every other opener at: the top-th best published total
    cut = Sweep(totals={w: t for w, t in published.items() if t is not None}).cutoff(args.top)
    if cut is None:
        parser.error(f"--top {args.top}: the published ranking has fewer exact totals")
    game = game_from(lists, hard=args.hard)
    words = random.Random(args.seed).sample(sorted(published), min(args.openers,
                                                                   len(published)))
    worst = max((w for w, t in published.items() if t is not None), key=published.__getitem__)
    sampled(game, [worst], cut)  # compiles the kernels, untimed
    sweep, seconds = sampled(game, words, cut)
    entries = compare(ranking(sweep), {word: published[word] for word in words})
    rows = table(entries, seconds)
    mean = statistics.mean(seconds.values())
    wrong = sum(entry.verdict in DIFFERENCES for entry in entries)
    summary = (f"{args.lists}, {'hard' if args.hard else 'normal'} mode: {len(words)} openers "
               f"drawn (seed {args.seed}), cut at {cut} + 1 (the {args.top}-th best published "
               f"total);"
               f" {mean:.2f} s an opener on one core, so about "
               f"{mean * len(published) / CORES / 3600:.1f} hours for all {len(published):,}"
               f" on {CORES} cores; disagreeing with the published ranking: {wrong}\n\n")
    print(summary + rows, end="")
    text = (header("What a ranking sweep costs an opener, once its top is known",
                   command_line("sweep_sample", argv)) + "\n" + summary + rows)
    mode = "hard" if args.hard else "normal"
    kept_unless(args.quick, f"sweep-sample-{args.lists}-{mode}.md", text)


if __name__ == "__main__":
    main()
