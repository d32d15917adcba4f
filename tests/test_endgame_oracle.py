"""The planner's end-game model against the engine.

The model (:func:`jarnac_solver.planning.endgame.window_choices`) predicts
where a Jarnac window leads: a final margin when the game ends inside the
exchange (declining a full tray; a call that fills the thief's last line, the
passer's final window against it, and so on), or *open* when the game goes on
(a call that leaves the thief a free line, declining a pass). Each side
prefers a win that ends the game (the largest), then the game going on, then
the smallest loss. With an empty bag nothing is drawn inside the exchange, and
the model must be exact: the oracle here pushes every call the engine accepts
(every set of single steals, in every order, and the engine's best plan) on a
:class:`Game` at the position, follows every final window the engine opens,
and ranks the outcomes the same way.
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from jarnac_solver import Bag, IllegalActionError, Lexicon, Move, Rules, Tray
from jarnac_solver.game.actions import Action, CallJarnac, Decline
from jarnac_solver.game.game import Game
from jarnac_solver.messages import Reason
from jarnac_solver.moves.jarnac import jarnac_steals
from jarnac_solver.moves.movegen import legal_moves
from jarnac_solver.planning.advice import advise_position
from jarnac_solver.planning.endgame import final_outcome, finish_wins, preferred, window_choices
from jarnac_solver.planning.strategy import choose_jarnac, end_game_move

FR = Lexicon.load("fr")
LETTERS = "AEINRSTU"
# A small real lexicon: French words of these letters, up to 6 of them (the short words make steals common).
WORDS = sorted(w for w in FR.search("*") if len(w) <= 6 and set(w) <= set(LETTERS))
SMALL = Lexicon.from_words(random.Random(34).sample([w for w in WORDS if len(w) >= 2], 400) + list("AEIU"))
BAG = Bag.load("fr")

Outcome = tuple[str, int]
"""("open", 0) or ("end", margin for the player to act)."""


def _rank(outcome: Outcome) -> tuple[int, int]:
    kind, margin = outcome
    if kind == "open":
        return (1, 0)
    return (2 if margin > 0 else 0, margin)


def _calls(game: Game) -> list[Action]:
    """Every call the engine might accept now: each set of single steals up to the free lines, in every order."""
    s = game.state
    passer, thief = s.trays[s.player], s.trays[s.to_act]
    steals = jarnac_steals(game.lexicon, passer, game.rules)
    free = thief.free_lines(game.rules)
    calls: list[Action] = list(game.jarnac_calls())

    def grow(chosen: tuple[Move, ...], start: int) -> None:
        if chosen:
            calls.extend(CallJarnac(order) for order in permutations(chosen))
        if len(chosen) == free:
            return
        for i in range(start, len(steals)):
            grow((*chosen, steals[i]), i + 1)

    grow((), 0)
    return calls


def oracle(game: Game) -> Outcome:
    """The outcome of the window the game is in, for the player to act, by the engine alone."""
    s = game.state
    me = s.to_act
    best: Outcome | None = None
    for action in [Decline(), *_calls(game)]:
        try:
            game.push(action)
        except IllegalActionError:
            continue
        t = game.state
        if t.phase == "over":
            outcome: Outcome = ("end", t.scores[me] - t.scores[1 - me])
        elif t.phase == "jarnac" and t.final:
            kind, margin = oracle(game)  # the other side's final window
            outcome = (kind, -margin)
        else:
            outcome = ("open", 0)
        game.pop()
        if best is None or _rank(outcome) > _rank(best):
            best = outcome
    assert best is not None
    return best


def window_game(lexicon: Lexicon, passer: Tray, thief: Tray, rules: Rules, passer_id: int = 0) -> Game:
    """A game at the Jarnac window against ``passer`` (final when its tray is full), the bag empty."""
    game = Game(lexicon, rules, bag=BAG, seed=1)
    trays = (passer, thief) if passer_id == 0 else (thief, passer)
    game.state = game.state._replace(
        trays=trays,
        bag=(),
        phase="jarnac",
        to_act=1 - passer_id,
        player=passer_id,
        opened=(True, True),
        final=passer.free_lines(rules) == 0,
        turn=20,
    )
    return game


def model(lexicon: Lexicon, passer: Tray, thief: Tray, rules: Rules) -> Outcome:
    choice = preferred(window_choices(lexicon, passer, thief, rules))
    return ("open", 0) if choice.margin is None else ("end", choice.margin)


def _tray(rng: random.Random, lines: int, rack: int, lexicon: Lexicon) -> Tray:
    words = [w for w in WORDS if w in lexicon and len(w) >= 3]
    return Tray.parse(" ".join(rng.choice(words) for _ in range(lines)) + " / " + "".join(rng.choices(LETTERS, k=rack)))


def positions(seed: int, count: int, rules: Rules) -> list[tuple[Tray, Tray]]:
    """Random windows: a passer who just filled its tray (a final window) or passed with one or two lines
    free, a thief with one to three free lines, small racks."""
    rng = random.Random(seed)
    out: list[tuple[Tray, Tray]] = []
    while len(out) < count:
        thief = _tray(rng, rng.choice([5, 6, 6, 7, 7, 7]), rng.randint(0, 3), SMALL)
        if rng.random() < 0.6:
            me = _tray(rng, 7, rng.randint(1, 4), SMALL)
            places = [m for m in legal_moves(SMALL, me, rules) if m.kind == "place"]
            if not places:
                continue
            passer = me.push(rng.choice(places), rules, SMALL)
        else:
            passer = _tray(rng, rng.choice([6, 7]), rng.randint(1, 3), SMALL)
        out.append((passer, thief))
    return out


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(last_line_min_length=3), Rules.preset("multilingual")],
    ids=["sheet", "last-line-3", "multilingual"],
)
def test_the_end_game_model_follows_the_engine(rules: Rules) -> None:
    cases = positions(3400, 50, rules)
    seen: dict[str, int] = {}
    for passer, thief in cases:
        expected = oracle(window_game(SMALL, passer, thief, rules))
        assert model(SMALL, passer, thief, rules) == expected, (str(passer), str(thief))
        kind = "open" if expected[0] == "open" else "win" if expected[1] > 0 else "lose"
        seen[kind] = seen.get(kind, 0) + 1
    # The cases cover every outcome, and calls that end the game both ways.
    assert set(seen) == {"open", "win", "lose"}, seen


def test_the_finishers_outcome_is_the_oracles() -> None:
    """final_outcome (the finisher's side) and finish_wins agree with the engine's play-out of the window."""
    rules = Rules()
    rng = random.Random(7)
    checked = 0
    for passer, thief in positions(77, 80, rules):
        if passer.free_lines(rules):
            continue
        outcome = final_outcome(SMALL, passer, thief, rules)
        kind, margin = oracle(window_game(SMALL, passer, thief, rules, passer_id=rng.randint(0, 1)))
        assert outcome.open == (kind == "open")
        if kind != "open":
            assert outcome.margin == -margin
        assert finish_wins(SMALL, passer, thief, rules) == (kind != "open" and -margin > 0)
        checked += 1
    assert checked > 30


# -- end-game positions on fr -------------------------------------------------------

ME = Tray.parse("DEGONFLER CESSAIENT RIBOULONS IMPUDENTE JAVAIENT BACTERIEN NUER / UZ")
OPPONENT = Tray.parse("GENDARMEZ REABORDAT CLOUTAIS CARENATES COPULAI MAYO / GXE")


def test_finishing_into_a_final_jarnac_that_plays_on_is_not_a_win() -> None:
    """+U left Z to steal: 7:NUER+Z=ZUNER takes a line and leaves the opponent a free line to play on."""
    rules = Rules()
    outcome = final_outcome(FR, ME.push(Move.parse("+U"), rules, FR), OPPONENT, rules)
    assert outcome.open and not outcome.wins and str(outcome.call.steals[0]) == "7:NUER+Z=ZUNER"
    decided, move = end_game_move(FR, ME, OPPONENT, rules)
    assert decided and str(move) == "7:NUER+Z=ZUNER"  # first leave nothing to steal
    after = ME.push(Move.parse("7:NUER+Z=ZUNER"), rules, FR)
    assert final_outcome(FR, after.push(Move.parse("+U"), rules, FR), OPPONENT, rules).wins
    advice = advise_position(FR, ME, OPPONENT)
    assert str(advice.best) == "7:NUER+Z=ZUNER" and advice.options[0].reasons[0].code == "finish_open"


def test_a_jarnac_that_ends_the_game_behind_is_declined() -> None:
    """The thief's only free line would take +LET and end the game 134 points behind: decline."""
    rules = Rules()
    passer = Tray.parse("ARCHAISME ARGUMENTA ADULATION DEFONCEUR OPERERONT / TERL")
    thief = Tray.parse("DEBUTAMES PUNITIF DENOYES VENTURI BIG MATI BIC / WZ")
    assert not choose_jarnac(FR, passer, thief, rules)
    advice = advise_position(FR, thief, passer, phase="jarnac")
    assert advice.best == Decline()
    assert advice.options[0].reasons[-1].code == "every_call_loses"
    call = advice.options[1]
    assert isinstance(call.action, CallJarnac) and call.reasons[-1] == Reason("call_ends_lose", {"points": 134})
    # Ahead instead, the same call ends the game won: it is called.
    rich = Tray.parse("DEBUTAMES PUNITIF DENOYES VENTURI BIGARREES MATIERES BICORNES / WZ")
    assert choose_jarnac(FR, passer, rich, rules)
    assert isinstance(advise_position(FR, rich, passer, phase="jarnac").best, CallJarnac)


def test_pass_is_an_option_valued_in_the_end_game() -> None:
    """Ahead, against an opponent whose only free line would take the word and end the game behind."""
    me = Tray.parse("ARCHAISME ARGUMENTA ADULATION DEFONCEUR OPERERONT / TERL")
    opponent = Tray.parse("DEBUTAMES PUNITIF DENOYES VENTURI BIG MATI BIC / WZ")
    advice = advise_position(FR, me, opponent)
    passing = next(o for o in advice.options if str(o.action) == "pass")
    assert "every Jarnac the opponent could call would fill its last line and end the game behind" in str(passing)
    assert passing.to_dict()["action"] == "pass"
