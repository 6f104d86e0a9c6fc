"""Lingo end to end: the player program, the referee and the pit (tournament)."""
