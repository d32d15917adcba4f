"""The docs run what they show: every shell command of the README and the getting-started pages, run in the
order the pages give it, in a fresh copy of the checkout, stopping at the first that fails.

    python -m tests.docs_commands                              # README.md, then docs/start/*.md
    python -m tests.docs_commands --ran-by .ci/run README.md   # CI: what .ci/run already ran is not run twice

The rules (docs/contributing.md says them for the pages' writers):

- **The commands.** Each line of a fenced ``sh`` (``bash``, ``shell``) block is a command (a line ending in a
  backslash goes on with the next); blank lines and comment lines are not. The pages are taken in the order
  given, their blocks and lines in page order.
- **The environment.** A copy of the checkout's files (those git tracks or would track: no ``.venv``, no
  build), in a temporary folder. Each command runs as written by ``/bin/sh -c`` at the copy's root, with the
  copy's ``.venv/bin`` first on ``PATH`` (the README: "activate it first"; no other virtual environment on
  it), nothing on its standard input (``jarnac-solver record`` sees the end of its input at once, as after
  Ctrl-D), and the user's data folder (``XDG_DATA_HOME``) a temporary one.
- **Passing.** A command passes when it exits 0, or with the status its comment states (``# ... (status 1
  if one is not)``: TZRA is not a word, so 1 it must be). ``curl`` runs with ``--fail-with-body`` (from a
  ``.curlrc`` of the run's own), so an HTTP error answer fails the command rather than printing a document.
- **``jarnac-solver serve``** runs until stopped: whatever comes before its ``&&`` runs first; the server is
  started on an unused port (its ``--port`` replaced, or added), must accept connections within
  :data:`SERVE_READY_S`, and every URL its comment shows (``# then open http://127.0.0.1:8000/``) must answer
  a GET with a 2xx. The block's next commands run against it (their ``localhost:8000`` and
  ``127.0.0.1:8000`` made the port used), then it is stopped as a user stops it (Ctrl-C: SIGINT).
- **A browser never opens.** ``BROWSER`` names a recorder of the run's own (``python3 -m webbrowser`` runs
  it); the page a command would open must exist (a ``file:`` URL) or answer a GET with a 2xx.
- ``--ran-by FILE``: a command that is, verbatim, a line of FILE is not run again (CI's first step runs the
  README's test command; the whole suite twice would double CI's time for nothing).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent

PAGES = ("README.md", "docs/start/*.md")
"""The pages a new user copies commands from: the README, then each getting-started page."""

LANGUAGES = frozenset({"sh", "bash", "shell"})
"""The fence languages whose lines are commands (``console`` blocks hold prompts and output: shown only)."""

SERVE = "jarnac-solver serve"
"""The command that runs until stopped."""

SERVE_PORT = 8000
"""The port ``serve`` listens on unless told (its ``--help``): the port the pages' URLs name."""

SERVE_READY_S = 120.0
"""How long a started ``serve`` may take to accept connections (it loads the bundled lexicons)."""

COMMAND_TIMEOUT_S = 900.0
"""The longest one command may run (a whole site build, a lexicon study): past it, it fails."""

SHOWN_LINES = 200
"""How many of a failed command's last lines of output the report shows."""


@dataclass(frozen=True)
class Command:
    """One command of a page: where it is (``page:line``) and its text as written, comment included."""

    page: str
    line: int
    text: str

    @property
    def code(self) -> str:
        """The text without its trailing comment."""
        return split_comment(self.text)[0]

    @property
    def comment(self) -> str:
        """The trailing comment, without its ``#`` ("" when there is none)."""
        return split_comment(self.text)[1]

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


@dataclass(frozen=True)
class Block:
    """The commands of one fenced block (a ``serve`` started in it is stopped at its end)."""

    page: str
    line: int
    commands: tuple[Command, ...]


@dataclass
class Summary:
    """What a run did: the commands run, those not run again and why, the first failure (``None``: none)."""

    ran: list[tuple[Command, float]] = field(default_factory=list)
    skipped: list[tuple[Command, str]] = field(default_factory=list)
    failed: Command | None = None
    reason: str = ""
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.failed is None


