"""The one file format of decision trees, written and read with the standard library only.

A tree file is one JSON object, gzipped when the file name ends in ``.gz``: a header, then the
tree. The header names the format (``format``, ``version``), the game (``game``), the secrets
the tree was made for (``key``: a hash of their sorted labels, see :func:`list_key`; ``secrets``:
how many), the tree's mean result per secret (``mean``, in the game's own ``measure``: Lingo's
points, else the cost of the games won), and for a shipped tree how it was made (``book``); a
writer may add more figures. A node of ``tree`` is ``{"guess": label, "next": {code: node}}``:
the guess by its label, and the node that follows each feedback, keyed by the feedback's code in
decimal. A feedback without a node ends the game, or leaves the tree.

>>> doc = document({"guess": "ab", "next": {"3": {"guess": "ba"}}}, game="lingo", key="k",
...                secrets=3, mean=433.3, measure="points")
>>> follow(parse(json.loads(dumps(doc)))["tree"], [3])
{'guess': 'ba'}
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from sleuth.core.storage import atomic_write

FORMAT = "sleuth-tree"
VERSION = 1
GZIP_MAGIC = b"\x1f\x8b"


class TreeFileError(ValueError):
    """A file that is no tree file of this format, said in one line."""


def list_key(words: Iterable[str]) -> str:
    """A hash of the secrets' labels that ignores their order (a list's order changes no game)."""
    return hashlib.sha256("\n".join(sorted(words)).encode()).hexdigest()[:20]


def document(tree: dict[str, Any], *, game: str, key: str, secrets: int, mean: float | None,
             measure: str, **extra: Any) -> dict[str, Any]:
    """A tree file's content: the header (with ``extra`` figures after it), then the tree."""
    return {"format": FORMAT, "version": VERSION, "game": game, "key": key, "secrets": secrets,
            "mean": mean, "measure": measure, **extra, "tree": tree}


def dumps(doc: Mapping[str, Any], indent: int | None = None) -> str:
    """The document as JSON text (compact unless ``indent`` is given)."""
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(doc, indent=indent, separators=separators, ensure_ascii=False)


def write(path: Path, doc: Mapping[str, Any], indent: int | None = None) -> Path:
    """Write a tree file atomically, gzipped when the name ends in ``.gz``; readable by all."""
    data = (dumps(doc, indent) + "\n").encode()
    if path.suffix == ".gz":
        data = gzip.compress(data, 9, mtime=0)
    return atomic_write(path, data)


def load(path: Path) -> Any:
    """The JSON value in a file (see :func:`loads`); raises OSError, or TreeFileError."""
    return loads(path.read_bytes())


def loads(data: bytes) -> Any:
    """The JSON value of a file's bytes, gunzipped first when they are gzipped (whatever the
    file's name); raises TreeFileError when there is none."""
    try:
        if data[:2] == GZIP_MAGIC:
            data = gzip.decompress(data)
        return json.loads(data)
    except RecursionError:
        raise TreeFileError("the tree is nested too deeply to read") from None
    except (OSError, EOFError, ValueError) as error:  # gzip, UTF-8 and JSON errors
        raise TreeFileError(f"not a tree file (no JSON: {error})") from None


def parse(data: Any) -> dict[str, Any]:
    """The tree document ``data`` is, checked; raises TreeFileError naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TreeFileError(f"not a tree file of this sleuth (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise TreeFileError(f"a tree file of version {data.get('version')!r}; this sleuth "
                            f"reads version {VERSION}")
    for field, kind in (("game", str), ("key", str), ("secrets", int)):
        if not isinstance(data.get(field), kind):
            raise TreeFileError(f"a tree file without its {field!r}")
    check_node(data.get("tree"))
    return data


def check_node(tree: Any) -> None:
    """Raise TreeFileError unless ``tree`` is a node: a guess label and codes to nodes."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict) or not isinstance(node.get("guess"), str):
            raise TreeFileError("a tree node without its guess")
        after = node.get("next", {})
        if not isinstance(after, dict) or not all(k.isdigit() and k.isascii() for k in after):
            raise TreeFileError(f"a tree node after {node['guess']!r} whose feedbacks are not "
                                "codes")
        stack.extend(after.values())


def read(path: Path) -> dict[str, Any]:
    """The tree document in ``path``; raises OSError, or TreeFileError in one line."""
    return parse(load(path))


def follow(tree: dict[str, Any], codes: Iterable[int]) -> dict[str, Any] | None:
    """The node these feedback codes lead to from ``tree``, or None when they leave it."""
    node: dict[str, Any] | None = tree
    for code in codes:
        if node is None:
            return None
        node = node.get("next", {}).get(str(code))
    return node


def from_paths(first: str, moves: Mapping[str, str]) -> dict[str, Any]:
    """The tree of a first guess and the guesses after dotted feedback paths (``"80.3"``)."""
    root: dict[str, Any] = {"guess": first}
    for path in sorted(moves, key=lambda p: p.count(".")):
        *parents, last = path.split(".")
        node = follow(root, map(int, parents))
        if node is None:
            raise TreeFileError(f"a guess after {path!r} with none after {'.'.join(parents)!r}")
        node.setdefault("next", {})[last] = {"guess": moves[path]}
    return root
