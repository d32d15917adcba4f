"""Two people play one game on two browsers (two Selenium drivers on one server), and a third watches.

An invitation made on the page (its link, its code, the lobby); a hot seat handing the device over; then a
game of a fixed seed: A joins by
its link, B by the code read aloud; a word, an extension, a refused word, a pass answered by the other's
decline, B's page reloaded mid-game (it resumes), a pass with a move left and A's Jarnac; each action
reaching the other page by the push channel; a spectator's page following, with no control; the game
played on to its end, said on every page, and its audit one tap away.
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test group has it)")

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .test_page import chromium, click, console_errors, open_page, serving, settled, shot, wait


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("people-games"), "en") as base:
        yield base


def _ask(server: str, path: str, body: dict[str, Any] | None = None, key: str = "") -> dict[str, Any]:
    headers = {"Content-Type": "application/json", **({"X-Seat-Key": key} if key else {})}
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(f"{server}{path}", data, headers), timeout=60) as answer:
        found: dict[str, Any] = json.load(answer)["result"]
    return found


def english(driver: Any, server: str) -> None:
    open_page(driver, f"{server}/#play")
    driver.execute_script("localStorage.setItem('jarnac.lang', 'en')")


def logged(driver: Any) -> int:
    """The actions the page's log shows."""
    return len(driver.find_elements(By.CSS_SELECTOR, "#log li"))


def told(driver: Any, count: int) -> bool:
    """Whether the page shows ``count`` actions and the game's end."""
    return logged(driver) == count and "The game is over" in driver.find_element(By.ID, "status").text


def word(driver: Any, text: str, button: str = "#play-word") -> None:
    field = driver.find_element(By.ID, "word")
    field.clear()
    field.send_keys(text)
    click(driver, button)


def acted(driver: Any, other: Any, count: int) -> None:
    """``driver``'s action answered, and heard on ``other``'s page (pushed: ``other`` asks nothing)."""
    wait(
        lambda: settled(driver) and logged(driver) == count,
        what=f"action {count} answered (the page says: {driver.find_element(By.ID, 'message').text!r})",
    )
    wait(lambda: logged(other) == count, what=f"action {count} pushed to the other page")


def assert_named(driver: Any, said: str) -> None:
    """The other person is named on the table where a game against the computer names the computer."""
    wait(lambda: said in driver.find_element(By.ID, "game").text, what=f"{said!r} on the page")
    assert "computer" not in driver.find_element(By.ID, "game").text.lower()


NAME_A = 'Ann <3 & "Co"'
"""A name with characters of markup, not markup: shown as these characters, never read as HTML."""


def named(driver: Any, field: str, name: str) -> None:
    box = driver.find_element(By.ID, field)
    box.clear()
    box.send_keys(name)


def hot_seat_pass(driver: Any) -> None:
    """Start a hot seat on the page's play tab, A draws and passes: the device is to be handed over."""
    Select(driver.find_element(By.NAME, "opponent")).select_by_value("hotseat")
    named(driver, "your-name", "Hal")
    named(driver, "guest-name", "Bea")
    click(driver, "#start")
    wait(lambda: driver.find_element(By.ID, "draw").is_displayed(), what="the hot seat's first turn")
    click(driver, "#draw")
    wait(lambda: settled(driver) and driver.find_element(By.ID, "pass").is_displayed(), what="A's play")
    click(driver, "#pass")
    wait(lambda: driver.find_element(By.ID, "handover").is_displayed(), what="the handover")


