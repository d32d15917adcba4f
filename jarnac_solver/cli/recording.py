"""The ``record`` command: a referee types a game played over the board, one action a line, each checked as typed.

Key idea: the game is a :class:`~jarnac_solver.game.game.Game` played over the
board, and the record is :meth:`GameRecord.of` it at any moment: an action the
rules refuse is reported with the reason and pushed nowhere, so nothing typed
before it is lost. Lines come from standard input one at a time (a terminal or
a pipe); ``end`` or the end of the input (Ctrl-D) finishes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Any

from ..errors import JarnacError
from ..game.actions import parse_action
from ..game.game import Game
from ..game.record import UNFINISHED, GameRecord, read_records
from ..lexicon.lexicon import DEFAULT_LEXICON, Lexicon
from ..messages import Reason
from ..moves.jarnac import is_jarnacable
from .errors import PROG, PartialFailure, UsageError
from .options import rules_and_lexicon, user_bag
from .output import emit, plural

# "12. B +RAT {E}", "+rat {e}", "B accept {A:E}": the number and the player are optional, the braces hold
# what the action drew (a time in brackets, as a clocked record writes it, is read and left out).
_LINE = re.compile(r"^(?:([0-9]+)\.\s*)?(?:([ABab])\s+)?(.+?)(?:\s*\{([^}]*)\})?(?:\s*\[[^\]]*\])?$")

HELP = """\
type one action a line, the tiles drawn in braces:
  draw {EARTSN}          the opening 6, or 1 at the start of a later turn: draw {E}
  exchange QXZ {EAU}     put 3 letters back, draw 3
  +RAT {E}               a new word, and the letter drawn after it
  1:RAT+S=RATS {U}       extend line 1
  pass                   end the turn (the opponent may call Jarnac)
  jarnac 1:RAT+Z=TZAR    call Jarnac (several steals: jarnac 1:RAT+Z=TZAR +WUS)
  decline                let the pass stand
  dispute / accept {A:E} competitive rules: challenge the word, or let it stand (the mover draws)
