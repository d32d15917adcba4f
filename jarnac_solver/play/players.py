"""Players by name, and whole games and matches between them.

A player is any object with ``name`` and ``choose(view) -> Action``
(:class:`Player`), ``view`` a :class:`~jarnac_solver.game.view.PlayerView`:
the table as both players see it, with the unseen tiles as a multiset and no
seed or bag order (a player cannot read its future draws). Built in, by name:
``random``, ``greedy``, ``cautious`` (the exchanger's old name), ``exchanger``, ``sloppy``, ``ladder``,
``planner``, ``planner-learned``, ``sim``, ``sim-learned``, ``sim-bounded``, ``careless`` (see each class);
each also accepts a whole ``Game`` (it looks at its view).
"""

from __future__ import annotations

import functools
import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..budget import SEARCH_SHARE, Deadline, Timer
from ..errors import InvalidInputError
from ..forms import field as form_field
from ..forms import mapping
from ..game.actions import Action, CallJarnac
from ..game.game import Game
from ..game.record import GameRecord
from ..game.view import PlayerView
from ..integers import is_whole
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..moves.rules import Rules
from ..planning import planlane
from . import fastlane
from .builtin import (
    BoundedSimPlayer,
    CarelessPlayer,
    CautiousPlayer,
    ExchangerPlayer,
    GreedyPlayer,
    LadderPlayer,
    LearnedPlannerPlayer,
    LearnedSimPlayer,
    PlannerPlayer,
    RandomPlayer,
    SimPlayer,
    SloppyPlayer,
)
from .lanes import GreedyLane, PlannerLane, offer_of

if TYPE_CHECKING:
    from ..executors import Executor

__all__ = [
    "PLAYERS",
    "BoundedSimPlayer",
    "CarelessPlayer",
    "CautiousPlayer",
    "ExchangerPlayer",
    "GreedyPlayer",
    "LadderPlayer",
    "LearnedPlannerPlayer",
    "LearnedSimPlayer",
    "MatchResult",
    "PlannerPlayer",
    "Player",
    "PlayerSpec",
    "RandomPlayer",
    "SimPlayer",
    "SloppyPlayer",
    "make_player",
    "play_game",
    "play_match",
    "ratings",
    "strongest_first",
    "turns_of",
]


@runtime_checkable
class Player(Protocol):
    """Anything that picks the next action of a game, from what the player to act is shown.

    ``choose`` gets a :class:`~jarnac_solver.game.view.PlayerView` (what
    players read of a game before: ``lexicon``, ``rules``, ``state.trays``,
    ``state.phase``, ``legal_actions()``, ``best_call()``, ``clock``...;
    ``state.bag_size`` and ``state.unseen`` instead of the bag, and
    ``fork(seed)`` instead of ``push``/``pop``). It is the one interface
    :func:`play_game`, the simulations, the reviews and the service ask; a
    player may also offer a compiled lane for the same decisions
    (``lane(lexicon)``: :mod:`~jarnac_solver.play.lanes`).
    """

    name: str

    def choose(self, view: PlayerView) -> Action:
        """The action to push for the player to act."""
        ...


PLAYERS: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "cautious": CautiousPlayer,
    "exchanger": ExchangerPlayer,
    "sloppy": SloppyPlayer,
    "ladder": LadderPlayer,
    "planner": PlannerPlayer,
    "planner-learned": LearnedPlannerPlayer,
    "sim": SimPlayer,
    "sim-learned": LearnedSimPlayer,
    "sim-bounded": BoundedSimPlayer,
    "careless": CarelessPlayer,
}
"""The built-in players by name (``play --players``, :func:`make_player`): name -> class, called with a seed."""


ALIASES = {"cautious": "exchanger"}
"""Players that play as another (a former name kept): rated as that one."""


@functools.cache
def ratings() -> dict[str, dict[str, int]]:
    """The built-in players' measured levels: per lexicon, each rated player's Elo (the planner at 0), from
    ``data/ratings.json`` (paired round-robin games, rebuilt by ``benchmarks/bench_ratings.py --write``, and
    rows marked ``measured``: a player rated from its paired games against the planner alone,
    ``benchmarks/bench_vs_planner.py --write``; ``docs/levels.md`` shows the table with its intervals). An
    alias is rated as the player it plays as.

    >>> ratings()["fr"]["planner"]
    0
    """
    return {lexicon: {name: int(row["elo"]) for name, row in table.items()} for lexicon, table in rating_rows().items()}