def test_two_people_play_on_two_pages_and_a_third_watches(server: str) -> None:
    a, b = chromium(), chromium()
    watcher = None
    try:
        # An invitation made on the page: the friend's link and code, and the game in the lobby.
        english(a, server)
        open_page(a, f"{server}/#play")
        Select(a.find_element(By.NAME, "opponent")).select_by_value("invite")
        lexicon = Select(a.find_element(By.NAME, "lexicon"))
        lexicon.select_by_value("en")
        named(a, "your-name", "<b>Ann</b>")  # markup: refused by the server, said on the page, nothing started
        click(a, "#start")
        wait(lambda: "markup" in a.find_element(By.ID, "start-message").text, what="the name refused")
        assert not a.find_element(By.ID, "game").is_displayed()
        named(a, "your-name", NAME_A)
        click(a, "#start")
        wait(lambda: a.find_element(By.ID, "invite-seat").is_displayed(), what="the invitation")
        link = a.find_element(By.ID, "invite-link").get_attribute("value")
        assert "#join=" in link and "key=" not in link
        assert f"{NAME_A} (you)" in a.find_element(By.ID, "tray-title-0").text
        assert len(a.find_element(By.ID, "invite-code").text.split(": ")[-1]) == 14
        assert a.find_element(By.ID, "invite-qr").get_attribute("src").startswith("data:image/svg+xml;base64,")
        a.execute_script("window.scrollTo(0, 0)")
        shot(a, "people-invite")
        # B seated by the link (from a page of its own): A's page is told, the invitation gone, B named.
        guest = chromium()
        try:
            english(guest, server)
            open_page(guest, link)
            named(guest, "join-name", "Gus")
            click(guest, "#join")
            wait(lambda: guest.find_element(By.ID, "game").is_displayed(), what="the guest seated")
        finally:
            guest.quit()
        wait(lambda: not a.find_element(By.ID, "invite-seat").is_displayed(), what="A told B is seated")
        wait(lambda: "Gus" in a.find_element(By.ID, "tray-title-1").text, what="B named on A's page")
        click(a, "#leave")
        wait(lambda: len(a.find_elements(By.CSS_SELECTOR, "#lobby-list li .resume")) == 1, what="the lobby")

        # A hot seat: one page, both seats; a pass hands the device over, the table hidden until B taps.
        english(b, server)
        open_page(b, f"{server}/#play")
        Select(b.find_element(By.NAME, "lexicon")).select_by_value("en")
        hot_seat_pass(b)
        shot(b, "people-handover")
        assert not b.find_element(By.ID, "decline").is_displayed()
        assert "Bea" in b.find_element(By.ID, "handover-ready").text
        click(b, "#handover-ready")
        assert_named(b, "Hal passed")
        assert " s left" not in b.find_element(By.ID, "status").text  # no countdown ran during the hand-over
        click(b, "#decline")
        wait(lambda: settled(b) and b.find_element(By.ID, "draw").is_displayed(), what="B's own turn, no handover")
        assert not b.find_element(By.ID, "handover").is_displayed()
        click(b, "#leave")

        # A game of a fixed seed: A by its link, B by the invitation's link (its name asked first); a third
        # browser given the same code is refused, the game unchanged.
        body = {"players": ["person", "person"], "seats": "invite", "seed": 25, "lexicon": "en", "name": NAME_A}
        made = _ask(server, "/api/games", body)
        open_page(a, made["seats"]["A"]["link"])
        assert "key=" not in a.current_url  # taken off the address bar once kept
        open_page(b, made["invitation"]["link"])
        wait(lambda: "type your name" in b.find_element(By.ID, "join-message").text, what="B asked its name")
        assert "#join=" not in b.current_url
        named(b, "join-name", "Bruno")
        click(b, "#join")
        wait(lambda: b.find_element(By.ID, "game").is_displayed(), what="B's page in the game")
        assert not b.find_element(By.ID, "draw").is_displayed()  # A is to act
        wait(lambda: f"{NAME_A} to act" in b.find_element(By.ID, "status").text, what="A named on B's page")
        watcher = chromium()
        english(watcher, server)
        open_page(watcher, f"{server}/#play")
        watcher.find_element(By.ID, "join-code").send_keys(made["invitation"]["code"].lower())
        named(watcher, "join-name", "Mallory")
        click(watcher, "#join")
        wait(lambda: "This seat is taken" in watcher.find_element(By.ID, "join-message").text, what="the refusal")
        assert not watcher.find_element(By.ID, "game").is_displayed()
        a.refresh()
        wait(lambda: "Bruno" in a.find_element(By.ID, "tray-title-1").text, what="B named on A's page")

        click(a, "#draw")
        acted(a, b, 1)
        word(a, "AFT")
        acted(a, b, 2)
        word(a, "IRE")
        acted(a, b, 3)
        click(a, "#tray-0 .line[data-line='0']")  # an extension: AFT chosen, FACT typed
        word(a, "FACT")
        acted(a, b, 4)
        assert "lengthens AFT into FACT" in b.find_element(By.ID, "log").text
        word(a, "QZXV")  # not a word: refused, the game unchanged
        wait(lambda: "error" in (a.find_element(By.ID, "message").get_attribute("class") or ""), what="the refusal")
        assert logged(a) == 4 and logged(b) == 4
        click(a, "#pass")
        acted(a, b, 5)
        wait(lambda: b.find_element(By.ID, "jarnac-controls").is_displayed(), what="B's Jarnac window")
        assert_named(b, f"{NAME_A} passed")
        click(b, "#decline")
        acted(b, a, 6)
        click(b, "#draw")
        acted(b, a, 7)
        open_page(b, f"{server}/#play")  # B's page reloaded mid-game: it resumes
        wait(lambda: b.find_element(By.ID, "game").is_displayed() and logged(b) == 7, what="B's page resumed")
        click(b, "#pass")  # with moves left (DAY, VIE, ...): a Jarnac for A
        acted(b, a, 8)
        wait(lambda: a.find_element(By.ID, "jarnac-controls").is_displayed(), what="A's Jarnac window")
        word(a, "DAY", "#add-steal")
        word(a, "VIE", "#call-jarnac")
        acted(a, b, 9)
        assert "You call Jarnac: DAY, VIE" in a.find_element(By.ID, "log").text
        assert f"{NAME_A} calls Jarnac: DAY, VIE" in b.find_element(By.ID, "log").text
        said = f"{NAME_A} called Jarnac on your pass: took DAY, VIE"  # said to B, not only logged
        wait(lambda: said in b.find_element(By.ID, "message").text, what="B told of A's Jarnac")
        assert_named(a, "Bruno loses")
        shot(a, "people-jarnac-a")
        shot(b, "people-jarnac-b")

        # A spectator by the watch link: the table, live, and no control.
        open_page(watcher, made["watch"])
        wait(lambda: watcher.find_element(By.ID, "game").is_displayed() and logged(watcher) == 9, what="the watch")
        click(a, "#draw")
        acted(a, watcher, 10)
        for control in ("#draw", "#pass", "#raw-action", "#hints"):
            assert not watcher.find_element(By.CSS_SELECTOR, control).is_displayed(), control

        # The rest of the game by the seats' keys (the advice's first option), the pages told of each action;
        # the end said on every page, the finished game's audit one tap away.
        held = b.execute_script("return JSON.parse(localStorage.getItem('jarnac.games'))")
        keys = {"A": made["seats"]["A"]["key"], "B": next(e for e in held if e["id"] == made["id"])["keys"]["B"]}
        game = _ask(server, f"/api/games/{made['id']}")["game"]
        for _ in range(600):
            if game["over"]:
                break
            key = keys[game["to_act"]]
            advice = _ask(server, f"/api/games/{made['id']}/advice?budget=20&top=1", key=key)["advice"]
            game = _ask(server, f"/api/games/{made['id']}/actions", {"action": advice["options"][0]["action"]}, key)[
                "game"
            ]
        assert game["over"] and game["winner"] in ("A", "B", None)
        for driver in (a, b, watcher):
            wait(partial(told, driver, game["actions"]), what="every action told, and the end said")
            ended = driver.find_element(By.ID, "status").text
            assert any(w in ended for w in (NAME_A, "Bruno", "A draw", "You win")), ended  # who won, by name
            assert f"A {game['scores'][0]}, B {game['scores'][1]}" not in ended, ended  # not by the seats' letters
        click(b, "#audit-game")
        wait(lambda: b.find_element(By.ID, "audit-answer").text.strip() != "", seconds=60, what="the audit")
        for driver in (a, b, watcher):
            assert console_errors(driver) == []
    finally:
        for driver in (a, b, watcher):
            if driver is not None:
                driver.quit()


