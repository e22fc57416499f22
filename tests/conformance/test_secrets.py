"""The conformance kit's secrets check: nothing a player reads tells him what his game declares he must not learn.

Each game declares, as data, what each player must not learn from a state (its descriptor's `secrets`:
`(state) -> {player: [Secret]}`). For states of every game — played out by its computers from a few seeds and
stopped at several points, and hand-built ones holding each kind of secret the game has — every output of every
command a player can run or that prints to him (`new`, `status`, `order` given, text and --json, `order --list`,
`next`, `play`, `map`, `sheet`, `journal`, text and --json, French and English) and every page and JSON of the club
server he can reach is searched, as every other player, for each of the others' secrets. Two set-ups: one person
against computers (he runs every command, and sees his own view by default), and people only (each reads with
`--as`, or as a member of the club).

The search can fail: the referee's outputs must hold each secret searched for, and a leak planted in the game's view
(every view the referee's) is caught. A wider sweep (more seeds, more points) is marked `study`.
"""

from __future__ import annotations

import html
import json
import random
from pathlib import Path
from typing import Any

import pytest

import journal_kit
from study_budget import study_size
from typer.testing import CliRunner

from campagne import session
from campagne.cli.main import app
from campagne.core.interface import Secret
from campagne.registry import games

RUNNER = CliRunner()
LANGS = ("en", "fr")


def cli(path: Path, *args: str, code: int | None = 0) -> str:
    r = RUNNER.invoke(app, [*args, "-c", str(path)], env={"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None,
                                                          "CAMPAGNE_CAMPAIGN": None})
    assert code is None or r.exit_code == code, (args, r.output)
    return r.stdout if r.exit_code == 0 else ""


# --------------------------------------------------------------------------- the search


def readable(text: str) -> list[str]:
    """An output as a search must read it: as printed, its HTML entities undone, and a JSON one with its non-ASCII
    characters as themselves (the server's JSON escapes them)."""
    forms = [text, html.unescape(text)]
    try:
        forms.append(json.dumps(json.loads(text), ensure_ascii=False, indent=2))
    except ValueError:
        pass
    return forms


def leaks(outputs: dict[str, str], secrets: list[Secret]) -> list[str]:
    """Each secret found, and where."""
    found = []
    for where, text in outputs.items():
        forms = readable(text)
        found += [f"{s.what or s.text!r} in {where}" for s in secrets if any(s.found_in(f) for f in forms)]
    return found


def secrets_now(path: Path) -> dict[str, list[Secret]]:
    """What each player must not learn from the campaign's state now (its game's declaration)."""
    c = session.load(path)
    return games()[c.file.header["ruleset"]].load("secrets")(c.state)


