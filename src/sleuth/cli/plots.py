"""Every figure of the command line, drawn by matplotlib off screen (its Agg canvas, never
pyplot or a display): one function per figure, each given plain numbers and the file to write,
returning that file."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from rich.console import Console
from rich.markup import escape

from sleuth.cli.common import fail, writable_option

if TYPE_CHECKING:  # matplotlib is imported only when a figure is drawn (it takes a second)
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: A legend or tick label longer than this is cut (a player may be a whole command line).
LABEL_WIDTH = 40


def plot_path(path: Path, option: str = "--plot") -> Path:
    """Where a plot goes, checked before any work: a format matplotlib writes (``.png`` added
    to a name without a suffix, as matplotlib does) in a writable place; else one line, exit 2."""
    from matplotlib.backend_bases import FigureCanvasBase

    kind = path.suffix.lower().lstrip(".")
    if not kind and path.name and not path.is_dir():
        path = path.with_name(path.name + ".png")
    elif kind and kind not in FigureCanvasBase.get_supported_filetypes():
        raise fail(f"{option}: {path}: matplotlib does not write .{kind} files; use .png, .svg "
                   "or .pdf")
    return writable_option(path, option)


def chosen(plot: Path | None, results: Path | None, off: bool = False) -> Path | None:
    """Where a plot goes: ``plot`` (checked by :func:`plot_path`), else beside the results
    file, else (or when ``off``) nowhere."""
    if off:
        return None
    return plot_path(plot) if plot is not None else None if results is None else beside(results)


def beside(results: Path) -> Path:
    """The default plot of a results file: a PNG of the same name beside it."""
    png = results.with_suffix(".png")
    return png if png != results else results.with_name(results.name + ".png")


def written(console: Console, path: Path, draw: Callable[[Path], Path]) -> Path:
    """``draw`` the plot into ``path`` and say where it is; a failed write (a full disk: the
    place was checked before the work) is one line, exit 1."""
    try:
        done = draw(path)
    except OSError as error:
        raise fail(f"cannot write the plot {path}: {error.strerror or error}", 1) from None
    console.print(f"plot: {escape(str(done))}", highlight=False)
    return done


def distributions(results: Sequence[tuple[str, Mapping[int, int], int]], path: Path,
                  title: str, xlabel: str = "guesses (X: not solved)",
                  ylabel: str = "answers") -> Path:
    """Games per number of guesses, one bar colour per player (name, distribution, games
    not solved), side by side; X counts the games not solved."""
    keys = sorted({k for _, dist, _ in results for k in dist})
    failed = any(f for *_, f in results)
    labels = [str(k) for k in keys] + (["X"] if failed else [])
    fig, ax = _figure(max(8.0, 0.9 * len(results) + 4), 4.5)
    ax.set_prop_cycle(color=_colours(len(results)))
    width = 0.8 / max(1, len(results))
    for i, (name, dist, failures) in enumerate(results):
        values = [dist.get(k, 0) for k in keys] + ([failures] if failed else [])
        xs = np.arange(len(labels)) + (i - (len(results) - 1) / 2) * width
        ax.bar(xs, values, width, label=_short(name))
    ax.set_xticks(np.arange(len(labels)), labels)
    return _save(fig, ax, path, title, xlabel, ylabel)


def pit_scores(totals: Mapping[str, Mapping[int, int]], games: Mapping[int, int], path: Path,
               title: str) -> Path:
    """Each player's mean points per game at each word length (``totals``: points summed per
    length; ``games``: games played per length), one line per player."""
    lengths = sorted(n for n, count in games.items() if count)
    fig, ax = _figure(max(7.0, 0.6 * len(lengths) + 3), 4.5)
    ax.set_prop_cycle(color=_colours(len(totals)))
    for player, points in totals.items():
        ax.plot(lengths, [points.get(n, 0) / games[n] for n in lengths], marker="o",
                label=_short(player))
    ax.set_xticks(lengths, [str(n) for n in lengths])
    return _save(fig, ax, path, title, "word length (letters)", "mean points per game")


def opener_scores(ranked: Sequence[tuple[str, float]], measure: str, path: Path, title: str,
                  exact: Sequence[tuple[str, float]] = (),
                  played: str = "every answer played") -> Path:
    """The openers' ratings (``ranked``: word and value, best first, by ``measure``), and
    beside them the exact mean guesses of those ``played`` over every answer (``exact``)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(11.0 if exact else 7.0, max(3.5, 0.3 * len(ranked) + 1.5)))
    axes = fig.subplots(1, 2 if exact else 1, squeeze=False)[0]
    _bars(axes[0], ranked, measure, f"{len(ranked)} best by {measure}")
    if exact:
        best_first = sorted(exact, key=lambda pair: pair[1])
        _bars(axes[1], best_first, "mean guesses", played)
        low, high = best_first[0][1], best_first[-1][1]
        axes[1].set_xlim(max(0.0, low - (high - low) - 0.05), high + 0.05)
    fig.suptitle(title)
    fig.tight_layout()
    return _write(fig, path)