def test_on_a_phone_the_invitation_and_the_handover_come_before_the_table(server: str) -> None:
    """A phone shows the game as one column: what its holder must do first (send the invitation until the
    friend has drawn, hand the device over) is above the tray, not under the controls."""
    phone = chromium(390)
    try:
        english(phone, server)
        open_page(phone, f"{server}/#play")
        Select(phone.find_element(By.NAME, "opponent")).select_by_value("invite")
        Select(phone.find_element(By.NAME, "lexicon")).select_by_value("en")
        named(phone, "your-name", "Pat")
        click(phone, "#start")
        wait(lambda: phone.find_element(By.ID, "invite-seat").is_displayed(), what="the invitation")
        tray = phone.find_element(By.ID, "tray-0").rect["y"]
        assert phone.find_element(By.ID, "invite-link").rect["y"] < tray
        click(phone, "#leave")
        hot_seat_pass(phone)
        ready = phone.find_element(By.ID, "handover-ready").rect["y"]
        assert ready < phone.find_element(By.ID, "tray-0").rect["y"]
        assert ready < phone.find_element(By.ID, "watch-link").rect["y"]
        shot(phone, "people-phone-handover")
        assert console_errors(phone) == []
    finally:
        phone.quit()


def shown(driver: Any, element: str) -> bool:
    return bool(driver.find_element(By.ID, element).is_displayed())


