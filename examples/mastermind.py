"""Mastermind, 6 colours x 4 holes, written as a game of your own.

    sleuth game analyze --custom examples/mastermind.py --strategy optimal-mean

Codes are strings of colours 1-6; any code may be guessed and kept secret. The feedback is
(black, white): pegs of the right colour in the right hole, then the other common colours.
"""

from itertools import product

COLOURS = "123456"

guesses = ["".join(code) for code in product(COLOURS, repeat=4)]
secrets = guesses


def feedback(guess, secret):
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    common = sum(min(guess.count(c), secret.count(c)) for c in set(guess))
    return black, common - black


ends = {(4, 0)}  # four black pegs: the code is found
max_guesses = 10
name = "Mastermind 6 x 4"
