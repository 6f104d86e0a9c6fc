"""Decision trees out: every path, the figures, and files in JSON (the one tree file format of
:mod:`sleuth.core.treefile`), Graphviz DOT, SVG (drawn by Graphviz's ``dot``) or plain text.

A tree is a :class:`tree.Node` (from ``evaluate(..., keep_tree=True)`` or from the exact
searches); the candidates at each node are recomputed from the game, so any tree over any game
can be walked from the position it was built at.

>>> from sleuth.games.twod import twod
>>> from sleuth.core.strategies import get
>>> from sleuth.core.tree import evaluate
>>> game = twod(2)
>>> root = evaluate(game, get("entropy"), keep_tree=True).root
>>> print(to_text(game, root))
0,1  (4 left)
  none  1 left  ->  1,0  solved at 2
  <=  1 left  ->  1,1  solved at 2
  >=  1 left  ->  0,0  solved at 2
  ==  solved at 1
>>> summary(game, root)["distribution"]
{1: 1, 2: 3}
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from sleuth.core import treefile
from sleuth.core.game import Game, Position
from sleuth.core.storage import atomic_write
from sleuth.core.tree import Node, to_labels

#: Tree file formats by file name ending (``.json.gz``: gzipped JSON).
FORMATS = {".json": "json", ".json.gz": "json", ".dot": "dot", ".gv": "dot", ".svg": "svg",
           ".txt": "txt"}


@dataclass(frozen=True)
class Branch:
    """One feedback at a node: the candidates that give it and what follows."""

    code: int
    candidates: np.ndarray
    position: Position
    outcome: bool | None  # True: solved here, False: lost here, None: the game goes on
    child: Node | None


@dataclass(frozen=True)
class GamePath:
    """How the tree plays against one secret: its guesses and feedbacks, cost and result."""

    secret: int
    steps: tuple[tuple[int, int], ...]
    cost: int
    won: bool


def branches(game: Game, node: Node, position: Position) -> list[Branch]:
    """The node's guess split over the position's candidates, in order of feedback code."""
    codes = game.codes(node.guess, position.candidates)
    steps = game.cost_of(codes)
    out = []
    for code in np.unique(codes):
        mask = codes == code
        cands = position.candidates[mask]
        child_pos = Position(cands, position.cost + int(steps[mask][0]),
                             (*position.history, (node.guess, int(code))))
        out.append(Branch(int(code), cands, child_pos, game.outcome(child_pos),
                          node.children.get(int(code))))
    return out


def paths(game: Game, root: Node, position: Position | None = None) -> list[GamePath]:
    """Every path of the tree, one per candidate secret, in secret order.

    A branch the tree leaves open (a lazily built tree) counts as lost at that point.
    """
    found: list[GamePath] = []

    def walk(node: Node, pos: Position) -> None:
        for branch in branches(game, node, pos):
            if branch.outcome is None and branch.child is not None:
                walk(branch.child, branch.position)
                continue
            won = bool(branch.outcome)
            for secret in branch.candidates:
                found.append(GamePath(int(secret), branch.position.history,
                                      branch.position.cost, won))

    walk(root, game.start() if position is None else position)
    found.sort(key=lambda p: p.secret)
    return found


def summary(game: Game, root: Node, position: Position | None = None) -> dict:
    """The tree's figures: candidates, games won, total and worst cost, distribution, mean."""
    start = game.start() if position is None else position
    return figures(paths(game, root, start), start)


def figures(every: list[GamePath], start: Position) -> dict:
    """The figures of :func:`summary`, from the tree's paths."""
    won = [p.cost - start.cost for p in every if p.won]
    values, counts = np.unique(np.array(won, dtype=np.int64), return_counts=True)
    total = int(sum(won))
    return {
        "candidates": len(every),
        "won": len(won),
        "lost": len(every) - len(won),
        "total": total,
        "worst": int(max(won)) if won else 0,
        "mean": Fraction(total, len(won)) if won else None,
        "distribution": {int(v): int(c) for v, c in zip(values, counts, strict=True)},
    }


def worst_paths(every: list[GamePath]) -> list[GamePath]:
    """The paths of the games that cost most: the lost ones if any game is lost, else the
    longest won ones (the worst case), in secret order."""
    lost = [p for p in every if not p.won]
    pool = lost or every
    worst = max((p.cost for p in pool), default=0)
    return [p for p in pool if p.cost == worst]


def path_text(game: Game, path: GamePath) -> str:
    """One game as a line: the secret, then each guess with its feedback, then the result.

    >>> from sleuth.games.twod import twod
    >>> g = twod(2)
    >>> path_text(g, GamePath(3, ((1, 1), (3, 3)), 2, True))
    '1,1:  0,1 <=  1,1 ==  (2 guesses)'
    """
    steps = "  ".join(f"{game.guess_labels[g]} {game.render(c)}" for g, c in path.steps)
    guesses = f"{path.cost} guess" + ("" if path.cost == 1 else "es")
    result = guesses if path.won else f"lost after {guesses}"
    return f"{game.secret_labels[path.secret]}:  {steps}  ({result})"


