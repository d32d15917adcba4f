"""Players that play the game by themselves, and whole games and matches.

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
import random
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
from ..game.actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play
from ..game.game import VOWELS, Game
from ..game.record import GameRecord
from ..game.view import PlayerView
from ..integers import is_whole
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..moves.move import Move, added_letters
from ..moves.movegen import legal_moves
from ..moves.rules import Rules
from ..planning import planlane
from . import fastlane

if TYPE_CHECKING:
    from ..executors import Executor
    from ..planning.learned_turn import TurnEvaluation
    from ..planning.simulation import Simulation
    from ..planning.strategy import Weights

__all__ = [
    "PLAYERS",
    "BoundedSimPlayer",
    "CarelessPlayer",
    "CautiousPlayer",
    "ExchangerPlayer",
    "GreedyPlayer",
    "LadderPlayer",
    "LearnedPlannerPlayer",
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
]


@runtime_checkable
class Player(Protocol):
    """Anything that picks the next action of a game, from what the player to act is shown.

    ``choose`` gets a :class:`~jarnac_solver.game.view.PlayerView` (what
    players read of a game before: ``lexicon``, ``rules``, ``state.trays``,
    ``state.phase``, ``legal_actions()``, ``best_call()``, ``clock``...;
    ``state.bag_size`` and ``state.unseen`` instead of the bag, and
    ``fork(seed)`` instead of ``push``/``pop``).
    """

    name: str

    def choose(self, view: PlayerView) -> Action:
        """The action to push for the player to act."""
        ...


_DRAW, _PASS, _DECLINE = Draw(), Pass(), Decline()
"""Actions with no part, made once: frozen, so shared (a dataclass made an action cost ~1 us)."""


def _counted(view: PlayerView) -> bool:
    """Whether the searches are bounded by counts at ``view``: the rules or the lexicon the planner's C lane
    does not play (:func:`~jarnac_solver.planning.simulation.searches_counted`)."""
    from ..planning.simulation import searches_counted

    return searches_counted(view)


def _shown(view: PlayerView | Game) -> PlayerView:
    """The view of ``view``: built-in players called with a whole game look at its view."""
    return view.view() if isinstance(view, Game) else view


class RandomPlayer:
    """Any legal action at random, but it never passes with a move left."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView | Game) -> Action:
        actions = _shown(view).legal_actions()
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            return self.rng.choice(plays)
        return self.rng.choice(actions)


