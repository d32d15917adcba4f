"""Advice for every phase of a turn: what to do now, ranked, with the reasons a person reads.

One answer per phase, from a game (:func:`advise`) or from a position
(:func:`advise_position`: my tray, the opponent's, the unseen tiles):

- **start**: draw one letter, or exchange which three: the planner's own
  choice (:func:`~jarnac_solver.planning.strategy.start_options`), each
  valued by the turn its letters are expected to allow (sampled draws);
- **play**: the hints (:func:`~jarnac_solver.planning.planner.hints`); in
  the end game (one free line on either tray) the planner's end-game
  decision first and the pass as an option, each valued by the end-game
  model (:func:`~jarnac_solver.planning.endgame.window_choices`); pass
  first when no move is left;
- **jarnac**: the best call against the passer with this thief's tray, or
  decline, with why (the pass was clean, or what was left cannot be seated);
  a call that ends the game (it fills the thief's last line, or the
  passer's tray is full) is valued by its final margin, and declining comes
  first when every such call loses;
- **dispute**: dispute a word the lexicon does not hold, else accept.

Everything that can grow exponentially shares one time budget; the
advice says whether it is proven (``exact``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..budget import Deadline, OutOfTime, clock_deadline, passed_on
from ..errors import InvalidInputError
from ..game.actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play
from ..game.game import Game
from ..lexicon.familiarity import Familiarity
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..moves.jarnac import JarnacPlan, passer_left_move, thief_best_call
from ..moves.move import Move
from ..moves.movegen import check_inputs
from ..moves.rules import Rules
from ..moves.tray import Tray
from ..rng import Pcg32
from .planner import (
    Hint,
    check_opponent,
    check_whole,
    exposure_plan,
    familiarity_for,
    hints,
    unseen_pool,
    unseen_tiles,
)
from .strategy import (
    DEFAULT_WEIGHTS,
    FinalOutcome,
    WindowChoice,
    best_finish,
    end_game_decision,
    preferred,
    start_options,
    window_choices,
)

__all__ = ["DEPTHS", "PHASES", "Advice", "Option", "advise", "advise_position"]

PHASES = ("opening", "start", "play", "jarnac", "dispute")
"""The phases advice is given for (a game's phases but ``over``)."""

DEPTHS = ("plan", "simulate")
"""How deep :func:`advise` looks: the planner's values, or play-outs of its candidates."""


@dataclass(frozen=True)
class Option:
    """One thing the player could do now, its value and the reasons for it."""

    action: Action
    value: float
    """What the ranking sorts by (points, and ``DRAW_WEIGHT`` per letter drawn; a Jarnac: its swing)."""
    reasons: tuple[Reason, ...]
    """What a person reads, as data (codes and values, :class:`~jarnac_solver.messages.Reason`): points now,
    draws expected, the ladder, the exposure, the Jarnac; ``str(reason)`` says it in the current language."""
    hint: Hint | None = None
    """The play phase: the hint behind a move."""
    jarnac: JarnacPlan | None = None
    """The Jarnac phase: the plan behind a call."""

    def to_dict(self) -> dict[str, object]:
        """The option as a JSON-ready dict (the action in the record notation).

        >>> Option(Draw(), 0.0, (Reason("opening_draw", {"count": 6}),)).to_dict()["reasons"]
        [{'code': 'opening_draw', 'values': {'count': 6}, 'text': 'the first turn draws 6 letters'}]
        """
        return {
            "action": str(self.action),
            "value": self.value,
            "reasons": [r.to_dict() for r in self.reasons],
            "hint": self.hint.to_dict() if self.hint else None,
            "jarnac": self.jarnac.to_dict() if self.jarnac else None,
        }

    def __str__(self) -> str:
        return f"{self.action}: {'; '.join(map(str, self.reasons))}"


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

        >>> Advice("opening", (Option(Draw(), 0.0, (Reason("opening_draw", {"count": 6}),)),)).to_dict()["phase"]
        'opening'
        """
        return {"phase": self.phase, "exact": self.exact, "options": [o.to_dict() for o in self.options]}

    def __str__(self) -> str:
        proven = "" if self.exact else f" ({Reason('best_within_budget')})"
        lines = [f"{Reason('phase_' + self.phase)}{proven}:"]
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
    depth: str = "plan",
    playouts: int | None = None,
) -> Advice:
    """What the player to act should do now, in whatever phase the game is.

    The unseen tiles are the game's full bag minus both trays (what this
    player cannot see); the exposure of a move is what *this* opponent
    could call; a Jarnac is what this thief's tray can seat.

    ``depth``: ``"plan"`` ranks by the planner's values (above);
    ``"simulate"`` plays the candidates out on re-sampled bags within
    ``budget`` (default 0.2 s; :func:`~jarnac_solver.planning.simulation.simulate`,
    seeded by ``seed``) and ranks them by their mean result, each option's
    reason its mean final margin, its 95% interval and its play-outs
    (``playouts``: that many rounds, reproducible from ``seed`` with
    ``budget=EXACT``; ``familiarity`` and ``samples`` are the planner's and
    are not used there).

    >>> from jarnac_solver import Lexicon
    >>> game = Game(Lexicon.load("fr"), seed=1)
    >>> str(advise(game).best)
    'draw'
    """
    if not isinstance(game, Game):
        raise InvalidInputError(f"advise takes a Game, not {type(game).__name__}")
    if depth not in DEPTHS:
        raise InvalidInputError(f"depth must be one of {', '.join(DEPTHS)}, not {depth!r}")
    s = game.state
    if s.phase == "over":
        return Advice("over", ())
    if depth == "simulate":
        return _simulated(game, top, budget, seed, playouts)
    me, other = s.trays[s.to_act], s.trays[1 - s.to_act]
    formed = game.formed_lines() if s.phase == "jarnac" else list(s.formed_indexes)
    disputed = s.disputed[0] if s.disputed is not None else None
    return _advise(
        game.lexicon, me, other, unseen_tiles(game.bag, s.trays), len(s.bag), s.phase, game.rules, top,
        formed, disputed, budget, samples, seed, familiarity, min_familiarity,
    )  # fmt: skip


def _simulated(game: Game, top: int, budget: float | Deadline | None, seed: int, playouts: int | None) -> Advice:
    """The advice of ``depth="simulate"``: the candidates ranked by their play-outs."""
    from .simulation import simulate

    check_whole("top", top, 1)
    found = simulate(game, budget=0.2 if budget is None else budget, seed=seed, top=top, playouts=playouts)
    options = []
    for option in found.options[:top]:
        lo, hi = option.interval
        reasons = [Reason("playout_margin", {"margin": round(option.mean, 1), "playouts": option.playouts})]
        if option.playouts > 1:
            reasons.append(Reason("playout_interval", {"low": round(lo, 1), "high": round(hi, 1)}))
        if option.sources:
            reasons.append(Reason("playout_sources", {"sources": ", ".join(option.sources)}))
        if option.pruned:
            reasons.append(Reason("playout_pruned"))
        options.append(Option(option.action, option.mean, tuple(reasons)))
    return Advice(game.state.phase, tuple(options), exact=False)


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
    ``opening``. ``unseen`` defaults to nothing known (no sampled draws, no
    exchange); the bag is taken to hold the unseen tiles.

    >>> from jarnac_solver import Lexicon
    >>> advice = advise_position(Lexicon.load("fr"), Tray.parse("/"), Tray.parse("RAT BUT / ZW"), phase="jarnac")
    >>> str(advice.best)
    'jarnac 1:RAT+Z=TZAR'
    """
    rules = check_inputs(lexicon, tray, rules)
    check_opponent(lexicon, opponent, rules)
    if phase not in PHASES:
        raise InvalidInputError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    if phase == "jarnac" and opponent is None:
        raise InvalidInputError("advice in the jarnac phase needs the opponent's tray (the passer)")
    if phase == "dispute" and not isinstance(disputed, Move):
        raise InvalidInputError(f"advice in the dispute phase needs the disputed Move, not {disputed!r}")
    tiles = [lexicon.alphabet.tiles[c] for c in unseen_pool(lexicon, unseen)]
    return _advise(
        lexicon, tray, opponent, tiles, len(tiles), phase, rules, top, list(formed_indexes), disputed,
        budget, samples, seed, familiarity, min_familiarity,
    )  # fmt: skip


