#!/usr/bin/env python3
"""The service's contract: what reading a request costs, by validation library, and a one-word check over HTTP.

    python benchmarks/bench_contract.py [--repeats 20000] [--requests 400] [--source DIR]

Part 1, in this process: a typical body of three routes (``check``, ``words``, a new game) read as the service
reads it now (a declared command's model from ``server/models.py``, a new game's from ``server/route_bodies.py``),
by pydantic v2 (a ``TypeAdapter`` of a
dataclass whose bounds are ``Annotated``) and by msgspec (a ``Struct`` with ``Meta`` bounds): the median
microseconds a body (each from a Python dict, and pydantic's and msgspec's also from the JSON bytes), the
time a fresh interpreter takes to import each library and build the three validators, and what each says
of a body with three fields broken (all its faults, or the first; a code and values, or a sentence).

Part 2, on the loopback: ``jarnac-solver serve --workers 0`` (threads, every bundled lexicon) answering
``--requests`` requests of each route one after another: the health route (the floor), a one-word check, a
``words`` query and a game's state; p50 and p95 of each and its ratio to the health route's p50.
``--source DIR`` runs the server of another checkout (e.g. main's
worktree) in the same run, so before and after are measured side by side on the same machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated, Any, Literal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgspec
import pydantic
import pydantic.dataclasses

from jarnac_solver.commands.check import CheckRequest
from jarnac_solver.commands.listing import WordsRequest
from jarnac_solver.lexicon.lexicon import Lexicon
from jarnac_solver.server.contract import Offer
from jarnac_solver.server.models import faults, request_model
from jarnac_solver.server.route_bodies import NewGameBody
from jarnac_solver.server.typed import read

BODIES: dict[str, dict[str, Any]] = {
    "check": {"words": ["CHAT"], "lexicon": "fr"},
    "words": {"rack": "AEINRST", "lexicon": "fr", "min_len": 3, "max_len": 9, "limit": 100, "sort": "alphabet"},
    "new game": {"lexicon": "fr", "rules": "sheet", "players": ["person", "greedy"], "seed": 7, "hints": True},
}
BROKEN: dict[str, Any] = {"words": [], "lexicon": "xx", "max_len": 99, "rack": "AEINRST"}
"""A ``words`` body with three faults: an empty list of words (not a field of words: unknown), a lexicon
not offered, a length out of its range."""

LEXICONS = ("fr", "en")

# -- the same three bodies declared for each library ------------------------------------------------


@pydantic.dataclasses.dataclass(config=pydantic.ConfigDict(extra="forbid"))
class PydCheck:
    words: Annotated[
        list[Annotated[str, pydantic.StringConstraints(min_length=1, max_length=256)]],
        pydantic.Field(min_length=1, max_length=64),
    ]
    lexicon: Literal["fr", "en"] | None = None


@pydantic.dataclasses.dataclass(config=pydantic.ConfigDict(extra="forbid"))
class PydWords:
    rack: Annotated[str, pydantic.StringConstraints(min_length=1, max_length=256)]
    lexicon: Literal["fr", "en"] | None = None
    min_len: Annotated[int, pydantic.Field(ge=1, le=64, strict=True)] | None = None
    max_len: Annotated[int, pydantic.Field(ge=1, le=64, strict=True)] | None = None
    limit: Annotated[int, pydantic.Field(ge=0, le=100_000, strict=True)] | None = None
    sort: Literal["alphabet", "length", "probability", "familiarity"] | None = None


@pydantic.dataclasses.dataclass(config=pydantic.ConfigDict(extra="forbid"))
class PydGame:
    lexicon: Literal["fr", "en"] | None = None
    rules: Literal["sheet", "multilingual", "english", "competitive"] | None = None
    players: (
        Annotated[
            list[Annotated[str, pydantic.StringConstraints(max_length=32)]], pydantic.Field(min_length=2, max_length=2)
        ]
        | None
    ) = None
    seed: Annotated[int, pydantic.Field(ge=0, le=2**63 - 1, strict=True)] | None = None
    hints: bool | None = None


class MsgCheck(msgspec.Struct, forbid_unknown_fields=True):
    words: Annotated[
        list[Annotated[str, msgspec.Meta(min_length=1, max_length=256)]], msgspec.Meta(min_length=1, max_length=64)
    ]
    lexicon: Literal["fr", "en"] | None = None


class MsgWords(msgspec.Struct, forbid_unknown_fields=True):
    rack: Annotated[str, msgspec.Meta(min_length=1, max_length=256)]
    lexicon: Literal["fr", "en"] | None = None
    min_len: Annotated[int, msgspec.Meta(ge=1, le=64)] | None = None
    max_len: Annotated[int, msgspec.Meta(ge=1, le=64)] | None = None
    limit: Annotated[int, msgspec.Meta(ge=0, le=100_000)] | None = None
    sort: Literal["alphabet", "length", "probability", "familiarity"] | None = None


class MsgGame(msgspec.Struct, forbid_unknown_fields=True):
    lexicon: Literal["fr", "en"] | None = None
    rules: Literal["sheet", "multilingual", "english", "competitive"] | None = None
    players: (
        Annotated[list[Annotated[str, msgspec.Meta(max_length=32)]], msgspec.Meta(min_length=2, max_length=2)] | None
    ) = None
    seed: Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)] | None = None
    hints: bool | None = None


PYD: dict[str, pydantic.TypeAdapter[Any]] = {
    "check": pydantic.TypeAdapter(PydCheck),
    "words": pydantic.TypeAdapter(PydWords),
    "new game": pydantic.TypeAdapter(PydGame),
}
MSG: dict[str, type[msgspec.Struct]] = {"check": MsgCheck, "words": MsgWords, "new game": MsgGame}


def _service_readers(offer: Offer) -> dict[str, Any]:
    """How the service reads each body now: a declared command's model (server/models.py), a route's
    (server/route_bodies.py)."""
    return {
        "check": lambda body: request_model(CheckRequest, offer).model_validate(body),
        "words": lambda body: request_model(WordsRequest, offer).model_validate(body),
        "new game": lambda body: read(NewGameBody, body, offer),
    }


def median_us(function: Any, repeats: int) -> float:
    times = []
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(repeats // 5):
            function()
        times.append((time.perf_counter() - started) / (repeats // 5) * 1e6)
    return statistics.median(times)


def import_ms(code: str) -> float:
    """The median wall time of a fresh interpreter running ``code`` less that of one running nothing."""

    def run(text: str) -> float:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", text], check=True, cwd=Path(__file__).resolve().parent.parent)
        return time.perf_counter() - started

    base = statistics.median(run("pass") for _ in range(5))
    return (statistics.median(run(code) for _ in range(5)) - base) * 1000


_PYD_BUILD = """
import pydantic, pydantic.dataclasses
from typing import Annotated, Literal
@pydantic.dataclasses.dataclass(config=pydantic.ConfigDict(extra="forbid"))
class W:
    rack: Annotated[str, pydantic.StringConstraints(min_length=1, max_length=256)]
    lexicon: Literal["fr", "en"] | None = None
    min_len: Annotated[int, pydantic.Field(ge=1, le=64, strict=True)] | None = None
    limit: Annotated[int, pydantic.Field(ge=0, le=100_000, strict=True)] | None = None
