"""A study as a page a person would rather look at than read: ``index.html`` and its plots.

Distributions side by side (words per rack, the longest word, the ladder,
moves per position, scores), every rate and mean with its 95% interval as
a dot and a bar, the difference words by length, then the table. Plots
need the optional ``report`` extra (matplotlib, drawn off-screen with the
Agg backend); the page is plain HTML with PNG images, no script.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import InvalidInputError, MissingExtraError
from .compare import _RATES, MEASURES, Comparison, _cell
from .rows import prepare_folder

__all__ = ["write_report"]


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise MissingExtraError("a report's plots need matplotlib: pip install 'jarnac-solver[report]'") from None
    matplotlib.use("Agg")  # off-screen: no display needed, the same PNGs everywhere
    import matplotlib.pyplot as plt

    return plt


def _distribution(plt: Any, path: Path, title: str, series: Mapping[str, Sequence[float]], xlabel: str) -> None:
    """Side-by-side bars of the share of items at each whole value, one colour per lexicon."""
    values = sorted({int(v) for data in series.values() for v in data})
    if values[-1] - values[0] > 40:  # a wide range (scores, swings): 30 bins, not a hairline per value
        fig, ax = plt.subplots(figsize=(7, 3.6))
        low, high = values[0], values[-1] + 1
        edges = [low + (high - low) * k / 30 for k in range(31)]  # the same bins for every lexicon
        for name, data in series.items():
            ax.hist(data, bins=edges, histtype="step", density=True, label=name, linewidth=1.5)
        ax.set_ylabel("density")
    else:
        fig, ax = plt.subplots(figsize=(7, 3.6))
        width = 0.8 / max(1, len(series))
        for k, (name, data) in enumerate(series.items()):
            n = max(1, len(data))
            shares = [sum(1 for v in data if int(v) == x) / n for x in values]
            ax.bar([x + (k - (len(series) - 1) / 2) * width for x in values], shares, width, label=name)
        ax.set_ylabel("share of items")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _intervals(plt: Any, path: Path, comparison: Comparison, kind: str) -> bool:
    """One panel per measure: each lexicon's estimate as a dot, its 95% interval as a bar."""
    measures = [m for m in MEASURES[kind] if all(m in comparison.summaries[n].get(kind, {}) for n in comparison.names)]
    if not measures:
        return False
    fig, axes = plt.subplots(len(measures), 1, figsize=(7, 0.55 + 0.9 * len(measures)), squeeze=False)
    names = list(comparison.names)
    for ax, m in zip(axes[:, 0], measures, strict=True):
        estimates = [comparison.summaries[n][kind][m] for n in names]
        ys = list(range(len(names)))
        xs = [e.value for e in estimates]
        errors = [[max(0.0, e.value - e.low) for e in estimates], [max(0.0, e.high - e.value) for e in estimates]]
        ax.errorbar(xs, ys, xerr=errors, fmt="o", capsize=4)
        ax.set_yticks(ys, names)
        ax.set_ylim(-0.6, len(names) - 0.4)
        ax.set_title(MEASURES[kind][m], fontsize=9, loc="left")
        ax.tick_params(labelsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def _lengths(plt: Any, path: Path, comparison: Comparison) -> bool:
    diffs = [d for d in comparison.differences if d.only_first or d.only_second]
    if not diffs:
        return False
    fig, axes = plt.subplots(len(diffs), 1, figsize=(7, 3 * len(diffs)), squeeze=False)
    for ax, d in zip(axes[:, 0], diffs, strict=True):
        lengths = sorted(set(d.only_first) | set(d.only_second))
        ax.bar([n - 0.2 for n in lengths], [d.only_first.get(n, 0) for n in lengths], 0.4, label=f"in {d.first} only")
        ax.bar([n + 0.2 for n in lengths], [d.only_second.get(n, 0) for n in lengths], 0.4, label=f"in {d.second} only")
        ax.set_xlabel("tiles")
        ax.set_ylabel("words")
        ax.set_title(f"{d.second} against {d.first}: the words one lacks")
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


_DISTRIBUTIONS = (
    ("racks", "words", "words per rack", "words"),
    ("racks", "longest", "the longest word of a rack", "tiles"),
    ("racks", "ladder", "the longest ladder of a rack", "moves"),
    ("trays", "moves", "legal moves per position", "moves"),
    ("trays", "best_swing", "the best Jarnac's swing per position", "points"),
    ("games", "score_a", "score of the player who sat first", "points"),
    ("games", "turns", "turns per game", "turns"),
)


_PLOT_NAMES = frozenset(
    [f"{kind}-{column}" for kind, column, _, _ in _DISTRIBUTIONS]
    + [f"{kind}-intervals" for kind in MEASURES]
    + ["difference-lengths"]
)
"""The stems of every plot a report may write."""


def write_report(comparison: Comparison, directory: str | Path) -> Path:
    """Write ``index.html`` and its PNG plots into ``directory``; returns the page's path.

    >>> import tempfile
    >>> from jarnac_solver.studies.compare import compare
    >>> study = compare(["fr", "en"], racks=20, trays=0, games=0, ladders=False)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_report(study, d).name
    'index.html'
    """
    plt = _pyplot()
    folder = prepare_folder(directory, "report")
    figures: list[tuple[str, str]] = []
    for old in folder.glob("*.png"):  # a reused folder: drop the plots an earlier study left
        if old.stem in _PLOT_NAMES:
            old.unlink(missing_ok=True)
    try:
        for kind, column, title, xlabel in _DISTRIBUTIONS:
            series = {
                name: [
                    r[column] for r in comparison.rows.get(kind, []) if r["lexicon"] == name and r[column] is not None
                ]
                for name in comparison.names
            }
            if any(series.values()):
                file = f"{kind}-{column}.png"
                _distribution(plt, folder / file, title, series, xlabel)
                figures.append((file, title))
        for kind in MEASURES:
            file = f"{kind}-intervals.png"
            if _intervals(plt, folder / file, comparison, kind):
                figures.append((file, f"{kind}: estimates and their 95% intervals"))
        if _lengths(plt, folder / "difference-lengths.png", comparison):
            figures.append(("difference-lengths.png", "the words one list has and the other lacks, by length"))
        page = folder / "index.html"
        page.write_text(_page(comparison, figures), encoding="utf-8")
    except OSError as exc:
        raise InvalidInputError(f"cannot write the report in {folder}: {exc.strerror}") from None
    return page


def _page(comparison: Comparison, figures: list[tuple[str, str]]) -> str:
    e = html.escape
    s = comparison.setup
    head = ", ".join(
        f"{e(n)} ({len(lex)} words, bag {e(b.name)})" for n, lex, b in zip(s.names, s.lexicons, s.bags, strict=True)
    )
    rows = []
    for kind, measures in MEASURES.items():
        for m, label in measures.items():
            cells = [comparison.summaries[n].get(kind, {}).get(m) for n in comparison.names]
            if all(c is None for c in cells):
                continue
            rate = m in _RATES
            rows.append(
                f"<tr><td>{e(kind)}</td><td>{e(label)}</td>"
                + "".join(f"<td>{e(_cell(c, rate))}</td>" for c in cells)
                + "</tr>"
            )
    header = "".join(f"<th>{e(n)}</th>" for n in comparison.names)
    images = "\n".join(
        f'<figure><img src="{e(f)}" alt="{e(t)}"><figcaption>{e(t)}</figcaption></figure>' for f, t in figures
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Lexicon study: {e(" / ".join(s.names))}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto}}td,th{{padding:2px 8px;text-align:right}}
td:nth-child(-n+2){{text-align:left}}figure{{margin:1em 0}}
pre{{background:#f4f4f4;padding:1em;overflow:auto}}</style></head>
<body><h1>Lexicon study</h1>
<p>{head}. Seed {s.seed}; {s.racks} racks of {s.rack_size} tiles, {s.trays} positions and {s.games} games
({e(s.players[0])} against {e(s.players[1])}). Every number is an estimate with its 95% interval.</p>
<table><tr><th>items</th><th>measure</th>{header}</tr>
{chr(10).join(rows)}
</table>
{images}
<h2>The whole table</h2>
<pre>{e(comparison.table())}</pre>
</body></html>
"""
