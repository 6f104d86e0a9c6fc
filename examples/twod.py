"""twoD: find a point of a 5 x 5 grid, told whether your guess is <= it in both coordinates
and whether it is >= it in both (both: you found it).

    sleuth game analyze --custom examples/twod.py --strategy optimal-worst --paths worst
    sleuth game play --custom examples/twod.py
"""

SIZE = 5

guesses = [(x, y) for x in range(SIZE) for y in range(SIZE)]
secrets = guesses


def feedback(guess, secret):
    below = all(g <= s for g, s in zip(guess, secret, strict=True))
    above = all(g >= s for g, s in zip(guess, secret, strict=True))
    return below, above


# ends is left out: the game ends on the feedback of a secret against itself, (True, True)
name = "twoD 5 x 5"
