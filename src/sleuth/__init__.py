"""sleuth: play, referee and analyse guessing games with feedback."""

__version__ = "0.1.0"
