"""The official-style Lingo pit: built-in players on 100 random words of each length 4..13.

Run: ``python -m bench.pit [--players tournament,entropy] [--per-length 100] [--seed 2014]``
(writes bench/results/pit.md). The same words for every player, drawn with the seed from the
official list; wall times include each player's process start, as in the 2014 pit.
``--quick``: one word of 4 and of 5 letters, written nowhere.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench.common import header, kept_unless, lingo_list
from sleuth.games.lingo.pit import run_pit
from sleuth.games.lingo.published import ENTRIES
from sleuth.words.wordlist import load_words

#: The 2014 entries' published totals over 100 words a length (their own draws).
OFFICIAL = {f"{name} entry": sum(sums.values()) for name, sums in ENTRIES.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", default="tournament")
    parser.add_argument("--per-length", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2014)
    parser.add_argument("--quick", action="store_true",
                        help="one word of 4 and of 5 letters; write nothing")
    args = parser.parse_args(argv)
    if args.quick:
        args.per_length = 1
    words = list(load_words(lingo_list()).words)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        report = run_pit(args.players.split(","), words, per_length=args.per_length,
                         lengths=[4, 5] if args.quick else range(4, 14),
                         seed=args.seed, out=Path(tmp) / "pit.jsonl",
                         on_note=lambda kind, text: print(text))
    wall = time.perf_counter() - start
    lengths = report.lengths
    command = (f"python -m bench.pit --players {args.players} --per-length {args.per_length} "
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
    kept_unless(args.quick, "pit.md", text)
    print(text)


if __name__ == "__main__":
    main()
