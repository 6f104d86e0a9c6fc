"""The hinter session: notations, pasted grids, undo, hard mode, contradictions."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import WORDLE_SAMPLE
from sleuth.games.wordle.game import wordle_game
from sleuth.games.wordle.hint import HintSession, render
from sleuth.games.wordle.ratings import rate
from sleuth.words import feedback as fb

ANSWERS = WORDLE_SAMPLE
GUESSES = [*ANSWERS, "salet", "crane", "slate", "trace", "roate", "soare"]
GREEN, YELLOW, GREY = "\U0001f7e9", "\U0001f7e8", "\u2b1b"



def session(**options) -> HintSession:
    return HintSession(wordle_game(ANSWERS, GUESSES), **options)


def colours(guess: str, secret: str, style: str = "digits") -> str:
    return fb.to_text(fb.reference_code(guess, secret), 5, style)


def consistent(history: list[tuple[str, str]]) -> list[str]:
    """The answers agreeing with every (guess, secret-free code text) pair, the plain way."""
    return [a for a in ANSWERS
            if all(fb.reference_code(g, a) == fb.parse(c, 5) for g, c in history)]


@pytest.mark.parametrize("style", ["digits", "wordle", "lingo", "squares"])
def test_every_notation_narrows_alike(style: str) -> None:
    s = session()
    text = colours("crane", "crate", style)
    report = s.feed(f"crane {text}")
    assert report.error is None
    assert report.remaining == len(consistent([("crane", colours("crane", "crate"))]))
    again = s.feed(f"CRANE:{text.upper() if style != 'squares' else text}")  # agrees: fine
    assert again.error is None and again.remaining == report.remaining
    twice = [("crane", fb.reference_code("crane", "crate"))] * 2
    assert [(t.word, t.code) for t in again.turns] == twice
    clash = s.feed(f"crane {colours('crane', 'cigar', style)}")  # disagrees: refused
    assert clash.error.startswith("no answer fits") and len(clash.turns) == 2


def test_word_then_colours_on_the_next_line() -> None:
    s = session()
    waiting = s.feed("crane")
    assert waiting.waiting and "CRANE" in waiting.waiting and waiting.remaining == len(ANSWERS)
    report = s.feed(colours("crane", "crate"))
    assert report.waiting is None and [t.word for t in report.turns] == ["crane"]


def test_pasted_grid_without_words_waits_for_them() -> None:
    s = session()
    grid = [colours(w, "crate", "squares").replace("\u2b1c", GREY)
            for w in ("salet", "crane", "crate")]
    assert s.feed("Wordle 1,234 3/6").notes == [
        "a shared result: paste its grid, then type the words played, in order"]
    for row in grid:
        report = s.feed(row)
    assert "which word" in report.waiting and report.remaining == len(ANSWERS)
    s.feed("salet")
    report = s.feed("crane")
    assert report.remaining == len(consistent([("salet", colours("salet", "crate")),
                                                ("crane", colours("crane", "crate"))]))
    report = s.feed("crate")
    assert report.solved == "crate" and len(report.turns) == 3
    assert "solved in 3" in render(report)
    assert s.feed("cigar 00000").error.startswith("already solved")


def test_pasted_grid_with_words_and_spaced_squares() -> None:
    s = session()
    row = " ".join(colours("salet", "crate", "squares"))
    report = s.feed(f"{row}  salet")
    assert report.error is None and len(report.turns) == 1
    report = s.feed(f"crane {colours('crane', 'crate', 'squares')}\ufe0f")
    assert report.error is None and len(report.turns) == 2


def test_several_pairs_on_one_line() -> None:
    s = session()
    report = s.feed(f"salet:{colours('salet', 'cigar')} crane={colours('crane', 'cigar')}")
    assert len(report.turns) == 2 and "cigar" in report.answers


def test_contradiction_changes_nothing() -> None:
    s = session()
    s.feed(f"crane {colours('crane', 'crate')}")
    before = (s.remaining.copy(), list(s.turns))
    report = s.feed("salet 22222")
    assert report.error and "Nothing was changed" in report.error
    assert "CRANE" in report.error and (s.remaining == before[0]).all()
    assert s.turns == before[1]
    # a line with a good pair then a bad one is rejected as a whole
    report = s.feed(f"salet {colours('salet', 'crate')} cigar 22222")
    assert report.error and s.turns == before[1]
    first = session().feed("salet 22222")
    assert "not in this answer list" in first.error


def test_undo_steps_back() -> None:
    s = session()
    s.feed(f"crane {colours('crane', 'crate')}")
    s.feed(f"salet {colours('salet', 'crate')}")
    assert s.feed("undo").remaining == len(consistent([("crane", colours("crane", "crate"))]))
    s.feed("trace")
    assert "forgot TRACE" in s.feed("undo").notes[0]
    s.feed(colours("salet", "crate", "squares"))
    assert "forgot the row" in s.feed("undo").notes[0]
    assert s.feed("undo").remaining == len(ANSWERS)
    assert s.feed("undo").error == "nothing to undo"


def test_bad_input_is_reported_and_ignored() -> None:
    s = session()
    assert "6 letters" in s.feed("cranes 01200").error
    assert "marks" in s.feed("crane 0120").error
    assert "not a mark" in s.feed("crane 01z00").error
    assert s.feed("").error is None and s.turns == []
    note = s.feed(f"zzzzz {colours('zzzzz', 'crate')}").notes[0]
    assert "not in the guess list" in note and len(s.turns) == 1


def test_hard_mode() -> None:
    s = session(hard=True)
    s.feed(f"crane {colours('crane', 'crate')}")  # C R A green, E green: 22202
    report = s.feed(f"stool {colours('stool', 'crate')}")
    assert "hard mode" in report.error and len(s.turns) == 1
    assert all(r.word.startswith("cra") for r in report.suggestions)
    assert s.feed("hard off").notes == ["hard mode off"]
    assert s.feed(f"stool {colours('stool', 'crate')}").error is None
    assert s.feed("hard").notes == ["hard mode on"] and s.hard  # a bare `hard` switches
    assert s.feed("hard").notes == ["hard mode off"] and not s.hard
    assert s.feed("hard maybe").error == "type `hard on` or `hard off`" and not s.hard


def test_commands() -> None:
    s = session()
    assert "undo" in s.feed("help").notes[0]
    assert s.feed("all").notes[0].split() == ANSWERS
    s.feed(f"crane {colours('crane', 'crate')}")
    report = s.feed("new")
    assert report.remaining == len(ANSWERS) and report.turns == []
    assert s.feed("quit").quit
    # a word that is also a command is played with its colours on one line
    game = wordle_game(["undo", "hard", "quit"])
    t = HintSession(game)
    assert t.feed("undo 2222").solved == "undo"


def test_suggestions_are_rated_exactly() -> None:
    s = session(top=5)
    s.feed(f"crane {colours('crane', 'sissy')}")
    report = s.feed("")
    assert report.remaining > 5
    game = s.game
    exact = rate(game, np.array([game.guess_index(r.word) for r in report.suggestions]),
                 s.remaining)
    assert [r.expected for r in report.suggestions] == [r.expected for r in exact]
    every = rate(game, np.arange(len(game.guesses)), s.remaining)
    assert report.suggestions[0].expected == pytest.approx(min(r.expected for r in every))
    text = render(report)
    assert "answers left" in text and report.suggestions[0].word.upper() in text
    last = s.feed(f"salet {colours('salet', 'sissy')}")
    assert last.remaining == 1 and [r.word for r in last.suggestions] == ["sissy"]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(ANSWERS), st.lists(st.sampled_from(GUESSES), min_size=1, max_size=4))
def test_true_colours_keep_the_answer(secret: str, guesses: list[str]) -> None:
    s = session(top=3)
    history = []
    for guess in guesses:
        if s.solved:
            break
        code = colours(guess, secret)
        history.append((guess, code))
        report = s.feed(f"{guess} {code}")
        assert report.error is None
        assert s.game.secret_words(s.remaining) == consistent(history)
        assert secret in s.game.secret_words(s.remaining)


def test_hinter_on_the_original_lists(wordle_dir: Path) -> None:
    answers = (wordle_dir / "answers-original.txt").read_text().split()
    guesses = (wordle_dir / "allowed-original.txt").read_text().split()
    s = HintSession(wordle_game(answers, guesses))
    start = s.report()
    assert start.remaining == 2315 and start.suggestions[0].word == "roate"
    assert start.suggestions[0].expected == pytest.approx(60.42, abs=0.01)
    # the proven best opener comes first, with its own row, and is said to be published
    assert start.optimal.word == "salet" and start.optimal_rating.word == "salet"
    assert start.optimal.mean == pytest.approx(7920 / 2315)
    assert "published" in start.optimal.source and "salet" not in [
        r.word for r in start.suggestions]
    assert start.optimal_rating == rate(s.game, np.array([s.game.guess_index("salet")]),
                                        s.remaining)[0]
    assert s.feed("hard on").optimal.word == "salet"  # hard mode's best opener: SALET too
    s.feed("hard off")
    assert HintSession(wordle_game(answers, guesses), candidates_only=True).report(
        ).optimal is None  # SALET is no answer
    report = s.feed(f"salet {colours('salet', 'crony')}")
    assert report.remaining == 221
    report = s.feed(f"crony {colours('crony', 'crony')}")
    assert report.solved == "crony"


def test_exact_optimal_next_guess() -> None:
    from sleuth.core.game import Position
    from sleuth.solve.search import optimal_mean

    s = session(exact=100)
    report = s.feed(f"salet {colours('salet', 'cigar')}")
    assert report.remaining > 2 and report.optimal is not None
    exact = optimal_mean(s.game, Position(s.remaining, cost=1), max_guesses=6, workers=1)
    assert report.optimal.mean == pytest.approx(exact.mean)
    assert report.optimal.word == exact.first_guess and report.optimal.capped
    assert "optimal:" in render(report)
    assert session(exact=0).feed(f"salet {colours('salet', 'cigar')}").optimal is None
    assert session(exact=100, hard=True).report().optimal is None


def test_the_optimal_next_guess_has_its_row_in_the_table() -> None:
    """Whatever the ranking, the exact search's guess is shown with its exact row, first."""
    for rank in ("expected", "entropy", "worst", "green-yellow"):
        report = session(exact=100, top=3, rank=rank).feed(f"salet {colours('salet', 'cigar')}")
        best = report.optimal
        assert best is not None and report.optimal_rating.word == best.word
        text = render(report).splitlines()
        row = next(i for i, line in enumerate(text) if line.split()[:1] == ["opt"])
        assert text[row].split()[1] == best.word.upper() and len(report.suggestions) == 3
        assert best.word not in [r.word for r in report.suggestions]


