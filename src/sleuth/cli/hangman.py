"""``sleuth hangman``: rate the words of a list, play against the computer, or let it guess.

``rate`` tells how hard each word is: the misses a strong solver makes on it, with the letters
it guessed, cut into easy / medium / hard, beside the seed's quick formula. ``play``: the
computer picks a word and draws the gallows. ``solve``: you pick a word, the computer guesses
letters and you answer where they stand.
"""

from __future__ import annotations

import csv
import json
import math
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from sleuth.cli import GROUPS
from sleuth.cli.common import (
    Bar,
    compile_notice,
    fail,
    interrupted,
    new_console,
    one_line,
    reachable_cluster,
    tree_file_option,
    writable_option,
)
from sleuth.core.errors import FeedbackError
from sleuth.core.game import Contradiction, Game, Position
from sleuth.games.hangman.difficulty import BANDS, Rating, rate
from sleuth.games.hangman.game import MAX_LENGTH, hangman
from sleuth.games.hangman.optimal import Optimum
from sleuth.games.hangman.setter import SETTER_KINDS, SetterModel, read_picks, word_prior
from sleuth.games.hangman.solvers import get_solver
from sleuth.words.feedback import check_length
from sleuth.words.lists import COMMON_LIST, COMMON_SIZE
from sleuth.words.wordlist import WordList

app = typer.Typer(rich_markup_mode="markdown", help=GROUPS["hangman"][1], no_args_is_help=True)

RATE_SOLVERS = ("exact", "misses", "entropy", "optimal")
PLAY_POOL = 3000  # the computer sets one of the most common built-in words of the length

WordsOption = Annotated[Path | None, typer.Option(
    "--words", metavar="FILE", help="Word list file, one word a line. Without --words or --list: "
    "./wordlist.txt if there is one, else the built-in English dictionary.")]
ListOption = Annotated[str | None, typer.Option(
    "--list", metavar="NAME", help=f"A list shipped with sleuth, by name (see `sleuth lists`), or "
                   f"'{COMMON_LIST}': the {COMMON_SIZE:,} commonest words of the built-in "
                   "dictionary (by wordfreq), words a child likely knows.")]
SetterOption = Annotated[Path | None, typer.Option(
    "--setter", metavar="FILE", help="File of the words this setter chose before, one a line, a "
    "word chosen again written again: the solver learns the letters and kinds of words they "
    "favour and avoid, and how often they repeat, in place of --prior (solve adds each new "
    "word).")]
PriorOption = Annotated[str, typer.Option(
    metavar="NAME", help="What the solver assumes of the setter: uniform (any word alike), "
    "frequency (common words likelier) or rare-letters (words of rare letters likelier).")]


def _checked_prior(prior: str) -> str:
    """``--prior`` if it names a prior, else one line and exit 2."""
    if prior not in SETTER_KINDS:
        raise fail(f"unknown prior {prior!r}; choose one of {', '.join(SETTER_KINDS)}")
    return prior




def _load(path: Path | None, list_name: str | None = None) -> WordList:
    """The words by the one rule (:func:`sleuth.words.wordlist.choose_words`): ``--words``, else
    ``--list``, else ``./wordlist.txt``, else the built-in English list."""
    from sleuth.words.wordlist import choose_words

    return choose_words(path, list_name)


def _setter_model(dictionary: Sequence[str], path: Path | None) -> SetterModel | None:
    if path is None:
        return None
    model = SetterModel(dictionary)
    if path.exists():
        model.observe(read_picks(path))
    return model


def _prior(words: Sequence[str], kind: str, setter: SetterModel | None) -> np.ndarray | None:
    return word_prior(words, kind, setter)


# --------------------------------------------------------------------------- rate


def _write(path: Path, ratings: list[Rating], prior: str) -> None:
    rows = [row for rating in ratings for row in rating.rows()]
    if path.suffix.lower() == ".json":
        summary = [{"length": len(r.words[0]), "words": len(r.words),
                    "mean_misses": round(float(r.misses.mean()), 4),
                    f"won_with_{r.lives}_lives": round(float(r.won.mean()), 4),
                    "band_edges": {"easy": f"0-{r.edges[0]:g} misses",
                                   "medium": f"{r.edges[0] + 1:g}-{r.edges[1]:g} misses",
                                   "hard": f"more than {r.edges[1]:g} misses"},
                    "spearman_formula_vs_solver": _round(r.agreement)} for r in ratings]
        document = {"solver": ratings[0].solver, "prior": prior, "lives": ratings[0].lives,
                    "lengths": summary, "words": rows}
        path.write_text(json.dumps(document, indent=1) + "\n")
        return
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def _round(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)


