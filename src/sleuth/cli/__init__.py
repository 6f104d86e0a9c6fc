"""The ``sleuth`` command: one typer app per game, gathered here."""

from __future__ import annotations

import typer

from sleuth.cli import game, hangman, lingo, wordle

app = typer.Typer(
    help="Play, referee and analyse guessing games with feedback.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(lingo.app, name="lingo")
app.add_typer(wordle.app, name="wordle")
app.add_typer(game.app, name="game")
app.add_typer(hangman.app, name="hangman")


def main() -> None:
    """Entry point of the ``sleuth`` console script."""
    app()
