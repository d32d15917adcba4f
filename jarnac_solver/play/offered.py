"""What a person may play against: the computer's players whose games finish in seconds, by rules and language.

A person's moves cost the server nothing; the computer's decisions are the game's cost. Every built-in
player's decision is bounded by counts (``SimPlayer.MAX_SEARCHES``, ``PlannerPlayer.MAX_SEARCH_RACK``,
``BoundedSimPlayer.MAX_PLAYOUTS``, the play-outs' counts wherever the C lane does not play the game:
:func:`~jarnac_solver.planning.simulation.searches_counted`), but a bound by counts is not a bound in
seconds: the costliest games are those whose play-outs run in Python (the competitive rules: disputes and a
clock), on the largest lexicons. :data:`SLOW` is the measured table of what exceeds :data:`GAME_SECONDS` on
a shared core (:data:`CORE_SHARE`), and the service refuses those seats (409, the field ``players``) and
the page does not list them.

``benchmarks/bench_bounded.py --offer`` measures each simulating player again in each cell (the computer
against ``random``, whose decisions cost nothing, as a person's) and says whether the table still holds;
``--table`` prints the table its run measured, in this module's form.

>>> not_offered("sim-bounded", "es", "competitive") is not None
True
>>> not_offered("planner", "es", "competitive") is None
True
>>> "sim" in offered_players("fr", "sheet")
True
"""

from __future__ import annotations

from .players import ALIASES, PLAYERS

__all__ = ["CORE_SHARE", "GAME_SECONDS", "SLOW", "not_offered", "offered_players", "slow_table"]

GAME_SECONDS = 10.0
"""The seconds a game against the computer the service offers at most: the slowest game measured (not the
median: a page whose game stalls once looks hung), on a core shared with other work (:data:`CORE_SHARE`)."""

CORE_SHARE = 0.5
"""The share of a core a game is counted to get: a game's seconds are its CPU seconds measured on one core
(``bench_bounded.py --offer``: the process's time, which the machine's other load does not inflate) over
this share, a server whose core also serves as much other work (a 2-core machine shared with five other
engineers' builds measured the wall clock at 2 to 5 times the CPU seconds)."""

SLOW: dict[tuple[str, str], dict[str, float]] = {
    ("competitive", "es"): {"sim-bounded": 16.8},
}
"""(preset, language) -> the players measured over :data:`GAME_SECONDS` there, with the seconds of their
slowest game on a shared core (``bench_bounded.py --offer --games 3 --seed 11``, each against ``random``:
its CPU seconds over :data:`CORE_SHARE`). ``sim-bounded`` under the competitive rules in es: 8.4 CPU seconds
(39.1 s on the wall clock of the loaded machine), the only cell over; every other simulating player in every
cell took at most 3.5 CPU seconds a game (``sim-bounded``, nl, competitive), most under 2; the planners and
the simpler players well under a second a decision everywhere."""


def _language(lexicon: str) -> str:
    """The language of a lexicon's name (``fr-competitive`` -> ``fr``)."""
    return lexicon.split("-", 1)[0]


def not_offered(player: str, lexicon: str, preset: str | None) -> float | None:
    """The measured seconds a game of ``player`` (against a person) on ``lexicon`` under the rules
    ``preset``, when over :data:`GAME_SECONDS`: the player is not offered; ``None`` when it is.

    ``preset`` ``None``: rules of one's own options, measured under no preset, so a player slow under
    any preset in that language is not offered.

    >>> not_offered("sim-bounded", "es", None)
    16.8
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
