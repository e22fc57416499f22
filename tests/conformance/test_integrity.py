"""Integrity, for every registered game: every byte of a journal is covered, and nobody can guess its dice.

A short journal of the game (a few orders given, an undo with its reason) is tampered with in each way a player
with a copy could — a value edited in each line (the header's set-up: a controller or a name; each entry's command;
the undo's reason), a junk line or a copied line inserted, a line removed, two lines swapped, an unknown key added,
the tail cut off — and every reading command must name the problem in one sentence (exit status 2), with the
referee's file at hand. Without it (a player's copy), everything but a change of the last line is still named: the
chain covers each line from the next one. An untampered journal reads fine.

The dice: a seed typed with --seed is mixed with the referee's secret salt, so trying seeds around it against the
opening's dice finds nothing (and the same search on public dice does find it: the search works). Public dice are
said plainly by every status.
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from campagne import session
from campagne.cli.main import app
from campagne.core.dice import Dice
from campagne.core.errors import CampagneError
from campagne.core.players import random_player
from campagne.registry import games
from campagne.storage import journal as jfile

RUNNER = CliRunner()
PEOPLE = ["alice", "bob", "carl", "dora", "emile", "fanny", "gaston", "hugo"]


def players(d: Any) -> list[dict[str, Any]]:
    count = len(d.seats) or max(2, d.players[0], min(3, d.players[1]))
    ids = list(d.seats) or PEOPLE[:count]
    return [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}} for i in ids]


def setup_of(d: Any) -> dict[str, Any]:
    """The game's set-up for people only, with its options' defaults (as the club server makes one)."""
    defaults = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    return d.load("setup")(players(d), defaults)


def orders_now(c: session.Campaign, d: Any) -> list[Any]:
    """The legal orders of whoever is awaited (the referee when nobody is), never the one that ends the game;
    none once the game is over."""
    for actor in (c.game.awaiting() or []) + ["referee"]:
        legal = [lo for lo in d.load("legal_orders")(c.state, actor) if lo.type != "end"]
        if legal:
            return legal
    return []


def give(c: session.Campaign, d: Any, rng: random.Random, count: int) -> None:
    """`count` legal orders of whoever is awaited (the referee when nobody is), never the one that ends the game."""
    for _ in range(count):
        legal = orders_now(c, d)
        command = random_player({}, legal, rng)
        assert command is not None, "nobody can give an order"
        for _attempt in range(20):
            try:
                c.push(command)
                break
            except CampagneError:
                command = random_player({}, legal, rng)


def build(game: str, folder: Path, public: bool = False, seed: Any = 2026) -> Path:
    """A short journal of `game`: orders in several commands, an undo with its reason, an order after it."""
    d = games()[game]
    path = folder / "c.jsonl"
    session.create(path, game, setup_of(d), seed, public=public)
    rng = random.Random(7)
    for count in (2, 1, 2):
        with session.open_campaign(path) as c:
            give(c, d, rng, count)
    with session.open_campaign(path) as c:
        c.undo(1, reason="a slip of the pen")
    with session.open_campaign(path) as c:
        give(c, d, rng, 1)
    return path


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[bytes, bytes]]:
    return {}


def journal_of(game: str, built: dict[str, tuple[bytes, bytes]], tmp_path_factory: Any) -> tuple[bytes, bytes]:
    """The journal and the referee's file of `game`, built once per game."""
    if game not in built:
        path = build(game, tmp_path_factory.mktemp(game))
        built[game] = (path.read_bytes(), session.referee_file(path).read_bytes())
    return built[game]


# --------------------------------------------------------------------------- the tamperings