def _advise(
    lexicon: Lexicon,
    tray: Tray,
    opponent: Tray | None,
    unseen: list[str],
    bag_size: int,
    phase: str,
    rules: Rules,
    top: int,
    formed: list[int],
    disputed: Move | None,
    budget: float | Deadline | None,
    samples: int,
    seed: int,
    familiarity: Familiarity | None,
    min_familiarity: float | None,
) -> Advice:
    """The phase's advice; the arguments every phase shares are checked here, whatever the phase."""
    check_whole("top", top, 1)
    check_whole("samples", samples, 0)
    familiarity = familiarity_for(familiarity, min_familiarity, lexicon)
    if phase == "start":
        lexicon.letter_counts()  # built once per lexicon (fr ~50 ms): before the budget starts, not inside it
    deadline = clock_deadline(budget, rules.think_seconds)  # under a clock, its share by default
    if phase == "opening":
        return Advice("opening", (Option(Draw(), 0.0, (Reason("opening_draw", {"count": rules.opening_draw}),)),))
    if phase == "start":
        return _start(lexicon, tray, opponent, unseen, bag_size, rules, top, deadline, samples, seed)
    if phase == "jarnac":
        assert opponent is not None
        return _jarnac(lexicon, tray, opponent, rules, formed, deadline)
    if phase == "dispute":
        assert disputed is not None
        return _dispute(lexicon, disputed)
    return _play(
        lexicon, tray, opponent, unseen, rules, top, deadline, samples, seed, formed, familiarity, min_familiarity
    )