an action may open with its number and player, as a record writes it: 3. A +RAT {E}
commands: save FILE (text; JSON Lines if FILE ends in .jsonl), undo, show, help, end (or Ctrl-D)"""

PHASES = {
    "opening": "the opening draw: draw {6 tiles}",
    "start": "the start of the turn: draw {1 tile} or exchange",
    "play": "a word, or pass",
    "jarnac": "call Jarnac, or decline",
    "dispute": "accept the word, or dispute it",
}


@dataclass
class _Session:
    """A game being typed: the game, the players' names, where it is written, what was refused."""

    game: Game
    players: tuple[str, str]
    out: str | None
    quiet: bool
    refused: list[dict[str, Any]] = field(default_factory=list)
    files: bool = True
    """Whether ``save FILE`` writes a file: a game read for someone else (the service's audit) never does."""
    saved: list[str] = field(default_factory=list)

    def record(self) -> GameRecord:
        return GameRecord.of(self.game, self.players)

    def say(self, text: str = "") -> None:
        if not self.quiet:
            print(text)

    def write(self, path: str) -> None:
        """The record as it stands into ``path`` (text, or JSON Lines for ``.jsonl``), replacing it whole."""
        record = self.record()
        text = (
            json.dumps(record.to_dict(), ensure_ascii=False) + "\n" if path.lower().endswith(".jsonl") else str(record)
        )
        folder = os.path.dirname(os.path.abspath(path))
        try:
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, delete=False, suffix=".tmp") as f:
                f.write(text)
            os.replace(f.name, path)
        except (OSError, ValueError) as exc:
            raise UsageError(f"{PROG} record: cannot write {path!r}: {getattr(exc, 'strerror', None) or exc}") from None
        if path not in self.saved:
            self.saved.append(path)

    def refuse(self, number: int, text: str, reason: str, said: Reason | None = None) -> None:
        """Refuse a typed line: ``reason`` in the reader's language, ``said`` the library's reason as data."""
        refusal: dict[str, Any] = {"line": number, "input": text, "message": reason}
        if said is not None:
            refusal["reason"] = said.to_dict()
        self.refused.append(refusal)
        if not self.quiet:
            print(f"{PROG} record: line {number}: {text!r} refused: {reason}", file=sys.stderr)

    def show(self) -> None:
        """Both trays, the bag, who is to act and what, and the Jarnac window if one is open."""
        game, s = self.game, self.game.state
        for i in range(2):
            self.say(f"    {'AB'[i]} {self.players[i]}: {s.trays[i]}  [{s.trays[i].score} pts]")
        if game.is_over():
            a, b = game.scores()
            self.say(f"  the game is over: A {a} - B {b}, {s.result}")
            return
        self.say(f"    bag {plural(len(s.bag), 'tile')}; {'AB'[s.to_act]} to act: {PHASES[s.phase]}")
        window = self.window()
        if window:
            self.say(f"  {window}")

    def window(self) -> str:
        """The Jarnac window or the dispute open now, announced (``""``: none)."""
        game, s = self.game, self.game.state
        passer, thief = "AB"[s.player], "AB"[s.to_act]
        if s.phase == "dispute":
            return f"{passer} formed a word: {thief} may dispute it, or accept"
        if s.phase != "jarnac":
            return ""
        left = is_jarnacable(game.lexicon, s.trays[s.player], game.rules, game.formed_lines()) is not None
        if s.final:
            how = f"{passer} filled the tray{' with a move left' if left else ''}"
            return f"{how}: {thief} may call Jarnac, or decline and the game ends"
        last = str(game.actions[-1].action) if game.actions else ""
        how = f"{passer} passed" if last == "pass" else f"the word of {passer} did not stand"
        if left:
            return f"{how} with a move left: {thief} may call Jarnac"
        return f"{how} with no move left: {thief} declines (nothing to call)"

    def act(self, number: int, text: str) -> None:
        """One line of an action: checked and pushed, or refused with the reason (the game unchanged)."""
        game = self.game
        line = _LINE.match(text)
        if line is None:  # pragma: no cover - the pattern reads any non-empty line
            self.refuse(number, text, "cannot read it (help lists the actions)")
            return
        given, who, spec, drew = line[1], line[2], line[3], line[4]
        expected = len(game.actions) + 1
        if given is not None and int(given) != expected:
            self.refuse(number, text, f"action {given} where action {expected} belongs")
            return
        try:
            action = parse_action(spec, game.alphabet)
            player = None if who is None else "AB".index(who.upper())
            drawer, _, tiles = (drew or "").rpartition(":")
            game.push(action, player, drawn=tiles.strip() or None)
        except JarnacError as exc:
            reason = exc.message()
            if str(exc).startswith("this action draws") and not drew:
                reason += " (write the tiles drawn in braces: +RAT {E})"
            self.refuse(number, text, reason, exc.reason)
            return
        played = game.actions[-1]
        actual = played.player if played.drawer is None else played.drawer
        if drawer.strip() and drawer.strip().upper() != "AB"[actual]:
            game.pop()
            self.refuse(number, text, f"these tiles are drawn by {'AB'[actual]}, not {drawer.strip()}")
            return
        shown = game.drawn_text(played)
        self.say(f"  {expected}. {'AB'[played.player]} {played.action}" + (f" {{{shown}}}" if shown else ""))
        self.after_change()

    def after_change(self) -> None:
        if self.out is not None:
            self.write(self.out)
        self.show()

    def take(self, number: int, raw: str) -> bool:
        """One typed line: a command, an action, a comment or a blank (skipped); False at ``end``/``quit``.
        The service's audit of a hand-written game reads its lines with it too."""
        text = raw.strip()
        if not text or text.startswith("#"):
            return True
        if text.lower() in ("end", "quit"):
            return False
        if not self.command(number, text):
            self.act(number, text)
        return True

    def command(self, number: int, text: str) -> bool:
        """A command that is no action (save, undo, show, help); False when ``text`` is none."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word == "save":
            if not self.files:
                self.refuse(number, text, "save writes no file here: this game is read, not recorded")
            elif not rest.strip():
                self.refuse(number, text, "save needs a file name: save game.txt (or game.jsonl)")
            else:
                try:
                    self.write(rest.strip())
                except UsageError as exc:  # a bad path refuses the line, never ends the session (work lost)
                    self.refuse(number, text, str(exc).removeprefix(f"{PROG} record: "))
                    return True
                self.say(f"  saved {plural(len(self.game.actions), 'action')} to {rest.strip()}")
            return True
        if word == "undo" and not rest.strip():
            try:
                undone = self.game.pop()
            except JarnacError as exc:
                self.refuse(number, text, str(exc))
                return True
            self.say(f"  undone: {undone}")
            self.after_change()
            return True
        if word == "show" and not rest.strip():
            self.show()
            return True
        if word == "help" and not rest.strip():
            self.say(HELP)
            return True
        return False


def read_hand_written(game: Game, text: str) -> tuple[GameRecord, list[dict[str, Any]]]:
    """The record of ``game`` after the lines of ``text`` typed as ``record`` reads them (an action a line,
    ``undo``, comments; ``end`` stops), and the lines refused, each with its reason. Nothing is printed and no
    file written (``save`` is refused): the service's audit of a hand-written game reads it so."""
    session = _Session(game, ("A", "B"), None, quiet=True, files=False)
    for number, raw in enumerate(text.splitlines(), 1):
        if not session.take(number, raw):
            break
    return session.record(), session.refused


