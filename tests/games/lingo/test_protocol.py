"""The rules of one Lingo game (SPEC §1), played without processes: the protocol's state machine
and its in-process transport, ``play_with``. Each test names the rule it checks."""

from __future__ import annotations

from collections.abc import Generator, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lingo_players import FIVE, FOUR
from sleuth.games.lingo.protocol import (
    SHOWN_PREFIX,
    GameResult,
    Round,
    exit_reason,
    play_with,
    score_for,
    timeout_reason,
)
from sleuth.words import feedback as fb

SMALL = sorted({a + b + c + d for a in "abc" for b in "abc" for c in "ab" for d in "ab"})


def rule(guess: str, secret: str) -> str:
    """The duplicate rule of SPEC §1, by the plain reference implementation."""
    return fb.to_text(fb.reference_code(guess, secret), len(guess))


def played(secret: str, lines: Iterable[bytes], words: Iterable[str] = FOUR, **kw) -> Round:
    """A round fed ``lines`` until they run out or it is over."""
    game = Round(secret, set(words), **kw)
    for line in lines:
        if game.over:
            break
        game.guess(line)
    return game


def honest(words: Iterable[str]) -> Generator[str, str | None, None]:
    """An in-process player: guesses the first word left that agrees with every feedback."""
    left = sorted(words)
    while left:
        guess = left[0]
        feedback = yield guess
        left = [word for word in left if rule(guess, word) == feedback]


lines_of_small = st.lists(
    st.one_of(
        st.sampled_from(SMALL).map(str.encode),  # words of the list
        st.binary(max_size=8),  # anything at all, newlines excepted below
        st.sampled_from(SMALL).map(lambda w: w.upper().encode()),  # capitals
    ).map(lambda line: line.replace(b"\n", b"")),
    max_size=12,
)


# --- feedback: the duplicate rule -----------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SMALL), st.lists(st.sampled_from(SMALL), min_size=1, max_size=5))
def test_a_word_of_the_list_gets_the_feedback_of_the_duplicate_rule(
    secret: str, guesses: list[str]
) -> None:
    """Rule: first exact matches (O), then present letters left to right while unused (?)."""
    game = played(secret, [g.encode() for g in guesses], SMALL)
    result = game.result
    assert result.feedbacks == [rule(g, secret) for g in result.guesses]
    assert result.guesses == guesses[: result.attempts]


@pytest.mark.parametrize(
    ("secret", "guess", "expected"),
    [("dents", "dozes", "OXX?O"), ("cozies", "tosses", "XOXXOO"), ("flower", "rewolf", "??????")],
)
def test_the_spec_examples_of_duplicates(secret: str, guess: str, expected: str) -> None:
    """Rule: the duplicate examples of SPEC §1, then the secret itself gets all O."""
    game = played(secret, [guess.encode(), secret.encode()], [secret, guess])
    assert game.result.feedbacks == [expected, "O" * len(secret)]


# --- invalid guesses ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "line", [b"BOOK", b"Book", b"", b"boo", b"books", b"about", b"zzzz", b"#!@ %%", b" book",
             b"book ", b"\xff\xfe\xfd\xfc", "b\u00f6ok".encode()],
    ids=repr,
)
def test_a_guess_not_in_the_list_of_that_length_costs_an_attempt_and_gets_all_x(
    line: bytes,
) -> None:
    """Rule: a guess that is not a word of the list of that length costs an attempt, all X
    (capitals, spaces, empty lines, other lengths and words of another length included)."""
    game = Round("book", set(FOUR + FIVE))
    assert game.guess(line) == "XXXX"
    assert game.result.attempts == 1 and not game.over
    assert game.result.guesses == [line.decode("utf-8", errors="replace")]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SMALL), st.binary(max_size=10).filter(lambda b: b"\n" not in b))
def test_any_line_outside_the_list_gets_all_x(secret: str, line: bytes) -> None:
    """Rule: whatever bytes the line holds, outside the list it costs one attempt, all X."""
    text = line.removesuffix(b"\r").decode("utf-8", errors="replace")
    game = Round(secret, set(SMALL))
    answer = game.guess(line)
    assert game.result.attempts == 1
    assert answer == (rule(text, secret) if text in SMALL else "X" * len(secret))