def test_candidates_only_proposes_possible_answers() -> None:
    """With ``candidates_only`` every proposal, and the exact guess, is an answer left; the
    exact guess is the best among them (checked against the search over that game)."""
    from sleuth.core.game import Position
    from sleuth.games.wordle.lookahead import _among
    from sleuth.solve.search import optimal_mean

    s = session(exact=100, top=50, candidates_only=True)
    report = s.feed(f"salet {colours('salet', 'cigar')}")
    left = consistent([("salet", colours("salet", "cigar"))])
    words = [r.word for r in report.suggestions] + [report.optimal.word]
    assert set(words) <= set(left) and len(set(words)) == len(left)
    named = s.game.guess_of_secret(s.remaining)
    alone = _among(s.game, s.remaining, named)
    exact = optimal_mean(alone, Position(np.arange(len(left)), cost=1), max_guesses=6, workers=1)
    assert report.optimal.mean == pytest.approx(exact.mean)
    every = session(exact=100).feed(f"salet {colours('salet', 'cigar')}").optimal
    assert every.mean <= report.optimal.mean


def test_green_yellow_ranking_is_seed_004s_hinter() -> None:
    """Among the answers left, ranked by green-yellow: the seed's sum of points, best first."""
    s = session(top=5, rank="green-yellow", candidates_only=True)
    report = s.feed(f"crane {colours('crane', 'sissy')}")
    left = consistent([("crane", colours("crane", "sissy"))])
    points = {g: sum(sum(fb.digits(fb.reference_code(g, a), 5)) for a in left) for g in left}
    assert report.remaining == len(left) > 5 and {r.word for r in report.suggestions} <= set(left)
    assert [points[r.word] for r in report.suggestions] == sorted(points.values(),
                                                                   reverse=True)[:5]