class GreedyPlayer:
    """The longest word it can form or extend to; passes only when nothing is left; always the best Jarnac."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def start(self, view: PlayerView) -> Action:
        """The start of a turn: draw."""
        return _DRAW

    def best_move(self, view: PlayerView) -> Move | None:
        """The move to the longest word (then the most points, then alphabetical)."""
        s = view.state
        tray = s.trays[s.to_act]
        moves = legal_moves(view.lexicon, tray, view.rules)
        alphabet = tray.alphabet
        tiles = len if alphabet.single else tray.tiles
        # Speed: each line's best word is its first longest one (the words are sorted: `max` keeps the
        # first of equals), one C-level `max` a line; the lines then compare as the words did one by
        # one, and the one Move is made at the end, from the legal words with no second check. The
        # same choice; a play decision cost ~44 us, mostly keys and Moves made for every better word.
        best: tuple[int, int, str] | None = None
        line_of: int | None = None
        for line, words in enumerate(moves.extensions):
            if not words:
                continue
            word = max(words, key=tiles)
            n = tiles(word)
            old = tiles(tray.lines[line])
            key = (n, n * n - old * old, word)
            if best is None or key[:2] > best[:2] or (key[:2] == best[:2] and word < best[2]):
                best, line_of = key, line
        if moves.places:
            word = max(moves.places, key=tiles)
            n = tiles(word)
            key = (n, n * n, word)
            if best is None or key[:2] > best[:2] or (key[:2] == best[:2] and word < best[2]):
                best, line_of = key, None
        if best is None:
            return None
        word = best[2]
        if line_of is None:
            return Move("place", None, None, word, added_letters("", word, alphabet))
        old_word = tray.lines[line_of]
        return Move("extend", line_of, old_word, word, added_letters(old_word, word, alphabet))

    def choose(self, view: PlayerView | Game) -> Action:
        return self._decide(_shown(view))

    def _decide(self, view: PlayerView | Game) -> Action:
        """:meth:`choose` on a view, or (``play_game``'s fast lane for this exact class) on the game
        itself: greedy reads only what the view shows (the trays, phase, rules, lexicon, best call)."""
        phase = view.state.phase
        if phase == "opening":
            return _DRAW
        if phase == "start":
            return self.start(view)  # type: ignore[arg-type]  # GreedyPlayer.start reads nothing
        if phase == "play":
            move = self.best_move(view)  # type: ignore[arg-type]  # greedy's reads the game alike
            return Play(move) if move is not None else _PASS
        if phase == "jarnac":
            plan = view.best_call()
            return CallJarnac(plan.steals, plan.taken_indexes if plan.value else ()) if plan else _DECLINE
        if phase == "dispute":
            disputed = view.state.disputed
            return Dispute() if disputed is not None and disputed[0].word not in view.lexicon else Accept()
        raise InvalidInputError(f"nothing to choose in phase {phase!r}")


class ExchangerPlayer(GreedyPlayer):
    """Like greedy, but exchanges its rarest letters at the start of a turn when its rack is poor.

    Poor: no word of its own and no extension, or no vowel, or only vowels.
    Weaker than greedy (measured, play_match, 300 games, seats alternating, seed 1000: greedy wins
    70% on fr, +52 [+40, +63] points a game; 74% on en, +46 [+38, +55]): an
    exchange keeps the rack at its size where a draw grows it, and a poor
    rack is almost always one with no move, the one a draw would help.
    """

    name = "exchanger"

    def start(self, view: PlayerView) -> Action:
        s = view.state
        tray = s.trays[s.to_act]
        n = view.rules.exchange_size
        tiles = tray.rack_tiles()
        if len(tiles) < n or s.bag_size < n:
            return Draw()
        vowels = sum(t in VOWELS for t in tiles)
        poor = vowels == 0 or vowels == len(tiles) or not legal_moves(view.lexicon, tray, view.rules)
        if not poor:
            return Draw()
        frequency = view.lexicon.letter_counts()
        rarest = sorted(tiles, key=lambda t: (frequency.get(t, 0), t))[:n]
        return Exchange(tray.alphabet.write(rarest))


class CautiousPlayer(ExchangerPlayer):
    """The exchanger's former name, kept as an alias that plays the same: records, studies and the service
    name ``cautious``, and they replay (its name in a record stays ``cautious``). It is not cautious: it loses
    to greedy (:class:`ExchangerPlayer`)."""

    name = "cautious"


class SloppyPlayer(GreedyPlayer):
    """Like greedy, but makes mistakes on purpose, each with its probability: passes with a move
    left (``miss``), declines a Jarnac it could call (``miss_jarnac``), calls a worse one than the
    best (``worse_jarnac``). ``mistakes`` lists each one made: (action number from 1, kind), kind
    one of ``"pass"``, ``"missed jarnac"``, ``"worse jarnac"``; the audit tests check that an
    audit finds exactly these.
    """

    name = "sloppy"

    def __init__(
        self, seed: int | None = None, miss: float = 0.3, miss_jarnac: float = 0.0, worse_jarnac: float = 0.0
    ) -> None:
        super().__init__(seed)
        for label, p in (("miss", miss), ("miss_jarnac", miss_jarnac), ("worse_jarnac", worse_jarnac)):
            if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
                raise InvalidInputError(f"{label} must be a probability from 0 to 1, not {p!r}")
        self.miss = miss
        self.miss_jarnac = miss_jarnac
        self.worse_jarnac = worse_jarnac
        self.mistakes: list[tuple[int, str]] = []

    def choose(self, view: PlayerView | Game) -> Action:
        view = _shown(view)
        n = len(view.actions) + 1
        phase = view.state.phase
        if phase == "play" and self.rng.random() < self.miss:
            if self.best_move(view) is not None:
                self.mistakes.append((n, "pass"))
            return Pass()
        if phase == "jarnac":
            plan = view.best_call()
            # Draw from the generator only for a mistake that can happen: the defaults play as before.
            if plan and self.miss_jarnac and self.rng.random() < self.miss_jarnac:
                self.mistakes.append((n, "missed jarnac"))
                return Decline()
            if plan and self.worse_jarnac and self.rng.random() < self.worse_jarnac:
                trial = view.fork(0)  # the swing is on the lines: whatever the thief would draw
                worse = [c for c in view.jarnac_calls() if _swing(trial, c) < plan.swing]
                if worse:
                    self.mistakes.append((n, "worse jarnac"))
                    return self.rng.choice(worse)
        return super().choose(view)


def _swing(game: Game, call: CallJarnac) -> int:
    """The swing ``call`` would make now (pushed and undone)."""
    s = game.state
    before = game.scores()
    game.push(call)
    after = game.scores()
    game.pop()
    return (after[s.to_act] - before[s.to_act]) + (before[s.player] - after[s.player])


class LadderPlayer(ExchangerPlayer):
    """Follows :func:`plan_ladder`: the move that starts the longest ladder on its letters."""

    name = "ladder"

    def best_move(self, view: PlayerView) -> Move | None:
        from ..planning.ladder import plan_ladder

        s = view.state
        ladder = plan_ladder(view.lexicon, s.trays[s.to_act], view.rules)  # by counts: see play_game's clock
        return ladder[0] if ladder else None


class PlannerPlayer(ExchangerPlayer):
    """The race-aware strategy of :mod:`jarnac_solver.planning.strategy` (the learned planner and the
    simulations built on it rate above it: ``docs/levels.md``).

    Play phase: each candidate first move, followed by the longest ladder,
    valued by lines filled (the race to the 8th line, which ends the game),
    points and letters drawn, less an unbalanced leftover rack; with one
    line left it finishes only when that wins. Start phase: draw, or
    exchange three of its least useful letters, by sampled draws from the
    unseen tiles (the full bag minus both trays: everything it can see).
    Deterministic given ``seed``; ``weights`` are the strategy's knobs. ``evaluation``: the turn value
    learned from self-play instead of the hand-set one (a
    :class:`~jarnac_solver.planning.learned_turn.TurnEvaluation`, or ``"learned"``: the shipped one of the
    game's lexicon, the hand-set value where none was trained); each decision then plays with the
    :class:`Weights` it gives at that point of the game
    (:meth:`~jarnac_solver.planning.learned_turn.TurnEvaluation.weights_at`).
    """

    name = "planner"

    def __init__(
        self, seed: int | None = None, weights: Weights | None = None, evaluation: TurnEvaluation | str | None = None
    ) -> None:
        from ..planning.strategy import DEFAULT_WEIGHTS

        if evaluation is not None and evaluation != "learned" and not hasattr(evaluation, "weights_at"):
            raise InvalidInputError(f"evaluation must be 'learned' or a TurnEvaluation, not {evaluation!r}"[:200])
        super().__init__(seed)
        self.weights = weights or DEFAULT_WEIGHTS
        self.evaluation = evaluation

    def decision_weights(self, view: PlayerView) -> Weights:
        """The weights of the decision ``view`` asks for: :attr:`weights`, or the learned evaluation's at
        this point of the game."""
        evaluation = self.evaluation
        if evaluation is None:
            return self.weights
        from ..planning.learned_turn import learned_turn_value

        found = learned_turn_value(view.lexicon) if isinstance(evaluation, str) else evaluation
        if found is None:
            return self.weights
        return found.weights_for(view.state, view.rules, self.weights)

    def start(self, view: PlayerView) -> Action:
        from ..planning.strategy import choose_start

        s = view.state
        me, opponent = s.trays[s.to_act], s.trays[1 - s.to_act]
        weights = self.decision_weights(view)
        triple = choose_start(
            view.lexicon, me, opponent, view.unseen_tiles(), s.bag_size, view.rules, self.rng, weights, None
        )
        return Draw() if triple is None else Exchange(me.alphabet.write(list(triple)))

    MAX_SEARCH_RACK = 14
    """The most rack letters the planner searches its ladders on where the C lane does not play the game
    (:func:`~jarnac_solver.planning.simulation.searches_counted`: disputes, the value Jarnac, a clock, nl's
    two-letter tile; elsewhere the lane's planner plays every rack, the same game with the lane or without): a
    larger rack (rare: a player whose words were stolen again and again, or one drawing with no word to
    form, as against ``random``) plays its highest-scoring move. The ladder search's cost grows with the
    rack's sub-multisets, up to its memo's count (2^20 states a search): 18 letters took 4 s a decision and
    20 took 8 s (es), so that a game took half a minute; the count of letters keeps each decision bounded,
    the same on every machine."""

    def best_move(self, view: PlayerView) -> Move | None:
        from ..planning.strategy import choose_move

        s = view.state
        me, opponent = s.trays[s.to_act], s.trays[1 - s.to_act]
        if len(me.rack_codes) > self.MAX_SEARCH_RACK and _counted(view):
            return legal_moves(view.lexicon, me, view.rules).highest_scoring()
        weights = self.decision_weights(view)
        return choose_move(view.lexicon, me, opponent, s.bag_size, view.rules, self.rng, weights, None)

    def choose(self, view: PlayerView | Game) -> Action:
        """As the exchanger, but a Jarnac window is decided by the end-game model: a call that ends the
        game is valued by its final margin, and declined when every such call loses (:func:`choose_jarnac`)."""
        shown = _shown(view)
        s = shown.state
        if s.phase == "jarnac":
            from ..planning.strategy import choose_jarnac

            plan = choose_jarnac(
                shown.lexicon, s.trays[s.player], s.trays[s.to_act], shown.rules, shown.formed_lines(), None, 20
            )  # 20: the engine's value_pool_limit (Game.value_pool_limit)
            return CallJarnac(plan.steals, plan.taken_indexes if plan.value else ()) if plan else Decline()
        return super().choose(view)


class LearnedPlannerPlayer(PlannerPlayer):
    """The planner with the turn value learned from self-play (``evaluation="learned"``:
    :mod:`~jarnac_solver.planning.learned_turn`): the same candidates, ladders, end game and Jarnacs, each
    turn valued by the weights fitted on planner games' final margins (``docs/levels.md`` measures it
    against the planner)."""

    name = "planner-learned"

    def __init__(self, seed: int | None = None, weights: Weights | None = None) -> None:
        super().__init__(seed, weights, "learned")


class SimPlayer(PlannerPlayer):
    """The planner with simulation: each decision's candidates played out on re-sampled bags.

    Each decision with more than one candidate (the planner's choice, the
    best hints and ``pass``; the calls and declining; drawing and the best
    exchanges) is simulated (:func:`~jarnac_solver.planning.simulation.simulate`)
    for ``playouts`` rounds (each candidate still in the running gets one
    play-out a round; default :attr:`DEFAULT_PLAYOUTS`), seeded from the
    player's seed, and the best mean is played; with one candidate, the
    planner's choice. Its strength is that count: the same on every machine,
    and its games replay from their seed like the planner's. ``budget``
    (seconds a decision; under a game's clock, no less than the clock: :meth:`ceiling`) is
    only a ceiling: a decision that reaches it plays the best mean of the
    rounds done (the planner's choice if none), and :attr:`ceiling_hits`
    counts those decisions (a level is only that level while it is 0).
    ``playouts=None`` spends the whole budget instead (a level that moves
    with the machine's load). It reads the view only: the play-outs fork it
    with the unseen tiles shuffled (:meth:`PlayerView.fork`), never the real
    bag. ``last`` is the last decision's
    :class:`~jarnac_solver.planning.simulation.Simulation` (``None`` when the
    planner decided alone).
    """

    name = "sim"

    DEFAULT_PLAYOUTS = 16
    """Rounds of play-outs a decision: the ``sim`` level (``benchmarks/bench_ratings.py`` rates it, and
    ``docs/levels.md`` shows the table; the command line's ``play --playouts`` sets another). 16, not 8:
    at 16 sim wins about 61-62% of its games against the planner where 8 wins 53-57%, for a mean of
    under 30 ms of one core a decision and a 99th percentile about 0.2 s (``docs/levels.md``)."""

    DEFAULT_BUDGET = 5.0
    """Seconds a decision at most: a ceiling for a pathological position, not the level (16 rounds: see
    ``docs/levels.md`` for the milliseconds a decision measured)."""

    MAX_SEARCHES = 64
    """Searches a decision at most over all its play-outs (:func:`~jarnac_solver.planning.simulation.simulate`'s
    ``max_searches``: a play-out's action decided in Python, ~3 ms each). The rules the planner's C lane plays
    (the sheet's, the multilingual rulebook's) spend next to none; the others (disputes, the value Jarnac, a
    clock) play every play-out's action in Python, where 16 rounds took up to 1,900 searches (5 s) a decision
    and a game several minutes: the count keeps every decision, and so every game, bounded on any machine
    (``benchmarks/bench_bounded.py`` measures the seconds a game)."""

    def __init__(
        self,
        seed: int | None = None,
        budget: float = DEFAULT_BUDGET,
        weights: Weights | None = None,
        *,
        playouts: int | None = DEFAULT_PLAYOUTS,
        max_searches: int | None = MAX_SEARCHES,
        **options: object,
    ) -> None:
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 <= budget < float("inf"):
            raise InvalidInputError(f"budget must be a number of seconds >= 0, not {budget!r}")
        if playouts is not None and (not is_whole(playouts) or playouts < 1):
            raise InvalidInputError(f"playouts must be a whole number >= 1 or None, not {playouts!r}")
        super().__init__(seed, weights)
        self.budget = float(budget)
        self.playouts = playouts
        """Rounds of play-outs a decision (``None``: as many as the budget allows)."""
        if max_searches is not None and (not is_whole(max_searches) or max_searches < 1):
            raise InvalidInputError(f"max_searches must be a whole number >= 1 or None, not {max_searches!r}")
        self.max_searches = max_searches
        """Searches a decision at most (:attr:`MAX_SEARCHES`; ``None``: no count but the rounds')."""
        self.options = options
        """Keyword arguments handed to ``simulate`` (``turns``, ``top``, ``end_lines``, ``prune``...)."""
        self.last: Simulation | None = None
        self.ceiling_hits = 0
        """Decisions the budget stopped before their ``playouts`` rounds (each played the rounds done)."""

    def choose(self, view: PlayerView | Game) -> Action:
        from ..planning.simulation import simulate

        view = _shown(view)
        self.last = None
        s = view.state
        if s.phase not in ("play", "start", "jarnac"):
            return super().choose(view)  # the opening draw, a dispute: nothing to weigh
        if s.phase == "play" and len(s.trays[s.to_act].rack_codes) > self.MAX_SEARCH_RACK and _counted(view):
            return super().choose(view)  # a rack past the searches' count: the planner's bounded move
        deadline = Deadline(self.ceiling(view.rules))  # a ceiling only: the level is the counts
        if deadline.expired():
            self.ceiling_hits += self.playouts is not None
            return super().choose(view)
        seed = self.rng.getrandbits(32)
        result = simulate(
            view,
            budget=deadline,
            seed=seed,
            playouts=self.playouts,
            weights=self.policy_of(view),
            max_searches=self.max_searches,
            **self.options,  # type: ignore[arg-type]
        )
        self.ceiling_hits += result.stopped and self.playouts is not None
        # Without play-outs (one candidate, or no time), the candidates' order: the planner's choice first.
        self.last = result if result.playouts else None
        return result.best.action

    def ceiling(self, rules: Rules) -> float:
        """The seconds a decision at most: :attr:`budget`, and under a clock (``rules.think_seconds``) no less
        than the clock, so that the ceiling never comes before a time-over: inside a clock the decision is
        bounded by its counts, a seed gives the same game on a busy machine, and only a time-over (which
        the record marks) changes it.

        >>> from jarnac_solver import Rules
        >>> SimPlayer(1, budget=0.5).ceiling(Rules()), SimPlayer(1, budget=0.5).ceiling(Rules.preset("competitive"))
        (0.5, 60.0)
        """
        think = rules.think_seconds
        return self.budget if think is None else max(self.budget, float(think))

    def policy_of(self, view: PlayerView) -> Weights | TurnEvaluation:
        """What the candidates and the play-outs decide by: :attr:`weights`, or the learned turn value of the
        lexicon when :attr:`evaluation` asks for it (and one was trained: else the hand-set weights)."""
        if self.evaluation is None:
            return self.weights
        from ..planning.learned_turn import learned_turn_value

        found = learned_turn_value(view.lexicon) if isinstance(self.evaluation, str) else self.evaluation
        return self.weights if found is None else found


class LearnedSimPlayer(SimPlayer):
    """Simulation whose candidates and play-outs are ``planner-learned``'s (the turn value learned from
    self-play: :mod:`~jarnac_solver.planning.learned_turn`), and whose decisions without a play-out are too;
    otherwise ``sim`` (the same rounds, ceiling and cut-off estimate). ``docs/levels.md`` measures it."""

    name = "sim-learned"

    def __init__(
        self,
        seed: int | None = None,
        budget: float = SimPlayer.DEFAULT_BUDGET,
        weights: Weights | None = None,
        *,
        playouts: int | None = SimPlayer.DEFAULT_PLAYOUTS,
        max_searches: int | None = SimPlayer.MAX_SEARCHES,
        **options: object,
    ) -> None:
        super().__init__(seed, budget, weights, playouts=playouts, max_searches=max_searches, **options)
        self.evaluation = "learned"


class BoundedSimPlayer(LearnedSimPlayer):
    """``sim-learned`` bounded by counts, to a page's budget: at most :attr:`MAX_PLAYOUTS` play-outs a
    decision over all its candidates, and :attr:`MAX_END_PLAYOUTS` where the play-outs run to the game's end
    (each plays a whole end game: the costly decisions), and it keeps ``planner-learned``'s own choice unless
    another candidate's mean beats it by more than :attr:`HOLD` standard errors of their paired difference
    (:func:`~jarnac_solver.planning.simulation.simulate`'s ``max_playouts``, ``max_end_playouts``, ``hold``).

    Why the hold: under a cap a candidate gets a handful of play-outs, and the highest of six noisy means is
    often only the luckiest; the learned planner's choice is already good (it beats the planner alone), so a
    candidate must show it is better, not only seem so. Why the caps: a decision's cost is its play-outs
    (~10 ms each, several times that to the end), so its cost is bounded by a count, not a clock: the same
    on every machine, and its games replay from their seed. ``budget`` (seconds) is still only a ceiling
    (:attr:`ceiling_hits`). ``docs/levels.md`` measures it against the planner, with the CPU a decision costs.
    """

    name = "sim-bounded"

    MAX_PLAYOUTS = 48
    """Play-outs a decision at most, over all its candidates (only whole rounds)."""

    MAX_END_PLAYOUTS = 24
    """Play-outs a decision at most when they run to the game's end."""

    HOLD = 1.0
    """Standard errors by which another candidate must beat ``planner-learned``'s choice to be played."""

    def __init__(
        self,
        seed: int | None = None,
        budget: float = SimPlayer.DEFAULT_BUDGET,
        weights: Weights | None = None,
        *,
        playouts: int | None = SimPlayer.DEFAULT_PLAYOUTS,
        max_playouts: int | None = MAX_PLAYOUTS,
        max_end_playouts: int | None = MAX_END_PLAYOUTS,
        hold: float | None = HOLD,
        max_searches: int | None = SimPlayer.MAX_SEARCHES,
        **options: object,
    ) -> None:
        from ..planning.simulation import check_bounds

        check_bounds(max_playouts, max_end_playouts, hold)  # at once, not at its first decision
        super().__init__(
            seed,
            budget,
            weights,
            playouts=playouts,
            max_searches=max_searches,
            max_playouts=max_playouts,
            max_end_playouts=max_end_playouts,
            hold=hold,
            **options,
        )
        self.max_playouts = max_playouts
        self.max_end_playouts = max_end_playouts
        self.hold = hold


class CarelessPlayer(PlannerPlayer):
    """The planner, but at a decision where it would play a move or call a Jarnac it slips now and then,
    each slip a known mistake: with probability ``slip`` it passes instead of its move (``"pass"``: the turn
    ends with the move left), plays its lowest-scoring legal move instead (``"worst move"``), or declines
    its call (``"decline"``); a lowest-scoring move is played only when it gives up
    :attr:`WORST_MOVE_POINTS` or more. ``mistakes`` lists each slip: (action number from 1, kind, points given up
    now: the planner's move's points and what the opponent could then swing, the move's points less the one
    played, or the call's swing). Every other decision is the planner's own: the player against which a
    review's recall and precision are measured (the ``sloppy`` player's other decisions are greedy's, which
    an engine rightly finds worse, so its known mistakes are not its only ones).
    """

    name = "careless"

    WORST_MOVE_POINTS = 10
    """The fewest points now a ``"worst move"`` slip gives up (else the slip is not made)."""

    def __init__(self, seed: int | None = None, slip: float = 0.15, weights: Weights | None = None) -> None:
        if isinstance(slip, bool) or not isinstance(slip, (int, float)) or not 0 <= slip <= 1:
            raise InvalidInputError(f"slip must be a probability from 0 to 1, not {slip!r}")
        super().__init__(seed, weights)
        self.slip = slip
        # Its own generator: the planner's choices draw from theirs as the planner's would.
        self.slips = random.Random(f"careless {seed}")
        self.mistakes: list[tuple[int, str, int]] = []

    def choose(self, view: PlayerView | Game) -> Action:
        from ..moves.jarnac import thief_best_call

        shown = _shown(view)
        planned = super().choose(shown)
        s = shown.state
        n = len(shown.actions) + 1
        if isinstance(planned, Play) and s.phase == "play" and self.slips.random() < self.slip:
            tray = s.trays[s.to_act]
            points = tray.points(planned.move)
            if self.slips.random() < 0.5:
                exposure = thief_best_call(shown.lexicon, tray, s.trays[1 - s.to_act], shown.rules, s.formed_indexes)
                self.mistakes.append((n, "pass", points + exposure.swing))
                return _PASS
            worst = min(legal_moves(shown.lexicon, tray, shown.rules), key=lambda m: (tray.points(m), str(m)))
            # Only a move that gives up 10 points now or more (a 3-letter word for a 5-letter one) is a known
            # mistake: one that gives up less is often as good (it keeps letters for later), not a slip.
            if points - tray.points(worst) >= self.WORST_MOVE_POINTS:
                self.mistakes.append((n, "worst move", points - tray.points(worst)))
                return Play(worst)
        if isinstance(planned, CallJarnac) and self.slips.random() < self.slip:
            self.mistakes.append((n, "decline", _swing(shown.fork(0), planned)))
            return _DECLINE
        return planned


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


def _lane_knobs(actors: Sequence[Player], lexicon: Lexicon) -> tuple[Any, Any] | None:
    """Both players' planners as the lane plays them (planning/planlane.py), or ``None`` when one is not: exactly
    :class:`PlannerPlayer` or :class:`LearnedPlannerPlayer` (another subclass may decide otherwise), with fixed
    weights or a learned turn value (made for each decision by the kernel as ``decision_weights`` makes it)."""
    knobs: list[Any] = []
    for a in actors:
        if type(a) not in (PlannerPlayer, LearnedPlannerPlayer):
            return None
        planner: PlannerPlayer = a  # type: ignore[assignment]
        evaluation = planner.evaluation
        if isinstance(evaluation, str):
            from ..planning.learned_turn import learned_turn_value

            # decision_weights' own: the shipped value, or the hand-set weights where none was trained
            evaluation = learned_turn_value(lexicon)
        side = planlane.knobs_of(planner.weights, evaluation)
        if side is None:
            return None
        knobs.append(side)
    return knobs[0], knobs[1]


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
    if (
        think is None
        and observe is None
        and start is None
        and type(actors[0]) is GreedyPlayer
        and type(actors[1]) is GreedyPlayer
        and fastlane.supported(game)
    ):
        # Speed: two greedy players play in C (fastlane.py), ~4x faster a game; a game the kernel
        # hands back (a possible Jarnac, a vowel redraw) plays on here from where it stopped.
        done = fastlane.greedy_game(game, (actors[0].name, actors[1].name), max_actions)
        if done is not None:
            return done
    knobs = _lane_knobs(actors, game.lexicon) if think is None and observe is None else None
    lane = knobs is not None and planlane.supported(game)
    handed = -1
    while not game.is_over():
        if lane and len(game.actions) != handed:
            # Speed: two planners play in C (planning/planlane.py) up to what the lane hands back (the end
            # game, a possible Jarnac...), which is played here, one action, before the lane is asked again.
            # The game is this call's own and never undone: the lane writes its actions and state directly.
            assert knobs is not None
            rngs = (actors[0].rng, actors[1].rng)  # type: ignore[attr-defined]
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
            actor = actors[who]
            # Speed: the built-in greedy player reads only what a view shows (trays, phase, rules, best
            # call), the same from the game; a view made for it cost ~5 us an action, 12% of a greedy
            # game. Every other player, subclasses included, gets its view.
            action = actor._decide(game) if type(actor) is GreedyPlayer else actor.choose(game.view())
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
        played.append((record.scores, _turns(record), record.jarnacs, record if keep else None))
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


def _turns(record: GameRecord) -> int:
    """Turns in a game: a turn ends at each pass, a full tray or a Jarnac."""
    return 1 + sum(1 for _, text, _ in record.actions if text == "pass")
