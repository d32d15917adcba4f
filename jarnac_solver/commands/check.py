"""``check``: words judged valid or not in a lexicon as it folds them, or in several lexicons, one column each.

The request (:class:`CheckRequest`) is the command's one declaration: the command line's ``check WORD ...
--lexicon L`` and the service's ``POST /api/check`` body are both read from it, and both call :func:`check`.

>>> checked = check(CheckRequest(("chat", "xyzzy"), "fr"))
>>> checked.all_valid, [row["valid"] for row in checked.result()["words"]]
(False, [True, False])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from .model import Each, Help, Length, OfferedLexicons, Positional, RequestError, Served

MAX_WORDS = 64
"""The most words one request of the service judges (the command line takes any number)."""
MAX_WORD = 256
"""The longest word the service reads, in characters."""


@dataclasses.dataclass(frozen=True)
class CheckRequest:
    """The words to judge and the lexicon (or lexicons) to judge them in."""

    words: Annotated[
        tuple[str, ...],
        Positional(),
        Help("the words to judge (accents and case are folded)", "WORD"),
        Served(Length(1, MAX_WORDS)),
        Served(Each(Length(0, MAX_WORD))),
    ]
    lexicon: Annotated[
        str,
        Help("a lexicon by name; several joined by commas (one column each), or all"),
        OfferedLexicons(several=True),
        Served(Length(1, MAX_WORD)),
    ] = DEFAULT_LEXICON


class LexiconListError(RequestError):
    """A list of lexicons naming one twice, or an empty name."""


def lexicon_names(spec: str, available: Sequence[str]) -> list[str] | None:
    """The lexicons ``fr,en,nl`` or ``all`` names (``all``: ``available``), or ``None`` for one lexicon; a
    :class:`LexiconListError` for a name empty or given twice."""
    if spec != "all" and "," not in spec:
        return None
    names = list(available) if spec == "all" else [name.strip() for name in spec.split(",")]
    if any(not name for name in names) or len(set(names)) != len(names):
        raise LexiconListError(Reason("fault_lexicons_twice", {"given": f"--lexicon {spec!r}"}).text(), "lexicon")
    return names


@dataclasses.dataclass(frozen=True)
class Checked:
    """The answer: each word judged in each lexicon (one lexicon: :attr:`several` false)."""

    lexicons: tuple[Lexicon, ...]
    several: bool
    rows: tuple[tuple[str, tuple[Any, ...]], ...]
    """Each word as given and its :class:`~jarnac_solver.lexicon.lookup.WordCheck` in each lexicon."""

    @property
    def all_valid(self) -> bool:
        return all(c.valid for _, checks in self.rows for c in checks)

    @property
    def lexicon(self) -> str:
        """The ``lexicon`` of the answer's envelope: its name, or the names joined by commas."""
        return ",".join(lex.name for lex in self.lexicons)

    def result(self) -> dict[str, Any]:
        """The ``result`` of ``check --json``."""
        if not self.several:
            lex = self.lexicons[0]
            skipped = lex.metadata.get("skipped") or {}
            return {
                "source": source_of(lex),
                "all_valid": self.all_valid,
                "words": [checks[0]._asdict() for _, checks in self.rows],
                "skipped": sum(skipped.values()) if isinstance(skipped, dict) else 0,
            }
        names = [lex.name for lex in self.lexicons]
        return {
            "lexicons": names,
            "all_valid": self.all_valid,
            "words": [
                {
                    "word": word,
                    "in": [
                        {"lexicon": name, "folded": c.folded, "valid": c.valid, "tiles": c.tiles}
                        for name, c in zip(names, checks, strict=True)
                    ],
                }
                for word, checks in self.rows
            ],
        }


def source_of(lex: Lexicon) -> str:
    """Where a lexicon's words come from, as its metadata says ("a word list", in the language spoken, when
    it does not say)."""
    return str(lex.metadata.get("source", "")) or Reason("cli.a_word_list").text()


def check(
    request: CheckRequest,
    resolve: Callable[[str], Lexicon] = Lexicon.resolve,
    available: Sequence[str] | None = None,
) -> Checked:
    """Every word of ``request`` judged in its lexicon or lexicons (``resolve`` reads a name: the command line
    also takes a file, the service keeps one object a lexicon; ``available``: what ``all`` means, by default
    every bundled lexicon)."""
    names = lexicon_names(request.lexicon, Lexicon.available() if available is None else available)
    lexicons = tuple(resolve(name) for name in (names if names is not None else [request.lexicon]))
    rows = tuple((word, tuple(lex.check(word) for lex in lexicons)) for word in request.words)
    return Checked(lexicons, names is not None, rows)