a = pydantic.TypeAdapter(W)
a.validate_python({"rack": "AB"})
"""
_MSG_BUILD = """
import msgspec
from typing import Annotated, Literal
class W(msgspec.Struct, forbid_unknown_fields=True):
    rack: Annotated[str, msgspec.Meta(min_length=1, max_length=256)]
    lexicon: Literal["fr", "en"] | None = None
    min_len: Annotated[int, msgspec.Meta(ge=1, le=64)] | None = None
    limit: Annotated[int, msgspec.Meta(ge=0, le=100_000)] | None = None
msgspec.convert({"rack": "AB"}, W)
"""


def part1(repeats: int) -> None:
    offer = Offer(LEXICONS, 10_000)
    for name in LEXICONS:
        Lexicon.load(name)
    print(f"reading one body, median microseconds ({repeats} reads each, 5 batches)")
    heads = ("service now", "pydantic dict", "pydantic json", "msgspec dict", "msgspec json")
    readers = _service_readers(offer)
    print(f"{'body':10} " + " ".join(f"{h:>14}" for h in heads))
    for name, body in BODIES.items():
        raw = json.dumps(body).encode()
        reader, pyd, msg = readers[name], PYD[name], MSG[name]
        cells = [
            median_us(lambda: reader(json.loads(raw)), repeats),  # noqa: B023 - measured at once
            median_us(lambda: pyd.validate_python(json.loads(raw)), repeats),  # noqa: B023
            median_us(lambda: pyd.validate_json(raw), repeats),  # noqa: B023
            median_us(lambda: msgspec.convert(json.loads(raw), msg), repeats),  # noqa: B023
            median_us(lambda: msgspec.json.decode(raw, type=msg), repeats),  # noqa: B023
        ]
        print(f"{name:10} " + " ".join(f"{c:14.1f}" for c in cells))
    print()
    print("a fresh interpreter: import and one validator built and used, median ms over 5 (less an empty one's)")
    print(f"  table (contract.py): {import_ms('from jarnac_solver.server import contract'):7.1f}")
    print(f"  pydantic {pydantic.VERSION}:      {import_ms(_PYD_BUILD):7.1f}")
    print(f"  msgspec {msgspec.__version__}:       {import_ms(_MSG_BUILD):7.1f}")
    print()
    print(f"a words body with three faults: {json.dumps(BROKEN)}")
    try:
        readers["words"](BROKEN)
    except pydantic.ValidationError as exc:
        said = faults(exc, request_model(WordsRequest, offer))
        print(
            f"  the service (its model's faults, said from the catalogs): {len(said)} faults: "
            + " | ".join(map(str, said))
        )
    try:
        PYD["words"].validate_python(BROKEN)
    except pydantic.ValidationError as exc:
        coded = [f"{'.'.join(map(str, e['loc']))} {e['type']} {e.get('ctx', {})}" for e in exc.errors()]
        print(f"  pydantic: {len(coded)} faults, each a location, a code and its values: " + " | ".join(coded))
    try:
        msgspec.convert(BROKEN, MsgWords)
    except msgspec.ValidationError as exc:
        print(f"  msgspec: the first fault only, a sentence (no code, no values): {exc}")


# -- part 2: a one-word check over HTTP against the health route -------------------------------------


def serve(source: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(source)}
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--workers", "0", "--data", ":memory:"]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=source
    )
    assert server.stdout is not None
    banner = server.stdout.readline()
    assert "http://127.0.0.1:" in banner, banner
    return server, int(banner.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])


def latencies(port: int, method: str, path: str, body: bytes | None, count: int) -> list[float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    made: list[float] = []
    for i in range(count + 20):  # the first 20 warm the server (its lexicons mapped, its caches filled)
        started = time.perf_counter()
        connection.request(method, path, body=body, headers=headers)
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200, answer.status
        if i >= 20:
            made.append((time.perf_counter() - started) * 1000)
    connection.close()
    return made


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q * 100) - 1]


def _game(port: int) -> str:
    """A new game of two people on fr (seed 1): its id, for the game action measured."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    body = json.dumps({"players": ["person", "person"], "lexicon": "fr", "seed": 1}).encode()
    connection.request("POST", "/api/games", body=body, headers={"Content-Type": "application/json"})
    made: str = json.loads(connection.getresponse().read())["result"]["id"]
    connection.close()
    return made