def _wrong(word: str, letters: str) -> str:
    return " ".join(c for c in letters if c not in word) or "-"


def _word_table(title: str, rating: Rating, indices: np.ndarray) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("word", style="bold")
    table.add_column("misses", justify="right")
    table.add_column("letters guessed, in order")
    table.add_column("wrong guesses")
    for i in indices:
        word, letters = rating.words[i], rating.letters[i]
        shown = " ".join(c if c in word else f"[red]{c}[/]" for c in letters)
        table.add_row(word, str(rating.misses[i]), shown, _wrong(word, letters))
    return table


def _band_table(rating: Rating, examples: int = 8) -> Table:
    low, high = rating.edges
    ranges = {"easy": (0, low), "medium": (low + 1, high), "hard": (high + 1, None)}
    band = rating.bands
    table = Table(title="Bands (cut at the thirds of the list)", title_justify="left")
    for column in ("band", "misses", "words", "share", "examples"):
        table.add_column(column, justify="right" if column in ("words", "share") else "left")
    order = rating.order()
    for name in BANDS:
        members = [i for i in order if band[i] == name]
        lo, hi = ranges[name]
        span = (f"{lo:g}+" if hi is None else "-" if lo > hi else
                f"{lo:g}" if lo == hi else f"{lo:g}-{hi:g}")
        picks = [members[k] for k in np.linspace(0, len(members) - 1,
                                                  min(examples, len(members))).astype(int)]
        table.add_row(name, span, f"{len(members):,}", f"{len(members) / len(band):.0%}",
                      ", ".join(rating.words[i] for i in picks) if members else "-")
    return table


def _agreement_lines(rating: Rating) -> list[str]:
    rho = rating.agreement
    same = np.mean(np.array(rating.bands) == np.array(rating.formula_bands))
    if math.isnan(rho):
        return ["The seed's formula cannot be compared here (one side is constant)."]
    strength = ("strongly" if abs(rho) >= 0.7 else "moderately" if abs(rho) >= 0.4
                else "weakly" if abs(rho) >= 0.2 else "hardly")
    return [f"The seed's quick formula (unique letters x (7 - vowels) x sum of letter ranks) "
            f"agrees {strength} with the solver: Spearman rank correlation {rho:+.2f} "
            f"(+1 = same order, 0 = unrelated); it puts {same:.0%} of the words in the same "
            "band."]


def _show(console: Console, rating: Rating, top: int, weights: np.ndarray | None) -> None:
    length = len(rating.words[0])
    mean = float(np.average(rating.misses, weights=weights))
    won = float(np.average(rating.won, weights=weights))
    console.rule(f"[bold]{length}-letter words[/]")
    console.print(f"{len(rating.words):,} words, rated by the [bold]{rating.solver}[/] solver in "
                  f"{rating.seconds:.1f} s. A word's difficulty is the number of wrong letters "
                  "the solver guesses before it knows the word; the solver knows this list, so "
                  "a word is hard when many words of the list look like it. "
                  f"Mean {mean:.2f} wrong letters; "
                  f"{won:.1%} of the words are found with at most {rating.lives} wrong letters.")
    order = rating.order()
    count = min(top, len(order))
    console.print(_word_table(f"Easiest {count}", rating, order[:count]))
    console.print(_word_table(f"Hardest {count}", rating, order[::-1][:count]))
    console.print(_band_table(rating))
    for line in _agreement_lines(rating):
        console.print(line)