@functools.cache
def rating_rows() -> dict[str, dict[str, dict[str, Any]]]:
    """The ratings file's rows (:func:`ratings` reads only their Elo): per lexicon, each rated player's ``elo``,
    its 95% interval's ``low`` and ``high``, and ``measured`` (how) where the row comes from its games against
    the planner alone, not the round robin; an alias has the row of the player it plays as.

    >>> rating_rows()["fr"]["planner"]["elo"], "measured" in rating_rows()["fr"]["sim-bounded"]
    (0, True)
    """
    text = resources.files("jarnac_solver").joinpath("data/ratings.json").read_text(encoding="utf-8")
    rows: dict[str, dict[str, dict[str, Any]]] = {}
    for lexicon, table in json.loads(text)["lexicons"].items():
        found = {name: dict(row) for name, row in table["players"].items()}
        found.update({alias: found[name] for alias, name in ALIASES.items() if name in found})
        rows[lexicon] = found
    return rows


def strongest_first(names: Sequence[str]) -> list[str]:
    """``names`` ordered by their mean rating over the rated lexicons (:func:`ratings`), strongest first; the
    unrated (players that err on purpose) after them, in their given order.

    >>> strongest_first(["greedy", "sloppy", "planner", "ladder"])
    ['planner', 'ladder', 'greedy', 'sloppy']
    """
    tables = list(ratings().values())

    def mean(name: str) -> float | None:
        known = [table[name] for table in tables if name in table]
        return sum(known) / len(known) if known else None

    rated = sorted((n for n in names if mean(n) is not None), key=lambda n: -(mean(n) or 0.0))
    return rated + [n for n in names if mean(n) is None]


@dataclass(frozen=True)
class PlayerSpec:
    """A built-in player by name with options for its class: made afresh for every game with the game's seed,
    as a name is (so a match of ``PlayerSpec("sim", (("playouts", 16),))`` replays game by game from its
    seeds, on any executor), where a player object plays every game with its one generator.

    >>> make_player(PlayerSpec("sim", (("playouts", 16),)), 5).playouts
    16
    """

    name: str
    options: tuple[tuple[str, Any], ...] = ()


Seat = str | PlayerSpec | Player
"""What a seat of a game is given: a player's name, a :class:`PlayerSpec`, or a player object."""


def make_player(spec: Seat, seed: int | None = None, **options: Any) -> Player:
    """A player by name (``greedy``, ...), by :class:`PlayerSpec`, or the object itself; ``options`` go to the
    player's class (``make_player("sim", 3, budget=0.05)`` is ``SimPlayer(3, budget=0.05)``).

    >>> make_player("greedy").name, make_player("sim", 1, budget=0.05).budget, make_player("sim", playouts=8).playouts
    ('greedy', 0.05, 8)
    """
    if isinstance(spec, PlayerSpec):
        return make_player(spec.name, seed, **{**dict(spec.options), **options})
    if isinstance(spec, str):
        if spec not in PLAYERS:
            raise InvalidInputError(f"no player {spec!r}; known: {', '.join(PLAYERS)}")
        try:
            return PLAYERS[spec](seed, **options)
        except TypeError as exc:  # an option the class does not take
            raise InvalidInputError(f"player {spec!r}: {exc}") from None
    if not isinstance(spec, Player):
        raise InvalidInputError(f"a player is a name or an object with name and choose(view), not {spec!r}")
    return spec


MAX_GAMES = 10_000_000
"""The most games one :func:`play_match` plays (the command line's limit too)."""


def _two_players(players: object) -> Sequence[str | PlayerSpec | Player]:
    """``players`` checked to be two players in a list or tuple (a string is a name, not two)."""
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise InvalidInputError(f"players are a list of two players (names or objects), not {players!r}"[:200])
    if len(players) != 2:
        raise InvalidInputError(f"a game has two players, not {len(players)}")
    return players


