"""The game engine: two trays, the bag, the turns, the Jarnac window, the end.

Every state is an immutable :class:`GameState`; ``push`` checks an action,
keeps the old state on a stack and makes the new one, ``pop`` restores it:
undo is exact, the bag's order included. Randomness comes from the seed
alone: the bag is shuffled once with it, and where tiles go back into the
bag (an exchange, the opening vowel rule) the positions come from a
generator seeded with the seed and the action's number. The same seed and
the same actions give the same game, to the tile.

Phases: ``opening`` (draw the first letters), ``start`` (draw 1 or
exchange), ``play`` (moves, then pass), ``jarnac`` (the opponent's window
after a pass or a full tray), ``dispute`` (competitive rules: after each
word, before the draw), ``over``.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from itertools import combinations
from typing import NamedTuple

from .actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play
from .bag import Bag
from .errors import IllegalActionError, IllegalMoveError, InvalidInputError
from .jarnac import JarnacPlan, best_jarnac, jarnac_steals
from .lexicon import Lexicon
from .move import Move
from .movegen import legal_moves
from .rules import Rules
from .tray import Tray, remove_tiles

__all__ = ["PHASES", "Game", "GameState"]

PHASES = ("opening", "start", "play", "jarnac", "dispute", "over")
VOWELS = frozenset("AEIOUY") | {"IJ"}


class GameState(NamedTuple):
    """Everything a person reads off the table, and what the rules remember.

    A named tuple: immutable, and ``_replace`` is 5x cheaper than
    ``dataclasses.replace`` (measured: it was 13% of self-play time).
    """

    trays: tuple[Tray, Tray]
    bag: tuple[str, ...]
    """The tiles in the bag, drawn from the end."""
    to_act: int
    """The player (0 or 1) whose action is awaited."""
    phase: str
    turn: int
    """Turn number, from 1; a turn is one player's, from its draw to its pass."""
    player: int
    """The player whose turn it is (the passer while the opponent decides on a Jarnac)."""
    opened: tuple[bool, bool] = (False, False)
    formed: tuple[int, ...] = ()
    """Line indexes the player formed or extended this turn (for the value Jarnac)."""
    final: bool = False
    """The Jarnac window is against a full tray: declining ends the game."""
    idle_passes: int = 0
    """Passes in a row with the bag empty and no word formed in between."""
    bonus: tuple[int, int] = (0, 0)
    """Extra letters at each player's next draw (competitive rules)."""
    disputed: tuple[Move, Tray] | None = None
    """The move under dispute and the mover's tray before it."""
    keeping: bool = False
    """Seed 000: the thief whose Jarnac filled its last line plays on until it passes."""
    ply: int = 0
    result: str = ""

    @property
    def scores(self) -> tuple[int, int]:
        """Both trays' points."""
        return (self.trays[0].score, self.trays[1].score)


