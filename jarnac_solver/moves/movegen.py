"""Every legal move of a tray.

``AlphagramIndex.move_nodes`` finds the new words (the rack's subanagrams)
and every line's extensions at once: by walks, or by hashing line + rack
subsets once the lexicon has built its key map. Move objects are built only
when a caller iterates: ``len``, ``in`` and ``count`` need none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ..errors import AlphabetMismatchError, IllegalMoveError, InvalidInputError, InvalidTrayError
from ..lexicon.lexicon import Lexicon
from ..lexicon.tally import MAX_COUNT, Tally
from .move import Move, added_letters
from .rules import Rules
from .tray import DEFAULT_RULES as DEFAULT_RULES  # re-exported: one object, a tray remembers rules by identity
from .tray import Tray

__all__ = ["LegalMoves", "known_moves", "legal_moves", "played"]


def check_inputs(lexicon: Lexicon, tray: Tray, rules: Rules | None) -> Rules:
    """Validate the three arguments every function of the move layer takes."""
    checked = DEFAULT_RULES if rules is None else rules
    if (
        type(tray) is Tray
        and tray.keeps(checked)
        and isinstance(lexicon, Lexicon)
        and tray.alphabet is lexicon.alphabet
    ):
        # Speed: this tray passed check(rules) already (a tray never changes; a move or a draw passes
        # the mark on to the tray it makes, whose lines it checked or left alone), and its alphabet is
        # the lexicon's own object: ~0.5 us where the checks cost ~2-4 us a call.
        _check_counts(tray)
        return checked
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
    _check_counts(tray)
    return rules


def _check_counts(tray: Tray) -> None:
    """Refuse a tray holding more of one tile than packed tallies count exactly (``MAX_COUNT``)."""
    if len(tray.rack_codes) + 9 * len(tray.line_codes) <= MAX_COUNT:
        return  # too few tiles to reach the limit: the common case costs one comparison
    if len(tray.rack_codes) + sum(map(len, tray.line_codes)) <= MAX_COUNT:
        return  # a tray of 8 lines: its tiles counted in C (a Counter of them cost ~3 us)
    counts = Counter(tray.rack_codes)
    for codes in tray.line_codes:
        counts.update(codes)
    code, most = counts.most_common(1)[0]
    if most > MAX_COUNT:
        tile = tray.alphabet.tiles[code]
        raise InvalidTrayError(
            f"the tray holds {most} {tile} tiles; the move layer counts at most {MAX_COUNT} of one tile"
        )


def tallies(lexicon: Lexicon, tray: Tray) -> tuple[Tally, list[tuple[Tally, int]]]:
    """The rack's tally and each line's (tally, tiles), from the tray's codes: the one tallying of a tray."""
    line = lexicon.tally_line
    return lexicon.tally_codes(tray.rack_codes), [(line(codes), len(codes)) for codes in tray.line_codes]


def _move_nodes(lexicon: Lexicon, tray: Tray, rules: Rules) -> tuple[list[int], list[list[int]]]:
    """The index nodes of the place words and, per line, of the extension words (one node per anagram class)."""
    rack, lines = tallies(lexicon, tray)
    place = (rules.min_length_on(tray.next_line_index), rules.line_length) if tray.free_lines(rules) > 0 else None
    return lexicon.index.move_nodes(rack, place, lines, rules.line_length, lexicon.move_keys())


def move_classes(lexicon: Lexicon, tray: Tray, rules: Rules) -> tuple[list[list[str]], list[list[list[str]]]]:
    """The moves by anagram class: place classes and, per line, extension classes (each class's words sorted).

    Words of one class use the same letters: on the same line they are the
    same move but for the word written (same points, same future).
    """
    place_nodes, line_nodes = _move_nodes(lexicon, tray, rules)
    words_at = lexicon.index.words_at
    places = [words for words in map(words_at, place_nodes) if words]
    lines = [[words for words in map(words_at, nodes) if words] for nodes in line_nodes]
    return places, lines


def place_classes(lexicon: Lexicon, tray: Tray, rules: Rules) -> list[list[str]]:
    """:func:`move_classes`'s place classes alone (the same list): the new words' walk, no line's.

    Why: :func:`best_finish <jarnac_solver.planning.finishing.best_finish>` needs only the words for the last
    line, and the lines' tallies and extension walks would be most of its ``move_classes`` call (100 en planner
    games: ~70 us a call; 2% of a game's instructions, cachegrind, 50 en games). The place nodes of every walk
    depend on the rack alone.
    """
    if tray.free_lines(rules) == 0:
        return []
    place = (rules.min_length_on(tray.next_line_index), rules.line_length)
    rack = lexicon.tally_codes(tray.rack_codes)
    nodes, _ = lexicon.index.move_nodes(rack, place, (), rules.line_length, lexicon.move_keys())
    words_at = lexicon.index.words_at
    return [words for words in map(words_at, nodes) if words]


Ask = tuple[object, int, int] | None
"""What the compiled walk is asked for one line: its rank codes and the id range of its longer words
(``None``: no extension)."""