def play_game(
    lexicon: Lexicon,
    players: Sequence[str | PlayerSpec | Player],
    rules: Rules | None = None,
    seed: int | None = None,
    bag: Bag | None = None,
    max_actions: int = 5000,
    observe: Callable[[Game], None] | None = None,
    stop_at_limit: bool = False,
    *,
    start: Game | None = None,
    timer: Timer = time.monotonic,
) -> GameRecord:
    """Play one whole game; returns its record (``str(record)`` is the notation).

    Each player is asked with the view of the game (:meth:`Game.view`), never
    the game. The players named (``"greedy"``, ...) are made with the seed
    ``game.seed * 2 + seat`` (seat 0 or 1; a :class:`Game` without a seed
    draws one at random): the game's seed, which its record keeps, replays it
    with its players' choices. A player object plays with its own seed.

    ``start`` plays on from a position: a :class:`Game` (its own rules, bag
    and seed; ``lexicon`` must be its lexicon, and ``rules``, ``seed``, ``bag``
    not given), e.g. ``game.fork(seed)`` with the bag re-sampled. The game
    given is left unchanged (play goes on on a copy, ``fork(keep_bag=True)``);
    the record holds its actions too, then the ones played here (``jarnacs``
    and times only of these: a game started after its first action keeps no
    clock in its record).

    ``observe(game)`` is called after every action (a study samples
    positions with it). Under a clock (``rules.think_seconds``, the
    competitive preset's minute) each decision is timed: the player is asked
    with :attr:`Game.clock` set to a deadline at :data:`~jarnac_solver.budget.SEARCH_SHARE` of the
    clock (a player of one's own may search to it; the built-in players do not read it: their searches are
    bounded by counts, so a seed gives the same game under a clock as without one, on any machine, unless
    a time-over happens), and a decision that takes longer than the clock is replaced by
    :meth:`Game.time_over_action` (a pass in the play phase, as at a table:
    the turn ends). The record keeps every decision's time
    (:attr:`GameRecord.clock`), read on ``timer`` (a test's own clock makes the times independent
    of the machine's speed). A game still going after ``max_actions`` (players
    that exchange forever on a word list too poor to form words) raises
    ``InvalidInputError``, or with ``stop_at_limit`` ends there, its result
    ``"stopped after N actions"`` (``max_actions`` counts the actions of a
    ``start`` too).

    >>> from jarnac_solver import Draw, Game, Lexicon
    >>> fr = Lexicon.load("fr")
    >>> record = play_game(fr, ["greedy", "greedy"], seed=1)
    >>> record.result != ""
    True
    >>> game = Game(fr, seed=1)
    >>> game.push(Draw())
    >>> play_game(fr, ["greedy", "greedy"], start=game.fork(seed=5)).actions[0] == record.actions[0]
    True
    """
    players = _two_players(players)
    if not is_whole(max_actions) or max_actions < 0:
        raise InvalidInputError(f"max_actions must be a whole number >= 0, not {max_actions!r}"[:200])
    if start is None:
        game = Game(lexicon, rules, bag, seed)
    else:
        if not isinstance(start, Game):
            raise InvalidInputError(f"start must be a Game, not {type(start).__name__}")
        if rules is not None or seed is not None or bag is not None:
            raise InvalidInputError("a game played from start= has its own rules, seed and bag: give none of them")
        if lexicon is not start.lexicon and lexicon.name != start.lexicon.name:
            raise InvalidInputError(f"start= plays its game's lexicon {start.lexicon.name!r}, not {lexicon.name!r}")
        game = start.fork(keep_bag=True)
    began = len(game.actions)
    actors = [make_player(p, game.seed * 2 + i) for i, p in enumerate(players)]
    jarnacs: list[tuple[int, int]] = []
    think = game.rules.think_seconds
    clock: list[tuple[float, bool]] = []
    if think is not None:
        # The lexicon's lazy tables are built before the clock runs, not charged to the first
        # decision that needs them (the letter counts a planner's exchange reads: fr ~50 ms).
        lexicon.letter_counts()
    offers = [offer_of(actor, game.lexicon) for actor in actors]
    if (
        think is None
        and observe is None
        and start is None
        and isinstance(offers[0], GreedyLane)
        and isinstance(offers[1], GreedyLane)
        and fastlane.supported(game)
    ):
        # Speed: two greedy players play in C (fastlane.py), ~4x faster a game; a game the kernel
        # hands back (a possible Jarnac, a vowel redraw) plays on here from where it stopped.
        done = fastlane.greedy_game(game, (actors[0].name, actors[1].name), max_actions)
        if done is not None:
            return done
    planners = [o for o in offers if isinstance(o, PlannerLane)] if think is None and observe is None else []
    lane = len(planners) == 2 and planlane.supported(game)
    handed = -1
    while not game.is_over():
        if lane and len(game.actions) != handed:
            # Speed: two planners play in C (planning/planlane.py) up to what the lane hands back (the end
            # game, a possible Jarnac...), which is played here, one action, before the lane is asked again.
            # The game is this call's own and never undone: the lane writes its actions and state directly.
            knobs, rngs = (planners[0].knobs, planners[1].knobs), (planners[0].rng, planners[1].rng)
            planlane.advance(game, knobs, rngs, max_actions, undo=False)
            handed = len(game.actions)
            if game.is_over():
                break
        if len(game.actions) >= max_actions:
            if stop_at_limit:
                break
            raise InvalidInputError(f"the game did not end within {max_actions} actions")
        who = game.state.to_act
        if think is None:
            # A player offering the greedy lane decides from the game itself (what a view would show it): a
            # view made for it cost ~5 us an action, 12% of a greedy game. Every other player gets its view.
            offer = offers[who]
            action = offer.decide(game) if isinstance(offer, GreedyLane) else actors[who].choose(game.view())
        else:
            game.clock = Deadline(think * SEARCH_SHARE, timer)
            started = timer()
            try:
                action = actors[who].choose(game.view())
            finally:
                game.clock = None
            seconds = timer() - started
            over = seconds > think
            if over:
                action = game.time_over_action()
            # Milliseconds, as the record writes them: a record read back is the same record.
            clock.append((round(seconds, 3), over))
        before = game.scores() if isinstance(action, CallJarnac) else (0, 0)  # only a call's swing is kept
        game.push(action)
        if isinstance(action, CallJarnac):
            after = game.scores()
            jarnacs.append((who, (after[who] - before[who]) + (before[1 - who] - after[1 - who])))
        if observe is not None:
            observe(game)
    record = GameRecord.of(game, (actors[0].name, actors[1].name))
    record.jarnacs = jarnacs
    record.clock = clock if began == 0 else []
    if not game.is_over():
        record.result = f"stopped after {max_actions} actions"
    return record


