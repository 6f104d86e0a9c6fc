"""Our player over the real protocol, checked against the decision-tree evaluator."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from sleuth.core.strategies import get
from sleuth.core.tree import evaluate
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.player import ATTEMPTS, play
from sleuth.games.lingo.referee import play_game
from sleuth.words.feedback import feedback_text

pytestmark = pytest.mark.processes

PLAYER = [sys.executable, "-m", "sleuth", "lingo", "player"]


@pytest.fixture(scope="module")
def four(lingo_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A directory holding the first 600 four-letter official words as its word list."""
    words = (lingo_dir / "wordlist4.txt").read_text().split()[:600]
    path = tmp_path_factory.mktemp("four")
    (path / "wordlist4.txt").write_text("\n".join(words) + "\n")
    (path / "wordlist.txt").write_text("\n".join(words) + "\n")
    return path, words


def test_player_program_plays_what_the_tree_predicts(four: tuple[Path, list[str]]) -> None:
    directory, words = four
    tree = evaluate(lingo_game(words), get("prepared"))
    before = sorted(os.listdir(directory))
    for index in (0, 17, 123, 599):
        result = play_game(PLAYER, words[index], set(words), workdir=directory, timeout=60)
        assert result.reason is None
        assert result.solved == bool(tree.won[index])
        assert result.attempts == int(tree.cost[index])
        assert result.score == (100 * (6 - result.attempts) if result.solved else 0)
    assert sorted(os.listdir(directory)) == before  # the player writes no file


def in_process(directory: Path, secret: str, replies: list[str] | None = None) -> list[str]:
    """Play in process against ``secret`` (or canned replies); return the guesses made."""
    guesses: list[str] = []

    class Referee(io.StringIO):
        def readline(self, *_: object) -> str:
            guess = out.getvalue().split()[-1]
            guesses.append(guess)
            if replies is not None:
                return replies.pop(0) if replies else ""
            return feedback_text(guess, secret) + "\n"

    out = io.StringIO()
    assert play(4, directory=directory, stdin=Referee(), stdout=out, stderr=io.StringIO()) == 0
    return guesses


def test_player_stops_on_all_o_and_at_five_attempts(four: tuple[Path, list[str]]) -> None:
    directory, words = four
    guesses = in_process(directory, words[5])
    assert guesses[-1] == words[5] and len(guesses) <= ATTEMPTS
    assert len(in_process(directory, "", ["XXXX\n"] * 9)) <= ATTEMPTS


def test_player_exits_cleanly_at_end_of_input(four: tuple[Path, list[str]]) -> None:
    directory, words = four
    game = lingo_game(words)
    first = game.guess_labels[get("prepared").choose(game, game.start())]
    assert in_process(directory, "", []) == [first]  # one guess, then the end of input


def test_player_survives_a_contradiction(four: tuple[Path, list[str]]) -> None:
    directory, _ = four
    err = io.StringIO()
    replies = iter(["XXXX\n", "OOOX\n", "XXXX\n", ""])
    out = io.StringIO()

    class Stdin:
        def readline(self) -> str:
            return next(replies)

    assert play(4, directory=directory, stdin=Stdin(), stdout=out, stderr=err) == 0
    assert len(out.getvalue().split()) == 4  # the fourth guess meets the end of input
    assert "no remaining candidate gives 'XXXX'" in err.getvalue()


def test_player_rejects_unreadable_feedback(four: tuple[Path, list[str]]) -> None:
    directory, _ = four
    err = io.StringIO()
    stdin = io.StringIO("banana\n")
    assert play(4, directory=directory, stdin=stdin, stdout=io.StringIO(), stderr=err) == 1
    assert "unreadable feedback" in err.getvalue()


def test_module_entry_point_speaks_the_protocol(four: tuple[Path, list[str]]) -> None:
    directory, words = four
    command = [sys.executable, "-m", "sleuth.games.lingo.player", "--strategy", "entropy"]
    result = play_game(command, words[42], set(words), workdir=directory, timeout=60)
    assert result.reason is None and result.solved


