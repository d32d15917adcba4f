"""A study as a page a person would rather look at than read: ``index.html`` and its plots.

The page opens with the answer: for each lexicon compared with the first,
sentences a reader can quote and one figure of the paired differences (the
same racks, the same positions), each with its 95% interval against a zero
line. Then each lexicon's own estimates (rates in percent, axes from zero,
every lexicon of a measure on one axis), the distributions (shares of
racks, positions or games; bins that double in width where a distribution
is heavy-tailed), the words one list lacks, and the whole table. A panel
with nothing to show says so in words. Plots need the optional ``report``
extra (matplotlib, drawn off-screen with the Agg backend); the page is
plain HTML with PNG images, no script.
"""

from __future__ import annotations

import html
import math
import statistics
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InvalidInputError, MissingExtraError
from .compare import PAIRED_MEASURES, RATE_MEASURES, Comparison, table_cell
from .difference import Difference
from .rows import prepare_folder
from .setup import StudySetup
from .stats import Estimate

__all__ = ["write_report"]

ITEMS = {"racks": "racks", "trays": "positions", "games": "games"}
"""What one item of each kind is called on the page."""

_DASH, _MINUS = "\N{EN DASH}", "\N{MINUS SIGN}"
_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
_ZERO = {"color": "0.35", "linewidth": 1.2, "zorder": 1}


