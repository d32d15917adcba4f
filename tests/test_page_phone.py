"""The page on a phone (390 by 844 px) in French, Spanish and Dutch, tried as a new user would: a whole game against
the computer, one tap a turn (a Jarnac window times itself out, "Draw" says nothing), every action said as a
sentence of the reader's language (no English notation word on screen), the layout holding (the opponent's
tray, the last message, your tray and letters and the controls on one screen, no horizontal scroll), the end
saying who won with a rematch and the review, axe-core finding no serious or critical violation; the
competitive rules' dispute flow in French; no horizontal scroll at 320 px either."""

from __future__ import annotations

import itertools
import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jarnac_solver.messages import render

from .test_page import chromium, click, console_errors, game_state, open_page, serving, settled, shot, wait
from .test_page_languages import english_fragments

axe_selenium_python = pytest.importorskip("axe_selenium_python", reason="the test group's axe-selenium-python")
By = pytest.importorskip("selenium.webdriver.common.by").By
Keys = pytest.importorskip("selenium.webdriver.common.keys").Keys

AXE = (Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js").read_text()
"""axe-core as the package vendors it: injected into the page under test, nothing fetched."""

NOTATION = re.compile(
    r"\b(draws?|drew|declines?|pass|passes|persons?|sloppy|disputes?|accepts?|exchanges?|lengthens|jarnac [+\d])\b",
    re.IGNORECASE,
)
"""The English words of the notation and of the players' codes: none may show on a French, Spanish or Dutch page."""

WIDTH, HEIGHT = 390, 844


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("phone-games"), "fr", "fr-competitive", "es", "nl") as base:
        yield base


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    driver = chromium(WIDTH)
    try:
        yield driver
    finally:
        driver.quit()


