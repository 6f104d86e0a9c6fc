"""Score-maximising play: the exact end games against a brute-force optimum."""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import brute_best_total
from sleuth.core.tree import evaluate
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.scoring import MaxScore

words = st.lists(st.text("abcd", min_size=3, max_size=3), min_size=1, max_size=14, unique=True)


@settings(max_examples=40, deadline=None)
@given(words, st.integers(1, 3))
def test_maxscore_is_optimal_with_three_attempts_or_fewer(secrets: list[str], attempts: int
                                                          ) -> None:
    # the game starts with `attempts` left: points as if 5 - attempts were already used
    game = lingo_game(secrets)
    start = game.start()
    from dataclasses import replace

    start = replace(start, cost=5 - attempts)
    result = evaluate(game, MaxScore(), start)
    got = sum(game.score(int(c), bool(w)) for c, w in zip(result.cost, result.won, strict=True))
    assert got == pytest.approx(brute_best_total(game.guess_labels, secrets, attempts))


def test_maxscore_beats_or_ties_entropy_end_game_on_a_real_list(lingo_dir) -> None:
    from sleuth.core.strategies import get

    secrets = (lingo_dir / "wordlist4.txt").read_text().split()[:400]
    game = lingo_game(secrets)
    ours = evaluate(game, MaxScore()).mean_score()
    base = evaluate(game, get("tournament")).mean_score()
    assert ours >= base - 1e-9
    assert np.isfinite(ours)


@settings(max_examples=40, deadline=None)
@given(words, st.integers(1, 4), st.integers(1, 2), st.integers(1, 5))
def test_upper_bound_is_sound(secrets: list[str], attempts: int, depth: int, top: int) -> None:
    from dataclasses import replace

    from sleuth.games.lingo.scoring import upper_bound

    game = lingo_game(secrets)
    start = replace(game.start(), cost=5 - attempts)
    optimum = brute_best_total(game.guess_labels, secrets, attempts)
    bound = upper_bound(game, start, depth=depth, top=top)
    assert bound >= optimum - 1e-9
    assert bound <= 100 * attempts * len(secrets)  # never more than every secret at once


two_letters = st.lists(st.text("abcdef", min_size=2, max_size=2), min_size=8, max_size=18,
                       unique=True)  # more secrets than feedback codes


@settings(max_examples=40, deadline=None)
@given(words | two_letters, st.integers(1, 4), st.sampled_from([0.0, 60.0]))
def test_deep_bound_is_sound_and_tighter(secrets: list[str], attempts: int,
                                         seconds: float) -> None:
    """The two-deep bound is never below the optimum nor above the depth-1 bound, also when the
    time limit stops it at once."""
    from dataclasses import replace

    from sleuth.games.lingo.scoring import deep_bound, upper_bound

    game = lingo_game(secrets)
    start = replace(game.start(), cost=5 - attempts)
    bound = deep_bound(game, start, seconds=seconds)
    optimum = brute_best_total(game.guess_labels, secrets, attempts)
    assert bound.total >= optimum - 1e-9
    assert bound.total <= upper_bound(game, start, depth=1) + 1e-9
    assert bound.exact or seconds == 0.0
    if bound.optimum:
        assert bound.total == pytest.approx(optimum)


@settings(max_examples=40, deadline=None)
@given(words | two_letters, st.integers(1, 4), st.floats(0.5, 1.5))
def test_deep_bound_with_a_target_never_rules_out_a_reachable_total(
        secrets: list[str], attempts: int, scale: float) -> None:
    """Asked about a target, the bound stays sound (a reachable target is never ruled out),
    and it rules out every target at or above the full bound."""
    from dataclasses import replace

    from sleuth.games.lingo.scoring import deep_bound

    game = lingo_game(secrets)
    start = replace(game.start(), cost=5 - attempts)
    optimum = brute_best_total(game.guess_labels, secrets, attempts)
    full = deep_bound(game, start).total
    for target in (optimum * scale, full):
        bound = deep_bound(game, start, target=target)
        assert bound.total >= optimum - 1e-9
        assert 0 <= bound.guess < len(game.guesses)
        if full <= target:
            assert bound.total <= target + 1e-9
        if bound.rules_out(target):  # then no strategy reaches the target
            assert optimum < target


