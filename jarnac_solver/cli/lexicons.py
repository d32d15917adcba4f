"""The ``lexicon`` commands: ``build``, ``info``, ``list``, ``compare`` and ``diff``."""

from __future__ import annotations

import argparse
import sys
import time

from ..commands.lexicons import (
    LexiconDiffRequest,
    LexiconInfoRequest,
    LexiconListRequest,
    implementation_reason,
    lexicon_diff,
    lexicon_info,
    lexicon_list,
)
from ..errors import InvalidInputError
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..lexicon.probability import draw_odds_text
from .errors import PROG, UsageError
from .models import request_of
from .options import executor_from, user_bag
from .output import emit, plural, progress_bar


def _cmd_lexicon_build(args: argparse.Namespace) -> None:
    from pathlib import Path

    if Path(args.output).resolve() == Path(args.input).resolve():
        raise UsageError(f"{PROG} lexicon build: the output {args.output} is the word list itself")
    start = time.perf_counter()
    meta = {"name": args.name} if args.name else None
    lex = Lexicon.from_file(args.input, metadata=meta)
    lex.save(args.output)
    seconds = time.perf_counter() - start
    skipped = lex.metadata.get("skipped", {})
    if args.json:
        emit(args, {"output": args.output, "words": len(lex), "skipped": skipped}, lex, None)
        return
    print(f"{args.output}: {len(lex)} words in {seconds:.2f} s")
    for reason, count in skipped.items():
        print(f"skipped {plural(count, 'entry')}: {reason}")


def _cmd_lexicon_info(args: argparse.Namespace) -> None:
    lex, bag, info = lexicon_info(request_of(args, LexiconInfoRequest))
    meta = lex.metadata
    if args.json:
        emit(args, info, lex, None)
        return
    print(f"{lex.name}: {len(lex)} words, alphabet {lex.alphabet.name} ({lex.alphabet.describe()})")
    for key in ("description", "source", "licence"):
        if info[key]:
            print(f"{key}: {info[key]}")
    print("by length: " + ", ".join(f"{n}: {c}" for n, c in lex.length_counts().items()))
    print("letters: " + " ".join(f"{t}:{c}" for t, c in lex.letter_counts().items()))
    print(f"bag: {bag.name} ({bag})" if bag is not None else "bag: none known (give one to play)")
    for reason, count in dict(meta.get("skipped", {})).items():
        print(f"skipped at build: {plural(count, 'entry')} {reason}")
    # The bundled lists' removals by reason (lexicons/README.md): a user looks for them here.
    for reason, count in dict(meta.get("removed", {})).items():
        print(f"removed at build: {plural(count, 'word')}: {reason}")
    print(f"implementation: {lex.implementation} ({implementation_reason(lex)})")


def _cmd_lexicon_list(args: argparse.Namespace) -> None:
    rows = lexicon_list(LexiconListRequest())["lexicons"]
    if args.json:
        emit(args, {"lexicons": rows}, None, None)
        return
    width = max(len(str(row["name"])) for row in rows)
    for row in rows:
        default = " (default)" if row["default"] else ""
        print(f"{row['name']:<{width}} {row['words']:>7} words  {row['description']}{default}")


def _cmd_lexicon_compare(args: argparse.Namespace) -> None:
    from ..moves.rules import Rules
    from ..studies.compare import compare
    from ..studies.report import write_report
    from ..studies.rows import prepare_folder, write_rows

    lexicons = [Lexicon.resolve(spec) for spec in args.lexicons]
    bag = user_bag(args.bag, lexicons[0], "lexicon compare") if args.bag is not None else None
    players = [p.strip() for p in args.players.split(",")]
    if len(players) != 2:
        raise UsageError(f"{PROG} lexicon compare: --players takes two names, e.g. ladder,planner")
    executor = executor_from(args)
    if args.report is not None:  # before the work: a missing extra is said at once, not after an hour
        from ..studies.report import load_pyplot

        load_pyplot()
    if args.rows is not None and args.rows_format == "parquet":
        from ..studies.rows import parquet_module

        parquet_module()
    for folder, what in ((args.rows, "rows"), (args.report, "report")):
        if folder is not None:
            try:
                prepare_folder(folder, what)
            except InvalidInputError as exc:
                raise UsageError(f"{PROG} lexicon compare: {exc}") from None
    show_bar = sys.stderr.isatty() and not args.json and not args.no_progress
    study = compare(
        lexicons,
        bags=None if bag is None else [bag] * len(lexicons),
        rules=Rules.preset(args.rules),
        seed=args.seed,
        racks=args.racks,
        rack_size=args.rack_size,
        ladders=not args.no_ladders,
        ladder_budget=None if args.ladder_budget is None else args.ladder_budget / 1000,
        trays=args.trays,
        tray_budget=None if args.tray_budget is None else args.tray_budget / 1000,
        games=args.games,
        players=players,
        engine=args.engine,
        executor=executor,
        progress=progress_bar("chunks") if show_bar else None,
        familiarity=not args.no_familiarity,
    )
    if show_bar:
        print(file=sys.stderr)
    written = write_rows(study, args.rows, args.rows_format) if args.rows is not None else []
    page = write_report(study, args.report) if args.report is not None else None
    if args.json:
        document = study.to_dict()
        document["rows_written"] = [str(p) for p in written]
        document["report"] = None if page is None else str(page)
        emit(args, document, None, Rules.preset(args.rules))
        return
    print(study.table())
    for path in written:
        print(f"rows: {path}")
    if page is not None:
        print(f"report: {page}")


def _cmd_lexicon_diff(args: argparse.Namespace) -> None:
    resolved: list[Lexicon] = []

    def resolve(name: str) -> Lexicon:  # kept: the text names a length in letters or in tiles
        resolved.append(Lexicon.resolve(name))
        return resolved[-1]

    def bag_of(name: str, lex: Lexicon) -> Bag:  # a built-in bag's name or a bag file
        return user_bag(name, lex, "lexicon diff")

    diff = lexicon_diff(request_of(args, LexiconDiffRequest), resolve, bag_of)
    if args.json:
        emit(args, diff, None, None)
        return
    sides, names = diff["sides"], (diff["first"], diff["second"])
    unit = "letter" if resolved[0].alphabet.single else "tile"  # one alphabet: lexicon_diff checked it
    for side, other in zip(sides, reversed(names), strict=True):
        drawn = f", probability of drawing each from the bag {side['bag']}" if side["bag"] else ""
        size = plural(side["words"], "word")
        print(f"only in {side['name']} ({size}), not in {other}: {plural(side['only'], 'word')}{drawn}")
        if side["note"]:
            print(f"  ({side['note']})")
        for length, row in side["by_length"].items():
            print(f"  {plural(int(length), unit)}: {plural(row['count'], 'word')}")
            for cell in row["words"]:
                odds_text = f"  {draw_odds_text(cell['probability'])}" if "probability" in cell else ""
                known_text = f"  familiarity {cell['familiarity']:.1f}" if "familiarity" in cell else ""
                print(f"    {cell['word']}{odds_text}{known_text}")
            if row["more"]:
                print(f"    ... and {row['more']:,} more (--limit 0 lists them all)")
