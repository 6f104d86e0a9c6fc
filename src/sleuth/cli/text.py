"""Text the command line shows, with the standard library only (the entry point uses it)."""

from __future__ import annotations


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters written as escapes, so that a
    message quoting the user's input stays one line and a terminal escape in it is not obeyed.

    >>> print(one_line("no\\nsuch \\x1b[2J file"))
    no\\nsuch \\x1b[2J file
    """
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
                   for char in text)
