"""Every input file read with a bound, and a save that writes only regular files.

Nothing here reads a device for long or writes to one: ``/dev/zero`` is refused
before it is opened (or read up to a tiny ``max_bytes``), and a save aimed at
``/dev/null`` goes through a symbolic link that must be left alone.
"""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from jarnac_solver import Alphabet, Bag, InvalidInputError, JarnacError, Lexicon
from jarnac_solver.cli import main
from jarnac_solver.game.record import read_records
from jarnac_solver.lexicon import fileformat
from jarnac_solver.textfile import LIMIT_VARIABLE, MAX_LEXICON_BYTES, MAX_TEXT_BYTES, read_text, size_limit

SMALL = Lexicon.from_words(["rat", "art", "tar", "rats"])


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    """A fifo with both ends held open by the test: an open of it by the library could never block."""
    path = tmp_path / "pipe"
    os.mkfifo(path)
    reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    writer = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    yield path
    os.close(writer)
    os.close(reader)


# -- reading ---------------------------------------------------------------------------------------

READERS: dict[str, Callable[..., object]] = {
    "Lexicon.open": lambda path, **kw: Lexicon.open(path, **kw),
    "Lexicon.open shared": lambda path, **kw: Lexicon.open(path, shared=True, **kw),
    "Lexicon.from_file": lambda path, **kw: Lexicon.from_file(path, **kw),
    "Bag.from_file": lambda path, **kw: Bag.from_file(path, **kw),
    "read_records": lambda path, **kw: read_records(path, **kw),
}


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_devices_and_fifos_are_refused_before_they_are_read(
    reader: Callable[..., object], fifo: Path, tmp_path: Path
) -> None:
    for path, kind in [("/dev/zero", "a device"), (fifo, "a fifo"), (tmp_path, "a folder")]:
        with pytest.raises(InvalidInputError, match=f"{path}: .* from a regular file, not {kind}"):
            reader(path)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_special_files_are_read_when_asked_and_still_bounded(reader: Callable[..., object]) -> None:
    with pytest.raises(InvalidInputError, match=r"/dev/zero: .* larger than 64 bytes, the limit .*max_bytes"):
        reader("/dev/zero", max_bytes=64, special=True)
    if reader is READERS["read_records"]:
        assert reader("/dev/null", special=True) == []
    else:
        with pytest.raises(JarnacError, match="null"):  # empty: no lexicon, no bag (the file is read)
            reader("/dev/null", special=True)


