"""A real browser — Debian's chromium, driven by Selenium through Debian's chromedriver, never a downloaded build —
plays one turn of a campaign with two players and a referee on a running `campagne serve`: each signs in through
the log-in page, and whoever is awaited clicks the first order offered (the referee: close the phase), the HTMX
form answering in place, until the next turn begins. A screenshot of every step is kept in artefacts/browser/
(or $CAMPAGNE_ARTEFACTS). Every game's pages at a phone's size and the map clicked in every game:
tests/test_server_browser_tour.py. Skipped where chromium or chromedriver is not installed (`make test` installs
them)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from campagne.server import loadtest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
ARTEFACTS = Path(os.environ.get("CAMPAGNE_ARTEFACTS") or Path(__file__).resolve().parents[1] / "artefacts") / "browser"

# In the study run (`make test` runs it, so CI does): it takes some fifteen seconds.
pytestmark = [pytest.mark.study,
              pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="Debian's chromium and chromium-driver are not "
                                                                   "installed")]


def _driver():  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # type: ignore[assignment]
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1300,1000", "--lang=fr"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)


def _sign_in(driver, base: str, username: str) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    driver.get(base + "/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(loadtest.PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 15).until(lambda d: "/login/" not in d.current_url)


def test_a_turn_in_a_real_browser(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")}
    built = subprocess.run([sys.executable, "-m", "campagne.server.loadtest", "small", str(tmp_path), "gorges", "2"],
                           capture_output=True, text=True, timeout=300,
                           env={**env, "CAMPAGNE_SERVER_DIR": str(tmp_path), "CAMPAGNE_SECRET_KEY": loadtest.KEY})
    assert built.returncode == 0, built.stderr[-2000:]
    club = json.loads(built.stdout.strip().splitlines()[-1])
    pk, accounts = club["pk"], club["accounts"]
    port = loadtest.free_port()
    base = f"http://{loadtest.HOST}:{port}"
    proc = loadtest.start(tmp_path, port)
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    drivers = {}
    try:
        referee = loadtest.Browser(base)
        referee.login("umpire")
        for username, seat in accounts.items():
            drivers[seat] = _driver()
            _sign_in(drivers[seat], base, username)

        def view() -> dict:
            return json.loads(referee.request("json", f"/c/{pk}/view.json")[1])

        first = view()
        turn = first["view"].get("turn")
        steps = 0
        while True:
            data = view()
            if data["view"].get("turn") != turn:
                break
            assert steps < 60, "the turn did not end"
            awaited = [p for p in data["view"].get("awaiting", []) if p != "referee"]
            who = awaited[0] if awaited else "referee"
            d = drivers[who]
            d.get(f"{base}/c/{pk}/")
            from selenium.webdriver.support.ui import WebDriverWait
            WebDriverWait(d, 15).until(lambda d: d.execute_script("return !!(window.htmx && document.readyState "
                                                                  "=== 'complete')"))
            for attempt in (1, 2):  # a click the browser lost is tried once more, and said (never a refusal)
                forms = d.find_elements(By.CSS_SELECTOR, "#orders form.order")
                kinds = [f.get_attribute("data-type") for f in forms]  # the order type (its title is in words)
                wanted = [i for i, k in enumerate(kinds) if (k == "next" if who == "referee" else k not in ("end",))]
                assert wanted, (who, kinds)
                before = len(view()["entries"])
                forms[wanted[0]].find_element(By.CSS_SELECTOR, "button[type=submit]").click()
                deadline = time.monotonic() + 10
                while len(view()["entries"]) == before and time.monotonic() < deadline:
                    time.sleep(0.1)
                if len(view()["entries"]) > before:
                    break
                d.save_screenshot(str(ARTEFACTS / f"step-{steps:02d}-{who}-not-taken-{attempt}.png"))
                orders_text = d.find_element(By.ID, "orders").text[:800]
                assert "msg error" not in d.page_source.split('id="orders"')[-1][:3000], orders_text
                assert attempt == 1, f"{who}'s order was not taken: {kinds} {orders_text}"
                with (ARTEFACTS / "retries.txt").open("a", encoding="utf-8") as log:
                    log.write(f"step {steps} {who}: click lost, tried again; orders box: {orders_text!r}\n")
                d.get(f"{base}/c/{pk}/")
                WebDriverWait(d, 15).until(lambda d: d.execute_script("return !!(window.htmx && "
                                                                      "document.readyState === 'complete')"))
            time.sleep(0.3)  # the HTMX swap, for the screenshot
            d.save_screenshot(str(ARTEFACTS / f"step-{steps:02d}-{who}.png"))
            assert "msg error" not in d.page_source
            steps += 1
        d = drivers["referee"]
        d.get(f"{base}/c/{pk}/")
        d.save_screenshot(str(ARTEFACTS / "turn-over-referee.png"))
        assert "<svg" in d.page_source
        player = next(s for s in drivers if s != "referee")
        drivers[player].get(f"{base}/c/{pk}/")
        drivers[player].save_screenshot(str(ARTEFACTS / f"turn-over-{player}.png"))
        assert steps > 2
        # a form of a phase already over (as a page left open would hold) is refused, and the sentence shows
        for seat in [*view()["view"].get("awaiting", []), *drivers]:
            d = drivers[seat]
            d.get(f"{base}/c/{pk}/")
            WebDriverWait(d, 15).until(lambda d: d.execute_script("return !!(window.htmx && document.readyState "
                                                                  "=== 'complete')"))
            forms = [f for f in d.find_elements(By.CSS_SELECTOR, "#orders form.order")
                     if f.get_attribute("data-type") != "end"]
            if forms:
                break
        form = forms[0]
        d.execute_script("arguments[0].querySelector('input[name=phase]').value = '0:over';", form)
        before = len(view()["entries"])
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        WebDriverWait(d, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#orders .msg.error"))
        d.save_screenshot(str(ARTEFACTS / "stale-form-refused.png"))
        assert len(view()["entries"]) == before
        assert d.find_elements(By.CSS_SELECTOR, "#orders form.order")  # the current form, drawn again
    finally:
        for d in drivers.values():
            d.quit()
        proc.terminate()
        proc.wait(timeout=30)


def _ready(d) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(d, 15).until(lambda d: d.execute_script("return !!(window.htmx && document.readyState "
                                                          "=== 'complete')"))