def load_pyplot() -> Any:
    """matplotlib's ``pyplot`` on the file backend, or :class:`MissingExtraError` saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise MissingExtraError("a report's plots need matplotlib: pip install 'jarnac-solver[report]'") from None
    matplotlib.use("Agg")  # off-screen: no display needed, the same PNGs everywhere
    import matplotlib.pyplot as plt

    return plt


@dataclass
class _Figure:
    """One plot of the page: its file, the words under it (also its alt text), the matplotlib figure."""

    section: str
    file: str
    caption: str
    figure: Any


# -- numbers in words ---------------------------------------------------------------


def _percent(e: Estimate) -> str:
    """``21.4%``: one decimal, two where one would round a rate that is not 0 or 1 to 0 or 100."""
    digits = 1 if e.value in (0, 1) or 0.0005 <= e.value <= 0.9995 else 2
    return f"{100 * e.value:.{digits}f}%"


def _ci(e: Estimate, rate: bool, digits: int = 2) -> str:
    """``95% CI 20.2-22.7%``, the interval of a rate in percent, of a mean as it is."""
    if rate:
        d = 1 if e.value in (0, 1) or 0.0005 <= e.value <= 0.9995 else 2
        return f"95% CI {100 * e.low:.{d}f}{_DASH}{100 * e.high:.{d}f}%"
    return f"95% CI {e.low:.{digits}f}{_DASH}{e.high:.{digits}f}"


def _signed(e: Estimate, more: str, less: str, what: str, digits: int = 2) -> str:
    """A paired mean difference in words (``more``/``less`` hold ``{x}``): ``16.33 more words (95% CI ...)``."""
    if e.low <= 0 <= e.high:
        return f"no clearly different {what} ({e.value:+.{digits}f}, {_ci(e, False, digits)})"
    size, low, high = (e.value, e.low, e.high) if e.value > 0 else (-e.value, -e.high, -e.low)
    text = (more if e.value > 0 else less).format(x=f"{size:.{digits}f}")
    return f"{text} (95% CI {low:.{digits}f}{_DASH}{high:.{digits}f})"


def _answer(d: Difference, setup: StudySetup) -> list[str]:
    """Sentences a reader can quote: what lexicon ``d.second`` changes against ``d.first``, with intervals.

    >>> from jarnac_solver.lexicon.lexicon import Lexicon
    >>> from jarnac_solver.studies.compare import compare
    >>> fr = Lexicon.load("fr")
    >>> study = compare([fr, fr.filter(lambda w: "Z" not in w, "fr-noZ")], racks=300, trays=0, games=0,
    ...                 ladders=False, familiarity=False)
    >>> _answer(study.differences[0], study.setup)[1][:66]
    'With fr, the best (longest) word of a rack is a word fr-noZ lacks '
    """
    first, second, p = d.first, d.second, d.paired
    lines = []
    n1, n2 = sum(d.only_first.values()), sum(d.only_second.values())
    if n1 or n2:
        if not n1:
            lines.append(f"{second} holds every word of {first} and {n2:,} more.")
        elif not n2:
            lines.append(f"{first} holds every word of {second} and {n1:,} more.")
        else:
            lines.append(f"{first} has {n1:,} words {second} lacks; {second} has {n2:,} words {first} lacks.")
    if "best_only_first" in p and "best_only_second" in p:
        a, b = p["best_only_first"], p["best_only_second"]
        (big, big_name, small_name, small) = (b, second, first, a) if b.value >= a.value else (a, first, second, b)
        lines.append(
            f"With {big_name}, the best (longest) word of a rack is a word {small_name} lacks in"
            f" {_percent(big)} of racks ({_ci(big, True)}; {big.n:,} racks of {setup.rack_size} tiles);"
            f" the other way round, in {_percent(small)} ({_ci(small, True)})."
        )
    if "words" in p and "longest" in p and "best_points" in p:
        lines.append(
            f"On the same racks, {second} forms"
            f" {_signed(p['words'], '{x} more words', '{x} fewer words', 'number of words')} than {first};"
            f" its longest word is"
            f" {_signed(p['longest'], '{x} tiles longer', '{x} tiles shorter', 'length')}"
            f" and scores {_signed(p['best_points'], '{x} points more', '{x} points fewer', 'score')}."
        )
    if "playable_only_first" in p and "playable_only_second" in p:
        a, b = p["playable_only_first"], p["playable_only_second"]
        lines.append(
            f"{_percent(b)} of racks ({_ci(b, True)}) form a word only with {second},"
            f" {_percent(a)} ({_ci(a, True)}) only with {first}."
        )
    if "jarnac_only_first" in p and "jarnac_only_second" in p:
        a, b = p["jarnac_only_first"], p["jarnac_only_second"]
        lines.append(
            f"In {b.n:,} positions from {second}'s self-play, a pass is Jarnac-able only with {second}'s words"
            f" in {_percent(b)} ({_ci(b, True)}) and only with {first}'s in {_percent(a)} ({_ci(a, True)})."
        )
    if d.note:
        lines.append(d.note[0].upper() + d.note[1:] + ".")
    return lines


# -- the answer: paired differences ---------------------------------------------------------


_RATE_ROWS = (
    ("racks", "best_only_second", "best_only_first"),
    ("racks", "playable_only_second", "playable_only_first"),
    ("trays", "jarnac_only_second", "jarnac_only_first"),
)
_MEAN_ROWS = (("words", "words per rack"), ("longest", "longest word (tiles)"), ("best_points", "best word (points)"))


def _answer_figure(plt: Any, d: Difference) -> Any | None:
    """The paired differences of ``d`` against zero lines: shares in percent (one axis), mean differences below."""
    from matplotlib.ticker import MaxNLocator

    p = d.paired
    rate_panels = []
    for kind in ("racks", "trays"):
        keys = [k for row_kind, *pair in _RATE_ROWS if row_kind == kind for k in pair if k in p]
        if keys:
            rate_panels.append((kind, keys))
    means = [row for row in _MEAN_ROWS if row[0] in p]
    if not rate_panels and not means:
        return None
    heights = [0.3 + 0.36 * len(keys) for _, keys in rate_panels] + [0.42] * len(means)
    fig, axes = plt.subplots(
        len(heights),
        1,
        figsize=(8, 0.9 + sum(heights) + 0.5 * len(rate_panels) + 0.3 * len(means)),
        gridspec_kw={"height_ratios": heights},
        squeeze=False,
    )
    axes = list(axes[:, 0])
    top = max((100 * p[k].high for _, keys in rate_panels for k in keys), default=1.0)
    for ax, (kind, keys) in zip(axes, rate_panels, strict=False):
        ys = list(range(len(keys)))[::-1]
        for y, key in zip(ys, keys, strict=True):
            e = p[key]
            colour = _COLOURS[1] if key.endswith("second") else _COLOURS[0]
            ax.errorbar(
                [100 * e.value],
                [y],
                xerr=[[100 * (e.value - e.low)], [100 * (e.high - e.value)]],
                fmt="o",
                color=colour,
                capsize=4,
                zorder=3,
            )
            ax.annotate(
                table_cell(e, rate=True),
                (100 * e.high, y),
                xytext=(6, 0),
                textcoords="offset points",
                va="center",
                fontsize=8,
            )
        ax.set_yticks(ys, [PAIRED_MEASURES[k].format(first=d.first, second=d.second) for k in keys], fontsize=9)
        ax.set_ylim(-0.6, len(keys) - 0.4)
        n = p[keys[0]].n
        what = f"the same {n:,} racks" if kind == "racks" else f"{n:,} positions of {d.second}'s self-play"
        ax.set_xlabel(f"share of {what} (%)", fontsize=8, labelpad=2)
        ax.set_xlim(-0.04 * top - 0.2, top * 1.5 + 1.5)  # the same axis for every share; room for the numbers
        ax.axvline(0, **_ZERO)
        ax.tick_params(axis="x", labelsize=8)
    for ax, (key, label) in zip(axes[len(rate_panels) :], means, strict=True):
        e = p[key]
        ax.errorbar([e.value], [0], xerr=[[e.value - e.low], [e.high - e.value]], fmt="o", color="0.15", capsize=4)
        ax.axvline(0, **_ZERO)
        low, high = min(0.0, e.low), max(0.0, e.high)
        span = (high - low) or 1.0
        ax.set_xlim(low - 0.05 * span, high + 0.7 * span)  # room right of the bar (or of zero) for the number
        ax.annotate(
            f"{e.value:+.2f} [{e.low:+.2f}, {e.high:+.2f}]",
            (high, 0),
            xytext=(6, 0),
            textcoords="offset points",
            va="center",
            fontsize=8,
        )
        ax.set_yticks([0], [f"{label}\n({d.second} {_MINUS} {d.first})"], fontsize=9)
        ax.set_ylim(-0.6, 0.6)
        ax.xaxis.set_major_locator(MaxNLocator(7))
        ax.tick_params(axis="x", labelsize=8)
    fig.suptitle(f"{d.second} against {d.first}: paired differences", fontsize=11, x=0.01, ha="left")
    fig.text(
        0.01,
        0.005,
        "dot: estimate; bar: 95% interval; grey line: no difference; differences are means per rack",
        fontsize=8,
        color="0.35",
        va="bottom",
    )
    fig.tight_layout(rect=(0, 0.025, 1, 1), h_pad=0.6)
    return fig


# -- each lexicon on its own -------------------------------------------------------------------


def _nothing(comparison: Comparison, kind: str, m: str) -> bool:
    """Whether every lexicon measured exactly 0 for ``m`` (all Jarnacs, no interval): a panel with nothing to show."""
    estimates = [comparison.estimate(n, kind, m) for n in comparison.names]
    return all(e is not None and e.n > 0 and e.value == 0 == e.high for e in estimates) and m not in RATE_MEASURES


def _why_nothing(comparison: Comparison, kind: str, m: str, label: str) -> str:
    """The words a panel shows instead of zeros."""
    s = comparison.setup
    if kind == "games" and m in ("jarnacs", "swung"):
        players = f"{s.players[0]} against {s.players[1]}"
        if "sloppy" in s.players:
            return f"{label}: 0 in every game ({players}): no pass of the sloppy player could be stolen here"
        return (
            f"{label}: 0 in every game. The players ({players}) never pass while they can still play,"
            " so there is never a Jarnac to call; a player that does (sloppy: --players sloppy,cautious)"
            " would show Jarnacs"
        )
    return f"{label}: 0 in every {ITEMS[kind][:-1]} of every lexicon"


def _intervals_figure(plt: Any, comparison: Comparison, kind: str, measures: dict[str, str]) -> tuple[Any, list[str]]:
    """One panel per measure, every lexicon on its axis: rates in percent from 0 to 100, means from 0."""
    names = list(comparison.names)
    empty = [m for m in measures if _nothing(comparison, kind, m)]
    shown = [m for m in measures if m not in empty]
    notes = []
    if "jarnacs" in empty and "swung" in empty:  # one sentence for both
        empty.remove("swung")
        notes.append(_why_nothing(comparison, kind, "jarnacs", "Jarnacs and points swung per game"))
    else:
        notes += [_why_nothing(comparison, kind, m, measures[m]) for m in empty if m in ("jarnacs", "swung")]
    notes += [_why_nothing(comparison, kind, m, measures[m]) for m in empty if m not in ("jarnacs", "swung")]
    if kind == "games":  # a measure whose games are too few for its interval to answer says so, and how many would
        notes += [f"{measures[m]}, {name}: {note}" for m in shown for name, note in comparison.cannot_tell(m)]
    rows = len(shown) + (1 if notes else 0)
    row_height = 0.2 + 0.26 * len(names)
    heights = [row_height + (0.25 if m in RATE_MEASURES else 0) for m in shown] + (
        [0.2 * (1 + len(notes))] if notes else []
    )
    fig, axes = plt.subplots(
        rows,
        1,
        figsize=(8, 0.5 + sum(heights) + 0.32 * rows),
        gridspec_kw={"height_ratios": heights},
        squeeze=False,
    )
    for ax, m in zip(axes[:, 0], shown, strict=False):
        rate = m in RATE_MEASURES
        estimates = [comparison.estimate(n, kind, m) for n in names]
        ys = list(range(len(names)))[::-1]
        scale = 100.0 if rate else 1.0
        for k, (y, e) in enumerate(zip(ys, estimates, strict=True)):
            if e is None or e.n == 0:
                continue
            ax.errorbar(
                [scale * e.value],
                [y],
                xerr=[[scale * max(0.0, e.value - e.low)], [scale * max(0.0, e.high - e.value)]],
                fmt="o",
                color=_COLOURS[k % len(_COLOURS)],
                capsize=4,
            )
        ax.set_yticks(ys, [f"{n}  {table_cell(e, rate)}" for n, e in zip(names, estimates, strict=True)], fontsize=8)
        ax.set_ylim(-0.6, len(names) - 0.4)
        if rate:  # every rate on the same 0-100% axis
            ax.set_xlim(-1, 101)
            ax.set_xlabel(f"share of {ITEMS[kind]} (%)", fontsize=8, labelpad=1)
        else:  # a mean from zero: the lexicons' difference at its true size
            known = [e for e in estimates if e is not None and e.n]
            low = min([0.0] + [e.low for e in known])
            high = max([0.0] + [e.high for e in known])
            span = (high - low) or 1.0
            ax.set_xlim(low - 0.02 * span, high + 0.08 * span)
        ax.axvline(0, **_ZERO)
        if m in ("starter_wins", "first_player_wins"):  # even odds, for a reader to judge an advantage by
            ax.axvline(50, color="0.6", linewidth=1, linestyle=":", zorder=1)
        ax.set_title(
            measures[m] + (" (dotted: 50%)" if m in ("starter_wins", "first_player_wins") else ""),
            fontsize=9,
            loc="left",
            pad=3,
        )
        ax.tick_params(axis="x", labelsize=8, pad=2)
    if notes:
        ax = axes[-1, 0]
        ax.axis("off")
        ax.annotate(
            "\n".join(_wrap(n, 115) for n in notes),
            (0.01, 0.5),
            xycoords=("figure fraction", "axes fraction"),
            fontsize=8.5,
            va="center",
            ha="left",
        )
    fig.suptitle(f"{ITEMS[kind]}: each lexicon's estimates, with 95% intervals", fontsize=11, x=0.01, ha="left")
    fig.tight_layout(h_pad=0.4)
    return fig, notes


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width))


# -- distributions ----------------------------------------------------------------------------


def _heavy(values: Sequence[float]) -> bool:
    """Whether whole, non-negative values have a long right tail: a 99th percentile 4 times the median or more."""
    if not values or any(v < 0 or v != int(v) for v in values):
        return False
    ordered = sorted(values)
    median = ordered[len(ordered) // 2]
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return ordered[-1] >= 16 and p99 >= 4 * max(1, median)


def _doubling_bin(v: float) -> int:
    """0, 1, 2, then 3-4, 5-8, 9-16, ...: bins twice as wide each time (a log scale that keeps 0)."""
    n = int(v)
    return n if n <= 2 else math.ceil(math.log2(n)) + 1


def _doubling_label(k: int) -> str:
    return str(k) if k <= 2 else f"{2 ** (k - 2) + 1}{_DASH}{2 ** (k - 1)}"


def _distribution_figure(
    plt: Any, title: str, items: str, series: Mapping[str, Sequence[float]], unit: str
) -> tuple[Any, str]:
    """The share of ``items`` at each value, every lexicon on one axis; how the values are binned, in words."""
    fig, ax = plt.subplots(figsize=(8, 3.6))
    every = [v for data in series.values() for v in data]
    width = 0.8 / max(1, len(series))
    legend = {
        name: f"{name}: median {statistics.median(data):g}, mean {statistics.fmean(data):.1f}" if data else name
        for name, data in series.items()
    }
    if all(v == 0 for v in every):
        ax.axis("off")
        ax.text(0.5, 0.5, f"{title}: 0 {unit} in every one of the {len(every):,} {items}", ha="center", va="center")
        scale = "nothing to plot"
    elif _heavy(every):
        bins = range(_doubling_bin(max(every)) + 1)
        for k, (name, data) in enumerate(series.items()):
            n = max(1, len(data))
            counts = [0] * len(bins)
            for v in data:
                counts[_doubling_bin(v)] += 1
            xs = [b + (k - (len(series) - 1) / 2) * width for b in bins]
            ax.bar(xs, [100 * c / n for c in counts], width, label=legend[name], color=_COLOURS[k % len(_COLOURS)])
        ax.set_xticks(list(bins), [_doubling_label(b) for b in bins], fontsize=8)
        ax.set_xlabel(f"{unit} (bins double in width: a log scale that keeps 0)")
        scale = "bins that double in width (a log scale)"
    else:
        low, high = int(min(every)), int(max(every))
        if high - low <= 40:  # one bar per whole value
            values = list(range(low, high + 1))
            for k, (name, data) in enumerate(series.items()):
                n = max(1, len(data))
                shares = [100 * sum(1 for v in data if int(v) == x) / n for x in values]
                xs = [x + (k - (len(series) - 1) / 2) * width for x in values]
                ax.bar(xs, shares, width, label=legend[name], color=_COLOURS[k % len(_COLOURS)])
            ax.set_xlabel(unit)
            scale = "one bar per value"
        else:  # a wide range (scores): bins of equal width, the same for every lexicon, fewer for fewer items
            count = min(30, max(8, round(2 * (len(every) / len(series)) ** (1 / 3))))  # Rice's rule
            edges = [low + (high + 1 - low) * k / count for k in range(count + 1)]
            for k, (name, data) in enumerate(series.items()):
                weights = [100 / len(data)] * len(data)
                ax.hist(
                    data,
                    bins=edges,
                    weights=weights,
                    histtype="step",
                    linewidth=1.6,
                    label=legend[name],
                    color=_COLOURS[k % len(_COLOURS)],
                )
            ax.set_xlabel(unit)
            scale = f"{count} bins of equal width"
    if scale != "nothing to plot":
        ax.set_ylabel(f"share of {items} (%)")
        ax.legend(fontsize=8)
    ax.set_title(title, loc="left", fontsize=10)
    fig.tight_layout()
    return fig, scale


_DISTRIBUTIONS = (
    ("racks", ("words",), "words per rack", "racks", "words"),
    ("racks", ("longest",), "the longest word of a rack", "racks", "tiles"),
    ("racks", ("ladder",), "the longest ladder of a rack on an empty tray", "racks", "moves"),
    ("trays", ("moves",), "legal moves per position", "positions", "moves"),
    (
        "trays",
        ("best_swing",),
        "the best Jarnac's swing per position (0: a pass there gives nothing away)",
        "positions",
        "points",
    ),
    (
        "games",
        ("score_a", "score_b"),
        "final score of each player (both seats of every game)",
        "players' scores",
        "points",
    ),
    ("games", ("turns",), "turns per game", "games", "turns"),
)
"""Each distribution: the kind of item, its columns, its title, what one value is, its unit."""


# -- the words one list lacks -------------------------------------------------------------------


def _lengths_figure(plt: Any, diffs: Sequence[Difference]) -> Any:
    fig, axes = plt.subplots(len(diffs), 1, figsize=(8, 0.6 + 3 * len(diffs)), squeeze=False)
    for ax, d in zip(axes[:, 0], diffs, strict=True):
        lengths = sorted(set(d.only_first) | set(d.only_second))
        for k, (counts, name, other) in enumerate(
            ((d.only_first, d.first, d.second), (d.only_second, d.second, d.first))
        ):
            total = sum(counts.values())
            label = f"in {name}, not in {other}: {total:,} words" + ("" if total else " (none)")
            ax.bar([n + (k - 0.5) * 0.4 for n in lengths], [counts.get(n, 0) for n in lengths], 0.4, label=label)
        ax.set_xticks(lengths)
        ax.set_xlabel("word length (tiles)")
        ax.set_ylabel("words")
        ax.set_title(
            f"{d.second} against {d.first}: the words one list has and the other lacks", loc="left", fontsize=10
        )
        ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


# -- the figures, in page order ------------------------------------------------------------------


def _figures(comparison: Comparison, plt: Any) -> Iterator[_Figure]:
    """Every figure of the report, in page order (the caller saves and closes each)."""
    for j, d in enumerate(comparison.differences, start=1):
        fig = _answer_figure(plt, d)
        if fig is not None:
            caption = (
                f"{d.second} against {d.first}, paired: the shares of racks (and positions) where only one list"
                f" has the best word, forms a word or makes a pass Jarnac-able, in percent; the mean differences"
                f" per rack in words, tiles and points ({d.second} {_MINUS} {d.first}); each with its 95% interval"
                " and a zero line"
            )
            yield _Figure("answer", f"answer-{j}.png", caption, fig)
    for kind, measures in comparison.measures().items():
        fig, notes = _intervals_figure(plt, comparison, kind, measures)
        caption = f"{ITEMS[kind]}: each lexicon's estimate and its 95% interval, rates in percent"
        if notes:
            caption += ". " + ". ".join(notes)
        yield _Figure("each", f"{kind}-intervals.png", caption, fig)
    for kind, columns, title, items, unit in _DISTRIBUTIONS:
        series = {
            name: [
                r[c] for r in comparison.rows.get(kind, []) if r["lexicon"] == name for c in columns if r[c] is not None
            ]
            for name in comparison.names
        }
        if any(series.values()):
            fig, scale = _distribution_figure(plt, title, items, series, unit)
            caption = f"{title}: the share of {items} at each value, {scale}"
            yield _Figure("distributions", f"{kind}-{columns[0].removesuffix('_a')}.png", caption, fig)
    diffs = [d for d in comparison.differences if d.only_first or d.only_second]
    if diffs:
        caption = "the words one list has and the other lacks, by length in tiles"
        yield _Figure("words", "difference-lengths.png", caption, _lengths_figure(plt, diffs))


_OLD_PLOTS = frozenset(
    [
        "racks-words",
        "racks-longest",
        "racks-ladder",
        "trays-moves",
        "trays-best_swing",
        "games-score",
        "games-score_a",
        "games-turns",
        "racks-intervals",
        "trays-intervals",
        "games-intervals",
        "difference-lengths",
    ]
)
"""The stems of every plot a report may write (and an earlier version wrote), besides ``answer-N``."""


def write_report(comparison: Comparison, directory: str | Path) -> Path:
    """Write ``index.html`` and its PNG plots into ``directory``; returns the page's path.

    The page opens with the answer (quotable sentences and the paired
    differences plotted against zero), then each lexicon's estimates,
    the distributions and the words one list lacks; ``docs/studies.md``
    shows each figure.

    >>> import tempfile
    >>> from jarnac_solver.studies.compare import compare
    >>> study = compare(["fr", "en"], racks=20, trays=0, games=0, ladders=False)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_report(study, d).name
    'index.html'
    >>> write_report("a study", "report")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: write_report takes a Comparison (from compare), not str
    """
    if not isinstance(comparison, Comparison):
        raise InvalidInputError(f"write_report takes a Comparison (from compare), not {type(comparison).__name__}")
    plt = load_pyplot()
    folder = prepare_folder(directory, "report")
    for old in folder.glob("*.png"):  # a reused folder: drop the plots an earlier study left
        if old.stem in _OLD_PLOTS or (old.stem.startswith("answer-") and old.stem[7:].isdigit()):
            old.unlink(missing_ok=True)
    written: list[_Figure] = []
    try:
        for figure in _figures(comparison, plt):
            try:
                figure.figure.savefig(folder / figure.file, dpi=100, metadata={"Software": None})
            finally:
                plt.close(figure.figure)
            written.append(figure)
        page = folder / "index.html"
        page.write_text(_page(comparison, written), encoding="utf-8")
    except OSError as exc:
        raise InvalidInputError(f"cannot write the report in {folder}: {exc.strerror}") from None
    return page


def _page(comparison: Comparison, figures: list[_Figure]) -> str:
    e = html.escape
    s = comparison.setup

    def images(section: str) -> str:
        return "\n".join(
            f'<figure><img src="{e(f.file)}" alt="{e(f.caption)}"><figcaption>{e(f.caption)}</figcaption></figure>'
            for f in figures
            if f.section == section
        )

    head = ", ".join(
        f"{e(n)} ({len(lex):,} words, bag {e(b.name)})" for n, lex, b in zip(s.names, s.lexicons, s.bags, strict=True)
    )
    budgets = []
    if s.ladder_budget is not None:
        budgets.append(f"{1000 * s.ladder_budget:g} ms per rack's ladder")
    if s.tray_budget is not None:
        budgets.append(f"{1000 * s.tray_budget:g} ms per position's best Jarnac")
    budget = f" Time budgets: {', '.join(budgets)}." if budgets else " Every search exact (no time budget)."
    answer_html = []
    answer_figures = {f.file: f for f in figures if f.section == "answer"}
    for j, d in enumerate(comparison.differences, start=1):
        answer_html.append(f"<h3>{e(d.second)} against {e(d.first)}</h3>")
        answer_html += [f'<p class="answer">{e(line)}</p>' for line in _answer(d, s)]
        f = answer_figures.get(f"answer-{j}.png")
        if f is not None:
            answer_html.append(
                f'<figure><img src="{e(f.file)}" alt="{e(f.caption)}"><figcaption>{e(f.caption)}</figcaption></figure>'
            )
    if not comparison.differences:
        answer_html.append("<p>One lexicon: nothing to compare it with; its estimates follow.</p>")
    rows = []
    for kind, measures in comparison.measures().items():
        for m, label in measures.items():
            cells = [comparison.estimate(n, kind, m) for n in comparison.names]
            rows.append(
                f"<tr><td>{e(ITEMS[kind])}</td><td>{e(label)}</td>"
                + "".join(f"<td>{e(table_cell(c, m in RATE_MEASURES))}</td>" for c in cells)
                + "</tr>"
            )
    header = "".join(f"<th>{e(n)}</th>" for n in comparison.names)
    words = []
    for d in comparison.differences:
        for label, top in ((d.first, d.top_first), (d.second, d.top_second)):
            if top:
                listed = ", ".join(f"{w} ({n})" for w, n in top)
                words.append(f"<p>The words in {e(label)} only most often the best word of a rack: {e(listed)}.</p>")
    items = f"{s.racks:,} racks of {s.rack_size} tiles, {s.trays:,} positions and {s.games:,} games"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Lexicon study: {e(" / ".join(s.names))}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto;line-height:1.4}}
td,th{{padding:2px 8px;text-align:right}}td:nth-child(-n+2){{text-align:left}}figure{{margin:1em 0}}
img{{max-width:100%}}figcaption{{font-size:90%;color:#444}}p.answer{{font-size:110%}}
pre{{background:#f4f4f4;padding:1em;overflow:auto}}</style></head>
<body><h1>Lexicon study: {e(" against ".join(s.names))}</h1>
<p>{head}. Seed {s.seed}; {items} ({e(s.players[0])} against {e(s.players[1])}).{budget}
Every number is an estimate with its 95% interval; rates are in percent.</p>
<h2>The answer</h2>
{chr(10).join(answer_html)}
<h2>Each lexicon on its own</h2>
<table><tr><th>items</th><th>measure</th>{header}</tr>
{chr(10).join(rows)}
</table>
{images("each")}
<h2>Distributions</h2>
{images("distributions")}
<h2>The words one list lacks</h2>
{chr(10).join(words)}
{images("words") or "<p>The lists hold the same words, or cannot be compared word by word.</p>"}
<h2>The whole table</h2>
<pre>{e(comparison.table())}</pre>
</body></html>
"""