@app.command("rate")
def rate_command(
    words: WordsOption = None,
    list_name: ListOption = None,
    length: Annotated[list[int] | None, typer.Option(
        "--length", metavar="N",
        help="Rate only words of this length (repeatable; default: every length).")
    ] = None,
    solver: Annotated[str, typer.Option(
        metavar="NAME",
        help="Who guesses: exact (fewest expected misses, exact on small sets), optimal (the "
             "proven fewest expected misses: see `sleuth hangman optimal`; slow on short "
             "words), misses (the seed's greedy rule: the letter fewest words lack) or "
             "entropy.")] = "exact",
    prior: PriorOption = "uniform",
    setter: SetterOption = None,
    lives: Annotated[int, typer.Option(min=0, help="Wrong letters allowed; one more loses "
                                                   "(the column won_with_N_lives of --out).")]
    = 6,
    top: Annotated[int, typer.Option(min=1, help="How many easiest and hardest words to show.")
                   ] = 10,
    out: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Write every word's rating to FILE, .csv or .json by its suffix.")]
    = None,
    plot: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Draw the words per number of misses into FILE (.png, .svg or "
        ".pdf; default: with --out, beside it as OUT.png, else none).")] = None,
    no_plot: Annotated[bool, typer.Option("--no-plot", help="Draw no plot.")] = False,
) -> None:
    """Rate how hard each word of a list is to guess, easiest first, in three bands.

    For words a child likely knows, rate the commonest words: --list common.

    ```
    sleuth hangman rate --list common --length 6
    sleuth hangman rate --words words.txt --top 10 --out ratings.csv
    ```
    """
    if solver not in RATE_SOLVERS:
        raise fail(f"unknown solver {solver!r}; choose one of {', '.join(RATE_SOLVERS)}")
    _checked_prior(prior)
    if out is not None and out.suffix.lower() not in (".csv", ".json"):
        raise fail(f"{out}: the output file must end in .csv or .json")
    if out is not None:
        writable_option(out, "--out")
    from sleuth.cli import plots

    plot = plots.chosen(plot, out, no_plot)
    try:
        all_words = _load(words, list_name)
        model = _setter_model(all_words.words, setter)
        groups = _groups(all_words.words, length)
        for n in groups:  # every length is checked before any is rated
            check_length(n, MAX_LENGTH)
    except (ValueError, OSError) as error:
        raise fail(str(error)) from error
    console = new_console()
    console.print(f"Words: {escape(all_words.source)}")
    if model is not None:
        console.print("Setter model: " + "; ".join(model.describe()))
    ratings = []
    for group in groups.values():
        weights = _prior(group, prior, model)
        rating = _rate_with_progress(console, group, solver, lives, weights)
        ratings.append(rating)
        _show(console, rating, top, _aligned(weights, group, rating.words))
    if out is not None:
        try:
            _write(out, ratings, "setter" if model is not None else prior)
        except OSError as error:
            raise fail(f"cannot write {out}: {error.strerror or error}", 1) from error
        console.print(f"Every word's rating: {escape(str(out))} "
                      f"({sum(len(r.words) for r in ratings):,} rows)")
    if plot is not None:
        misses = {len(r.words[0]): r.misses for r in ratings}
        plots.written(console, plot, lambda where: plots.misses_histogram(
            misses, lives, where, f"Hangman: wrong letters per word ({solver} solver)"))


def _groups(words: Sequence[str], lengths: list[int] | None) -> dict[int, list[str]]:
    groups: dict[int, list[str]] = {}
    for word in words:
        groups.setdefault(len(word), []).append(word)
    if lengths:
        missing = [n for n in lengths if n not in groups]
        if missing:
            present = ", ".join(map(str, sorted(groups)))
            raise ValueError(f"no words of length {', '.join(map(str, missing))} in the list "
                             f"(lengths present: {present})")
        return {n: groups[n] for n in sorted(set(lengths))}
    return dict(sorted(groups.items()))


def _aligned(weights: np.ndarray | None, given: Sequence[str], order: Sequence[str]
             ) -> np.ndarray | None:
    if weights is None:
        return None
    index = {w: i for i, w in enumerate(given)}
    return np.asarray(weights)[[index[w] for w in order]]


def _rate_with_progress(console: Console, group: list[str], solver: str, lives: int,
                        weights: np.ndarray | None) -> Rating:
    """The rating of one length, on a thread of its own so that Ctrl-C is answered at once
    (one line, exit code 130) even inside a solver's compiled search."""
    from sleuth.core.parallel import interruptible

    compile_notice(15, "sleuth.games.hangman.greedy", "sleuth.games.hangman.search")
    with Bar(console, f"rating {len(group[0])}-letter words", len(group)) as bar:
        try:
            return interruptible(lambda: rate(group, solver, lives=lives, weights=weights,
                                              progress=bar.advance))
        except KeyboardInterrupt:
            bar.progress.stop()
            raise interrupted(console, "Interrupted (SIGINT).") from None


