"""The audit of records sent as text (the page's audit): what ``jarnac-solver audit FILE --json`` answers.

Key idea: the text is what a file would hold, read by the same reader
(:func:`~jarnac_solver.game.record.iter_records`: the text notation or JSON
Lines) and audited by the same :func:`~jarnac_solver.play.audit.audit_many`,
so the document is the command's. Two things are the service's own: a record
names a lexicon the server offers or none (never a path), and a text with no
record header is read as the hand-written form a referee types into
``jarnac-solver record`` (one action a line, the tiles drawn in braces),
each line checked as that command checks it.
"""

from __future__ import annotations

from ..cli.recording import read_hand_written
from ..errors import InvalidInputError, JarnacError
from ..game.game import Game
from ..game.record import GameRecord, iter_records
from ..lexicon.lexicon import Lexicon
from ..moves.rules import Rules
from ..play.audit import audit_many, audit_totals
from .contract import Offer, offered_lexicon

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_GAMES = 50
"""The most records one request audits."""


def hand_written(text: str, lexicon: str, rules: str) -> tuple[GameRecord, list[dict[str, Any]]]:
    """The record of a game typed one action a line (``record``'s form), and the lines refused."""
    game = Game(Lexicon.load(lexicon), Rules.preset(rules), over_the_board=True)
    return read_hand_written(game, text)


def audit_text(text: str, lexicons: tuple[str, ...], lexicon: str, rules: str, deep: bool) -> dict[str, Any]:
    """The ``audit --json`` result of the records in ``text`` (``lexicon`` and ``rules``: those of a
    hand-written game, whose text names neither), plus ``refused`` (hand-written lines refused)."""
    errors: list[InvalidInputError] = []
    refused: list[dict[str, Any]] = []
    if "[" not in text and "{" not in text.lstrip()[:1]:  # no header, no JSON: the hand-written form
        record, refused = hand_written(text, lexicon, rules)
        if not record.actions and refused:  # garbage is no empty game: said as the first line refused
            first = refused[0]
            raise InvalidInputError(
                f"no action could be read (line {first['line']}, {first['input']!r}: {first['message']}):"
                " paste a record, JSON Lines, or one action a line"
            )
        records = [record]
    else:
        records = []
        for record in iter_records(text, "the text", errors):
            records.append(record)
            if len(records) > MAX_GAMES:
                raise InvalidInputError(f"the text holds more than {MAX_GAMES} games: send at most {MAX_GAMES}")
    if not records and not errors:
        raise InvalidInputError("the text holds no game record (the text notation, JSON Lines, or one action a line)")
    for n, record in enumerate(records, 1):
        fault = offered_lexicon(record.lexicon, Offer(lexicons))
        if fault:
            raise InvalidInputError(f"game {n}: lexicon {fault}")
    reports = audit_many(records, None, deep, 1)
    totals = audit_totals(reports)
    return {
        "games": [r.to_dict() for r in reports],
        "errors": [e.message() for e in errors],
        "summary": {"AB"[i]: t.to_dict() for i, t in enumerate(totals)},
        "refused": refused,
        "records": [str(r) for r in records],
    }


def guarded_audit(*args: Any) -> tuple[bool, Any]:
    """:func:`audit_text` for a worker process: ``(True, result)`` or ``(False, (400, type, message))``."""
    try:
        return True, audit_text(*args)
    except JarnacError as exc:
        return False, (400, type(exc).__name__, exc.message())