_ASKED: dict[
    Lexicon,
    tuple[Lexicon, dict[tuple[tuple[int, ...], int], Ask], dict[tuple[tuple[tuple[int, ...], ...], int], list[Ask]]],
] = {}
"""Per lexicon (the object itself, kept alive with its entries): (line codes, line length) -> its Ask, and (a
tray's line codes, line length) -> their Asks in a list."""


def line_asks(lexicon: Lexicon, line_codes: tuple[tuple[int, ...], ...], line_max: int) -> list[Ask]:
    """What the compiled walk is asked for each line of a tray (a list the caller must not change).

    Remembered per line and per tray's lines (lines outlive trays: a game asks for the same lines at every
    move of a turn, a planner with many racks); a line's ranks are text the walk counts (no tally made in
    Python): made for each call, the Python around the walks would be ~3/4 of a game's move generation.
    """
    entry = _ASKED.get(lexicon)
    if entry is None:
        if len(_ASKED) >= 16:
            _ASKED.clear()
        entry = _ASKED[lexicon] = (lexicon, {}, {})
    _, per_line, per_tray = entry
    asks = per_tray.get((line_codes, line_max))
    if asks is None:
        if len(per_line) >= 1 << 16:
            per_line.clear()
        if len(per_tray) >= 1 << 14:
            per_tray.clear()
        node_range = lexicon.index.nodes_of_lengths
        asks = []
        for codes in line_codes:
            key = (codes, line_max)
            if key in per_line:
                asks.append(per_line[key])
            else:
                ask = None
                if codes and len(codes) < line_max:
                    ask = (lexicon.rank_string(codes), *node_range(len(codes) + 1, line_max))
                asks.append(per_line.setdefault(key, ask))
        per_tray[(line_codes, line_max)] = asks
    return asks


def move_words(lexicon: Lexicon, tray: Tray, rules: Rules) -> tuple[list[str], list[list[str]]]:
    """Place words and, per line, extension words (``move_nodes``, as words)."""
    index = lexicon.index
    trie = index.trie
    line_max = rules.line_length
    if trie is not None:
        # Speed: the walks in one C call, what they are asked per line remembered (line_asks).
        lines = line_asks(lexicon, tray.line_codes, line_max)
        if tray.free_lines(rules) > 0:
            lo, hi = index.nodes_of_lengths(rules.min_length_on(tray.next_line_index), line_max)
        else:
            lo = hi = 0
        return trie.moves(lexicon.rank_string(tray.rack_codes), lo, hi, lines)
    line = lexicon.tally_line
    tallied = [(line(codes), len(codes)) for codes in tray.line_codes]
    place = (rules.min_length_on(tray.next_line_index), rules.line_length) if tray.free_lines(rules) > 0 else None
    rack = lexicon.rank_string(tray.rack_codes)
    return lexicon.index.move_words(rack, place, tallied, rules.line_length, lexicon.move_keys())


