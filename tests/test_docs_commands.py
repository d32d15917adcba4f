"""The runner of the pages' shell commands (tests/docs_commands.py), on small Markdown pages of its own: it runs
every command in page order, stops at the first that fails, wants the status a comment states, never opens a
browser, and starts, calls and stops ``serve``. CI runs it on the real pages (.ci/run)."""

from __future__ import annotations

import io
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from .docs_commands import Summary, blocks, fresh_copy, page_blocks, run, split_serve

# The test's own environment plays the pages' virtual environment: its bin holds python3 and jarnac-solver.
VENV = Path(sys.prefix)


def run_pages(root: Path, pages: dict[str, str], **options: object) -> tuple[Summary, str]:
    """Write ``pages`` under ``root``, run their commands there; the summary and the progress written."""
    for name, text in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    out = io.StringIO()
    summary = run(page_blocks(root, list(pages)), root, VENV, out=out, timeout=120, **options)  # type: ignore[arg-type]
    return summary, out.getvalue()


def test_every_command_runs_in_page_order(tmp_path: Path) -> None:
    first = """# First

```sh
echo one >> order.txt      # a comment is the reader's
# a line of comment only, not a command
echo two \\
  >> order.txt
```

Prose with `echo inline >> order.txt`, not a block: not run.

```python
>>> print("a doctest, run by the suite")
a doctest, run by the suite

```

```sh
echo three >> order.txt && echo four >> order.txt
```
"""
    second = "```bash\necho five >> order.txt\n```\n\n```text\necho shown only >> order.txt\n```\n"
    summary, out = run_pages(tmp_path, {"first.md": first, "docs/second.md": second})
    assert summary.ok, out
    assert (tmp_path / "order.txt").read_text().split() == ["one", "two", "three", "four", "five"]
    assert [command.where for command, _ in summary.ran] == [
        "first.md:4",
        "first.md:6",
        "first.md:19",
        "docs/second.md:2",
    ]


def test_the_first_failing_command_fails_the_run_and_nothing_after_it_runs(tmp_path: Path) -> None:
    page = "```sh\necho one >> order.txt\nls no-such-file\necho two >> order.txt\n```\n\n"
    page += "```sh\necho three >> order.txt\n```\n"
    summary, out = run_pages(tmp_path, {"page.md": page})
    assert not summary.ok
    assert summary.failed is not None and summary.failed.where == "page.md:3"
    assert "exit status 2" in summary.reason and "no-such-file" in summary.reason  # the command's own output
    assert (tmp_path / "order.txt").read_text().split() == ["one"]
    assert "FAIL  page.md:3  ls no-such-file" in out


def test_a_status_the_comment_states_is_the_status_wanted(tmp_path: Path) -> None:
    stated = "```sh\nsh -c 'exit 1'   # each word valid or not (status 1 if one is not)\n```\n"
    assert run_pages(tmp_path, {"a.md": stated})[0].ok
    # The page says 1: a 0 is as wrong as any other.
    summary, _ = run_pages(tmp_path, {"b.md": "```sh\ntrue   # (status 1 if one is not)\n```\n"})
    assert not summary.ok and "exit status 0, the page says 1" in summary.reason


def test_a_command_a_script_runs_already_is_not_run_twice(tmp_path: Path) -> None:
    (tmp_path / "ci").write_text("set -e\necho ran >> ci.txt\n")
    page = "```sh\necho ran >> ci.txt\necho other >> ci.txt\n```\n"
    summary, out = run_pages(tmp_path, {"page.md": page}, skip=frozenset({"echo ran >> ci.txt"}), skip_why="ci runs it")
    assert summary.ok
    assert [command.text for command, _ in summary.skipped] == ["echo ran >> ci.txt"]
    assert (tmp_path / "ci.txt").read_text().split() == ["other"]
    assert "(ci runs it)" in out


def test_a_browser_never_opens_and_the_page_it_would_open_must_exist(tmp_path: Path) -> None:
    shown = '```sh\ntouch here.html && python3 -m webbrowser "file://$PWD/here.html"\n```\n'
    summary, out = run_pages(tmp_path, {"page.md": shown})
    assert summary.ok, out
    missing = '```sh\npython3 -m webbrowser "file://$PWD/nowhere.html"\n```\n'
    summary, _ = run_pages(tmp_path, {"page.md": missing})
    assert not summary.ok and "nowhere.html: no such file" in summary.reason


