"""The difference between two word lists, and how much it matters in play.

Which words one list has and the other lacks, by length; on racks drawn
from the same bag (the same racks for both lists), how often the best word
of one list is longer than anything the other can form (a difference word
*is* the best move), how often a rack plays in one list only, and which
difference words were the best move most often; on self-play positions
judged by both lists, how often a pass is Jarnac-able with one list's words
only (a difference word enables the Jarnac); with their familiarity (Zipf
frequency) when the ``familiarity`` extra is installed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidInputError, MissingExtraError
from ..lexicon.lexicon import Lexicon
from .stats import Estimate, paired_difference, rate_estimate

__all__ = ["Difference", "compare_words", "word_difference"]


@dataclass
class Difference:
    """Lexicon ``second`` against ``first``: words each lacks, and paired rack measures when racks are shared."""

    first: str
    second: str
    only_first: dict[int, int]
    """Words in ``first`` only, by length."""
    only_second: dict[int, int]
    paired: dict[str, Estimate] = field(default_factory=dict)
    """Measures over the same items: racks (when the two draw from the same bag) and the
    second's positions judged by both (when they share an alphabet); else empty."""
    top_first: list[tuple[str, int]] = field(default_factory=list)
    """``first``-only words most often the best move of a rack, with how often."""
    top_second: list[tuple[str, int]] = field(default_factory=list)
    familiarity: dict[str, Any] | None = None
    """Per side: the share of its only-words with a known frequency and the best-known ones."""
    note: str = ""
    """Why some measures are missing (e.g. the two lists have different alphabets)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (lengths as string keys)."""
        return {
            "first": self.first,
            "second": self.second,
            "only_first": {str(n): c for n, c in sorted(self.only_first.items())},
            "only_second": {str(n): c for n, c in sorted(self.only_second.items())},
            "paired": {k: e.to_dict() for k, e in self.paired.items()},
            "top_first": [[w, n] for w, n in self.top_first],
            "top_second": [[w, n] for w, n in self.top_second],
            "familiarity": self.familiarity,
            "note": self.note,
        }


def word_difference(first: Lexicon, second: Lexicon) -> tuple[list[str], list[str]]:
    """The words only ``first`` holds and the words only ``second`` holds, each alphabetically.

    Both lexicons must share an alphabet (:class:`AlphabetMismatchError` if
    not: the same text would be other tiles). Cost: one set of each word list.

    >>> a, b = Lexicon.from_words(["rat", "art"]), Lexicon.from_words(["art", "tar", "tsar"])
    >>> word_difference(a, b)
    (['RAT'], ['TAR', 'TSAR'])
    """
    if not isinstance(first, Lexicon):
        raise InvalidInputError(f"a difference takes two Lexicons, not {type(first).__name__}")
    a, b = set(first), set(first._other(second, "a difference"))
    return sorted(a - b), sorted(b - a)


def _by_length(lex: Lexicon, words: Sequence[str]) -> dict[int, int]:
    counts = Counter(lex.tile_length(w) for w in words)
    return dict(sorted(counts.items()))


def _top(rows: Sequence[dict[str, Any]], only: set[str], limit: int = 10) -> list[tuple[str, int]]:
    counts: Counter[str] = Counter()
    for row in rows:
        for word in row["best"].split():
            if word in only:
                counts[word] += 1
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:limit]


def _familiarity(lex: Lexicon, words: Sequence[str]) -> dict[str, Any] | None:
    from ..lexicon.familiarity import Familiarity

    try:
        table = Familiarity.for_lexicon(lex)
    except (MissingExtraError, InvalidInputError):  # not installed, or no language known for this list
        return None
    scored = sorted(((table.familiarity(w), w) for w in words), key=lambda item: (-item[0], item[1]))
    known = sum(1 for zipf, _ in scored if zipf > 0)
    return {
        "words": len(scored),
        "known": known,
        "best_known": [[w, round(z, 2)] for z, w in scored[:10] if z > 0],
    }


def compare_words(
    first: Lexicon,
    second: Lexicon,
    names: tuple[str, str],
    rack_rows: tuple[Sequence[dict[str, Any]], Sequence[dict[str, Any]]] | None = None,
    familiarity: bool = True,
    tray_rows: Sequence[dict[str, Any]] = (),
) -> Difference:
    """The words each lexicon lacks, and (given both lexicons' rows over the same racks) what they change.

    ``rack_rows`` are the two lexicons' rack rows in the same rack order;
    ``tray_rows`` the second lexicon's position rows, judged by the first
    too (their ``jarnacable_in_first``): the passes only one list's words
    make Jarnac-able.
    Cost: one pass over each word list, one over the rows.

    >>> en = Lexicon.load("en")
    >>> no_z = en.filter(lambda w: "Z" not in w)
    >>> d = compare_words(en, no_z, ("en", "no-z"), familiarity=False)
    >>> sum(d.only_first.values()) == len(en) - len(no_z), d.only_second
    (True, {})
    """
    only_first, only_second = word_difference(first, second) if first.alphabet == second.alphabet else ([], [])
    result = Difference(names[0], names[1], _by_length(first, only_first), _by_length(second, only_second))
    if first.alphabet != second.alphabet:
        result.note = (
            f"different alphabets ({first.alphabet.name}, {second.alphabet.name}): their words, racks and positions"
            " are not compared item by item; see each list's own measures above"
        )
    elif rack_rows is None:
        result.note = "different bags: the racks differ, so rack measures are not paired"
    if rack_rows is not None:
        a, b = rack_rows
        n = len(a)
        result.paired = {
            "words": paired_difference([r["words"] for r in a], [r["words"] for r in b]),
            "longest": paired_difference([r["longest"] for r in a], [r["longest"] for r in b]),
            "best_points": paired_difference([r["best_points"] for r in a], [r["best_points"] for r in b]),
            "best_only_first": rate_estimate(
                sum(1 for x, y in zip(a, b, strict=True) if x["longest"] > y["longest"]), n
            ),
            "best_only_second": rate_estimate(
                sum(1 for x, y in zip(a, b, strict=True) if y["longest"] > x["longest"]), n
            ),
            "playable_only_first": rate_estimate(
                sum(1 for x, y in zip(a, b, strict=True) if x["playable"] and not y["playable"]), n
            ),
            "playable_only_second": rate_estimate(
                sum(1 for x, y in zip(a, b, strict=True) if y["playable"] and not x["playable"]), n
            ),
        }
        result.top_first = _top([x for x, y in zip(a, b, strict=True) if x["longest"] > y["longest"]], set(only_first))
        result.top_second = _top(
            [y for x, y in zip(a, b, strict=True) if y["longest"] > x["longest"]], set(only_second)
        )
    judged = [r for r in tray_rows if r.get("jarnacable_in_first") is not None]
    if judged:
        n = len(judged)
        result.paired["jarnac_only_first"] = rate_estimate(
            sum(1 for r in judged if r["jarnacable_in_first"] and not r["jarnacable"]), n
        )
        result.paired["jarnac_only_second"] = rate_estimate(
            sum(1 for r in judged if r["jarnacable"] and not r["jarnacable_in_first"]), n
        )
    if familiarity and (only_first or only_second):
        sides = {names[0]: _familiarity(first, only_first), names[1]: _familiarity(second, only_second)}
        result.familiarity = None if all(v is None for v in sides.values()) else sides
    return result
