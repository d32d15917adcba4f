"""What the position commands (``moves``, ``jarnac``, ``plan``, ``hint``) share: a tray read in a lexicon under
a rules preset, the lines formed this turn, a search's budget.

Key idea: the rules preset, the tray's text and the budget are declared as data in each request
(:class:`~.model.OneOf` the presets, :class:`~.model.Tray`, :class:`~.model.Budget`); this module reads them
with the library's own readers, so the command line and the service refuse a bad tray or line number with the
same words, naming its field. The move and planning layers are imported when a command runs, never when its
request is declared: the command line's parser reads the requests without them.

>>> line_numbers("2,3")
'2,3'
>>> line_numbers("2,2")
Traceback (most recent call last):
ValueError: '2,2' names a line twice
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..budget import EXACT
from ..errors import InvalidInputError, JarnacError
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from .model import RequestError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..moves.rules import Rules
    from ..moves.tray import Tray as TrayValue

PRESET_NAMES = ("sheet", "multilingual", "english", "competitive")
"""The rules presets by name (a copy, so that declaring a request imports no move layer; a test holds it equal
to the keys of ``moves.rules.PRESETS``, in order)."""
TRAY_HELP = 'a tray: "LINE LINE ... / RACK", e.g. "RAT BUT / ZW" (a "-" line is a gap; I.J is I then J)'
RULES_HELP = "the rules preset: the French sheet, the multilingual edition, the English write-up, competitive"
BUDGET_HELP = "answer within this many milliseconds (default: 10000, a ceiling ordinary positions never reach)"
EXACT_HELP = "no time limit: the proven answer, however long it takes"
MAX_TEXT = 256
"""The longest text of one field the service reads: a full tray of eight 9-tile lines and a rack fits."""


def line_numbers(text: str) -> str:
    """Line numbers from 1, joined by commas (``2,3``), each once; else :class:`ValueError` saying why."""
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isascii() and part.isdigit() and int(part) >= 1 for part in parts):
        raise ValueError(f"{text!r} is not a list of line numbers such as 2,3")
    if len({int(part) for part in parts}) != len(parts):
        raise ValueError(f"{text!r} names a line twice")
    return text


def option(name: str) -> str:
    """A field's option as the command line spells it (``free_lines``: ``--free-lines``)."""
    return "--" + name.replace("_", "-")


def rules_and_lexicon(rules_name: str, lexicon: str, resolve: Callable[[str], Lexicon]) -> tuple[Rules, Lexicon, str]:
    """The preset and the lexicon played: a bundled list the rules play in another form replaced by that form
    (the competitive rules' verbs: ``fr`` -> ``fr-competitive``), with the note saying so (or that the language
    has no such list; ``""``: nothing to say); a user's file played as given."""
    from ..moves.rules import VERB_FORM_LEXICONS, Rules

    rules = Rules.preset(rules_name)
    bundled = lexicon in Lexicon.available()
    chosen = rules.lexicon_for(lexicon) if bundled else lexicon
    note = ""
    if chosen != lexicon:
        played = f"played on {chosen} in place of {lexicon}"
        note = f"({rules_name} rules: {played}, verbs only as infinitives and participles)"
    elif bundled and rules.verb_forms != "all" and lexicon not in VERB_FORM_LEXICONS.values():
        lacks = f"{lexicon} has no list of verbs only as infinitives and participles"
        note = f"({rules_name} rules: {lacks}; every form is played)"
    return rules, resolve(chosen), note


@dataclasses.dataclass(frozen=True)
class Position:
    """A request's position: the lexicon and rules played, its tray, and the note on the lexicon the rules
    chose (``""``: none)."""

    lexicon: Lexicon
    rules: Rules
    tray: TrayValue
    note: str

    @property
    def rules_name(self) -> Any:
        """The rules as the answer's envelope names them."""
        return self.rules.name_or_dict()


def read_tray(text: str | None, lex: Lexicon, rules: Rules, name: str) -> TrayValue | None:
    """A second tray a request gives (a field declared a :class:`~.model.Tray`: the thief's, the opponent's),
    read and checked against the rules (``None``: not given); its fault the library's, as the request's
    ``tray`` would have it, told naming its field (:func:`refused`)."""
    from ..moves.tray import Tray as TrayValue

    if text is None:
        return None
    try:
        tray = TrayValue.parse(text, lex.alphabet)
        tray.check(rules)
    except InvalidInputError as exc:
        raise refused(exc, name) from None
    return tray


def refused(exc: JarnacError, name: str) -> JarnacError:
    """``exc``, the library's refusal of the text of the request's field ``name``, told again with the field's
    name first (``opponent: tray rack ...``), its type and its reason's facts kept, and carrying the field
    (``field``), so both sides name it whatever the language of the message.

    >>> from ..errors import InvalidTrayError
    >>> made = refused(InvalidTrayError(Reason("error_located", {"where": "line 2", "error": "empty"})), "thief")
    >>> type(made).__name__, str(made), made.field
    ('InvalidTrayError', 'thief: line 2: empty', 'thief')
    """
    made = type(exc).__new__(type(exc))  # its type kept (its own fields too), whatever its constructor takes
    made.__dict__.update(exc.__dict__)
    made.reason = Reason("error_located", {"where": name, "error": exc.reason}) if exc.reason is not None else None
    made.args = (made.reason.text("en") if made.reason is not None else f"{name}: {exc}",)
    made.field = name
    return made


def position(request: Any, resolve: Callable[[str], Lexicon]) -> Position:
    """The position ``request`` gives: its ``rules`` and ``lexicon``, and its ``tray`` (the tray's own library
    error when it is badly written: its reason names the tray)."""
    from ..moves.tray import Tray as TrayValue

    rules, lex, note = rules_and_lexicon(request.rules, request.lexicon, resolve)
    return Position(lex, rules, TrayValue.parse(request.tray, lex.alphabet), note)


def formed_lines(text: str | None, tray: TrayValue, rules: Rules, name: str) -> list[int]:
    """The lines formed this turn (:func:`line_numbers`' text), as indexes of ``tray``'s words; a line that
    holds no word, or lines given under rules without the value Jarnac, refused naming the field."""
    turn = [int(i) - 1 for i in text.split(",")] if text else []
    for i in turn:
        if i >= len(tray.lines) or not tray.lines[i]:
            raise RequestError(f"{option(name)} names line {i + 1}, which holds no word of {tray}", name)
    if turn and not rules.value_jarnac:
        raise RequestError(f"{option(name)} is for the value Jarnac (--rules english)", name)
    return turn


def budget_seconds(budget: float | None) -> float | None:
    """A request's budget in milliseconds as the library takes it, in seconds (``None``: its default ceiling;
    ``math.inf``: :data:`~jarnac_solver.budget.EXACT`)."""
    if budget is None:
        return None
    return EXACT if budget == EXACT else float(budget) / 1000
