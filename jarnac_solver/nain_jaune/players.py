"""The built-in players, and games and matches between them.

Key idea: a player is handed a :class:`~.view.PlayerView` (never the game)
and returns one of its legal actions. ``random`` picks any; ``greedy``
starts the longest run it holds and always follows; ``stakes`` (the stake
hunter) starts the run that puts down the richest board cards and claims
every take; ``mc`` (Monte-Carlo) deals the hidden cards again ``samples``
times consistently with what it has seen (:meth:`PlayerView.sample`), plays
each legal action out to the end of the round with ``greedy`` at every
seat, on the same deals for every action, and keeps the action whose
mean token gain is highest; ``person`` (:mod:`.person`) is a person typing
its plays in a terminal. Every player has the same interface
(:class:`Player`): :meth:`~Player.choose` an action from a view, and, for a
player that ``watches`` the table (a person does, the computer players do
not), :meth:`~Player.start` and :meth:`~Player.observe` every action played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..errors import InvalidInputError
from ..integers import is_whole
from .actions import Action, Play
from .cards import RANK_MASKS, SECTION_OF, rank
from .engine import Game, Played, successors
from .options import Options
from .person import PersonPlayer
from .view import PlayerView

__all__ = [
    "PLAYERS",
    "GreedyPlayer",
    "MatchResult",
    "MonteCarloPlayer",
    "Player",
    "RandomPlayer",
    "StakeHunter",
    "greedy_action",
    "make_player",
    "play_game",
    "play_match",
    "play_on",
]

DEFAULT_SAMPLES = 16
"""The Monte-Carlo player's deals a decision (``mc``; ``mc:64`` asks for 64)."""
MAX_ROUNDS = 1000
""":func:`play_game` stops a game still going after this many rounds (unfinished; none was measured)."""


class Player(Protocol):
    """Anything that chooses an action from a view; one that ``watches`` is also told the game's start and
    every action played (a person following the table). A player with ``choose`` alone does not watch."""

    name: str
    watches: bool

    def choose(self, view: PlayerView) -> Action: ...

    def start(self, view: PlayerView, names: Sequence[str]) -> None: ...

    def observe(self, played: Played, view: PlayerView) -> None: ...


class _Blind:
    """A computer player's side of the interface: it does not watch the table (no view is built for it)."""

    watches = False

    def start(self, view: PlayerView, names: Sequence[str]) -> None:
        """Nothing to do: the view it chooses from says all it uses."""

    def observe(self, played: Played, view: PlayerView) -> None:
        """Nothing to do (never called: it does not watch)."""


def _run_length(hand: int, c: int, after: tuple[int, ...]) -> int:
    """How many cards the run started with ``c`` puts down from ``hand`` (``c`` included, up to a stop)."""
    length, r = 1, after[rank(c)]
    while r and hand & RANK_MASKS[r]:
        length += 1
        r = after[r]
    return length


def _greedy(hand: int, legal: Sequence[Action], mode: str, after: tuple[int, ...]) -> Action:
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]
    if mode != "lead":  # go on (or follow): claim a board card when it can
        return max(plays, key=lambda a: (a.claim, -a.card))
    return max(plays, key=lambda a: (_run_length(hand, a.card, after), a.claim, -a.card))


def greedy_action(game: Game) -> Action:
    """The greedy player's action in ``game`` (read off the state directly: the play-outs' policy).

    >>> str(greedy_action(Game.from_hands(["9C 2C 3H 4D 5S", "6D 9H"])))
    '2C'
    """
    s = game.state
    return _greedy(s.hands[s.to_act], game.legal_actions(), s.mode, game._after)


@dataclass
class RandomPlayer(_Blind):
    """Any legal action, uniformly (seeded)."""

    seed: int = 0
    name: str = "random"
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)


@dataclass
class GreedyPlayer(_Blind):
    """Starts the longest run it holds (the lowest card on a tie), follows whenever it can, claims."""

    seed: int = 0
    name: str = "greedy"

    def choose(self, view: PlayerView) -> Action:
        return _greedy(view.hand, view.legal, view.mode, successors(view.options.ace))


@dataclass
class StakeHunter(_Blind):
    """Starts the run whose board cards hold the most points (then the longest), follows, claims."""

    seed: int = 0
    name: str = "stakes"

    def choose(self, view: PlayerView) -> Action:
        plays = [a for a in view.legal if isinstance(a, Play)]
        if not plays:
            return view.legal[0]
        if view.mode != "lead":
            return max(plays, key=lambda a: (a.claim, -a.card))
        after = successors(view.options.ace)

        def worth(a: Play) -> tuple[int, int, int]:
            points, c, hand = 0, a.card, view.hand
            while True:
                if c in SECTION_OF:
                    points += view.board[SECTION_OF[c]]
                r = after[rank(c)]
                if not r or not hand & RANK_MASKS[r]:
                    break
                same = [b for b in SECTION_OF if hand >> b & 1 and rank(b) == r]
                c = same[0] if same else (hand & RANK_MASKS[r]).bit_length() - 1
            return (points, _run_length(hand, a.card, after), -a.card)

        return max(plays, key=worth)


