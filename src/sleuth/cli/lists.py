"""``sleuth lists``: the word lists shipped with sleuth."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from sleuth.cli.common import fail, new_console
from sleuth.words import lists

LINGO_LENGTHS = range(4, 14)


def _counts(shipped: lists.ShippedList, role: str, every: bool) -> str:
    per = shipped.per_length(role)
    return " ".join(f"{n}:{per[n]}" for n in sorted(per) if every or n in LINGO_LENGTHS)


def show_lists(
    name: Annotated[str | None, typer.Argument(
        help="Show this list alone: its words per length at every length, and where it comes "
        "from.")] = None,
) -> None:
    """The word lists shipped with sleuth: name, words per length, source (use with --list)."""
    console = new_console()
    if name == lists.COMMON_LIST:  # a --list name, but a part of the dictionary, not a file
        raise fail(f"{name!r} is not a shipped list: --list {name} takes the {lists.COMMON_SIZE:,} "
                   "commonest words of the built-in dictionary (by wordfreq)")
    try:
        chosen = [lists.get(name)] if name else [lists.get(n) for n in lists.names()]
    except lists.ListError as error:
        raise fail(str(error)) from None
    table = Table(title="Word lists shipped with sleuth (use them with --list NAME)",
                  title_justify="left")
    table.add_column("list", no_wrap=True)
    table.add_column("words", justify="right", no_wrap=True)
    table.add_column("per length" if name else "per length, 4 to 13 letters", overflow="fold")
    table.add_column("from", no_wrap=True)
    for shipped in chosen:
        for role in shipped.roles:
            first = role == shipped.roles[0]
            table.add_row(shipped.name if first else "", f"{shipped.count(role):,} {role}",
                          _counts(shipped, role, every=name is not None),
                          shipped.origin if first else "")
    console.print(table)
    if name:
        console.print(f"{chosen[0].name}: {chosen[0].title}. {chosen[0].source}")
    else:
        console.print(f"Defaults: ./wordlist.txt where there is one, else Lingo plays "
                      f"{lists.LINGO} and Hangman the built-in English dictionary; Wordle "
                      f"plays {lists.WORDLE} (the current game). --list {lists.COMMON_LIST}: "
                      f"the {lists.COMMON_SIZE:,} commonest words of the built-in dictionary "
                      "(by wordfreq).")