class Failure(Exception):
    """A command did not work as written; the message says how."""


def split_comment(text: str) -> tuple[str, str]:
    """A shell line's code and its trailing comment: a ``#`` outside quotes, at the start or after a blank.

    >>> split_comment("jarnac-solver check ÉTÉ TZRA   # valid or not (status 1 if one is not)")
    ('jarnac-solver check ÉTÉ TZRA', 'valid or not (status 1 if one is not)')
    >>> split_comment("curl -d '{\\"a\\": \\"# no\\"}' x#y")
    ('curl -d \\'{"a": "# no"}\\' x#y', '')
    """
    quote = ""
    at = 0
    while at < len(text):
        char = text[at]
        if char == "\\" and quote != "'":
            at += 2  # an escaped character: a quote or a # that neither opens nor closes anything
            continue
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (at == 0 or text[at - 1] in " \t"):
            return text[:at].rstrip(), text[at + 1 :].strip()
        at += 1
    return text.rstrip(), ""


def blocks(text: str, page: str) -> list[Block]:
    """The shell blocks of a Markdown text, each with its commands and the line each starts on.

    >>> page = "x\\n```sh\\n# set up\\nls \\\\\\n  -a\\n\\necho hi\\n```\\n"
    >>> [(c.line, c.text) for b in blocks(page, "p") for c in b.commands]
    [(4, 'ls -a'), (7, 'echo hi')]
    """
    found: list[Block] = []
    lines = text.splitlines()
    at = 0
    while at < len(lines):
        opening = re.match(r"^( *)(`{3,}|~{3,})\s*([^\s`{]*)", lines[at])
        at += 1
        if not opening:
            continue
        indent, fence, language = opening.groups()
        start = at
        body: list[tuple[int, str]] = []
        while at < len(lines) and not re.match(rf"^{indent}{fence[0]}{{{len(fence)},}}\s*$", lines[at]):
            body.append((at + 1, lines[at][len(indent) :] if lines[at].startswith(indent) else lines[at]))
            at += 1
        at += 1
        if language.lower() in LANGUAGES:
            found.append(Block(page, start, tuple(_commands(body, page))))
    return found


def _commands(body: list[tuple[int, str]], page: str) -> Iterator[Command]:
    pending: list[str] = []
    first = 0
    for number, raw in body:
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if not pending:
            first = number
        if line.endswith("\\"):
            pending.append(line[:-1].rstrip())
            continue
        pending.append(line)
        yield Command(page, first, " ".join(pending))
        pending = []
    if pending:
        yield Command(page, first, " ".join(pending))


def page_blocks(root: Path, patterns: Sequence[str]) -> list[Block]:
    """The blocks of the pages ``patterns`` name under ``root`` (a glob's pages in name order), pages in order."""
    found: list[Block] = []
    for pattern in patterns:
        paths = sorted(root.glob(pattern)) if any(c in pattern for c in "*?[") else [root / pattern]
        if not paths or not paths[0].is_file():
            raise Failure(f"{pattern}: no such page under {root}")
        for path in paths:
            found.extend(blocks(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix()))
    return found


def expected_status(comment: str) -> int:
    """The exit status a command's comment states (``status 1``), else 0.

    >>> expected_status("each word valid or not (status 1 if one is not)"), expected_status("a dispute")
    (1, 0)
    """
    stated = re.search(r"\bstatus (\d+)\b", comment)
    return int(stated.group(1)) if stated else 0