class Search:
    """The searches of one campaign: what was looked for, so that the referee's outputs can be checked to hold it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.looked: dict[str, list[Secret]] = {}  # what -> its forms, over every point searched
        self.referee_read: tuple[int, str] | None = None  # (journal size, the referee's outputs) at the last point

    def check(self, viewer: str, outputs: dict[str, str]) -> None:
        secrets = secrets_now(self.path).get(viewer, [])
        for s in secrets:
            self.looked.setdefault(s.what, []).append(s)
        found = leaks(outputs, secrets)
        assert not found, f"{viewer} reads what he must not: " + "; ".join(found[:5])
        self.check_referee(secrets)

    def check_referee(self, secrets: list[Secret]) -> None:
        """The referee reads each secret searched for (in one of its forms): the search can find it."""
        if not secrets:
            return
        size = self.path.stat().st_size
        if self.referee_read is None or self.referee_read[0] != size:
            self.referee_read = (size, "\n".join(cli(self.path, what, "--referee", "--json")
                                                  for what in ("status", "journal")))
        forms = readable(self.referee_read[1])
        by_what: dict[str, list[Secret]] = {}
        for s in secrets:
            by_what.setdefault(s.what, []).append(s)
        missing = [w for w, ss in by_what.items() if not any(s.found_in(f) for s in ss for f in forms)]
        assert not missing, f"the referee does not read {missing[:3]}: the search could not find them"


def his_lines_only(viewer: str, mine: list[dict[str, Any]], journal: list[dict[str, Any]]) -> None:
    """A player's journal holds only the lines he may read, numbered his way: 1, 2, 3... with no gap where a line he
    may not know of was (the gap would count them), and each of his lines one of the journal's lines, in order, of
    the same kind — none stands for a line withheld from him (that would say something happened, and how often)."""
    numbers = [e.get("n") for e in mine]
    assert numbers == list(range(1, len(mine) + 1)), f"{viewer}'s journal is not numbered 1..{len(mine)}: {numbers}"
    kinds = iter(e["command"].get("type") for e in journal)
    strange = [e["command"] for e in mine if e["command"].get("type") not in kinds]
    assert not strange, f"{viewer}'s journal has a line that is none of the journal's: {strange[:1]}"


def referee_entries(path: Path) -> list[dict[str, Any]]:
    return json.loads(cli(path, "journal", "--referee", "--json"))["entries"]


def reading(path: Path, viewer: str | None, tmp: Path, langs: tuple[str, ...] = LANGS) -> dict[str, str]:
    """Everything a player reads without giving an order, text (in `langs`) and --json: as `viewer` (--as), or by
    default (viewer None: the lone person's view)."""
    who = ["--as", viewer] if viewer else []
    out = {}
    for lang in langs:
        out[f"status {lang}"] = cli(path, "status", *who, "--lang", lang)
        out[f"journal {lang}"] = cli(path, "journal", *who, "--lang", lang)
        out[f"sheet {lang}"] = cli(path, "sheet", *who, "--lang", lang)
    out["status json"] = cli(path, "status", *who, "--json")
    out["journal json"] = cli(path, "journal", *who, "--json")
    out["sheet json"] = cli(path, "sheet", *who, "--json")
    out["sheet html"] = cli(path, "sheet", *who, "--format", "html", "--lang", langs[0])
    svg = tmp / f"map-{viewer}.svg"
    cli(path, "map", *who, "--out", str(svg), "--lang", langs[0])
    out["map"] = svg.read_text(encoding="utf-8")
    return out


def listing(path: Path, player: str, langs: tuple[str, ...] = LANGS) -> dict[str, str]:
    return {f"order --list {lang}": cli(path, "order", player, "--list", "--lang", lang) for lang in langs} | \
        {"order --list json": cli(path, "order", player, "--list", "--json")}


def every_viewer(search: Search, tmp: Path) -> None:
    """Each player reads as himself; the text in French for one, in English for the next (both languages are read
    at every point with two players or more, at half the cost)."""
    players = json.loads(cli(search.path, "status", "--referee", "--json"))["players"]
    journal = referee_entries(search.path)
    for n, viewer in enumerate(players):
        langs = (LANGS[n % 2],)
        read = reading(search.path, viewer, tmp, langs)
        his_lines_only(viewer, json.loads(read["journal json"])["entries"], journal)
        search.check(viewer, read | listing(search.path, viewer, langs))


# --------------------------------------------------------------------------- orders as a person types them


def typed(game: str, command: dict[str, Any]) -> list[str] | None:
    """The words of `campagne order` giving this command (its declared words, the rest as --set), or None."""
    orders = games()[game].load("orders")
    spec = orders.get(command["type"])
    if spec is None:
        return None
    words, rest = [command["player"], command["type"]], dict(command)
    rest.pop("type"), rest.pop("player")
    for arg in spec.args:
        value = rest.pop(arg.name, None)
        if arg.kind == "rest":
            words += [str(v) for v in (value or [])]
            break
        if value is None or isinstance(value, (list, dict)):
            return None
        words.append(str(value))
    return words + [x for k, v in rest.items() for x in ("--set", f"{k}={json.dumps(v)}")]


def give_order(path: Path, game: str, player: str, rng: random.Random, as_json: bool) -> str | None:
    """One of `player`'s legal orders, given on the command line; its output (None: none went through)."""
    legal = json.loads(cli(path, "order", player, "--list", "--json"))["orders"]
    from campagne.core.interface import Field, LegalOrder
    candidates = [LegalOrder(o["type"], o["player"], o["fixed"],
                             tuple(Field(**{k: tuple(v) if k == "choices" else v for k, v in f.items()})
                                   for f in o["fields"])) for o in legal]
    rng.shuffle(candidates)
    for lo in candidates[:6]:
        words = typed(game, lo.sample(rng))
        if words is None:
            continue
        r = RUNNER.invoke(app, ["order", *words, *(["--json"] if as_json else []), "-c", str(path)],
                          env={"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None})
        if r.exit_code == 0:
            return r.stdout
    return None


# --------------------------------------------------------------------------- the set-ups


def player_specs(game: str, computers: bool) -> list[str]:
    """`-p` values: the game's seats (or three players, two for a game of two), the first a person; the others
    computers (`computers`) or people."""
    d = games()[game]
    ids = list(d.seats) or ["alice", "bob", "carl"][:max(d.players[0], min(3, d.players[1]))]
    return [i if n == 0 or not computers else f"{i}:greedy" for n, i in enumerate(ids)]


def campaign_games() -> list[str]:
    return [n for n, g in games().items() if g.kind == "campaign"]


def lone_person(game: str, tmp: Path, seed: int, steps: int, budget: int = 0) -> Search:
    """One person against computers: every command he runs prints only what he may see. After `steps` commands,
    up to `budget` more while no secret has been searched for yet (a campaign's first secrets may come late)."""
    specs = player_specs(game, computers=True)
    person = specs[0]
    path = tmp / f"{game}-{seed}.jsonl"
    search = Search(path)
    args = ["new", game, *(x for s in specs for x in ("-p", s)), "--seed", str(seed), "--public-dice"]
    search.check(person, {"new": cli(path, *args)})
    other = tmp / f"{game}-{seed}-json.jsonl"
    search_json = Search(other)
    search_json.check(person, {"new json": cli(other, *args[:-3], "--seed", str(seed), "--public-dice", "--json")})
    rng = random.Random(seed)
    for step in range(steps + budget):
        if step >= steps and search.looked:
            break
        view = json.loads(cli(path, "status", "--referee", "--json"))
        if view.get("ended") or view.get("phase") == "ended":
            break
        awaiting = view.get("awaiting", [])
        if person in awaiting:
            given = give_order(path, game, person, rng, as_json=step % 2 == 1)
            if given is not None:
                search.check(person, {f"order {step}": given, **listing(path, person)})
                continue
        if "referee" in awaiting:
            search.check(person, {f"next {step}": cli(path, "next", *(["--json"] if step % 2 else []), code=None)})
        else:
            search.check(person, {f"play {step}": cli(path, "play", "--referee", code=None)})
    search.check(person, reading(path, None, tmp))
    return search


def people_only(game: str, tmp: Path, seed: int, stops: tuple[int, ...]) -> Search:
    """People only, computers standing in for them; each reads as himself (--as) at several points."""
    ids = player_specs(game, computers=False)
    path = tmp / f"{game}-people-{seed}.jsonl"
    cli(path, "new", game, *(x for i in ids for x in ("-p", i)), "--seed", str(seed), "--public-dice")
    search = Search(path)
    for stop in stops:
        stand_in = [x for i in ids for x in ("--stand-in", i)]
        cli(path, "play", *stand_in, "--referee", "--until-turn", str(stop), code=None)
        every_viewer(search, tmp)
        rng = random.Random(stop)
        for n, viewer in enumerate(json.loads(cli(path, "status", "--referee", "--json"))["awaiting"]):
            if viewer in ids:  # his order prints his view, and the computers' replies as he may see them
                given = give_order(path, game, viewer, rng, as_json=n % 2 == 1)
                if given is not None:
                    search.check(viewer, {"order": given})
    return search


_BUILT: dict[str, tuple[bytes, bytes | None] | None] = {}  # each game's hand-built campaign, made once a run


def hand_built(game: str, tmp: Path) -> Path | None:
    """A copy in `tmp` of the game's hand-built campaign (its journal and referee's file), if it has one."""
    if game not in _BUILT:
        made = build_by_hand(game, tmp / "built")
        referee = session.referee_file(made) if made else None
        _BUILT[game] = None if made is None else \
            (made.read_bytes(), referee.read_bytes() if referee and referee.exists() else None)
    if _BUILT[game] is None:
        return None
    journal, referee_bytes = _BUILT[game]  # type: ignore[misc]
    path = tmp / f"{game}-by-hand.jsonl"
    path.write_bytes(journal)
    if referee_bytes is not None:
        session.referee_file(path).write_bytes(referee_bytes)
    return path


def build_by_hand(game: str, tmp: Path) -> Path | None:
    """A campaign holding the kinds of secret that computers seldom make (Atlantis's private pact with its text, a
    strategy written down before the other): tests/test_secrets_adversarial.py builds them through the command line."""
    tmp.mkdir(parents=True, exist_ok=True)
    if game == "atlantis":
        from test_secrets_adversarial import atlantis_with_secrets
        return atlantis_with_secrets(tmp)
    if game == "gorges":  # a season played by computers, stopped before its end: notes waiting for a battle
        path = tmp / "gorges-season.jsonl"
        r = RUNNER.invoke(app, ["simulate", "gorges", "--players", "3", "--turns", "2", "--seed", "21",
                                "--journal", str(path), "--json"])
        assert r.exit_code == 0, r.output
        journal_kit.cut(path, 2)
        return path
    return None


def has_secrets(game: str) -> bool:
    return games()[game].secrets != "campagne.core.interface:no_secrets"


# --------------------------------------------------------------------------- the tests


def test_the_game_declares_its_secrets(game: str, tmp_path: Path) -> None:
    """Declared as data: for a state, each player's list of `Secret`s (an empty declaration says why beside it)."""
    d = games()[game]
    assert d.secrets, f"{game} does not declare what each player must not learn (GameDescriptor.secrets)"
    if d.kind != "campaign":
        assert not has_secrets(game), "a battle's secrets would need the battle's own commands searched too"
        return
    path = tmp_path / "declared.jsonl"
    cli(path, "new", game, *(x for s in player_specs(game, computers=True) for x in ("-p", s)),
        "--seed", "1", "--public-dice")
    players = set(json.loads(cli(path, "status", "--referee", "--json"))["players"])
    declared = secrets_now(path)
    assert isinstance(declared, dict) and set(declared) <= players
    assert all(isinstance(s, Secret) and s.text for found in declared.values() for s in found)


def test_one_person_against_computers_reads_only_his_own_view(game: str, tmp_path: Path) -> None:
    if game not in campaign_games():
        pytest.skip(f"{game} is a battle: it has no secret (its descriptor says why)")
    lone_person(game, tmp_path, seed=5, steps=6)


def people_and_hand_built(game: str, tmp: Path) -> Search:
    """People only, at a point of a played-out campaign, then the game's hand-built campaign, if it has one."""
    search = people_only(game, tmp, seed=3, stops=(1,))
    path = hand_built(game, tmp)
    if path is not None:
        built = Search(path)
        every_viewer(built, tmp)
        search.looked |= built.looked
    return search


def test_each_person_reads_only_his_own_view(game: str, tmp_path: Path) -> None:
    if game not in campaign_games():
        pytest.skip(f"{game} is a battle: it has no secret (its descriptor says why)")
    search = people_and_hand_built(game, tmp_path)
    if has_secrets(game):
        assert search.looked, f"no {game} secret was searched for: the kit needs a state holding some"


def test_a_planted_leak_is_caught(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every view the referee's: the kit must see it (else it could not fail), in the game's hand-built campaign or,
    without one, a new one."""
    if not has_secrets(game):
        pytest.skip(f"{game} hides nothing: there is nothing to leak")
    path = hand_built(game, tmp_path)
    if path is None:
        path = tmp_path / "planted.jsonl"
        cli(path, "new", game, *(x for i in player_specs(game, computers=False) for x in ("-p", i)),
            "--seed", "3", "--public-dice")
    rules = games()[game].load("ruleset")
    referee_view = rules.view
    monkeypatch.setattr(rules, "view", lambda self, state, viewer: referee_view(self, state, None))
    search = Search(path)
    with pytest.raises(AssertionError, match="reads what he must not"):
        for viewer in secrets_now(path):
            search.check(viewer, {"status json": cli(path, "status", "--as", viewer, "--json")})


def plant_withheld_lines(game: str, monkeypatch: pytest.MonkeyPatch, numbered_once: bool) -> None:
    """A gate that lets a player know a line exists without reading it: every other line not his shows as a line
    withheld (or, `numbered_once`, is left out while the lines keep the journal's numbers, so the gap counts it)."""
    from campagne import reading
    from campagne.core import interface
    where, load = games()[game].redact_entry, interface.load
    gate = load(where)

    def planted(entry: dict[str, Any], viewer: str | None) -> dict[str, Any] | None:
        if viewer is None or entry.get("n", 0) % 2 or entry.get("command", {}).get("player") == viewer:
            return gate(entry, viewer)
        return None if numbered_once else {"n": entry.get("n"), "command": {"type": "withheld"}, "events": []}
    monkeypatch.setattr(interface, "load", lambda path: planted if path == where else load(path))
    if numbered_once:
        monkeypatch.setattr(reading.Reading, "_renumbered", lambda self, e: e)


_PLAYED: dict[str, tuple[bytes, bytes]] = {}


@pytest.mark.parametrize("numbered_once", [False, True], ids=["withheld", "gap"])
def test_a_line_withheld_or_a_gap_is_caught(game: str, numbered_once: bool, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit's numbering check can fail: a line shown as withheld, or left out with a gap in the numbers."""
    if game not in campaign_games():
        pytest.skip(f"{game} is a battle: it has no secret (its descriptor says why)")
    ids = player_specs(game, computers=False)
    if game not in _PLAYED:  # played once a run, each test on its own copy
        made = tmp_path / "played.jsonl"
        cli(made, "new", game, *(x for i in ids for x in ("-p", i)), "--seed", "3", "--public-dice")
        cli(made, "play", *(x for i in ids for x in ("--stand-in", i)), "--referee", "--until-turn", "1", code=None)
        _PLAYED[game] = (made.read_bytes(), session.referee_file(made).read_bytes())
    path = tmp_path / "planted.jsonl"
    path.write_bytes(_PLAYED[game][0])
    session.referee_file(path).write_bytes(_PLAYED[game][1])
    journal = referee_entries(path)
    assert len(journal) >= 2, "the check needs a few lines"
    viewer = next(i for i in ids if any(e["command"].get("player") not in (i, None) for e in journal[1::2]))
    his_lines_only(viewer, json.loads(cli(path, "journal", "--as", viewer, "--json"))["entries"], journal)
    plant_withheld_lines(game, monkeypatch, numbered_once)
    with pytest.raises(AssertionError, match=f"{viewer}'s journal"):
        his_lines_only(viewer, json.loads(cli(path, "journal", "--as", viewer, "--json"))["entries"], journal)


def members(campaign: Any) -> dict[str, Any]:
    """Clients signed in as the campaign's referee, each of its players and a spectator (accounts without a password:
    hashing one costs a second a member)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from campagne.server import store
    from campagne.server.models import Membership
    with store.viewing(campaign.pk) as (_c, c):
        roles = [("referee", Membership.REFEREE, "")] + [(seat, Membership.PLAYER, seat) for seat in store.seats(c)] \
            + [("spectator", Membership.SPECTATOR, "")]
    clients = {}
    for who, role, player in roles:
        user = get_user_model().objects.create(username=f"kit-{campaign.pk}-{who}")
        Membership.objects.create(user=user, campaign=campaign, role=role, player=player)
        clients[who] = Client()
        clients[who].force_login(user)
    return clients


def served(path: Path, title: str, tmp: Path) -> Search:
    """The campaign put in a club: every page, fragment, JSON and export each member may ask for, searched."""
    from test_server_secrets import responses

    from campagne.server import store
    store.forget()
    referee = session.referee_file(path)
    campaign = store.import_journal(title, path.read_bytes(), referee.read_bytes() if referee.exists() else None)
    clients = members(campaign)
    search = Search(path)
    journal = referee_entries(path)
    for who, client in clients.items():
        if who not in ("referee", "spectator"):
            read = responses(client, campaign.pk)
            his_lines_only(who, json.loads(read[f"/c/{campaign.pk}/view.json en"])["entries"], journal)
            search.check(who, read)
    everyone = {p.what: p for found in secrets_now(path).values() for p in found}
    found = leaks(responses(clients["spectator"], campaign.pk), list(everyone.values()))
    assert not found, "a spectator reads what no player may: " + "; ".join(found[:5])
    return search


@pytest.mark.django_db
def test_each_member_of_the_club_reads_only_his_own_view(game: str, tmp_path: Path) -> None:
    """The game's hand-built campaign (or a new one: Arc's counters are hidden from the start) in a club."""
    if game not in campaign_games():
        pytest.skip(f"{game} is a battle: it has no secret (its descriptor says why)")
    path = hand_built(game, tmp_path)
    if path is None:
        path = tmp_path / f"{game}-club.jsonl"
        cli(path, "new", game, *(x for i in player_specs(game, computers=False) for x in ("-p", i)),
            "--seed", "3", "--public-dice")
    looked = served(path, f"kit {game}", tmp_path).looked
    if has_secrets(game):
        assert looked, f"no {game} secret was searched for at the club"


@pytest.mark.study
@pytest.mark.parametrize("seed", range(11, 11 + study_size(1)))
def test_wider_sweep(game: str, seed: int, tmp_path: Path) -> None:
    if game not in campaign_games():
        pytest.skip(f"{game} is a battle: it has no secret")
    lone_person(game, tmp_path, seed=seed, steps=study_size(8))
    people_only(game, tmp_path, seed=seed, stops=(2,))