class Game:
    """A two-player game of Jarnac.

    >>> from jarnac_solver import Lexicon
    >>> game = Game(Lexicon.load("fr"), seed=1)
    >>> game.state.phase, game.state.to_act
    ('opening', 0)
    >>> game.push(Draw()); len(game.state.trays[0].rack)
    6
    >>> game.pop()
    Draw()
    >>> len(game.state.trays[0].rack)
    0
    """

    def __init__(
        self, lexicon: Lexicon, rules: Rules | None = None, bag: Bag | None = None, seed: int | None = None
    ) -> None:
        if not isinstance(lexicon, Lexicon):
            raise InvalidInputError(f"expected a Lexicon, got {type(lexicon).__name__}")
        self.lexicon = lexicon
        self.rules = rules or Rules()
        self.bag = Bag.for_lexicon(lexicon, bag)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidInputError(f"seed must be a whole number or None, not {seed!r}")
        self.seed = seed
        tiles = self.bag.tiles()
        random.Random(seed).shuffle(tiles)
        empty = Tray((), "", lexicon.alphabet)
        self.state = GameState((empty, empty), tuple(tiles), 0, "opening", 1, 0)
        self._stack: list[GameState] = []
        self.actions: list[tuple[int, Action, str]] = []
        """Every action pushed: (player, action, what it drew)."""
        self.value_pool_limit: int | None = 20
        """Value Jarnacs the engine offers recompose pools of at most this many letters
        (exact up to there; the search grows steeply beyond, see docs/design.md)."""

    # -- reading the state --------------------------------------------------

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.phase == "over"

    def scores(self) -> tuple[int, int]:
        """Both players' points: the sum of tiles² over their lines."""
        return self.state.scores

    def winner(self) -> int | None:
        """0 or 1 once the game is over (``None``: a draw, or not over)."""
        if not self.is_over():
            return None
        a, b = self.scores()
        return None if a == b else (0 if a > b else 1)

    def __repr__(self) -> str:
        s = self.state
        trays = " | ".join(str(t) for t in s.trays)
        return f"<Game turn {s.turn}, {s.phase} for player {'AB'[s.to_act]}: {trays}; bag {len(s.bag)}>"

    # -- legal actions ------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """What the player to act may do now (Jarnac: each single steal and the best plan)."""
        s = self.state
        tray = s.trays[s.to_act]
        if s.phase == "opening":
            return [Draw()]
        if s.phase == "start":
            actions: list[Action] = [Draw()]
            n = self.rules.exchange_size
            if len(tray.rack) >= n and len(s.bag) >= n:
                seen = sorted({"".join(sorted(c)) for c in combinations(tray.rack_tiles(), n)})
                actions += [Exchange(letters) for letters in seen]
            return actions
        if s.phase == "play":
            return [*map(Play, legal_moves(self.lexicon, tray, self.rules)), Pass()]
        if s.phase == "dispute":
            return [Accept(), Dispute()]
        if s.phase == "jarnac":
            return [Decline(), *self.jarnac_calls()]
        return []

    def jarnac_calls(self) -> list[CallJarnac]:
        """Jarnacs open to the player to act: every single steal, and the best plan."""
        s = self.state
        if s.phase != "jarnac" or not s.trays[s.to_act].free_lines(self.rules):
            return []
        passer = s.trays[s.player]
        calls: list[CallJarnac] = []
        for move in jarnac_steals(self.lexicon, passer, self.rules):
            call = CallJarnac((move,))
            if self._check_call(call) is None:
                calls.append(call)
        plan = self.best_call()
        if plan and (len(plan.steals) > 1 or plan.value):
            calls.append(CallJarnac(plan.steals, plan.taken if plan.value else ()))
        return calls

    def best_call(self, objective: str = "swing") -> JarnacPlan:
        """The best Jarnac the player to act could call now (empty outside a window)."""
        s = self.state
        if s.phase != "jarnac":
            return JarnacPlan()
        free = s.trays[s.to_act].free_lines(self.rules)
        thief = s.trays[s.to_act]
        return best_jarnac(
            self.lexicon,
            s.trays[s.player],
            free_lines=free,
            objective=objective,
            rules=self.rules,
            turn_lines=[i for i in s.formed if i < len(s.trays[s.player].lines) and s.trays[s.player].lines[i]],
            thief_last_free=thief.last_line_free(self.rules),
            value_pool_limit=self.value_pool_limit,
        )

    # -- applying actions ---------------------------------------------------

    def push(self, action: Action, player: int | None = None) -> None:
        """Apply ``action`` for the player to act; :class:`IllegalActionError` says why not.

        With ``player`` (0 or 1), the action is refused unless that player is
        the one to act. A refused action leaves the game unchanged.
        """
        s = self.state
        if s.phase == "over":
            raise IllegalActionError("the game is over")
        if player is not None and player != s.to_act:
            raise IllegalActionError(
                f"{action} by player {'AB'[player] if player in (0, 1) else player!r}: "
                f"player {'AB'[s.to_act]} is to act ({s.phase} phase)"
            )
        handler = {
            Draw: self._draw_action,
            Exchange: self._exchange,
            Play: self._play,
            Pass: self._pass,
            CallJarnac: self._call,
            Decline: self._decline,
            Dispute: self._dispute,
            Accept: self._accept,
        }.get(type(action))
        if handler is None:
            raise IllegalActionError(f"not an action: {action!r}")
        drawn: list[str] = []
        new = handler(action, drawn)  # type: ignore[operator]
        self._stack.append(s)
        self.actions.append((s.to_act, action, "".join(drawn)))
        self.state = new._replace(ply=s.ply + 1)

    def pop(self) -> Action:
        """Undo the last action, exactly; returns it."""
        if not self._stack:
            raise IllegalActionError("no action to undo")
        self.state = self._stack.pop()
        return self.actions.pop()[1]

    def push_text(self, text: str) -> None:
        """Parse an action in notation and push it."""
        from .actions import parse_action

        try:
            action = parse_action(text, self.lexicon.alphabet)
        except InvalidInputError as exc:
            raise IllegalActionError(str(exc)) from None
        self.push(action)

    # -- helpers ------------------------------------------------------------

    def _expect(self, *phases: str, action: Action) -> GameState:
        s = self.state
        if s.phase not in phases:
            raise IllegalActionError(f"{action} is not possible now: player {'AB'[s.to_act]} is in the {s.phase} phase")
        return s

    def _rng(self) -> random.Random:
        return random.Random(f"{self.seed}:{self.state.ply}")

    def _take(self, bag: list[str], n: int, drawn: list[str]) -> list[str]:
        taken = [bag.pop() for _ in range(min(n, len(bag)))]
        drawn.extend(taken)
        return taken

    def _with_tray(self, s: GameState, who: int, tray: Tray, **changes: object) -> GameState:
        trays = (tray, s.trays[1]) if who == 0 else (s.trays[0], tray)
        return s._replace(trays=trays, **changes)  # type: ignore[arg-type]

    def _draw_n(self, s: GameState, who: int, n: int, drawn: list[str]) -> GameState:
        """``who`` draws ``n`` letters (plus any bonus owed)."""
        bag = list(s.bag)
        n += s.bonus[who]
        taken = self._take(bag, n, drawn)
        tray = s.trays[who]
        bonus = (0, s.bonus[1]) if who == 0 else (s.bonus[0], 0)
        new_tray = Tray._trusted(tray.lines, tray.rack + "".join(taken), tray.alphabet)
        return self._with_tray(s, who, new_tray, bag=tuple(bag), bonus=bonus)

    def _free_slots(self, tray: Tray) -> list[int]:
        """The free lines of ``tray`` in the order words fill them: gaps, then the lines below."""
        gaps = [i for i, line in enumerate(tray.lines) if not line]
        return gaps + list(range(len(tray.lines), self.rules.lines))

    def _draw_action(self, action: Draw, drawn: list[str]) -> GameState:
        s = self._expect("opening", "start", action=action)
        who = s.to_act
        if s.phase == "start":
            return self._draw_n(s, who, 1, drawn)._replace(phase="play")
        bag = list(s.bag)
        n = self.rules.opening_draw + s.bonus[who]
        taken = self._take(bag, n, [])
        if self.rules.opening_vowel_rule and taken:
            rng = self._rng()
            # Seed 000: six consonants -> the last one drawn goes back, until a vowel comes.
            while not VOWELS.intersection(taken) and VOWELS.intersection(bag):
                back = taken.pop()
                bag.insert(rng.randrange(len(bag) + 1), back)
                taken.append(bag.pop())
        drawn.extend(taken)
        tray = s.trays[who]
        new_tray = Tray(tray.lines, tray.rack + "".join(taken), tray.alphabet)
        bonus = (0, s.bonus[1]) if who == 0 else (s.bonus[0], 0)
        opened = (True, s.opened[1]) if who == 0 else (s.opened[0], True)
        return self._with_tray(s, who, new_tray, bag=tuple(bag), bonus=bonus, opened=opened, phase="play")

    def _exchange(self, action: Exchange, drawn: list[str]) -> GameState:
        s = self._expect("start", action=action)
        n = self.rules.exchange_size
        tray = s.trays[s.to_act]
        letters = tray.alphabet.tokenize(action.letters, what="exchange")
        if len(tray.rack_tiles()) < n:
            raise IllegalActionError(f"an exchange puts back exactly {n} letters; the rack holds {len(tray.rack)}")
        if len(letters) != n:
            raise IllegalActionError(f"an exchange puts back exactly {n} letters, not {len(letters)}")
        if Counter(letters) - Counter(tray.rack_tiles()):
            raise IllegalActionError(f"exchange {action.letters}: the rack holds only {tray.rack}")
        if len(s.bag) < n:
            raise IllegalActionError(f"the bag holds {len(s.bag)} letters: no exchange of {n}")
        bag = list(s.bag)
        taken = self._take(bag, n + s.bonus[s.to_act], drawn)
        rng = self._rng()
        for tile in letters:
            bag.insert(rng.randrange(len(bag) + 1), tile)
        kept = "".join(remove_tiles(tray.rack_tiles(), letters))
        new_tray = Tray._trusted(tray.lines, kept + "".join(taken), tray.alphabet)
        bonus = (0, s.bonus[1]) if s.to_act == 0 else (s.bonus[0], 0)
        return self._with_tray(s, s.to_act, new_tray, bag=tuple(bag), bonus=bonus, phase="play")

    def _play(self, action: Play, drawn: list[str]) -> GameState:
        s = self._expect("play", action=action)
        who = s.to_act
        tray = s.trays[who]
        if not isinstance(action.move, Move):
            raise IllegalActionError(f"not a move: {action.move!r}")
        try:
            # Under the competitive rules a word outside the lexicon may be
            # played: the dispute is what checks it.
            after = tray.push(action.move, self.rules, None if self.rules.disputes else self.lexicon)
        except IllegalMoveError as exc:
            raise IllegalActionError(str(exc)) from None
        move = action.move
        if move.kind == "place":
            line = tray.next_line
        else:
            line = move.line if move.line is not None else tray.lines.index(move.old or "")
        formed = tuple(sorted(set(s.formed) | {line}))
        moved = self._with_tray(s, who, after, formed=formed, idle_passes=0)
        if self.rules.disputes:
            return moved._replace(phase="dispute", to_act=1 - who, disputed=(action.move, tray))
        return self._after_word(self._draw_n(moved, who, 1, drawn), who)

    def _after_word(self, s: GameState, who: int) -> GameState:
        """After a word and its draw: a full tray ends the turn with a final window."""
        if s.trays[who].free_lines(self.rules) == 0 and not s.keeping:
            return s._replace(phase="jarnac", to_act=1 - who, player=who, final=True)
        return s._replace(phase="play", to_act=who, player=who)

    def _pass(self, action: Pass, drawn: list[str]) -> GameState:
        s = self._expect("play", action=action)
        idle = s.idle_passes + 1 if not s.bag else 0
        # A thief that kept the turn on a full tray (seed 000) passes into a final window.
        return s._replace(
            phase="jarnac", to_act=1 - s.to_act, player=s.to_act, final=s.keeping, keeping=False, idle_passes=idle
        )

    def _next_turn(self, s: GameState, who: int) -> GameState:
        """``who`` begins a turn (its opening draw if it has not drawn yet)."""
        phase = "start" if s.opened[who] else "opening"
        return s._replace(phase=phase, to_act=who, player=who, turn=s.turn + 1, formed=(), final=False, keeping=False)

    def _decline(self, action: Decline, drawn: list[str]) -> GameState:
        s = self._expect("jarnac", action=action)
        if s.final:
            return s._replace(phase="over", result="a full tray, no Jarnac against it")
        if s.idle_passes >= 2:
            return s._replace(phase="over", result="the bag is empty and both players passed")
        return self._next_turn(s, s.to_act)

    def _check_call(self, action: CallJarnac) -> str | None:
        """Why ``action`` is not a legal Jarnac now (``None``: it is)."""
        s = self.state
        passer = s.trays[s.player]
        thief = s.trays[s.to_act]
        free = thief.free_lines(self.rules)
        if len(action.steals) > free:
            return f"{len(action.steals)} steals but only {free} free lines"
        if any(m.kind != "place" for m in action.steals) and action.taken:
            return "a value Jarnac forms new words only"
        if not self.rules.steal_place and not action.taken and any(m.kind == "place" for m in action.steals):
            return "these rules do not let a new word be stolen"
        words = [m.word for m in action.steals]
        if any(w not in self.lexicon for w in words):
            return "every stolen word must be in the lexicon"
        # The thief seats the words longest first (gaps, then the lines below),
        # so a short one lands last.
        slots = self._free_slots(thief)
        for k, word in enumerate(sorted(words, key=lambda w: -thief.tiles(w))):
            if thief.tiles(word) < self.rules.min_length_on(slots[k]):
                return f"{word} cannot go on the thief's line {slots[k] + 1}"
        if action.taken:
            if not self.rules.value_jarnac:
                return "these rules have no value Jarnac"
            if not set(action.taken) <= set(s.formed):
                return "a value Jarnac takes only lines formed this turn"
            pool = Counter(passer.rack_tiles())
            for i in action.taken:
                pool.update(passer.alphabet.tokenize(passer.lines[i]))
            used: Counter[str] = Counter()
            for w in words:
                used.update(passer.alphabet.tokenize(w))
            if used - pool:
                return "the new words need letters the lines and the rack do not hold"
            worth = sum(passer.tiles(passer.lines[i]) ** 2 for i in action.taken)
            if sum(passer.tiles(w) ** 2 for w in words) <= worth:
                return "a value Jarnac must be worth more than the lines it takes"
            return None
        after = passer
        try:
            for move in action.steals:
                after = after.push(move, self.rules, self.lexicon)
        except IllegalMoveError as exc:
            return f"not a move the passer could make: {exc}"
        return None

    def _call(self, action: CallJarnac, drawn: list[str]) -> GameState:
        s = self._expect("jarnac", action=action)
        reason = self._check_call(action)
        if reason is not None:
            raise IllegalActionError(f"{action}: {reason}")
        passer = s.trays[s.player]
        thief_id = s.to_act
        thief = s.trays[thief_id]
        words = sorted((m.word for m in action.steals), key=lambda w: -thief.tiles(w))
        if action.taken:
            pool = list(passer.rack_tiles())
            for i in action.taken:
                pool += passer.alphabet.tokenize(passer.lines[i])
            used = [t for w in words for t in passer.alphabet.tokenize(w)]
            lost = set(action.taken)
            rack = "".join(remove_tiles(pool, used))
        else:
            after = passer
            for move in action.steals:
                after = after.push(move, self.rules, self.lexicon)
            lost = {
                m.line if m.line is not None else passer.lines.index(m.old or "")
                for m in action.steals
                if m.kind == "extend"
            }
            rack = after.rack
        new_passer = Tray(["" if i in lost else w for i, w in enumerate(passer.lines)], rack, passer.alphabet)
        thief_lines = list(thief.lines)
        for slot, word in zip(self._free_slots(thief)[: len(words)], words, strict=True):
            if slot < len(thief_lines):
                thief_lines[slot] = word
            else:
                thief_lines.append(word)
        new_thief = Tray(thief_lines, thief.rack, thief.alphabet)
        trays = (new_thief, new_passer) if thief_id == 0 else (new_passer, new_thief)
        s2 = s._replace(trays=trays, idle_passes=0)
        if self.rules.thief_draws:
            s2 = self._draw_n(s2, thief_id, len(words), drawn)
        if new_thief.free_lines(self.rules) == 0:
            if self.rules.thief_keeps_turn_on_last_line:
                # Seed 000: the thief keeps the turn, drawing one letter a word, until it passes.
                return s2._replace(
                    phase="play", to_act=thief_id, player=thief_id, turn=s.turn + 1, formed=(), keeping=True
                )
            # A final Jarnac that fills the thief's last line ends it for the thief, subject to a Jarnac.
            return s2._replace(phase="jarnac", to_act=s.player, player=thief_id, final=True, formed=())
        return self._next_turn(s2, thief_id)

    def _dispute(self, action: Dispute, drawn: list[str]) -> GameState:
        s = self._expect("dispute", action=action)
        assert s.disputed is not None
        move, before = s.disputed
        mover = 1 - s.to_act
        challenger = s.to_act
        bonus = list(s.bonus)
        bonus[challenger] += 1  # either way the challenger draws one more at its next draw
        s2 = s._replace(bonus=(bonus[0], bonus[1]), disputed=None)
        if move.word in self.lexicon:
            # The word stands: the disputed player draws 2 and plays on.
            return self._after_word(self._draw_n(s2, mover, 2, drawn), mover)
        # The word is not valid: it is taken back and the turn passes to the challenger, who may call Jarnac.
        s3 = self._with_tray(s2, mover, before)
        return s3._replace(phase="jarnac", to_act=challenger, player=mover, final=False)

    def _accept(self, action: Accept, drawn: list[str]) -> GameState:
        s = self._expect("dispute", action=action)
        mover = 1 - s.to_act
        s2 = s._replace(disputed=None)
        return self._after_word(self._draw_n(s2, mover, 1, drawn), mover)

    # -- checks -------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` unless tiles are conserved and both trays follow the rules."""
        s = self.state
        seen: Counter[str] = Counter(s.bag)
        for tray in s.trays:
            tray.check(self.rules)
            seen.update(tray.rack_tiles())
            for line in tray.lines:
                seen.update(tray.alphabet.tokenize(line))
        assert seen == Counter(self.bag.tiles()), "tiles are not conserved"
        assert s.scores == tuple(sum(t.tiles(w) ** 2 for w in t.lines) for t in s.trays)