def ladder_steps(tray: Tray, first: Move, ladder: Iterable[Move], rules: Rules) -> str:
    """The ladder after ``first``, each word with the line it is on: ``1: ATONE · 3: LATTERAS`` (record
    notation's line numbers; the words of different lines are not one word growing).

    >>> steps = [Move.parse("+SET"), Move.parse("1:RAT+E=TARE")]
    >>> ladder_steps(Tray.parse("/ RATSETE"), Move.parse("+RAT"), steps, Rules())
    '2: SET · 1: TARE'
    """
    after = tray.push(first, rules)
    steps = []
    for move in ladder:
        line = move.line_index if move.kind == "extend" and move.line_index is not None else None
        if line is None:
            line = after.next_line_index if move.kind == "place" else after.lines.index(move.old)
        steps.append(f"{line + 1}: {move.word}")
        after = after.push(move, rules)
    return " · ".join(steps)


def _play(
    lexicon: Lexicon,
    tray: Tray,
    opponent: Tray | None,
    unseen: list[str],
    rules: Rules,
    top: int,
    deadline: Deadline | None,
    samples: int,
    seed: int,
    formed: list[int],
    familiarity: Familiarity | None,
    min_familiarity: float | None,
) -> Advice:
    # The end game first: with one line left, whether finishing wins decides the game (the hints can wait).
    finish: tuple[FinalOutcome, Move] | None = None
    passing: list[WindowChoice] | None = None
    end_game_exact = True
    if opponent is not None and 1 in (tray.free_lines(rules), opponent.free_lines(rules)):
        try:
            if tray.free_lines(rules) == 1:
                finish = best_finish(lexicon, tray, opponent, rules, deadline)
            passing = window_choices(lexicon, tray, opponent, rules, formed, deadline)
        except OutOfTime:
            end_game_exact = False  # the margins of a finish must be exact: without them, the hints stand
    ranked = hints(
        lexicon, tray, unseen or None, top, rules, samples, seed,
        opponent=opponent, formed_indexes=formed, budget=passed_on(deadline),
        familiarity=familiarity, min_familiarity=min_familiarity,
    )  # fmt: skip
    note: tuple[Reason, ...] = ()
    if not ranked and min_familiarity is not None:
        # Passing with a move left invites a Jarnac: the best moves anyway, said so.
        note = (Reason("not_known_enough", {"familiarity": round(float(min_familiarity), 1)}),)
        ranked = hints(
            lexicon, tray, unseen or None, top, rules, samples, seed,
            opponent=opponent, formed_indexes=formed, budget=passed_on(deadline), familiarity=familiarity,
        )  # fmt: skip
    exposure = "exposure" if opponent is not None else "exposure_free_lines"
    options = []
    for h in ranked:
        if tray.free_lines(rules) == 1 and h.move.kind == "place":
            reasons = [Reason("fills_last_line", {"points": h.points})]
            if not end_game_exact:
                reasons.append(Reason("finish_unsettled"))
        else:
            reasons = [
                Reason("points_now", {"points": h.points}),
                Reason("draws_expected", {"draws": round(h.draws, 1)}),
            ]
            if h.ladder:
                reasons.append(Reason("ladder_then", {"steps": ladder_steps(tray, h.move, h.ladder, rules)}))
            if h.exposure is None:
                reasons.append(Reason("exposure_unknown"))
            else:
                swing = Reason(exposure, {"points": h.exposure})
                reasons.append(swing if h.exposure else Reason("nothing_to_steal"))
        if h.alternatives:
            reasons.append(Reason("same_with", {"words": ", ".join(h.alternatives)}))
        if h.familiarity is not None:
            reasons.append(Reason("familiarity", {"familiarity": round(h.familiarity, 1)}))
        options.append(Option(Play(h.move), h.value, (*note, *reasons), hint=h))
    exact = ranked.exact and end_game_exact
    if not options:
        options.append(_pass_option(lexicon, tray, opponent, rules, formed, deadline))
        exact = exact and options[0].jarnac is not None and options[0].jarnac.exact
    elif passing is not None:
        options.append(_valued_pass(tray, passing))
    if finish is not None:
        answer = preferred(passing) if passing is not None else None
        options = _end_game(lexicon, tray, rules, options, finish, answer)
    return Advice("play", tuple(options), exact)


