"""The argument parser: every command, its options, their types and help.

Built from light modules only (the lexicon layer and names): the parser of
``check`` costs no import of the move, game or planning layers. Each
command names its handler as ``(module, function)`` in this package
(``handler=("words", "_cmd_check")``); ``main`` imports that module when
the command runs.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Sequence

from .. import __version__, native
from ..commands.check import CheckRequest
from ..commands.hint import HintRequest
from ..commands.hooks import HooksRequest
from ..commands.jarnac import JarnacRequest
from ..commands.lexicons import LexiconDiffRequest, LexiconInfoRequest
from ..commands.listing import AnagramRequest, ExtendRequest, ListingOptions, WordsRequest
from ..commands.model import Span
from ..commands.moves import MovesRequest
from ..commands.plan import PlanRequest
from ..commands.positions import PRESET_NAMES, RULES_HELP
from ..commands.search import SearchRequest
from ..lexicon.bag import BAGS
from ..lexicon.lexicon import DEFAULT_LEXICON
from ..messages.language import LANGUAGES
from .errors import PROG, UsageError
from .models import add_arguments, span_of
from .models import number_in as _number_in
from .models import whole as _whole
from .models import whole_in as _whole_in
from .serving import add_serve_arguments

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NoReturn

# The names of the players, as the parser offers them: a copy, so that building the parser imports no game
# engine; tests/test_cli_layers.py checks that they are the keys of play.players.PLAYERS, in order (and
# PRESET_NAMES, the commands layer's, those of moves.rules.PRESETS).
PLAY_DEFAULT_PLAYERS = "greedy,exchanger"
"""``play --players``'s default (``play --list-players`` takes no other)."""

PLAYER_NAMES = (
    "random",
    "greedy",
    "cautious",
    "exchanger",
    "sloppy",
    "ladder",
    "planner",
    "planner-learned",
    "sim",
    "sim-learned",
    "sim-bounded",
    "careless",
)

BUILT_IN_BAGS = ", ".join(BAGS)
"""The bags ``--bag`` names, as its help lists them."""


class _Parser(argparse.ArgumentParser):
    """An argparse parser that reports a bad command line in one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (try --help)")


class _Help(argparse.RawDescriptionHelpFormatter):
    """Help that shows every option's default (flags and options without one excepted)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        # Identity, not ==: a default of 0 is shown (0 == False).
        shown = all(action.default is not hidden for hidden in (None, False, argparse.SUPPRESS))
        if shown and "default" not in text:
            text += " (default: %(default)s)"
        return text


_budget_ms = _number_in(1, 1e9, "a number of milliseconds")


_range = span_of(Span())
"""A condition's range as the library reads it (``7``, ``5-7``, ``5-``, ``-7``): the model's one rule."""

_positive = _whole_in(1)
_word_length = _whole_in(1, 9, " tiles")
_workers = _whole_in(1, 256, " workers")
_games = _whole_in(1, 10_000_000, " games")
_count = _whole_in(0, 100_000_000)


