"""Every game played in a real browser as people play it (issue 23, part 7): Debian's chromium, driven by Selenium
through Debian's chromedriver, on one running `campagne serve` with a campaign of every registered game and an
Atlantis campaign whose battle the referee sent to the grid for its players.

For each game (the registry's, none named here) the referee closes the phases where nobody else acts until a
player is awaited (the referee himself in a game where nobody else ever is: the battle tracker), and that person
plays his whole turn by clicking: a lit spot of the map when his selected piece has one, else another of his pieces
on the map, else a form beside it (its blanks filled), and at last the order that ends his turn. The grid battle is
fought the same way, each awaited player clicking his pieces and cells.

Every page met (the campaign's page of whoever acts, at each phase, and the club's other pages) is photographed in a
desktop window and a phone's (390×844) into artefacts/screenshots/ (or $CAMPAGNE_ARTEFACTS/screenshots), and the
test fails when its visible text holds code or, in French, an English word (the conformance checks' own patterns),
or when it scrolls sideways on the phone. CAMPAGNE_DOC_SHOTS=1 also writes the few pictures the README and
docs/server.md show into docs/img/ (palette PNGs). CAMPAGNE_STUDY_SCALE=N fights N times as many grid orders."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from conformance.test_pages_in_words import code_in
from conformance.test_sentences import ENGLISH
from study_budget import study_size

from campagne.registry import games
from campagne.server import loadtest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path(os.environ.get("CAMPAGNE_ARTEFACTS") or ROOT / "artefacts") / "screenshots"
DOCS = ROOT / "docs" / "img"
SIZES = {"desktop": (1300, 1000), "phone": (390, 844)}
GAMES = sorted(games())
DOC_SHOTS = os.environ.get("CAMPAGNE_DOC_SHOTS") == "1"

# In the study run, as the other browser tests (`make test` runs it, so CI does)
pytestmark = [pytest.mark.study,
              pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="Debian's chromium and chromium-driver are not "
                                                                   "installed")]

GRID = r'''
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[3])
from campagne.cli.server import prepare
prepare(Path(sys.argv[1]), demo=False)
from test_server_grid_played import _to_the_grid
_to_the_grid(int(sys.argv[2]))
'''


def doc_picture(driver: Any, name: str) -> None:
    """The window as the docs show it: a palette PNG of 1000 px at most, a few tens of kilobytes."""
    import io

    from PIL import Image
    image = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    if image.width > 1000:
        image = image.resize((1000, round(image.height * 1000 / image.width)), Image.LANCZOS)
    DOCS.mkdir(parents=True, exist_ok=True)
    image.quantize(colors=96, method=Image.Quantize.MEDIANCUT).save(DOCS / f"{name}.png", optimize=True)


def _env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")}
    return {**env, "CAMPAGNE_SERVER_DIR": str(folder), "CAMPAGNE_SECRET_KEY": loadtest.KEY}


def _run(args: list[str], folder: Path) -> str:
    r = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300, env=_env(folder))
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""


class Tour:
    """The running club, one browser, and what was seen: faults, pages photographed, seconds spent."""

    def __init__(self, base: str, clubs: dict[str, Any], driver: Any) -> None:
        self.base, self.clubs, self.d = base, clubs, driver
        self.faults: list[str] = []
        self.shots = 0
        self.lit = False  # whether the map lit a spot for the one playing
        self.doc: str | None = None  # the docs' picture of the board the next lit map makes, if asked for
        self.who = ""
        self.referee = loadtest.Browser(base)
        self.referee.login("umpire")

    # -- people and what the referee sees
    def view(self, pk: int) -> dict[str, Any]:
        return json.loads(self.referee.request("json", f"/c/{pk}/view.json")[1])

    def sign_in(self, username: str) -> None:
        """The browser signed in as `username` (his session made over HTTP, its cookies given to the browser)."""
        if self.who == username:
            return
        b = loadtest.Browser(self.base)
        b.login(username)
        self.d.delete_all_cookies()
        for c in b.jar:
            self.d.add_cookie({"name": c.name, "value": c.value, "path": "/"})
        self.d.add_cookie({"name": "django_language", "value": "fr", "path": "/"})  # French: its words checked
        self.who = username

    def open(self, url: str) -> None:
        from selenium.webdriver.support.ui import WebDriverWait
        self.d.get(self.base + url)
        WebDriverWait(self.d, 15).until(lambda d: d.execute_script(
            "return document.readyState === 'complete' && (!document.querySelector('[hx-get], [hx-post]') "
            "|| !!window.htmx)"))

    # -- pages photographed and read
    def look(self, url: str, name: str) -> None:
        """The page in a desktop window, then the same page narrowed to a phone's: photographed, its visible text
        and its width checked (its style alone narrows it: no reload needed)."""
        self.open(url)
        for size in SIZES:
            self.d.set_window_size(*SIZES[size])
            time.sleep(0.05)  # the map lit by the page's script, the layout at its new width
            self.d.save_screenshot(str(SHOTS / f"{name}-{size}.png"))
            self.shots += 1
            text, lang, wide, window, board, orders = self.d.execute_script(
                "var y = function (s) { var e = document.querySelector(s); "
                "return e ? e.getBoundingClientRect().top : null; };"
                "return [document.body.innerText, document.documentElement.lang, "
                "document.documentElement.scrollWidth, window.innerWidth, y('#board'), y('#orders')]")
            where = f"{name} ({size}, {url})"
            if size == "desktop":  # the same words at either width
                self.faults += [f"{where}: code …{x}…" for x in code_in(text)]
                if (lang or "").startswith("fr"):
                    self.faults += [f"{where}: the English word {m.group(0)!r} in "
                                    f"…{text[max(0, m.start() - 50):m.end() + 30]!r}…" for m in ENGLISH.finditer(text)
                                    if text[m.start() - 1:m.start()] != "."]  # a file's name: campaign.jsonl.referee
            else:
                if wide > window:
                    self.faults.append(f"{where}: {wide} px wide in a {window} px window")
                if board is not None and orders is not None and board > orders:  # a phone: the map first
                    self.faults.append(f"{where}: the orders come before the map")
        self.d.set_window_size(*SIZES["desktop"])

    # -- orders given by clicking
    def _clear(self) -> None:
        """The orders box marked (its messages of before taken away): its answer is the one drawn after."""
        self.d.execute_script("var o = document.getElementById('orders'); if (!o) { return; }"
                              "o.querySelectorAll('.msg').forEach(function (e) { e.remove(); });"
                              "var i = document.createElement('i'); i.id = 'tour-before'; o.appendChild(i);")

    def _taken(self) -> bool:
        """Whether the order just clicked was taken: the orders box (or the whole page) drawn again, without a
        refusal."""
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
        try:
            WebDriverWait(self.d, 10).until(lambda d: d.execute_script(
                "return document.readyState === 'complete' && !document.getElementById('tour-before') "
                "&& !document.querySelector('.htmx-request');"))
        except Exception:  # noqa: BLE001 - no answer: not taken
            return False
        time.sleep(0.05)
        return not self.d.find_elements(By.CSS_SELECTOR, "#orders .msg.error")

    def _lit(self) -> list[Any]:
        from selenium.webdriver.common.by import By
        return self.d.find_elements(By.CSS_SELECTOR, "#board .board-spot")

    def click_map(self, pk: int, tried: set[str]) -> str | None:
        """A lit spot of the selected piece clicked, else another piece of his selected then one of its spots:
        the order given (None: the map offers none)."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
        if not self._lit():
            for piece in self.d.find_elements(By.CSS_SELECTOR, "#board [data-orders]"):
                thing = piece.get_attribute("data-thing")
                if thing in tried:
                    continue
                tried.add(thing)
                self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", piece)
                ActionChains(self.d).move_to_element(piece).click().perform()
                try:
                    WebDriverWait(self.d, 5).until(lambda d: d.execute_script(
                        "var b = document.getElementById('board-targets');"
                        "return !!b && b.getAttribute('data-selected') === arguments[0];", thing))
                except Exception:  # noqa: BLE001 - a piece the click missed: the next one
                    continue
                time.sleep(0.1)
                if self._lit():
                    break
        spots = [s for s in self._lit() if f"spot:{s.get_attribute('data-value')}" not in tried]
        if not spots:
            return None
        spot = spots[0]
        self.lit = True
        if self.doc and DOC_SHOTS:
            doc_picture(self.d, self.doc)
            self.doc = None
        tried.add(f"spot:{spot.get_attribute('data-value')}")
        form, auto = spot.get_attribute("data-form"), spot.get_attribute("data-auto") == "1"
        self._clear()
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", spot)
        # a point of the spot itself (a territory is no rectangle), else one where only another side's counter
        # stands on it (the page's script reads the lit place under it)
        dx, dy = self.d.execute_script("""var el = arguments[0], r = el.getBoundingClientRect(), best = null;
            var tries = [[0, 0], [-0.3, 0], [0.3, 0], [0, -0.3], [0, 0.3], [-0.2, -0.2], [0.2, 0.2], [-0.2, 0.2]];
            for (var i = 0; i < tries.length && !best; i++) {
              var x = r.left + r.width * (0.5 + tries[i][0]), y = r.top + r.height * (0.5 + tries[i][1]);
              var at = document.elementFromPoint(x, y);
              if (at && at.closest('.board-spot') === el) { best = tries[i]; }
            }
            best = best || [-0.3, 0];
            return [Math.round(r.width * best[0]), Math.round(r.height * best[1])];""", spot)
        ActionChains(self.d).move_to_element_with_offset(spot, dx, dy).click().perform()
        if not auto:  # the click chose the spot in its form; the person fills the rest and sends it
            time.sleep(0.1)
            self._send(self.d.find_element(By.ID, form))
        return "map" if self._taken() else None

    def _send(self, form: Any) -> None:
        from selenium.webdriver.common.by import By
        for box in form.find_elements(By.CSS_SELECTOR, "input[type=text], textarea"):
            if not box.get_attribute("value"):
                box.send_keys("Pour la paix")
        for box in form.find_elements(By.CSS_SELECTOR, "input[type=number]"):
            if not box.get_attribute("value"):
                box.send_keys(box.get_attribute("min") or "1")
        button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()

    def click_form(self, pk: int, kinds: tuple[str, ...], tried: set[str]) -> str | None:
        """The first form of one of these kinds ('*': any but the ends) not tried yet, filled and sent."""
        from selenium.webdriver.common.by import By
        ends = ("end", "undo", "withdraw", "done", "next")
        while True:  # the forms found again after each try: a refusal redraws the box
            for form in self.d.find_elements(By.CSS_SELECTOR, "#orders form.order"):
                kind = form.get_attribute("data-type")
                key = f"form:{kind}:{form.get_attribute('id')}"
                if key not in tried and (kind in kinds or ("*" in kinds and kind not in ends)):
                    break
            else:
                return None
            tried.add(key)
            self._clear()
            self._send(form)
            if self._taken():
                return kind

    def offers(self) -> bool:
        """Whether the orders box offers an order or the map a spot (besides ending the game or withdrawing)."""
        from selenium.webdriver.common.by import By
        return bool(self._lit() or self.d.find_elements(By.CSS_SELECTOR, "#board [data-orders]") or [
            f for f in self.d.find_elements(By.CSS_SELECTOR, "#orders form.order")
            if f.get_attribute("data-type") not in ("end", "withdraw", "undo")])


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One club, one server, one browser for the module."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    t0 = time.perf_counter()
    folder = tmp_path_factory.mktemp("tour")
    clubs = json.loads(_run(["-m", "campagne.server.loadtest", "small", str(folder), ",".join(GAMES), "2"], folder))
    grid = json.loads(_run(["-m", "campagne.server.loadtest", "small", str(folder), "atlantis", "2"], folder))
    _run(["-c", GRID, str(folder), str(grid["pk"]), str(Path(__file__).parent)], folder)
    clubs["grid"] = grid
    port = loadtest.free_port()
    proc = loadtest.start(folder, port)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # type: ignore[assignment]
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=fr",
                "--hide-scrollbars", "--window-size=1300,1000"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        t = Tour(f"http://{loadtest.HOST}:{port}", clubs, driver)
        t.open("/login/")  # the browser on the club's address, for its cookies
        yield t
    finally:
        driver.quit()
        proc.terminate()
        proc.wait(timeout=30)
        (SHOTS / "time.txt").write_text(f"{time.perf_counter() - t0:.1f} s, {t.shots} screenshots\n")


