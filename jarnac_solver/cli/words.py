"""The word commands: ``words``, ``anagram``, ``extend``, ``check`` and ``search`` (the lexicon layer only)."""

from __future__ import annotations

import argparse

from ..lexicon.lexicon import Lexicon
from .errors import PROG, UsageError, _NotAllValid
from .output import _emit, _print_words, _skipped, _skipped_note, plural


def _not_empty(value: str, what: str, command: str) -> None:
    if not value.strip():
        raise UsageError(f"{PROG} {command}: the {what} is empty; give some letters")


def _cmd_words(args: argparse.Namespace) -> None:
    _not_empty(args.rack, "rack", args.command_name)
    lex = Lexicon.resolve(args.lexicon)
    words = lex.subanagrams(args.rack, min_len=args.min_len, max_len=args.max_len)
    query = {"rack": args.rack, "min_len": args.min_len, "max_len": args.max_len}
    _print_words(args, lex, f"words from {lex.alphabet.fold(args.rack)}", words, query)


def _cmd_anagram(args: argparse.Namespace) -> None:
    _not_empty(args.letters, "list of letters", args.command_name)
    lex = Lexicon.resolve(args.lexicon)
    words = lex.anagrams(args.letters)
    _print_words(args, lex, f"anagrams of {lex.alphabet.fold(args.letters)}", words, {"letters": args.letters})


def _cmd_extend(args: argparse.Namespace) -> None:
    _not_empty(args.word, "word", args.command_name)
    _not_empty(args.rack, "rack", args.command_name)
    lex = Lexicon.resolve(args.lexicon)
    words = lex.extensions(args.word, args.rack, max_len=args.max_len)
    title = f"extensions of {lex.alphabet.fold(args.word)} with {lex.alphabet.fold(args.rack)}"
    query = {"word": args.word, "rack": args.rack, "max_len": args.max_len}
    _print_words(args, lex, title, words, query)


def _cmd_check(args: argparse.Namespace) -> None:
    lex = Lexicon.resolve(args.lexicon)
    checks = [lex.check(word) for word in args.words]  # every word checked before anything is printed
    source = str(lex.metadata.get("source", "")) or "a word list"
    if args.json:
        rows = [check._asdict() for check in checks]
        result = {"source": source, "all_valid": all(c.valid for c in checks), "words": rows, "skipped": _skipped(lex)}
        _emit(args, result, lex, None)
    else:
        print(f"lexicon {lex.name} ({source}){_skipped_note(lex)}")
        for check in checks:
            shown = check.folded if check.folded == check.word else f"{check.word} -> {check.folded}"
            print(f"{shown}: {'valid' if check.valid else 'NOT valid'} ({plural(check.tiles, 'tile')})")
    if not all(check.valid for check in checks):
        raise _NotAllValid()


def _cmd_search(args: argparse.Namespace) -> None:
    if args.letters is not None:
        # As words refuses an empty rack (leave --letters out to search every word).
        _not_empty(args.letters, "--letters rack", args.command_name)
    lex = Lexicon.resolve(args.lexicon)
    words = lex.search(args.pattern, letters=args.letters)
    query = {"pattern": args.pattern, "letters": args.letters}
    title = f"words matching {args.pattern}" + (f" from {lex.alphabet.fold(args.letters)}" if args.letters else "")
    _print_words(args, lex, title, words, query)
