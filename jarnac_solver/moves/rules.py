"""The rule options of Jarnac as one immutable value, with named presets.

Each option is a rule or variant of ``docs/rules.md`` (its section named
beside it); the defaults are the publisher's French sheet, the presets the
other rulebooks (docs/rules.md#presets).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..errors import InvalidRulesError
from ..integers import is_number, is_whole

__all__ = ["PRESETS", "VERB_FORMS", "VERB_FORM_LEXICONS", "Rules"]


@dataclass(frozen=True)
class Rules:
    """Every rule option; the defaults are the French sheet.

    >>> Rules().last_line_min_length, Rules.preset("english").value_jarnac
    (1, True)
    >>> Rules().replace(min_length=4).min_length
    4
    """

    lines: int = 8
    """Lines on a tray."""
    line_length: int = 9
    """Tiles a line holds: the longest word."""
    min_length: int = 3
    """The shortest word on any line but the last."""
    last_line_min_length: int = 1
    """The shortest word on the last line (the sheet: any length; option: 3)."""
    steal_place: bool = True
    """A Jarnac may steal a new word made from spare letters, not only an extension."""
    value_jarnac: bool = False
    """The English write-up's value Jarnac: recompose lines formed this turn into words worth more."""
    thief_draws: bool = False
    """The thief draws one letter per stolen word (default: nothing)."""
    thief_keeps_turn_on_last_line: bool = False
    """A Jarnac that fills the thief's last line lets the thief keep the turn (docs/rules.md#thief-keeps-the-turn)."""
    opening_draw: int = 6
    """Letters drawn on a player's first turn."""
    opening_vowel_rule: bool = False
    """Opening letters all consonants: the last is redrawn until a vowel comes (docs/rules.md#opening-vowel-rule)."""
    exchange_size: int = 3
    """Letters exchanged instead of drawing one (exactly this many)."""
    disputes: bool = False
    """Competitive rules: a word may be disputed before the opponent draws."""
    think_seconds: float | None = None
    """Competitive rules: the clock, seconds a player may think over each decision (None: no clock).
    A decision that takes longer does nothing: a pass (see :func:`~jarnac_solver.play.players.play_game`)."""
    verb_forms: str = "all"
    """Competitive rules: ``infinitive-participles`` plays verbs only as infinitives and present and
    past participles, a property of the lexicon (:meth:`lexicon_for` names it); ``all``: every form."""

    def __hash__(self) -> int:
        """The hash of the options, made once (rules key the tables made per rules: ~1 us to hash the fields)."""
        made: int | None = self.__dict__.get("_hash")
        if made is None:
            made = hash(tuple(getattr(self, f.name) for f in fields(self)))
            object.__setattr__(self, "_hash", made)
        return made

    def __getstate__(self) -> dict[str, object]:
        # The hash is made again where the rules are read back: a text's hash differs between processes.
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    def __setstate__(self, state: dict[str, object]) -> None:
        for key, value in state.items():
            object.__setattr__(self, key, value)

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise InvalidRulesError(f"rule option {f.name} must be True or False, not {value!r}")
            if f.type == "int" and (not is_whole(value)):
                raise InvalidRulesError(f"rule option {f.name} must be a whole number, not {value!r}")
        if not 1 <= self.lines <= 64:
            raise InvalidRulesError(f"rule option lines must be 1 to 64, not {self.lines}")
        if not 1 <= self.line_length <= 9:
            raise InvalidRulesError(
                f"rule option line_length must be 1 to 9 (the index holds 9), not {self.line_length}"
            )
        for name in ("min_length", "last_line_min_length"):
            value = getattr(self, name)
            if not 1 <= value <= self.line_length:
                raise InvalidRulesError(
                    f"rule option {name} must be 1 to line_length ({self.line_length}), not {value}"
                )
        if self.opening_draw < 0 or self.exchange_size < 1:
            raise InvalidRulesError("rule options opening_draw must be >= 0 and exchange_size >= 1")
        seconds = self.think_seconds
        if seconds is not None and (not is_number(seconds) or not 0.001 <= seconds <= 86_400):
            raise InvalidRulesError(
                "rule option think_seconds must be None or from 0.001 (records keep milliseconds) to 86400"
                f" seconds (a day), not {f'{seconds!r}'[:40]}"
            )
        if self.verb_forms not in VERB_FORMS:
            raise InvalidRulesError(
                f"rule option verb_forms must be one of {', '.join(VERB_FORMS)}, not {self.verb_forms!r}"
            )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named preset: ``sheet`` (default), ``multilingual``, ``english``, ``competitive``.

        >>> Rules.preset("multilingual").opening_vowel_rule
        True
        """
        try:
            return PRESETS[name]
        except KeyError:
            raise InvalidRulesError(f"no rules preset {name!r}; known: {', '.join(PRESETS)}") from None

    @classmethod
    def from_options(cls, options: dict[str, Any], base: Rules | None = None) -> Rules:
        """``base`` (default: the sheet) with ``options`` changed; unknown names raise.

        >>> Rules.from_options({"value_jarnac": True}).value_jarnac
        True
        """
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise InvalidRulesError(f"rule options are a dict of option names, not {type(options).__name__}")
        if base is not None and not isinstance(base, Rules):
            raise InvalidRulesError(f"base must be Rules or None, not {type(base).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise InvalidRulesError(f"unknown rule option {unknown[0]!r}; known: {', '.join(sorted(known))}")
        return replace(base or cls(), **options)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like :meth:`from_options`)."""
        return Rules.from_options(changes, self)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name.

        >>> Rules().to_dict()["lines"]
        8
        """
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Read :meth:`to_dict`'s form (any subset of the options), or a preset's name.

        >>> Rules.from_dict("english") == Rules.preset("english")
        True
        """
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, dict):
            raise InvalidRulesError(f"rules are a preset name or a dict of options, not {type(data).__name__}")
        return cls.from_options(data)

    def name_or_dict(self) -> str | dict[str, Any]:
        """The preset's name when these rules are a preset, else :meth:`to_dict` (what JSON documents hold).

        >>> Rules().name_or_dict()
        'sheet'
        """
        return next((name for name, preset in PRESETS.items() if preset == self), None) or self.to_dict()

    def lexicon_for(self, name: str) -> str:
        """The bundled lexicon these rules play in place of ``name``: its verb-form list when the rules
        restrict verb forms and the language has one (``fr`` -> ``fr-competitive``), else ``name``.

        >>> Rules.preset("competitive").lexicon_for("fr"), Rules().lexicon_for("fr")
        ('fr-competitive', 'fr')
        >>> Rules.preset("competitive").lexicon_for("en")  # no English list of verb forms
        'en'
        """
        if not isinstance(name, str):
            raise InvalidRulesError(f"a lexicon name is text, not {type(name).__name__}")
        if self.verb_forms == "infinitive-participles":
            return VERB_FORM_LEXICONS.get(name, name)
        return name

    def min_length_on(self, line: int) -> int:
        """The shortest word allowed on line index ``line`` (0-based).

        >>> Rules().min_length_on(7), Rules().min_length_on(6)
        (1, 3)
        """
        return self.last_line_min_length if line == self.lines - 1 else self.min_length


