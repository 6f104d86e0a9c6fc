"""The README's Python examples run as written and print what their comments say.

A ``print`` whose comment (beside it, or alone on the next line) begins with a figure is checked:
the line printed must be the comment, or the comment up to a colon (``# 4: no strategy ...``).
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)


def comments(source: str) -> dict[int, str]:
    """Each line's comment (without ``#``), by line number."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return {t.start[0]: t.string[1:].strip() for t in tokens if t.type == tokenize.COMMENT}


def stated(source: str) -> list[str | None]:
    """For each top-level ``print`` in order, the comment stating its output, or None."""
    notes = comments(source)
    lines = source.splitlines()
    out: list[str | None] = []
    for node in ast.parse(source).body:
        call = node.value if isinstance(node, ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id == "print"):
            continue
        end = node.end_lineno or node.lineno
        after = end + 1
        alone = after <= len(lines) and lines[after - 1].lstrip().startswith("#")
        out.append(notes.get(end) or (notes[after] if alone else None))
    return out


def matches(printed: str, comment: str) -> bool:
    """Whether a printed line is what the comment states."""
    return comment == printed or comment.startswith(printed + ":")


def test_the_readme_has_examples_with_stated_figures() -> None:
    assert len(BLOCKS) >= 2
    assert sum(c is not None for block in BLOCKS for c in stated(block)) >= 2


@pytest.mark.parametrize("source", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
@pytest.mark.processes
def test_readme_example_runs(source: str, tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(source, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    expected = stated(source)
    if all(c is None for c in expected):
        return
    printed = done.stdout.splitlines()
    assert len(printed) == len(expected), done.stdout
    for line, comment in zip(printed, expected, strict=True):
        if comment is not None:
            assert matches(line, comment), f"printed {line!r}, the README says {comment!r}"