def _nodes(game: Game, root: Node, start: Position) -> Iterator[tuple[Node, Position, int]]:
    """Every decision node with its position and depth (pre-order)."""
    stack = [(root, start, 0)]
    while stack:
        node, pos, depth = stack.pop()
        yield node, pos, depth
        for branch in reversed(branches(game, node, pos)):
            if branch.outcome is None and branch.child is not None:
                stack.append((branch.child, branch.position, depth + 1))


# -- JSON ----------------------------------------------------------------------------------------


def document(game: Game, root: Node, position: Position | None = None, **extra: object) -> dict:
    """The tree as a tree file (:mod:`sleuth.core.treefile`) with its figures in the header and
    ``extra`` after them. Its ``mean`` is in Lingo's points where the game scores points, else
    the mean cost of the games won."""
    start = game.start() if position is None else position
    every = paths(game, root, start)
    facts = figures(every, start)
    mean = facts["mean"]
    head: dict = {
        "candidates": facts["candidates"],
        "total": facts["total"],
        "mean_fraction": None if mean is None else f"{facts['total']}/{facts['won']}",
        "worst": facts["worst"],
        "distribution": {str(k): v for k, v in facts["distribution"].items()},
        "lost": facts["lost"],
    }
    if start.history:
        head["start"] = [[game.guess_labels[g], c] for g, c in start.history]
    if game.points is not None:
        points = [game.score(p.cost, p.won) for p in every]
        measure, value = "points", sum(points) / len(points) if points else None
    else:
        measure, value = "cost", None if mean is None else float(mean)
    return treefile.document(to_labels(game, root), game=game.name,
                             key=treefile.list_key(game.secret_labels),
                             secrets=len(game.secrets), mean=value, measure=measure,
                             **head, **extra)


def to_json(game: Game, root: Node, position: Position | None = None, *,
            indent: int | None = 1) -> str:
    """The tree file of :func:`document` as JSON text."""
    return treefile.dumps(document(game, root, position), indent)


def _lone(game: Game, node: Node, candidates: np.ndarray) -> bool:
    """Whether a node just names its one candidate (drawn as where that secret is solved)."""
    return candidates.size == 1 and int(game.guess_of_secret(candidates)[0]) == node.guess


# -- Graphviz DOT --------------------------------------------------------------------------------


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def to_dot(game: Game, root: Node, position: Position | None = None, *,
           max_depth: int | None = None) -> str:
    """The tree for Graphviz (``dot -Tsvg tree.dot -o tree.svg``): a box per guess with the
    candidates left, an edge per feedback, a green ellipse per secret found (with the guesses
    it took). Below
    ``max_depth`` guesses a subtree is drawn as one grey note with its number of secrets.
    """
    start = game.start() if position is None else position
    lines = [f"digraph {_quote(game.name)} {{",
             "  rankdir=TB;",
             '  node [shape=box, fontname="Helvetica"];',
             '  edge [fontname="Helvetica", fontsize=10];']
    count = [0]

    def new_id() -> str:
        count[0] += 1
        return f"n{count[0]}"

    def draw(node: Node, pos: Position, depth: int) -> str:
        me = new_id()
        label = f"{game.guess_labels[node.guess]}\n{pos.candidates.size} left"
        lines.append(f"  {me} [label={_quote(label)}];")
        for branch in branches(game, node, pos):
            feedback = _quote(game.render(branch.code))
            lone = branch.outcome is None and branch.child is not None and \
                _lone(game, branch.child, branch.candidates)
            if branch.outcome is True or lone:
                leaf = new_id()
                found = game.secret_labels[int(branch.candidates[0])]
                text = _quote(found + "\n" + str(branch.position.cost + int(lone)))
                lines.append(f"  {leaf} [label={text}, "
                             "shape=ellipse, style=filled, fillcolor=palegreen];")
            elif branch.outcome is False or branch.child is None:
                leaf = new_id()
                names = ", ".join(game.secret_words(branch.candidates[:4]))
                more = "..." if branch.candidates.size > 4 else ""
                lines.append(f"  {leaf} [label={_quote(f'lost: {names}{more}')}, "
                             "shape=octagon, style=filled, fillcolor=mistyrose];")
            elif max_depth is not None and depth + 1 >= max_depth:
                leaf = new_id()
                lines.append(f"  {leaf} [label={_quote(f'{branch.candidates.size} more')}, "
                             "shape=note, style=filled, fillcolor=lightgrey];")
            else:
                leaf = draw(branch.child, branch.position, depth + 1)
            lines.append(f"  {me} -> {leaf} [label={feedback}];")
        return me

    draw(root, start, 0)
    lines.append("}")
    return "\n".join(lines) + "\n"