def _start(args: argparse.Namespace) -> tuple[Game, tuple[str, str] | None]:
    """The game to type: a new one over the board, or the one ``--continue`` names, replayed."""
    if args.continue_file is None:
        args.rules = args.rules or "sheet"
        args.lexicon = args.lexicon or DEFAULT_LEXICON
        rules, lex = rules_and_lexicon(args)
        bag = user_bag(args.bag, lex, "record") if args.bag is not None else None
        return Game(lex, rules, bag, over_the_board=True), None
    for option in ("rules", "bag"):
        if getattr(args, option) is not None:
            raise UsageError(f"{PROG} record: --continue plays the record's {option}: give no --{option}")
    records = read_records(args.continue_file)
    if len(records) != 1:
        raise UsageError(f"{PROG} record: {args.continue_file} holds {plural(len(records), 'game record')}, not one")
    record = records[0]
    if record.seed is not None:
        raise UsageError(
            f"{PROG} record: {args.continue_file} is a seeded game (its draws follow from the seed), not one "
            "played over the board"
        )
    lex = Lexicon.resolve(args.lexicon or record.lexicon)
    try:
        game = record.replay(lex)
    except JarnacError as exc:
        raise UsageError(f"{PROG} record: {args.continue_file}: {exc}") from None
    if game.is_over():
        raise UsageError(f"{PROG} record: {args.continue_file}: the game is over ({game.state.result})")
    args.rules = game.rules.name_or_dict() if isinstance(game.rules.name_or_dict(), str) else "custom"
    return game, record.players


def _players(text: str | None) -> tuple[str, str] | None:
    if text is None:
        return None
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or not all(names):
        raise UsageError(f"{PROG} record: --players takes two names, e.g. Alice,Bruno")
    return names[0], names[1]


def _cmd_record(args: argparse.Namespace) -> None:
    if args.out is not None and not args.out.strip():
        raise UsageError(f"{PROG} record: --out is empty: give a file name (.jsonl for JSON Lines)")
    given = _players(args.players)
    game, kept = _start(args)
    players = given or kept or ("A", "B")
    out = args.out or args.continue_file
    if args.out is not None and args.continue_file is None and os.path.exists(args.out) and os.path.getsize(args.out):
        # A new game would replace the record there (a 13-action record would be emptied at once).
        raise UsageError(
            f"{PROG} record: {args.out} already holds a record: --continue {args.out} adds to it; "
            "remove it or name another file to start a new one"
        )
    session = _Session(game, players, out, args.json)
    if out is not None:
        session.write(out)  # before anything is typed: a path that cannot be written is said now
    what = "continuing" if args.continue_file else "recording"
    session.say(
        f"{what} a game over the board on {game.lexicon.name}, rules {args.rules}: "
        f"A = {players[0]}, B = {players[1]}" + (f"; written to {out} after every action" if out else "")
    )
    session.say("type help for the actions; end or Ctrl-D to finish")
    session.show()
    stdin = sys.stdin
    interactive = stdin.isatty() and not args.json
    number = 0
    while True:
        if interactive:
            s = game.state
            prompt = "end> " if game.is_over() else f"{len(game.actions) + 1}. {'AB'[s.to_act]}> "
            print(prompt, end="", flush=True)
        raw = stdin.readline()
        if not raw:  # the end of the input: Ctrl-D at a terminal
            if interactive:
                print()
            break
        number += 1
        if not session.take(number, raw):
            break
    _finish(args, session)


def _finish(args: argparse.Namespace, session: _Session) -> None:
    game = session.game
    if session.out is not None:
        session.write(session.out)
    record = session.record()
    a, b = game.scores()
    outcome = game.state.result if game.is_over() else UNFINISHED
    if args.json:
        result = {
            "record": record.to_dict(),
            "actions": len(game.actions),
            "scores": [a, b],
            "result": outcome,
            "finished": game.is_over(),
            "refused": session.refused,
            "saved": session.saved,
        }
        emit(args, result, game.lexicon, game.rules)
    else:
        print(f"recorded {plural(len(game.actions), 'action')}: A {a} - B {b}, {outcome}")
        if session.out is None:
            print(str(record), end="")  # no file named: the record itself, nothing lost
        elif session.saved:
            print(f"the record is in {session.out} (jarnac-solver audit {session.out})")
        if session.refused:
            print(f"{plural(len(session.refused), 'line')} refused (see above)", file=sys.stderr)
    if session.refused:
        raise PartialFailure()
