"""Word lists and player programs shared by the Lingo tests (referee, pit and CLI)."""

from __future__ import annotations

WORDS_TEXT = """
able acid aged also area army away baby back ball band bank base bath bear
beat been beer bell belt best bird blow blue boat body bomb bond bone book
about above actor adopt adult after again agent agree ahead
"""
FOUR = [w for w in WORDS_TEXT.split() if len(w) == 4]
FIVE = [w for w in WORDS_TEXT.split() if len(w) == 5]

HONEST = """
import sys
from collections import Counter

def answer(guess, secret):
    out = ["O" if g == s else "X" for g, s in zip(guess, secret)]
    left = Counter(s for g, s in zip(guess, secret) if g != s)
    for i, g in enumerate(guess):
        if out[i] == "X" and left[g] > 0:
            out[i] = "?"
            left[g] -= 1
    return "".join(out)

print("thinking hard", file=sys.stderr, flush=True)
n = int(sys.argv[-1])
with open(f"wordlist{n}.txt") as handle:
    candidates = handle.read().split()
while candidates:
    guess = candidates[0]
    print(guess, flush=True)
    feedback = sys.stdin.readline().strip()
    if not feedback or feedback == "O" * n:
        break
    candidates = [w for w in candidates if answer(guess, w) == feedback]
"""
