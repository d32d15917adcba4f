"""The word commands: ``words``, ``anagram``, ``extend``, ``check``, ``search`` and ``hooks`` (the lexicon
layer only); their listings are printed by :mod:`.listing`."""

from __future__ import annotations

import argparse
from typing import Any

from ..commands import hooks as hooking
from ..commands import listing
from ..commands.check import Checked, CheckRequest, LexiconListError, check, source_of
from ..commands.hooks import HooksRequest
from ..commands.lexicons import skipped_note
from ..commands.listing import AnagramRequest, ExtendRequest, WordsRequest
from ..commands.model import specs
from ..commands.search import SearchRequest, search
from ..lexicon.lexicon import Lexicon
from .errors import PROG, NotAllValid, UsageError
from .listing import listed, other_lexicon, print_listing
from .models import request_of
from .output import SCHEMA, counted, emit, print_document, said


def _cmd_words(args: argparse.Namespace) -> None:
    print_listing(args, listed(args, listing.words, request_of(args, WordsRequest)))


def _cmd_anagram(args: argparse.Namespace) -> None:
    print_listing(args, listed(args, listing.anagram, request_of(args, AnagramRequest)))


def _cmd_extend(args: argparse.Namespace) -> None:
    print_listing(args, listed(args, listing.extend, request_of(args, ExtendRequest)))


def _cmd_check(args: argparse.Namespace) -> None:
    request = request_of(args, CheckRequest)

    def resolve(name: str) -> Lexicon:  # --lexicon read as every command reads it; one of a list as --mark
        return Lexicon.resolve(name) if name == request.lexicon else other_lexicon(args, name, "--lexicon")

    try:  # every word checked in every list before anything is printed
        checked = check(request, resolve)
    except LexiconListError as exc:  # a list of lexicons with a name empty or twice
        raise UsageError(f"{PROG} check: {exc}") from None
    if args.json:
        document = {"schema": SCHEMA, "command": args.command_name, "lexicon": checked.lexicon, "rules": None}
        print_document({**document, "result": checked.result()})
    elif checked.several:
        _print_several(checked)
    else:
        lex = checked.lexicons[0]
        source = source_of(lex)
        print(said("cli.check_lexicon", lexicon=lex.name, source=source) + skipped_note(lex))
        for _, (one,) in checked.rows:
            shown = one.folded if one.folded == one.word else f"{one.word} -> {one.folded}"
            code = "cli.check_valid" if one.valid else "cli.check_invalid"
            apart = None if one.valid else _apart(lex, one.word)
            if apart is not None:
                print(said("cli.check_apart", word=shown, tiles=counted("cli.n_tiles", one.tiles),
                           apart=apart.folded, apart_tiles=counted("cli.n_tiles", apart.tiles)))  # fmt: skip
            else:
                print(said(code, word=shown, tiles=counted("cli.n_tiles", one.tiles)))
    if not checked.all_valid:
        raise NotAllValid()


def _apart(lex: Lexicon, word: str) -> Any:
    """The lexicon's own spelling of a word typed with the IJ tile where it holds an I and a J (BIJOU: BI.JOU,
    docs/lexicons.md), as a ``WordCheck``; None when there is none. Tries each IJ alone, then all of them."""
    tiles = lex.alphabet.tokenize(word, "word")
    where = [i for i, tile in enumerate(tiles) if tile == "IJ"][:4]
    for cut in [[i] for i in where] + ([where] if len(where) > 1 else []):
        split = [piece for i, tile in enumerate(tiles) for piece in (("I", "J") if i in cut else (tile,))]
        if all(piece in lex.alphabet.index for piece in split):
            one = lex.check(lex.alphabet.write(split))
            if one.valid:
                return one
    return None


def _print_several(checked: Checked) -> None:
    """One row per word, one column per list."""
    names = [lex.name for lex in checked.lexicons]
    shown = [
        checks[0].folded if checks[0].folded == word else f"{word} -> {checks[0].folded}"
        for word, checks in checked.rows
    ]
    heading = said("cli.word_column")
    width = max(len(heading), *(len(text) for text in shown))
    yes = said("cli.yes")
    cells = [max(len(name), len(yes)) for name in names]
    columns = (name.ljust(w) for name, w in zip(names, cells, strict=True))
    print("  ".join([heading.ljust(width), *columns]).rstrip())
    for text, (_, checks) in zip(shown, checked.rows, strict=True):
        marks = [yes if c.valid else "-" for c in checks]
        print("  ".join([text.ljust(width), *(m.ljust(w) for m, w in zip(marks, cells, strict=True))]).rstrip())


def _cmd_search(args: argparse.Namespace) -> None:
    request = request_of(args, SearchRequest)
    option = {spec.name: spec.option for spec in specs(SearchRequest)}

    def make(asked: SearchRequest, resolve: Any, bag_of: Any, _: object) -> listing.Listing:
        # a lexicon --in, --not-in or --mark names: read as --mark's (a name, or a file), named by its option
        return search(asked, resolve, bag_of, lambda name, field: other_lexicon(args, name, option[field]))

    print_listing(args, listed(args, make, request))


def _cmd_hooks(args: argparse.Namespace) -> None:
    from ..lexicon.probability import draw_odds_text
    from .options import user_bag

    if args.format == "json":
        args.json = True
    request = request_of(args, HooksRequest)
    # every word read before anything is printed; --bag a built-in bag's name or a bag file
    hooked = hooking.hooks(request, Lexicon.resolve, lambda name, lex: user_bag(name, lex, args.command_name))
    lex, found, limit = hooked.lexicon, hooked.found, request.limit
    if args.json:
        emit(args, hooked.result(), lex, None)
        return
    if args.format == "lines":
        for hooks in found:
            for kind, listed in (("front", hooks.front), ("back", hooks.back), ("inner", hooks.inner)):
                for hook in listed[:limit] if limit else listed:
                    print(f"{hooks.folded}\t{kind}\t{hook.letter}\t{hook.word}")
        return
    if found and found[0].bag:
        print(said("cli.hooks_header_odds", lexicon=lex.name, bag=found[0].bag) + skipped_note(lex))
    else:
        print(said("cli.hooks_header", lexicon=lex.name) + skipped_note(lex))
    kinds = {kind: said(f"cli.hook_{kind}") for kind in ("front", "back", "inner")}
    kind_width = max(5, *map(len, kinds.values()))
    for hooks in found:
        front, back = hooks.letters()
        shown = hooks.folded if hooks.folded == hooks.word else f"{hooks.word} -> {hooks.folded}"
        sides = {"front": front.lower() or "-", "word": shown, "back": back.lower() or "-"}
        count = counted("cli.n_hooks", len(hooks.all()))
        if hooks.valid:
            print(said("cli.hooks_word", **sides, hooks=count))
        else:
            print(said("cli.hooks_word_invalid", **sides, folded=hooks.folded, lexicon=lex.name, hooks=count))
        for kind, listed in (("front", hooks.front), ("back", hooks.back), ("inner", hooks.inner)):
            cut = listed[:limit] if limit else listed
            for hook in cut:
                odds = f"  {draw_odds_text(hook.probability):>16}" if hook.probability is not None else ""
                print(f"  {kinds[kind]:<{kind_width}}  {hook.letter:<2} {hook.word:<10}{odds}".rstrip())
            if len(cut) < len(listed):
                print(f"  {kinds[kind]:<{kind_width}}  {said('cli.more', more=len(listed) - len(cut))}")