@dataclass
class MatchResult:
    """Per player (by seat in the players list): wins, scores, Jarnacs; per game: length."""

    players: tuple[str, str]
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    scores: list[list[int]] = field(default_factory=lambda: [[], []])
    lengths: list[int] = field(default_factory=list)
    """Turns per game."""
    jarnacs: list[int] = field(default_factory=lambda: [0, 0])
    swung: list[int] = field(default_factory=lambda: [0, 0])
    """Points the player's Jarnacs took from the passer and placed (swing)."""

    def to_dict(self) -> dict[str, object]:
        """Every count and per-game list, JSON-ready (``from_dict`` reads it back).

        >>> MatchResult(("greedy", "random")).to_dict()["games"]
        0
        """
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> MatchResult:
        """Read :meth:`to_dict`'s form.

        >>> MatchResult.from_dict(MatchResult(("a", "b")).to_dict()) == MatchResult(("a", "b"))
        True
        """
        form = mapping(data, "a match result")
        players = form_field(form, "players", (list, tuple), "a match result")
        if len(players) != 2 or not all(isinstance(p, str) for p in players):
            raise InvalidInputError("a match result names two players")

        def whole(n: object) -> int:
            if not is_whole(n):
                raise ValueError(f"{n!r}")
            return n

        try:
            return cls(
                (players[0], players[1]),
                whole(form.get("games", 0)),
                [whole(n) for n in form.get("wins", [0, 0])],
                whole(form.get("draws", 0)),
                [[whole(n) for n in side] for side in form.get("scores", [[], []])],
                [whole(n) for n in form.get("lengths", [])],
                [whole(n) for n in form.get("jarnacs", [0, 0])],
                [whole(n) for n in form.get("swung", [0, 0])],
            )
        except (TypeError, ValueError) as exc:
            raise InvalidInputError(f"a match result holds a value that is not a whole number ({exc})") from None

    def table(self) -> str:
        """A summary a person reads at a glance, in the reader's language (:func:`~..messages.speaking`).

        >>> scores = [[300, 250], [280, 260]]
        >>> print(MatchResult(("greedy", "exchanger"), 2, [1, 1], 0, scores, [50, 60], [1, 2], [0, 0]).table())
        player     wins  win %  mean score  jarnacs  swung
        greedy        1   50.0       275.0        1      0
        exchanger     1   50.0       270.0        2      0
        2 games, 0 drawn; mean length 55.0 turns
        """
        from ..messages import Reason, current_language
        from ..messages.reason import fill

        def text(code: str, **values: Any) -> str:
            return Reason(code, values).text()

        language = current_language()

        def number(template: str, value: float) -> str:  # a number written as the reader's language writes it
            return fill(template, {"v": value}, language)

        head = [text(f"cli.match_{c}") for c in ("player", "wins", "win_pct", "mean_score", "jarnacs", "swung")]
        rows = [head]
        for i, name in enumerate(self.players):
            label = f"{name} ({'AB'[i]})" if self.players[0] == self.players[1] else name
            mean = statistics.mean(self.scores[i]) if self.scores[i] else 0
            rows.append(
                [
                    label,
                    number("{v:,}", self.wins[i]),
                    number("{v:.1f}", 100 * self.wins[i] / max(1, self.games)),
                    number("{v:.1f}", mean),
                    number("{v:,}", self.jarnacs[i]),
                    number("{v:,}", self.swung[i]),
                ]
            )
        # Each column as wide as its widest cell: a language's headings are not the English ones' widths.
        widths = [max(len(row[c]) for row in rows) for c in range(len(head))]
        lines = [
            "  ".join(
                cell.rjust(w) if c else cell.ljust(w) for c, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
            for row in rows
        ]
        mean_length = statistics.mean(self.lengths) if self.lengths else 0
        games = Reason("cli.n_games", {"count": self.games})
        lines.append(text("cli.match_summary", games=games, count=self.draws, turns=mean_length))
        return "\n".join(lines)


_Played = tuple[tuple[int, int], int, list[tuple[int, int]], GameRecord | None]
"""What a match keeps of a game: its scores, turns and Jarnacs (who, swing), and its record when asked for."""


def _match_games(
    shared: tuple[Lexicon, tuple[Seat, Seat], Rules | None, int, Bag | None, bool],
    span: tuple[int, int],
) -> list[_Played]:
    """Games ``span[0]..span[1]-1`` of a match (sides swapped on odd games): one chunk for an executor. Each
    game's record is kept only when the caller asked for the records (a record is ~17 KB: a match of 10,000
    games kept them all, 205 MB)."""
    lexicon, players, rules, seed, bag, keep = shared
    played: list[_Played] = []
    for g in range(*span):
        seats = [players[1], players[0]] if g % 2 == 1 else [players[0], players[1]]
        record = play_game(lexicon, seats, rules, seed + g, bag)
        played.append((record.scores, turns_of(record), record.jarnacs, record if keep else None))
    return played


MATCH_CHUNK = 4
"""Games per chunk when a match runs on an executor (a few seconds of work)."""


def play_match(
    lexicon: Lexicon,
    players: Sequence[str | PlayerSpec | Player],
    games: int = 100,
    rules: Rules | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    records: list[GameRecord] | None = None,
    bag: Bag | None = None,
    executor: Executor | None = None,
) -> MatchResult:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``, ...; sides alternate.

    ``executor`` (see :mod:`jarnac_solver.executors`) runs the games
    in chunks, e.g. on local processes or a Dask cluster; the result is the
    same as in this process (each game has its own seed). ``progress`` is
    then called per chunk of games.

    >>> from jarnac_solver import Lexicon
    >>> play_match(Lexicon.load("fr"), ["greedy", "cautious"], games=2, seed=1).games
    2
    """
    if not is_whole(games) or not 0 <= games <= MAX_GAMES:
        raise InvalidInputError(f"games must be a whole number from 0 to {MAX_GAMES:,}, not {games!r}"[:200])
    players = _two_players(players)
    if not is_whole(seed):
        raise InvalidInputError(f"seed must be a whole number (the first game's seed), not {seed!r}"[:200])
    if records is not None and not isinstance(records, list):
        raise InvalidInputError(f"records must be a list (each record is appended) or None, not {records!r}"[:200])
    names = tuple(make_player(p).name for p in players)
    result = MatchResult((names[0], names[1]))
    shared = (lexicon, (players[0], players[1]), rules, seed, bag, records is not None)
    g = 0

    def count(played: list[_Played]) -> None:
        """Each game into the result as it comes (nothing kept of it but its numbers and, if asked, its record)."""
        nonlocal g
        for scores, turns, jarnacs, record in played:
            flip = g % 2 == 1
            g += 1
            if records is not None and record is not None:
                records.append(record)
            game_scores = scores[::-1] if flip else scores
            result.games += 1
            for i in range(2):
                result.scores[i].append(game_scores[i])
            if game_scores[0] == game_scores[1]:
                result.draws += 1
            else:
                result.wins[0 if game_scores[0] > game_scores[1] else 1] += 1
            result.lengths.append(turns)
            for who, swing in jarnacs:
                seat = 1 - who if flip else who
                result.jarnacs[seat] += 1
                result.swung[seat] += swing

    if executor is None:
        for n in range(games):
            count(_match_games(shared, (n, n + 1)))
            if progress is not None:
                progress(n + 1, games)
    else:
        spans = [(n, min(n + MATCH_CHUNK, games)) for n in range(0, games, MATCH_CHUNK)]

        def chunk_progress(done: int, total: int) -> None:
            if progress is not None:
                progress(min(games, done * MATCH_CHUNK), games)

        for chunk in executor.run(_match_games, shared, spans, chunk_progress):
            count(chunk)
    return result


def turns_of(record: GameRecord) -> int:
    """Turns in a game: a turn ends at each pass, a full tray or a Jarnac."""
    return 1 + sum(1 for _, text, _ in record.actions if text == "pass")