class LegalMoves:
    """The legal moves of one tray: ``len``, ``in``, iteration (extensions line by line, then places).

    >>> from jarnac_solver import Lexicon
    >>> moves = legal_moves(Lexicon.load("fr"), Tray.parse("RAT BUT / ZW"))
    >>> [str(m) for m in moves]
    ['1:RAT+Z=TZAR']
    >>> Move.parse("1:RAT+Z=TZAR") in moves, moves.count()
    (True, 1)
    """

    def __init__(
        self, tray: Tray, places: list[str], extensions: list[list[str]], rules: Rules = DEFAULT_RULES
    ) -> None:
        self.tray = tray
        self.rules = rules
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
        alphabet = tray.alphabet
        for line, words in enumerate(self.extensions):
            old = tray.lines[line]
            for word in words:
                yield Move("extend", line, old, word, added_letters(old, word, alphabet))
        for word in self.places:
            yield Move("place", None, None, word, added_letters("", word, alphabet))

    def highest_scoring(self) -> Move | None:
        """The move that adds the most points, the greatest in the notation among equals: the same move as
        ``max(moves, key=lambda m: (tray.points(m), str(m)))``, but read off the words' lengths, building a
        :class:`Move` only for the extensions that score the most and the greatest place among those (a
        20-letter rack has hundreds of thousands of moves, thousands of places of 9 letters: building each
        took seconds). ``None`` when there is none.

        >>> from jarnac_solver import Lexicon
        >>> moves = legal_moves(Lexicon.load("fr"), Tray.parse("RAT BUT / ZWEI"))
        >>> str(moves.highest_scoring()) == str(max(moves, key=lambda m: (moves.tray.points(m), str(m))))
        True
        """
        tray = self.tray
        alphabet = tray.alphabet
        tiles = len if alphabet.single else tray.tiles

        def longest(words: list[str]) -> tuple[int, list[str]]:
            """The most tiles of ``words`` and the words that have them. A word has at most as many tiles as
            letters, so only words at least as long as the best found are read as tiles (nl's IJ: reading
            every word of a large rack's list as tiles took seconds)."""
            lengths = list(map(len, words))
            if alphabet.single:
                most = max(lengths)
                return most, [w for w, n in zip(words, lengths, strict=True) if n == most]
            best, found = -1, []
            for size in sorted(set(lengths), reverse=True):
                if size < best:
                    break
                for word in (w for w, n in zip(words, lengths, strict=True) if n == size):
                    count = tiles(word)
                    if count > best:
                        best, found = count, [word]
                    elif count == best:
                        found.append(word)
            return best, found

        best = -1
        top: list[tuple[int | None, str]] = []
        for line, words in enumerate(self.extensions):
            if not words:
                continue
            base = tiles(tray.lines[line]) ** 2
            most, found = longest(words)
            points = most * most - base
            if points > best:
                best, top = points, []
            if points == best:
                top.extend((line, w) for w in found)
        if self.places:
            most, found = longest(self.places)
            points = most * most
            if points > best:
                best, top = points, []
            if points == best:  # a place is written "+WORD": the greatest word is the greatest place
                top.append((None, max(found)))
        moves = [
            Move("place", None, None, word, added_letters("", word, alphabet))
            if line is None
            else Move("extend", line, tray.lines[line], word, added_letters(tray.lines[line], word, alphabet))
            for line, word in top
        ]
        return max(moves, key=str) if moves else None

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        try:
            # The tray's own check: parts that agree as tiles, the line it extends (however built).
            line, word_codes, _ = self.tray.resolve(move, self.rules)
        except IllegalMoveError:
            return False
        word = self.tray.alphabet.decode(word_codes)
        if move.kind == "place":
            if self._place_set is None:
                self._place_set = set(self.places)
            return word in self._place_set
        return line < len(self.extensions) and word in self.extensions[line]

    def by_line(self) -> dict[int | None, list[Move]]:
        """The moves grouped by the line they extend (``None``: new words to place)."""
        grouped: dict[int | None, list[Move]] = {}
        for move in self:
            grouped.setdefault(move.line_index, []).append(move)
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
    # Remembered (copied: the lists are the caller's), so that playing one of these moves is not checked a
    # second time (played): the move a player picks from legal_moves is pushed next.
    known = _KNOWN
    if len(known) >= KNOWN_TRAYS and tray not in known:
        del known[next(iter(known))]  # the oldest tray
    known[tray] = (lexicon, rules, tuple(places), tuple(map(tuple, extensions)))
    return LegalMoves(tray, places, extensions, rules)


KNOWN_TRAYS = 64
"""How many trays' legal moves :func:`legal_moves` remembers for :func:`played` and :func:`known_moves` (the
trays of the decisions being made: a game's two, a simulation's forks)."""

_KNOWN: dict[Tray, tuple[Lexicon, Rules, tuple[str, ...], tuple[tuple[str, ...], ...]]] = {}
"""The legal moves found last for each of the last ``KNOWN_TRAYS`` trays, keyed by the tray's content (its lines,
its rack as a multiset, its alphabet): the lexicon and rules they were found with, the new words, each line's
extensions."""


def known_moves(
    tray: Tray, lexicon: Lexicon | None, rules: Rules
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]] | None:
    """The legal moves :func:`legal_moves` found last for a tray equal to ``tray``, with ``lexicon`` (any when
    ``None``) and ``rules`` (the same objects): the new words and each line's extensions; ``None`` when they
    are not remembered. A read, never a search.

    >>> from jarnac_solver import Lexicon
    >>> lex, tray = Lexicon.from_words(["rat", "tzar"]), Tray.parse("RAT / ZW")
    >>> moves = legal_moves(lex, tray, DEFAULT_RULES)
    >>> known_moves(Tray.parse("RAT / WZ"), lex, DEFAULT_RULES)
    ((), (('TZAR',),))
    """
    known = _KNOWN.get(tray)
    if known is None or known[1] is not rules or (lexicon is not None and known[0] is not lexicon):
        return None
    return known[2], known[3]


def played(tray: Tray, move: Move, rules: Rules | None = None, lexicon: Lexicon | None = None) -> tuple[Tray, int]:
    """``tray.play(move, rules, lexicon)``: the tray after ``move`` and the index of the line it went on. A move
    among the tray's legal moves as :func:`legal_moves` found them (:func:`known_moves`), exactly as written, is
    legal: only its tiles are read (~5 us a move saved: the lexicon look-up, the checks of the parts);
    any other gets :meth:`Tray.play`'s full checks.

    >>> from jarnac_solver import Lexicon
    >>> lex, tray = Lexicon.from_words(["rat", "tzar"]), Tray.parse("RAT / ZW")
    >>> move = next(iter(legal_moves(lex, tray)))
    >>> played(tray, move, lexicon=lex) == tray.play(move, lexicon=lex)
    True
    """
    rules = rules or DEFAULT_RULES
    if type(move) is Move:
        known = known_moves(tray, lexicon, rules)
        if known is not None:
            done = tray.play_listed(move, known[0], known[1], rules)
            if done is not None:
                return done
    return tray.play(move, rules, lexicon)
