"""Hangman: the game, its solvers and word difficulty."""
