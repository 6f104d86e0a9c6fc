"""Wordle: lists, hard mode, hints, openers, several boards, Absurdle."""