def _edit_string(obj: Any, keys: tuple[str, ...]) -> bool:
    """Change the first text value under one of `keys` (depth first); False when there is none."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in keys and isinstance(v, str):
                obj[k] = "greedy" if v == "human" else v + "x"
                return True
        return any(_edit_string(v, keys) for v in obj.values())
    if isinstance(obj, list):
        return any(_edit_string(v, keys) for v in obj)
    return False


def edited(line: bytes) -> bytes:
    """The line with one value changed, as a hand edit would: a player's controller or name in the header's
    set-up, an undo's reason, else a value of the command."""
    obj = json.loads(line)
    if "journal" in obj:
        assert _edit_string(obj["setup"], ("controller", "name", "player")), "no player named in the set-up"
    elif obj.get("command", {}).get("type") == "undo":
        obj["command"]["reason"] = "the referee wanted it"
    elif not _edit_string(obj.get("command", {}), tuple(k for k in obj.get("command", {}) if k != "type")):
        obj["command"]["type"] += "x"
    return jfile.dumps(obj).encode()


def tamperings(lines: list[bytes]) -> list[tuple[str, int, list[bytes]]]:
    """(what, the line tampered with (1-based), the lines after it) for every tampering of every line."""
    out: list[tuple[str, int, list[bytes]]] = []
    n = len(lines)
    for i in range(n):
        out.append(("edit", i + 1, lines[:i] + [edited(lines[i])] + lines[i + 1:]))
        obj = json.loads(lines[i])
        obj["extra"] = 1
        out.append(("unknown key", i + 1, lines[:i] + [jfile.dumps(obj).encode()] + lines[i + 1:]))
    for i in range(1, n + 1):
        out.append(("junk line", i + 1, lines[:i] + [b'{"reveal":null}'] + lines[i:]))
        if i < n:
            out.append(("copied line", i + 1, lines[:i] + [lines[i - 1 if i > 1 else 1]] + lines[i:]))
    for i in range(1, n):
        out.append(("removed line", i + 1, lines[:i] + lines[i + 1:]))
    for i in range(1, n - 1):
        out.append(("swapped lines", i + 1, lines[:i] + [lines[i + 1], lines[i]] + lines[i + 2:]))
    out.append(("cut tail", n, lines[:-1]))
    out.append(("cut tail", n - 1, lines[:-2]))
    return out


def place(folder: Path, lines: list[bytes], referee: bytes | None) -> Path:
    path = folder / "t.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    secret = session.referee_file(path)
    if referee is None:
        secret.unlink(missing_ok=True)
    else:
        secret.write_bytes(referee)
    return path


def refusal(path: Path) -> CampagneError | None:
    try:
        session.load(path)
    except CampagneError as exc:
        return exc
    return None


def _names_it(exc: CampagneError, line: int, count: int) -> bool:
    """The sentence names the line tampered with (the header, for the first), or the one after it (whose link no
    longer matches), or the last line the referee's file noted; in both languages."""
    numbers = {str(line), str(line + 1), str(count)}
    header = {"en": "header", "fr": "en-tête"}
    return all(any(f" {k} " in exc.message(lang) or f" {k})" in exc.message(lang) or f" {k}," in exc.message(lang)
                   for k in numbers) or (line == 1 and header[lang] in exc.message(lang)) for lang in ("en", "fr"))


def test_every_tampering_is_named_with_the_referee_s_file(game: str, built: Any, tmp_path: Path,
                                                          tmp_path_factory: Any) -> None:
    raw, referee = journal_of(game, built, tmp_path_factory)
    lines = raw.rstrip(b"\n").split(b"\n")
    assert any(b'"type":"undo"' in line for line in lines[:-1])
    assert refusal(place(tmp_path, lines, referee)) is None  # untampered: reads fine
    missed = []
    for what, line, tampered in tamperings(lines):
        exc = refusal(place(tmp_path, tampered, referee))
        if exc is None or not _names_it(exc, line, len(lines)):
            missed.append((what, line, exc and exc.message("en")))
    assert not missed


def test_a_player_s_copy_still_names_every_tampering_but_of_its_last_line(game: str, built: Any, tmp_path: Path,
                                                                          tmp_path_factory: Any) -> None:
    raw, _referee = journal_of(game, built, tmp_path_factory)
    lines = raw.rstrip(b"\n").split(b"\n")
    assert refusal(place(tmp_path, lines, None)) is None
    missed = []
    for what, line, tampered in tamperings(lines):
        if what == "cut tail" or (what in ("edit", "removed line") and line == len(lines)):
            continue  # only the referee's file knows the last line
        exc = refusal(place(tmp_path, tampered, None))
        if exc is None or not _names_it(exc, line, len(lines)):
            missed.append((what, line, exc and exc.message("en")))
    assert not missed


