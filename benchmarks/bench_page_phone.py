#!/usr/bin/env python3
"""The page on a phone (390 by 844 px), per language: where the boxes of a turn sit, and the taps a turn takes.

    python benchmarks/bench_page_phone.py [--games 1] [--languages fr,es,nl] [--checkout PATH]

Starts ``jarnac-solver serve`` (the language's lexicon, ``--data :memory:``) from this checkout, or from
``--checkout`` (another checkout's package, for a before-and-after table: run it once with the earlier
commit's worktree) and Debian's chromium in a phone's emulation. Each game against the ``sloppy`` player
(it passes with moves left: a Jarnac window on many of its turns) is played through the page by a person
who plays the engine's advice (read from the service, not tapped): it taps "Draw", a line to lengthen, "Play"
after typing the word, "Pass", and in a Jarnac window where it has nothing to say, what the page asks (an
older page's "Say nothing" then "Draw"; a page whose "Draw" says nothing, that alone). Printed per language:
the taps a turn (mean, and over the turns that opened with a window), and for each box of the person's turn
(the opponent's tray, the last message, your tray, your letters, the controls) its lowest bottom edge over
the game's turns, in px from the top (the screen is 844 high), and how many turns had it wholly on screen.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = Path(__file__).resolve().parent.parent
HEIGHT = 844
BOXES = {
    "their tray": "#tray-1",
    "last message": "#message",
    "your tray": "#tray-0",
    "your letters": "#rack-0",
    "controls": "#turn-controls",
}


def serve(checkout: Path, lexicon: str) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--workers", "0"]
    command += ["--lexicon", lexicon, "--data", ":memory:"]
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=checkout, env=environment)
    assert server.stdout is not None
    return server, "http://" + server.stdout.readline().split("http://", 1)[1].split("/api/", 1)[0]


def phone() -> Any:
    options = Options()
    options.binary_location = shutil.which("chromium") or ""
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": 390, "height": HEIGHT, "pixelRatio": 1}}
    )
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))


def state(browser: Any) -> dict[str, Any]:
    found: dict[str, Any] = browser.execute_script(
        "const r = await fetch('/api/games/' + localStorage.getItem('jarnac.game'));"
        "return (await r.json()).result.game;"
    )
    return found


def tap(browser: Any, selector: str, past: tuple[str, ...] = ()) -> None:
    """``selector`` tapped, then waited for: the game moved on, and out of the phases ``past``."""
    before = state(browser)["actions"]
    browser.find_element(By.CSS_SELECTOR, selector).click()
    for _ in range(3000):
        game = state(browser)
        idle = browser.execute_script("return document.body.dataset.busy !== 'true'")
        if idle and game["actions"] > before and (game["over"] or game["phase"] not in past):
            return
        time.sleep(0.02)
    raise TimeoutError("the page did not answer")


def boxes(browser: Any) -> dict[str, float]:
    """Each box's bottom edge (px from the top, the page at its top), or -1 when it is not shown."""
    found: dict[str, float] = browser.execute_script(
        "window.scrollTo(0, 0); const out = {};"
        "for (const [name, s] of Object.entries(arguments[0])) {"
        "  const n = document.querySelector(s);"
        "  out[name] = !n || n.offsetParent === null || !n.textContent.trim() ? -1 : n.getBoundingClientRect().bottom;"
        "}"
        "return out;",
        BOXES,
    )
    return found