def new_game(server: str, **body: Any) -> str:
    data = json.dumps(body).encode()
    request = urllib.request.Request(f"{server}/api/games", data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return str(json.load(answer)["result"]["id"])


def opened(browser: Any, server: str, game_id: str, language: str, window: float) -> None:
    """The page in ``language`` resuming ``game_id``, its timed windows ``window`` seconds long."""
    open_page(browser, f"{server}/#play")
    remember = (
        "localStorage.setItem('jarnac.lang', arguments[1]); localStorage.setItem('jarnac.game', arguments[0]);"
        "localStorage.setItem('jarnac.window', arguments[2]);"
    )
    browser.execute_script(remember, game_id, language, str(window))
    open_page(browser, f"{server}/#play")


def serious_violations(browser: Any) -> list[str]:
    """axe-core's serious and critical violations of the page as it is, each its rule and first node."""
    browser.execute_script(AXE)
    found = browser.execute_async_script(
        "const done = arguments[0];"
        "axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations"
        ".filter((v) => ['serious', 'critical'].includes(v.impact))"
        ".map((v) => v.id + ': ' + v.nodes[0].html.slice(0, 160))));"
    )
    return list(found)


def english_shown(browser: Any, language: str, fragments: set[str]) -> list[str]:
    """The English fragments of the catalogs and the notation's words shown, each with its line."""
    # What explains the records' notation (kept in English in every language, as a file holds it) aside.
    text = str(
        browser.execute_script(
            "const aside = [...document.querySelectorAll('[data-notation]')].map((n) => n.innerText).filter(Boolean);"
            "let text = document.body.innerText; for (const a of aside) text = text.split(a).join(''); return text;"
        )
    )
    lines = text.splitlines()
    return [f for f in fragments if f in text] + [line for line in lines if NOTATION.search(line)]


def no_english(browser: Any, language: str, fragments: set[str]) -> None:
    shown = english_shown(browser, language, fragments)
    assert not shown, "\n".join([language, *shown])


def off_screen(browser: Any) -> dict[str, Any]:
    """Of what a turn needs, each box not wholly inside the viewport at the page's top (none: the layout holds)."""
    found: dict[str, Any] = browser.execute_script(
        "window.scrollTo(0, 0);"
        "const out = {};"
        "for (const s of ['#tray-title-1', '#tray-1', '#rack-1', '#message', '#tray-title-0', '#tray-0', '#rack-0',"
        "  '#word-controls', '#turn-controls']) {"
        "  const node = document.querySelector(s);"
        "  if (!node || node.offsetParent === null || (s === '#message' && !node.textContent)) continue;"
        "  const r = node.getBoundingClientRect();"
        "  if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) out[s] = [r.top, r.bottom];"
        "}"
        "return out;"
    )
    return found


def horizontal_scroll(browser: Any) -> bool:
    return bool(browser.execute_script("return document.documentElement.scrollWidth > innerWidth"))


def window_shown(browser: Any) -> bool:
    """Whether the page shows its Jarnac button (the opponent's pass's window)."""
    return bool(browser.find_element(By.ID, "window-call").is_displayed())


def act_and_wait(browser: Any, selector: str) -> None:
    before = game_state(browser)["actions"]
    click(browser, selector)
    wait(lambda: settled(browser) and game_state(browser)["actions"] > before, seconds=60, what=selector)


@pytest.mark.parametrize("language", ["fr", "es", "nl"])
def test_a_phone_plays_a_whole_game_in_the_readers_language(server: str, phone: Any, language: str) -> None:
    # The landing page first: axe-core clean, no English.
    fragments = english_fragments(language)
    open_page(phone, f"{server}/#play")
    phone.execute_script("localStorage.clear(); localStorage.setItem('jarnac.lang', arguments[0])", language)
    open_page(phone, f"{server}/#play")
    assert serious_violations(phone) == []
    no_english(phone, language, fragments)
    # The opponents listed with their levels' Elo, the planner the default as in French.
    opponent = phone.find_element(By.NAME, "opponent")
    assert opponent.get_attribute("value") == "planner"
    assert all("Elo" in o.text for o in opponent.find_elements(By.TAG_NAME, "option")[:5])
    # A game against the sloppy player (it passes with moves left: Jarnac windows), the page's window 6 s: long
    # enough for a busy machine's browser to be seen showing it, waited out once.
    game_id = new_game(server, players=["person", "sloppy"], seed=4, lexicon=language)
    opened(phone, server, game_id, language, 6)
    click(phone, "#hints summary")
    budget = phone.find_element(By.ID, "budget")
    budget.clear()
    budget.send_keys("30")
    windows = timed_out = drawn_through = layouts = 0
    checked_axe = False
    for _ in range(400):
        state = game_state(phone)
        if state["over"]:
            break
        no_english(phone, language, fragments)
        if state["phase"] == "jarnac":
            # The window: "Jarnac!" with its countdown beside "Draw", on every pass alike.
            def shown_or_gone() -> bool:
                return bool(window_shown(phone) or game_state(phone)["phase"] != "jarnac")

            wait(shown_or_gone, what="the Jarnac button")
            if not window_shown(phone):
                continue  # the page's window ran out before it was looked at (a slow machine): not counted
            windows += 1
            assert phone.find_element(By.ID, "draw").is_displayed()
            if timed_out or windows == 1:
                act_and_wait(phone, "#draw")  # one tap: nothing said, a letter drawn
                drawn_through += 1
            else:
                wait(lambda: game_state(phone)["phase"] != "jarnac", what="the window's end")  # it passes by itself
                timed_out += 1
            continue
        if state["phase"] in ("start", "opening"):
            act_and_wait(phone, "#draw")
            continue
        # The person's turn to play: what it needs on one screen, no horizontal scroll.
        assert off_screen(phone) == {}, (language, state["turn"])
        assert not horizontal_scroll(phone)
        layouts += 1
        if not checked_axe:
            assert serious_violations(phone) == []
            # Dark mode, as the phone's system asks it: the same rules, its own colours.
            dark = [{"name": "prefers-color-scheme", "value": "dark"}]
            phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": dark})
            try:
                assert serious_violations(phone) == []
                paper = "return getComputedStyle(document.documentElement).backgroundColor"
                assert phone.execute_script(paper) == "rgb(22, 24, 27)"  # the dark paper, not the light one
            finally:
                phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            phone.execute_script("window.scrollTo(0, 0)")  # axe scrolled to check contrasts
            shot(phone, f"phone-{language}-turn")
            checked_axe = True
        before = len(phone.execute_script("return window.jarnacTimings.hint"))
        click(phone, "#ask-hint")
        wait(lambda n=before: len(phone.execute_script("return window.jarnacTimings.hint")) > n, what="a hint")  # type: ignore[misc]
        act_and_wait(phone, "#hint-list .play-this")
    state = game_state(phone)
    assert state["over"], "the game did not end"
    assert windows >= 2 and timed_out and drawn_through and layouts >= 3, (windows, timed_out, drawn_through, layouts)
    # The end: who won and by how much, by name, with a rematch and the review; both final trays.
    end = phone.find_element(By.ID, "end")
    assert end.is_displayed()
    a, b = state["scores"]
    if a == b:
        expected = render("page.end_draw", {"a": a}, language)
    elif a > b:
        expected = render("page.end_you_won", {"high": a, "low": b, "margin": a - b}, language)
    else:
        computer = render("page.the_computer", {}, language)
        expected = render("page.end_you_lost", {"winner": computer, "high": b, "low": a, "margin": b - a}, language)
    assert phone.find_element(By.ID, "end-text").text == expected
    assert (
        phone.find_element(By.ID, "end-rematch").is_displayed()
        and phone.find_element(By.ID, "end-review").is_displayed()
    )
    assert phone.find_elements(By.CSS_SELECTOR, "#tray-1 .tile") and phone.find_element(By.ID, "tray-0").is_displayed()
    no_english(phone, language, fragments)
    assert not horizontal_scroll(phone)
    assert serious_violations(phone) == []
    phone.execute_script("window.scrollTo(0, 0)")
    shot(phone, f"phone-{language}-end")
    # The review from the end, quick: one line a player, the biggest mistakes first, in the reader's language.
    phone.execute_script("document.querySelector('#review-form [name=quick]').checked = true")
    click(phone, "#end-review")
    wait(lambda: phone.find_elements(By.ID, "review-step-title"), seconds=120, what="the review")
    assert phone.find_element(By.ID, "review-worst").text
    assert "%" not in phone.find_element(By.ID, "review-summary").text
    no_english(phone, language, fragments)
    assert serious_violations(phone) == []
    # A rematch: the same settings, a new game at once.
    phone.find_element(By.ID, "tab-play").click()
    click(phone, "#end-rematch")
    playing = "return localStorage.getItem('jarnac.game')"
    wait(lambda: phone.execute_script(playing) not in (None, game_id) and settled(phone), what="the rematch")
    assert not game_state(phone)["over"] and phone.find_element(By.ID, "game").is_displayed()
    # My games: the rematch listed by when it began and against whom, never by its id.
    rematch_id = phone.execute_script(playing)
    phone.execute_script("window.confirm = () => true")  # leaving a game under way is confirmed
    click(phone, "#leave")
    wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#lobby-list li[data-game]"), what="My games")
    listed = phone.find_element(By.ID, "lobby-list").text
    assert rematch_id not in listed and render("page.lobby_against", {"name": ""}, language).strip() in listed
    no_english(phone, language, fragments)
    assert console_errors(phone) == []


def test_the_computers_words_are_disputed_or_accepted_and_a_refused_word_says_why(server: str, phone: Any) -> None:
    from jarnac_solver import Lexicon

    lexicon = Lexicon.load("fr-competitive")
    game_id = new_game(server, players=["person", "planner"], seed=6, lexicon="fr", rules="competitive")
    opened(phone, server, game_id, "fr", 6)  # long enough for a busy machine's browser to be seen in time
    fragments = english_fragments("fr")
    disputed = accepted = refused = False
    for _ in range(200):
        state = game_state(phone)
        if state["over"] or (disputed and accepted and refused):
            break
        no_english(phone, "fr", fragments)
        if state["to_act"] != "A":
            wait(lambda: settled(phone), what="the computer")
            continue
        if state["phase"] == "dispute":
            word = re.sub(r"^\d+:.*=|^\+", "", state["disputed"])
            button = phone.find_element(By.ID, "window-dispute")
            actions = state["actions"]
            wait(
                lambda n=actions, b=button: b.is_displayed() or game_state(phone)["actions"] > n,  # type: ignore[misc]
                what="the dispute button shown",
            )
            if not button.is_displayed():
                continue  # the page's window ran out before it was looked at (a slow machine)
            assert word in button.text and "Contester" in button.text
            assert word in phone.find_element(By.ID, "message").text  # the computer's word named
            if not disputed:
                act_and_wait(phone, "#window-dispute")
                said = render("page.say_dispute_stands_you", {"word": word}, "fr")
                assert said in phone.find_element(By.ID, "log").text
                disputed = True
            else:
                n = state["actions"]
                wait(lambda n=n: game_state(phone)["actions"] > n, what="the word accepted by itself")  # type: ignore[misc]
                wait(
                    lambda: render("page.say_accept_you", {}, "fr") in phone.find_element(By.ID, "log").text,
                    what="said",
                )
                accepted = True
            continue
        if state["phase"] == "jarnac":
            act_and_wait(phone, "#draw")
            continue
        if state["phase"] in ("start", "opening"):
            act_and_wait(phone, "#draw")
            continue
        if not refused:
            # A word that is no word, from the rack's letters: accepted unchecked, then disputed by the computer
            # and taken back, said with the reason.
            rack = state["trays"][0]["rack"].replace(" ", "")
            bluff = next(
                "".join(p) for p in itertools.permutations(rack, 3) if "".join(p) not in lexicon and "." not in p
            )
            field = phone.find_element(By.ID, "word")
            field.clear()
            field.send_keys(bluff, Keys.ENTER)
            said = render(
                "page.say_dispute_refused", {"who": render("page.the_computer", {}, "fr"), "word": bluff}, "fr"
            )
            wait(lambda s=said: s in phone.find_element(By.ID, "log").text, seconds=60, what="the bluff refused")  # type: ignore[misc]
            assert said in phone.find_element(By.ID, "message").text
            assert "pas un mot du lexique" in said
            refused = True
            continue
        act_and_wait(phone, "#pass")
    assert disputed and accepted and refused, (disputed, accepted, refused)
    assert console_errors(phone) == []


def test_no_horizontal_scroll_at_320_px(server: str) -> None:
    narrow = chromium(320)
    try:
        open_page(narrow, f"{server}/#play")
        narrow.execute_script("localStorage.clear(); localStorage.setItem('jarnac.lang', 'nl')")
        open_page(narrow, f"{server}/#play")
        assert not horizontal_scroll(narrow)
        game_id = new_game(narrow_server := server, players=["person", "sloppy"], seed=4, lexicon="nl")
        opened(narrow, narrow_server, game_id, "nl", 1)
        act_and_wait(narrow, "#draw")
        assert not horizontal_scroll(narrow)
        for tab in ("referee", "audit", "review"):
            narrow.find_element(By.ID, f"tab-{tab}").click()
            assert not horizontal_scroll(narrow), tab
    finally:
        narrow.quit()


def test_the_notation_is_said_in_words(server: str, phone: Any) -> None:
    open_page(phone, f"{server}/#play")
    phone.execute_script("localStorage.setItem('jarnac.lang', 'fr')")
    open_page(phone, f"{server}/#play")
    said = phone.execute_script(
        "const m = await import('/static/game.js');"
        "return [m.wordsOf('1:RAT+Z=TZAR 2:OS+E=OSE'), m.wordsOf('jarnac +OPE'),"
        " m.stealWords('value 1,2: 1:RAT+Z=TZAR +OS'),"
        " m.actionLabel('draw'), m.actionLabel('2:BEL+T=BLET'), m.actionLabel('jarnac 1:RAT+Z=TZAR'),"
        " m.actionLabel('exchange ABC'), m.movedWord('3:CROC+HER=CROCHER')];"
    )
    assert said == [
        "RAT → TZAR OS → OSE",
        "OPE",
        "RAT → TZAR, OS",
        "Piocher",
        "BEL → BLET",
        "Jarnac\u202f! RAT → TZAR",
        "Échanger ABC",
        "CROCHER",
    ]
