"""The Puzzles and Quiz tabs in a real browser: today's puzzle solved (its answer typed, judged right with
the explanation), a wrong answer judged wrong, a quiz card answered by keyboard, the daily challenge
started and finished onto the leaderboard, in French and on a phone's width. Skipped, with one line saying
why, where no browser can be had."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterator
from typing import Any

import pytest

from jarnac_solver import Lexicon
from jarnac_solver.practice.puzzles import daily_puzzle
from jarnac_solver.practice.quiz import Quiz

from .test_page import chromium, console_errors, open_page, serving, shot, wait

pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test group has it)")
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("page-practice"), "fr", "en") as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()


def _speaks(browser: Any, language: str) -> bool:
    return bool(browser.execute_script("return document.documentElement.lang") == language)


def _typed(puzzle_answer: str) -> str:
    """The answer as a French reader types it."""
    return {"yes": "oui", "no": "non", "pass": "passer", "play": "jouer"}.get(puzzle_answer, puzzle_answer)


def test_todays_puzzle_is_solved_on_the_page(server: str, browser: Any) -> None:
    open_page(browser, f"{server}/#puzzles")
    browser.execute_script("localStorage.setItem('jarnac.lang', 'fr')")
    open_page(browser, f"{server}/#puzzles")
    assert browser.find_element(By.ID, "tab-puzzles").text == "Problèmes"
    Select(browser.find_element(By.CSS_SELECTOR, "#puzzles select.lexicons")).select_by_value("fr")
    browser.find_element(By.ID, "puzzle-daily").click()
    wait(lambda: browser.find_element(By.ID, "puzzle-question").text, what="the daily puzzle")
    today = dt.datetime.now(dt.timezone.utc).date()
    puzzle = daily_puzzle(Lexicon.load("fr"), today, today=today)
    assert browser.find_element(By.ID, "puzzle-question").text == puzzle.question().text("fr")
    # A wrong answer first, by the quick buttons where the kind has them, else typed.
    wrong = {"yes": "no", "no": "yes", "pass": "play", "play": "pass"}.get(puzzle.answer)
    if wrong is not None:
        browser.find_element(By.CSS_SELECTOR, f"#puzzle-quick button[data-answer={wrong}]").click()
    else:
        assert puzzle.next_best is not None
        answer = browser.find_element(By.ID, "puzzle-answer")
        answer.send_keys(puzzle.next_best, Keys.ENTER)
    verdict = wait(lambda: browser.find_element(By.ID, "puzzle-verdict").text, what="the verdict")
    assert verdict.startswith("Pas le meilleur.") and puzzle.explanation().text("fr") in verdict
    # Then the right one, typed and sent with Enter.
    answer = browser.find_element(By.ID, "puzzle-answer")
    answer.clear()
    answer.send_keys(_typed(puzzle.answer), Keys.ENTER)
    wait(lambda: browser.find_element(By.ID, "puzzle-verdict").text.startswith("Juste"), what="right")
    assert "classement" in browser.find_element(By.ID, "puzzle-verdict").text
    shot(browser, "practice-puzzle")
    assert console_errors(browser) == []


def test_a_quiz_card_and_the_daily_challenge_on_the_page(server: str, browser: Any) -> None:
    open_page(browser, f"{server}/#quiz")
    form = browser.find_element(By.ID, "quiz-form")
    Select(form.find_element(By.NAME, "lexicon")).select_by_value("en")
    for name, value in (("length", "7"), ("first", "1"), ("last", "3")):
        box = form.find_element(By.NAME, name)
        box.clear()
        box.send_keys(value)
    form.find_element(By.ID, "quiz-start").click()
    prompt = wait(lambda: browser.find_element(By.ID, "quiz-prompt").text, what="a card")
    en = Lexicon.load("en")
    quiz = Quiz("en", "anagrams", 7, "probability", 1, 3)
    first = quiz.questions(en)[0]
    assert first in prompt
    browser.find_element(By.ID, "quiz-words").send_keys(" ".join(quiz.answer(en, first)).lower(), Keys.ENTER)
    wait(lambda: "right" in browser.find_element(By.ID, "quiz-verdict").get_attribute("class"), what="the verdict")
    wait(lambda: quiz.questions(en)[1] in browser.find_element(By.ID, "quiz-prompt").text, what="the next card")
    # The daily challenge: started, one question left blank, finished onto the leaderboard.
    browser.find_element(By.ID, "challenge-start").click()
    wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#challenge-questions input")) == 10, what="questions")
    inputs = browser.find_elements(By.CSS_SELECTOR, "#challenge-questions input")
    assert "anagram" in browser.find_element(By.ID, "challenge-questions").text
    inputs[0].send_keys("-")
    name = browser.find_element(By.ID, "challenge-name")
    name.clear()
    name.send_keys("Zoé")
    browser.find_element(By.CSS_SELECTOR, "#challenge-form button[type=submit]").click()
    wait(lambda: "Zoé" in browser.find_element(By.ID, "challenge-board").text, what="the leaderboard")
    shot(browser, "practice-quiz")
    assert console_errors(browser) == []


def test_the_tabs_fit_a_phone_in_every_language(server: str) -> None:
    phone = chromium(phone_width=390)
    try:
        open_page(phone, f"{server}/#puzzles")
        for language in ("fr", "en", "es", "nl"):
            Select(phone.find_element(By.ID, "lang")).select_by_value(language)
            wait(functools.partial(_speaks, phone, language), what=language)
            rows = {tab.rect["y"] for tab in phone.find_elements(By.CSS_SELECTOR, "header .tabs [role=tab]")}
            assert len(rows) == 1, (language, rows)
            assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
        phone.find_element(By.ID, "puzzle-daily").click()
        wait(lambda: phone.find_element(By.ID, "puzzle-question").text, what="the daily puzzle")
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
        shot(phone, "practice-phone")
    finally:
        phone.quit()


def test_a_games_mistakes_become_my_puzzles_on_the_page(server: str, browser: Any) -> None:
    from jarnac_solver import CarelessPlayer, play_game

    record = play_game(Lexicon.load("fr"), ["planner", CarelessPlayer(4, slip=0.6)], seed=3)
    open_page(browser, f"{server}/#puzzles")
    form = browser.find_element(By.ID, "mistakes-form")
    browser.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, "text"), str(record))
    Select(form.find_element(By.NAME, "player")).select_by_value("B")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#puzzle-mine li button"), seconds=120, what="my puzzles")
    assert browser.find_element(By.ID, "puzzle-mine-none").get_attribute("hidden") is not None
    # the first of them is posed at once; answered by its own answer (read from the service's store)
    posed = browser.find_element(By.ID, "puzzle-question").text
    assert posed
    found = browser.execute_script(
        "const r = await fetch('/api/practice/mine', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({person: localStorage.getItem('jarnac.practice')})}); return (await r.json()).result;"
    )
    assert found["puzzles"] and all(not p["answered"] for p in found["puzzles"])
    assert console_errors(browser) == []