# -- indented text -------------------------------------------------------------------------------


def to_text(game: Game, root: Node, position: Position | None = None, *,
            max_depth: int | None = None, indent: str = "  ") -> str:
    """The tree as indented lines: each guess with the candidates left, each feedback below it
    with its count and what follows (the next guess, or the guess count where it is solved)."""
    start = game.start() if position is None else position
    lines = [f"{game.guess_labels[root.guess]}  ({start.candidates.size} left)"]

    def walk(node: Node, pos: Position, depth: int) -> None:
        pad = indent * (depth + 1)
        for branch in branches(game, node, pos):
            feedback = game.render(branch.code)
            n = branch.candidates.size
            if branch.outcome is True:
                lines.append(f"{pad}{feedback}  solved at {branch.position.cost}")
            elif branch.outcome is False or branch.child is None:
                lines.append(f"{pad}{feedback}  {n} left  lost: "
                             + " ".join(game.secret_words(branch.candidates)))
            else:
                child = branch.child
                step = f"{pad}{feedback}  {n} left  ->  {game.guess_labels[child.guess]}"
                if _lone(game, child, branch.candidates):
                    lines.append(f"{step}  solved at {branch.position.cost + 1}")
                elif max_depth is not None and depth + 1 >= max_depth:
                    lines.append(f"{step}  ...")
                else:
                    lines.append(step)
                    walk(child, branch.position, depth + 1)

    walk(root, start, 0)
    return "\n".join(lines)


def writable(path: str | Path) -> Path:
    """``path`` if a file can be written there (a new one is made and removed to be sure);
    checked before any work, so a bad path costs nothing. Else one line, as ValueError."""
    target = Path(path)
    parent = target.parent
    if target.is_dir():
        raise ValueError(f"{target} is a folder; give a file name")
    if not parent.exists():
        raise ValueError(f"cannot write {target}: the folder {parent} does not exist")
    if not parent.is_dir():
        raise ValueError(f"cannot write {target}: {parent} is not a folder")
    if target.exists():
        if not os.access(target, os.W_OK):
            raise ValueError(f"cannot write {target}: permission denied")
        return target
    try:  # the one sure test (a read-only disk, /proc, a full quota): make the file, drop it
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
    except FileExistsError:  # made meanwhile: the writer will see
        return target
    except OSError as error:
        raise ValueError(f"cannot write {target}: {error.strerror or error}") from None
    os.unlink(target)
    return target


def tree_format(path: str | Path) -> str:
    """The format a tree file's name asks for: ``json``, ``dot``, ``svg`` or ``txt``; else a
    ValueError in one line, also for ``.svg`` when Graphviz's ``dot`` is not installed.

    >>> tree_format("salet.dot"), tree_format("tree.JSON.gz")
    ('dot', 'json')
    """
    name = Path(path).name.lower()
    kind = next((kind for end, kind in FORMATS.items() if name.endswith(end)), None)
    if kind is None:
        raise ValueError(f"{Path(path).name}: the tree file must end in .json, .dot or .txt "
                         "(or .svg, drawn by Graphviz)")
    if kind == "svg" and shutil.which("dot") is None:
        raise ValueError(f"{Path(path).name}: an SVG tree is drawn by Graphviz's dot, which is "
                         "not installed (apt-get install graphviz); write .dot instead")
    return kind


def write_tree(path: str | Path, game: Game, root: Node, position: Position | None = None,
               **extra: object) -> Path:
    """Write the tree in the format its name asks for (:func:`tree_format`), atomically; a JSON
    tree file gets ``extra`` in its header. Raises ValueError or OSError in one line."""
    target = Path(path)
    kind = tree_format(target)
    if kind == "json":
        return treefile.write(target, document(game, root, position, **extra), indent=1)
    if kind == "txt":
        text = to_text(game, root, position)
        return atomic_write(target, (text + "\n").encode())
    dot = to_dot(game, root, position).encode()
    return atomic_write(target, dot if kind == "dot" else to_svg(dot))


def to_svg(dot: bytes) -> bytes:
    """A DOT drawing as SVG, drawn by Graphviz's ``dot``; OSError in one line if that fails."""
    program = shutil.which("dot")
    if program is None:
        raise OSError("an SVG tree is drawn by Graphviz's dot, which is not installed")
    done = subprocess.run([program, "-Tsvg"], input=dot, capture_output=True, check=False)
    if done.returncode != 0:
        reason = done.stderr.decode(errors="replace").strip().splitlines()
        raise OSError(f"Graphviz's dot failed: {reason[0] if reason else done.returncode}")
    return done.stdout
