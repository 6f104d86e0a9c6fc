"""The lists shipped in the package: equal to the official files, checked, chosen by one rule."""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path

import pytest

from sleuth.words import lists
from sleuth.words.wordlist import WordListError, choose_words, shipped_words

SRC = Path(__file__).resolve().parents[2] / "src"


def test_shipped_lingo_list_is_the_official_file(lingo_dir: Path) -> None:
    words = lists.read(lists.LINGO)
    official = (lingo_dir / "wordlist.txt").read_text().split()
    assert words == tuple(dict.fromkeys(official)) and len(words) == 351_075
    for length in range(4, 14):
        per_length = (lingo_dir / f"wordlist{length}.txt").read_text().split()
        assert sorted(w for w in words if len(w) == length) == sorted(set(per_length))
        assert lists.get(lists.LINGO).per_length()[length] == len(set(per_length))


@pytest.mark.parametrize("name", ["wordle-original", "wordle-nyt-2022-08-30",
                                  "wordle-nyt-2023-07-01"])
def test_shipped_wordle_lists_are_the_published_files(name: str, wordle_dir: Path) -> None:
    generation = name.removeprefix("wordle-")
    guesses = "original" if generation == "original" else "nyt-2022-08-30"
    answers = (wordle_dir / f"answers-{generation}.txt").read_text().split()
    allowed = (wordle_dir / f"allowed-{guesses}.txt").read_text().split()
    assert lists.read(name, "answers") == tuple(answers)
    assert lists.read(name, "guesses") == tuple(allowed)


def test_official_files_are_known_by_their_bytes(lingo_dir: Path) -> None:
    assert lists.is_official_file("wordlist.txt", (lingo_dir / "wordlist.txt").read_bytes())
    data = (lingo_dir / "wordlist6.txt").read_bytes()
    assert lists.is_official_file("wordlist6.txt", data)
    assert not lists.is_official_file("wordlist6.txt", data + b"zzzzzz\n")
    assert not lists.is_official_file("wordlist7.txt", data)


def test_a_damaged_shipped_file_is_refused(tmp_path: Path, monkeypatch) -> None:
    shutil.copytree(lists.DATA, tmp_path, dirs_exist_ok=True)
    info = lists.get("wordle-original").files["answers"]
    (tmp_path / info["file"]).write_bytes(gzip.compress(b"crane\nslate\n"))
    monkeypatch.setattr(lists, "DATA", tmp_path)
    lists.read.cache_clear()
    try:
        with pytest.raises(lists.ListError, match="damaged"):
            lists.read("wordle-original", "answers")
    finally:
        lists.read.cache_clear()


def test_unknown_list_names_the_choices() -> None:
    with pytest.raises(lists.ListError, match="lingo-official, wordle-nyt-2022-08-30"):
        lists.get("lingo")


def test_one_rule_chooses_the_words(tmp_path: Path) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("alpha\nbravo\n")
    assert choose_words(mine, here=tmp_path).words == ("alpha", "bravo")
    official = choose_words(here=tmp_path, default=lists.LINGO)
    assert len(official) == 351_075 and "lingo-official" in official.source
    assert choose_words(list_name="wordle-original", here=tmp_path).words == \
        lists.read("wordle-original", "guesses")
    (tmp_path / "wordlist.txt").write_text("delta\necho\n")
    assert choose_words(here=tmp_path, default=lists.LINGO).words == ("delta", "echo")
    assert len(choose_words(list_name=lists.LINGO, here=tmp_path)) == 351_075
    with pytest.raises(WordListError, match="not both"):
        choose_words(mine, lists.LINGO)


def test_shipped_words_name_their_list() -> None:
    words = shipped_words("wordle-original", "answers")
    assert len(words) == 2315 and words.source.startswith("wordle-original answers")


def test_the_package_reads_nothing_beside_the_repository() -> None:
    reach = re.compile(r"""/\s*["']shared["']|["']shared["']\s*/|\.\./shared|shared/data""")
    offenders = [str(path.relative_to(SRC)) for path in SRC.rglob("*.py")
                 if reach.search(path.read_text())]
    assert offenders == []