VERB_FORMS = ("all", "infinitive-participles")
"""The values of :attr:`Rules.verb_forms`."""

VERB_FORM_LEXICONS = {"fr": "fr-competitive"}
"""Bundled lexicon -> its list with verbs only as infinitives and participles (``lexicons/README.md``
says why the other languages have none)."""

PRESETS: dict[str, Rules] = {
    # The publisher's French sheet: any length on the last line, nothing drawn for a Jarnac.
    "sheet": Rules(),
    # The multilingual rulebook: words of 3 to 9 letters everywhere, the opening vowel rule, the
    # thief keeps the turn after a Jarnac that fills the last line.
    "multilingual": Rules(last_line_min_length=3, opening_vowel_rule=True, thief_keeps_turn_on_last_line=True),
    # The English write-up: the value Jarnac; the last word need not have 3 letters.
    "english": Rules(value_jarnac=True),
    # The competitive rules (docs/rules.md#competitive-rules): the multilingual ones with disputes, a minute
    # per turn, and verbs only as infinitives and participles.
    "competitive": Rules(
        last_line_min_length=3,
        opening_vowel_rule=True,
        thief_keeps_turn_on_last_line=True,
        disputes=True,
        think_seconds=60,
        verb_forms="infinitive-participles",
    ),
}
