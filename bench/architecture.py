"""The architecture change measured: the same work on the old layout and the new, side by side.

Each figure runs in a fresh process per version (the old one from a checkout given by
``--before``, e.g. ``git worktree add /tmp/sleuth-before c388100``), the versions alternating,
after one untimed warm-up each (numba compiles into each tree's own cache). The table gives
the median time of each and the ratio new / old; then lines of code, the largest file and
function, and the import-linter contracts.

    python -m bench.architecture --before /tmp/sleuth-before [--repeats 3] [--quick]
"""

from __future__ import annotations

import argparse
import ast
import os
import statistics
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from bench.common import ROOT, command_line, commit, header, kept_unless

#: Each figure: what it is, and Python that does it on either layout (public names only, or
#: the module of each layout in turn).
FIGURES: dict[str, str] = {
    "kernel: feedback codes, 2,315 x 12,972 Wordle pairs": """
import sleuth
try:
    from sleuth.words.feedback import codes, encode
    from sleuth.words.lists import read
except ImportError:
    from sleuth.feedback import codes, encode
    from sleuth.lists import read
answers, guesses = read("wordle-original", "answers"), read("wordle-original", "guesses")
g, s = encode(list(guesses)), encode(list(answers))
for _ in range(5):
    codes(g, s)
""",
    "Wordle: SALET's optimal tree, 7920 (original lists)": """
import sleuth
lists = None
for module in ("sleuth.games.wordle.lists", "sleuth.games.wordle.game", "sleuth.wordle"):
    try:
        lists = __import__(module, fromlist=["shipped_lists"]).shipped_lists("wordle-original")
        break
    except (ImportError, AttributeError):
        continue
game = sleuth.wordle_game(lists.answers, lists.guesses)
result = sleuth.optimal_mean(game, first_guess="salet")
assert round(result.total) == 7920, result.total
""",
    "Mastermind 6x4: the optimal mean, 5625": """
import sleuth
result = sleuth.optimal_mean(sleuth.mastermind(6, 4))
assert round(result.total) == 5625, result.total
""",
}
QUICK = {"kernel: feedback codes, 2,315 x 12,972 Wordle pairs"}
LINGO = {  # the command line itself, the same on both layouts
    f"Lingo: evaluate the prepared trees at length {n}": [
        "lingo", "evaluate", "--list", "lingo-official", "--length", str(n), "--strategy",
        "prepared", "--no-bound"] for n in (5, 13)}


def seconds(src: Path, code: str | None = None, args: list[str] | None = None) -> float:
    """Wall time of one fresh process running ``code`` (or ``sleuth ARGS``) on ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "sleuth", *args]
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def timed(versions: dict[str, Path], repeats: int, quick: bool) -> list[tuple[str, float, float]]:
    """Median seconds of every figure on each version: (figure, old, new)."""
    jobs = {name: {"code": code} for name, code in FIGURES.items() if not quick or name in QUICK}
    if not quick:
        jobs.update({name: {"args": args} for name, args in LINGO.items()})
    rows = []
    for name, job in jobs.items():
        for src in versions.values():
            seconds(src, **job)  # warm-up: numba's cache of this tree
        times: dict[str, list[float]] = {version: [] for version in versions}
        for _ in range(repeats):
            for version, src in versions.items():
                times[version].append(seconds(src, **job))
        rows.append((name, *(statistics.median(times[v]) for v in versions)))
        print(f"{name}: {rows[-1][1]:.2f} s -> {rows[-1][2]:.2f} s", file=sys.stderr)
    return rows


def shape(src: Path) -> dict[str, object]:
    """Lines of code, the largest file and the longest function of a source tree."""
    files = sorted((src / "sleuth").rglob("*.py"))
    sizes = {f: len(f.read_text().splitlines()) for f in files}
    longest = ("", 0)
    for f in files:
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > longest[1]:
                    longest = (f"{f.relative_to(src)}:{node.name}", length)
    largest = max(sizes, key=lambda f: sizes[f])
    return {"lines": sum(sizes.values()), "files": len(files),
            "largest file": f"{largest.relative_to(src)} ({sizes[largest]})",
            "longest function": f"{longest[0]} ({longest[1]})"}


def contracts(root: Path) -> int:
    """How many import-linter contracts the project's pyproject declares."""
    path = root / "pyproject.toml"
    table = tomllib.loads(path.read_text()) if path.exists() else {}
    return len(table.get("tool", {}).get("importlinter", {}).get("contracts", []))


def report(rows: list[tuple[str, float, float]], before: Path, command: str) -> str:
    """The results file: timings with ratios, then the shape of each tree."""
    lines = [header("Architecture: the old layout and the new, side by side", command),
             f"- old layout: {before} (commit "
             f"{commit(before)}); new: this checkout\n",
             "| work | old (s) | new (s) | new / old |", "|---|---:|---:|---:|"]
    lines += [f"| {name} | {old:.2f} | {new:.2f} | {new / old:.2f} |" for name, old, new in rows]
    old_shape, new_shape = shape(before / "src"), shape(ROOT / "src")
    lines += ["", "| shape | old | new |", "|---|---|---|"]
    lines += [f"| {key} | {old_shape[key]} | {new_shape[key]} |" for key in old_shape]
    lines.append(f"| import-linter contracts | {contracts(before)} | {contracts(ROOT)} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True,
                        help="a checkout of the old layout (its src/ is run)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true",
                        help="the kernel figure only, once; print instead of writing results")
    args = parser.parse_args(argv)
    if not (args.before / "src" / "sleuth").is_dir():
        parser.error(f"--before {args.before}: no src/sleuth there")
    versions = {"old": args.before / "src", "new": ROOT / "src"}
    rows = timed(versions, 1 if args.quick else args.repeats, args.quick)
    text = report(rows, args.before, command_line("architecture", argv))
    kept_unless(args.quick, "architecture.md", text)
    print(text)


if __name__ == "__main__":
    main()
