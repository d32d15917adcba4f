"""Advice for every phase of a turn: what to do now, ranked, with the reasons a person reads.

One answer per phase, from a game (:func:`advise`) or from a position
(:func:`advise_position`: my tray, the opponent's, the unseen tiles):

- **start**: draw one letter, or exchange which three: the planner's own
  choice (:func:`~jarnac_solver.planning.strategy.start_options`), each
  valued by the turn its letters are expected to allow (sampled draws);
- **play**: the hints (:func:`~jarnac_solver.planning.planner.hints`), and
  pass only when no move is left;
- **jarnac**: the best call against the passer with this thief's tray, or
  decline, with why (the pass was clean, or what was left cannot be seated);
- **dispute**: dispute a word the lexicon does not hold, else accept.

Everything that can grow exponentially shares one time budget; the
advice says whether it is proven (``exact``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..budget import Deadline, OutOfTime, deadline_of
from ..errors import InvalidInputError
from ..game.actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play
from ..game.game import Game
from ..lexicon.familiarity import Familiarity
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import JarnacPlan, passer_left_move, thief_best_call
from ..moves.move import Move
from ..moves.movegen import check_inputs
from ..moves.rules import Rules
from ..moves.tray import Tray
from .planner import Hint, _check_opponent, _check_whole, _unseen_pool, hints, unseen_tiles
from .strategy import DEFAULT_WEIGHTS, best_finish, end_game_decision, start_options

__all__ = ["PHASES", "Advice", "Option", "advise", "advise_position"]

PHASES = ("opening", "start", "play", "jarnac", "dispute")
"""The phases advice is given for (a game's phases but ``over``)."""


@dataclass(frozen=True)
class Option:
    """One thing the player could do now, its value and the reasons for it."""

    action: Action
    value: float
    """What the ranking sorts by (points, and ``DRAW_WEIGHT`` per letter drawn; a Jarnac: its swing)."""
    reasons: tuple[str, ...]
    """Sentences a person reads: points now, draws expected, the ladder, the exposure, the Jarnac."""
    hint: Hint | None = None
    """The play phase: the hint behind a move."""
    jarnac: JarnacPlan | None = None
    """The Jarnac phase: the plan behind a call."""

    def to_dict(self) -> dict[str, object]:
        """The option as a JSON-ready dict (the action in the record notation).

        >>> Option(Draw(), 0.0, ("the only action",)).to_dict()["action"]
        'draw'
        """
        return {
            "action": str(self.action),
            "value": self.value,
            "reasons": list(self.reasons),
            "hint": self.hint.to_dict() if self.hint else None,
            "jarnac": self.jarnac.to_dict() if self.jarnac else None,
        }

    def __str__(self) -> str:
        return f"{self.action}: {'; '.join(self.reasons)}"


@dataclass(frozen=True)
class Advice:
    """The options of one phase, best first; ``exact``: proven within the budget (or no budget).

    ``best`` is the action to take.
    """

    phase: str
    options: tuple[Option, ...]
    exact: bool = True

    @property
    def best(self) -> Action:
        """The first option's action."""
        if not self.options:
            raise InvalidInputError("no advice: the game is over")
        return self.options[0].action

    def to_dict(self) -> dict[str, object]:
        """The advice as a JSON-ready dict.

        >>> Advice("opening", (Option(Draw(), 0.0, ("draw 6",)),)).to_dict()["phase"]
        'opening'
        """
        return {"phase": self.phase, "exact": self.exact, "options": [o.to_dict() for o in self.options]}

    def __str__(self) -> str:
        proven = "" if self.exact else " (best found within the budget)"
        lines = [f"{self.phase} phase{proven}:"]
        lines += [f"  {n}. {option}" for n, option in enumerate(self.options, 1)]
        return "\n".join(lines)


def advise(
    game: Game,
    top: int = 5,
    *,
    budget: float | Deadline | None = None,
    samples: int = 16,
    seed: int = 0,
    familiarity: Familiarity | None = None,
    min_familiarity: float | None = None,
) -> Advice:
    """What the player to act should do now, in whatever phase the game is.

    The unseen tiles are the game's full bag minus both trays (what this
    player cannot see); the exposure of a move is what *this* opponent
    could call; a Jarnac is what this thief's tray can seat.

    >>> from jarnac_solver import Lexicon
    >>> game = Game(Lexicon.load("fr"), seed=1)
    >>> str(advise(game).best)
    'draw'
    """
    if not isinstance(game, Game):
        raise InvalidInputError(f"advise takes a Game, not {type(game).__name__}")
    s = game.state
    if s.phase == "over":
        return Advice("over", ())
    me, other = s.trays[s.to_act], s.trays[1 - s.to_act]
    unseen = unseen_tiles(game.bag, s.trays)
    if s.phase == "start":
        return _start(game.lexicon, me, other, unseen, len(s.bag), game.rules, top, deadline_of(budget), samples, seed)
    if s.phase == "jarnac":
        return _jarnac(game.lexicon, me, other, game.rules, game.formed_lines(), deadline_of(budget))
    if s.phase == "dispute":
        assert s.disputed is not None
        return _dispute(game.lexicon, s.disputed[0])
    if s.phase == "opening":
        return Advice("opening", (Option(Draw(), 0.0, (f"the first turn draws {game.rules.opening_draw}",)),))
    return _play(
        game.lexicon, me, other, unseen, game.rules, top, budget, samples, seed, s.formed_indexes,
        familiarity, min_familiarity,
    )  # fmt: skip


def advise_position(
    lexicon: Lexicon,
    tray: Tray,
    opponent: Tray | None = None,
    unseen: Iterable[str] | None = None,
    phase: str = "play",
    rules: Rules | None = None,
    top: int = 5,
    *,
    formed_indexes: Iterable[int] = (),
    disputed: Move | None = None,
    budget: float | Deadline | None = None,
    samples: int = 16,
    seed: int = 0,
    familiarity: Familiarity | None = None,
    min_familiarity: float | None = None,
) -> Advice:
    """:func:`advise` from a position instead of a game: my ``tray``, the ``opponent``'s, the ``unseen`` tiles.

    ``phase`` is ``start`` (draw or exchange), ``play`` (my moves;
    ``formed_indexes``: my lines formed this turn), ``jarnac`` (the opponent
    just passed: call or decline; ``formed_indexes``: the opponent's lines
    formed this turn), ``dispute`` (``disputed``: the opponent's move) or
    ``opening``. ``unseen`` defaults to nothing known (no sampled draws).

    >>> from jarnac_solver import Lexicon
    >>> advice = advise_position(Lexicon.load("fr"), Tray.parse("/"), Tray.parse("RAT BUT / ZW"), phase="jarnac")
    >>> str(advice.best)
    'jarnac 1:RAT+Z=TZAR'
    """
    rules = check_inputs(lexicon, tray, rules)
    _check_opponent(lexicon, opponent, rules)
    if phase not in PHASES:
        raise InvalidInputError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    pool = list(unseen) if unseen is not None and not isinstance(unseen, (str, bytes)) else unseen
    _unseen_pool(lexicon, pool)
    tiles = list(pool or [])
    if phase == "opening":
        return Advice("opening", (Option(Draw(), 0.0, (f"the first turn draws {rules.opening_draw}",)),))
    if phase == "start":
        return _start(lexicon, tray, opponent, tiles, len(tiles), rules, top, deadline_of(budget), samples, seed)
    if phase == "jarnac":
        if opponent is None:
            raise InvalidInputError("advice in the jarnac phase needs the opponent's tray (the passer)")
        return _jarnac(lexicon, tray, opponent, rules, formed_indexes, deadline_of(budget))
    if phase == "dispute":
        if not isinstance(disputed, Move):
            raise InvalidInputError(f"advice in the dispute phase needs the disputed Move, not {disputed!r}")
        return _dispute(lexicon, disputed)
    return _play(
        lexicon, tray, opponent, tiles, rules, top, budget, samples, seed, formed_indexes,
        familiarity, min_familiarity,
    )  # fmt: skip


def _play(
    lexicon: Lexicon,
    tray: Tray,
    opponent: Tray | None,
    unseen: list[str],
    rules: Rules,
    top: int,
    budget: float | Deadline | None,
    samples: int,
    seed: int,
    formed_indexes: Iterable[int],
    familiarity: Familiarity | None,
    min_familiarity: float | None,
) -> Advice:
    deadline = deadline_of(budget)
    # The end game first: with one line left, whether finishing wins decides the game (the hints can wait).
    finish: tuple[int, Move] | None = None
    end_game_exact = True
    if opponent is not None and tray.free_lines(rules) == 1:
        try:
            finish = best_finish(lexicon, tray, opponent, rules, deadline)
        except OutOfTime:
            end_game_exact = False  # the margins of a finish must be exact: without them, the hints stand
    ranked = hints(
        lexicon, tray, unseen or None, top, rules, samples, seed,
        opponent=opponent, formed_indexes=formed_indexes, budget=deadline,
        familiarity=familiarity, min_familiarity=min_familiarity,
    )  # fmt: skip
    options = []
    for h in ranked:
        reasons = [f"+{h.points} pts now", f"about {h.draws:.1f} letters drawn this turn"]
        if h.ladder:
            reasons.append("then " + " ".join(map(str, h.ladder)))
        who = "the opponent" if opponent is not None else "a thief with free lines"
        reasons.append(f"{h.exposure} pts {who} could swing if you stopped here" if h.exposure else "nothing to steal")
        if h.alternatives:
            reasons.append("or the same with " + ", ".join(h.alternatives))
        if h.familiarity is not None:
            reasons.append(f"familiarity {h.familiarity:.1f}")
        options.append(Option(Play(h.move), h.value, tuple(reasons), hint=h))
    if not options:
        why = "no word known enough" if min_familiarity is not None else "no move is left"
        options.append(Option(Pass(), 0.0, (f"{why}: pass (a clean pass, nothing to steal)",)))
    if finish is not None:
        options = _end_game(lexicon, tray, rules, options, finish)
    return Advice("play", tuple(options), ranked.exact and end_game_exact)


def _end_game(
    lexicon: Lexicon, tray: Tray, rules: Rules, options: list[Option], finish: tuple[int, Move]
) -> list[Option]:
    """With one line left, the planner's end game first: finish only when that wins (see ``end_game_move``)."""
    margin, move = finish
    decided, choice = end_game_decision(lexicon, tray, rules, finish)
    if not decided:
        return options
    verdict = f"{'+' if margin > 0 else ''}{margin} pts over the opponent once its best final Jarnac is taken"
    if choice is not None and choice.kind == "place":
        first = Option(Play(choice), float(margin), (f"fills your last line and ends the game: {verdict}",))
    elif choice is not None:
        reason = f"finishing now would lose ({verdict} at best, with {move.word}): extend and keep the last line"
        first = Option(Play(choice), 0.0, (reason,))
    else:
        reason = f"finishing now would lose ({verdict} at best, with {move.word}) and no line can be extended"
        first = Option(Pass(), 0.0, (reason + ": pass, though the opponent may call Jarnac",))
    rest = [o for o in options if o.action != first.action]
    return [first, *rest]


def _jarnac(
    lexicon: Lexicon,
    thief: Tray,
    passer: Tray,
    rules: Rules,
    formed_indexes: Iterable[int],
    deadline: Deadline | None,
) -> Advice:
    formed = list(formed_indexes)
    plan = thief_best_call(lexicon, passer, thief, rules, formed, budget=deadline)
    if plan:
        lost = plan.swing - plan.gain
        steals = " ".join(map(str, plan.steals))
        reasons = (f"steal {steals}", f"+{plan.gain} pts for you, -{lost} for the passer (swing {plan.swing})")
        call = CallJarnac(plan.steals, plan.taken_indexes if plan.value else ())
        why_not = "declining leaves the passer's move unpunished"
        return Advice(
            "jarnac",
            (Option(call, float(plan.swing), reasons, jarnac=plan), Option(Decline(), 0.0, (why_not,))),
            plan.exact,
        )
    left = passer_left_move(lexicon, passer, rules, formed)
    if left is None:
        reason = "the pass was clean: the passer had no move left"
    elif not thief.free_lines(rules):
        reason = f"the passer left {left}, but your tray has no free line"
    else:
        reason = f"the passer left {left}, but no steal fits your free lines under these rules"
    return Advice("jarnac", (Option(Decline(), 0.0, (reason,)),), plan.exact)


def _dispute(lexicon: Lexicon, move: Move) -> Advice:
    if move.word in lexicon:
        reason = f"{move.word} is in {lexicon.name}: a dispute would lose"
        return Advice("dispute", (Option(Accept(), 0.0, (reason,)), Option(Dispute(), -1.0, (reason,))))
    reason = f"{move.word} is not in {lexicon.name}: the turn passes to you"
    return Advice("dispute", (Option(Dispute(), 1.0, (reason,)), Option(Accept(), 0.0, ("lets a bad word stand",))))


def _start(
    lexicon: Lexicon,
    tray: Tray,
    opponent: Tray | None,
    unseen: list[str],
    bag_size: int,
    rules: Rules,
    top: int,
    deadline: Deadline | None,
    samples: int,
    seed: int,
) -> Advice:
    """Draw one, or exchange which tiles: the planner's own choice (:func:`start_options`), every choice shown."""
    _check_whole("top", top, 1)
    _check_whole("samples", samples, 1)
    weights = replace(DEFAULT_WEIGHTS, start_samples=samples)
    rng = random.Random(seed)
    choices, exact = start_options(lexicon, tray, opponent, unseen, bag_size, rules, rng, weights, deadline)
    n = rules.exchange_size
    sampled = f"over {samples} sampled draws" if unseen else "(no unseen tiles given: no draw sampled)"
    options = []
    shown = choices[:top]
    if all(tiles is not None for tiles, _ in shown):  # the draw is always shown: the choice to beat
        shown = [*choices[: top - 1], next(c for c in choices if c[0] is None)] if top > 1 else shown
    for tiles, value in shown:
        action: Action = Draw() if tiles is None else Exchange(tray.alphabet.write(list(tiles)))
        what = "drawing one letter" if tiles is None else f"{n} new letters for {tray.alphabet.write(list(tiles))}"
        reason = f"after {what}, the turn is worth {value:.1f} on average {sampled} (lines, points, draws)"
        options.append(Option(action, value, (reason,)))
    return Advice("start", tuple(options), exact)