def ran_by(path: Path) -> frozenset[str]:
    """The lines of a script (``.ci/run``), stripped: commands it runs itself."""
    return frozenset(line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def unused_port() -> int:
    """A TCP port no one listens on now (the system's choice)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fresh_copy(source: Path, into: Path) -> Path:
    """A copy of the checkout's files under ``into``: those git tracks or would track (edits not yet committed
    included; nothing git ignores, such as ``.venv``, builds or caches)."""
    listed = subprocess.run(
        ["git", "-C", str(source), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        check=True,
        capture_output=True,
        timeout=60,
    ).stdout.decode()
    for name in sorted(set(filter(None, listed.split("\0")))):
        origin = source / name
        if not origin.exists() and not origin.is_symlink():
            continue  # deleted in the work tree, not yet in the index
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if origin.is_symlink():
            target.symlink_to(os.readlink(origin))
        else:
            shutil.copy2(origin, target)
    return into


def environment(root: Path, venv: Path, scratch: Path) -> dict[str, str]:
    """The variables the commands run with: the user's, less any virtual environment, plus the run's own."""
    env = dict(os.environ)
    for name in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "CURL_HOME"):
        env.pop(name, None)
    others = {Path(os.environ["VIRTUAL_ENV"]) / "bin"} if "VIRTUAL_ENV" in os.environ else set()
    if sys.prefix != sys.base_prefix:
        others.add(Path(sys.prefix) / "bin")
    path = [p for p in env.get("PATH", os.defpath).split(os.pathsep) if p and Path(p) not in others]
    env["PATH"] = os.pathsep.join([str(venv / "bin"), *path])
    env["VIRTUAL_ENV"] = str(venv)
    data = scratch / "data"
    data.mkdir(exist_ok=True)
    env["XDG_DATA_HOME"] = str(data)
    curl = scratch / "curl"
    curl.mkdir(exist_ok=True)
    # An HTTP error answer is a failure (exit 22) and says so, its body still shown.
    (curl / ".curlrc").write_text("fail-with-body\nshow-error\n", encoding="utf-8")
    env["CURL_HOME"] = str(curl)
    browser = scratch / "browser"
    browser.write_text(f'#!/bin/sh\nprintf "%s\\n" "$1" >> {shlex.quote(str(scratch / "opened"))}\n')
    browser.chmod(0o755)
    env["BROWSER"] = str(browser)
    local = "localhost,127.0.0.1"
    for name in ("no_proxy", "NO_PROXY"):
        env[name] = f"{env[name]},{local}" if env.get(name) else local
    return env


def _get(url: str) -> str:
    """ "" when ``url`` answers a GET with a 2xx, else what went wrong."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=60) as answer:
            answer.read()
            return ""
    except urllib.error.HTTPError as error:
        return f"GET {url}: {error.code} {error.reason}"
    except OSError as error:
        return f"GET {url}: {error}"