def test_commands_run_in_the_pages_environment(tmp_path: Path) -> None:
    # Nothing on standard input (an interactive command ends at once), the venv's bin first on PATH.
    page = "```sh\ncat > input.txt\ncommand -v python3 > which.txt\n```\n"
    summary, out = run_pages(tmp_path, {"page.md": page})
    assert summary.ok, out
    assert (tmp_path / "input.txt").read_text() == ""
    assert Path((tmp_path / "which.txt").read_text().strip()).parent == VENV / "bin"


def test_serve_is_split_from_what_comes_before_it() -> None:
    assert split_serve("pip install -q '.[server]' && jarnac-solver serve") == (
        "pip install -q '.[server]'",
        "jarnac-solver serve",
    )
    assert split_serve("jarnac-solver serve --port 8000") == ("", "jarnac-solver serve --port 8000")
    assert split_serve("jarnac-solver words ABC") is None
    with pytest.raises(Exception, match="nothing may follow serve"):
        split_serve("jarnac-solver serve && echo never")


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.skipif(shutil.which("curl") is None, reason="no curl")
def test_serve_is_started_on_an_unused_port_called_and_stopped(tmp_path: Path) -> None:
    page = """```sh
true && jarnac-solver serve --lexicon en --workers 0 --data :memory:   # then open http://127.0.0.1:8000/
curl -s localhost:8000/api/health > health.json
```
"""
    summary, out = run_pages(tmp_path, {"page.md": page})
    assert summary.ok, out
    port = int(re.findall(r"serving on port (\d+)", out)[0])
    assert port != 8000 and '"lexicons": ["en"]' in (tmp_path / "health.json").read_text()
    assert "(on port" in out.splitlines()[1]
    assert not listening(port)


@pytest.mark.skipif(shutil.which("curl") is None, reason="no curl")
def test_a_route_that_does_not_answer_fails_the_run(tmp_path: Path) -> None:
    # The URL of serve's comment must answer; an HTTP error to curl fails it (--fail-with-body).
    shown = "```sh\njarnac-solver serve --lexicon en --workers 0 --data :memory:  # then open http://127.0.0.1:8000/nowhere\n```\n"
    summary, out = run_pages(tmp_path, {"shown.md": shown})
    assert not summary.ok and "404" in summary.reason, out
    called = (
        "```sh\njarnac-solver serve --lexicon en --workers 0 --data :memory:\ncurl -s localhost:8000/api/nowhere\n```\n"
    )
    summary, out = run_pages(tmp_path, {"called.md": called})
    assert summary.failed is not None and summary.failed.where == "called.md:3", out
    assert "exit status 22" in summary.reason and "no such route" in summary.reason
    for port in re.findall(r"serving on port (\d+)", out):
        assert not listening(int(port))
    # A server that stops by itself, a bad option of its own, fails the run with what it said.
    summary, out = run_pages(tmp_path, {"bad.md": "```sh\njarnac-solver serve --lexicon no-such\n```\n"})
    assert not summary.ok and "serve stopped by itself (status 2)" in summary.reason and "no-such" in summary.reason


def test_a_fresh_copy_holds_what_git_tracks_or_would_track(tmp_path: Path) -> None:
    source = tmp_path / "source"
    (source / ".venv" / "bin").mkdir(parents=True)
    (source / ".gitignore").write_text(".venv/\n*.so\n")
    (source / "tracked.md").write_text("```sh\necho hi\n```\n")
    (source / "fast.so").write_text("built")
    (source / ".venv" / "bin" / "python").write_text("")
    git = ["git", "-C", str(source), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)
    (source / "new.md").write_text("not yet added")
    (source / "tracked.md").write_text("```sh\necho edited\n```\n")
    copy = fresh_copy(source, tmp_path / "copy")
    assert sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*") if p.is_file()) == [
        ".gitignore",
        "new.md",
        "tracked.md",
    ]
    assert [c.text for b in blocks((copy / "tracked.md").read_text(), "tracked.md") for c in b.commands] == [
        "echo edited"
    ]
