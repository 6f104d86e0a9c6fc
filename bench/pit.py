"""The official-style Lingo pit: built-in players on 100 random words of each length 4..13.

Run: ``python bench/pit.py [--players tournament,entropy] [--per-length 100] [--seed 2014]``
(writes bench/results/pit.md). The same words for every player, drawn with the seed from the
official list; wall times include each player's process start, as in the 2014 pit.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from rich.console import Console

from common import RESULTS, header, lingo_list
from sleuth.games.lingo.pit import run_pit
from sleuth.words.wordlist import load_words

OFFICIAL = {"C++ entry (official run, other words)": 267_700,
            "Java entry (own run)": 249_700, "Perl entry (own run)": 228_300}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", default="tournament")
    parser.add_argument("--per-length", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2014)
    args = parser.parse_args()
    words = list(load_words(lingo_list()).words)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        report = run_pit(args.players.split(","), words, per_length=args.per_length,
                         seed=args.seed, out=Path(tmp) / "pit.jsonl", console=Console(),
                         progress=False)
    wall = time.perf_counter() - start
    lengths = report.lengths
    command = (f"python bench/pit.py --players {args.players} --per-length {args.per_length} "
               f"--seed {args.seed}")
    text = header("Lingo pit on the official list", command)
    text += (f"\n{args.per_length} words of each length drawn with seed {args.seed} from the "
             f"official list, the same for every player; {len(report.standings)} player(s); "
             f"whole pit {wall / 60:.1f} minutes of wall time on this machine (games in "
             "parallel on all cores, each game a fresh player process).\n\n")
    text += ("| player | " + " | ".join(map(str, lengths))
             + " | total | s/game (process start included) | slowest game | faults |\n")
    text += "|---" * (len(lengths) + 5) + "|\n"
    for s in report.standings:
        text += (f"| {s.player} | " + " | ".join(str(s.per_length.get(n, 0)) for n in lengths)
                 + f" | {s.total:,} | {s.mean_seconds:.2f} | {s.slowest:.2f} s | {s.faults} |\n")
    text += "\nFor comparison, the 2014 entries' totals (SPEC section 1, their own words):\n\n"
    text += "".join(f"- {name}: {total:,}\n" for name, total in OFFICIAL.items())
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "pit.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
