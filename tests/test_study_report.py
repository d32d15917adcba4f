"""The study report: it opens with the answer, in percent, with labels that say what was measured.

A tiny study (en against en-large, a few racks, positions and games) is
rendered once; the tests read its page and its matplotlib figures (titles,
axis labels, tick labels, the zero lines), as a reader would read the PNGs.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import jarnac_solver
from jarnac_solver import Lexicon, compare, write_report, write_rows
from jarnac_solver.errors import InvalidInputError
from jarnac_solver.studies.compare import Comparison

plt = pytest.importorskip("matplotlib.pyplot")

from jarnac_solver.studies import report as report_module  # noqa: E402 (after the skip: matplotlib is an extra)
from jarnac_solver.studies.report import (  # noqa: E402
    _distribution_figure,
    _doubling_bin,
    _doubling_label,
    _figures,
    _heavy,
)

EN, EN_LARGE = Lexicon.load("en"), Lexicon.load("en-large")
TINY: dict[str, Any] = {
    "racks": 40,
    "trays": 2,
    "games": 2,
    "players": ("greedy", "greedy"),
    "ladders": False,
    "seed": 5,
    "familiarity": False,
}


@pytest.fixture(scope="module")
def study() -> Comparison:
    return compare([EN, EN_LARGE], **TINY)


@pytest.fixture(scope="module")
def report(study: Comparison, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The page written once, and each of its figures (file -> (caption, matplotlib figure)) as it was saved."""
    made: dict[str, Any] = {}

    def recording(comparison: Comparison, pyplot: Any) -> Iterator[Any]:
        for figure in _figures(comparison, pyplot):
            made[figure.file] = (figure.caption, figure.figure)  # closed once saved, still readable
            yield figure

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(report_module, "_figures", recording)
        page = write_report(study, tmp_path_factory.mktemp("report"))
    return page, made


@pytest.fixture(scope="module")
def figures(report: tuple[Path, dict[str, Any]]) -> dict[str, Any]:
    return report[1]