def _opened(url: str) -> str:
    """ "" when the page a browser was asked to open is there, else what is wrong."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme == "file":
        path = Path(urllib.parse.unquote(parts.path))
        return "" if path.is_file() else f"the browser was to open {url}: no such file"
    if parts.scheme in ("http", "https"):
        return _get(url)
    return f"the browser was to open {url}: not a file or http URL"


def _execute(text: str, root: Path, env: dict[str, str], timeout: float) -> tuple[int, str]:
    """Run ``text`` by ``/bin/sh -c`` to its end: its exit status and its output (standard error included)."""
    process = subprocess.Popen(
        ["/bin/sh", "-c", text],
        cwd=root,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _stop(process, signal.SIGKILL)
        output, _ = process.communicate()
        return -1, output.decode(errors="replace") + f"\n(stopped after {timeout:.0f} s)"
    except BaseException:
        _stop(process, signal.SIGKILL)  # the runner interrupted (Ctrl-C): its own session gets no signal
        raise
    return process.returncode, output.decode(errors="replace")


def _stop(process: subprocess.Popen[bytes], how: signal.Signals) -> None:
    """Send ``how`` to the command's process group (its own session: the shell and what it started), wait for
    it, then end what it left behind (a server's worker processes)."""
    try:
        os.killpg(process.pid, how)
    except ProcessLookupError:
        process.wait()
        return
    with suppress(subprocess.TimeoutExpired):
        process.wait(timeout=30)
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _tail(output: str) -> str:
    lines = output.rstrip().splitlines()
    cut = lines[-SHOWN_LINES:]
    return "\n".join(([f"... ({len(lines) - len(cut)} lines before)"] if len(lines) > len(cut) else []) + cut)


@dataclass
class _Server:
    command: Command
    process: subprocess.Popen[bytes]
    log: Path
    shown: int
    port: int

    def on_port(self, text: str) -> str:
        """``text`` with the page's URLs of the server made the port it listens on."""
        return re.sub(rf"\b(localhost|127\.0\.0\.1):{self.shown}\b", rf"\g<1>:{self.port}", text)


def split_serve(code: str) -> tuple[str, str] | None:
    """``(before, serve)`` when ``code`` starts a server: what runs first (``""``: nothing) and the serve command.

    >>> split_serve("pip install -q '.[server]' && jarnac-solver serve --port 8000")
    ("pip install -q '.[server]'", 'jarnac-solver serve --port 8000')
    >>> split_serve("jarnac-solver check ÉTÉ") is None
    True
    """
    at = code.find(SERVE)
    if at < 0:
        return None
    before, serve = code[:at].rstrip(), code[at:].strip()
    if before and not before.endswith("&&"):
        raise Failure(f"{code!r}: serve must come first or after '&&'")
    if re.search(r"&&|\|\||[;|&]", serve):
        raise Failure(f"{code!r}: nothing may follow serve on its line (it runs until stopped)")
    return before[:-2].rstrip(), serve


def _with_port(serve: str, port: int) -> tuple[str, int]:
    """The serve command on ``port``, and the port the page named (``--port N``, or the default)."""
    named = re.search(r"--port(?:=|\s+)(\d+)", serve)
    if named:
        return serve[: named.start(1)] + str(port) + serve[named.end(1) :], int(named.group(1))
    return f"{serve} --port {port}", SERVE_PORT


def _start(command: Command, serve: str, root: Path, env: dict[str, str], scratch: Path) -> _Server:
    port = unused_port()
    text, shown = _with_port(serve, port)
    log = scratch / f"serve-{port}.log"
    with log.open("wb") as sink:
        # exec: the shell becomes the server, so the signal that stops it and the wait for it are the server's.
        process = subprocess.Popen(
            ["/bin/sh", "-c", f"exec {text}"],
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = _Server(command, process, log, shown, port)
    try:
        _wait_listening(server)
        for url in re.findall(r"https?://[^\s,;)]+", command.comment):
            wrong = _get(server.on_port(url.rstrip(".")))
            if wrong:
                raise Failure(f"the page shows {url}: {wrong}\n{_tail(_server_log(server))}")
    except BaseException:
        _stop(process, signal.SIGINT)  # not left running: neither on a failure nor when the runner is stopped
        raise
    return server


def _wait_listening(server: _Server) -> None:
    """Until the server accepts connections; a failure if it stops first or takes over :data:`SERVE_READY_S`."""
    until = time.monotonic() + SERVE_READY_S
    while server.process.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=1):
                return
        except OSError:
            if time.monotonic() > until:
                raise Failure(
                    f"serve took over {SERVE_READY_S:.0f} s to listen:\n{_tail(_server_log(server))}"
                ) from None
            time.sleep(0.2)
    status = server.process.returncode
    raise Failure(f"serve stopped by itself (status {status}):\n{_tail(_server_log(server))}")


def _server_log(server: _Server) -> str:
    return server.log.read_text(encoding="utf-8", errors="replace")


@contextmanager
def _serving() -> Iterator[list[_Server]]:
    """The servers a block started, stopped (Ctrl-C, as a user does) when the block ends, however it ends."""
    servers: list[_Server] = []
    try:
        yield servers
    finally:
        for server in servers:
            _stop(server.process, signal.SIGINT)


def run(
    found: Sequence[Block],
    root: Path,
    venv: Path,
    *,
    skip: frozenset[str] = frozenset(),
    skip_why: str = "",
    timeout: float = COMMAND_TIMEOUT_S,
    out: TextIO = sys.stdout,
    verbose: bool = False,
) -> Summary:
    """Run the blocks' commands in order at ``root`` with ``venv``'s ``bin`` first on ``PATH``, stopping at the
    first that fails; progress, and a failure's output, are written to ``out``."""
    summary = Summary()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="docs-commands-") as scratch_name:
        scratch = Path(scratch_name)
        env = environment(root, venv, scratch)
        opened = scratch / "opened"
        try:
            for block in found:
                with _serving() as servers:
                    for command in block.commands:
                        if command.text.strip() in skip:
                            summary.skipped.append((command, skip_why))
                            print(f"  --  {'':>7}  {command.where}  {command.text}  ({skip_why})", file=out, flush=True)
                            continue
                        took = time.monotonic()
                        try:
                            note = _one(command, root, env, scratch, servers, timeout, out, verbose)
                            seen = opened.read_text(encoding="utf-8").splitlines() if opened.exists() else []
                            opened.unlink(missing_ok=True)
                            for url in seen:
                                wrong = _opened(url)
                                if wrong:
                                    raise Failure(wrong)
                        except Failure as failure:
                            summary.failed, summary.reason = command, str(failure)
                            print(f"FAIL  {command.where}  {command.text}\n{failure}", file=out, flush=True)
                            return summary
                        seconds = time.monotonic() - took
                        summary.ran.append((command, seconds))
                        print(f"  ok  {seconds:5.1f} s  {command.where}  {command.text}{note}", file=out, flush=True)
        finally:
            summary.seconds = time.monotonic() - started
    return summary


