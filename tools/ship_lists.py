"""Copy the official word lists into the package: gzip each file, record provenance and checksums.

Run from the repository root with the shared data beside it:

    python tools/ship_lists.py ../shared/data

It rewrites ``src/sleuth/data/lists.json`` and the ``*.txt.gz`` files it names; the tests check
that what the package ships equals the files it was made from.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
from collections import Counter
from pathlib import Path

TARGET = Path(__file__).resolve().parents[1] / "src" / "sleuth" / "data"

LINGO_SOURCE = ("The 2014 'Guess the word (aka Lingo)' challenge's own list, from its public "
                "repository noirotm/lingo: every word of the tournament, a-z, one a line.")
ORIGIN = {"lingo": "noirotm/lingo", "wordle": "alex1770/wordle"}
WORDLE_SOURCE = ("Published by the repository of exact Wordle results alex1770/wordle, one "
                 "lowercase five-letter word a line.")

#: name -> (title, provenance, {role: file under the data folder})
LISTS: dict[str, tuple[str, str, dict[str, str]]] = {
    "lingo-official": ("the official Lingo tournament list (2014)", LINGO_SOURCE,
                       {"words": "lingo/wordlist.txt"}),
    "wordle-original": ("Wordle's original lists (2021-2022)", WORDLE_SOURCE,
                        {"answers": "wordle/answers-original.txt",
                         "guesses": "wordle/allowed-original.txt"}),
    "wordle-nyt-2022-08-30": ("the New York Times' Wordle lists of 2022-08-30", WORDLE_SOURCE,
                              {"answers": "wordle/answers-nyt-2022-08-30.txt",
                               "guesses": "wordle/allowed-nyt-2022-08-30.txt"}),
    "wordle-nyt-2023-07-01": ("the current Wordle game: answers since 2023-07-01, guesses of "
                              "2022-08-30", WORDLE_SOURCE,
                              {"answers": "wordle/answers-nyt-2023-07-01.txt",
                               "guesses": "wordle/allowed-nyt-2022-08-30.txt"}),
}


def packed_name(relative: str) -> str:
    """The shipped name of a data file: ``lingo/wordlist.txt`` -> ``lingo-wordlist.txt.gz``."""
    return relative.replace("/", "-") + ".gz"


def ship(data: Path) -> dict[str, dict]:
    """Write every list's files into the package and return the manifest."""
    TARGET.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, dict] = {}
    for name, (title, source, files) in LISTS.items():
        origin = ORIGIN[name.split("-")[0]]
        entry: dict = {"title": title, "origin": origin, "source": source, "files": {}}
        for role, relative in files.items():
            raw = (data / relative).read_bytes()
            words = list(dict.fromkeys(raw.decode("ascii").split()))  # unique words
            packed = packed_name(relative)
            (TARGET / packed).write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
            entry["files"][role] = {
                "file": packed, "sha256": hashlib.sha256(raw).hexdigest(), "words": len(words),
                "per_length": {str(n): c for n, c in sorted(Counter(map(len, words)).items())},
            }
        manifest[name] = entry
    lingo = data / "lingo"
    manifest["lingo-official"]["length_files"] = {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(lingo.glob("wordlist*.txt")) if path.name != "wordlist.txt"}
    (TARGET / "lists.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path, help="the shared data folder (holds lingo/, wordle/)")
    manifest = ship(parser.parse_args().data)
    for name, entry in manifest.items():
        print(name, {role: f["words"] for role, f in entry["files"].items()})


if __name__ == "__main__":
    main()
