"""The compiled walk (``_speedups.c``, ``_selfplay.c``, ``_plan.c``): the types of its class ``Trie`` and of
``pcg_shuffle``.

Each method's parameters are named as the C code names them; most are positional only (``/``), the
plan searches take keywords too. ``need`` and ``opt`` are a tally (``(rank, count)`` pairs) or a text of
one character a rank (``chr(rank)``): the letters a node must hold and the letters it may hold.
"""

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .rng import Pcg32

_Row = TypeVar("_Row", bound=tuple[Any, ...])

Letters = Sequence[tuple[int, int]] | str
"""A tally of ranks, or a text of one character a rank."""

LineAsk = tuple[object, int, int] | None
"""What the walk is asked of a line: its letters (:data:`Letters`) and the node range of its extensions
(None: nothing asked of the line)."""

StealAsk = tuple[object, int, int, int, str, int] | None
"""A line asked for its steals: its letters (:data:`Letters`), node range, line index, old word and its
tiles (None: nothing asked)."""

Check = Callable[[], None] | None
"""A deadline's ``check`` (raises ``out_of_time``), or None for no deadline."""

PlannerKnobs = (
    tuple[tuple[float, ...], tuple[int, int, int]] | tuple[tuple[float, ...], tuple[int, int, int], tuple[float, ...]]
)
"""A planner's turn weights and search counts, and a learned turn value's 24 row numbers (selfplay_planner)."""

class Trie:
    """The alphagram trie over a lexicon's flat arrays, read where they lie (a file's memory map)."""

    memory: int
    """Bytes the walk allocated beside the arrays."""

    def __init__(
        self,
        sections: dict[str, memoryview],
        n_nodes: int,
        n_terminals: int,
        n_words: int,
        n_ranks: int,
        root: int,
        edge_counts: tuple[int, ...],
        check: bool,
        source: str = ...,
    ) -> None: ...
    def check_keys(self, depth_starts: tuple[int, ...], tiles: tuple[bytes | str, ...], source: str, /) -> None: ...
    def walk(self, need: Letters, opt: Letters, lo: int = ..., hi: int = ..., /) -> list[int]: ...
    def words(self, need: Letters, opt: Letters, lo: int = ..., hi: int = ..., /) -> list[str]: ...
    def first(self, need: Letters, opt: Letters, lo: int = ..., hi: int = ..., /) -> int | None: ...
    def words_of(self, nodes: Sequence[int], /) -> list[str]: ...
    def first_words(self, nodes: Sequence[int], /) -> list[str]: ...
    def words_at(self, node: int, /) -> list[str]: ...
    def word(self, number: int, /) -> str: ...
    def steal_items(self, nodes: Sequence[int], minus: Letters, /) -> list[tuple[int, int, str]]: ...
    def moves(
        self, rack: Letters, place_lo: int, place_hi: int, lines: list[LineAsk], /
    ) -> tuple[list[str], list[list[str]]]: ...
    def any_move(self, rack: str, place_lo: int, place_hi: int, lines: list[LineAsk], /) -> bool: ...
    def steals(
        self, rack: str, place_lo: int, place_hi: int, lines: list[StealAsk], row_type: type[_Row], /
    ) -> tuple[list[list[_Row]], list[_Row]]: ...
    def selfplay_greedy(
        self,
        bag: bytes,
        ranks: bytes,
        vowels: bytes,
        depth_starts: tuple[int, ...],
        rules: tuple[int, int, int, int, int, bool],
        max_actions: int,
        /,
    ) -> tuple[int, tuple[int, int], list[tuple[int, int, int, int, Any]]]: ...
    def ladder_items(
        self,
        rack: str,
        place_lo: int,
        place_hi: int,
        lines: list[LineAsk],
        min_len: int,
        check: Check,
        out_of_time: type[BaseException],
    ) -> tuple[list[Any], list[Any], list[Any]] | None: ...
    def ladder_plan(
        self,
        rack: str,
        place_lo: int,
        place_hi: int,
        lines: list[LineAsk],
        min_len: int,
        free: int,
        seat_min: int,
        check: Check,
        seconds: float,
        out_of_time: type[BaseException],
        per_item: float,
    ) -> tuple[Any, ...] | None: ...
    def ladder_outcomes(
        self,
        jobs: list[tuple[str, int, int, object, int, int]],
        min_len: int,
        vowel_ranks: bytes,
        out_of_time: type[BaseException],
        /,
    ) -> list[tuple[int, int, int, int, int, bool]] | None: ...
    def planner_move(
        self,
        rack: str,
        lines: list[LineAsk],
        olds: tuple[str, ...],
        place_lo: int,
        place_hi: int,
        legal_lo: int,
        legal_hi: int,
        depth_starts: tuple[int, ...],
        ints: tuple[int, int, int, int, int, int, int, int, int],
        weights: tuple[float, float, float, float, float, float],
        vowel_ranks: bytes,
        out_of_time: type[BaseException],
        /,
    ) -> tuple[int, int, int] | None: ...
    def start_values(
        self,
        kept: list[str],
        drawn: list[str],
        takes: list[int],
        lines: list[LineAsk],
        place_lo: int,
        place_hi: int,
        ints: tuple[int, int, int, int, int, bool],
        weights: tuple[float, float, float, float, float, float, float],
        vowel_ranks: bytes,
        out_of_time: type[BaseException],
        /,
    ) -> list[tuple[float, bool]] | None: ...
    def selfplay_planner(
        self,
        bag: bytes,
        tables: tuple[bytes, bytes, bytes, bytes, bytes, tuple[float, ...]],
        depth_starts: tuple[int, ...],
        ranges: tuple[int, int, tuple[tuple[int, int], ...]],
        rules: tuple[int, int, int, int, int, bool, int, bool],
        state: tuple[int, int, int, int, bool, bool, int, int, int],
        trays: tuple[tuple[bytes, tuple[bytes, ...]], tuple[bytes, tuple[bytes, ...]]],
        knobs: tuple[PlannerKnobs, PlannerKnobs],
        rngs: tuple[Pcg32, Pcg32],
        positions: Callable[[int, int], list[int]],
        vowel_ranks: bytes,
        out_of_time: type[BaseException],
        max_actions: int,
        /,
    ) -> tuple[
        int,
        list[tuple[int, int, int, int, bytes, bytes]],
        tuple[bytes, bytes, bytes, int, int, int, int, bool, bool, bool, int],
    ]: ...
    def pcg_sample(self, rng: Pcg32, n: int, k: int, times: int, /) -> list[list[int]]: ...
    def jarnac_plan(
        self,
        rack: str,
        place_lo: int,
        place_hi: int,
        lines: list[StealAsk],
        row_type: type[_Row],
        min_len: int,
        last_min: int,
        by_swing: bool,
        free_lines: int,
        passer_free: int,
        last_free_thief: bool,
        last_free_passer: bool,
        check: Check,
        out_of_time: type[BaseException],
    ) -> tuple[int, int, list[Any], bool] | None: ...

def pcg_shuffle(rng: Pcg32, data: bytes, /) -> bytes: ...
