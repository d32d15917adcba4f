"""What a person may play against: the computer's players whose games finish in seconds, by rules and language.

A person's moves cost the server nothing; the computer's decisions are the game's cost. Every built-in
player's decision is bounded by counts (``SimPlayer.MAX_SEARCHES``, ``PlannerPlayer.MAX_SEARCH_RACK``,
``BoundedSimPlayer.MAX_PLAYOUTS``), but a bound by counts is not a bound in seconds: under the competitive
rules (a clock, value Jarnacs and disputes played out in Python, not in the C lane) the simulating players
take far longer a game in Spanish and Dutch than elsewhere. :data:`SLOW` is the measured table of what
exceeds :data:`GAME_SECONDS`, the seconds a game the service promises at the measured median on one core,
and the service refuses those seats (409, the field ``players``) and the page does not list them.

``benchmarks/bench_bounded.py --check`` measures each excluded cell and each offered simulating cell again
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
"""The seconds a game the service offers at most: a game against the computer measured at its median on
one core (``bench_bounded.py``: the player against ``random``, on a loaded 2-core machine)."""

SLOW: dict[tuple[str, str], dict[str, float]] = {
    ("competitive", "es"): {"sim": 15.0, "sim-learned": 13.0},
    ("competitive", "nl"): {"sim": 12.0, "sim-learned": 44.0},
}
"""(preset, language) -> the players measured over :data:`GAME_SECONDS` there, with their measured seconds
a game (``bench_bounded.py``, each against ``random``). Every other player under every other preset and
language measured within it: the planners at well under a second a decision, ``sim-bounded`` (bounded
by play-outs to a page's budget) within it under every preset, ``sim`` and ``sim-learned`` within it
under the sheet's, the multilingual and the English rules (the C lane plays their play-outs)."""


def _language(lexicon: str) -> str:
    """The language of a lexicon's name (``fr-competitive`` -> ``fr``)."""
    return lexicon.split("-", 1)[0]


def not_offered(player: str, lexicon: str, preset: str | None) -> float | None:
    """The measured seconds a game of ``player`` (against a person) on ``lexicon`` under the rules
    ``preset``, when over :data:`GAME_SECONDS`: the player is not offered; ``None`` when it is.

    ``preset`` ``None``: rules of one's own options, measured under no preset, so a player slow under
    any preset in that language is not offered.

    >>> not_offered("sim-learned", "nl", None)
    44.0
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