def test_a_file_over_the_limit_is_refused_and_at_the_limit_read(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_bytes(b"rat\nart\n")
    assert sorted(Lexicon.from_file(words, max_bytes=8)) == ["ART", "RAT"]
    with pytest.raises(InvalidInputError, match=r"words\.txt: a word list is larger than 7 bytes, the limit"):
        Lexicon.from_file(words, max_bytes=7)
    compiled = tmp_path / "small.jlex"
    SMALL.save(compiled)
    size = compiled.stat().st_size
    for shared in (False, True):
        assert sorted(Lexicon.open(compiled, shared=shared, max_bytes=size)) == sorted(SMALL)
        with pytest.raises(InvalidInputError, match=rf"larger than {size - 1} bytes"):
            Lexicon.open(compiled, shared=shared, max_bytes=size - 1)
    bag = tmp_path / "bag.txt"
    bag.write_text("3A 2B")
    with pytest.raises(InvalidInputError, match="bag file is larger than 4 bytes"):
        Bag.from_file(bag, max_bytes=4)
    assert MAX_TEXT_BYTES >= 32 << 20 and MAX_LEXICON_BYTES >= 20 * 7_500_000  # headroom over the bundled files


def test_proc_files_that_report_no_size_are_read_to_their_end_and_bounded() -> None:
    assert os.stat("/proc/self/status").st_size == 0
    assert "Pid:" in read_text("/proc/self/status", "status file")
    with pytest.raises(InvalidInputError, match="larger than 10 bytes"):
        read_text("/proc/self/status", "status file", max_bytes=10)


def test_the_environment_variable_raises_the_limits_and_never_lowers_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """JARNAC_SOLVER_MAX_FILE_MB=100, set to read a 65 MiB word list, cut the .jlex limit
    from 512 to 100 MiB. The variable only raises a limit."""
    words = tmp_path / "words.txt"
    words.write_bytes(b"rat\nart\n" * 200)  # 1600 bytes
    monkeypatch.setenv(LIMIT_VARIABLE, "0.001")
    assert len(Lexicon.from_file(words)) == 2  # below the default: the default stands
    with pytest.raises(InvalidInputError, match="larger than 1000 bytes"):
        Lexicon.from_file(words, max_bytes=1000)  # a call's max_bytes wins
    monkeypatch.setenv(LIMIT_VARIABLE, "100")
    assert size_limit(None, MAX_TEXT_BYTES) == 100 << 20
    assert size_limit(None, MAX_LEXICON_BYTES) == MAX_LEXICON_BYTES
    monkeypatch.setenv(LIMIT_VARIABLE, "lots")
    with pytest.raises(InvalidInputError, match=f"{LIMIT_VARIABLE} must be a positive number"):
        Lexicon.from_file(words)


def test_the_command_line_refuses_endless_and_special_inputs_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fifo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out_file = tmp_path / "out.jlex"
    for argv, command in [
        (["replay", "/dev/zero"], "replay"),
        (["audit", "/dev/zero"], "audit"),
        (["lexicon", "build", "/dev/zero", str(out_file)], "lexicon build"),
        (["play", "--games", "1", "--bag", "/dev/zero"], "play"),
        (["replay", str(fifo)], "replay"),
        (["lexicon", "build", str(fifo), str(out_file)], "lexicon build"),
        (["anagram", "RAT", "--lexicon", "/dev/zero"], "anagram"),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, (argv, err)
        assert err.startswith(f"jarnac-solver {command}: "), err
    assert not out_file.exists()
    words = tmp_path / "words.txt"
    with words.open("wb") as f:
        f.truncate(MAX_TEXT_BYTES + 1)  # sparse: no disk written
    status, _, err = run(capsys, "lexicon", "build", str(words), str(out_file))
    # The command line names its own remedy first (max_bytes=, a Python keyword, reads as an option).
    assert status == 2 and f"the limit (raise it with {LIMIT_VARIABLE}=MIB in the environment" in err


# -- writing ---------------------------------------------------------------------------------------


def test_save_refuses_what_is_not_a_regular_file_and_leaves_it(tmp_path: Path, fifo: Path) -> None:
    folder = tmp_path / "folder.jlex"
    folder.mkdir()
    to_null = tmp_path / "null.jlex"
    to_null.symlink_to("/dev/null")
    targets = [(folder, "a folder"), (fifo, "a fifo"), (to_null, r"a device \(through a symbolic link\)")]
    sock_path = tmp_path / "s.jlex"
    if len(str(sock_path)) < 100:  # an AF_UNIX address is short
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(sock_path))
        targets.append((sock_path, "a socket"))
    for target, kind in targets:
        with pytest.raises(InvalidInputError, match=f"{target.name}'?: cannot write a lexicon there \\({kind}"):
            SMALL.save(target)
    assert folder.is_dir() and stat.S_ISFIFO(os.stat(fifo).st_mode) and to_null.is_symlink()
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)  # the device itself untouched
    if len(targets) == 4:
        assert stat.S_ISSOCK(os.stat(sock_path).st_mode)
        sock.close()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_lexicon_build_refuses_a_fifo_target(capsys: pytest.CaptureFixture[str], tmp_path: Path, fifo: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("rat\nart\n")
    status, _, err = run(capsys, "lexicon", "build", str(words), str(fifo))
    assert status == 2 and "cannot write a lexicon there (a fifo" in err and len(err.strip().splitlines()) == 1
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def _dead_pid() -> int:
    """A process id that no process has: above the system's largest."""
    try:
        return int(Path("/proc/sys/kernel/pid_max").read_text()) + 1
    except OSError:  # pragma: no cover - not Linux
        return 2**22 + 1


def test_save_removes_temporary_files_of_dead_writers_only(tmp_path: Path) -> None:
    target = tmp_path / "x.jlex"
    dead = tmp_path / f".x.jlex.{_dead_pid()}.abcd_123.tmp"
    live = tmp_path / f".x.jlex.{os.getpid()}.abcd_123.tmp"  # a save of this process in another thread
    other = tmp_path / f".y.jlex.{_dead_pid()}.abcd_123.tmp"  # another target's
    foreign = tmp_path / ".x.jlex.abcd_123.tmp"  # no writer's pid: never guessed at
    for path in (dead, live, other, foreign):
        path.write_bytes(b"partial")
    SMALL.save(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["x.jlex", live.name, other.name, foreign.name])
    assert sorted(Lexicon.open(target)) == sorted(SMALL)


def test_an_interrupted_save_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        fileformat.write_file(tmp_path / "x.jlex", SMALL.to_bytes())
    assert list(tmp_path.iterdir()) == []


# -- small type errors -----------------------------------------------------------------------------


def test_small_type_errors_are_named() -> None:
    assert sorted(Lexicon.from_words(["rat"], alphabet="latin")) == ["RAT"]  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="no alphabet named 'klingon'"):
        Lexicon.from_words(["rat"], alphabet="klingon")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="alphabet must be an Alphabet"):
        Lexicon.from_words(["rat"], alphabet=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="metadata must be a dict"):
        Lexicon.from_words(["rat"], metadata=5)  # type: ignore[arg-type]
    tiles = [chr(c) for c in range(0x4E00, 0x4E00 + 300)]
    with pytest.raises(InvalidInputError, match="an alphabet holds at most 256 tiles"):
        Alphabet(tiles)
    full = Alphabet(tiles[:256], name="full")  # the largest alphabet saves and reads back
    lex = Lexicon.from_words([tiles[i] + tiles[(i + 1) % 256] + tiles[(i + 2) % 256] for i in range(256)], full)
    back = Lexicon.from_bytes(lex.to_bytes())
    assert back.alphabet == full and sorted(back) == sorted(lex)
