"""What a person may play against: the computer's players whose games finish in seconds, by rules and language.

A person's moves cost the server nothing; the computer's decisions are the game's cost. Every built-in
player's decision is bounded by counts (``SimPlayer.MAX_SEARCHES``, ``PlannerPlayer.MAX_SEARCH_RACK``,
``BoundedSimPlayer.MAX_PLAYOUTS``), but a bound by counts is not a bound in seconds: under the competitive
rules in Spanish (a clock and disputes played out in Python, not in the C lane) and under the sheet's and
the multilingual rules in Dutch, some of the simulating players' games take far longer than elsewhere.
:data:`SLOW` is the measured table of what exceeds :data:`GAME_SECONDS`, the seconds of a game the service
offers at most (its slowest game measured, on one core), and the service refuses those seats (409, the
field ``players``) and the page does not list them.

``benchmarks/bench_bounded.py --offer`` measures each excluded cell and each offered simulating cell again
(the computer against ``random``, whose decisions cost nothing, as a person's) and says whether the table
still holds; ``--table`` prints the table its run measured, in this module's form.

>>> not_offered("sim", "es", "competitive") is not None
True
>>> not_offered("planner", "es", "competitive") is None
True
>>> "sim" in offered_players("fr", "sheet")
True
"""

from __future__ import annotations

from .players import ALIASES, PLAYERS

__all__ = ["GAME_SECONDS", "SLOW", "not_offered", "offered_players", "slow_table"]

GAME_SECONDS = 10.0
"""The seconds a game against the computer the service offers at most: the slowest game measured (not the
median: a page whose game stalls once looks hung), on one core of a loaded 2-core machine
(``bench_bounded.py --offer``: the player against ``random``)."""

SLOW: dict[tuple[str, str], dict[str, float]] = {
    ("competitive", "es"): {"sim": 23.6, "sim-learned": 14.6, "sim-bounded": 29.9},
    ("multilingual", "nl"): {"sim": 14.8, "sim-bounded": 13.8},
    ("sheet", "nl"): {"sim": 14.7},
}
"""(preset, language) -> the players measured over :data:`GAME_SECONDS` there, with the seconds of their
slowest game measured (``bench_bounded.py --offer --seed 11``, each against ``random``: 5 games a cell
under the competitive rules, 3 under the others). Their medians: es competitive 15.1, 8.2 and 4.7 s, nl
multilingual 7.8 and 10.8 s, nl sheet 9.2 s; a few games, on the larger lexicons and with a busy core, take
far longer than the rest. Every other cell measured within it: the simulating players under the competitive
rules in fr, en and nl (the slowest game 9.4 s, ``sim-bounded`` in nl), under the English rules in es and nl
(4.2 s), the rest of es and nl under the sheet's and the multilingual rules (9.1 s, ``sim-learned`` nl
sheet), and fr and en under the sheet's, the multilingual and the English rules (5.2 s); the planners and the
simpler players take well under a second a decision everywhere."""


def _language(lexicon: str) -> str:
    """The language of a lexicon's name (``fr-competitive`` -> ``fr``)."""
    return lexicon.split("-", 1)[0]


def not_offered(player: str, lexicon: str, preset: str | None) -> float | None:
    """The measured seconds a game of ``player`` (against a person) on ``lexicon`` under the rules
    ``preset``, when over :data:`GAME_SECONDS`: the player is not offered; ``None`` when it is.

    ``preset`` ``None``: rules of one's own options, measured under no preset, so a player slow under
    any preset in that language is not offered.

    >>> not_offered("sim-bounded", "es", None)
    29.9
    """
    language = _language(lexicon)
    player = ALIASES.get(player, player)
    cells = (
        [SLOW.get((preset, language), {})]
        if preset is not None
        else [v for (_, lang), v in SLOW.items() if lang == language]
    )
    seconds = [cell[player] for cell in cells if player in cell]
    return max(seconds) if seconds else None


def offered_players(lexicon: str, preset: str | None) -> list[str]:
    """The built-in players a person may play against on ``lexicon`` under ``preset``, in
    :data:`~.players.PLAYERS`' order."""
    return [name for name in PLAYERS if not_offered(name, lexicon, preset) is None]


def slow_table() -> dict[str, dict[str, list[str]]]:
    """:data:`SLOW` as a document: language -> preset -> the players not offered there (the page's filter)."""
    table: dict[str, dict[str, list[str]]] = {}
    for (preset, language), cell in SLOW.items():
        table.setdefault(language, {})[preset] = sorted(cell)
    return table