def test_few_answers_left_propose_only_them() -> None:
    s = session()
    report = s.feed(f"crane {colours('crane', 'crate')}")
    left = consistent([("crane", colours("crane", "crate"))])
    assert report.remaining == len(left) == 1 and report.answers == left == ["crate"]
    assert [r.word for r in report.suggestions] == ["crate"]
    s.feed("undo")
    report = s.feed(f"salet {colours('salet', 'cigar')}")
    left = consistent([("salet", colours("salet", "cigar"))])
    assert report.remaining == len(left) > 2
    assert all(r.classes > 1 or r.candidate for r in report.suggestions)
    pair = session().feed(f"cigar {colours('cigar', 'major')}")
    left = consistent([("cigar", colours("cigar", "major"))])
    assert len(left) == 2 and pair.remaining == 2
    assert {r.word for r in pair.suggestions} == set(pair.answers) == set(left)


def test_a_pasted_grid_reads_rows_with_or_without_their_words() -> None:
    from sleuth.games.wordle.hint import read_grid

    text = ("Wordle 1,234 3/6*\n\n"
            f"{colours('salet', 'crate', 'squares')}\n"
            f"crane {colours('crane', 'crate', 'squares')}\n"
            f"{' '.join(colours('crate', 'crate', 'squares'))} CRATE\n")
    rows = read_grid(text, 5)
    assert [(r.number, r.word) for r in rows] == [(1, None), (2, "crane"), (3, "crate")]
    assert [r.code for r in rows] == [fb.reference_code(w, "crate")
                                      for w in ("salet", "crane", "crate")]
    for bad, says in ((f"salet {GREY * 4}", "row 1 (salet"), (f"{GREY * 5}\nsalet", "row 2"),
                      (f"{GREY * 5}\nsalet {GREY * 5} x", "row 2"), ("", "no row"),
                      ("cranes 00000", "no word of 5 letters")):
        with pytest.raises(ValueError, match=re.escape(says)):
            read_grid(bad, 5)


