"""The resumable journal: records round-trip, a cut file loses at most its last record, other
files are refused in one line and never written to, headers compared, writers locked out."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sleuth.core.journal import (
    Form,
    JournalError,
    changes,
    open_journal,
    parse,
    read_journal,
)

FORM = Form("test journal", lambda record: record.get("type") == "header")
LEGACY = Form("test journal", FORM.is_header, legacy=True)
HEADER = {"type": "header", "work": "tests", "n": 1}

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text()
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8)
records = st.lists(st.dictionaries(st.text(), values, max_size=4), max_size=6)


@contextmanager
def folder() -> Iterator[Path]:
    """A fresh folder for one example (hypothesis runs many in one test)."""
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def written(path: Path, items: list[dict[str, Any]], header: dict[str, Any] = HEADER) -> bytes:
    """The bytes of a new journal at ``path`` holding ``items``."""
    with open_journal(path, header, FORM, new=True) as journal:
        for item in items:
            journal.append(item)
    return path.read_bytes()


@given(records)
def test_any_records_round_trip(items: list[dict[str, Any]]) -> None:
    with folder() as tmp:
        data = written(tmp / "j.jsonl", items)
        found = read_journal(tmp / "j.jsonl", FORM)
        assert (found.header, found.records, found.torn) == (HEADER, items, False)
        assert found.size == len(data) and data.count(b"\n") == len(items) + 1


@given(records, st.data())
def test_a_cut_file_loses_at_most_the_record_being_written(
        items: list[dict[str, Any]], data: st.DataObject) -> None:
    with folder() as tmp:
        path = tmp / "j.jsonl"
        whole = written(path, items)
        cut = data.draw(st.integers(0, len(whole)), label="cut")
        path.write_bytes(whole[:cut])
        ends = [i + 1 for i, byte in enumerate(whole) if byte == ord("\n")]
        kept = sum(end <= cut for end in ends) - 1  # whole lines after the header's
        if kept < 0:  # not even the header is whole
            with pytest.raises(JournalError, match="it has no header line"):
                read_journal(path, FORM)
            assert read_journal(path, LEGACY).records == []
            return
        found = read_journal(path, FORM)
        assert found.records == items[:kept] and found.torn == (cut not in ends)
        with open_journal(path, HEADER, FORM, new=False) as journal:  # resumed: torn line cut
            assert journal.found.records == items[:kept]
            journal.append({"more": True})
        assert read_journal(path, FORM).records == [*items[:kept], {"more": True}]
        assert not read_journal(path, FORM).torn


@given(st.binary(max_size=200))
def test_any_bytes_are_read_as_a_journal_or_refused_in_one_line_and_left_alone(
        data: bytes) -> None:
    with folder() as tmp:
        path = tmp / "any.jsonl"
        path.write_bytes(data)
        for form in (FORM, LEGACY):
            try:
                read_journal(path, form)
            except JournalError as error:
                assert str(path) in str(error) and "\n" not in str(error)
            try:
                open_journal(path, HEADER, form, afresh=True).close()
            except JournalError:
                assert path.read_bytes() == data


@given(records, st.text().filter(lambda line: "\n" not in line and line.strip()))
def test_a_line_that_is_not_a_record_is_refused_naming_the_file_and_line(
        items: list[dict[str, Any]], line: str) -> None:
    if isinstance(_json(line), dict):
        return  # a record after all
    with folder() as tmp:
        path = tmp / "j.jsonl"
        data = written(path, items) + (line + "\n").encode()
        path.write_bytes(data)
        number = len(items) + 2
        with pytest.raises(JournalError, match=f"line {number}: not a record"):
            open_journal(path, HEADER, FORM)
        assert path.read_bytes() == data
        path.write_bytes((line + "\n").encode() + data)
        with pytest.raises(JournalError, match="line 1 is not a header"):
            read_journal(path, FORM)


def _json(line: str) -> Any:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def test_a_record_its_form_refuses_is_named_with_its_line(tmp_path: Path) -> None:
    def check(record: dict[str, Any]) -> None:
        if record.get("n", 0) < 0:
            raise ValueError("'n' is negative")

    path = tmp_path / "j.jsonl"
    written(path, [{"n": 2}, {"n": -1}])
    with pytest.raises(JournalError, match=f"^{path}, line 3: 'n' is negative$"):
        read_journal(path, Form("test journal", FORM.is_header, check))


@given(st.dictionaries(st.sampled_from("abc"), st.integers(0, 2)))
def test_a_header_that_differs_is_refused_naming_it_or_started_afresh(
        other: dict[str, Any]) -> None:
    header = {**HEADER, **other}
    with folder() as tmp:
        path = tmp / "j.jsonl"
        data = written(path, [{"x": 1}])
        difference = changes(HEADER, header)
        if not difference:
            with open_journal(path, header, FORM) as journal:
                assert journal.found.records == [{"x": 1}]
            return
        with pytest.raises(JournalError) as caught:
            open_journal(path, header, FORM)
        assert str(caught.value) == f"{path} was made with other settings: " + \
            "; ".join(difference)
        assert path.read_bytes() == data
        with open_journal(path, header, FORM, afresh=True) as journal:
            assert journal.found.records == []
        assert read_journal(path, FORM).header == header


def test_changes_name_each_field_that_differs() -> None:
    assert changes({"a": 1, "b": 2}, {"a": 1, "b": 3, "c": 4}) == [
        "b: file 2, now 3", "c: file None, now 4"]


def test_a_locked_journal_refuses_a_second_writer_until_closed(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    with open_journal(path, HEADER, FORM, new=True, lock=True) as first:
        with pytest.raises(JournalError, match=f"^{path} is in use by another run"):
            open_journal(path, HEADER, FORM, lock=True)
        first.append({"n": 1})
    with open_journal(path, HEADER, FORM, lock=True) as second:
        assert second.found.records == [{"n": 1}]


def test_paths_that_cannot_be_journals_are_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    with pytest.raises(JournalError, match="test journal not found"):
        open_journal(path, HEADER, FORM, new=False)
    with pytest.raises(JournalError, match="there is no folder"):
        open_journal(tmp_path / "no" / "j.jsonl", HEADER, FORM)
    written(path, [])
    with pytest.raises(FileExistsError):
        open_journal(path, HEADER, FORM, new=True)
    with pytest.raises(JournalError, match="is a folder, not a test journal"):
        read_journal(tmp_path, FORM)
    if hasattr(os, "mkfifo"):  # opened without waiting for a writer
        os.mkfifo(tmp_path / "fifo")
        with pytest.raises(JournalError, match=r"not a regular file but a named pipe \(FIFO\)"):
            open_journal(tmp_path / "fifo", HEADER, FORM)


def test_an_empty_file_is_given_the_header_unless_it_must_hold_one(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(b"")
    with pytest.raises(JournalError, match="it has no header line"):
        open_journal(path, HEADER, FORM, new=False)
    open_journal(path, HEADER, FORM).close()
    assert parse(path.read_bytes(), path, FORM).header == HEADER


def test_a_legacy_file_without_header_is_read_and_appended_to(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_text('{"n": 1}\n{"n": 2')
    with pytest.raises(JournalError, match="line 1 is not a header"):
        read_journal(path, FORM)
    with open_journal(path, HEADER, LEGACY) as journal:
        assert (journal.found.header, journal.found.records) == (None, [{"n": 1}])
        journal.append({"n": 3})
    assert path.read_text() == '{"n": 1}\n{"n": 3}\n'
