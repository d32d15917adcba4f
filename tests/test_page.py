"""The page of ``jarnac-solver serve`` in a real browser (Debian's chromium, driven by Selenium).

A whole game against the computer (the sloppy player, who passes with moves
left) with hints taken and a Jarnac called with the page's own control; the
referee's check and the word judge; an audit of a hand-written game; a
phone-sized viewport; the keyboard; no script error in the console. Skipped,
with one line saying why, where no browser can be had. Screenshots go to
``$JARNAC_PAGE_SHOTS`` when set (look at them as a player would).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test group has it)")

from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
DRIVER = shutil.which("chromedriver")
if CHROMIUM is None or DRIVER is None:
    pytest.skip("no chromium and chromedriver here (apt-get install chromium chromium-driver)", allow_module_level=True)

SHOTS = os.environ.get("JARNAC_PAGE_SHOTS")


@contextlib.contextmanager
def serving(data: Path, *lexicons: str) -> Iterator[str]:
    """``jarnac-solver serve`` on a free port over the store in ``data``, offering ``lexicons``: its base URL,
    the server stopped on leaving."""
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--workers", "0", "--data", str(data)]
    named = [arg for name in lexicons for arg in ("--lexicon", name)]
    process = subprocess.Popen([*command, *named], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    banner = process.stdout.readline()
    assert "http://" in banner, banner
    try:
        yield "http://" + banner.split("http://", 1)[1].split("/api/", 1)[0]
    finally:
        process.terminate()
        process.wait(timeout=30)
        process.stdout.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("page-games"), "fr", "en") as base:
        yield base


def chromium(phone_width: int | None = None) -> Any:
    """A headless chromium: a desktop window, or a phone's screen ``phone_width`` px wide (mobile emulation:
    a headless window does not go below 500 px)."""
    options = Options()
    options.binary_location = CHROMIUM or ""
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    if phone_width is None:
        options.add_argument("--window-size=1200,900")
    else:
        metrics = {"width": phone_width, "height": 844, "pixelRatio": 1}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        return webdriver.Chrome(options=options, service=Service(DRIVER))
    except WebDriverException as exc:  # pragma: no cover - a broken browser install
        pytest.skip(f"chromium did not start: {exc.msg}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()


def check_a_pass(browser: Any, passer: str = "CARIES SORBETS / SN", thief: str = "RAT /") -> Any:
    """The referee's form filled with the two trays and sent (the referee tab open), on the French lexicon
    the trays are written in (a page in English offers the English one first)."""
    form = browser.find_element(By.ID, "referee-form")
    Select = __import__("selenium.webdriver.support.ui", fromlist=["Select"]).Select
    Select(form.find_element(By.NAME, "lexicon")).select_by_value("fr")
    form.find_element(By.NAME, "passer").send_keys(passer)
    form.find_element(By.NAME, "thief").send_keys(thief)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    return form


def wait(condition: Callable[[], Any], seconds: float = 20, what: str = "") -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.02)


def open_page(browser: Any, url: str) -> None:
    browser.get("about:blank")  # a new document each time, never a jump within the page
    browser.get(url)
    wait(lambda: browser.execute_script("return document.body.dataset.ready === 'true'"), what="the page")


def settled(browser: Any) -> bool:
    return bool(browser.execute_script("return document.body.dataset.busy !== 'true'"))


def shot(browser: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(SHOTS) / f"{name}.png"))


def console_errors(browser: Any) -> list[str]:
    """Script errors (a 4xx the page shows as a refusal is the browser's network log, not one)."""
    logged = browser.get_log("browser")
    return [entry["message"] for entry in logged if entry["level"] == "SEVERE" and entry.get("source") != "network"]


def game_state(browser: Any) -> dict[str, Any]:
    state: dict[str, Any] = browser.execute_script(
        "const id = localStorage.getItem('jarnac.game');"
        "const r = await fetch('/api/games/' + id); return (await r.json()).result.game;"
    )
    return state


def click(browser: Any, selector: str) -> None:
    browser.find_element(By.CSS_SELECTOR, selector).click()


def timings(browser: Any, kind: str) -> int:
    """How many clicks of ``kind`` (hint, move) the page has answered."""
    return int(browser.execute_script(f"return window.jarnacTimings.{kind}.length"))


def ask_hint(browser: Any) -> str:
    before = len(browser.execute_script("return window.jarnacTimings.hint"))
    click(browser, "#ask-hint")
    wait(lambda: len(browser.execute_script("return window.jarnacTimings.hint")) > before, what="a hint")
    return str(browser.find_element(By.CSS_SELECTOR, "#hint-list li").get_attribute("data-action"))  # its notation


def test_a_game_against_the_computer_with_hints_and_a_jarnac(server: str, browser: Any) -> None:
    # A game of a fixed seed made through the API, then opened by the page (as after a reload).
    body = json.dumps({"players": ["person", "sloppy"], "seed": 4, "lexicon": "fr"}).encode()
    request = urllib.request.Request(f"{server}/api/games", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        game_id = json.load(answer)["result"]["id"]
    open_page(browser, f"{server}/#play")
    remember = "localStorage.setItem('jarnac.lang', 'en'); localStorage.setItem('jarnac.game', arguments[0]);"
    browser.execute_script(remember, game_id)
    browser.execute_script("localStorage.setItem('jarnac.window', '600')")  # a hint is asked in each window
    open_page(browser, f"{server}/#play")
    assert browser.find_element(By.ID, "game").is_displayed()
    click(browser, "#hints summary")
    browser.find_element(By.ID, "budget").clear()
    browser.find_element(By.ID, "budget").send_keys("30")
    click(browser, "#draw")
    wait(lambda: settled(browser), what="the draw")
    called_with_the_button = False
    hints = 0
    for _ in range(300):
        state = game_state(browser)
        if state["over"]:
            break
        if state["phase"] == "jarnac" and not called_with_the_button:
            best = ask_hint(browser)
            hints += 1
            if best.startswith("jarnac "):
                # The page's own control: "Jarnac!" in the window, the computer's line, the longer word, Jarnac!
                click(browser, "#window-call")
                steal = best.split()[1]
                if steal.startswith("+"):
                    word = steal[1:]
                else:
                    number, rest = steal.split(":", 1)
                    word = rest.split("=", 1)[1]
                    click(browser, f"#tray-1 .line[data-line='{int(number) - 1}']")
                field = browser.find_element(By.ID, "word")
                field.clear()
                field.send_keys(word)
                shot(browser, "jarnac-chosen")
                click(browser, "#call-jarnac")
                wait(lambda: settled(browser), what="the Jarnac")
                log = browser.find_element(By.ID, "log").text
                assert "You call Jarnac: " in log, log
                called_with_the_button = True
                shot(browser, "jarnac-called")
                continue
        best = ask_hint(browser)
        hints += 1
        moves = timings(browser, "move")
        click(browser, "#hint-list .play-this")
        wait(lambda n=moves: timings(browser, "move") > n, what="the move")  # type: ignore[misc]
    state = game_state(browser)
    assert state["over"], "the game did not end in 300 decisions"
    assert called_with_the_button, "the sloppy computer never left a move for a Jarnac"
    assert hints > 10
    assert "The game is over" in browser.find_element(By.ID, "status").text
    record = browser.find_element(By.ID, "record-link").get_attribute("href")
    with urllib.request.urlopen(record, timeout=30) as answer:
        assert '[Result "A ' in answer.read().decode()
    shot(browser, "game-over")
    assert console_errors(browser) == []


def test_refused_moves_say_why_and_the_keyboard_plays(server: str, browser: Any) -> None:
    open_page(browser, f"{server}/#play")
    browser.execute_script("localStorage.removeItem('jarnac.game'); localStorage.setItem('jarnac.lang', 'fr');")
    open_page(browser, f"{server}/#play")
    assert browser.find_element(By.ID, "start").text == "Commencer"  # French by default
    click(browser, "#start")
    wait(lambda: browser.find_element(By.ID, "draw").is_displayed(), what="the new game")
    browser.find_element(By.ID, "draw").send_keys(Keys.ENTER)  # a button: the keyboard presses it
    wait(lambda: browser.find_element(By.ID, "pass").is_displayed(), what="the letters")
    field = browser.find_element(By.ID, "word")
    field.send_keys("QQQ", Keys.ENTER)
    wait(lambda: settled(browser) and browser.find_element(By.ID, "message").text, what="the refusal")
    message = browser.find_element(By.ID, "message").text
    assert message.startswith("Refusé") and "QQQ" in message
    # The engine's reasons, rendered from their codes, are said in French on the French page.
    click(browser, "#hints summary")
    ask_hint(browser)
    # The game's seed is random: a rack with a word is told its points now; one with none, a clean pass.
    hint = browser.find_element(By.ID, "hint-list").text
    assert "maintenant" in hint or "aucun coup ne reste\u202f: passez (une passe nette, rien à voler)" in hint, hint
    # The message on screen and the log follow a change of language (a newcomer saw them stay).
    Select = __import__("selenium.webdriver.support.ui", fromlist=["Select"]).Select
    Select(browser.find_element(By.ID, "lang")).select_by_value("en")
    assert browser.find_element(By.ID, "message").text.startswith("Refused")
    assert "You draw " in browser.find_element(By.ID, "log").text  # the draw said once, with its tiles
    assert "(draws)" not in browser.find_element(By.ID, "log").text
    # The game survives a reload of the page, its log too (found by a newcomer: it came back empty).
    before = game_state(browser)
    log = browser.find_element(By.ID, "log").text
    open_page(browser, f"{server}/#play")
    assert browser.find_element(By.ID, "game").is_displayed()
    assert game_state(browser) == before
    assert "draw" in browser.find_element(By.ID, "log").text and log
    assert console_errors(browser) == []


def test_the_referee_checks_a_pass_and_judges_words(server: str, browser: Any) -> None:
    open_page(browser, f"{server}/#referee")
    browser.execute_script("localStorage.setItem('jarnac.lang', 'en');")
    open_page(browser, f"{server}/#referee")
    form = check_a_pass(browser)
    answer = wait(lambda: browser.find_element(By.ID, "referee-answer").text.count("swing") >= 2, what="the check")
    text = browser.find_element(By.ID, "referee-answer").text
    assert answer and "a move was left: 1:CARIES+S=CASIERS" in text and "2:SORBETS+N=BROSSENT" in text
    # The server's verdict, from its codes: each steal with what the passer loses, and the totals.
    assert "1:CARIES+S=CASIERS (+49, the passer loses 36)" in text and "gain 113, swing 198" in text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#referee-answer .line.taken")) == 2  # the steals drawn
    # A thief with no free line: a move was left, but no call is possible (a newcomer got "Jarnac!").
    for name, value in (("passer", "CARIES SORBETS / SN"), ("thief", "ANE BUT TAS RAT MER OSE ILE AIR / E")):
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(lambda: "can seat no steal" in browser.find_element(By.ID, "referee-answer").text, what="the second check")
    judge = browser.find_element(By.ID, "judge-form")
    Select = __import__("selenium.webdriver.support.ui", fromlist=["Select"]).Select
    Select(judge.find_element(By.NAME, "lexicon")).select_by_value("fr")  # French words, on an English page
    judge.find_element(By.NAME, "words").send_keys("été tzra", Keys.ENTER)
    wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#judge-answer li")) == 2, what="the judge")
    verdicts = browser.find_element(By.ID, "judge-answer").text
    assert "été → ETE: valid" in verdicts and "tzra → TZRA: not valid" in verdicts
    shot(browser, "referee")
    assert console_errors(browser) == []


HAND_WRITTEN = """\
draw {RATEAU}
+RAT {S}
pass
decline
draw {ENSIRT}
+TRIS {E}
pass
"""


def test_the_audit_of_a_hand_written_game(server: str, browser: Any) -> None:
    open_page(browser, f"{server}/#audit")
    form = browser.find_element(By.ID, "audit-form")
    form.find_element(By.NAME, "text").send_keys(HAND_WRITTEN)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(lambda: "Game 1" in browser.find_element(By.ID, "audit-answer").text, what="the audit")
    text = browser.find_element(By.ID, "audit-answer").text
    assert "Turn 1, A passes, B may call Jarnac" in text and "pass with a move left: " in text
    browser.find_element(By.CSS_SELECTOR, "details.window summary").click()
    assert browser.find_elements(By.CSS_SELECTOR, "details.window .tray .tile")  # the trays of the window
    shot(browser, "audit")
    assert console_errors(browser) == []


def test_the_lexicon_follows_the_pages_language_until_one_is_chosen(server: str, browser: Any) -> None:
    """A page in English offers the English lexicon first, one in French the French (this server offers fr and
    en; a language it has no lexicon for, French's); a lexicon the reader picked stays through a change of
    language."""
    Select = __import__("selenium.webdriver.support.ui", fromlist=["Select"]).Select
    open_page(browser, f"{server}/#play")
    browser.execute_script("localStorage.removeItem('jarnac.game'); localStorage.setItem('jarnac.lang', 'en');")
    open_page(browser, f"{server}/#play")

    def lexicon() -> Any:
        return Select(browser.find_element(By.CSS_SELECTOR, "#new-game select[name=lexicon]"))

    def shows(language: str, shown: str) -> None:  # the catalog loads before the selects are filled again
        Select(browser.find_element(By.ID, "lang")).select_by_value(language)
        wait(lambda: browser.execute_script("return document.documentElement.lang") == language, what=language)
        wait(lambda: lexicon().first_selected_option.get_attribute("value") == shown, what=f"{shown} on {language}")

    assert lexicon().first_selected_option.get_attribute("value") == "en"
    for language, shown in (("fr", "fr"), ("nl", "fr"), ("en", "en")):
        shows(language, shown)
    lexicon().select_by_value("fr")
    shows("es", "fr")
    shows("en", "fr")  # the reader's choice kept
    # The opponents by the chosen lexicon's measured table, the first named the strongest there, an alias
    # (cautious, which plays as exchanger) not offered twice.
    with urllib.request.urlopen(f"{server}/api/health", timeout=30) as answer:
        tables = json.load(answer)["ratings_by_lexicon"]
    opponent = Select(browser.find_element(By.CSS_SELECTOR, "#new-game select[name=opponent]"))
    for name in ("fr", "en"):
        lexicon().select_by_value(name)
        offered = [o.get_attribute("value") for o in opponent.options]
        rated = [p for p in offered if p in tables[name]]
        assert rated == sorted(rated, key=lambda p: -tables[name][p]) and "cautious" not in offered, offered
        assert opponent.options[0].text.endswith("the strongest here") and offered[0] == rated[0]
    assert console_errors(browser) == []


def test_a_phone_sized_screen(server: str, browser: Any) -> None:
    browser.set_window_size(390, 844)
    try:
        open_page(browser, f"{server}/#play")
        browser.execute_script("localStorage.removeItem('jarnac.game');")
        open_page(browser, f"{server}/#play")
        # The page opens at its top, and a tab opens without scrolling: the title and the tabs stay on screen
        # (the address's #play once scrolled them off).
        assert browser.execute_script("return window.scrollY") == 0
        browser.find_element(By.CSS_SELECTOR, "[role=tab][aria-controls=referee]").click()
        assert browser.execute_script("return [window.scrollY, location.hash]") == [0, "#referee"]
        browser.find_element(By.CSS_SELECTOR, "[role=tab][aria-controls=play]").click()
        # Each field of the new game's form is wide enough to read its choice (the rules' names are long).
        form = browser.find_element(By.ID, "new-game").rect["width"]
        for name in ("lexicon", "rules", "opponent"):
            assert browser.find_element(By.CSS_SELECTOR, f"#new-game select[name={name}]").rect["width"] > form / 2
        click(browser, "#start")
        wait(lambda: browser.find_element(By.ID, "draw").is_displayed(), what="the new game")
        click(browser, "#draw")
        wait(lambda: settled(browser) and browser.find_elements(By.CSS_SELECTOR, "#rack-0 button.tile"), what="tiles")
        width = browser.execute_script("return document.documentElement.clientWidth")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width  # no sideways scroll
        tile = browser.find_element(By.CSS_SELECTOR, "#rack-0 button.tile")
        assert tile.size["width"] >= 40 and tile.size["height"] >= 40  # big enough for a finger
        row = browser.find_element(By.CSS_SELECTOR, "#tray-0 .line")
        assert row.rect["x"] + row.rect["width"] <= width
        shot(browser, "phone")
    finally:
        browser.set_window_size(1200, 900)
    assert console_errors(browser) == []


def test_the_page_asks_nothing_of_another_server(server: str, browser: Any) -> None:
    open_page(browser, f"{server}/")
    resources = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert resources and all(name.startswith(server) or name.startswith("data:") for name in resources), resources
