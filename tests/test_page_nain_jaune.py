"""Nain Jaune on the page, in a real browser at a phone's size (390 x 844), in French: the game chosen beside
Jarnac, a table dealt against two computers, a whole round played by tapping the cards (each a button named
for a screen reader), the pots, the players' tokens by colour, the sequence, and the round's end with who
took what; no horizontal scrolling, no script error."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test group has it)")

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .test_page import SHOTS, chromium, serving

SUITS_FR = ("de trèfle", "de carreau", "de cœur", "de pique")


def wait(browser: Any, test: Any, timeout: float = 30.0) -> Any:
    """``test(browser)`` once it is true (the page answers the server's replies in its own time)."""
    end = time.monotonic() + timeout
    while True:
        found = test(browser)
        if found:
            return found
        if time.monotonic() > end:
            raise AssertionError(
                f"the page did not get there in {timeout:g} s: {browser.find_element(By.ID, 'nj-status').text!r}"
            )
        time.sleep(0.1)


def actions_shown(browser: Any) -> str:
    """The number of actions the table shows (it changes once the page has drawn an answer)."""
    return str(browser.find_element(By.ID, "nj-table").get_attribute("data-actions"))


def test_a_round_played_on_the_page_at_a_phones_size_in_french(tmp_path: Path) -> None:
    with serving(tmp_path, "fr") as base:
        browser = chromium(phone_width=390)
        try:
            browser.get(base + "/")
            wait(browser, lambda b: b.find_element(By.ID, "nj-kind").is_displayed())
            browser.execute_script("localStorage.setItem('jarnac.lang', 'fr')")
            browser.get(base + "/")
            wait(browser, lambda b: b.execute_script("return document.documentElement.lang") == "fr")
            wait(browser, lambda b: b.find_element(By.ID, "nj-kind").is_displayed())
            kind = browser.find_element(By.ID, "nj-kind")
            assert [o.text for o in kind.find_elements(By.TAG_NAME, "option")] == ["Jarnac", "Nain Jaune"]
            kind.find_element(By.CSS_SELECTOR, "option[value=nain_jaune]").click()
            form = wait(
                browser,
                lambda b: b.find_element(By.ID, "nj-new") if b.find_element(By.ID, "nj-new").is_displayed() else None,
            )
            assert not browser.find_element(By.ID, "new-game").is_displayed()  # Jarnac's form set aside
            assert "Place A" in form.text and "Place D" in form.text and "personne" in form.text
            assert "chasseur de mises" in form.text and "l'As au-dessus du Roi" in form.text
            rounds = form.find_element(By.NAME, "max_rounds")
            rounds.send_keys("1")
            browser.find_element(By.ID, "nj-deal").click()
            wait(browser, lambda b: b.find_element(By.ID, "nj-table").is_displayed())
            pots = browser.find_elements(By.CSS_SELECTOR, "#nj-pots li")
            assert len(pots) == 5 and "mise 1" in pots[0].text and "mise 5" in pots[4].text
            players = browser.find_elements(By.CSS_SELECTOR, "#nj-players li")
            assert len(players) == 3 and "15 cartes" in players[1].text and "jaunes" in players[0].text
            cards = browser.find_elements(By.CSS_SELECTOR, "#nj-hand button")
            assert len(cards) == 15 and all(any(s in c.get_attribute("aria-label") for s in SUITS_FR) for c in cards)
            assert all(c.size["height"] >= 44 for c in cards)
            width = browser.execute_script("return document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways at 390 px: {width} px wide"
            if SHOTS:
                browser.execute_script("window.scrollTo(0, 0)")
                browser.save_screenshot(str(Path(SHOTS) / "nain-jaune-phone.png"))
            taps = 0
            status = browser.find_element(By.ID, "nj-status")
            while "finie" not in status.text:
                playable = [c for c in browser.find_elements(By.CSS_SELECTOR, "#nj-hand button") if c.is_enabled()]
                passing = browser.find_element(By.ID, "nj-pass")
                assert playable or passing.is_displayed(), status.text
                assert status.text.startswith(("À vous", "Votre suite continue")), status.text
                sequence = browser.find_element(By.ID, "nj-sequence").text
                assert sequence.startswith(("Suite", "Aucune suite")), sequence
                shown = actions_shown(browser)
                (playable[-1] if playable else passing).click()
                wait(
                    browser,
                    lambda b, shown=shown: b.find_element(By.ID, "nj-table").get_attribute("data-actions") != shown,
                )
                taps += 1
                assert taps < 200
            if SHOTS:
                browser.save_screenshot(str(Path(SHOTS) / "nain-jaune-phone-end.png"))
            ended = browser.find_element(By.ID, "nj-round-list").text
            assert "Manche 1" in ended and "a pris" in ended, ended
            assert browser.find_element(By.ID, "nj-status").text.startswith("La partie est finie")
            errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
            assert not errors, errors
        finally:
            browser.quit()


def test_people_sharing_a_phone_hand_it_over_and_an_invited_person_lands_at_the_table(tmp_path: Path) -> None:
    """A hot seat of two people and a computer: the table hides the next person's hand until they take the
    device; then an invitation: the creator sees the join code, the invited person's link opens the table's
    join form with it, and once joined their own hand is shown."""
    with serving(tmp_path, "en") as base:
        browser = chromium(phone_width=390)
        try:
            browser.get(base + "/")
            browser.execute_script(
                "localStorage.setItem('jarnac.lang', 'en'); localStorage.setItem('nj.kind', 'nain_jaune')"
            )
            browser.get(base + "/")
            wait(browser, lambda b: b.find_element(By.ID, "nj-new").is_displayed())
            form = browser.find_element(By.ID, "nj-new")
            Select(form.find_element(By.NAME, "seat1")).select_by_value("person")
            Select(form.find_element(By.NAME, "seat2")).select_by_value("greedy")
            Select(form.find_element(By.NAME, "seats")).select_by_value("hotseat")
            browser.find_element(By.ID, "nj-deal").click()
            wait(browser, lambda b: b.find_element(By.ID, "nj-table").is_displayed())
            handed = False
            for _ in range(60):
                handover = browser.find_element(By.ID, "nj-handover")
                if handover.is_displayed():
                    assert "Pass the device to" in handover.text
                    assert not browser.find_element(By.ID, "nj-hand-box").is_displayed()  # the hand hidden
                    handover.find_element(By.TAG_NAME, "button").click()
                    wait(browser, lambda b: b.find_element(By.ID, "nj-hand-box").is_displayed())
                    handed = True
                    break
                shown = actions_shown(browser)
                playable = [c for c in browser.find_elements(By.CSS_SELECTOR, "#nj-hand button") if c.is_enabled()]
                (playable[0] if playable else browser.find_element(By.ID, "nj-pass")).click()
                wait(
                    browser,
                    lambda b, shown=shown: b.find_element(By.ID, "nj-table").get_attribute("data-actions") != shown,
                )
            assert handed, "the device was never to be handed over"
            # an invitation: the creator's codes, the invited person's link
            browser.find_element(By.ID, "nj-leave").click()
            form = wait(
                browser,
                lambda b: b.find_element(By.ID, "nj-new") if b.find_element(By.ID, "nj-new").is_displayed() else None,
            )
            Select(form.find_element(By.NAME, "seat2")).select_by_value("person")
            Select(form.find_element(By.NAME, "seats")).select_by_value("invite")
            browser.find_element(By.ID, "nj-deal").click()
            invitation = wait(browser, lambda b: b.find_element(By.ID, "nj-invitations").text)
            assert "B" in invitation and "C" in invitation
            link, other = (
                i.get_attribute("value") for i in browser.find_elements(By.CSS_SELECTOR, "#nj-invitations input")
            )
            assert "#nj-join=" in link
            guest = chromium(phone_width=390)
            try:
                guest.get(base + "/")
                guest.execute_script("localStorage.setItem('jarnac.lang', 'en')")
                guest.get(link)
                code = wait(guest, lambda b: b.find_element(By.ID, "nj-code").get_attribute("value"))
                assert code == link.split("#nj-join=")[1]
                guest.find_element(By.ID, "nj-join-name").send_keys("Bea")
                guest.find_element(By.CSS_SELECTOR, "#nj-join button[type=submit]").click()
                wait(guest, lambda b: b.find_element(By.ID, "nj-table").is_displayed())
                assert len(guest.find_elements(By.CSS_SELECTOR, "#nj-hand button")) == 15
                assert "B Bea" in guest.find_element(By.ID, "nj-players").text
                # C's code typed in Jarnac's own join form: the seat taken at the Nain Jaune table all the same
                Select(guest.find_element(By.ID, "nj-kind")).select_by_value("jarnac")
                wait(guest, lambda b: b.find_element(By.ID, "join-form").is_displayed())
                guest.find_element(By.ID, "join-code").send_keys(other.split("#nj-join=")[1])
                guest.find_element(By.ID, "join-name").send_keys("Cy")
                guest.find_element(By.ID, "join").click()
                wait(guest, lambda b: "C Cy" in b.find_element(By.ID, "nj-players").text)
                assert guest.find_element(By.ID, "nj-table").is_displayed()
                assert len(guest.find_elements(By.CSS_SELECTOR, "#nj-hand button")) == 15
            finally:
                guest.quit()
        finally:
            browser.quit()


SUIT_WORDS = {"en": "of Hearts", "es": "de corazones", "nl": "harten "}


def test_the_table_speaks_english_spanish_and_dutch(tmp_path: Path) -> None:
    """The form and a dealt table in each other language of the page: every label from the catalogs (no
    code left showing), the cards named in the language."""
    with serving(tmp_path, "en") as base:
        browser = chromium(phone_width=390)
        try:
            for language, hearts in SUIT_WORDS.items():
                browser.get(base + "/")
                browser.execute_script(
                    "localStorage.clear(); localStorage.setItem('jarnac.lang', arguments[0]);"
                    " localStorage.setItem('nj.kind', 'nain_jaune')",
                    language,
                )
                browser.get(base + "/")
                wait(browser, lambda b, lang=language: b.execute_script("return document.documentElement.lang") == lang)
                wait(browser, lambda b: b.find_element(By.ID, "nj-new").is_displayed())
                form = browser.find_element(By.ID, "nj-new")
                Select(form.find_element(By.NAME, "seat1")).select_by_value("greedy")
                Select(form.find_element(By.NAME, "seat2")).select_by_value("")
                Select(form.find_element(By.NAME, "seat3")).select_by_value("")
                browser.find_element(By.ID, "nj-deal").click()
                wait(browser, lambda b: b.find_element(By.ID, "nj-table").is_displayed())
                shown = browser.find_element(By.ID, "play").text
                assert "nj." not in shown and "page." not in shown, shown
                cards = browser.find_elements(By.CSS_SELECTOR, "#nj-hand button")
                named = {c.get_attribute("data-card"): c.get_attribute("aria-label") for c in cards}
                assert len(named) == 22
                for card, name in named.items():
                    assert card[-1] != "H" or hearts in name + " ", (card, name)
                    assert card not in name, (card, name)  # a name, not the notation
        finally:
            browser.quit()
