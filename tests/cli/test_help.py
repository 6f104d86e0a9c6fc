"""Every ``--help`` of the command line read as a new user reads it: each page shows, no
markup leaks or is eaten, each group names its commands, nothing is left without a help."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from sleuth.cli import build_app

APP = build_app()
ROOT = typer.main.get_command(APP)
runner = CliRunner()
#: What rich markup or markdown looks like when it is shown instead of rendered.
RAW = ("``", "[/", "[bold", "[dim", "[red", "[green", "**")


def commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command and group under ``command`` (itself first), with the words that call it
    (typer's own click objects: a group is one with commands)."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from commands(sub, (*path, name))


def is_group(command: Any) -> bool:
    """Whether ``command`` is a group of commands."""
    return hasattr(command, "commands")


PAGES = {path: command for path, command in commands(ROOT)}


def texts(command: Any) -> list[str]:
    """The help texts a command's page is made from: its own and each parameter's."""
    return [command.help or "", *(getattr(p, "help", None) or "" for p in command.params)]


@pytest.fixture(scope="module")
def shown() -> dict[tuple[str, ...], str]:
    """Each page as ``--help`` prints it (wide, so that no word is cut across lines)."""
    pages = {}
    for path in PAGES:
        result = runner.invoke(APP, [*path, "--help"], env={"COLUMNS": "160"})
        assert result.exit_code == 0, (path, result.output)
        pages[path] = result.output
    return pages


def test_every_command_is_walked() -> None:
    groups = {" ".join(path) for path, command in PAGES.items()
              if is_group(command)}
    assert {"", "lingo", "wordle", "game", "hangman", "game analyze", "game solve",
            "game play"} == groups
    assert {("serve",), ("lists",), ("wordle", "review"), ("game", "play", "twod")} <= set(PAGES)


def test_no_markup_leaks(shown: dict[tuple[str, ...], str]) -> None:
    for path, page in shown.items():
        assert not [raw for raw in RAW if raw in page], (path, page)


def test_no_markdown_is_eaten(shown: dict[tuple[str, ...], str]) -> None:
    """A word holding ``_`` or ``*`` (a pattern such as ``_a__a_``) is shown as written: outside
    code marks markdown would take it for emphasis and drop the marks."""
    for path, command in PAGES.items():
        page = " ".join(shown[path].split())
        for text in texts(command):
            for word in re.findall(r"\S*[_*]\S*", text.replace("`", "")):
                assert word.strip(".,;:()'\"") in page, (path, word)


def test_every_group_names_its_commands() -> None:
    for path, command in PAGES.items():
        if is_group(command):
            summary = command.help or ""
            missing = [name for name in command.commands
                       if not re.search(rf"(?<![\w-]){re.escape(name)}", summary, re.I)]
            assert not missing, (path, missing, summary)


def test_no_help_is_empty_or_cut_off() -> None:
    for path, command in PAGES.items():
        for text in texts(command):
            assert text.strip() and text.rstrip()[-1] in ".)`", (path, text)


def test_a_single_command_shows_no_command_to_give(shown: dict[tuple[str, ...], str]) -> None:
    for path, command in PAGES.items():
        usage = next(line for line in shown[path].splitlines() if "Usage:" in line)
        assert ("COMMAND" in usage) == is_group(command), (path, usage)


def test_shared_options_say_the_same() -> None:
    """An option that several commands share has one wording per group (only a group's own
    games or lists may differ), and every path option names its value as FILE or FOLDER."""
    wording: dict[tuple[str, str], set[str]] = {}
    for path, command in PAGES.items():
        for param in command.params:
            name = param.opts[0] if param.opts else ""
            if name in ("--list", "--words", "--workers", "--cluster", "--answers",
                        "--guesses", "--hard"):
                wording.setdefault((path[0] if path else "", name), set()).add(
                    getattr(param, "help", ""))
            if name in ("--out", "--plot", "--resume", "--tree", "--results", "--book"):
                assert param.metavar in ("FILE", "FOLDER"), (path, name, param.metavar)
    assert all(len(helps) == 1 for helps in wording.values()), wording