def says(driver: Any, element: str, text: str) -> bool:
    return text in driver.find_element(By.ID, element).text


def test_resign_is_confirmed_and_a_rematch_swaps_the_seats(server: str) -> None:
    """B resigns (a confirmation first): both pages say who won, by name; A offers a rematch, B's page is
    told and accepts, and both pages are in the new game, the seats swapped (B's device now plays A)."""
    a, b = chromium(), chromium()
    try:
        body = {"players": ["person", "person"], "seats": "invite", "lexicon": "en", "name": "Ann"}
        made = _ask(server, "/api/games", body)
        joined = _ask(server, "/api/join", {"code": made["invitation"]["code"], "name": "Bo"})
        for driver, link in ((a, made["seats"]["A"]["link"]), (b, joined["seats"]["B"]["link"])):
            english(driver, server)
            open_page(driver, link)
            wait(partial(shown, driver, "game"), what="the game")
        key_a = made["seats"]["A"]["key"]
        for action in ("draw", "pass"):  # B resigns in its Jarnac window, asked to call Jarnac or not
            _ask(server, f"/api/games/{made['id']}/actions", {"action": action}, key_a)
        wait(lambda: logged(b) == 2 and b.find_element(By.ID, "message").text != "", what="A's pass on B's page")
        click(b, "#resign")
        b.switch_to.alert.dismiss()  # not confirmed: nothing happens
        assert not b.find_element(By.ID, "end-rematch").is_displayed()
        click(b, "#resign")
        b.switch_to.alert.accept()
        for driver in (a, b):
            wait(partial(says, driver, "status", "Bo resigned: Ann wins."), what="the end")
            assert driver.find_element(By.ID, "end-review").is_displayed()
            entries = driver.find_elements(By.CSS_SELECTOR, "#log li")  # newest first, numbered as the record
            assert [e.get_attribute("value") for e in entries] == ["3", "2", "1"]
            assert "resign" in entries[0].text and "pass" in entries[1].text and "draw" in entries[2].text
        assert b.find_element(By.ID, "message").text == ""  # the Jarnac window's question asked no more
        click(a, "#end-rematch")
        wait(lambda: "waiting for Bo" in a.find_element(By.ID, "live").text, what="the offer said")
        wait(lambda: "Ann offers a rematch" in b.find_element(By.ID, "live").text, what="the offer told")
        assert b.find_element(By.ID, "end-rematch").text == "Accept the rematch"
        click(b, "#end-rematch")
        wait(lambda: b.find_element(By.ID, "draw").is_displayed(), what="B's device opens the rematch as A")
        wait(lambda: "Bo to act" in a.find_element(By.ID, "status").text, what="A's device in the rematch, as B")
        assert "Bo (you)" in b.find_element(By.ID, "tray-title-0").text
        for driver in (a, b):
            assert console_errors(driver) == []
    finally:
        a.quit()
        b.quit()