@dataclass
class MonteCarloPlayer(_Blind):
    """Each legal action played out on ``samples`` deals of the hidden cards (greedy at every seat, to the
    end of the round); the best mean token gain wins, the first on a tie. Seeded: the same view and seed,
    the same choice."""

    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    name: str = "mc"
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not is_whole(self.samples) or self.samples < 1:
            raise InvalidInputError(f"the Monte-Carlo player needs 1 or more samples, not {self.samples!r}")
        self.rng = random.Random(self.seed)

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        totals = [0] * len(legal)
        me = view.seat
        for _ in range(self.samples):
            game = view.sample(self.rng)
            start = game.state.holdings[me]
            for i, action in enumerate(legal):
                game.push(action)
                pushed = 1
                while game.state.mode != "over":
                    game.push(greedy_action(game))
                    pushed += 1
                totals[i] += game.state.holdings[me] - start
                for _ in range(pushed):
                    game.pop()
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]


PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed),
    "greedy": lambda seed: GreedyPlayer(seed),
    "stakes": lambda seed: StakeHunter(seed),
    "mc": lambda seed: MonteCarloPlayer(DEFAULT_SAMPLES, seed),
    "person": lambda seed: PersonPlayer(seed),
}
"""The built-in players by name (``mc:N``: the Monte-Carlo player with ``N`` samples)."""


def make_player(name: str, seed: int = 0) -> Player:
    """The built-in player ``name`` (``random``, ``greedy``, ``stakes``, ``mc``, ``mc:N`` or ``person``), seeded.

    >>> make_player("mc:4").samples, make_player("greedy").name
    (4, 'greedy')
    >>> make_player("clever")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: no player 'clever' (the players: random, greedy, stakes, mc, person, mc:N)
    """
    base, sep, count = str(name).partition(":")
    if base == "mc" and sep:
        if not (count.isascii() and count.isdigit() and 1 <= int(count) <= 100_000):
            raise InvalidInputError(f"player {name!r}: mc:N takes a number of samples from 1 to 100000")
        player = MonteCarloPlayer(int(count), seed)
        player.name = name
        return player
    if sep or base not in PLAYERS:
        raise InvalidInputError(f"no player {name!r} (the players: {', '.join(PLAYERS)}, mc:N)")
    return PLAYERS[base](seed)


def play_game(
    players: Sequence[Player | str],
    seed: int = 0,
    options: Options | None = None,
    *,
    max_rounds: int = MAX_ROUNDS,
) -> Game:
    """A game between ``players`` (2 to 4; names are made by :func:`make_player`, seeded ``seed * 4 + seat``),
    its deals from ``seed``; it stops unfinished after ``max_rounds`` rounds.

    >>> game = play_game(["greedy", "random"], seed=2)
    >>> game.is_over(), sum(game.holdings) + sum(game.state.board)
    (True, 98)
    """
    made = [make_player(p, seed * 4 + i) if isinstance(p, str) else p for i, p in enumerate(players)]
    game = Game(len(made), options, seed)
    names = [p if isinstance(p, str) else p.name for p in players]
    return play_on(game, made, names, max_rounds=max_rounds)


def play_on(game: Game, players: Sequence[Player], names: Sequence[str] = (), *, max_rounds: int = MAX_ROUNDS) -> Game:
    """Play ``game`` on from its start with ``players`` (one a seat), telling each player that watches the
    start and every action; an exception a player raises (a person leaving: :class:`~.person.TableLeft`)
    stops it there, ``game`` holding every action played so far.

    >>> game = Game(2, seed=2)
    >>> play_on(game, [make_player("greedy"), make_player("random")]).is_over()
    True
    """
    if len(players) != game.players:
        raise InvalidInputError(f"{game.players} seats need {game.players} players, not {len(players)}")
    watching = [(seat, p) for seat, p in enumerate(players) if getattr(p, "watches", False)]  # choose alone: blind
    for seat, p in watching:
        p.start(PlayerView.of(game, seat), names)
    while game.state.mode != "over" and game.state.round <= max_rounds:
        s = game.state
        game.push(players[s.to_act].choose(PlayerView.of(game, s.to_act)))
        for seat, p in watching:
            p.observe(game.history[-1], PlayerView.of(game, seat))
    return game


@dataclass
class MatchResult:
    """Games between the same players, seats rotating: wins by player (a tie shares a win), points."""

    names: tuple[str, ...]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    rounds: int = 0

    def to_dict(self) -> dict[str, object]:
        return {
            "players": list(self.names),
            "games": self.games,
            "wins": self.wins,
            "points": self.points,
            "rounds": self.rounds,
        }


def play_match(names: Sequence[str], games: int, seed: int = 0, options: Options | None = None) -> MatchResult:
    """``games`` games between the players ``names``, game ``g`` seeded ``seed + g`` with the seats turned
    ``g`` places, so each player sits everywhere.

    >>> result = play_match(["greedy", "random"], 4, seed=1)
    >>> result.games, sum(result.wins)
    (4, 4.0)
    """
    n = len(names)
    result = MatchResult(tuple(names), wins=[0.0] * n, points=[0] * n)
    for g in range(games):
        seats = [names[(i + g) % n] for i in range(n)]
        game = play_game(seats, seed + g, options)
        best = game.winners()
        for seat in range(n):
            who = (seat + g) % n
            result.points[who] += game.holdings[seat]
            if seat in best:
                result.wins[who] += 1 / len(best)
        result.games += 1
        result.rounds += game.state.round
    return result
