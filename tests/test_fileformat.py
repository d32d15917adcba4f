"""The compiled format: round trips and every way a file can be bad."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from jarnac_solver import Lexicon, LexiconFormatError, LexiconNotFoundError
from jarnac_solver.lexicon.fileformat import FORMAT_VERSION, MAGIC

WORDS = ["rat", "art", "tar", "tzar", "ruat", "but", "a", "at", "brossent", "sorbets"]


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "small.jlex"
    Lexicon.from_words(WORDS, metadata={"name": "small"}).save(path)
    return path


def test_save_then_open_gives_the_same_answers(saved: Path) -> None:
    original = Lexicon.from_words(WORDS)
    opened = Lexicon.open(saved)
    assert sorted(opened) == sorted(original)
    assert opened.name == "small"
    for rack in ["TRAZU", "BROSSENTS", "", "AAAA"]:
        assert opened.subanagrams(rack, min_len=1) == original.subanagrams(rack, min_len=1)
    assert opened.extensions("RAT", "ZUB") == original.extensions("RAT", "ZUB") == ["RUAT", "TZAR"]


def test_build_is_deterministic() -> None:
    assert Lexicon.from_words(WORDS).to_bytes() == Lexicon.from_words(list(reversed(WORDS))).to_bytes()


def test_truncated_file(saved: Path) -> None:
    data = saved.read_bytes()
    for cut in (0, 5, 31, len(data) // 2, len(data) - 1):
        saved.write_bytes(data[:cut])
        with pytest.raises(LexiconFormatError, match="truncated"):
            Lexicon.open(saved)


def test_corrupted_byte(saved: Path) -> None:
    data = bytearray(saved.read_bytes())
    data[-3] ^= 0x40
    saved.write_bytes(bytes(data))
    with pytest.raises(LexiconFormatError, match="checksum"):
        Lexicon.open(saved)


def test_other_version(saved: Path) -> None:
    data = bytearray(saved.read_bytes())
    struct.pack_into("<I", data, len(MAGIC), FORMAT_VERSION + 1)
    saved.write_bytes(bytes(data))
    with pytest.raises(LexiconFormatError, match="version"):
        Lexicon.open(saved)


def test_not_a_lexicon(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("rat\nart\n" * 10)
    with pytest.raises(LexiconFormatError, match="magic"):
        Lexicon.open(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LexiconNotFoundError, match=r"nope\.jlex"):
        Lexicon.open(tmp_path / "nope.jlex")
    with pytest.raises(LexiconNotFoundError):
        Lexicon.from_file(tmp_path / "nope.txt")


def test_resolve_reads_compiled_files_and_word_lists(saved: Path, tmp_path: Path) -> None:
    assert sorted(Lexicon.resolve(str(saved))) == sorted(Lexicon.from_words(WORDS))
    text = tmp_path / "list.txt"
    text.write_text("Été\nrat\n", encoding="utf-8")
    assert sorted(Lexicon.resolve(str(text))) == ["ETE", "RAT"]
