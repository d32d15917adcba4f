"""The page's opponents in a real browser: the computer's players the server does not offer under the rules
and lexicon chosen (jarnac_solver/play/offered.py) are not listed, and come back under rules that offer them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from jarnac_solver.play.offered import SLOW, not_offered

from .test_page import chromium, console_errors, open_page, serving, wait

By = pytest.importorskip("selenium.webdriver.common.by").By
Select = pytest.importorskip("selenium.webdriver.support.ui").Select


@pytest.fixture(scope="module")
def slow_cell() -> tuple[str, str, list[str]]:
    assert SLOW
    (preset, language), cell = next(iter(SLOW.items()))
    return preset, language, sorted(cell)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, slow_cell: tuple[str, str, list[str]]) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("offered-games"), slow_cell[1]) as base:
        yield base


def test_the_page_lists_only_the_players_offered_under_the_rules_chosen(
    served: str, slow_cell: tuple[str, str, list[str]]
) -> None:
    preset, language, slow = slow_cell
    browser: Any = chromium()
    try:
        open_page(browser, f"{served}/#play")
        form = browser.find_element(By.ID, "new-game")
        Select(form.find_element(By.NAME, "lexicon")).select_by_value(language)
        rules = Select(form.find_element(By.NAME, "rules"))

        def listed() -> list[str]:
            return [o.get_attribute("value") for o in Select(form.find_element(By.NAME, "opponent")).options]

        rules.select_by_value(preset)
        wait(lambda: not set(slow) & set(listed()), what=f"{slow} left out under {preset}")
        assert "planner" in listed()
        elsewhere = next(p for p in ("sheet", "multilingual", "english") if not_offered(slow[0], language, p) is None)
        rules.select_by_value(elsewhere)
        wait(lambda: slow[0] in listed(), what=f"{slow[0]} listed under {elsewhere}")
        assert console_errors(browser) == []
    finally:
        browser.quit()
