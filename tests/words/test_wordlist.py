"""Tests for sleuth.words.wordlist: loading word lists, the built-in dictionary and priors."""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.words import wordlist as W
from sleuth.words.wordlist import (
    WordList,
    WordListError,
    WordListWarning,
    common_words,
    default_words,
    frequencies,
    load_words,
    parse_words,
    prior,
)


def write(path: Path, data: str | bytes) -> Path:
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def load_quiet(path: Path, **kw) -> WordList:
    """Load, failing the test if any warning is raised."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return load_words(path, **kw)


# ------------------------------------------------------------------ line ends, BOM, case


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
@pytest.mark.parametrize("bom", [False, True], ids=["nobom", "bom"])
@pytest.mark.parametrize("final_eol", [False, True], ids=["noend", "end"])
def test_line_ends_and_bom(tmp_path, eol, bom, final_eol):
    text = eol.join(["Crane", "house\t ", "  ox"]) + (eol if final_eol else "")
    path = write(tmp_path / "w.txt", ("\ufeff" if bom else "") + text)
    wl = load_quiet(path)
    assert wl.words == ("crane", "house", "ox")
    assert (wl.skipped, wl.duplicates, wl.blank) == (0, 0, 0)
    assert wl.source == str(path)


def test_bom_on_any_line_is_ignored(tmp_path):
    # `cat a.txt b.txt` of two files saved with a BOM leaves one mid-file.
    wl = load_quiet(write(tmp_path / "w.txt", "\ufeffab\n\ufeffcd\n \ufeff\n"))
    assert wl.words == ("ab", "cd") and wl.blank == 1


def test_mixed_line_ends(tmp_path):
    wl = load_quiet(write(tmp_path / "w.txt", "ab\r\ncd\ref\ngh"))
    assert wl.words == ("ab", "cd", "ef", "gh")


def test_utf16_with_bom_is_read(tmp_path):
    path = write(tmp_path / "w.txt", "Crane\r\nhouse\r\n".encode("utf-16"))
    assert load_quiet(path).words == ("crane", "house")


def test_capitals_duplicates_blanks_counted(tmp_path):
    path = write(tmp_path / "w.txt", "House\n\nhouse\nHOUSE\n  \ncrane\n\t\ncrane\n")
    wl = load_quiet(path)
    assert wl.words == ("house", "crane")  # first occurrence order
    assert wl.duplicates == 3
    assert wl.blank == 3
    assert wl.skipped == 0


def test_non_alphabetic_lines_one_warning(tmp_path):
    lines = ["alpha", "x-ray", "don't", "beta", "café", "r2d2", "two words", "gamma", "Zoë"]
    path = write(tmp_path / "w.txt", "\n".join(lines) + "\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        wl = load_words(path)
    assert wl.words == ("alpha", "beta", "gamma")
    assert wl.skipped == 6
    assert len(caught) == 1
    w = caught[0]
    assert issubclass(w.category, WordListWarning)
    assert issubclass(w.category, UserWarning)
    msg = str(w.message)
    assert "skipped 6 lines" in msg
    assert "line 2" in msg and "'x-ray'" in msg
    assert str(path) in msg
    assert w.filename == __file__  # points at the caller, not inside sleuth


def test_single_skipped_line_message(tmp_path):
    path = write(tmp_path / "w.txt", "ok\n\nfoo bar\n")
    with pytest.warns(WordListWarning, match=r"skipped 1 line that is .* line 3: 'foo bar'"):
        wl = load_words(path)
    assert wl.skipped == 1 and wl.blank == 1


def test_lookalike_unicode_is_skipped_not_lowered(tmp_path):
    # KELVIN SIGN lowers to ASCII "k": it must not sneak in as a word.
    path = write(tmp_path / "w.txt", "\u212aelvin\nok\n")
    with pytest.warns(WordListWarning):
        assert load_words(path).words == ("ok",)


def test_length_filter(tmp_path):
    path = write(tmp_path / "w.txt", "ab\nabc\nabcd\nAB\nxyz\n")
    wl = load_quiet(path, length=3)
    assert wl.words == ("abc", "xyz")
    assert wl.duplicates == 1  # counts describe the whole file
    with pytest.raises(WordListError, match=r"no words of length 7 \(lengths present: 2-4\)"):
        load_words(path, length=7)
    with pytest.raises(ValueError, match="positive integer"):
        load_words(path, length=0)


# ------------------------------------------------------------------ unusable files


def test_missing_file(tmp_path):
    path = tmp_path / "nope.txt"
    with pytest.raises(WordListError, match="not found") as exc:
        load_words(path)
    assert str(path) in str(exc.value)
    assert isinstance(exc.value, ValueError)


def test_directory(tmp_path):
    with pytest.raises(WordListError, match="directory"):
        load_words(tmp_path)


def refused_within(path: Path, seconds: float = 10.0) -> str:
    """The WordListError that loading ``path`` raises, failing the test if the load blocks
    (a FIFO is then fed an end of file, so the thread finishes)."""
    outcome: list[BaseException | WordList] = []

    def run() -> None:
        try:
            outcome.append(load_words(path))
        except BaseException as error:  # handed to the test
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(seconds)
        pytest.fail(f"loading {path} blocked")
    assert len(outcome) == 1 and isinstance(outcome[0], WordListError), outcome
    assert str(path) in str(outcome[0]) and "\n" not in str(outcome[0])
    return str(outcome[0])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "words.fifo"
    os.mkfifo(fifo)
    assert "is a named pipe (FIFO), not a word list file" in refused_within(fifo)


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null here")
def test_devices_are_refused_before_reading():
    assert "is a character device, not a word list file" in refused_within(Path("/dev/null"))
    if Path("/dev/zero").exists():  # endless: it used to be read into memory until it ran out
        assert "character device" in refused_within(Path("/dev/zero"))


def test_too_big_a_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.txt"
    with path.open("wb") as f:  # sparse: no disk is used
        f.truncate(W.MAX_FILE_BYTES + 1)
    message = refused_within(path)
    assert "67,108,865 bytes is too big for a word list (at most 64 MiB" in message
    with path.open("r+b") as f:
        f.truncate(W.MAX_FILE_BYTES)
        f.seek(0)
        f.write(b"ok\n")
    with pytest.raises(WordListError, match="NUL byte"):  # at the limit it is read
        load_words(path)


def test_a_link_to_a_file_is_a_file(tmp_path):
    target = write(tmp_path / "w.txt", "ok\nno\n")
    link = tmp_path / "link.txt"
    try:
        link.symlink_to(target)
    except OSError:
        pytest.skip("no symbolic links here")
    assert load_quiet(link).words == ("ok", "no")


def test_empty_file(tmp_path):
    with pytest.raises(WordListError, match=r"no usable words.*empty"):
        load_words(write(tmp_path / "w.txt", b""))


def test_only_blank_lines(tmp_path):
    with pytest.raises(WordListError, match="only blank lines"):
        load_words(write(tmp_path / "w.txt", "\n  \r\n\t\n"))


def test_only_bad_lines(tmp_path):
    path = write(tmp_path / "w.txt", "1\n2\n\n3\n")
    with pytest.warns(WordListWarning), pytest.raises(WordListError, match="none of its 3"):
        load_words(path)


def test_binary_file(tmp_path):
    data = b"ab\ncd\n" + bytes(range(256)) * 4
    with pytest.raises(WordListError, match=r"not a text file \(NUL byte at line 3\)"):
        load_words(write(tmp_path / "w.bin", data))


def test_undecodable_bytes_name_the_line(tmp_path):
    path = write(tmp_path / "w.txt", "ab\r\ncd\r\ncaf\xe9\r\n".encode("latin-1"))
    with pytest.raises(WordListError, match=r"not valid UTF-8.*0xe9 at line 3") as exc:
        load_words(path)
    assert str(path) in str(exc.value)


def test_undecodable_after_bom_and_cr(tmp_path):
    path = write(tmp_path / "w.txt", b"\xef\xbb\xbfab\rcd\r\xff\r")
    with pytest.raises(WordListError, match="0xff at line 3"):
        load_words(path)


# ------------------------------------------------------------------ parse_words, WordList


def test_parse_words_from_list():
    with pytest.warns(WordListWarning, match="<memory>: skipped 1 line"):
        wl = parse_words(["\ufeffZebra", "ant\n", "", "ant", "b2b"])
    assert wl.words == ("zebra", "ant")
    assert (wl.skipped, wl.duplicates, wl.blank, wl.source) == (1, 1, 1, "<memory>")
    assert list(wl) == ["zebra", "ant"] and len(wl) == 2


def test_parse_words_rejects_a_bare_string():
    with pytest.raises(TypeError):
        parse_words("crane")


def test_wordlist_accessors():
    wl = parse_words(["crane", "ox", "house", "at", "slate"], source="t")
    assert wl.of_length(5) == ("crane", "house", "slate")
    assert wl.of_length(3) == ()
    assert wl.lengths() == [2, 5]
    assert repr(wl) == "<WordList 5 words from 't': skipped=0, duplicates=0, blank=0>"
    with pytest.raises(AttributeError):
        wl.words = ()  # frozen


def test_sha256_is_hash_of_written_clean_file(tmp_path):
    wl = parse_words(["B", "a", "b", ""])
    path = tmp_path / "clean.txt"
    path.write_text("".join(w + "\n" for w in wl), encoding="ascii")
    assert wl.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert load_quiet(path).sha256 == wl.sha256
    assert parse_words(["a", "b", "c"]).sha256 != wl.sha256


# ------------------------------------------------------------------ properties

messy_line = st.text(alphabet=st.sampled_from("abcXYZ -'1é\t\u00a0\ufeff"), max_size=8)


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(messy_line, max_size=30), eol=st.sampled_from(["\n", "\r\n", "\r"]))
def test_load_is_idempotent(lines, eol):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d, "messy.txt")
        path.write_bytes(eol.join(lines).encode("utf-8"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", WordListWarning)
            try:
                first = load_words(path)
            except WordListError:
                assert not any(W._is_word(s.strip(" \t\u00a0\ufeff")) for s in lines)
                return
        assert all(w.isascii() and w.isalpha() and w.islower() for w in first)
        assert len(set(first.words)) == len(first)
        assert first.skipped + first.duplicates + first.blank + len(first) <= max(len(lines), 1)
        clean = Path(d, "clean.txt")
        clean.write_text("\n".join(first.words) + "\n", encoding="ascii")
        second = load_quiet(clean)
        assert second.words == first.words
        assert (second.skipped, second.duplicates, second.blank) == (0, 0, 0)
        assert second.sha256 == first.sha256


@settings(max_examples=100, deadline=None)
@given(words=st.lists(st.text(alphabet="abcdeABCDE", min_size=1, max_size=6), min_size=1))
def test_parse_keeps_first_occurrence_order(words):
    wl = parse_words(words)
    expected = list(dict.fromkeys(w.lower() for w in words))
    assert list(wl) == expected
    assert wl.duplicates == len(words) - len(expected)


# ------------------------------------------------------------------ official Lingo list

LINGO_COUNTS = {4: 6728, 5: 14847, 6: 28127, 7: 39694, 8: 49004,
                9: 50655, 10: 43420, 11: 35612, 12: 27669, 13: 19971}  # fmt: skip


@pytest.fixture(scope="module")
def lingo(lingo_dir: Path) -> WordList:
    return load_quiet(lingo_dir / "wordlist.txt")


def test_official_lingo_list(lingo):
    # 351,076 lines: "animate" appears twice (lines 12043-12044), so 351,075 unique
    # words and 39,694 (not 39,695) of length 7.
    assert len(lingo) == 351_075
    assert lingo.duplicates == 1 and lingo.skipped == 0 and lingo.blank == 0
    assert {n: len(lingo.of_length(n)) for n in range(4, 14)} == LINGO_COUNTS
    assert lingo.words[:3] == ("a", "aa", "aaa")


@pytest.mark.parametrize("n", [4, 7, 13])
def test_official_per_length_files_agree(lingo, lingo_dir, n):
    part = load_quiet(lingo_dir / f"wordlist{n}.txt", length=n)
    assert part.words == lingo.of_length(n)


# ------------------------------------------------------------------ built-in dictionary


def test_default_words_sanity():
    d = default_words()
    assert 150_000 < len(d) < 300_000
    assert all(w.isascii() and w.isalpha() and w.islower() for w in d)
    assert min(d.lengths()) >= 2 and max(d.lengths()) <= 20
    assert list(d.words) == sorted(d.words)
    words = set(d.words)
    assert {"crane", "house", "slate", "xylyl", "aardvark"} <= words
    # Capitalised-only entries (proper nouns) are left out.
    assert not {"paris", "david", "texas", "jesus", "india"} & words
    assert len(d.of_length(5)) > 5000
    assert default_words() is d  # built once per process


def test_default_words_cache(tmp_path, monkeypatch):
    calls = []
    real_build = W._build_default_words

    def counting_build():
        calls.append(1)
        return real_build()

    monkeypatch.setattr(W, "_build_default_words", counting_build)
    first = W._default_words_from(tmp_path)
    assert len(calls) == 1
    (cache,) = tmp_path.glob("default-words-*.txt")
    assert not list(tmp_path.glob("*.tmp"))  # atomic write leaves no temp file

    second = W._default_words_from(tmp_path)
    assert len(calls) == 1  # served from the cache
    assert second.words == first.words and second.sha256 == first.sha256

    # A damaged cache (here: truncated) is rebuilt transparently.
    cache.write_bytes(cache.read_bytes()[:-5000])
    assert W._default_words_from(tmp_path).words == first.words
    assert len(calls) == 2
    # ... and so is garbage, or a cache from another version.
    cache.write_bytes(b"\x00garbage")
    assert W._default_words_from(tmp_path).words == first.words
    header, _, body = cache.read_text().partition("\n")
    cache.write_text(header.replace("recipe=", "recipe=0") + "\n" + body)
    assert W._default_words_from(tmp_path).words == first.words
    assert len(calls) == 4


def test_default_words_unwritable_cache(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a dir")
    wl = W._default_words_from(blocker / "sub")  # cannot be created: still works
    assert "crane" in wl.words


def test_cache_dir_env(monkeypatch, tmp_path):
    monkeypatch.setenv("SLEUTH_CACHE_DIR", os.fspath(tmp_path))
    assert W.cache_dir() == tmp_path


# ------------------------------------------------------------------ frequencies and priors


def test_frequencies_basic():
    p = frequencies(["house", "xylyl", "crane", "qzqzq"])
    assert p.dtype == np.float64 and p.shape == (4,)
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    assert p[0] > p[2] > p[1] > 0
    assert p[1] == p[3]  # unseen words share the floor


def test_frequencies_match_wordfreq():
    import wordfreq

    sample = [*default_words().words[::997], "House", "rock'n'roll", "zzzzzz"]
    raw = W.raw_frequencies(sample)
    assert raw.tolist() == [wordfreq.word_frequency(w, "en") for w in sample]


def test_frequencies_floor():
    p = frequencies(["house", "qzqzq"], floor=0.0)
    assert p.tolist() == [1.0, 0.0]
    assert np.allclose(frequencies(["qzqzq", "zqzqz"]), [0.5, 0.5])  # none known: uniform
    with pytest.raises(ValueError, match="cannot normalise"):
        frequencies(["qzqzq"], floor=0.0)
    with pytest.raises(ValueError, match="floor"):
        frequencies(["house"], floor=-1.0)
    with pytest.raises(ValueError, match="at least one"):
        frequencies([])


def test_frequencies_accept_a_wordlist():
    wl = parse_words(["house", "xylyl"])
    assert np.array_equal(frequencies(wl), frequencies(["house", "xylyl"]))


def test_prior_kinds():
    ws = ["house", "xylyl", "crane"]
    assert np.array_equal(prior(ws, "uniform"), np.full(3, 1 / 3))
    assert np.array_equal(prior(ws, "frequency"), frequencies(ws))
    with pytest.raises(ValueError, match="uniform, frequency"):
        prior(ws, "zipf")


def test_common_words():
    top = common_words(5, 2315)
    assert len(top) == 2315 == len(set(top))
    assert all(len(w) == 5 for w in top)
    assert set(top) <= set(default_words().of_length(5))
    assert {"house", "world", "crane"} <= set(top)
    assert "xylyl" not in top
    f = W.raw_frequencies(list(top))
    assert np.all(np.diff(f) <= 0)  # most frequent first
    assert common_words(5, 10) == top[:10]
    assert common_words(5, 0) == ()
    assert len(common_words(20, 10**6)) == len(default_words().of_length(20))
    with pytest.raises(ValueError):
        common_words(5, -1)
