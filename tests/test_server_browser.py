"""A real browser — Debian's chromium, driven by Selenium through Debian's chromedriver, never a downloaded build —
plays one turn of a campaign with two players and a referee on a running `campagne serve`: each signs in through
the log-in page, and whoever is awaited clicks the first order offered (the referee: close the phase), the HTMX
form answering in place, until the next turn begins. A screenshot of every step is kept in artefacts/browser/
(or $CAMPAGNE_ARTEFACTS). Skipped where chromium or chromedriver is not installed (`make test` installs them)."""

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


def test_the_map_is_the_board_and_every_page_fits_a_phone(tmp_path: Path) -> None:
    """Every game's campaign page, as one of its players and as the referee, and the club's other pages, at a
    phone's size (390×844) scroll no sideways, the map and the selected piece's orders first; in Arc a click on a counter selects it and a click on one of its
    lit hexes gives its order."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from campagne.registry import games
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")}
    names = sorted(games())
    built = subprocess.run([sys.executable, "-m", "campagne.server.loadtest", "small", str(tmp_path), ",".join(names),
                            "2"], capture_output=True, text=True, timeout=300,
                           env={**env, "CAMPAGNE_SERVER_DIR": str(tmp_path), "CAMPAGNE_SECRET_KEY": loadtest.KEY})
    assert built.returncode == 0, built.stderr[-2000:]
    clubs = json.loads(built.stdout.strip().splitlines()[-1])
    port = loadtest.free_port()
    base = f"http://{loadtest.HOST}:{port}"
    proc = loadtest.start(tmp_path, port)
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    d = _driver()
    try:
        for name in names:
            pk, accounts = clubs[name]["pk"], clubs[name]["accounts"]
            username = next(u for u, seat in accounts.items() if seat != "referee")
            d.delete_all_cookies()
            _sign_in(d, base, username)
            d.set_window_size(390, 844)
            d.get(f"{base}/c/{pk}/")
            _ready(d)
            time.sleep(0.3)
            d.save_screenshot(str(ARTEFACTS / f"phone-{name}.png"))
            wide, window = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            assert wide <= window, f"{name}: the page is {wide} px wide in a {window} px window"
            tops = d.execute_script("""var y = function (s) { var e = document.querySelector(s);
                return e ? e.getBoundingClientRect().top : null; };
                return [y('#board'), y('#orders'), y('#members, .box:last-child')];""")
            if tops[0] is not None:
                assert tops[0] < tops[1], f"{name}: the orders come before the map on a phone"
            d.set_window_size(1300, 1000)
        # the referee's pages too: the club's list, a new campaign, each campaign with its console, a journal
        d.delete_all_cookies()
        _sign_in(d, base, "umpire")
        d.set_window_size(390, 844)
        for url in ["/", "/new/", *(f"/c/{clubs[n]['pk']}/" for n in names), f"/c/{clubs[names[0]]['pk']}/journal/"]:
            d.get(base + url)
            _ready(d)
            wide, window = d.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            assert wide <= window, f"the referee's {url} is {wide} px wide in a {window} px window"
        d.set_window_size(1300, 1000)
        # Arc: select a counter on the map, then click one of its lit hexes
        pk, accounts = clubs["arc"]["pk"], clubs["arc"]["accounts"]
        d.delete_all_cookies()
        _sign_in(d, base, next(u for u, seat in accounts.items() if seat == "bonnaire"))
        d.get(f"{base}/c/{pk}/")
        _ready(d)
        pieces = d.find_elements(By.CSS_SELECTOR, "#board [data-orders]")
        assert pieces, "no counter to select on the map"
        piece = pieces[-1]
        wanted = piece.get_attribute("data-thing")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", piece)
        ActionChains(d).move_to_element(piece).click().perform()
        # read in one script: the orders box is swapped in by HTMX while this waits
        WebDriverWait(d, 15).until(lambda d: d.execute_script(
            "var b = document.getElementById('board-targets'); return !!b && b.getAttribute('data-selected') === "
            "arguments[0] && document.querySelectorAll('#board .board-spot').length > 0;", wanted))
        time.sleep(0.3)
        spot = d.find_elements(By.CSS_SELECTOR, "#board .board-spot")[0]
        where = spot.get_attribute("data-place")
        d.save_screenshot(str(ARTEFACTS / "board-selected.png"))
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", spot)
        width = spot.size["width"]  # beside the middle, where a counter standing on the hex may lie
        ActionChains(d).move_to_element_with_offset(spot, -int(width * 0.35), 0).click().perform()
        WebDriverWait(d, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#orders .msg"))
        d.save_screenshot(str(ARTEFACTS / "board-order-given.png"))
        assert d.find_elements(By.CSS_SELECTOR, "#orders .msg.success"), d.find_element(By.ID, "orders").text[:500]
        d.get(f"{base}/c/{pk}/view.json")
        data = json.loads(d.find_element(By.TAG_NAME, "body").text)
        given = data["entries"][-1]["command"]
        assert given.get("unit") == wanted and given.get("hex") == where, given
    finally:
        d.quit()
        proc.terminate()
        proc.wait(timeout=30)
