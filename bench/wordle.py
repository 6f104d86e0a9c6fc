"""Wordle on the original lists: strategies over every answer, the exact optimum, openers,
hard mode, several boards and the adversarial host.

Run: ``python -m bench.wordle`` (writes bench/results/wordle.md and wordle.png; about ten
minutes on 2 cores). ``--quick``: greedy entropy alone, no exact search, a few boards, written
nowhere. ``--only exact sweep``
reruns just those sections (the exact optima, normal and hard mode; the opener sweep with and
without cut-offs) and puts them in place in the existing results file.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from bench.common import RESULTS, SHARED, header
from sleuth.core.storage import published
from sleuth.core.strategies import get
from sleuth.core.tree import TreePlayer, evaluate
from sleuth.games.wordle.absurdle import absurdle_solve
from sleuth.games.wordle.boards import BoardsGreedy, play_boards
from sleuth.games.wordle.game import wordle_game
from sleuth.games.wordle.openers import opener_table, rank_openers

SEED = 1
NORMAL = ["entropy", "minimax", "expected", "parts", "entropy-candidates", "minimax-candidates"]
HARD = ["entropy", "minimax", "expected", "entropy-candidates"]
PUBLISHED = {w: published(f"wordle-original-{w}")
             for w in ("salet", "reast", "crate", "trace", "slate", "crane")}
PUBLISHED_HARD = {w: published(f"wordle-original-hard-{w}") for w in ("salet", "least", "reast")}


def lists() -> tuple[list[str], list[str]]:
    folder = SHARED / "wordle"
    paths = [folder / "answers-original.txt", folder / "allowed-original.txt"]
    if not all(p.exists() for p in paths):
        sys.exit(f"{folder} is missing: the benchmarks read ../shared/data beside the repository")
    return [p.read_text().split() for p in paths]


def timed(fn):
    started = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - started


def strategy_rows(game, names: list[str], extra: list[tuple[str, object]]) -> tuple[list, list]:
    """One table row per strategy (and per extra named player), plus data for the plot."""
    rows, shown = [], []
    players = [(n, get(n)) for n in names] + extra
    for name, player in players:
        result, seconds = timed(lambda p=player: evaluate(game, p))
        won = result.cost[result.won]
        dist = result.distribution()
        rows.append([name, f"{won.mean():.4f}", str(int(won.sum())),
                     *(str(dist.get(k, 0)) for k in range(1, 7)), str(result.failures),
                     str(result.worst if not result.failures else "X"), f"{seconds:.1f}"])
        shown.append((name, dist, result.failures))
        print(f"  {name}: mean {won.mean():.4f}, failed {result.failures}, {seconds:.1f} s",
              flush=True)
    return rows, shown


def table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def optimal(game, first: str):
    from sleuth.solve.search import optimal_mean

    return timed(lambda: optimal_mean(game, first_guess=first, max_guesses=6))


EXACT_HEAD = "## Exact optimum (branch and bound, `sleuth wordle optimal --first WORD`)"
SWEEP_HEAD = "## Best opener with cut-offs (`sleuth wordle optimal --all`)"


def exact_section(game, hard) -> tuple[list[str], dict]:
    """The exact optima after SALET (and SLATE, CRANE) in normal mode and SALET in hard mode,
    with the time of each search (all cores)."""
    print("exact optimum", flush=True)
    rows, trees = [], {}
    for first in ["salet", "slate", "crane"]:
        result, seconds = optimal(game, first)
        trees[first] = result
        rows.append([first.upper(), str(result.total), f"{result.mean:.4f}",
                     str(result.worst), str(PUBLISHED[first]), f"{seconds:.1f}"])
        print(f"  {first}: {result.total} in {seconds:.1f} s", flush=True)
    result, seconds = optimal(hard, "salet")
    rows.append(["SALET (hard mode)", str(result.total), f"{result.mean:.4f}",
                 str(result.worst), str(PUBLISHED_HARD["salet"]), f"{seconds:.1f}"])
    print(f"  salet, hard mode: {result.total} in {seconds:.1f} s", flush=True)
    note = ("Hard mode (`--hard`): each node's guesses are those keeping the greens and using "
            "the yellows revealed on its path; the memo tells nodes apart by candidates and "
            "hints. Seconds include the pool of worker processes starting.\n")
    return [EXACT_HEAD + "\n", table(["first guess", "total", "mean", "worst", "published",
                                      "seconds"], rows), "", note], trees


def sweep_run(game, openers: list[str], cut: bool) -> tuple[object, float]:
    """One sweep over ``openers`` in one process, from an empty memo, into a scratch file."""
    import tempfile
    from pathlib import Path

    from sleuth.games.wordle.openers import sweep_openers
    from sleuth.solve import solver

    solver.forget()  # every run starts from an empty memo
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sweep.jsonl"
        if openers[0] != "salet":
            path.write_text(f'{{"guess": "salet", "total": {PUBLISHED["salet"]}}}\n')
        return timed(lambda: sweep_openers(game, openers, path, cut=cut, workers=1))


def sweep_section(game) -> list[str]:
    """The opener sweep on samples of first guesses, with and without the ``upper`` cut-off
    (one process each, from an empty memo)."""
    from sleuth.games.wordle.openers import sweep_order

    print("opener sweep", flush=True)
    order = sweep_order(game)
    samples = [("the first 20 in sweep order", order[:20]),
               (f"every 1000th after, SALET's {PUBLISHED['salet']} known", order[1000::1000])]
    rows = []
    for label, openers in samples:
        cut, cut_s = sweep_run(game, openers, True)
        full, full_s = sweep_run(game, openers, False)
        assert cut.best == full.best
        low = all(full.totals[w] >= b for w, b in cut.at_least.items())
        rows.append([label, str(len(openers)), f"{cut.best[0].upper()} {cut.best[1]}",
                     str(len(cut.at_least)), f"{cut_s:.1f}", f"{full_s:.1f}",
                     "yes" if low else "NO"])
        print(f"  {label}: {len(cut.at_least)} cut, {cut_s:.1f} s against {full_s:.1f} s",
              flush=True)
    where = ", ".join(w.upper() for w in order[:8])
    return [SWEEP_HEAD + "\n",
            f"Openers in the order of the search's own root bound (first: {where}); each is "
            "searched with `upper` = the best total so far + 1, so an opener that cannot match "
            "the best stops as soon as that is proven and is recorded as \"at least\" its "
            "proven bound. One process, empty memo for each run.\n",
            table(["sample", "openers", "best", "cut", "seconds with cut-offs",
                   "seconds without", "bounds below the exact totals"], rows), ""]


def plot(rows: list) -> str:
    """The distributions of some strategies drawn in wordle.png; the line linking to it."""
    from sleuth.cli.plots import distributions

    keep = ("entropy", "minimax", "parts", "optimal after SALET", "entropy (hard)")
    png = distributions([row for row in rows if row[0] in keep], RESULTS / "wordle.png",
                        "Wordle: guesses per answer (2315 answers)")
    return f"Distributions: [{png.name}]({png.name})\n"


def splice(text: str, sections: list[list[str]]) -> str:
    """``text`` (a results file) with each section (its first line a ``## `` heading) put in
    place of the section of that heading, or appended."""
    for lines in sections:
        head = lines[0].strip()
        body = "\n".join(lines)
        start = text.find(head)
        if start < 0:
            text = text.rstrip("\n") + "\n\n" + body + "\n"
            continue
        end = text.find("\n## ", start + len(head))
        text = text[:start] + body + ("\n" + text[end + 1:] if end >= 0 else "\n")
    return text


def only(parts: list[str], game, hard) -> None:
    """Rerun some sections and put them in place in the results file."""
    from bench.common import header

    stamp = header("x", "python -m bench.wordle --only " + " ".join(parts)).split("\n")[2:5]
    sections = []
    if "exact" in parts:
        sections.append(exact_section(game, hard)[0])
    if "sweep" in parts:
        sections.append(sweep_section(game))
    for lines in sections:
        lines.insert(1, "\n".join(["- rerun alone:", *[f"  {s}" for s in stamp]]) + "\n")
    path = RESULTS / "wordle.md"
    path.write_text(splice(path.read_text() if path.exists() else "", sections))
    print(f"wrote {path}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true",
                        help="greedy entropy alone, no exact search, a few boards; write nothing")
    parser.add_argument("--only", nargs="+", choices=["exact", "sweep"],
                        help="Rerun just these sections into the existing results file.")
    args = parser.parse_args(argv)
    answers, guesses = lists()
    game = wordle_game(answers, guesses)
    hard = wordle_game(answers, guesses, hard=True)
    if args.only:
        only(args.only, game, hard)
        return
    out = [header("Wordle on the original lists", "python -m bench.wordle"
                  + (" --quick" if args.quick else "")),
           f"- seed: {SEED} (random boards only; everything else is exhaustive)\n",
           f"{len(answers)} answers (answers-original.txt) as secrets, {len(guesses)} accepted "
           "guesses (allowed-original.txt); 6 attempts; mean = guesses per solved answer.\n"]

    trees: dict = {}
    if not args.quick:
        exact, trees = exact_section(game, hard)
        out += exact + sweep_section(game)

    print("strategies, normal mode", flush=True)
    extra = [(f"optimal after {w.upper()}", TreePlayer(r.tree)) for w, r in trees.items()]
    rows, plot_rows = strategy_rows(game, ["entropy"] if args.quick else NORMAL, extra)
    head = ["strategy", "mean", "total", "1", "2", "3", "4", "5", "6", "failed", "worst",
            "seconds"]
    out += ["## Every answer, normal mode (`sleuth wordle bench`)\n",
            "Greedy strategies choose from every accepted guess (`-candidates`: only from the "
            "answers still possible); seconds include choosing the first guess. The optimal "
            "trees are replayed by the same evaluator.\n", table(head, rows), ""]

    print("strategies, hard mode", flush=True)
    hard_rows, hard_plot = strategy_rows(hard, ["entropy"] if args.quick else HARD, [])
    out += ["## Every answer, hard mode (`sleuth wordle bench --hard`)\n",
            table(head, hard_rows), ""]

    if not args.quick:
        out.append(plot(plot_rows + [(f"{n} (hard)", d, f) for n, d, f in hard_plot[:1]]))

    print("openers", flush=True)
    stats, seconds = timed(lambda: opener_table(game))
    opener_rows = []
    for by in ("entropy", "expected", "worst"):
        best = rank_openers(stats, by)[:8]
        opener_rows.append([by, ", ".join(game.guess_labels[stats["index"][i]].upper()
                                          for i in best)])
    out += [f"## Openers (`sleuth wordle openers`): all {len(stats['index'])} rated in "
            f"{seconds:.1f} s\n", table(["ranked by", "best eight"], opener_rows), ""]

    print("boards", flush=True)
    rng = np.random.default_rng(SEED)
    board_rows = []
    for n, games in ((2, 3), (4, 3)) if args.quick else ((2, 100), (4, 100)):
        limit = n + 5
        many = wordle_game(answers, guesses, attempts=limit)
        player = BoardsGreedy()
        results, seconds = timed(lambda n=n, g=games, m=many, p=player: [
            play_boards(m, rng.choice(len(answers), n, replace=False), p) for _ in range(g)])
        turns = np.array([len(r.guesses) for r in results])
        won = sum(r.done for r in results)
        board_rows.append([{2: "Dordle", 4: "Quordle"}[n], str(limit), str(games),
                           f"{won}/{games}", f"{turns.mean():.2f}", str(turns.max()),
                           f"{seconds:.1f}"])
    out += ["## Several boards (`sleuth wordle boards`), random answers\n",
            table(["game", "attempts", "games", "won", "mean guesses", "worst", "seconds"],
                  board_rows), ""]

    if args.quick:
        print("\n".join(out))
        return
    print("absurdle", flush=True)
    result, seconds = timed(lambda: absurdle_solve(wordle_game(answers, guesses, attempts=99)))
    out += ["## Adversarial host (`sleuth wordle absurdle`)\n",
            f"The host keeps the largest class (ties: fewest greens, then yellows). Fewest "
            f"guesses that force a win: **{len(result.guesses)}** "
            f"({' '.join(w.upper() for w in result.guesses)}; answers kept "
            f"{', '.join(map(str, result.kept))}), proven by exhausting {len(result.guesses) - 1}"
            f" guesses; {result.nodes:,} nodes, {seconds:.1f} s.\n"]

    path = RESULTS / "wordle.md"
    path.write_text("\n".join(out))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
