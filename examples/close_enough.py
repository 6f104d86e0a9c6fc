"""Find a number from 1 to 100, told "higher" or "lower"; a guess one off counts as found.

    sleuth game analyze --custom examples/close_enough.py --strategy entropy --paths worst

Three feedbacks end the game, so ends is a set. (The exact searches refuse this game: they
need a feedback that ends the game to name one secret, and "one above" after 50 is 49.)
"""

guesses = range(1, 101)
secrets = guesses


def feedback(guess, secret):
    if guess == secret:
        return "found"
    if abs(guess - secret) == 1:
        return "one above" if guess > secret else "one below"
    return "lower" if guess > secret else "higher"


ends = {"found", "one above", "one below"}
max_guesses = 10
name = "close enough, 1 to 100"
