"""What a new user gets from a plain install: the wheel built from this tree, installed in a fresh
venv in a folder with no repository beside it, measured in one run.

Run: ``python -m bench.install [--per-length 100] [--seed 2014]`` (writes
bench/results/install.md). Steps, in order, each on the fresh install with an empty user cache:
the wheel's and the install's size; games of the installed player as the reference engine runs
it (its process timed from start to end): on a list with no shipped tree (the first compiles
every kernel, the second starts from the cached first guess), then on the official list (the
shipped tree); then the pit of the built-in player on the official list. ``--quick``: no wheel,
the sleuth of this interpreter, a pit of one word of 4 and of 5 letters, written nowhere.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

from bench.common import ROOT, header, kept_unless
from sleuth.games.lingo.pit import write_wordlists
from sleuth.games.lingo.published import CPP_SECONDS, ENTRIES, scaled
from sleuth.games.lingo.referee import play_game
from sleuth.words import lists


def run(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, str]:
    """Wall seconds and stdout of a command that must succeed."""
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False,
                          stdin=subprocess.DEVNULL)
    if done.returncode:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr}")
    return time.perf_counter() - start, done.stdout + done.stderr


def size(path: Path) -> int:
    """Bytes of every file below ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def install(base: Path, env: dict[str, str]) -> tuple[list[tuple[str, str, str]], list[str]]:
    """Build the wheel, install it in a fresh venv: the size rows and the installed command."""
    bare = base / "bare"
    run([sys.executable, "-m", "build", "--wheel", "--outdir", str(base / "dist"),
         str(ROOT)], ROOT, env)
    wheel = next((base / "dist").glob("sleuth-*.whl"))
    venv.create(base / "venv", with_pip=True)
    seconds, _ = run([str(base / "venv/bin/pip"), "install", "-q", str(wheel)], bare, env)
    installed = next((base / "venv/lib").glob("python*/site-packages/sleuth"))
    rows = [("wheel", f"{wheel.stat().st_size / 2**20:.1f} MB", wheel.name),
            ("installed package", f"{size(installed) / 2**20:.1f} MB",
             f"pip install took {seconds:.0f} s with its dependencies")]
    return rows, [str(base / "venv/bin/sleuth")]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-length", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2014)
    parser.add_argument("--quick", action="store_true",
                        help="no wheel: this interpreter's sleuth, a pit of 2 games; write nothing")
    args = parser.parse_args(argv)
    if args.quick:
        args.per_length = 1
    with tempfile.TemporaryDirectory(prefix="sleuth-install-") as tmp:
        base = Path(tmp)
        bare, cache = base / "bare", base / "cache"
        bare.mkdir()
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["SLEUTH_CACHE_DIR"] = str(cache)
        rows, sleuth = ([], [sys.executable, "-m", "sleuth"]) if args.quick else install(base, env)
        rows += player_rows([*sleuth, "lingo", "player"], base, env, args.quick)
        results = base / "pit.jsonl"
        start = time.perf_counter()
        run([*sleuth, "lingo", "pit", "--per-length", str(args.per_length), "--seed",
             str(args.seed), "--out", str(results), *(["--lengths", "4-5"] if args.quick else [])],
            bare, env)
        wall = time.perf_counter() - start
        records = [json.loads(line) for line in results.read_text().splitlines()[1:]]
    text = pit_section(records, args, wall)
    command = (f"python -m bench.install --per-length {args.per_length} --seed {args.seed}"
               + (" --quick" if args.quick else ""))
    body = header("A plain install: the wheel in a fresh venv, no repository beside it", command)
    body += "\n| what | figure | notes |\n|---|---|---|\n"
    body += "".join(f"| {a} | {b} | {c} |\n" for a, b, c in rows)
    body += text
    kept_unless(args.quick, "install.md", body)
    print(body)


def player_rows(player: list[str], base: Path, env: dict[str, str], quick: bool = False
                ) -> list[tuple[str, str, str]]:
    """Games of the installed player as the reference engine runs it: in a folder holding
    ``wordlist.txt`` and ``wordlistN.txt``, the length as its last argument, timed from its
    start to its end (``quick``: only those on the official list)."""
    rows = []
    other = base / "other"  # a list with no shipped tree: Wordle's accepted guesses
    official = base / "official"
    for folder, words in ((other, lists.read("wordle-original", "guesses")),
                          (official, lists.read(lists.LINGO))):
        folder.mkdir()
        write_wordlists(folder, words, range(4, 14))
    games = (("first game on a list with no tree", other, "crane"),
             ("second game on that list", other, "shire"),
             ("first game on the official list", official, "spectrum"),
             ("second game on the official list", official, "ferns"))
    for label, folder, secret in games[2:] if quick else games:
        errors = io.StringIO()
        result = play_game(player, secret, set(lists.read("wordle-original", "guesses"))
                           if folder == other else set(lists.read(lists.LINGO)),
                           workdir=folder, env=env, trusted=True, debug_stderr=errors)
        said = "compiles its kernels, says so" if "compiling" in errors.getvalue() else \
            "no compile"
        rows.append((f"{label} ({len(secret)} letters)", f"{result.seconds:.2f} s",
                     f"{result.attempts} guesses, {'won' if result.solved else 'lost'}; "
                     f"{said}{'; ' + result.reason if result.reason else ''}"))
        print(rows[-1], flush=True)
    return rows


def pit_section(records: list[dict], args: argparse.Namespace, wall: float) -> str:
    """The pit's totals beside the 2014 entries' published sums scaled to as many games."""
    games = {n: sum(1 for r in records if r["length"] == n) for n in range(4, 14)}
    total = sum(r["score"] for r in records)
    faults = sum(1 for r in records if r.get("reason"))
    seconds = [r["seconds"] for r in records]
    text = (f"\nThe pit from that install: `sleuth lingo pit --per-length {args.per_length} "
            f"--seed {args.seed}` (the built-in player, prepared: the shipped trees), "
            f"{len(records)} games, {wall / 60:.1f} minutes of wall time on all cores.\n\n"
            "| player | total | faults | s/game (process start included) | slowest game |\n"
            "|---|---|---|---|---|\n"
            f"| sleuth (prepared) | {total:,} | {faults} | {sum(seconds) / len(seconds):.3f} | "
            f"{max(seconds):.2f} s |\n")
    for name in ENTRIES:
        cpp = f"{CPP_SECONDS:.2f} |" if "C++" in name else "|"
        text += f"| {name} (2014, published, scaled) | {scaled(name, games):,.0f} | | {cpp} |\n"
    return text + "\n" + re.sub(r"\s+", " ", """
The 2014 entries' figures are their published sums over 100 words a length (their own draws),
scaled to the games played here; the C++ entry's time per game is 0.19 s under the reference
engine.""").strip() + "\n"


if __name__ == "__main__":
    main()
