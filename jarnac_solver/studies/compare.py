"""``compare``: one study of several lexicons, over racks, positions and games, run on any executor.

The study is cut into chunks of items (racks, positions, games); every
chunk runs on every lexicon and returns rows; the rows, in item order,
are the study's data and the summaries (each with a 95% interval) are
computed from them alone. Because each item draws from its own seeded
stream (:func:`.setup.item_rng`), the rows are identical whatever the
executor and however many workers it has.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidInputError
from ..executors import Executor, InProcess, Progress
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..moves.rules import Rules
from .difference import Difference, compare_words
from .games import game_rows
from .positions import tray_rows
from .racks import rack_rows
from .setup import StudySetup
from .stats import Estimate, mean_estimate, rate_estimate

__all__ = ["CHUNK_SIZES", "Comparison", "compare", "run_chunk"]

CHUNK_SIZES = {"games": 4, "trays": 4, "racks": 500}
"""Items per chunk: a few seconds of work each, many chunks to share among workers.

Racks come 500 to a chunk so that the batch engine sees whole arrays (its
cost per rack flattens out from a few hundred racks)."""

KINDS = ("games", "trays", "racks")
"""The longest chunks first: workers that finish early take the short ones."""

_RUNNERS: dict[str, Callable[[StudySetup, int, int], list[dict[str, Any]]]] = {
    "racks": rack_rows,
    "trays": tray_rows,
    "games": game_rows,
}


def run_chunk(setup: StudySetup, item: tuple[str, int, int]) -> tuple[str, list[dict[str, Any]]]:
    """Run one chunk ``(kind, start, stop)``: what every executor calls on a worker.

    >>> setup = StudySetup.of([Lexicon.load("fr")], racks=3, ladders=False)
    >>> kind, rows = run_chunk(setup, ("racks", 0, 3))
    >>> kind, len(rows)
    ('racks', 3)
    """
    kind, start, stop = item
    return kind, _RUNNERS[kind](setup, start, stop)


def _chunks(setup: StudySetup) -> list[tuple[str, int, int]]:
    items = []
    for kind in KINDS:
        total, size = getattr(setup, kind), CHUNK_SIZES[kind]
        items += [(kind, start, min(start + size, total)) for start in range(0, total, size)]
    return items


Rows = dict[str, list[dict[str, Any]]]
"""Rows by kind of item (``racks``, ``trays``, ``games``)."""


def _by_lexicon(setup: StudySetup, rows: Rows) -> dict[str, Rows]:
    """The rows split per lexicon, once (each kind keeps its item order)."""
    split: dict[str, Rows] = {name: {kind: [] for kind in KINDS} for name in setup.names}
    for kind in KINDS:
        for row in rows[kind]:
            split[row["lexicon"]][kind].append(row)
    return split


def _summaries(setup: StudySetup, per_lexicon: dict[str, Rows]) -> dict[str, dict[str, dict[str, Estimate]]]:
    """Per lexicon, per kind of item, per measure: the estimate."""
    result: dict[str, dict[str, dict[str, Estimate]]] = {}
    for name in setup.names:
        racks, trays, games = (per_lexicon[name][kind] for kind in ("racks", "trays", "games"))
        sections: dict[str, dict[str, Estimate]] = {}
        if racks:
            sections["racks"] = {
                "playable": rate_estimate(sum(r["playable"] for r in racks), len(racks)),
                "words": mean_estimate([r["words"] for r in racks]),
                "classes": mean_estimate([r["classes"] for r in racks]),
                "longest": mean_estimate([r["longest"] for r in racks]),
                "best_points": mean_estimate([r["best_points"] for r in racks]),
            }
            ladders = [r for r in racks if r["ladder"] is not None]
            if ladders:
                sections["racks"]["ladder"] = mean_estimate([r["ladder"] for r in ladders])
                sections["racks"]["ladder_exact"] = rate_estimate(sum(r["ladder_exact"] for r in ladders), len(ladders))
        if trays:
            sections["trays"] = {
                "moves": mean_estimate([r["moves"] for r in trays]),
                "jarnacable": rate_estimate(sum(r["jarnacable"] for r in trays), len(trays)),
                "best_swing": mean_estimate([r["best_swing"] for r in trays]),
                "swing_exact": rate_estimate(sum(r["swing_exact"] for r in trays), len(trays)),
            }
        if games:
            sections["games"] = {
                "score": mean_estimate([(r["score_a"] + r["score_b"]) / 2 for r in games]),
                "turns": mean_estimate([r["turns"] for r in games]),
                "words": mean_estimate([r["words_a"] + r["words_b"] for r in games]),
                "jarnacs": mean_estimate([r["jarnacs_a"] + r["jarnacs_b"] for r in games]),
                "swung": mean_estimate([r["swung_a"] + r["swung_b"] for r in games]),
                "stalled": rate_estimate(sum(r["stalled"] for r in games), len(games)),
                "first_player_wins": rate_estimate(
                    sum(
                        1
                        for r in games
                        if r["winner"] == ("b" if r["game_index"] % 2 else "a")  # players[0] sits first on even games
                    ),
                    len(games),
                ),
            }
        result[name] = sections
    return result


MEASURES: dict[str, dict[str, str]] = {
    "racks": {
        "playable": "racks with a word",
        "words": "words per rack",
        "classes": "anagram classes per rack",
        "longest": "longest word (tiles)",
        "best_points": "best word (points)",
        "ladder": "longest ladder (moves)",
        "ladder_exact": "ladders proven within the budget",
    },
    "trays": {
        "moves": "legal moves per position",
        "jarnacable": "positions where a pass would be Jarnac-able",
        "best_swing": "best Jarnac swing (points)",
        "swing_exact": "best Jarnacs proven within the budget",
    },
    "games": {
        "score": "score per player",
        "turns": "turns per game",
        "words": "words formed per game",
        "jarnacs": "Jarnacs per game",
        "swung": "points swung by Jarnacs per game",
        "stalled": "games that stall",
        "first_player_wins": "wins of the first named player",
    },
}
"""Every measure of a summary, in print order, with the words a table shows for it
(:meth:`Comparison.measures` fits them to a study: budgets, players)."""

PAIRED_MEASURES = {
    "words": "words per rack ({second} - {first})",
    "longest": "longest word, tiles ({second} - {first})",
    "best_points": "best word, points ({second} - {first})",
    "best_only_first": "racks whose longest word only {first} has",
    "best_only_second": "racks whose longest word only {second} has",
    "playable_only_first": "racks playable only with {first}",
    "playable_only_second": "racks playable only with {second}",
    "jarnac_only_first": "passes Jarnac-able only with {first}'s words",
    "jarnac_only_second": "passes Jarnac-able only with {second}'s words",
}
"""The paired measures of a difference (the same racks; for Jarnacs, the second's positions
judged by both lists), with the words a table shows for them."""


@dataclass
class Comparison:
    """A finished study: its setting, the summaries, the differences and every row."""

    setup: StudySetup
    summaries: dict[str, dict[str, dict[str, Estimate]]]
    differences: list[Difference]
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    seconds: float = 0.0
    executor: str = "in-process"
    workers: int = 1

    @property
    def names(self) -> tuple[str, ...]:
        """The lexicons' labels, in the order given."""
        return self.setup.names

    def measures(self) -> dict[str, dict[str, str]]:
        """The measures a table or a report shows, by kind of item, each with the words that say what it measured.

        A budget's measure (``ladder_exact``, ``swing_exact``) only when that
        budget was set; the wins of ``players[0]`` (the seats alternate)
        when the two players differ, and when they are the same kind, the
        wins of the player who moves first (``starter_wins``, from the rows).

        >>> study = compare(["fr"], racks=5, trays=0, games=1, players=("greedy", "greedy"))
        >>> study.measures()["games"]["starter_wins"]
        'wins of the player who moves first'
        >>> "first_player_wins" in study.measures()["games"], "ladder_exact" in study.measures()["racks"]
        (False, False)
        """
        s = self.setup
        shown: dict[str, dict[str, str]] = {}
        for kind, measures in MEASURES.items():
            labels = dict(measures)
            if s.ladder_budget is None:
                labels.pop("ladder_exact", None)
            if s.tray_budget is None:
                labels.pop("swing_exact", None)
            if kind == "games":
                del labels["first_player_wins"]
                if s.players[0] != s.players[1]:
                    labels["first_player_wins"] = f"wins of {s.players[0]} against {s.players[1]}"
                elif self.rows.get("games"):
                    labels["starter_wins"] = "wins of the player who moves first"
            present = {
                m: label
                for m, label in labels.items()
                if any(self.estimate(n, kind, m) is not None for n in self.names)
            }
            if present:
                shown[kind] = present
        return shown

    def estimate(self, name: str, kind: str, measure: str) -> Estimate | None:
        """Lexicon ``name``'s estimate of ``measure`` (of :meth:`measures`), or ``None`` when it was not measured.

        >>> study = compare(["fr"], racks=10, trays=0, games=0, ladders=False)
        >>> study.estimate("fr", "racks", "playable").n, study.estimate("fr", "racks", "ladder")
        (10, None)
        """
        if kind == "games" and measure == "starter_wins":
            games = [r for r in self.rows.get("games", []) if r["lexicon"] == name]
            return rate_estimate(sum(1 for r in games if r["winner"] == "a"), len(games)) if games else None
        return self.summaries.get(name, {}).get(kind, {}).get(measure)

    def to_dict(self, rows: bool = False) -> dict[str, Any]:
        """JSON-ready (``server/schema.json``, ``compare_result``); the rows only when asked (they are many).

        No timing: the same study gives the same document.
        """
        s = self.setup
        document: dict[str, Any] = {
            "lexicons": [
                {"name": name, "words": len(lex), "bag": bag.name}
                for name, lex, bag in zip(s.names, s.lexicons, s.bags, strict=True)
            ],
            "seed": s.seed,
            "racks": s.racks,
            "rack_size": s.rack_size,
            "ladders": s.ladders,
            "ladder_budget": s.ladder_budget,
            "trays": s.trays,
            "tray_budget": s.tray_budget,
            "games": s.games,
            "players": list(s.players),
            "summaries": {
                name: {kind: {m: e.to_dict() for m, e in measures.items()} for kind, measures in sections.items()}
                for name, sections in self.summaries.items()
            },
            "differences": [d.to_dict() for d in self.differences],
        }
        if rows:
            document["rows"] = self.rows
        return document

    def cannot_tell(self, measure: str) -> list[tuple[str, Reason]]:
        """Each lexicon whose games are too few for ``measure``'s interval to answer, and what would be enough:
        a rate wider than ±5 points of percent, a mean wider than ±10% of itself
        (:meth:`~.stats.Estimate.cannot_tell`)."""
        found = []
        for name in self.names:
            e = self.estimate(name, "games", measure)
            if e is None:
                continue
            rate = measure in RATE_MEASURES
            goal = CANNOT_TELL_RATE if rate else CANNOT_TELL_MEAN * abs(e.value)
            note = e.cannot_tell(goal, 100 if rate else 1) if goal > 0 else None
            if note is not None:
                found.append((name, note))
        return found

    def table(self) -> str:
        """The summaries side by side, then the differences: what a terminal shows.

        Each cell is the estimate and its 95% interval; rates are percentages.
        """
        shown = self.measures()
        labels = [label for measures in shown.values() for label in measures.values()]
        width = max(30, *(len(label) + 4 for label in labels)) if labels else 30
        col = max(26, *(len(name) + 2 for name in self.names))
        out = [f"{'':<{width}}" + "".join(f"{name:>{col}}" for name in self.names)]
        for kind, measures in shown.items():
            n_items = getattr(self.setup, kind)
            extra = f" of {self.setup.rack_size} tiles" if kind == "racks" else ""
            if kind == "games":
                extra = f", {self.setup.players[0]} against {self.setup.players[1]}"
            out.append(f"{kind} ({n_items}{extra}, seed {self.setup.seed})")
            for m, label in measures.items():
                cells = [table_cell(self.estimate(name, kind, m), rate=m in RATE_MEASURES) for name in self.names]
                out.append(f"  {label:<{width - 2}}" + "".join(f"{c:>{col}}" for c in cells))
                if kind == "games":
                    out.extend(f"    {name}: {note}" for name, note in self.cannot_tell(m))
        paired_width = width + col * (len(self.names) - 1)  # a difference's cell under the second lexicon's
        for d in self.differences:
            for m in d.paired:
                paired_width = max(paired_width, len(PAIRED_MEASURES[m].format(first=d.first, second=d.second)) + 2)
        for d in self.differences:
            out.append(f"{d.second} against {d.first}")
            if d.note:
                out.append(f"  {d.note}")
            if d.only_first or d.only_second:
                out.append(f"  words in {d.first} only: {sum(d.only_first.values())} ({_lengths(d.only_first)})")
                out.append(f"  words in {d.second} only: {sum(d.only_second.values())} ({_lengths(d.only_second)})")
            for m, e in d.paired.items():
                out.append(
                    f"  {PAIRED_MEASURES[m].format(first=d.first, second=d.second):<{paired_width}}"
                    f"{table_cell(e, rate=m in _RATES_PAIRED):>{col}}"
                )
            for label, top in ((d.first, d.top_first), (d.second, d.top_second)):
                if top:
                    out.append(
                        f"  most often the best word, in {label} only: " + ", ".join(f"{w} ({n})" for w, n in top)
                    )
            if d.familiarity:
                for label, fam in d.familiarity.items():
                    if fam and fam["words"]:
                        known = ", ".join(w for w, _ in fam["best_known"][:6])
                        out.append(
                            f"  {label} only: {fam['known']} of {fam['words']} words have a known frequency;"
                            f" best known: {known}"
                        )
        out.append(f"({self.executor}, {self.workers} worker{'s' if self.workers != 1 else ''}, {self.seconds:.1f} s)")
        return "\n".join(out)