# --------------------------------------------------------------------------- optimal


@app.command("optimal")
def optimal_command(
    length: Annotated[int, typer.Option(min=1, help="Letters in the words (one length).")],
    words: WordsOption = None,
    list_name: ListOption = None,
    lives: Annotated[int | None, typer.Option(
        min=0, help="Wrong letters allowed, one more loses: the optimum then wins the most "
        "words, and among such strategies misses fewest. Default: lives never run out, the "
        "fewest expected misses.")] = None,
    out: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Write the optimal decision tree to FILE (.json, .json.gz, .txt, "
        ".dot or .svg).")] = None,
    workers: Annotated[int, typer.Option(
        "--workers", "-j", min=1,
        help="Worker processes of the exact search. Default 1: every class then shares one "
             "memo, which on one machine beats several processes with a memo each (length 9 "
             "of the Lingo list: 77 s on 2 workers, 38 s on 1).")] = 1,
    cluster: Annotated[str | None, typer.Option(
        "--cluster", metavar="ADDRESS",
        help="Run the exact search on the Dask scheduler at ADDRESS (tcp://host:8786) instead "
             "of local processes.")] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", metavar="FILE", help="Keep each class of a first letter in FILE as it is "
        "searched; run again with the same FILE to go on from there after a stop.")] = None,
) -> None:
    """The proven optimal strategy over every word of one length, each word alike: the fewest
    expected misses (or, with --lives, the most wins), beside the greedy rules.

    The exact search proves the value; the tree is then played against every word.

    ```
    sleuth hangman optimal --list lingo-official --length 10
    sleuth hangman optimal --list lingo-official --length 9 --lives 6 --out tree-9.json.gz
    ```
    """
    from sleuth.games.hangman.search import UNLIMITED

    if out is not None:
        tree_file_option(out, "--out")
    if resume is not None:
        writable_option(resume, "--resume")
    reachable_cluster(cluster)
    try:
        chosen = _load(words, list_name)
        group = _groups(chosen.words, [length])[length]
        check_length(length, MAX_LENGTH)
        game = hangman(group, lives=UNLIMITED if lives is None else min(lives, UNLIMITED))
    except (ValueError, OSError) as error:
        raise fail(str(error)) from error
    console = new_console()
    console.print(f"Words: {escape(chosen.source)}, {len(group):,} of {length} letters")
    best = _optimum_with_progress(game, workers, cluster, resume)
    _show_optimum(console, best)
    if out is not None:
        from sleuth.solve.export import write_tree

        try:
            written = write_tree(out, game, best.root, objective=best.objective, proven=True)
        except OSError as err:
            raise fail(f"cannot write the tree {out}: {err.strerror or err}", 1) from None
        console.print(f"tree written to {escape(str(written))}")


def _optimum_with_progress(game: Game, workers: int, cluster: str | None,
                           journal: Path | None) -> Optimum:
    """The optimum with a bar of the first letters' classes searched. Ctrl-C is answered at
    once: with workers this thread waits for them (and ends them on Ctrl-C); alone, the search
    runs on a thread of its own."""
    from sleuth.core.parallel import interruptible
    from sleuth.games.hangman.optimal import optimum

    compile_notice(15, "sleuth.games.hangman.greedy", "sleuth.games.hangman.search")
    alone = cluster is None and workers <= 1
    with Bar(new_console(stderr=True), "searching", None, "classes") as bar:
        try:
            if alone:
                return interruptible(lambda: optimum(game, progress=bar, workers=1,
                                                     journal=journal))
            return optimum(game, progress=bar, workers=workers, cluster=cluster, journal=journal)
        except ValueError as error:  # a journal of other words or lives
            bar.progress.stop()
            raise fail(str(error)) from None
        except KeyboardInterrupt:
            bar.progress.stop()
            kept = "" if journal is None else f"; what was searched is kept in {journal}"
            raise fail(f"interrupted: the search and its workers were stopped{kept}",
                       130) from None