def test_rehearsals_are_real_games_down_the_openers_biggest_classes(
        four: tuple[Path, list[str]]) -> None:
    """The pit's rehearsal games end where the strategy's tree says, for a secret of the
    opener's largest class and one of its largest class searched whole (so every kernel runs)."""
    import numpy as np

    from sleuth.games.lingo.player import rehearsal_secrets, rehearse
    from sleuth.games.lingo.prepare import ON_THE_FLY

    _, words = four
    game = lingo_game(words)
    strategy = get("tournament")
    tree = evaluate(game, strategy)
    opener = strategy.choose(game, game.start())
    sizes = np.bincount(game.codes(opener, game.start().candidates))
    secrets = rehearsal_secrets(game, opener)
    classes = [sizes[game.codes(opener, np.array([s]))[0]] for s in secrets]
    assert classes[0] == sizes.max() and all(c <= ON_THE_FLY for c in classes[1:])
    assert classes[-1] == sizes[sizes <= ON_THE_FLY].max()
    for secret in secrets:
        assert rehearse(game, strategy, opener, secret) == int(tree.cost[secret]) >= 2


def test_player_never_repeats_a_guess_after_contradictions(four: tuple[Path, list[str]]) -> None:
    directory, _ = four
    err = io.StringIO()
    out = io.StringIO()
    stdin = io.StringIO("XXXX\n" * ATTEMPTS)
    assert play(4, directory=directory, stdin=stdin, stdout=out, stderr=err) == 0
    guesses = out.getvalue().split()
    assert len(guesses) == ATTEMPTS == len(set(guesses))
    assert "contradict the word list" in err.getvalue()


def test_first_game_compiles_once_and_keeps_its_first_guess(
        four: tuple[Path, list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    directory, words = four
    monkeypatch.setenv("SLEUTH_CACHE_DIR", str(tmp_path))
    errors = []
    for _ in range(2):
        err = io.StringIO()
        stdin = io.StringIO("".join(feedback_text(w, words[7]) + "\n" for w in words[:1]))
        play(4, "entropy", directory=directory, stdin=stdin, stdout=io.StringIO(), stderr=err)
        errors.append(err.getvalue())
    assert "compiling the search kernels" in errors[0]
    assert "compiling" not in errors[1]
    book = (tmp_path / "lingo-openers.json").read_text()
    assert ":600:entropy" in book


OFFICIAL_GAME = """
import io, sys
from pathlib import Path
from sleuth.games.lingo.player import play

SECRET = sys.argv[2]

def marks(guess):
    left = {}
    for g, s in zip(guess, SECRET):
        if g != s:
            left[s] = left.get(s, 0) + 1
    out = ""
    for g, s in zip(guess, SECRET):
        if g == s:
            out += "O"
        elif left.get(g, 0):
            left[g] -= 1
            out += "?"
        else:
            out += "X"
    return out

class Referee(io.StringIO):
    def readline(self, *_):
        return marks(out.getvalue().split()[-1]) + "\\n"

out = io.StringIO()
play(len(SECRET), directory=Path(sys.argv[1]), stdin=Referee(), stdout=out, stderr=sys.stderr)
heavy = sorted(m for m in ("numpy", "numba", "typer", "rich") if m in sys.modules)
print(" ".join(out.getvalue().split()), "|", " ".join(heavy) or "none")
"""


@pytest.mark.parametrize("secret", ["tare", "spectrum", "coplanarities"])
def test_official_list_plays_the_shipped_tree_without_numpy(lingo_dir: Path, secret: str,
                                                           tmp_path: Path) -> None:
    import subprocess

    env = {**os.environ, "SLEUTH_CACHE_DIR": str(tmp_path)}  # nothing prepared or cached
    done = subprocess.run([sys.executable, "-c", OFFICIAL_GAME, str(lingo_dir), secret],
                          capture_output=True, text=True, env=env, timeout=120, check=True)
    guesses, heavy = done.stdout.strip().split(" | ")
    assert guesses.split()[-1] == secret and heavy == "none" and done.stderr == ""