def misses_histogram(misses: Mapping[int, np.ndarray], lives: int, path: Path,
                     title: str) -> Path:
    """The share of words per number of wrong letters, one bar colour per word length
    (``misses``: each word's misses by length), with the ``lives`` limit marked."""
    top = max((int(m.max()) for m in misses.values() if m.size), default=0)
    xs = np.arange(top + 1)
    fig, ax = _figure(max(7.0, 0.5 * top + 4), 4.5)
    width = 0.8 / max(1, len(misses))
    ax.set_prop_cycle(color=_colours(len(misses)))
    for i, (length, values) in enumerate(sorted(misses.items())):
        share = np.bincount(values.astype(np.int64), minlength=top + 1) / max(1, values.size)
        ax.bar(xs + (i - (len(misses) - 1) / 2) * width, 100 * share, width,
               label=f"{length} letters ({values.size:,} words)")
    ax.axvline(lives + 0.5, color="firebrick", linestyle="--",
               label=f"lost beyond {lives} wrong letters")
    ax.set_xticks(xs, [str(x) for x in xs])
    return _save(fig, ax, path, title, "wrong letters before the word is known",
                 "words (%)")


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    """A figure of one panel, ``width`` by ``height`` inches."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    return fig, fig.subplots()


def _colours(n: int) -> list:
    """``n`` colours told apart at a glance: matplotlib's ten, its twenty past ten."""
    import matplotlib

    return list(matplotlib.color_sequences["tab10" if n <= 10 else "tab20"])[: max(1, n)]


def _bars(ax: Axes, pairs: Sequence[tuple[str, float]], xlabel: str, title: str) -> None:
    """Horizontal bars of (label, value), the first on top, each value written at its end."""
    labels = [word.upper() for word, _ in pairs]
    values = [value for _, value in pairs]
    ys = np.arange(len(pairs))
    ax.barh(ys, values, color="tab:blue")
    ax.margins(x=0.1)  # room for the values written at the bars' ends
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()
    for y, value in zip(ys, values, strict=True):
        ax.annotate(f"{value:.4g}", (value, y), xytext=(3, 0), textcoords="offset points",
                    va="center", fontsize=8)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)


def _save(fig: Figure, ax: Axes, path: Path, title: str, xlabel: str, ylabel: str) -> Path:
    """Label a one-panel figure (title, axes, legend) and write it."""
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return _write(fig, path)


def _write(fig: Figure, path: Path) -> Path:
    """Write the figure, in the format its suffix names."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    return path


def _short(label: str) -> str:
    """A label cut to :data:`LABEL_WIDTH` characters."""
    return label if len(label) <= LABEL_WIDTH else label[: LABEL_WIDTH - 1] + "…"