def _show_optimum(console: Console, best: Optimum) -> None:
    """The optimum beside the greedy rules over the same words."""
    from sleuth.games.hangman.solvers import greedy_outcomes

    game, n = best.game, len(best.game.secrets)
    limited = best.lives is not None
    table = Table(title="Every word played once", title_justify="left")
    for column in ("solver", "mean misses", "words won" if limited else "worst word"):
        table.add_column(column, justify="left" if column == "solver" else "right")
    worst = int(np.argmax(best.cost))
    table.add_row("[bold]optimal (proven)[/]", f"{best.mean_misses:.4f}",
                  f"{n - best.lost:,} ({best.win_chance:.3%})" if limited else
                  f"{game.secret_labels[worst]} ({best.cost[worst]})")
    for rule in ("misses", "entropy"):
        misses, lost = greedy_outcomes(game, rule, best.lives)
        worst = int(np.argmax(misses))
        table.add_row(f"greedy {rule}", f"{misses.mean():.4f}",
                      f"{n - int(lost.sum()):,} ({1 - lost.mean():.3%})" if limited else
                      f"{game.secret_labels[worst]} ({misses[worst]})")
    console.print(table)
    aim = (f"most wins with {best.lives} {'life' if best.lives == 1 else 'lives'}, then "
           "fewest misses") if limited else "fewest expected misses"
    console.print(f"Objective: {aim}. First letter {game.guess_labels[best.root.guess]!r}; "
                  f"{best.misses:,} misses in all; {best.nodes:,} positions searched in "
                  f"{best.seconds:.1f} s; the tree was replayed against all {n:,} "
                  f"word{'' if n == 1 else 's'}.")


# --------------------------------------------------------------------------- drawing

GALLOWS = [
    "  +---+",
    "  |   |",
    "  |   {head}",
    "  |  {arm_l}{body}{arm_r}",
    "  |  {leg_l} {leg_r}",
    "  |",
    "=====",
]
PARTS = ("head", "body", "arm_l", "arm_r", "leg_l", "leg_r")
DRAWN = {"head": "O", "body": "|", "arm_l": "/", "arm_r": "\\", "leg_l": "/", "leg_r": "\\"}


def gallows(misses: int, lives: int) -> str:
    """The gallows after ``misses`` wrong letters of ``lives`` allowed (one past: hanged).

    >>> print(gallows(7, 6))
      +---+
      |   |
      |   X
      |  /|\\
      |  / \\
      |
    =====
    """
    lost = misses > lives
    parts = len(PARTS) if lost else (0 if lives == 0 else
                                      min(len(PARTS), math.ceil(misses * len(PARTS) / lives)))
    shown = {part: (DRAWN[part] if k < parts else " ") for k, part in enumerate(PARTS)}
    if lost:
        shown["head"] = "X"
    return "\n".join(line.format(**shown) for line in GALLOWS)


def pattern(word_length: int, revealed: dict[int, str]) -> str:
    """The word as the player sees it: found letters, blanks elsewhere.

    >>> pattern(5, {1: "a", 4: "a"})
    '_ a _ _ a'
    """
    return " ".join(revealed.get(k, "_") for k in range(word_length))


