"""Hangman: the game (``game``), its solvers (``solvers``, over the compiled ``masks``,
``greedy`` and ``search``), word difficulty (``difficulty``) and the setter (``setter``)."""
