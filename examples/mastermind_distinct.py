"""Mastermind as seed 001 plays it: guesses may repeat a colour, secrets never do.

    sleuth game analyze --custom examples/mastermind_distinct.py --strategy entropy --paths worst

Colours are named by their initials (Red, Green, Blue, Yellow, Orange, Purple); 1,296 codes
may be guessed, 360 may be secret. The feedback is (black, white) pegs.
"""

from itertools import permutations, product

COLOURS = "RGBYOP"

guesses = ["".join(code) for code in product(COLOURS, repeat=4)]
secrets = ["".join(code) for code in permutations(COLOURS, 4)]


def feedback(guess, secret):
    black = sum(g == s for g, s in zip(guess, secret, strict=True))
    white = len(set(guess) & set(secret)) - black  # a secret has each colour at most once
    return black, white


ends = {(4, 0)}
name = "Mastermind 6 x 4, secrets without repeated colours"