def _ask(console: Console, prompt: str) -> str | None:
    """One line from the user; None at the end of input (or Ctrl-D / Ctrl-C)."""
    try:
        return console.input(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        console.print()
        return None


# --------------------------------------------------------------------------- play


@app.command()
def play(
    words: WordsOption = None,
    list_name: ListOption = None,
    length: Annotated[int | None, typer.Option(
        min=1, help="Letters in the secret word (default: 5 to 8 at random; 4 to 9 from --words "
        "or --list).")] = None,
    lives: Annotated[int, typer.Option(min=0, help="Wrong letters allowed; one more loses.")
                     ] = 6,
    seed: Annotated[int | None, typer.Option(
        help="Seed of the random word (default: a new word each run).")] = None,
    word: Annotated[str | None, typer.Option(help="Play this word (for teaching or testing).")
                    ] = None,
) -> None:
    """The computer picks a word, you guess its letters. Type 'hint' for the solver's advice."""
    rng = random.Random(seed)
    try:
        pool = _play_pool(words, length, word, rng, list_name)
        secret = word.strip().lower() if word else rng.choice(pool)
        if secret not in pool:
            pool = [*pool, secret]
        game = hangman(pool, lives=lives)
    except (ValueError, OSError) as error:
        raise fail(str(error)) from error
    console = new_console()
    console.print(f"I have picked a word of {len(secret)} letters. You may guess {lives} wrong "
                  "letters; one more and you are hanged. Type a letter, the whole word, "
                  "'hint' or 'quit'.")
    _play_loop(console, game, secret, lives)


def _play_pool(words: Path | None, length: int | None, word: str | None,
               rng: random.Random, list_name: str | None = None) -> list[str]:
    if word is not None:
        clean = word.strip().lower()
        if not (clean.isascii() and clean.isalpha()):
            raise ValueError(f"{word!r} is not a plain a-z word")
        if length is not None and length != len(clean):
            raise ValueError(f"--word {clean} has {len(clean)} letters but --length is {length}; "
                             "give one or the other")
        length = len(clean)
    if words is None and list_name is None:
        from sleuth.words.wordlist import common_words

        length = length or rng.randint(5, 8)
        pool = list(common_words(length, PLAY_POOL))
        if not pool and word is None:
            raise ValueError(f"no built-in words of {length} letters")
        return pool
    loaded = _load(words, list_name)
    lengths = sorted({len(w) for w in loaded})
    length = length or rng.choice([n for n in lengths if 4 <= n <= 9] or lengths)
    pool = [w for w in loaded if len(w) == length]
    if not pool and word is None:
        raise ValueError(f"no words of {length} letters in {words or list_name}")
    return pool


def _play_loop(console: Console, game: Game, secret: str, lives: int) -> None:
    tried: list[str] = []
    misses = 0
    revealed: dict[int, str] = {}
    position = game.start()
    redraw = True
    while True:
        if redraw:
            left = lives - misses
            console.print(gallows(misses, lives))
            console.print(f"[bold]{pattern(len(secret), revealed)}[/]   wrong letters: "
                          f"{' '.join(c for c in tried if c not in secret) or '-'}   "
                          f"({left} wrong {'guess' if left == 1 else 'guesses'} left)")
        redraw = False
        answer = _ask(console, "Your letter: ")
        if answer is None or answer.lower() in ("quit", "exit"):
            console.print(f"The word was [bold]{secret}[/].")
            return
        guess = answer.lower()
        if guess in ("hint", "?"):
            console.print(_hint(game, position))
            continue
        if not (guess.isascii() and guess.isalpha()):
            console.print("Type one letter a-z (or the whole word, 'hint', 'quit').")
            continue
        if len(guess) > 1:
            if len(guess) != len(secret):
                console.print(f"The word has {len(secret)} letters; that guess has {len(guess)}."
                              " Nothing counted.")
                continue
            if guess == secret:
                revealed = dict(enumerate(secret))
                break
            misses += 1
            console.print(f"No, it is not {guess}.")
        elif guess in tried:
            console.print(f"You already tried {guess}. Nothing counted.")
            continue
        else:
            tried.append(guess)
            code = sum(1 << k for k, c in enumerate(secret) if c == guess)
            position = game.after(position, game.guess_index(guess), code)
            if code:
                revealed.update({k: guess for k, c in enumerate(secret) if c == guess})
            else:
                misses += 1
        if len(revealed) == len(secret) or misses > lives:
            break
        redraw = True
    console.print(gallows(misses, lives))
    if misses > lives:
        console.print(f"Hanged! The word was [bold]{secret}[/].")
    else:
        console.print(f"[bold]{secret}[/]: found with {misses} wrong "
                      f"{'guess' if misses == 1 else 'guesses'}. Well done!")


def _hint(game: Game, position: Position) -> str:
    left = position.candidates.size
    if left == 1:
        return f"Only one word fits: {game.secret_labels[int(position.candidates[0])]}."
    letter = game.guess_labels[get_solver("exact").choose(game, position)]
    return f"{left:,} words of my list fit so far; the solver would try '{letter}'."


# --------------------------------------------------------------------------- solve


@app.command()
def solve(
    length: Annotated[int, typer.Option(min=1, help="Letters in your word.")],
    words: WordsOption = None,
    list_name: ListOption = None,
    lives: Annotated[int, typer.Option(min=0, help="Wrong letters the computer may guess; "
                                                   "one more and it loses.")] = 6,
    solver: Annotated[str, typer.Option(
        metavar="NAME", help="Who guesses: exact (fewest expected misses), exact-win (most wins "
        "with the lives given, then fewest misses), misses (the seed's greedy rule: the letter "
        "fewest words lack) or entropy.")] = "exact",
    prior: PriorOption = "uniform",
    setter: SetterOption = None,
) -> None:
    """You think of a word, the computer guesses letters; answer where each one stands.

    Answer with the positions of the letter, counted from 1 (2,5), a pattern (`_a__a_`), or
    none. 'undo' takes back the last answer, 'quit' stops.

    ```
    sleuth hangman solve --length 6
    sleuth hangman solve --length 6 --setter past.txt
    ```
    """
    _checked_prior(prior)
    try:
        strategy = get_solver(solver)
        all_words = _load(words, list_name)
        group = [w for w in all_words if len(w) == length]
        if not group:
            raise ValueError(f"no words of {length} letters in the list")
        model = _setter_model(all_words.words, setter)
        game = hangman(group, lives=lives, weights=_prior(group, prior, model))
    except (ValueError, OSError) as error:
        raise fail(str(error)) from error
    if setter is not None:
        writable_option(setter, "--setter")  # the word found is added to it at the end
    console = new_console()
    console.print(f"Words: {escape(all_words.source)}")
    console.print(f"Think of a word of {length} letters; I know {len(group):,} of them. I may "
                  f"guess {lives} wrong letters. Answer with positions (2,5), a pattern "
                  "(_a__a_) or 'none'; 'undo' takes back an answer, 'quit' stops.")
    if model is not None:
        console.print("What I know of this setter: " + "; ".join(model.describe()))
    found = _solve_loop(console, game, strategy.choose)
    if found and setter is not None:
        try:
            with setter.open("a") as handle:
                handle.write(found + "\n")
        except OSError as error:  # checked before the game: only a full disk or a race left
            raise fail(f"cannot add {found!r} to {setter}: {error.strerror or error}", 1
                        ) from None
        console.print(f"Added {found!r} to {escape(str(setter))}: next time I know you better.")


def _revealed(game: Game, position: Position) -> dict[int, str]:
    shown: dict[int, str] = {}
    for guess, code in position.history:
        for k in range(game.secrets.shape[1]):
            if code >> k & 1:
                shown[k] = game.guess_labels[guess]
    return shown


def _solve_loop(console: Console, game: Game, choose: Callable[[Game, Position], int]
                ) -> str | None:
    """Guess until one word is left or the lives are gone; the word found (or told), if any."""
    history: list[Position] = [game.start()]
    length = game.secrets.shape[1]
    while True:
        position = history[-1]
        outcome = game.outcome(position)
        if outcome is True:
            word = game.secret_labels[int(position.candidates[0])]
            console.print(f"Your word is [bold]{word}[/]! I made {position.cost} wrong "
                          f"{'guess' if position.cost == 1 else 'guesses'}.")
            check = _ask(console, "Right? (Enter for yes, 'undo' to change your last answer) ")
            if check is not None and check.lower() == "undo":
                history.pop()
                console.print("Took back your last answer.")
                continue
            return word
        if outcome is False:
            console.print(gallows(position.cost, game.max_cost))
            console.print(f"I am hanged: you win! {_left(game, position)}")
            told = _ask(console, "What was your word? ")
            return told.lower() if told and told.isascii() and told.isalpha() else None
        guess = choose(game, position)
        letter = game.guess_labels[guess]
        console.print(f"[bold]{pattern(length, _revealed(game, position))}[/]   wrong: "
                      f"{position.cost} of {game.max_cost} allowed   "
                      f"{_left(game, position)}")
        while True:
            answer = _ask(console, f"Where is '{letter}' in your word? ")
            if answer is None or answer.lower() in ("quit", "exit"):
                console.print("Stopped.")
                return None
            if answer.lower() == "undo":
                if len(history) == 1:
                    console.print("Nothing to undo yet.")
                    continue
                history.pop()
                console.print("Took back your last answer.")
                break
            try:
                code = game.parse(answer)
                history.append(game.after(position, guess, code))
                break
            except FeedbackError as error:
                console.print(f"[yellow]{escape(one_line(str(error)))}[/]")
            except Contradiction:
                console.print(f"[yellow]No word of my list fits that answer for '{letter}' "
                              "together with your earlier answers. Check it (or type undo to "
                              "change an earlier one); nothing was changed.[/]")


def _left(game: Game, position: Position) -> str:
    left = position.candidates.size
    if left <= 8:
        return "words left: " + ", ".join(game.secret_words(position.candidates))
    return f"{left:,} words left"