def test_replay_plays_every_row_or_none_naming_the_one_that_fails() -> None:
    s = session()
    s.feed(f"crane {colours('crane', 'cigar')}")
    rows = [("salet", fb.reference_code("salet", "crate")),
            ("CRANE", fb.reference_code("crane", "crate"))]
    report = s.replay(rows)
    assert report.error is None and [t.word for t in report.turns] == ["salet", "crane"]
    assert report.remaining == len(consistent([(w.lower(), fb.to_text(c, 5, "digits"))
                                               for w, c in rows]))
    before = list(s.turns)
    bad = s.replay([rows[0], ("zzzzz", 0)])
    assert bad.error.startswith("row 2 (ZZZZZ") and "not in the guess list" in bad.error
    clash = s.replay([rows[0], ("crane", fb.parse("22222"))])
    assert clash.error.startswith("row 2 (CRANE") and "no answer fits" in clash.error
    assert s.turns == before
    hard = session(hard=True)
    refused = hard.replay([("crane", fb.parse("20000")), ("salet", 0)])
    assert refused.error.startswith("row 2") and "hard mode" in refused.error


def test_a_split_counts_the_answers_of_each_feedback() -> None:
    s = session()
    s.feed(f"crane {colours('crane', 'cigar')}")
    split = s.split("SALET")
    left = s.game.secret_words(s.remaining)
    expected: dict[int, list[str]] = {}
    for answer in left:
        expected.setdefault(fb.reference_code("salet", answer), []).append(answer)
    assert {c: sorted(s.game.secret_words(m)) for c, m in split.classes} == expected
    assert [m.size for _, m in split.classes] == sorted((len(v) for v in expected.values()),
                                                        reverse=True)
    assert split.rating.worst == max(len(v) for v in expected.values())
    with pytest.raises(ValueError, match="not an allowed guess"):
        s.split("zzzzz")


def test_the_likeliest_answers_come_first() -> None:
    from sleuth.words.wordlist import frequencies

    likely = session().likely(5)
    freq = dict(zip(ANSWERS, frequencies(ANSWERS), strict=True))
    assert [w for w, _ in likely] == sorted(ANSWERS, key=lambda w: -freq[w])[:5]
    weights = np.arange(1, len(ANSWERS) + 1, dtype=np.float64)
    weighted = HintSession(wordle_game(ANSWERS, GUESSES, weights=weights)).likely(len(ANSWERS))
    assert [w for w, _ in weighted] == ANSWERS[::-1]
    assert sum(p for _, p in weighted) == pytest.approx(1)


def test_sessions_sharing_their_parts_reuse_each_others_work() -> None:
    from sleuth.games.wordle.hint import Shared

    game = wordle_game(ANSWERS, GUESSES)
    shared = Shared(game)
    first = HintSession(game, shared=shared, exact=100)
    one = first.feed(f"salet {colours('salet', 'cigar')}")
    seen = (len(shared.suggestions), len(shared.exact))
    second = HintSession(game, shared=shared, exact=100)
    two = second.feed(f"salet {colours('salet', 'cigar')}")
    assert (len(shared.suggestions), len(shared.exact)) == seen
    assert two.suggestions == one.suggestions and two.optimal == one.optimal
    other = HintSession(game, shared=shared, top=3)  # other options: other entries
    other.report()
    assert len(shared.suggestions) > seen[0]
    with pytest.raises(ValueError, match="another game"):
        HintSession(wordle_game(ANSWERS), shared=shared)


def test_threads_asking_a_memo_for_one_key_make_it_once() -> None:
    import threading
    import time

    from sleuth.games.wordle.hint import Memo

    memo, made = Memo(limit=4), []

    def make() -> int:
        made.append(1)
        time.sleep(0.2)
        return 42

    got: list[int] = []
    threads = [threading.Thread(target=lambda: got.append(memo.get_or_make("k", make)))
               for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == [42] * 5 and made == [1]

    def fail() -> int:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        memo.get_or_make("bad", fail)
    assert memo.get_or_make("bad", lambda: 7) == 7  # a failed make leaves the key free


def test_the_exact_search_on_the_games_own_tables_agrees() -> None:
    from sleuth.games.wordle.hint import Shared

    game = wordle_game(ANSWERS, GUESSES)
    line = f"salet {colours('salet', 'cigar')}"
    cut = HintSession(game, exact=100, exact_seconds=None).feed(line).optimal
    whole = HintSession(game, exact=100, exact_seconds=None,
                        shared=Shared(game, full_tables=True)).feed(line).optimal
    assert cut is not None and whole is not None
    assert (whole.mean, whole.worst) == (cut.mean, cut.worst)
