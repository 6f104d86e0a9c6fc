"""Re-encode the shipped Lingo trees of the first format as tree files of the one format.

Run from the repository root:

    python tools/reencode_lingo_trees.py

Each ``src/sleuth/data/lingo-tree-N.json.gz`` of Lingo's first format (a first guess and the
guesses by dotted feedback paths) is rewritten in the format of :mod:`sleuth.core.treefile`: the
same guesses, the same figures, its ``book`` record kept and this step added to it. Nothing is
searched again (preparing the trees took some 50 minutes); a file already re-encoded is left.
"""

from __future__ import annotations

import argparse
import subprocess
import time
from dataclasses import replace
from pathlib import Path

from sleuth.core import treefile
from sleuth.games.lingo.prepare import Prepared
from sleuth.games.lingo.quick import FIRST_FORMAT, upgrade

TARGET = Path(__file__).resolve().parents[1] / "src" / "sleuth" / "data"
COMMAND = "python tools/reencode_lingo_trees.py"


def commit() -> str:
    """The git commit of the working tree this runs in."""
    return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                          cwd=TARGET, check=True).stdout.strip()


def reencode(path: Path, step: dict[str, str]) -> bool:
    """Rewrite one shipped tree in the one format; False when it is in that format already."""
    old = treefile.load(path)
    if not isinstance(old, dict) or old.get("format") != FIRST_FORMAT:
        return False
    tree = Prepared.of(treefile.parse(upgrade(old)))
    if tree is None:
        raise SystemExit(f"{path}: not a prepared Lingo tree")
    moves = len(old["moves"])
    if count_nodes(tree.tree) != moves + 1:
        raise SystemExit(f"{path}: {count_nodes(tree.tree)} nodes for {moves} moves")
    replace(tree, book={**tree.book, "re-encoded": step}).save(path)
    return True


def count_nodes(node: dict) -> int:
    """Nodes in a tree of :mod:`sleuth.core.treefile`."""
    return 1 + sum(count_nodes(child) for child in node.get("next", {}).values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", default=TARGET)
    folder = parser.parse_args().folder
    step = {"command": COMMAND, "commit": commit(),
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
            "from": f"Lingo's first tree format ({FIRST_FORMAT}): first guess and dotted paths",
            "to": f"{treefile.FORMAT} version {treefile.VERSION}"}
    for path in sorted(folder.glob("lingo-tree-*.json.gz")):
        print(f"{path.name}: {'re-encoded' if reencode(path, step) else 'already re-encoded'}")


if __name__ == "__main__":
    main()
