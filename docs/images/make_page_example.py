"""Draw docs/images/page-example.png: the page the service serves, a game against the planner under way.

Run from the repository root, with the server extra, selenium (the test group) and Debian's chromium and
chromedriver installed:

    .venv/bin/python docs/images/make_page_example.py

A server on a free port of the loopback with an in-memory store; a seeded game (so the same tiles every
time) started and drawn through the HTTP API; the page opened on it in English in headless chromium at a
fixed window size, and its screenshot taken; the server is stopped after.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

TARGET = Path(__file__).resolve().parent / "page-example.png"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _post(url: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json", "Origin": url.split("/api/")[0]}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        found: dict[str, object] = json.load(answer)
        return found


def _screenshot(browser: str, base: str, game_id: str) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    options = Options()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(flag)
    options.add_argument("--window-size=1000,1100")
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    try:
        driver.get(base + "/")
        driver.execute_script(
            "localStorage.setItem('jarnac.game', arguments[0]); localStorage.setItem('jarnac.lang', 'en');", game_id
        )
        driver.get(base + "/")
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "game").is_displayed())
        time.sleep(1)  # the trays' tiles drawn after the state arrives
        driver.save_screenshot(str(TARGET))
    finally:
        driver.quit()


def main() -> int:
    browser = shutil.which("chromium")
    if browser is None:
        print("make_page_example.py: no chromium (apt-get install chromium)", file=sys.stderr)
        return 2
    port = _free_port()
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", str(port), "--data", ":memory:"]
    server = subprocess.Popen([*command, "--lexicon", "fr", "--workers", "0"], stdout=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        base = f"http://127.0.0.1:{port}"
        game = _post(f"{base}/api/games", {"players": ["person", "planner"], "lexicon": "fr", "seed": 1})
        game_id = game["result"]["id"]
        _post(f"{base}/api/games/{game_id}/actions", {"action": "draw"})
        _screenshot(browser, base, game_id)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"{TARGET} ({TARGET.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