def _lead(n: int) -> Reason:
    return (
        Reason("lead_ahead", {"points": n})
        if n > 0
        else Reason("lead_behind", {"points": -n})
        if n
        else Reason("lead_level")
    )


def _valued_pass(tray: Tray, choices: list[WindowChoice]) -> Option:
    """The pass with a move left, in the end game: where the end-game model says the opponent's answer leads."""
    answer = preferred(choices)
    lead = -choices[0].score
    if answer.margin is not None and answer.margin > 0:
        reason = Reason("pass_opponent_ends_ahead", {"plan": str(answer.plan), "points": answer.margin})
    elif answer.plan:
        reason = Reason("pass_opponent_plays_on", {"plan": str(answer.plan), "lead": _lead(-answer.score)})
    elif any(c.plan for c in choices):
        ahead = Reason("ahead_by", {"points": lead}) if lead > 0 else _lead(lead)
        reason = Reason("pass_no_call_pays", {"lead": ahead})
    else:
        reason = Reason("pass_nothing_to_steal")
    return Option(Pass(), 0.0, (reason,), jarnac=answer.plan)


def _pass_option(
    lexicon: Lexicon, tray: Tray, opponent: Tray | None, rules: Rules, formed: list[int], deadline: Deadline | None
) -> Option:
    """No move is left: the pass, and what the opponent could still call on it (a value Jarnac may be left)."""
    plan = exposure_plan(lexicon, tray, opponent, rules, formed, deadline)
    if plan:
        reason = Reason("no_move_exposed", {"plan": str(plan)})
    elif not plan.exact:
        reason = Reason("no_move_unsettled")
    else:
        reason = Reason("no_move_clean")
    return Option(Pass(), 0.0, (reason,), jarnac=plan)