def test_on_a_french_phone_a_refused_name_and_a_resignation_are_said_in_french(server: str) -> None:
    """A page in French, at a phone's width: a name with markup is refused in French, the box named (not
    the request's field); a resignation is said once, by the people's names, never by the seats' letters."""
    a = chromium(390)
    try:
        open_page(a, f"{server}/#play")
        a.execute_script("localStorage.setItem('jarnac.lang', 'fr')")
        open_page(a, f"{server}/#play")
        Select(a.find_element(By.NAME, "opponent")).select_by_value("invite")
        Select(a.find_element(By.NAME, "lexicon")).select_by_value("en")
        named(a, "your-name", "<b>Ann</b>")
        click(a, "#start")
        wait(lambda: says(a, "start-message", "contient du balisage"), what="the name refused in French")
        said = a.find_element(By.ID, "start-message").text
        assert said.startswith("Votre nom\u202f: '<b>Ann</b>'") and "markup" not in said and "name:" not in said
        named(a, "your-name", "Zoé")
        click(a, "#start")
        wait(partial(shown, a, "invite-seat"), what="the invitation")
        click(a, "#leave")  # My games: an invitation no one took names no opponent (not "contre B")
        wait(lambda: says(a, "lobby-list", "votre ami n'a pas encore rejoint"), what="the open invitation listed")
        assert "contre B" not in a.find_element(By.ID, "lobby-list").text
        body = {"players": ["person", "person"], "seats": "invite", "lexicon": "en", "name": "Ann"}
        made = _ask(server, "/api/games", body)
        joined = _ask(server, "/api/join", {"code": made["invitation"]["code"], "name": "Bo"})
        open_page(a, made["seats"]["A"]["link"])
        wait(partial(shown, a, "game"), what="the game")
        _ask(server, f"/api/games/{made['id']}/resign", {}, key=joined["seats"]["B"]["key"])
        wait(partial(says, a, "status", "Bo a abandonné\u202f: Ann gagne."), what="the end, by name")
        status = a.find_element(By.ID, "status").text
        assert "B a abandonné" not in status and "A 0, B 0" not in status
        click(a, "#leave")
        wait(lambda: says(a, "lobby-list", "finie (Ann 0, Bo 0)"), what="the finished game listed, by names")
        assert a.execute_script("return document.documentElement.scrollWidth") <= 390
        assert console_errors(a) == []
    finally:
        a.quit()


YOUR_TURN = "Your turn \u2013 Jarnac"
"""A tab's title when it is its person's turn (the catalog's dash)."""


