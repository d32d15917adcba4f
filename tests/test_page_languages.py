"""The page in French, Spanish and Dutch in a real browser: a game with hints and a Jarnac window, a refused
move, the referee and an audit, and not one English sentence of the catalogs on screen; the page's tile
reader against the library's on every alphabet."""

from __future__ import annotations

import functools
import json
import re
import urllib.request
from typing import Any

import pytest

from jarnac_solver.lexicon.alphabet import DUTCH, LATIN
from jarnac_solver.messages import MESSAGES, render

from .test_page import (
    HAND_WRITTEN,
    ask_hint,
    browser,
    check_a_pass,
    chromium,
    click,
    console_errors,
    game_state,
    open_page,
    server,
    settled,
    shot,
    wait,
)

__all__ = ["browser", "server"]  # the fixtures, shared with test_page.py

By = pytest.importorskip("selenium.webdriver.common.by").By
Keys = pytest.importorskip("selenium.webdriver.common.keys").Keys


def english_fragments(language: str) -> set[str]:
    """The English catalog's sentences, cut at their placeholders: each run of two words or more that the
    language does not write the same way (a page in that language may show none of them)."""
    found = set()
    for code, message in MESSAGES.items():
        same = " ".join(render(code, dict.fromkeys(message.placeholders, n), language) for n in (1, 2))
        for text in (message.singular, message.plural or ""):
            for part in re.split(r"\{[^}]*\}", text):
                part = part.strip(" .,:;()“”'«»—-")
                if len(part) >= 8 and " " in part and part not in same:
                    found.add(part)
    return found


def page_text(browser: Any) -> str:
    return str(browser.execute_script("return document.body.innerText"))


def test_the_tile_reader_of_the_page_is_the_librarys(server: str, browser: Any) -> None:
    open_page(browser, f"{server}/")
    words = ["IJS", "ZI.JD", "BIJT", "TIJD", "I.J", "Ĳzer", "ĳs", "œuf", "Été", "Æon", "straße", "ﬁn", "naïef", "RATS"]
    read = browser.execute_script(
        "const m = await import('/static/tiles.js');"
        "return arguments[0].map((w) => [m.fold(w), m.tilesOf(m.fold(w), 'latin'), m.tilesOf(m.fold(w), 'dutch')]);",
        words,
    )
    for word, (folded, latin, dutch) in zip(words, read, strict=True):
        assert folded == LATIN.fold(word) == DUTCH.fold(word), word
        assert tuple(latin) == LATIN.tokenize(folded.replace(".", "")), word
        assert tuple(dutch) == DUTCH.tokenize(folded), word