def _end_game(
    lexicon: Lexicon,
    tray: Tray,
    rules: Rules,
    options: list[Option],
    finish: tuple[FinalOutcome, Move],
    passing: WindowChoice | None,
) -> list[Option]:
    """With one line left, the planner's end game first: finish only when that wins (see ``end_game_move``)."""
    outcome, move = finish
    decided, moves = end_game_decision(lexicon, tray, rules, finish, DEFAULT_WEIGHTS, passing)
    if not decided:
        return options
    choice = moves[0] if moves else None
    if outcome.wins:
        code = "finish_wins_after_call" if outcome.call else "finish_wins_no_call"
        why = Reason(code, {"points": outcome.margin})
    elif outcome.open:
        why = Reason("finish_open", {"word": move.word, "call": str(outcome.call), "lead": _lead(outcome.margin)})
    else:
        code = "finish_loses" if outcome.margin < 0 else "finish_not_win"
        values: dict[str, str | Reason] = {"word": move.word, "lead": _lead(outcome.margin)}
        if outcome.call:
            code += "_after_call"
            values["call"] = str(outcome.call)
        why = Reason(code, values)
    if choice is not None and choice.kind == "place":
        if outcome.wins:
            first = Option(Play(choice), float(outcome.margin), (why,))
        else:
            first = Option(Play(choice), 0.0, (why, Reason("better_than_passing")))
    elif choice is not None:
        extend = [why, Reason("extend_instead"), Reason("points_now", {"points": tray.points(choice)})]
        if len(moves) > 1:
            extend.append(Reason("ladder_then", {"steps": ladder_steps(tray, choice, moves[1:], rules)}))
        first = Option(Play(choice), 0.0, tuple(extend))
    else:
        reasons = [why, Reason("no_extension_pass")]
        old = next((o for o in options if o.action == Pass()), None)
        if old is not None:
            reasons += old.reasons
        first = Option(Pass(), 0.0, tuple(reasons), jarnac=old.jarnac if old is not None else None)
    rest = [o for o in options if o.action != first.action]
    return [first, *rest]


def _jarnac(
    lexicon: Lexicon,
    thief: Tray,
    passer: Tray,
    rules: Rules,
    formed: list[int],
    deadline: Deadline | None,
) -> Advice:
    plan = thief_best_call(lexicon, passer, thief, rules, formed, budget=passed_on(deadline))
    free = thief.free_lines(rules)
    final = passer.free_lines(rules) == 0
    if plan and (final or free == 1 or len(plan.steals) >= free):
        # A call may end the game (it fills the thief's last line), or declining does: the end-game model.
        try:
            choices = window_choices(lexicon, passer, thief, rules, formed, deadline)
        except OutOfTime:
            pass
        else:
            return _jarnac_end_game(choices, plan, final)
    if plan:
        reasons = _swing(plan)
        call = CallJarnac(plan.steals, plan.taken_indexes if plan.value else ())
        why_not = Reason("decline_unpunished")
        if final:
            why_not = Reason("decline_ends", {"lead": _lead(thief.score - passer.score)})
        return Advice(
            "jarnac",
            (Option(call, float(plan.swing), reasons, jarnac=plan), Option(Decline(), 0.0, (why_not,))),
            plan.exact and not final,
        )
    if not plan.exact:
        reason = Reason("no_jarnac_in_budget")
    elif not thief.free_lines(rules):
        reason = Reason("no_free_line")
    else:
        left = passer_left_move(lexicon, passer, rules, formed)
        reason = Reason("clean_pass") if left is None else Reason("left_unseatable", {"move": str(left)})
    why = [reason]
    if final and plan.exact:
        why.append(Reason("decline_ends", {"lead": _lead(thief.score - passer.score)}))
    return Advice("jarnac", (Option(Decline(), 0.0, tuple(why)),), plan.exact)


def _swing(plan: JarnacPlan) -> tuple[Reason, Reason]:
    """What a call gives the thief and takes from the passer."""
    lost = plan.swing - plan.gain
    # A call made of the passer's rack letters alone takes none of its points: said so, not "-0 pts".
    loss = Reason("jarnac_loss", {"points": lost, "swing": plan.swing}) if lost else Reason("jarnac_no_loss", {})
    return Reason("jarnac_gain", {"points": plan.gain}), loss