def test_words_may_be_a_membership_test() -> None:
    """Rule: validity is membership of the list; a function may stand for the list."""
    game = Round("book", lambda word: word.startswith("b"))
    assert [game.guess(b"bxxx"), game.guess(b"axxx"), game.guess(b"book")] == [
        rule("bxxx", "book"), "XXXX", "OOOO"]
    assert game.result.solved and game.result.score == 300


# --- lines ---------------------------------------------------------------------------------


def test_one_carriage_return_before_the_newline_is_dropped() -> None:
    """Line format: ``book\\r\\n`` is the guess ``book``; a second carriage return is not."""
    assert played("book", [b"book\r"]).result.solved
    game = played("book", [b"book\r\r"])
    assert game.result.feedbacks == ["XXXX"] and game.result.guesses == ["book\r"]


def test_an_overlong_line_costs_an_attempt_and_is_kept_short() -> None:
    """Line limit: a line of more than ``max_line`` bytes is an invalid guess, recorded as its
    first bytes and ``...``; one of exactly ``max_line`` bytes is read as it is."""
    game = played("book", [b"b" * 11, b"x" * 5000, b"book"], max_line=10)
    result = game.result
    assert result.feedbacks == ["XXXX", "XXXX", "OOOO"] and result.score == 300
    assert result.guesses[:2] == ["b" * 11 + "...", "x" * SHOWN_PREFIX + "..."]
    assert played("book", [b"book"], max_line=4).result.solved
    assert played("book", [b"book\r"], max_line=4).result.solved
    assert not played("book", [b"book"], max_line=3).result.solved


# --- attempts and score --------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SMALL), lines_of_small)
def test_any_lines_give_a_game_that_ends_within_the_attempts(
    secret: str, lines: list[bytes]
) -> None:
    """Rule: at most 5 attempts; the game ends on all O or after the 5th attempt; the score is
    100 * (6 - attempts) when solved, else 0."""
    game = played(secret, lines, SMALL)
    result = game.result
    assert result.attempts == len(result.guesses) == len(result.feedbacks) <= 5
    assert result.attempts == min(len(lines), 5, first_solve(lines, secret))
    assert game.over == (result.solved or result.attempts == 5)
    assert result.solved == ("O" * len(secret) in result.feedbacks)
    assert result.score == (100 * (6 - result.attempts) if result.solved else 0)
    assert result.reason is None
    if game.over:
        with pytest.raises(ValueError, match="over"):
            game.guess(secret.encode())


def first_solve(lines: list[bytes], secret: str) -> int:
    """The number of the first line that is the secret, or a number past every line."""
    for number, line in enumerate(lines, 1):
        if line.removesuffix(b"\r") == secret.encode():
            return number
    return len(lines) + 1


@pytest.mark.parametrize("attempts", [1, 2, 3, 4, 5])
def test_a_solve_scores_100_times_6_minus_attempts(attempts: int) -> None:
    """Score: 500 on the first try down to 100 on the fifth (wrong guesses count)."""
    game = played("book", [b"able"] * (attempts - 1) + [b"book"])
    assert (game.result.attempts, game.result.score) == (attempts, 100 * (6 - attempts))
    assert score_for(True, attempts) == 100 * (6 - attempts) and score_for(False, attempts) == 0


def test_five_misses_end_the_game_with_zero() -> None:
    """Rule: the game ends after the 5th attempt, unsolved: no sixth guess, score 0."""
    game = played("book", [b"able"] * 5)
    assert game.over and game.result.attempts == 5 and game.result.score == 0
    assert game.result.feedbacks == [rule("able", "book")] * 5


@pytest.mark.parametrize("attempts", [1, 3, 8])
def test_the_number_of_attempts_may_be_changed(attempts: int) -> None:
    """Attempts: a round of another length of game ends after that many guesses."""
    game = played("book", [b"able"] * 10, attempts=attempts)
    assert game.over and game.result.attempts == attempts


# --- transport events -----------------------------------------------------------------------