@pytest.mark.parametrize("language", ["fr", "es", "nl"])
def test_a_game_the_referee_and_an_audit_in_the_readers_language(server: str, browser: Any, language: str) -> None:
    body = json.dumps({"players": ["person", "sloppy"], "seed": 4, "lexicon": "fr"}).encode()
    request = urllib.request.Request(f"{server}/api/games", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        game_id = json.load(answer)["result"]["id"]
    open_page(browser, f"{server}/#play")
    remember = "localStorage.setItem('jarnac.lang', arguments[1]); localStorage.setItem('jarnac.game', arguments[0]);"
    browser.execute_script(remember, game_id, language)
    browser.execute_script("localStorage.setItem('jarnac.window', '600')")  # a hint is asked in each window
    open_page(browser, f"{server}/#play")
    assert browser.execute_script("return document.documentElement.lang") == language
    english = english_fragments(language)
    seen: list[str] = []

    def look() -> None:
        text = page_text(browser)
        shown = [f for f in english if f in text]
        assert not shown, (language, shown)
        seen.append(text)

    click(browser, "#hints summary")
    browser.find_element(By.ID, "budget").clear()
    browser.find_element(By.ID, "budget").send_keys("30")
    click(browser, "#draw")
    wait(lambda: settled(browser), what="the draw")
    field = browser.find_element(By.ID, "word")
    field.send_keys("QQQ", Keys.ENTER)  # a refused move, said in the page's language
    wait(lambda: settled(browser) and browser.find_element(By.ID, "message").text, what="the refusal")
    refused = render("page.refused", {}, language)
    message = browser.find_element(By.ID, "message").text
    assert message.startswith(refused)
    # Why, in the same language: the engine's reason rendered, not its English sentence.
    why = render("error_rack_lacks", {"move": "+QQQ", "need": "QQQ", "rack": "\0"}, language).split("\0")[0]
    assert why in message and "from the rack" not in message, message
    look()
    window = False
    for _ in range(120):
        state = game_state(browser)
        if state["over"]:
            break
        ask_hint(browser)
        look()
        if state["phase"] == "jarnac":
            window = True  # the computer passed: the hint is the Jarnac window's, in words
            click(browser, "#hint-list .play-this")
            wait(lambda: settled(browser) and game_state(browser)["phase"] != "jarnac", what="the answer")
            look()
            break
        moves = len(browser.execute_script("return window.jarnacTimings.move"))
        click(browser, "#hint-list .play-this")
        wait(lambda n=moves: len(browser.execute_script("return window.jarnacTimings.move")) > n, what="the move")  # type: ignore[misc]
    assert window, "no Jarnac window in the game"
    log = browser.find_element(By.ID, "log").text
    drew = render("page.say_drew_you", {"tiles": "\0"}, language).split("\0")[0]
    assert drew in log  # a history line says the action as a sentence ("Vous piochez …")
    # The referee and the word judge.
    open_page(browser, f"{server}/#referee")
    check_a_pass(browser)
    wait(lambda: "CASIERS" in browser.find_element(By.ID, "referee-answer").text, what="the check")
    judge = browser.find_element(By.ID, "judge-form")
    judge.find_element(By.NAME, "words").send_keys("été tzra", Keys.ENTER)
    wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#judge-answer li")) == 2, what="the judge")
    assert render("page.invalid", {}, language) in browser.find_element(By.ID, "judge-answer").text
    look()
    # An audit of a hand-written game.
    open_page(browser, f"{server}/#audit")
    form = browser.find_element(By.ID, "audit-form")
    form.find_element(By.NAME, "text").send_keys(HAND_WRITTEN)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    summary = render("audit_left_pass", {"move": "+"}, language).split("+")[0].strip()
    wait(lambda: summary in browser.find_element(By.ID, "audit-answer").text, what="the audit")
    look()
    assert console_errors(browser) == []


def _speaks(browser: Any, language: str) -> bool:
    """Whether the page is in ``language`` (its catalog loaded and applied)."""
    return bool(browser.execute_script("return document.documentElement.lang") == language)


def test_the_referee_and_an_audit_fit_a_phone_in_french(server: str) -> None:
    """At a phone's width (390 px) a board's heading wraps and nothing runs off the page: a referee's board
    took its title's whole width on one line (463 px in French)."""
    phone = chromium(phone_width=390)
    try:
        open_page(phone, f"{server}/#referee")
        phone.execute_script("localStorage.setItem('jarnac.lang', 'fr');")
        open_page(phone, f"{server}/#referee")
        check_a_pass(phone)
        wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#referee-answer .line.taken"), what="the check")
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
        open_page(phone, f"{server}/#audit")
        form = phone.find_element(By.ID, "audit-form")
        form.find_element(By.NAME, "text").send_keys(HAND_WRITTEN)
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#audit-answer details"), what="the audit")
        for details in phone.find_elements(By.CSS_SELECTOR, "#audit-answer details"):
            phone.execute_script("arguments[0].open = true", details)
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
        # The tabs stay on one row in each language (the longest names are Spanish and Dutch).
        Select = __import__("selenium.webdriver.support.ui", fromlist=["Select"]).Select
        for language in ("fr", "en", "es", "nl"):
            Select(phone.find_element(By.ID, "lang")).select_by_value(language)
            wait(functools.partial(_speaks, phone, language), what=language)
            rows = {tab.rect["y"] for tab in phone.find_elements(By.CSS_SELECTOR, "header [role=tablist] [role=tab]")}
            assert len(rows) == 1, (language, rows)
    finally:
        phone.quit()


def test_a_game_reviewed_and_stepped_through_in_french(server: str, browser: Any) -> None:
    """The Review view: a record pasted, the margin drawn, the game stepped forward and back with the trays,
    each decision's verdict as the catalog says it, the mistakes marked on the graph, and no English."""
    with urllib.request.urlopen(f"{server}/api/openapi.json", timeout=30) as answer:
        if "/api/review" not in json.load(answer)["paths"]:
            pytest.skip("this build does not serve POST /api/review")
    from jarnac_solver import CarelessPlayer, Lexicon, play_game

    record = play_game(Lexicon.load("fr"), ["planner", CarelessPlayer(4, slip=0.5)], seed=4)
    open_page(browser, f"{server}/#review")
    browser.execute_script("localStorage.setItem('jarnac.lang', 'fr')")
    open_page(browser, f"{server}/#review")
    form = browser.find_element(By.ID, "review-form")
    browser.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, "text"), str(record))
    form.find_element(By.NAME, "quick").click()  # by the planner's values: milliseconds a decision
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(lambda: browser.find_elements(By.ID, "review-step-title"), seconds=90, what="the review")

    def title() -> str:
        return str(browser.find_element(By.ID, "review-step-title").text)

    count = int(title().split(" sur ")[1].split(",")[0])
    assert title().startswith("Décision 1 sur ") and count > 20
    assert browser.find_elements(By.CSS_SELECTOR, "#review-graph svg polyline")
    marks = browser.find_elements(By.CSS_SELECTOR, "#review-graph circle.mark")
    assert marks, "the careless player's passes with a move left are not marked"
    for _ in range(3):
        click(browser, "#review-next")
    assert title().startswith(f"Décision 4 sur {count}")
    click(browser, "#review-prev")
    assert title().startswith(f"Décision 3 sur {count}")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#review-step .tray-box")) == 2
    assert browser.find_elements(By.CSS_SELECTOR, "#review-step .tray .tile")  # the trays as they stood
    # A mistake marked on the graph: shown with its verdict, its loss and the best alternative.
    browser.find_elements(By.CSS_SELECTOR, "#review-graph circle.mark")[0].click()
    said = browser.find_element(By.ID, "review-said").text
    assert ("gaffe" in said.lower() or "erreur" in said.lower()) and "perte " in said and "mieux\u202f: " in said, said
    # The summary: points lost a player, never a percentage beside them; the verdicts' thresholds stated; the
    # biggest mistakes first, each with the better move, in words.
    summary = browser.find_element(By.ID, "review-summary").text
    assert "points perdus" in summary and "%" not in summary and not re.search(r"\bprécision", summary), summary
    assert "jusqu'à 8 points" in browser.find_element(By.ID, "review-scale").text
    worst = browser.find_elements(By.CSS_SELECTOR, "#review-worst li")
    assert worst and "mieux\u202f: " in worst[0].text.lower()
    losses = [int(re.search(r"(\d+) points perdus", li.text)[1]) for li in worst]  # type: ignore[index]
    assert losses == sorted(losses, reverse=True), losses
    worst[0].find_element(By.CSS_SELECTOR, "button").click()
    assert browser.find_element(By.ID, "review-said").text.split(" · ")[1].startswith("perte ")
    shot(browser, "review-fr")
    text = page_text(browser)
    shown = [f for f in english_fragments("fr") if f in text]
    assert not shown, shown
    assert console_errors(browser) == []
