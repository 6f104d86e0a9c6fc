"""One error line for every command: what the user typed is shown in it, never obeyed."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters written as escapes, so that a
    message quoting the user's input stays one line and a terminal escape in it is not obeyed.

    >>> print(one_line("no\\nsuch \\x1b[2J file"))
    no\\nsuch \\x1b[2J file
    """
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
                   for char in text)


def fail(message: str, code: int = 2, label: str = "[red]Error:[/]") -> typer.Exit:
    """Print ``label message`` as one line on stderr; the exit to raise with ``code``."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"{label} {escape(one_line(message))}")
    return typer.Exit(code)