def _one(
    command: Command,
    root: Path,
    env: dict[str, str],
    scratch: Path,
    servers: list[_Server],
    timeout: float,
    out: TextIO,
    verbose: bool,
) -> str:
    """Run one command (a server started, when it is ``serve``); what the report adds to its line."""
    text = command.text
    for server in servers:
        text = server.on_port(text)
    serving = split_serve(command.code)
    if serving is not None:
        before, serve = serving
        if before:
            _check(command, before, root, env, timeout, out, verbose)
        servers.append(_start(command, serve, root, env, scratch))
        return f"  (serving on port {servers[-1].port})"
    _check(command, text, root, env, timeout, out, verbose)
    return f"  (on port {servers[-1].port})" if servers and text != command.text else ""


def _check(
    command: Command, text: str, root: Path, env: dict[str, str], timeout: float, out: TextIO, verbose: bool
) -> None:
    status, output = _execute(text, root, env, timeout)
    if verbose and output.strip():
        print(output.rstrip(), file=out, flush=True)
    wanted = expected_status(command.comment)
    if status != wanted:
        said = f"exit status {status}" + (f", the page says {wanted}" if wanted else "")
        raise Failure(f"{said}; its output:\n{_tail(output)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.docs_commands",
        description="Run every shell command of the pages, in order, in a fresh copy of the checkout and a fresh "
        "virtual environment; stop at the first that fails (status 1).",
    )
    parser.add_argument("pages", nargs="*", default=list(PAGES), help="pages or globs, in order (default: %(default)s)")
    parser.add_argument("--ran-by", type=Path, help="a script whose lines, run there already, are not run again")
    parser.add_argument("--timeout", type=float, default=COMMAND_TIMEOUT_S, help="seconds one command may take")
    parser.add_argument("--keep", action="store_true", help="keep the copy (its path is printed)")
    parser.add_argument("-v", "--verbose", action="store_true", help="show every command's output")
    args = parser.parse_args(argv)
    skip = ran_by(args.ran_by) if args.ran_by else frozenset()
    why = f"{args.ran_by} runs it" if args.ran_by else ""
    base = Path(tempfile.mkdtemp(prefix="docs-commands-"))
    try:
        copy = fresh_copy(ROOT, base / "checkout")
        found = page_blocks(copy, args.pages)
        count = sum(len(block.commands) for block in found)
        print(f"docs commands: {count} commands of {', '.join(args.pages)}, in {copy}", flush=True)
        summary = run(found, copy, copy / ".venv", skip=skip, skip_why=why, timeout=args.timeout, verbose=args.verbose)
    except Failure as failure:
        print(f"docs commands: {failure}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"docs commands: the copy is kept in {base}", flush=True)
        else:
            shutil.rmtree(base, ignore_errors=True)
    verdict = "all passed" if summary.ok else f"FAILED at {summary.failed.where if summary.failed else ''}"
    print(
        f"docs commands: {len(summary.ran)} run, {len(summary.skipped)} not run again, {verdict}, "
        f"in {summary.seconds:.0f} s",
        flush=True,
    )
    return 0 if summary.ok else 1


if __name__ == "__main__":
    sys.exit(main())