def part2(requests: int, sources: list[tuple[str, Path]]) -> None:
    print(f"\none client over HTTP (loopback, keep-alive, {requests} requests after 20 warm ones)")
    print(f"{'server':10} {'route':28} {'p50 ms':>8} {'p95 ms':>8} {'/health p50':>12}")
    check = json.dumps({"words": ["CHAT"], "lexicon": "fr"}).encode()
    words = json.dumps({"rack": "AEINRST", "lexicon": "fr", "limit": 50}).encode()
    for label, source in sources:
        server, port = serve(source)
        try:
            rows = [("GET /api/health", latencies(port, "GET", "/api/health", None, requests))]
            rows.append(("POST /api/check (one word)", latencies(port, "POST", "/api/check", check, requests)))
            rows.append(("POST /api/words (7 letters)", latencies(port, "POST", "/api/words", words, requests)))
            game = _game(port)
            rows.append(("GET /api/games/ID (state)", latencies(port, "GET", f"/api/games/{game}", None, requests)))
        finally:
            server.terminate()
            server.wait(timeout=10)
        floor = statistics.median(rows[0][1])
        for route, values in rows:
            ratio = statistics.median(values) / floor
            print(f"{label:10} {route:28} {quantile(values, 0.5):8.2f} {quantile(values, 0.95):8.2f} {ratio:12.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--source", type=Path, help="another checkout's server, measured beside this one")
    parser.add_argument("--skip-validation", action="store_true", help="part 2 only")
    args = parser.parse_args()
    if not args.skip_validation:
        part1(args.repeats)
    here = Path(__file__).resolve().parent.parent
    sources = [("this", here)] + ([("source", args.source.resolve())] if args.source else [])
    part2(args.requests, sources)


if __name__ == "__main__":
    main()
