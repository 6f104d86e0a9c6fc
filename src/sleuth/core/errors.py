"""What goes wrong with a user's input, whatever the game: each error says it in one line."""

from __future__ import annotations


class FeedbackError(ValueError):
    """A feedback string that cannot be read, or that no secret could have given."""


class FileError(ValueError):
    """An input file could not be read: missing, unreadable, too big, or no regular file."""


class NoStrategy(ValueError):
    """No strategy finds every candidate within the guesses allowed (a proven fact, not a fault)."""