@settings(max_examples=30, deadline=None)
@given(words | two_letters, st.floats(0.8, 1.2), st.data())
def test_level_three_towards_a_target_is_sound_and_full_when_above_it(
        secrets: list[str], scale: float, data: st.DataObject) -> None:
    """A first guess's level-3 bound towards a target (five attempts: lost games counted with
    four left) is never below the best total after that guess nor above its level-2 bound; it
    stops at the target when it gets there, and above it is as tight as without a target (so
    towards that full bound it ends on it); under any plan (sweeps, budgets, codes read from a
    table or computed, kept between a class's calls or not)."""
    from sleuth.games.lingo import endgame
    from sleuth.games.lingo.scoring import Bounder, LossPlan

    game = lingo_game(secrets)
    guess = data.draw(st.integers(0, len(game.guesses) - 1))
    after = brute_best_total(game.guess_labels, secrets, 5, game.guess_labels[guess])
    target = float(round(after * scale, -2))
    budgets = st.lists(st.integers(-9, -4), max_size=3).map(  # seconds: 0.3 to 30,000 codes
        lambda b: (*sorted(10.0 ** e for e in b), np.inf))
    plan = data.draw(st.builds(LossPlan, sweeps=st.integers(1, 6), budgets=budgets,
                               read=st.booleans(), keep=st.booleans()))
    table = endgame.code_table(game.guesses, game.secrets) if data.draw(st.booleans()) else None
    bounder = Bounder(game, game.start(), table, plan)
    two = bounder.two_deep(guess, exact=True)
    full = bounder.lowered(guess, -np.inf)
    bounder.two_deep(guess, exact=True)
    toward = bounder.lowered(guess, target)
    assert after - 1e-9 <= full <= toward <= two + 1e-9
    assert toward <= target or toward == full
    bounder.two_deep(guess, exact=True)  # towards the full bound: classes asked again and again
    assert bounder.lowered(guess, full) == pytest.approx(full)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(150, 250), st.data())
def test_level_three_asks_a_class_again_with_what_it_read(lingo_dir, seed: int, size: int,
                                                          data: st.DataObject) -> None:
    """On official 4-letter words (lost games counted, so classes are asked again): towards its
    full bound a first guess ends on it, and that bound is the same whether what was read on a
    class is kept for its next call or not, codes read from a table or computed."""
    from sleuth.games.lingo import endgame
    from sleuth.games.lingo.scoring import Bounder, LossPlan

    words = (lingo_dir / "wordlist4.txt").read_text().split()
    game = lingo_game(list(np.random.default_rng(seed).choice(words, size, replace=False)))
    guess = data.draw(st.integers(0, len(game.guesses) - 1))
    table = endgame.code_table(game.guesses, game.secrets)
    fulls = []
    for plan in (LossPlan(read=False, keep=False), LossPlan(keep=False), LossPlan()):
        bounder = Bounder(game, game.start(), table, plan)
        bounder.two_deep(guess, exact=True)
        fulls.append(bounder.lowered(guess, -np.inf))
        bounder.two_deep(guess, exact=True)
        assert bounder.lowered(guess, fulls[-1]) == pytest.approx(fulls[-1])
    assert fulls == pytest.approx([fulls[0]] * 3)


def test_deep_bound_proves_the_prepared_tree_optimal(lingo_dir, tmp_path) -> None:
    """On 13-letter words the bound equals what the prepared tree reaches: it is optimal."""
    from sleuth.games.lingo.prepare import Settings, prepare
    from sleuth.games.lingo.scoring import deep_bound

    secrets = (lingo_dir / "wordlist13.txt").read_text().split()[:1500]
    game = lingo_game(secrets)
    bound = deep_bound(game)
    assert bound.exact and bound.optimum
    tree = prepare(secrets, Settings(top=1), workers=1, directory=tmp_path)
    assert tree.total == pytest.approx(bound.total)
    assert game.guess_labels[bound.guess] == tree.first


@settings(max_examples=40, deadline=None)
@given(words | two_letters, st.data())
def test_opening_bound_is_sound_and_exact_when_it_says_so(secrets: list[str],
                                                          data: st.DataObject) -> None:
    """Against brute force after a given opening: the bound is never below the best total, the
    search never loosens it, and an ``optimum`` is the best total itself."""
    from sleuth.games.lingo.scoring import opening_bound
    from sleuth.words import feedback as fb

    game = lingo_game(secrets)
    opener = data.draw(st.sampled_from(sorted(game.guess_labels)))
    parts: dict[int, list[str]] = {}
    for secret in secrets:
        parts.setdefault(fb.reference_code(opener, secret), []).append(secret)
    best = sum(500.0 if code == fb.solved_code(len(opener)) else
               brute_best_total(game.guess_labels, part, 4) for code, part in parts.items())
    searched = opening_bound(game, game.guess_index(opener))
    loose = opening_bound(game, game.guess_index(opener), seconds=0)
    assert searched.total >= best - 1e-9
    assert searched.total <= loose.total + 1e-9
    assert not loose.optimum
    far = opening_bound(game, game.guess_index(opener), reached=0.0)  # too far to search
    assert best - 1e-9 <= far.total <= loose.total + 1e-9  # only lost games counted
    for bound in (searched, far):
        if bound.optimum:
            assert bound.total == pytest.approx(best)