def _awaited(view: dict[str, Any]) -> list[str]:
    return [p for p in view["view"].get("awaiting", []) if p != "referee"]


def _phase(view: dict[str, Any]) -> str:
    return f"{view['view'].get('turn')}-{view['view'].get('phase')}"


def _account(accounts: dict[str, str], seat: str) -> str:
    return next(u for u, s in accounts.items() if s == seat)


@pytest.mark.parametrize("game", GAMES)
def test_one_players_whole_turn_by_clicking(tour: Tour, game: str) -> None:
    """The referee closes the phases where nobody else acts (each photographed), then the one awaited plays his
    whole turn by clicking the map and the forms, until it is no longer his turn."""
    pk, accounts = tour.clubs[game]["pk"], tour.clubs[game]["accounts"]
    tour.faults = []
    tour.sign_in("umpire")
    for _ in range(5):  # the referee's phases before a player's turn
        view = tour.view(pk)
        if _awaited(view):
            break
        tour.look(f"/c/{pk}/", f"{game}-{_phase(view)}-referee")
        tour.sign_in("umpire")
        tour.open(f"/c/{pk}/")
        assert tour.click_form(pk, ("next",), set()), f"{game}: the referee could not close the phase"
    view = tour.view(pk)
    who = (_awaited(view) or ["referee"])[0]
    tour.sign_in(_account(accounts, who))
    phase = _phase(view)
    tour.look(f"/c/{pk}/", f"{game}-{phase}-{who}")
    tour.doc = f"board-{game}"
    tour.lit = False
    given: list[str] = []
    tried: set[str] = set()
    ender = "next" if who == "referee" else "done"
    for _ in range(14):
        view = tour.view(pk)
        if (who not in view["view"].get("awaiting", [])) or (who == "referee" and _phase(view) != phase):
            break
        tour.open(f"/c/{pk}/")
        if given and not tour.offers():  # his orders all given (the others' or the referee's to come)
            break
        # a few orders on the map, one in a form, then the one ending his turn (the others again, if none does)
        kind = (tour.click_map(pk, tried) if given.count("map") < 3 else None) \
            or (tour.click_form(pk, ("*",), tried) if len(given) < 4 else None) \
            or tour.click_form(pk, (ender,), tried) or tour.click_map(pk, tried) or tour.click_form(pk, ("*",), tried)
        assert kind, f"{game}: {who} found nothing to click ({given}); " + tour.d.find_element(
            "id", "orders").text[:600]
        given.append(kind)
    view = tour.view(pk)
    assert who not in view["view"].get("awaiting", []) or _phase(view) != phase or not tour.offers(), \
        f"{game}: {who}'s turn went on after {given}"
    assert "map" in given or not tour.lit, f"{game}: {who} gave no order on the map it lit ({given})"
    tour.d.save_screenshot(str(SHOTS / f"{game}-{phase}-{who}-turn-given.png"))
    if _phase(view) != phase:
        tour.look(f"/c/{pk}/", f"{game}-{_phase(view)}-{who}")
    if DOC_SHOTS:  # his page after his turn, on a phone
        tour.d.set_window_size(*SIZES["phone"])
        tour.open(f"/c/{pk}/")
        doc_picture(tour.d, f"phone-{game}")
        tour.d.set_window_size(*SIZES["desktop"])
    tour.sign_in("umpire")
    tour.look(f"/c/{pk}/journal/", f"{game}-journal-referee")
    assert not tour.faults, f"{len(tour.faults)} faults on {game}'s pages:\n" + "\n".join(tour.faults[:30])


