#!/usr/bin/env python3
"""The page in a real browser: click-to-answer times over whole games, and the page's weight.

    python benchmarks/bench_page.py [--games 2] [--opponent planner] [--budget 200]

Starts ``jarnac-solver serve`` (fr, ``--data :memory:``, worker processes)
and Debian's chromium (headless, Selenium). Each game is played through the
page as a player would: "Advise me" (the hint at ``--budget`` ms), then
"Play this" on its first option, until the game ends. The page itself
times each click to its answer on screen (``window.jarnacTimings``: the
hint, and a move, which includes the computer's answering turns). Prints
p50 / p99 / max of each, and the page's weight: its files as served, and
gzip-compressed.
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = Path(__file__).resolve().parent.parent


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--opponent", default="planner")
    parser.add_argument("--budget", type=int, default=200, help="the hint's budget, ms")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--lexicon", "fr", "--data", ":memory:"]
    server = subprocess.Popen([*command, "--workers", str(args.workers)], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    base = "http://" + server.stdout.readline().split("http://", 1)[1].split("/api/", 1)[0]
    options = Options()
    options.binary_location = shutil.which("chromium") or ""
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900"):
        options.add_argument(flag)
    browser = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    hints: list[float] = []
    moves: list[float] = []
    try:
        for game in range(args.games):
            browser.get("about:blank")
            browser.get(f"{base}/#play")
            browser.execute_script("localStorage.clear(); localStorage.setItem('jarnac.lang', 'en')")
            browser.get("about:blank")
            browser.get(f"{base}/#play")
            while browser.execute_script("return document.body.dataset.ready") != "true":
                time.sleep(0.02)
            browser.find_element(By.CSS_SELECTOR, "select.players").send_keys(args.opponent)
            browser.find_element(By.ID, "start").click()
            while not browser.find_element(By.ID, "game").is_displayed():
                time.sleep(0.02)
            browser.find_element(By.CSS_SELECTOR, "#hints summary").click()
            field = browser.find_element(By.ID, "budget")
            field.clear()
            field.send_keys(str(args.budget))
            for _ in range(400):
                if "over" in browser.find_element(By.ID, "status").text:
                    break
                n = len(browser.execute_script("return window.jarnacTimings.hint"))
                browser.find_element(By.ID, "ask-hint").click()
                while len(browser.execute_script("return window.jarnacTimings.hint")) == n:
                    time.sleep(0.005)
                m = len(browser.execute_script("return window.jarnacTimings.move"))
                browser.find_element(By.CSS_SELECTOR, "#hint-list .play-this").click()
                while len(browser.execute_script("return window.jarnacTimings.move")) == m:
                    time.sleep(0.005)
            timings = browser.execute_script("return window.jarnacTimings")
            hints += timings["hint"]
            moves += timings["move"]
            print(f"game {game + 1}: {len(timings['move'])} moves through the page")
    finally:
        browser.quit()
        server.terminate()
        server.wait(timeout=30)
    print()
    print(f"click to answer on screen, fr, against {args.opponent}, hint budget {args.budget} ms:")
    print("| what | n | p50 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    for name, values in (("hint", hints), ("move (+ the computer's turns)", moves)):
        print(
            f"| {name} | {len(values)} | {statistics.median(values):.0f} | {pct(values, 0.99):.0f}"
            f" | {max(values):.0f} |"
        )
    files = sorted((ROOT / "jarnac_solver" / "server" / "static").iterdir())
    raw = sum(f.stat().st_size for f in files)
    packed = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    print()
    weight = f"{raw / 1024:.1f} kB ({packed / 1024:.1f} kB gzip-compressed)"
    print(f"page weight: {len(files)} files, {weight}, no other request")


if __name__ == "__main__":
    main()