CANNOT_TELL_RATE = 0.05
"""A game rate whose 95% interval is wider than this either side cannot tell (±5 points of percent)."""
CANNOT_TELL_MEAN = 0.10
"""A game mean whose 95% interval is wider than this share of itself either side cannot tell."""

RATE_MEASURES = {
    "playable",
    "ladder_exact",
    "jarnacable",
    "swing_exact",
    "stalled",
    "first_player_wins",
    "starter_wins",
}
"""The measures that are rates (shares of items), said in percent."""
_RATES_PAIRED = {
    "best_only_first",
    "best_only_second",
    "playable_only_first",
    "playable_only_second",
    "jarnac_only_first",
    "jarnac_only_second",
}


def table_cell(e: Estimate | None, rate: bool) -> str:
    """An estimate as a table writes it: its mean and interval (in percent for a ``rate``), ``-`` when none."""
    if e is None or e.n == 0:
        return "-"
    if rate:
        # One decimal, unless it would round a rate that is not 0 or 1 to "0.0" or "100.0".
        digits = 1 if e.value in (0, 1) or 0.0005 <= e.value <= 0.9995 else 2
        return f"{100 * e.value:.{digits}f}% [{100 * e.low:.{digits}f}, {100 * e.high:.{digits}f}]"
    return f"{e.value:.2f} [{e.low:.2f}, {e.high:.2f}]"