def test_a_player_gone_ends_the_game_with_its_reason_and_no_score() -> None:
    """Faults: a crash, a timeout or a flood ends the game at once, unsolved, score 0."""
    game = played("book", [b"able"])
    result = game.player_gone("crash (exit 3)")
    assert game.over and result is game.result
    assert (result.attempts, result.score, result.solved, result.reason) == (
        1, 0, False, "crash (exit 3)")
    with pytest.raises(ValueError, match="over"):
        game.guess(b"book")


def test_a_player_gone_after_the_end_changes_nothing() -> None:
    """Faults: once solved, the player leaving (or lingering) is no fault."""
    game = played("book", [b"book"])
    assert game.player_gone("timeout") == GameResult("book", 4, 500, 1, ["book"], ["OOOO"], True)


def test_the_reasons_of_transport_events() -> None:
    """Faults: how exits and timeouts are reported, with the guess the referee waited for."""
    assert exit_reason(None, 2) == "player closed stdout before guess 2"
    assert exit_reason(0, 3) == "player quit (exit 0) before guess 3"
    assert exit_reason(3, 1) == "crash (exit 3)"
    assert exit_reason(-9, 1) == "crash (SIGKILL)"
    assert exit_reason(-200, 1) == "crash (signal 200)"
    assert timeout_reason(1.5, 4) == (
        "timeout after 1.5 s waiting for guess 4 (did the player flush stdout?)")


# --- the in-process transport ----------------------------------------------------------------


@pytest.mark.parametrize("secret", ["able", "book", "bird"])
def test_an_honest_generator_solves_and_every_feedback_follows_the_rule(secret: str) -> None:
    """The whole game in process: feedback per the rule, score by attempts."""
    result = play_with(honest(FOUR), secret, set(FOUR))
    assert result.solved and result.reason is None and result.guesses[-1] == secret
    assert result.feedbacks == [rule(g, secret) for g in result.guesses]
    assert result.score == 100 * (6 - result.attempts)


def test_a_function_player_gets_none_then_each_feedback() -> None:
    """In-process transport: a function gets None before the first guess, then the feedback."""
    seen: list[str | None] = []

    def player(feedback: str | None) -> str:
        seen.append(feedback)
        return ["able", "bank\n", b"book"][len(seen) - 1]  # type: ignore[return-value]

    result = play_with(player, "book", set(FOUR))
    assert seen == [None, rule("able", "book"), rule("bank", "book")]
    assert result.guesses == ["able", "bank", "book"] and result.score == 300


def test_quitting_is_the_end_of_the_players_output() -> None:
    """Faults: a player that stops (None, or a generator that ends) quits: score 0."""
    result = play_with(iter_lines(["able"]), "book", set(FOUR))
    assert result.guesses == ["able"] and result.score == 0
    assert result.reason == "player quit (exit 0) before guess 2"
    assert play_with(lambda _: None, "book", set(FOUR)).reason == exit_reason(0, 1)


def iter_lines(lines: list[str]) -> Generator[str, str | None, None]:
    """A generator player writing the given lines whatever the feedback."""
    for line in lines:
        feedback = yield line
        assert feedback is not None  # the round answers every line before asking the next


def test_an_exception_in_the_player_is_a_crash() -> None:
    """Faults: an in-process player's exception ends the game as a crash would."""

    def player(feedback: str | None) -> str:
        if feedback is not None:
            raise RuntimeError("oops")
        return "able"

    result = play_with(player, "book", set(FOUR))
    assert result.reason == "crash (RuntimeError: oops)" and result.attempts == 1


def test_events_come_as_guess_then_feedback() -> None:
    """Events: each guess and the feedback sent for it, in the order they happen."""
    events: list[tuple[str, str]] = []
    play_with(iter_lines(["able", "BOOK", "book"]), "book", set(FOUR),
              on_event=lambda kind, text: events.append((kind, text)))
    assert events == [("guess", "able"), ("feedback", rule("able", "book")),
                      ("guess", "BOOK"), ("feedback", "XXXX"),
                      ("guess", "book"), ("feedback", "OOOO")]