def test_the_clubs_own_pages(tour: Tour) -> None:
    """The club's list and the new campaign's page, as the referee."""
    tour.faults = []
    tour.sign_in("umpire")
    tour.look("/", "club-referee")
    tour.look("/new/", "new-campaign-referee")
    assert not tour.faults, "\n".join(tour.faults[:30])


def test_a_campaign_battle_fought_on_the_grid_by_clicking(tour: Tour) -> None:
    """The Atlantis battle the referee sent to the grid for its players: whoever the grid awaits clicks his piece
    and a lit cell (a form when the map offers nothing), turn after turn."""
    pk, accounts = tour.clubs["grid"]["pk"], tour.clubs["grid"]["accounts"]
    tour.faults = []
    first = tour.view(pk)
    clicks: list[tuple[str, str]] = []
    for step in range(study_size(4)):
        view = tour.view(pk)
        awaited = _awaited(view)
        if not awaited:
            break
        who = awaited[0]
        tour.sign_in(_account(accounts, who))
        if step == 0:
            tour.look(f"/c/{pk}/", f"grid-{step}-{who}")
        tour.open(f"/c/{pk}/")
        tour.doc = "board-grid-battle" if step == 2 else None
        tried: set[str] = set()
        kind = tour.click_map(pk, tried) or tour.click_form(pk, ("grid",), tried)
        assert kind, f"{who} found nothing to click on the grid: " + tour.d.find_element("id", "orders").text[:600]
        clicks.append((who, kind))
    with_map = [c for c in clicks if c[1] == "map"]
    assert len(with_map) >= len(clicks) // 2 and len(clicks) >= 2, clicks
    entries = tour.view(pk)["entries"][len(first["entries"]):]
    assert all(e["command"]["type"] == "grid" for e in entries[:len(clicks)]), [e["command"] for e in entries][:5]
    tour.sign_in("umpire")
    tour.look(f"/c/{pk}/", "grid-referee")
    assert not tour.faults, "\n".join(tour.faults[:30])
