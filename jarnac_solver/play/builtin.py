"""The built-in computer players: each decides through ``choose(view) -> Action`` alone.

``random``, ``greedy``, ``exchanger`` (``cautious``: its old name), ``sloppy``, ``ladder``, ``planner``,
``planner-learned``, ``sim``, ``sim-learned``, ``sim-bounded``, ``careless`` (see each class); each also
accepts a whole ``Game`` (it looks at its view). :mod:`.players` names them, makes them by name and plays
their games and matches; the greedy and planner players offer a compiled lane for their own decisions
(``lane(lexicon)``: :mod:`.lanes`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..budget import Deadline
from ..errors import InvalidInputError
from ..game.actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play
from ..game.game import VOWELS, Game
from ..game.view import PlayerView
from ..integers import is_number, is_whole
from ..lexicon.lexicon import Lexicon
from ..moves.move import Move, added_letters
from ..moves.movegen import legal_moves
from ..moves.rules import Rules
from ..planning import planlane
from ..rng import Pcg32
from .lanes import GreedyLane, LaneOffer, PlannerLane, decides_as

if TYPE_CHECKING:
    from ..planning.learned_turn import TurnEvaluation
    from ..planning.simulation import Simulation
    from ..planning.strategy import Weights


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
        self.rng = Pcg32(seed)

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
        self.rng = Pcg32(seed)

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

    def lane(self, lexicon: Lexicon) -> LaneOffer | None:
        """The greedy lane (:class:`~jarnac_solver.play.lanes.GreedyLane`), offered while every decision is
        greedy's own (a subclass that changes one offers none)."""
        if decides_as(self, GreedyPlayer, ("choose", "_decide", "start", "best_move")):
            return GreedyLane(self._decide)
        return None

    def _decide(self, view: PlayerView | Game) -> Action:
        """:meth:`choose` on a view, or (the greedy lane's ``decide``) on the game itself: greedy reads only
        what the view shows (the trays, phase, rules, lexicon, best call)."""
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
            if not is_number(p) or not 0 <= p <= 1:
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
            # Draw from the generator only for a mistake that can happen: a rate of 0 draws nothing, so the
            # player's other draws, and its games, stay those it would play without that slip.
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

    def lane(self, lexicon: Lexicon) -> LaneOffer | None:
        """The planner's lane (:class:`~jarnac_solver.play.lanes.PlannerLane`), offered while every decision
        is the planner's own and its weights are ones the lane plays: fixed, or a learned turn value made for
        each decision by the kernel as :meth:`decision_weights` makes it."""
        methods = ("choose", "_decide", "start", "best_move", "decision_weights")
        if not decides_as(self, PlannerPlayer, methods):
            return None
        evaluation = self.evaluation
        if isinstance(evaluation, str):
            from ..planning.learned_turn import learned_turn_value

            # decision_weights' own: the shipped value, or the hand-set weights where none was trained
            evaluation = learned_turn_value(lexicon)
        knobs = planlane.knobs_of(self.weights, evaluation)
        return None if knobs is None else PlannerLane(knobs, self.rng)


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
        if not is_number(budget) or not 0 <= budget < float("inf"):
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
        if not is_number(slip) or not 0 <= slip <= 1:
            raise InvalidInputError(f"slip must be a probability from 0 to 1, not {slip!r}")
        super().__init__(seed, weights)
        self.slip = slip
        # Its own generator: the planner's choices draw from theirs as the planner's would.
        self.slips = Pcg32(f"careless {seed}")
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