def _texts(fig: Any) -> list[str]:
    """Every title, axis label, tick label and text of a figure."""
    out = [fig._suptitle.get_text()] if fig._suptitle is not None else []
    out += [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        out += [ax.get_title(loc="left"), ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        out += [t.get_text() for t in ax.get_yticklabels() + ax.get_xticklabels() + ax.texts]
        legend = ax.get_legend()
        if legend is not None:
            out += [t.get_text() for t in legend.get_texts()]
    return [t for t in out if t]


def _has_zero_line(ax: Any) -> bool:
    return any(list(line.get_xdata()) == [0, 0] for line in ax.get_lines())


def test_the_page_opens_with_the_answer_and_shows_every_figure(report: tuple[Path, dict[str, Any]]) -> None:
    page, figures = report
    text = page.read_text(encoding="utf-8")
    answer, each = text.index("<h2>The answer</h2>"), text.index("<h2>Each lexicon on its own</h2>")
    assert answer < text.index('src="answer-1.png"') < each  # the paired figure comes first
    assert "the best (longest) word of a rack is a word en lacks in" in text[answer:each]
    assert "% of racks (95% CI " in text[answer:each]
    images = sorted(p.name for p in page.parent.glob("*.png"))
    assert images == sorted(figures)  # every figure made is on the page, and only those
    assert {
        "answer-1.png",
        "racks-intervals.png",
        "games-intervals.png",
        "racks-words.png",
        "difference-lengths.png",
    } <= set(images)
    for name in images:
        assert f'src="{name}" alt="' in text
        assert (page.parent / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "density" not in text and "first named player" not in text and "proven within the budget" not in text
    assert "Every search exact (no time budget)" in text
    one = compare(["fr"], racks=5, trays=0, games=0, ladders=False)
    write_report(one, page.parent)  # the same folder again: no stale plot of the first study stays
    assert sorted(p.name for p in page.parent.glob("*.png")) == [
        "racks-intervals.png",
        "racks-longest.png",
        "racks-words.png",
    ]
    assert "nothing to compare" in page.read_text(encoding="utf-8")


def test_the_answer_figure_plots_the_paired_differences_against_zero(figures: dict[str, Any]) -> None:
    caption, fig = figures["answer-1.png"]
    texts = _texts(fig)
    assert "en-large against en: paired differences" in texts
    for label in (
        "racks whose longest word only en-large has",
        "racks playable only with en-large",
        "racks playable only with en",
        "passes Jarnac-able only with en-large's words",
        "words per rack\n(en-large \N{MINUS SIGN} en)",
        "longest word (tiles)\n(en-large \N{MINUS SIGN} en)",
    ):
        assert label in texts, label
    assert "share of the same 40 racks (%)" in texts
    assert any(t.endswith("%)") and "positions of en-large's self-play" in t for t in texts)
    assert all(_has_zero_line(ax) for ax in fig.axes)  # every panel has its zero line
    racks, positions = fig.axes[0], fig.axes[1]
    assert racks.get_xlim() == positions.get_xlim()  # the shares share one axis
    assert any(t.endswith("]") and "%" in t for t in texts)  # each share written out, in percent
    assert "95% interval" in caption and "percent" in caption


def test_each_lexicon_is_in_percent_from_zero_and_an_empty_panel_says_why(
    figures: dict[str, Any], study: Comparison
) -> None:
    _, racks = figures["racks-intervals.png"]
    rate = next(ax for ax in racks.axes if ax.get_title(loc="left") == "racks with a word")
    assert rate.get_xlim() == (-1, 101) and rate.get_xlabel() == "share of racks (%)"
    assert any(t.get_text().startswith("en  ") and "%" in t.get_text() for t in rate.get_yticklabels())
    words = next(ax for ax in racks.axes if ax.get_title(loc="left") == "words per rack")
    assert words.get_xlim()[0] <= 0  # a mean from zero: two lexicons at their true distance
    caption, games = figures["games-intervals.png"]
    texts = _texts(games)
    assert "wins of the player who moves first (dotted: 50%)" in texts  # greedy against greedy
    assert not any(t == "Jarnacs per game" for t in texts)  # all zeros: not plotted...
    assert "sloppy" in caption and any("never a Jarnac to call" in t for t in texts)  # ...but said
    assert study.measures()["games"]["starter_wins"] == "wins of the player who moves first"


def test_distributions_are_shares_and_heavy_tails_get_doubling_bins(figures: dict[str, Any]) -> None:
    for file, (_caption, fig) in figures.items():
        if file.startswith(("racks-", "trays-", "games-")) and not file.endswith("-intervals.png"):
            (ax,) = fig.axes
            assert ax.get_ylabel().startswith("share of ") or not ax.axison, file
            assert "density" not in " ".join(_texts(fig))
    assert figures["games-score.png"][1].axes[0].get_ylabel() == "share of players' scores (%)"
    assert [_doubling_bin(v) for v in (0, 1, 2, 3, 4, 5, 8, 9, 16, 17)] == [0, 1, 2, 3, 3, 4, 4, 5, 5, 6]
    assert [_doubling_label(k) for k in range(6)] == ["0", "1", "2", "3\N{EN DASH}4", "5\N{EN DASH}8", "9\N{EN DASH}16"]
    assert _heavy([1] * 90 + [40] * 10) and not _heavy([300 + k for k in range(100)])
    fig, scale = _distribution_figure(plt, "Jarnacs per game", "games", {"a": [0, 0], "b": [0]}, "Jarnacs")
    assert scale == "nothing to plot" and "Jarnacs per game: 0 Jarnacs in every one of the 3 games" in _texts(fig)
    plt.close(fig)
    fig, scale = _distribution_figure(plt, "words per rack", "racks", {"a": [1] * 90 + [300] * 10}, "words")
    assert "double" in scale and fig.axes[0].get_xticklabels()[-1].get_text() == "257\N{EN DASH}512"
    plt.close(fig)


def test_options_show_only_when_they_applied() -> None:
    timed = compare(["fr"], racks=5, trays=0, games=0, ladder_budget=0.5)
    assert timed.measures()["racks"]["ladder_exact"] == "ladders proven within the budget"
    assert "ladders proven within the budget" in timed.table()
    exact = compare(["fr"], racks=5, trays=0, games=0)
    assert "ladder_exact" not in exact.measures()["racks"] and "budget" not in exact.table()


def test_the_writers_are_public_and_refuse_what_is_not_a_study(tmp_path: Path) -> None:
    assert {"write_report", "write_rows"} <= set(jarnac_solver.__all__)
    assert jarnac_solver.write_rows is write_rows
    with pytest.raises(InvalidInputError, match="takes a Comparison"):
        write_report({"racks": []}, tmp_path)  # type: ignore[arg-type]