def _jarnac_end_game(choices: list[WindowChoice], best: JarnacPlan, final: bool) -> Advice:
    """The window's choices ranked by the end-game model: a win that ends the game (by margin), then the game
    going on (a call by swing, declining), then a loss or a draw that ends it; the best call by swing is shown
    whatever its rank."""
    shown = sorted(choices, key=lambda c: c.key, reverse=True)
    first_call = next((c for c in shown if c.plan), None)
    keep = [shown[0]] + [c for c in shown[1:] if not c.plan or c is first_call or c.plan == best]
    win = DEFAULT_WEIGHTS.win
    options = []
    for c in keep:
        said: list[Reason] = []
        if c.plan:
            action: Action = CallJarnac(c.plan.steals, c.plan.taken_indexes if c.plan.value else ())
            said += _swing(c.plan)
        else:
            action = Decline()
        if c.margin is None:
            value = float(c.plan.swing)
            said.append(Reason("call_plays_on" if c.plan else "decline_goes_on"))
        else:
            value = (win if c.margin > 0 else -win) + c.margin
            ends = "call_ends" if c.plan else "decline_ends"
            if c.margin > 0:
                said.append(Reason(f"{ends}_win", {"points": c.margin}))
            elif c.margin < 0:
                said.append(Reason(f"{ends}_lose", {"points": -c.margin}))
            else:
                said.append(Reason(f"{ends}_draw"))
        if not c.plan and shown[0] is c and any(o.plan and o.margin is not None and o.margin <= 0 for o in choices):
            said.append(Reason("every_call_loses"))
        options.append(Option(action, value, tuple(said), jarnac=c.plan if c.plan else None))
    return Advice("jarnac", tuple(options), True)


def _dispute(lexicon: Lexicon, move: Move) -> Advice:
    values = {"word": move.word, "lexicon": lexicon.name}
    if move.word in lexicon:
        reason = Reason("word_valid", values)
        return Advice("dispute", (Option(Accept(), 0.0, (reason,)), Option(Dispute(), -1.0, (reason,))))
    reason = Reason("word_invalid", values)
    return Advice("dispute", (Option(Dispute(), 1.0, (reason,)), Option(Accept(), 0.0, (Reason("bad_word_stands"),))))


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
    """Draw one, or exchange which tiles: the planner's own choice (:func:`start_options`), every choice shown,
    valued over ``samples`` sampled draws (1 or more when a tile is left to draw: 0 values no draw at all)."""
    if samples < 1 and unseen:
        raise InvalidInputError(Reason("error_start_samples", {"what": "samples", "given": samples}))
    weights = replace(DEFAULT_WEIGHTS, start_samples=max(1, samples))
    rng = Pcg32(seed)
    choices, exact = start_options(lexicon, tray, opponent, unseen, bag_size, rules, rng, weights, deadline)
    n = rules.exchange_size
    sampled = Reason("sampled_draws", {"samples": weights.start_samples}) if unseen else Reason("nothing_sampled")
    options = []
    shown = choices[:top]
    if all(tiles is not None for tiles, _ in shown):  # the draw is always shown: the choice to beat
        shown = [*choices[: top - 1], next(c for c in choices if c[0] is None)] if top > 1 else shown
    for tiles, value in shown:
        action: Action = Draw() if tiles is None else Exchange(tray.alphabet.write(list(tiles)))
        worth = round(value, 1)
        if tiles is None:
            reason = Reason("start_draw", {"value": worth, "sampled": sampled})
        else:
            tiles_text = tray.alphabet.write(list(tiles))
            reason = Reason("start_exchange", {"count": n, "tiles": tiles_text, "value": worth, "sampled": sampled})
        options.append(Option(action, value, (reason,)))
    if len(unseen) < n:
        why = Reason("no_exchange_unseen") if not unseen else Reason("no_exchange_few", {"count": n})
        options[0] = replace(options[0], reasons=(*options[0].reasons, why))
    return Advice("start", tuple(options), exact)