def _lengths(counts: dict[int, int]) -> str:
    return ", ".join(f"{n}: {c}" for n, c in counts.items()) or "none"


def compare(
    lexicons: Sequence[Lexicon | str],
    *,
    bags: Sequence[Bag | None] | None = None,
    rules: Rules | None = None,
    seed: int = 0,
    racks: int = 10_000,
    rack_size: int = 7,
    ladders: bool = True,
    ladder_budget: float | None = None,
    trays: int = 200,
    tray_budget: float | None = None,
    games: int = 100,
    players: Sequence[str] = ("ladder", "ladder"),
    engine: str = "auto",
    executor: Executor | None = None,
    progress: Progress | None = None,
    familiarity: bool = True,
) -> Comparison:
    """Compare ``lexicons`` (objects or names such as ``"fr"``) by how they play.

    ``racks`` racks of ``rack_size`` tiles, ``trays`` positions from
    self-play, ``games`` self-play games between ``players``, on every
    lexicon, each lexicon drawing from its bag (``bags`` overrides them).
    Each lexicon after the first is also compared with the first (words
    each lacks; paired rack measures when they share a bag). ``executor``
    runs the chunks (default: this process); the result does not depend
    on it. Cost: about 1 ms per rack with ladders (0.05 ms without), 30 to
    100 ms per position and per game, depending on the players.

    >>> fr = Lexicon.load("fr")
    >>> study = compare([fr, fr.filter(lambda w: "Z" not in w, "fr-noZ")],
    ...                 racks=200, trays=0, games=0, ladders=False, familiarity=False)
    >>> study.summaries["fr"]["racks"]["playable"].n
    200
    >>> study.differences[0].paired["best_only_first"].value > 0
    True
    """
    if isinstance(lexicons, (str, Lexicon)) or not isinstance(lexicons, Sequence):
        raise InvalidInputError("compare takes a list of lexicons (objects or names)")
    resolved = [Lexicon.resolve(lex) if isinstance(lex, str) else lex for lex in lexicons]
    setup = StudySetup.of(
        resolved,
        bags=None if bags is None else list(bags),
        rules=rules,
        seed=seed,
        racks=racks,
        rack_size=rack_size,
        ladders=ladders,
        ladder_budget=ladder_budget,
        trays=trays,
        tray_budget=tray_budget,
        games=games,
        players=tuple(players) if isinstance(players, (list, tuple)) else players,  # type: ignore[arg-type]
        engine=engine,
    )
    executor = executor if executor is not None else InProcess()
    if not callable(getattr(executor, "run", None)):
        raise InvalidInputError(f"an executor has a method run(fn, shared, items, progress); {executor!r} has none")
    start = time.perf_counter()
    results = executor.run(run_chunk, setup, _chunks(setup), progress)
    seconds = time.perf_counter() - start
    rows: dict[str, list[dict[str, Any]]] = {kind: [] for kind in KINDS}
    for kind, chunk_rows in results:
        rows[kind].extend(chunk_rows)
    order = {"racks": "rack_index", "trays": "tray_index", "games": "game_index"}
    position = {name: i for i, name in enumerate(setup.names)}
    for kind in KINDS:  # one order whatever the executor: lexicon, then item
        rows[kind].sort(key=lambda r, key=order[kind]: (position[r["lexicon"]], r[key]))  # type: ignore[misc]
    per_lexicon = _by_lexicon(setup, rows)
    first = per_lexicon[setup.names[0]]
    differences = []
    for j in range(1, len(setup.lexicons)):
        other = per_lexicon[setup.names[j]]
        paired = (first["racks"], other["racks"]) if setup.same_bag(0, j) and rows["racks"] else None
        positions = other["trays"]
        differences.append(
            compare_words(
                setup.lexicons[0], setup.lexicons[j], (setup.names[0], setup.names[j]), paired, familiarity, positions
            )
        )
    name = str(getattr(executor, "name", type(executor).__name__))
    workers = getattr(executor, "workers", 1)
    return Comparison(setup, _summaries(setup, per_lexicon), differences, rows, seconds, name, workers)
