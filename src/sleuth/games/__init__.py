"""Built-in games beyond words: Mastermind, Bulls and Cows, twoD, Hangman."""