def _reading_commands(game: str, path: Path) -> list[list[str]]:
    d = games()[game]
    first = players(d)[0]["id"]
    if d.kind == "battle":
        return [["battle", "status", "-c", str(path)], ["battle", "status", "--json", "-c", str(path)],
                ["order", "referee", "--list", "-c", str(path)]]
    return [[*argv, "-c", str(path)] for argv in (["status"], ["status", "--json"], ["journal"], ["sheet"],
                                                  ["map", "--out", str(path.with_suffix(".svg"))],
                                                  ["order", first, "--list"])]


def test_every_reading_command_names_a_tampering_in_one_sentence(game: str, built: Any, tmp_path: Path,
                                                                  tmp_path_factory: Any) -> None:
    raw, referee = journal_of(game, built, tmp_path_factory)
    lines = raw.rstrip(b"\n").split(b"\n")
    env = {"CAMPAGNE_CAMPAIGN": None, "CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None}
    middle = len(lines) // 2
    cases: list[tuple[list[bytes], bytes | None]] = [
        (lines[:middle] + [edited(lines[middle])] + lines[middle + 1:], None),  # an edited line, a player's copy
        (lines[:1] + [edited(lines[1])] + lines[2:], None),
        ([edited(lines[0])] + lines[1:], referee),  # the set-up, the referee's file at hand
        (lines[:-1], referee),  # cut short
    ]
    for argv in _reading_commands(game, tmp_path / "t.jsonl"):
        path = place(tmp_path, lines, referee)
        assert RUNNER.invoke(app, argv, env=env).exit_code == 0, argv
        for tampered, secret in cases:
            path = place(tmp_path, tampered, secret)
            before = path.read_bytes()
            result = RUNNER.invoke(app, argv, env=env)
            said = json.loads(result.stdout)["message"] if "--json" in argv else result.stderr.strip()
            assert result.exit_code == 2 and len(said.splitlines()) == 1 and said.endswith("."), (argv, said)
            assert "Traceback" not in result.stdout + said and path.read_bytes() == before


def test_the_header_alone_is_covered_by_the_commitment(game: str, tmp_path: Path) -> None:
    # A journal of only its header (people only, nothing played yet): no line follows it to carry its link, but
    # the seed's commitment covers it, checked with the referee's file.
    d = games()[game]
    path = tmp_path / "c.jsonl"
    session.create(path, game, setup_of(d))
    session.load(path)
    (header,) = path.read_bytes().splitlines()
    path.write_bytes(edited(header) + b"\n")
    with pytest.raises(CampagneError) as info:
        session.load(path)
    assert info.value.code in ("journal.not_referee_s", "journal.not_as_noted")


# --------------------------------------------------------------------------- dice nobody can guess


FACES = 16  # dice enough that no seed reproduces them all by chance (a few thousand tries against 6^16 draws)
BITS = FACES * math.log2(6)  # the same chance counted in bits, for games rolling bigger dice (Arc's d12)


def _bits(rolls: list[dict[str, Any]]) -> float:
    """How much chance the rolls hold, in bits: log2 of each face's die (a d6 when the die is not plain NdS with
    S from 6 to 20: never more than the die holds)."""
    bits = 0.0
    for r in rolls:
        m = re.fullmatch(r"\s*\d*[dD](\d+)\s*", str(r.get("expr", "")))
        sides = int(m.group(1)) if m and 6 <= int(m.group(1)) <= 20 else 6
        bits += len(r["faces"]) * math.log2(sides)
    return bits


def _rolls(path: Path) -> list[tuple[int, list[dict[str, Any]]]]:
    """The journal's commands (number, 0: the opening) that rolled dice, with their rolls."""
    f = jfile.read(path)
    lines = [(0, f.header.get("opening", {}).get("rolls", []))] + [(e["n"], e["rolls"]) for e in f.entries]
    return [(n, rolls) for n, rolls in lines if rolls]


def _reproduces(seed: Any, rolled: list[tuple[int, list[dict[str, Any]]]]) -> bool:
    for n, rolls in rolled:
        dice = Dice.seeded(seed, n)
        if any(list(dice.roll_record(r["expr"], r["purpose"]).faces) != r["faces"] for r in rolls):
            return False
    return True


def _search(path: Path, typed: int) -> list[int]:
    """The seeds around `typed` that give the journal's dice, as anyone with a copy could search them."""
    rolled = _rolls(path)
    assert sum(_bits(rolls) for _n, rolls in rolled) >= BITS
    return [s for s in range(typed - 1500, typed + 1500) if _reproduces(s, rolled)]


def rolled(game: str, folder: Path, public: bool) -> Path:
    """A campaign made with the typed seed 2026, played until enough of its dice have rolled."""
    d = games()[game]
    folder.mkdir()
    for attempt in range(8):  # secret dice differ at each creation: a short battle may end before enough have rolled
        path = folder / f"c{attempt}.jsonl"
        session.create(path, game, setup_of(d), 2026, public=public)
        rng = random.Random(3 + attempt)
        with session.open_campaign(path) as c:
            for _ in range(400):
                if sum(_bits(rolls) for _n, rolls in _rolls_of(c)) >= BITS:
                    return path
                if not orders_now(c, d):
                    break  # the game ended (a battle's end comes by its own dice): a fresh campaign
                give(c, d, rng, 1)
    raise AssertionError(f"{game}: no campaign rolled {BITS} bits of dice in 8 tries")



def _rolls_of(c: session.Campaign) -> list[tuple[int, list[dict[str, Any]]]]:
    return [(0, c.file.header.get("opening", {}).get("rolls", []))] + [(e["n"], e["rolls"]) for e in c.file.entries]


def test_a_typed_seed_cannot_be_found_from_the_dice(game: str, tmp_path: Path) -> None:
    secret = rolled(game, tmp_path / "secret", public=False)
    raw = secret.read_bytes()
    # not written as a number anywhere in the header (a hash's hex digits may hold "2026" by chance)
    assert re.search(rb"(?<![0-9a-f])2026(?![0-9a-f])", raw.split(b"\n")[0]) is None
    assert json.loads(session.referee_file(secret).read_text())["typed_seed"] == 2026
    assert _search(secret, 2026) == []
    # The control: public dice typed as 2026 are found by the very same search.
    assert 2026 in _search(rolled(game, tmp_path / "public", public=True), 2026)


def test_the_same_typed_seed_gives_other_dice_each_time(game: str, tmp_path: Path) -> None:
    d = games()[game]
    openings = []
    for k in range(2):
        path = tmp_path / f"c{k}.jsonl"
        c = session.create(path, game, setup_of(d), 2026)
        openings.append(c.game.seed)
    assert openings[0] != openings[1]


def _status(game: str, path: Path, *extra: str) -> Any:
    argv = ["battle", "status"] if games()[game].kind == "battle" else ["status"]
    env = {"CAMPAGNE_CAMPAIGN": None, "CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None}
    result = RUNNER.invoke(app, [*argv, "-c", str(path), *extra], env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("public", [True, False])
def test_public_dice_are_said_plainly_by_every_status(game: str, tmp_path: Path, public: bool) -> None:
    path = tmp_path / "c.jsonl"
    session.create(path, game, setup_of(games()[game]), 5, public=public)
    said = {lang: _status(game, path, "--lang", lang) for lang in ("en", "fr")}
    assert (session.PUBLIC_DICE["en"] in said["en"]) is public
    assert (session.PUBLIC_DICE["fr"] in said["fr"]) is public
    assert (json.loads(_status(game, path, "--json")).get("public_dice") is True) is public
    for viewer in players(games()[game])[:1]:
        if games()[game].kind != "battle":
            assert (session.PUBLIC_DICE["en"] in _status(game, path, "--as", viewer["id"])) is public