def titles(driver: Any) -> list[str]:
    """The titles of the driver's tabs, the background ones too (read without bringing one forward)."""
    return [t["title"] for t in driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"] if t["type"] == "page"]


def test_a_background_tab_says_your_turn_my_games_waits_and_the_page_installs(server: str) -> None:
    """A's tab in the background: when B plays and it is A's turn, its title and icon say so, and once in
    view again they are as before. My games lists the game waiting for this browser first, with the
    opponent's name. The page has its web app manifest and its service worker registered, and opens from
    its kept shell saying that the server cannot be reached."""
    a, b = chromium(), chromium()
    try:
        body = {"players": ["person", "person"], "seats": "invite", "lexicon": "en", "name": "Ann", "days": 3}
        made = _ask(server, "/api/games", body)
        joined = _ask(server, "/api/join", {"code": made["invitation"]["code"], "name": "Bo"})
        waiting = _ask(server, "/api/games", {**body, "seats": "invite"})  # another game of A's, A to act
        for driver, link in (
            (a, waiting["seats"]["A"]["link"]),
            (a, made["seats"]["A"]["link"]),
            (b, joined["seats"]["B"]["link"]),
        ):
            english(driver, server)
            open_page(driver, link)
            wait(partial(shown, driver, "game"), what="the game")
        assert "Ann: 5 d 23 h left" in a.find_element(By.ID, "status").text  # 3 days a move and a bank of 3
        keys = {"A": made["seats"]["A"]["key"], "B": joined["seats"]["B"]["key"]}
        for seat, action in (("A", "draw"), ("A", "pass"), ("B", "decline"), ("B", "draw")):
            _ask(server, f"/api/games/{made['id']}/actions", {"action": action}, keys[seat])
        wait(lambda: b.find_element(By.ID, "pass").is_displayed(), what="B's turn on its page")
        first = a.current_window_handle
        a.switch_to.new_window("tab")  # A's game tab goes to the background
        assert "Jarnac" in titles(a) and YOUR_TURN not in titles(a)
        click(b, "#pass")  # A's Jarnac window: A's turn
        wait(lambda: YOUR_TURN in titles(a), what="A's background tab told")
        a.switch_to.window(first)
        wait(lambda: a.title == "Jarnac", what="the title as before, the tab in view")
        assert a.find_element(By.ID, "favicon").get_attribute("href").endswith("/static/icon.svg")
        # My games: both games wait for A, the one with less time left first (made first), each with its
        # opponent's name and the time left.
        click(a, "#leave")
        wait(lambda: len(a.find_elements(By.CSS_SELECTOR, "#lobby-list li[data-status]")) == 2, what="My games")
        rows = a.find_elements(By.CSS_SELECTOR, "#lobby-list li[data-status]")
        assert [row.get_attribute("data-game") for row in rows] == [waiting["id"], made["id"]]
        assert all(row.get_attribute("data-status") == "yours" for row in rows)
        assert "against Bo" in rows[1].text and "your turn" in rows[1].text and "5 d 23 h left" in rows[1].text
        # Installable: the manifest, the service worker; the shell kept opens without the server.
        manifest = json.loads(urllib.request.urlopen(f"{server}/static/manifest.webmanifest", timeout=30).read())
        assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
        assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
        ready = "return navigator.serviceWorker.ready.then((r) => r.active && r.active.scriptURL)"
        assert a.execute_script(ready).endswith("/sw.js")
        assert a.find_element(By.CSS_SELECTOR, "link[rel=manifest]").get_attribute("href").endswith(".webmanifest")
        assert a.execute_script("return caches.match('/').then((found) => Boolean(found))")
        assert console_errors(b) == []
    finally:
        a.quit()
        b.quit()


def test_the_kept_shell_opens_and_says_the_server_cannot_be_reached(tmp_path: Any) -> None:
    """The page once opened, its server stopped: a reload opens the page from its service worker's kept
    shell, which says that the server does not answer (not the browser's own error page)."""
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--workers", "0", "--data", str(tmp_path)]
    process = subprocess.Popen([*command, "--lexicon", "en"], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    banner = process.stdout.readline()
    address = "http://" + banner.split("http://", 1)[1].split("/api/", 1)[0]
    driver = chromium()
    try:
        english(driver, address)
        open_page(driver, f"{address}/#play")
        kept = "return navigator.serviceWorker.ready.then(() => caches.match('/')).then((found) => Boolean(found))"
        wait(lambda: driver.execute_script(kept), what="the shell kept")
        process.terminate()
        process.wait(timeout=30)
        driver.refresh()  # the page again: its server gone
        wait(lambda: "does not answer" in driver.find_element(By.ID, "offline").text, what="the server said gone")
        assert driver.find_element(By.ID, "offline").is_displayed()
    finally:
        driver.quit()
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)
        process.stdout.close()