LISTED = (*(f.name for f in dataclasses.fields(ListingOptions)), "lexicon")
"""The fields of a word listing's request its parent parser gives (``--lexicon``: the common option)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    output = _Parser(add_help=False, allow_abbrev=False)
    output.add_argument("--json", action="store_true", help="print one JSON document (its schema: server/schema.json)")
    output.add_argument(
        "--lang",
        choices=LANGUAGES,
        type=str.lower,
        help="the language of explanations and errors (default: LANGUAGE, LC_ALL, LANG, else English)",
    )
    common = _Parser(add_help=False, parents=[output], allow_abbrev=False)
    common.add_argument(
        "--lexicon", default=DEFAULT_LEXICON, help="a bundled lexicon's name, a .jlex file or a word list"
    )
    word_list = _Parser(add_help=False, parents=[common], allow_abbrev=False)
    add_arguments(word_list, ListingOptions)
    parser = _Parser(prog=PROG, description="Find the words and moves of the word game Jarnac.", allow_abbrev=False)
    # The walk is part of the version: a pure walk where a compiled one was expected is a failed build.
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}, {native.describe()}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND")

    def command(name: str, about: str, parents: list[_Parser], **kw: Any) -> argparse.ArgumentParser:
        made = sub.add_parser(
            name, parents=parents, help=about, description=about, formatter_class=_Help, allow_abbrev=False, **kw
        )
        made.set_defaults(command_name=name)
        return made

    words = command("words", "every word formable from a rack, by length, with points", [word_list])
    add_arguments(words, WordsRequest, given=LISTED)
    words.set_defaults(handler=("words", "_cmd_words"))

    anagram = command("anagram", "words that use exactly these letters", [word_list])
    add_arguments(anagram, AnagramRequest, given=LISTED)
    anagram.set_defaults(handler=("words", "_cmd_anagram"))

    check = command(
        "check",
        "judge words: valid or not in the lexicon, as it folds them (status 1 if one is not);"
        " --lexicon fr,en,nl or all: one column per list",
        [common],
    )
    add_arguments(check, CheckRequest, given=("lexicon",))  # --lexicon: the common option's
    check.set_defaults(handler=("words", "_cmd_check"))

    search = command(
        "search", "words matching a pattern: ? one tile, * any run, [AEIOU] or [^AEIOU] one tile", [word_list]
    )
    add_arguments(search, SearchRequest, given=LISTED)
    search.set_defaults(handler=("words", "_cmd_search"))

    hooks = command("hooks", "the letters that make a word one longer: in front, at the back, inside", [common])
    add_arguments(hooks, HooksRequest, given=("lexicon",))  # --lexicon: the common option's
    hooks.set_defaults(handler=("words", "_cmd_hooks"))

    extend = command("extend", "every extension of a word with rack letters (rearranged freely)", [word_list])
    add_arguments(extend, ExtendRequest, given=LISTED)
    extend.set_defaults(handler=("words", "_cmd_extend"))

    moves = command("moves", "every legal move of a tray, by line, with points", [common])
    add_arguments(moves, MovesRequest, given=("lexicon",))  # --lexicon: the common option's
    moves.set_defaults(handler=("positions", "_cmd_moves"))

    jarnac = command("jarnac", "the best Jarnac against a tray that passed", [common])
    add_arguments(jarnac, JarnacRequest, given=("lexicon",))  # --lexicon: the common option's
    jarnac.set_defaults(handler=("positions", "_cmd_jarnac"))

    plan = command("plan", "the longest ladder on the current letters, with the draws at each step", [common])
    add_arguments(plan, PlanRequest, given=("lexicon",))  # --lexicon: the common option's
    plan.set_defaults(handler=("positions", "_cmd_plan"))

    hint = command("hint", "what to do now, ranked, with the reasons: moves, draw or exchange, Jarnac", [common])
    add_arguments(hint, HintRequest, given=("lexicon",))  # --lexicon: the common option's
    hint.set_defaults(handler=("positions", "_cmd_hint"))

    executors = _Parser(add_help=False, allow_abbrev=False)
    where = executors.add_mutually_exclusive_group()
    where.add_argument("--processes", type=_workers, metavar="N", help="run on N local processes (no extra needed)")
    where.add_argument(
        "--workers",
        type=_workers,
        metavar="N",
        help="run on a local Dask cluster of N processes (the distributed extra)",
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on the Dask cluster at ADDRESS, e.g. tcp://host:8786"
    )

    play = command("play", "self-play: a match between two players, sides alternating", [common, executors])
    play.add_argument("--players", default=PLAY_DEFAULT_PLAYERS, help=f"two of: {', '.join(PLAYER_NAMES)}")
    play.add_argument("--games", type=_games, default=10, help="how many games (1 to 10000000)")
    play.add_argument("--seed", type=_whole, default=1, help="the first game's seed (then seed+1, ...)")
    play.add_argument("--rules", default="sheet", choices=list(PRESET_NAMES), help=RULES_HELP)
    play.add_argument(
        "--clock",
        type=_number_in(0.001, 86400, "a number of seconds"),
        metavar="SECONDS",
        help="thinking time per decision; over it the decision is a pass (default: the rules', competitive 60)",
    )
    play.add_argument(
        "--playouts",
        type=_whole_in(1, 10_000, " play-outs"),
        metavar="N",
        help="rounds of play-outs a decision of sim, sim-learned, sim-bounded: their level (default 16; levels.md)",
    )
    play.add_argument(
        "--list-players",
        action="store_true",
        help="list the built-in players, strongest first, with their measured levels (Elo by lexicon); play nothing",
    )
    play.add_argument("--show", action="store_true", help="print every game turn by turn")
    play.add_argument(
        "--record", metavar="FILE", help="write the game records to FILE (text; JSON Lines if FILE ends in .jsonl)"
    )
    play.add_argument(
        "--bag",
        metavar="NAME|FILE",
        help=f"a built-in bag ({BUILT_IN_BAGS}) or a file such as '12A 2IJ ...' (default: the lexicon's)",
    )
    play.set_defaults(handler=("games", "_cmd_play"))

    replay = command("replay", "replay and check game records (text or JSON Lines)", [output])
    replay.add_argument("file", help="a file of game records, as play --record writes them")
    replay.add_argument("--lexicon", help="a bundled name, .jlex file or word list (default: each record's)")
    replay.add_argument("--show", action="store_true", help="print every game turn by turn")
    replay.set_defaults(handler=("games", "_cmd_replay"))

    audit = command("audit", "audit recorded games: every Jarnac window, what could be called, what was", [output])
    audit.add_argument("file", help="game records (text or JSON Lines), seeded or played over the board")
    audit.add_argument("--lexicon", help="a bundled name, .jlex file or word list (default: each record's)")
    audit.add_argument("--deep", action="store_true", help="also each turn's best first move and longest ladder")
    audit.add_argument("--workers", type=_workers, default=1, help="processes auditing in parallel (1 to 256)")
    audit.set_defaults(handler=("games", "_cmd_audit"))

    review = command(
        "review", "review recorded games: every decision weighed against the engine's best, by play-outs", [output]
    )
    review.add_argument(
        "file", help="game records (text or JSON Lines), seeded or played over the board, finished or not"
    )
    review.add_argument("--lexicon", help="a bundled name, .jlex file or word list (default: each record's)")
    review.add_argument(
        "--playouts", type=_whole_in(2, 10_000, " play-outs"), default=16, metavar="N",
        help="rounds of play-outs a decision: the strength, reproducible from --seed",
    )  # fmt: skip
    review.add_argument(
        "--budget", type=_budget_ms, default=10_000, metavar="MS",
        help="milliseconds a decision at most: a ceiling, each decision it stops said so",
    )  # fmt: skip
    review.add_argument("--seed", type=_whole, default=0, help="the play-outs' seed")
    review.add_argument(
        "--depth", choices=["simulate", "plan"], default="simulate",
        help="weigh by play-outs, or by the planner's values alone (milliseconds a decision, the planner's units)",
    )  # fmt: skip
    review.add_argument("--top", type=_whole_in(0, 20), default=4, help="engine candidates beyond its own choice")
    review.add_argument("--player", type=str.upper, choices=["A", "B"], help="only this player's decisions")
    review.add_argument("--jobs", type=_workers, default=1, metavar="N", help="worker processes (1 to 256)")
    review.add_argument("--report", metavar="DIR", help="write a graph of each game (PNG) to DIR (the report extra)")
    review.set_defaults(handler=("reviewing", "_cmd_review"))

    puzzle = command(
        "puzzle",
        "a Jarnac puzzle cut from strong self-play (the daily one, by seed, or from your own game's mistakes), "
        "shown, then answered and judged by the exact solver",
        [common],
    )
    which = puzzle.add_mutually_exclusive_group()
    which.add_argument(
        "--date",
        metavar="YYYY-MM-DD",
        help="the daily puzzle of this date (default: today's, UTC): the same for everyone",
    )
    which.add_argument("--seed", type=_whole, metavar="N", help="a puzzle from self-play games seeded N, N+1, ...")
    which.add_argument(
        "--mistakes", metavar="FILE", help="puzzles from your worst decisions in this game record (reviewed first)"
    )
    puzzle.add_argument(
        "--kind",
        choices=["jarnac", "best_play", "pass_or_play", "jarnacable"],
        help="with --seed or --mistakes: only puzzles of this kind",
    )
    puzzle.add_argument("--player", type=str.upper, choices=["A", "B"], default="A", help="--mistakes: whose mistakes")
    puzzle.add_argument(
        "--number", type=_whole_in(1, 1000), default=1, metavar="K", help="--seed, --mistakes: the K-th puzzle found"
    )
    puzzle.add_argument(
        "--playouts", type=_whole_in(0, 1000), default=0, metavar="N",
        help="--mistakes: review by N play-outs a decision (0: by the planner's values, milliseconds a game)",
    )  # fmt: skip
    puzzle.add_argument("--answer", metavar="TEXT", help="judge this answer (else asked for on a terminal)")
    puzzle.add_argument("--reveal", action="store_true", help="show the answer and why, without judging one")
    puzzle.set_defaults(handler=("practicing", "_cmd_puzzle"))

    quiz = command(
        "quiz",
        "word quizzes on a spaced schedule: the next card due (anagrams, extensions or a rack's words), "
        "answered and rescheduled (FSRS with the practice extra, else Leitner boxes)",
        [common],
    )
    quiz.add_argument(
        "--state", metavar="PATH",
        help="your progress, an SQLite file (default: jarnac-solver/progress.sqlite3 in the data folder)",
    )  # fmt: skip
    quiz.add_argument("--person", default="me", help="whose progress: one file holds any number of people")
    quiz.add_argument("--kind", choices=["anagrams", "extensions", "rack"], default="anagrams", help="the cards' kind")
    quiz.add_argument("--length", type=_whole_in(2, 9, " tiles"), default=7, help="the words' length in tiles")
    quiz.add_argument(
        "--order", choices=["probability", "alphabet", "missed"], default="probability",
        help="the deck by probability rank (likeliest first), every one of that length alphabetically, or the"
        " anagrams of the words you missed in games (--mistakes adds a game's)",
    )  # fmt: skip
    quiz.add_argument("--ranks", type=_range, default="1-100", help="the deck's ranks in that order, e.g. 1-500")
    quiz.add_argument(
        "--scheduler", choices=["auto", "fsrs", "leitner"], default="auto",
        help="new cards' schedule: auto = FSRS when the fsrs package is installed, else Leitner boxes",
    )  # fmt: skip
    quiz.add_argument("--answer", metavar="WORDS", help="your words for the card due ('-': none); else asked for")
    quiz.add_argument("--grade", choices=["hard", "good", "easy"], help="a right answer's grade (default: good)")
    quiz.add_argument(
        "--mistakes", metavar="FILE", help="add the words --player missed in this game record (reviewed first) to"
        " your missed deck, and quiz it",
    )  # fmt: skip
    quiz.add_argument("--player", type=str.upper, choices=["A", "B"], default="A", help="--mistakes: whose mistakes")
    quiz.add_argument(
        "--playouts", type=_whole_in(0, 1000), default=0, metavar="N",
        help="--mistakes: review by N play-outs a decision (0: by the planner's values, milliseconds a game)",
    )  # fmt: skip
    quiz.set_defaults(handler=("practicing", "_cmd_quiz"))

    record = command(
        "record",
        "type a game played over the board, one action a line (from a terminal or a pipe), each checked as typed",
        [output],
    )
    record.add_argument(
        "--lexicon", help=f"a bundled name, .jlex file or word list (default: {DEFAULT_LEXICON}, or the record's)"
    )
    record.add_argument("--rules", choices=list(PRESET_NAMES), help=RULES_HELP + " (default: sheet, or the record's)")
    record.add_argument(
        "--bag", metavar="NAME|FILE", help=f"a built-in bag ({BUILT_IN_BAGS}) or a bag file (default: the lexicon's)"
    )
    record.add_argument("--players", metavar="NAMES", help="the two players' names, e.g. Alice,Bruno (default: A,B)")
    record.add_argument(
        "--out",
        metavar="FILE",
        help="write the record to FILE after every accepted action (text; JSON Lines if FILE ends in .jsonl)",
    )
    record.add_argument(
        "--continue",
        dest="continue_file",
        metavar="FILE",
        help="resume the game recorded in FILE (played over the board), written back to it unless --out",
    )
    record.set_defaults(handler=("recording", "_cmd_record"))

    serve = command(
        "serve",
        "the commands as an HTTP service: POST /api/COMMAND, the same JSON as --json (the server extra)",
        [],
    )
    add_serve_arguments(serve)
    serve.set_defaults(handler=("jarnac_solver.server.command", "_cmd_serve"), json=False)

    def grouped(
        subparsers: Any, group: str, name: str, about: str, description: str = "", more: Sequence[_Parser] = ()
    ) -> argparse.ArgumentParser:
        """A command of a group (``lexicon info``, ``nain-jaune play``): the shared options, its full name."""
        made = subparsers.add_parser(
            name,
            parents=[output, *more],
            help=about,
            description=description or about,
            formatter_class=_Help,
            allow_abbrev=False,
        )
        made.set_defaults(command_name=f"{group} {name}")
        assert isinstance(made, argparse.ArgumentParser)
        return made

    # Nain Jaune (docs/nain_jaune.md), its own package: named by its full module name, as serve's, never imported here.
    nain_jaune = sub.add_parser("nain-jaune", help="the card game Nain Jaune: self-play and records")
    nsub = nain_jaune.add_subparsers(dest="nain_jaune_command", required=True, parser_class=_Parser, metavar="COMMAND")
    nj_play = grouped(
        nsub,
        "nain-jaune",
        "play",
        "games between players (or people at this terminal), seats rotating",
        "games of Nain Jaune between the built-in players and people at this terminal, seats rotating",
    )
    nj_play.add_argument(
        "--players",
        default="greedy,stakes",
        help="2 to 4 of: random, greedy, stakes, mc, mc:N, person (you, at this terminal)",
    )
    nj_play.add_argument("--games", type=_games, default=1, help="how many games, seats rotating")
    nj_play.add_argument("--seed", type=_whole, default=1, help="the first game's seed (then seed+1, ...)")
    nj_play.add_argument(
        "--rule", action="append", metavar="KEY=VALUE", help="a rule option, e.g. ace=high (docs/nain_jaune.md)"
    )
    nj_play.add_argument("--show", action="store_true", help="print every game: each deal and each turn")
    nj_play.add_argument("--record", metavar="FILE", help="write the game records to FILE")
    nj_play.set_defaults(handler=("jarnac_solver.nain_jaune.cli", "_cmd_nain_jaune_play"))
    nj_replay = grouped(
        nsub,
        "nain-jaune",
        "replay",
        "replay and check records",
        "replay Nain Jaune records from their seeds, checking every action and the result",
    )
    nj_replay.add_argument("file", help="a file of Nain Jaune records, as play --record writes them")
    nj_replay.add_argument("--show", action="store_true", help="print every game: each deal and each turn")
    nj_replay.set_defaults(handler=("jarnac_solver.nain_jaune.cli", "_cmd_nain_jaune_replay"))

    lexicon = sub.add_parser(
        "lexicon", help="build, inspect and list lexicons", description="build, inspect and list lexicons"
    )
    lsub = lexicon.add_subparsers(dest="lexicon_command", required=True, parser_class=_Parser, metavar="COMMAND")

    def lexicon_command(name: str, about: str, more: Sequence[_Parser] = ()) -> argparse.ArgumentParser:
        return grouped(lsub, "lexicon", name, about, more=more)

    build = lexicon_command("build", "compile a word list (one word a line, UTF-8) into a .jlex file")
    build.add_argument("input", help="the word list")
    build.add_argument("output", help="the .jlex file to write")
    build.add_argument("--name", help="the name stored in the lexicon (default: the file's stem)")
    build.set_defaults(handler=("lexicons", "_cmd_lexicon_build"))
    info = lexicon_command("info", "sizes, letters, source, licence and bag of a lexicon")
    add_arguments(info, LexiconInfoRequest)
    info.set_defaults(handler=("lexicons", "_cmd_lexicon_info"))
    listing = lexicon_command("list", "the bundled lexicons")
    listing.set_defaults(handler=("lexicons", "_cmd_lexicon_list"))
    study = lexicon_command(
        "compare", "compare lexicons by how they play: racks, positions and games, with intervals", [executors]
    )
    study.add_argument("lexicons", nargs="+", metavar="LEXICON", help="bundled names, .jlex files or word lists")
    study.add_argument("--racks", type=_count, default=10_000, help="racks drawn from the bag")
    study.add_argument("--rack-size", type=_positive, default=7, help="tiles per rack (1 to 15)")
    study.add_argument("--no-ladders", action="store_true", help="skip the racks' longest ladders (the costliest part)")
    study.add_argument(
        "--ladder-budget",
        type=_budget_ms,
        metavar="MS",
        help="milliseconds per rack's ladder (default: a 10 s ceiling; a budget that runs out changes a row, flagged)",
    )
    study.add_argument("--trays", type=_count, default=200, help="positions taken from self-play")
    study.add_argument(
        "--tray-budget",
        type=_budget_ms,
        metavar="MS",
        help="milliseconds per position's best Jarnac (default: the 10 s ceiling)",
    )
    study.add_argument("--games", type=_count, default=100, help="self-play games on each lexicon")
    study.add_argument(
        "--players", default="ladder,ladder", help=f"the self-play players, two of: {', '.join(PLAYER_NAMES)}"
    )
    study.add_argument("--seed", type=_whole, default=0, help="the study's seed: the same seed, the same numbers")
    study.add_argument("--rules", default="sheet", choices=list(PRESET_NAMES), help=RULES_HELP)
    study.add_argument("--bag", metavar="NAME|FILE", help="one bag for every lexicon (default: each lexicon's own)")
    study.add_argument(
        "--engine",
        choices=["auto", "numpy", "python"],
        default="auto",
        help="rack counting: numpy batch or one query a rack",
    )
    study.add_argument("--rows", metavar="DIR", help="write every rack, position and game as a row into DIR")
    study.add_argument("--rows-format", choices=["csv", "parquet"], default="csv", help="the rows' file format")
    study.add_argument("--report", metavar="DIR", help="write a page with plots into DIR (the report extra)")
    study.add_argument("--no-familiarity", action="store_true", help="skip the difference words' familiarity")
    study.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")
    study.set_defaults(handler=("lexicons", "_cmd_lexicon_compare"))
    diff = lexicon_command("diff", "the words in one lexicon and not the other, by length, likeliest first")
    add_arguments(diff, LexiconDiffRequest)
    diff.set_defaults(handler=("lexicons", "_cmd_lexicon_diff"))
    return parser


COMMANDS = (
    "words",
    "anagram",
    "check",
    "search",
    "hooks",
    "extend",
    "moves",
    "jarnac",
    "plan",
    "hint",
    "play",
    "replay",
    "audit",
    "review",
    "puzzle",
    "quiz",
    "record",
    "serve",
    "lexicon",
    "nain-jaune",
)
LEXICON_COMMANDS = ("build", "info", "list", "compare", "diff")