def test_opening_bound_counts_lost_games(lingo_dir) -> None:
    """On 4-letter words many games are lost: the bound that counts them is far below the
    two-deep one, and still above what a real strategy after the same opening reaches."""
    from sleuth.games.lingo import endgame
    from sleuth.games.lingo.scoring import opening_bound

    game = lingo_game((lingo_dir / "wordlist4.txt").read_text().split()[:500])
    guess = game.guess_index("bare")
    loose = opening_bound(game, guess, seconds=0).total
    lowered = opening_bound(game, guess, reached=0.0).total
    ctx = endgame.context(game.guesses, int(game.solved), exact=10, width=4)
    points = np.array([400.0, 300.0, 200.0, 100.0])
    reached = 500.0 + sum(
        endgame.best_value(ctx, game.secrets, part, game.guess_of_secret(part), points)[0]
        for code, part in game.partition(guess, game.start().candidates) if code != game.solved)
    assert reached - 1e-9 <= lowered < 0.9 * loose


def test_a_bound_search_on_threads_answers_ctrl_c_at_once(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The threads of the bound search run numba kernels that cannot be stopped (a sleep
    stands for them here): Ctrl-C is raised at once in the thread waiting for them, and they
    stop after the first guess each has under way."""
    from sleuth.games.lingo import scoring
    from sleuth.words.wordlist import shipped_words

    game = lingo_game(list(shipped_words("lingo-official").of_length(4)[:48]))
    calls: list[float] = []
    first = threading.Lock()  # the threads start together: one Ctrl-C, from the first only

    def slow(self: object, guess: int, exact: bool, target: float = -np.inf) -> float:
        with first:
            if not calls:
                threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
            calls.append(time.monotonic())
        time.sleep(0.5)
        return 0.0  # at most the target: every first guess is tried in turn

    monkeypatch.setattr(scoring.Bounder, "two_deep", slow)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        scoring.deep_bound(game, target=0.0)
    assert time.monotonic() - start < 1.5
    time.sleep(0.8)
    stopped = len(calls)
    time.sleep(0.8)
    assert len(calls) == stopped < 48


def test_classes_left_to_the_caller_keep_their_two_deep_bound(lingo_dir) -> None:
    """A proof leaving every class to its caller (prepare searches them on its workers) counts
    no lost games: its bound is the two-deep one, with every class short of it handed back."""
    from sleuth.games.lingo.scoring import opening_proof

    game = lingo_game((lingo_dir / "wordlist4.txt").read_text().split()[:500])
    guess = game.guess_index("bare")
    loose = opening_proof(game, guess, seconds=0)[0].total
    counted = opening_proof(game, guess, reached=0.0, full=False)[0].total
    bound, found = opening_proof(game, guess, reached=0.0, full=False, leave=500)
    assert counted < bound.total == loose and not found.met
    assert sum(part.size for part, _ in found.short) <= 500 and len(found.short) > 1


def test_a_journaled_target_resumes_to_the_same_answer(lingo_dir, tmp_path) -> None:
    """A question cut short keeps the first guesses it settled; the rerun settles only the rest,
    records each once, and answers as one run without a journal does; a finished journal
    answers with no work at all (a first guess still above after level 2 goes on to level 3
    at once, journaled once). A journal of another question is refused in one line."""
    from sleuth.core.journal import JournalError
    from sleuth.games.lingo.scoring import Bounder, deep_bound

    secrets = (lingo_dir / "wordlist5.txt").read_text().split()[:200]
    game = lingo_game(secrets)
    target = deep_bound(game).total
    plain = deep_bound(game, target=target)
    journal = tmp_path / "settled.jsonl"
    told: list[tuple[int, int]] = []
    whole = deep_bound(game, target=target, journal=journal,
                       progress=lambda done, of: told.append((done, of)))
    lines = journal.read_text().splitlines()
    first = Bounder(game, game.start()).first_bounds(game.allowed_guesses(game.start()))
    assert (whole.total, whole.guess) == (plain.total, plain.guess)
    above = int((first > target).sum())
    guesses = {json.loads(line)["guess"] for line in lines[1:]}
    assert len(guesses) == above and told[-1] == (above, above)
    levels = [json.loads(line)["level"] for line in lines[1:]]
    assert len(lines) == 1 + above and 3 in levels and 2 in levels  # each journaled once
    done = deep_bound(game, seconds=0, target=target, journal=journal)  # nothing left to do
    assert (done.total, done.refined) == (plain.total, 0)
    journal.write_text("\n".join(lines[:4]) + "\n")  # as if stopped after three
    told.clear()
    again = deep_bound(game, target=target, journal=journal,
                       progress=lambda done, of: told.append((done, of)))
    assert (again.total, again.guess) == (plain.total, plain.guess)
    kept = [json.loads(line) for line in lines[1:4]]
    final = sum(r["level"] == 3 or r["bound"] <= target for r in kept)
    assert told[0] == (final, above) and sorted(journal.read_text().splitlines()) == sorted(lines)
    with pytest.raises(JournalError, match="other settings: target"):
        deep_bound(game, target=target - 100, journal=journal)


def test_a_journal_left_above_after_level_two_goes_on_to_level_three(lingo_dir, tmp_path
                                                                      ) -> None:
    """A journal of runs that bounded every first guess two guesses deep before any at level 3
    (as runs before the fused pass did) resumes: each guess it left above the target after
    level 2 is bounded at level 3, journaled again, and the answer is the one-run answer."""
    from sleuth.games.lingo.scoring import Bounder, deep_bound

    secrets = (lingo_dir / "wordlist5.txt").read_text().split()[:200]
    game = lingo_game(secrets)
    target = deep_bound(game).total
    journal = tmp_path / "settled.jsonl"
    whole = deep_bound(game, target=target, journal=journal)
    lines = journal.read_text().splitlines()
    records = [json.loads(line) for line in lines[1:]]
    lifted = [r for r in records if r["level"] == 3]
    bounder = Bounder(game, game.start())
    older = [{**r, "level": 2, "bound": bounder.two_deep(game.guess_index(r["guess"]), True,
                                                         target)} if r in lifted else r
             for r in records]
    assert lifted and all(o["bound"] > target for o, r in zip(older, records, strict=True)
                          if r in lifted)
    journal.write_text("\n".join([lines[0], *map(json.dumps, older)]) + "\n")
    again = deep_bound(game, target=target, journal=journal)
    assert (again.total, again.guess) == (whole.total, whole.guess)
    after = [json.loads(line) for line in journal.read_text().splitlines()[1:]]
    assert sorted((r["guess"], r["bound"]) for r in after if r["level"] == 3) == \
        sorted((r["guess"], r["bound"]) for r in lifted)


def test_a_first_guess_proven_elsewhere_keeps_that_bound(lingo_dir) -> None:
    """A bound given as proven is taken as it is: above the target it answers the question
    before any first guess is tightened; at or below it, the rest settle as without it."""
    from sleuth.games.lingo.scoring import deep_bound

    secrets = (lingo_dir / "wordlist5.txt").read_text().split()[:200]
    game = lingo_game(secrets)
    target = deep_bound(game).total
    guess = game.guess_index(secrets[7])
    above = deep_bound(game, target=target, proven={guess: target + 100})
    assert above.total >= target + 100 and above.refined == 0
    assert deep_bound(game, target=target, proven={guess: 0.0}).total <= target


def test_settling_with_a_code_table_answers_as_without(lingo_dir, monkeypatch) -> None:
    """Settling first guesses with the table of every word's codes (built when many are to
    settle) gives the answer computing the codes gives: every first guess settled at the same
    bounds, or the same target not ruled out (which first guess shows it first depends on the
    threads, so only the verdict is compared there)."""
    from sleuth.games.lingo import scoring

    secrets = (lingo_dir / "wordlist5.txt").read_text().split()[:200]
    game = lingo_game(secrets)
    target = scoring.deep_bound(game).total
    for aim in (target, target - 300):
        answers = []
        for start_at in (10**9, 0):
            monkeypatch.setattr(scoring, "TABLE_FROM", start_at)
            answers.append(scoring.deep_bound(game, target=aim))
        if aim == target:
            assert (answers[0].total, answers[0].guess) == (answers[1].total, answers[1].guess)
            assert answers[0].total <= target
        else:
            assert answers[0].total > aim and answers[1].total > aim


def test_settling_on_a_dask_cluster_answers_as_on_threads(lingo_dir, tmp_path) -> None:
    """First guesses settled in batches on a Dask cluster's workers give the answer and the
    journal the threads of one process give (the same bound for each first guess), and the
    same verdict on a target out of reach."""
    from distributed import Client, LocalCluster

    from sleuth.games.lingo.scoring import deep_bound

    secrets = (lingo_dir / "wordlist5.txt").read_text().split()[:200]
    game = lingo_game(secrets)
    target = deep_bound(game).total
    here, there = tmp_path / "here.jsonl", tmp_path / "there.jsonl"
    plain = deep_bound(game, target=target, journal=here)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        told: list[tuple[int, int]] = []
        found = deep_bound(game, target=target, journal=there, cluster=client,
                           progress=lambda done, of: told.append((done, of)))
        low = deep_bound(game, target=target - 300, cluster=client)
    assert (found.total, found.guess) == (plain.total, plain.guess) and found.total <= target
    assert sorted(here.read_text().splitlines()) == sorted(there.read_text().splitlines())
    assert told[-1][0] == told[-1][1] > 0
    assert low.total > target - 300
