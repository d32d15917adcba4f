"""Every legal move of a tray, and whether a pass was Jarnac-able.

``AlphagramIndex.move_nodes`` finds the new words (the rack's subanagrams)
and every line's extensions at once: by walks, or by hashing line + rack
subsets once the lexicon has built its key map. Move objects are built only
when a caller iterates: ``len``, ``in`` and ``count`` need none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from .errors import AlphabetMismatchError, InvalidInputError
from .lexicon import Lexicon
from .move import Move, sorted_letters
from .rules import Rules
from .tray import Tray

__all__ = ["LegalMoves", "is_jarnacable", "legal_moves"]

DEFAULT_RULES = Rules()


def check_inputs(lexicon: Lexicon, tray: Tray, rules: Rules | None) -> Rules:
    """Validate the three arguments every function of the move layer takes."""
    if not isinstance(lexicon, Lexicon):
        raise InvalidInputError(f"expected a Lexicon, got {type(lexicon).__name__}")
    if not isinstance(tray, Tray):
        raise InvalidInputError(f"expected a Tray, got {type(tray).__name__} (use Tray.parse for the notation)")
    if rules is None:
        rules = DEFAULT_RULES
    elif not isinstance(rules, Rules):
        raise InvalidInputError(f"expected Rules or None, got {type(rules).__name__}")
    if tray.alphabet != lexicon.alphabet:
        raise AlphabetMismatchError(
            f"the tray has the alphabet {tray.alphabet.name!r} but the lexicon {lexicon.name!r} "
            f"has {lexicon.alphabet.name!r}"
        )
    tray.check(rules)
    return rules


def added_letters(old: str, word: str, tray: Tray) -> str:
    """The letters ``word`` adds to ``old``, in alphabet order."""
    if tray.alphabet.single:
        counts = Counter(word)
        counts.subtract(old)
        return "".join(sorted(counts.elements()))
    counts = Counter(tray.alphabet.tokenize(word))
    counts.subtract(tray.alphabet.tokenize(old))
    return sorted_letters(list(counts.elements()), tray.alphabet)


def move_words(lexicon: Lexicon, tray: Tray, rules: Rules) -> tuple[list[str], list[list[str]]]:
    """Place words and, per line, extension words (``move_nodes``, as words)."""
    index = lexicon.index
    rack, _ = lexicon.tally(tray.rack, "rack")
    place = (rules.min_length_on(tray.next_line), rules.line_length) if tray.free_lines(rules) > 0 else None
    lines = [lexicon.tally(line, "line") for line in tray.lines]
    place_nodes, line_nodes = index.move_nodes(rack, place, lines, rules.line_length, lexicon.move_keys())
    groups = index.groups
    places = " ".join(map(groups.__getitem__, place_nodes)).split()  # type: ignore[arg-type]
    extensions = [" ".join(map(groups.__getitem__, nodes)).split() for nodes in line_nodes]  # type: ignore[arg-type]
    places.sort()
    for words in extensions:
        words.sort()
    return places, extensions


class LegalMoves:
    """The legal moves of one tray: ``len``, ``in``, iteration (extensions line by line, then places).

    >>> from jarnac_solver import Lexicon
    >>> moves = legal_moves(Lexicon.load("fr"), Tray.parse("RAT BUT / ZW"))
    >>> [str(m) for m in moves]
    ['1:RAT+Z=TZAR']
    >>> Move.parse("1:RAT+Z=TZAR") in moves, moves.count()
    (True, 1)
    """

    def __init__(self, tray: Tray, places: list[str], extensions: list[list[str]]) -> None:
        self.tray = tray
        self.places = places
        """The words a place move can put on the next line, alphabetically."""
        self.extensions = extensions
        """``extensions[i]``: the words line ``i`` can become, alphabetically."""
        self._place_set: set[str] | None = None

    def __len__(self) -> int:
        return len(self.places) + sum(map(len, self.extensions))

    def count(self) -> int:
        """The number of legal moves (no Move is built)."""
        return len(self)

    def __bool__(self) -> bool:
        return bool(self.places) or any(self.extensions)

    def __iter__(self) -> Iterator[Move]:
        tray = self.tray
        for line, words in enumerate(self.extensions):
            old = tray.lines[line]
            for word in words:
                yield Move("extend", line, old, word, added_letters(old, word, tray))
        for word in self.places:
            yield Move("place", None, None, word, added_letters("", word, tray))

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        if move.kind == "place":
            if self._place_set is None:
                self._place_set = set(self.places)
            return move.word in self._place_set
        line = move.line
        if line is None:
            return any(self.tray.lines[i] == move.old and move.word in words for i, words in enumerate(self.extensions))
        return (
            0 <= line < len(self.extensions)
            and self.tray.lines[line] == move.old
            and move.word in self.extensions[line]
        )

    def by_line(self) -> dict[int | None, list[Move]]:
        """The moves grouped by the line they extend (``None``: new words to place)."""
        grouped: dict[int | None, list[Move]] = {}
        for move in self:
            grouped.setdefault(move.line, []).append(move)
        return grouped

    def __repr__(self) -> str:
        return f"<LegalMoves of {self.tray!r}: {len(self)} moves>"


def legal_moves(lexicon: Lexicon, tray: Tray, rules: Rules | None = None) -> LegalMoves:
    """Every place and extend move of ``tray``, each once.

    Cost: the rack walk plus one walk per line, or a few hundred hash
    lookups per line once the lexicon's key map exists.
    """
    rules = check_inputs(lexicon, tray, rules)
    places, extensions = move_words(lexicon, tray, rules)
    return LegalMoves(tray, places, extensions)


def is_jarnacable(
    lexicon: Lexicon, tray: Tray, rules: Rules | None = None, turn_lines: Iterable[int] = ()
) -> Move | None:
    """A move the player could still make (a witness), or ``None`` when the pass was clean.

    Tries new words first, then each line's extensions, each walk stopping
    at the first move it meets.
    With ``rules.value_jarnac`` and ``turn_lines`` (the lines formed this
    turn), a pass with no move left is still Jarnac-able when those lines and
    the rack recompose into words worth more: the witness is then the first
    new word of the best such recomposition.

    >>> from jarnac_solver import Lexicon
    >>> str(is_jarnacable(Lexicon.load("fr"), Tray.parse("RAT BUT / ZW")))
    '1:RAT+Z=TZAR'
    >>> is_jarnacable(Lexicon.load("fr"), Tray.parse("RAT BUT / Q")) is None
    True
    """
    rules = check_inputs(lexicon, tray, rules)
    index = lexicon.index
    rack, _ = lexicon.tally(tray.rack, "rack")
    # New words first: that walk stops at the first word it meets, usually
    # after a few letters (measured 6 us against 35 us for the lines first).
    if rack and tray.free_lines(rules) > 0:
        node = index.first_place(rack, rules.min_length_on(tray.next_line), rules.line_length)
        if node is not None:
            new = index.words_at(node)[0]
            return Move("place", None, None, new, added_letters("", new, tray))
    for line, word in enumerate(tray.lines):
        if not word:
            continue  # a gap
        tally, size = lexicon.tally(word, "line")
        node = index.first_extension(tally, size, rack, rules.line_length)
        if node is not None:
            new = index.words_at(node)[0]
            return Move("extend", line, word, new, added_letters(word, new, tray))
    turn = list(turn_lines)
    if rules.value_jarnac and turn:
        from .jarnac import best_jarnac  # the Jarnac module builds on this one

        plan = best_jarnac(lexicon, tray, free_lines=rules.lines, rules=rules, turn_lines=turn)
        if plan:
            return plan.steals[0]
    return None
