"""``hint``: what to do now, ranked, with the reasons: moves, draw or exchange, Jarnac, dispute.

The request (:class:`HintRequest`) is the command's one declaration: the command line's ``hint TRAY
--opponent T --phase P --budget MS`` and the service's ``POST /api/hint`` body are both read from it, and both
call :func:`hint`.

>>> hinted = hint(HintRequest("RAT BUT / ZWUSE", budget=2000, samples=2, top=1))
>>> [option["action"] for option in hinted.result()["advice"]["options"]]
['+WUS']
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Annotated, Any

from ..errors import InvalidInputError
from ..lexicon.bag import BAGS, Bag, bag_name_for
from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import Lexicon
from .model import (
    Budget,
    Help,
    Length,
    Named,
    OfferedLexicons,
    OneOf,
    Positional,
    Range,
    Reads,
    RequestError,
    Served,
    Tray,
)
from .moves import LEXICON_HELP
from .positions import (
    BUDGET_HELP,
    EXACT_HELP,
    MAX_TEXT,
    PRESET_NAMES,
    RULES_HELP,
    TRAY_HELP,
    Position,
    budget_seconds,
    formed_lines,
    line_numbers,
    position,
    read_tray,
    refused,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..moves.tray import Tray as TrayValue
    from ..planning.advice import Advice

PHASES = ("start", "play", "jarnac", "dispute")
"""The moments of a turn a hint is asked for."""
MAX_TOP = 50
"""The most options a hint ranks over HTTP (``top``)."""
MAX_SAMPLES = 256
"""The most sampled draws a hint takes a move over HTTP (each costs a ladder walk)."""
MAX_SEED = 2**63 - 1
"""The largest seed the service reads."""


@dataclasses.dataclass(frozen=True)
class HintRequest:
    """A player's tray (and the opponent's), the moment of the turn, the tiles to come: the options ranked."""

    tray: Annotated[str, Positional(), Help(TRAY_HELP + "; your tray"), Tray()]
    lexicon: Annotated[str, LEXICON_HELP, OfferedLexicons()] = DEFAULT_LEXICON
    opponent: Annotated[str | None, Help("the opponent's tray: the exposure is what it could call", "TRAY"), Tray()] = (
        None
    )
    phase: Annotated[
        str,
        Help("start: draw or exchange; play: your moves; jarnac: the opponent (--opponent) just passed"),
        OneOf(PHASES),
    ] = "play"
    bag: Annotated[
        str | None,
        Help("the full bag (default: the lexicon's); unseen = bag - trays", "NAME|FILE"),
        Served(OneOf(tuple(BAGS))),
    ] = None
    unseen: Annotated[
        str | None,
        Help("the tiles still to come, instead of --bag (e.g. EEAIST)", "TILES"),
        Served(Length(0, MAX_TEXT)),
    ] = None
    formed: Annotated[
        str | None,
        Help("lines formed this turn, e.g. 2,3 (for the value Jarnac)", "LINES"),
        Reads(line_numbers),
        Served(Length(0, MAX_TEXT)),
    ] = None
    disputed: Annotated[
        str | None,
        Help("--phase dispute: the opponent's move, e.g. +ZORG", "MOVE"),
        Served(Length(0, MAX_TEXT)),
    ] = None
    budget: Annotated[float | None, Help(BUDGET_HELP, "MS"), Budget(EXACT_HELP)] = None
    samples: Annotated[
        int,
        Help("sampled next draws per move (default 16; 0: the next draw not valued; the start phase takes 1 or more)"),
        Range(0, 10_000),
        Served(Range(0, MAX_SAMPLES)),
    ] = 16
    seed: Annotated[int, Help("the seed of the sampled draws"), Served(Range(0, MAX_SEED))] = 0
    familiarity: Annotated[
        bool,
        Help("show how well known each word is (the familiarity extra: pip install 'jarnac-solver[familiarity]')"),
    ] = False
    min_familiarity: Annotated[
        float | None,
        Help("only words at least this well known (0-8, e.g. 3)", "ZIPF"),
        Range(0, 8),
        Named("a Zipf frequency"),
    ] = None
    top: Annotated[int, Help("how many options to show"), Range(1, None), Served(Range(1, MAX_TOP))] = 5
    rules: Annotated[str, Help(RULES_HELP), OneOf(PRESET_NAMES)] = "sheet"


@dataclasses.dataclass(frozen=True)
class Hinted:
    """The answer: the position, the opponent's tray (``None``: not given), the advice, what a hint without a
    known bag leaves out (``""``: nothing), and how long the advice took (seconds)."""

    position: Position
    opponent: TrayValue | None
    advice: Advice
    note: str
    seconds: float

    def result(self) -> dict[str, Any]:
        """The ``result`` of ``hint --json``."""
        opponent = self.opponent.to_dict() if self.opponent else None
        made: dict[str, Any] = {"tray": self.position.tray.to_dict(), "opponent": opponent}
        made["advice"] = self.advice.to_dict()
        made["hints"] = [o.hint.to_dict() for o in self.advice.options if o.hint is not None]
        return made


def _bag(name: str, lex: Lexicon) -> Bag:
    return Bag.for_lexicon(lex, Bag.load(name))


def hint(
    request: HintRequest,
    resolve: Callable[[str], Lexicon] = Lexicon.resolve,
    bag_of: Callable[[str, Lexicon], Bag] = _bag,
) -> Hinted:
    """The options of the request's position ranked, with their reasons (``resolve`` reads the lexicon's name,
    ``bag_of`` the bag's: the command line also reads files; by default a bundled lexicon and a built-in
    bag)."""
    from ..moves.move import Move
    from ..planning.advice import advise_position
    from ..planning.planner import unseen_tiles

    at = position(request, resolve)
    lex, tray, rules, phase = at.lexicon, at.tray, at.rules, request.phase
    opponent = read_tray(request.opponent, lex, rules, "opponent")
    if phase == "jarnac" and opponent is None:
        raise RequestError("--phase jarnac needs --opponent (the tray of the player who passed)", "opponent")
    if request.unseen is not None and request.bag is not None:
        raise RequestError("give --unseen or --bag, not both (the bag gives the unseen tiles)", "unseen")
    note = ""
    if request.unseen is not None:
        try:
            unseen = [lex.alphabet.tiles[c] for c in lex.alphabet.encode(request.unseen, what="text")]
        except InvalidInputError as exc:
            raise refused(exc, "unseen") from None
    else:
        name = request.bag if request.bag is not None else bag_name_for(lex)
        unseen = []
        if name is not None:
            unseen = unseen_tiles(bag_of(name, lex), [tray] if opponent is None else [tray, opponent])
        elif phase in ("start", "play"):
            note = f"(no bag is known for {lex.name}: no draw sampled, no exchange; give --bag FILE or --unseen TILES)"
    # The formed lines: of the tray whose lines a value Jarnac could take (the passer's in the jarnac phase).
    passer = opponent if phase == "jarnac" and opponent is not None else tray
    turn = formed_lines(request.formed, passer, rules, "formed")
    if request.disputed is not None and phase != "dispute":
        raise RequestError("--disputed is for --phase dispute", "disputed")
    try:
        disputed = Move.parse(request.disputed, lex.alphabet) if request.disputed else None
    except InvalidInputError as exc:
        raise refused(exc, "disputed") from None
    if phase == "dispute" and disputed is None:
        raise RequestError("--phase dispute needs --disputed MOVE (the opponent's move)", "disputed")
    if phase == "dispute" and not rules.disputes:
        raise RequestError("--phase dispute: these rules have no disputes (--rules competitive)", "phase")
    familiarity = None
    if request.familiarity or request.min_familiarity is not None:
        from ..lexicon.familiarity import Familiarity

        familiarity = Familiarity.for_lexicon(lex)
    start = time.monotonic()
    advice = advise_position(
        lex, tray, opponent, unseen, phase, rules, request.top,
        formed_indexes=turn, disputed=disputed, budget=budget_seconds(request.budget), samples=request.samples,
        seed=request.seed, familiarity=familiarity, min_familiarity=request.min_familiarity,
    )  # fmt: skip
    return Hinted(at, opponent, advice, note, time.monotonic() - start)