def play(browser: Any, base: str, language: str, seed: int) -> tuple[list[int], list[int], dict[str, list[float]]]:
    """One game: the taps of each of the person's turns, those of the turns that opened with a window, and each
    box's bottom edge at each turn."""
    body = json.dumps({"players": ["person", "sloppy"], "seed": seed, "lexicon": language}).encode()
    request = urllib.request.Request(f"{base}/api/games", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        game_id = json.load(answer)["result"]["id"]
    browser.get("about:blank")
    browser.get(f"{base}/#play")
    browser.execute_script(
        "localStorage.clear(); localStorage.setItem('jarnac.lang', arguments[0]);"
        "localStorage.setItem('jarnac.game', arguments[1]); localStorage.setItem('jarnac.window', '600');",
        language,
        game_id,
    )
    browser.get("about:blank")
    browser.get(f"{base}/#play")
    while browser.execute_script("return document.body.dataset.ready") != "true":
        time.sleep(0.02)
    turns: list[int] = []
    windowed: list[int] = []
    edges: dict[str, list[float]] = {name: [] for name in BOXES}
    taps, window, playing = 0, False, False
    for _ in range(600):
        game = state(browser)
        if game["over"]:
            break
        phase = game["phase"]
        if phase in ("jarnac", "start", "opening") and playing:  # a new turn of the person's: the last one closed
            turns.append(taps)
            if window:
                windowed.append(taps)
            taps, window, playing = 0, False, False
        if phase == "jarnac":
            window = True
            # An older page asks "Say nothing" first; a newer one's "Draw" says it.
            if browser.find_element(By.ID, "decline").is_displayed():
                tap(browser, "#decline")
                taps += 1
            tap(browser, "#draw", ("jarnac", "start"))
            taps += 1
        elif phase in ("start", "opening"):
            tap(browser, "#draw")
            taps += 1
        elif phase == "play":
            playing = True
            for name, bottom in boxes(browser).items():
                edges[name].append(bottom)
            # The engine's advice read (not a tap), then played as a person would: a line tapped to lengthen it,
            # the word typed, "Play"; or "Pass".
            with urllib.request.urlopen(f"{base}/api/games/{game_id}/advice?budget=30&top=1", timeout=60) as answer:
                option = json.load(answer)["result"]["advice"]["options"][0]["action"]
            if option == "pass":
                tap(browser, "#pass")
                taps += 1
                continue
            word = option.split("=")[-1].lstrip("+")
            if ":" in option:
                line = int(option.split(":")[0]) - 1
                browser.find_element(By.CSS_SELECTOR, f"#tray-0 .line[data-line='{line}']").click()
                taps += 1
            field = browser.find_element(By.ID, "word")
            field.clear()
            field.send_keys(word)
            tap(browser, "#play-word")
            taps += 1
        else:
            raise RuntimeError(f"a phase this person does not play: {phase}")
    return turns, windowed, edges


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--languages", default="fr,es,nl")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the checkout whose page is served")
    args = parser.parse_args()
    print(f"page of {args.checkout}; phone 390x{HEIGHT}; {args.games} game(s) a language against sloppy")
    head = f"{'lang':<5}{'turns':>6}{'taps/turn':>10}{'in a window':>12}  " + "  ".join(f"{n:>14}" for n in BOXES)
    print(head)
    browser = phone()
    try:
        for language in args.languages.split(","):
            server, base = serve(args.checkout, language)
            try:
                turns: list[int] = []
                windowed: list[int] = []
                edges: dict[str, list[float]] = {name: [] for name in BOXES}
                for seed in range(args.games):
                    t, w, e = play(browser, base, language, seed + 4)
                    turns += t
                    windowed += w
                    for name in BOXES:
                        edges[name] += e[name]
            finally:
                server.terminate()
                server.wait(timeout=30)
            cells = []
            for name in BOXES:
                shown = [b for b in edges[name] if b >= 0]
                inside = sum(1 for b in shown if b <= HEIGHT)
                cells.append(f"{max(shown, default=0):>6.0f} {inside:>3}/{len(shown):<3}")
            mean = statistics.mean(turns) if turns else 0.0
            in_window = statistics.mean(windowed) if windowed else 0.0
            print(
                f"{language:<5}{len(turns):>6}{mean:>10.2f}{in_window:>12.2f}  " + "  ".join(f"{c:>14}" for c in cells)
            )
    finally:
        browser.quit()
    print("each box: its lowest bottom edge over the turns (px), and the turns it was wholly on the 844 px screen")


if __name__ == "__main__":
    main()
