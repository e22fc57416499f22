"""Campaign commands: new, status, map, order, next, battle-result, undo, journal, sheet, end, play."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Optional

import typer

from ..games.atlantis import messages as _messages  # noqa: F401  (refusals read as sentences)
from .main import CampaignOpt, JsonOpt, LangOpt, app, campaign_path, out
from .output import Out, parse_seed, parse_sets, run_safely

ORDER_ARGS: dict[str, list[str]] = {
    # positional arguments of `campagne order PLAYER TYPE ARGS...`, by order type
    "choose": ["kingdom", "territory"],
    "move": ["path*"],
    "hold": [],
    "wait": ["initiative"],
    "buy": ["unit", "models"],
    "recruit": ["unit_file"],
    "fortress": ["territory"],
    "reorganise": ["army_file"],
    "supply-spend": ["loot"],
    "strategy": ["strategy"],
    "negotiate": [],
    "conquer": [],
    "withdraw": [],
    "break": ["agreement"],
    "agree": ["parties*"],
    "take-over": ["kingdom"],
}
GORGES_ORDER_ARGS: dict[str, list[str]] = {
    # `campagne order PLAYER TYPE ARGS...` in a Gorges campaign
    "event": ["choice*"],
    "move": ["army", "path*"],
    "reroll": [],
    "forest": ["army", "territory"],
    "burrow": ["army", "territory"],
    "capital": ["territory"],
    "swap": ["army", "other"],
    "done": [],
    "build": ["army", "building"],
    "challenge": ["army", "defender", "territory"],
    "raid": ["army", "territory"],
    "accept": ["challenge", "army"],
    "refuse": ["challenge"],
    "hero": ["army", "name"],
    "equip": ["army"],
}
INT_FIELDS = {"models", "loot", "initiative", "agreement", "bribe", "challenge", "relics"}


def _player_spec(spec: str, default: str) -> tuple[str, str, str, str]:
    """ID[:CONTROLLER[:WHAT[:NAME]]] -> (id, controller, what, name); WHAT is an army (Atlantis) or a race
    (Gorges), `default` when not given."""
    from ..core.errors import CampagneError
    parts = spec.split(":")
    if not parts[0]:
        raise CampagneError("cli.bad_player_spec", spec=spec)
    controller = parts[1] if len(parts) > 1 and parts[1] else "human"
    if controller not in ("human", "random", "greedy", "absent"):
        raise CampagneError("cli.bad_controller", spec=spec, controller=controller)
    what = parts[2] if len(parts) > 2 and parts[2] else default
    return parts[0], controller, what, parts[3] if len(parts) > 3 else parts[0]


def _setup_players(specs: list[str], armies_dir: Optional[str]) -> list[dict[str, Any]]:
    from ..games.atlantis import army as armies
    players = []
    for spec in specs:
        pid, controller, army_name, name = _player_spec(spec, "mycenaean")
        path = Path(army_name)
        army = armies.load_army_file(path) if path.suffix == ".toml" else armies.load_packaged_army(army_name)
        players.append({"id": pid, "name": name, "controller": controller, "army": army.to_dict()})
    return players


def _setup_gorges(specs: list[str], map_file: Optional[str], heroes: list[str] = ()) -> dict[str, Any]:
    """Gorges players: ID[:CONTROLLER[:RACE[:NAME]]] (race by key, English or French name); heroes
    ID:ARMY=NAME (ARMY G, L1 or L2: the legendary hero leading it)."""
    from ..core.errors import CampagneError
    from ..games.gorges.odds import race_key
    players = []
    for spec in specs:
        pid, controller, race, name = _player_spec(spec, "empire")
        players.append({"id": pid, "name": name, "controller": controller, "race": race_key(race), "heroes": {}})
    for item in heroes:
        left, sep, name = item.partition("=")
        pid, sep2, key = left.partition(":")
        who = next((p for p in players if p["id"] == pid), None)
        if not sep or not sep2 or not name or who is None or key.upper() not in ("G", "L1", "L2"):
            raise CampagneError("cli.bad_pair", item=item, what="--hero")
        who["heroes"][key.upper()] = name
    setup: dict[str, Any] = {"players": players}
    if map_file:
        from ..games.gorges.map import read_map_file
        setup["map"] = read_map_file(map_file)[1]  # validated: a malformed island is refused with its sentence
    return setup


@app.command()
def new(ruleset: str = typer.Argument(..., help="atlantis or gorges"),
        player: list[str] = typer.Option(..., "--player", "-p",
                                         help="Atlantis: ID[:human|random|greedy|absent[:ARMY[:NAME]]], ARMY a "
                                              "packaged list (mycenaean, egyptian, ...) or a .toml file. "
                                              "Gorges: ID[:CONTROLLER[:RACE[:NAME]]], RACE e.g. empire, skaven."),
        seed: str = typer.Option("1", "--seed"), map_file: Optional[str] = typer.Option(None, "--map"),
        hero: Optional[list[str]] = typer.Option(None, "--hero", help="Gorges: ID:ARMY=NAME, the legendary hero "
                                                                      "leading army G, L1 or L2."),
        campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Create a campaign journal. / Créer le journal d'une campagne."""
    o = out(lang, json_)

    def go() -> None:
        from .. import session
        from ..core.errors import CampagneError
        from ..games.atlantis.map import load_map_file
        if ruleset not in session.CAMPAIGNS:  # WAB battles start with `campagne battle new`
            raise CampagneError("ruleset.unknown", name=ruleset, known=", ".join(session.CAMPAIGNS))
        if ruleset == "gorges":
            setup: dict[str, Any] = _setup_gorges(player, map_file, hero or [])
        else:
            setup = {"players": _setup_players(player, None)}
            if map_file:
                setup["map"] = load_map_file(map_file).to_mapping()
        seed_value = parse_seed(seed)
        c = session.create(campaign_path(campaign), ruleset, setup, seed_value)
        from .computers import play_computers
        play_computers(c)
        _report(o, c, o.t(f"Campagne créée : {c.path}", f"Campaign created: {c.path}"))
    run_safely(o, go)


def _game_module(c: Any, name: str) -> Any:
    """The campaign's game module `name` (views, sheet, picture, ai): each game has its own."""
    import importlib
    return importlib.import_module(f"campagne.games.{c.file.header.get('ruleset', 'atlantis')}.{name}")


def _text(c: Any) -> Any:
    """How this campaign's views and events read (its game's renderer)."""
    from ..registry import game
    return game(c.file.header.get("ruleset", "atlantis")).load("text")


def _report(o: Out, c: Any, headline: str) -> None:
    view = c.game.view(None)
    if o.json:
        o.data({"campaign": str(c.path), "view": view})
    else:
        o.text(headline)
        o.text(_text(c).status_text(view, o))


@app.command()
def status(as_: Optional[str] = typer.Option(None, "--as", help="See only what this player may see."),
           campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Where the campaign stands. / Où en est la campagne."""
    o = out(lang, json_)

    def go() -> None:
        with _opened(o, campaign, verify=False, viewers=(as_,)) as c:
            view = c.game.view(as_)
        if o.json:
            o.data(view)
        else:
            o.text(_text(c).status_text(view, o))
    run_safely(o, go)


@contextmanager
def _opened(o: Out, campaign: Optional[str], verify: bool = True, viewers: tuple[str | None, ...] = ()
            ) -> Iterator[Any]:
    """The campaign under its lock, its journal's warnings said, the players named checked."""
    from .. import session
    with session.open_campaign(campaign_path(campaign), verify=verify, expect=session.CAMPAIGNS) as c:
        _warn(o, c)
        for viewer in viewers:
            _check_viewer(c, viewer)
        yield c


def _warn(o: Out, c: Any) -> None:
    for w in c.warnings:
        o.warn(w.message(o.lang))


def _check_viewer(c: Any, viewer: Optional[str]) -> None:
    from ..core.errors import CampagneError
    if viewer is not None and viewer not in c.game.state.players:
        raise CampagneError("order.unknown_player", player=viewer)


def _push(o: Out, c: Any, command: dict[str, Any]) -> list[dict[str, Any]]:
    """Journal one command, then let computer players act; returns the entries written."""
    from .computers import play_computers
    _warn(o, c)
    first = c.push(command)
    return [first.to_dict()] + [e.to_dict() for e in play_computers(c)]


def _run(o: Out, campaign: Optional[str], command: dict[str, Any] | Callable[[str], dict[str, Any]]) -> None:
    """Open the campaign under its lock, journal one command (and the computers' replies), print.
    `command` may be built from the campaign's ruleset (orders read differently per game)."""
    from .. import session
    with session.open_campaign(campaign_path(campaign), expect=session.CAMPAIGNS) as c:
        built = command(c.file.header["ruleset"]) if callable(command) else command
        _print_entries(o, c, _push(o, c, built))


def _print_entries(o: Out, c: Any, entries: list[dict[str, Any]]) -> None:
    from ..render.text import entry_lines
    if o.json:
        o.data({"entries": entries, "view": c.game.view(None)})
        return
    text = _text(c)
    for e in entries:
        for line in entry_lines(e, o, text.event_text):
            o.text(line)
    o.text(text.status_text(c.game.view(None), o, brief=True))


# Island cells are 'q,r' with negative numbers ('-2,4'): such words are arguments, not unknown options.
@app.command(context_settings={"ignore_unknown_options": True})
def order(player: str = typer.Argument(..., help="The player giving the order."),
          kind: str = typer.Argument(..., help="Atlantis: choose, move, hold, wait, buy, recruit, fortress, "
                                               "reorganise, supply-spend, strategy, negotiate, conquer, withdraw, "
                                               "agree, break, take-over. Gorges: event, move, reroll, forest, "
                                               "burrow, capital, swap, done, build, challenge, raid, accept, "
                                               "refuse, hero, equip."),
          args: Optional[list[str]] = typer.Argument(None),
          bribe: Optional[int] = typer.Option(None, "--bribe", help="Loot spent on bribes."),
          set_: Optional[list[str]] = typer.Option(None, "--set", help="KEY=VALUE extra fields (JSON values)."),
          campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Give a player's order. / Donner l'ordre d'un joueur."""
    o = out(lang, json_)

    run_safely(o, lambda: _run(o, campaign, lambda ruleset: build_order(player, kind, args or [], bribe, set_ or [],
                                                                        ruleset)))


def build_order(player: str, kind: str, args: list[str], bribe: Optional[int], sets: list[str],
                ruleset: str = "atlantis") -> dict[str, Any]:
    from ..core import orders  # noqa: F401  (the refusals below)
    from ..core.errors import CampagneError
    table = GORGES_ORDER_ARGS if ruleset == "gorges" else ORDER_ARGS
    if kind not in table:
        raise CampagneError("order.unknown", order=kind)
    command: dict[str, Any] = {"type": kind, "player": player}
    names = table[kind]
    rest = list(args)
    for name in names:
        if name.endswith("*"):
            command[name[:-1]] = rest
            rest = []
            break
        if not rest:
            raise CampagneError("order.missing", order=kind, field=name)
        value: Any = rest.pop(0)
        if name in INT_FIELDS:
            try:
                value = int(value)
            except ValueError:
                raise CampagneError("order.not_int", field=name, value=value) from None
        command[name] = value
    if rest:
        raise CampagneError("cli.extra_args", order=kind, extra=" ".join(rest))
    if bribe is not None:
        command["bribe"] = bribe
    command.update(parse_sets(sets))
    _load_files(command)
    return command


def _load_files(command: dict[str, Any]) -> None:
    """Orders that take a file (a new army list, a recruited unit) carry its content in the journal."""
    from ..core.errors import CampagneError
    from ..games.atlantis import army as armies
    if "army_file" in command:
        path = command.pop("army_file")
        command["army"] = armies.load_army_file(path).to_dict() if path.endswith(".toml") else \
            armies.load_packaged_army(path).to_dict()
    if "unit_file" in command:
        import tomllib
        path = Path(command.pop("unit_file"))
        try:
            command["unit"] = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise CampagneError("army.unreadable", path=str(path), reason=str(exc)) from None
    if command.get("type") == "take-over" and "army" not in command:
        command["army"] = armies.load_packaged_army("atlante").to_dict()


@app.command(name="next")
def next_(campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """End the current phase (the referee). / Clore la phase en cours (l'arbitre)."""
    o = out(lang, json_)

    run_safely(o, lambda: _run(o, campaign, {"type": "next", "player": "referee"}))


@app.command()
def end(campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Declare the end of the campaign and give the standings. / Déclarer la fin de la campagne."""
    o = out(lang, json_)

    run_safely(o, lambda: _run(o, campaign, {"type": "end", "player": "referee"}))


def _pairs(items: list[str], what: str) -> dict[str, dict[str, int]]:
    """PLAYER:UNIT=N items -> {player: {unit: n}}."""
    from ..core.errors import CampagneError
    out_: dict[str, dict[str, int]] = {}
    for item in items:
        left, sep, n = item.partition("=")
        pid, sep2, uid = left.partition(":")
        if not sep or not sep2 or not n.isdigit():
            raise CampagneError("cli.bad_pair", item=item, what=what)
        out_.setdefault(pid, {})[uid] = int(n)
    return out_


@app.command(name="battle-result")
def battle_result(territory: str = typer.Argument(..., help="Atlantis: the territory. Gorges: the battle number."),
                  winner: Optional[str] = typer.Option(None, "--winner"),
                  auto: bool = typer.Option(False, "--auto", help="Resolve with the seed's Simulation des combats."),
                  general_indisposed: bool = typer.Option(False, "--general-indisposed"),
                  killed: Optional[list[str]] = typer.Option(None, "--killed", help="PLAYER:UNIT=N"),
                  fled: Optional[list[str]] = typer.Option(None, "--fled", help="PLAYER:UNIT=N"),
                  character: Optional[list[str]] = typer.Option(None, "--character",
                                                                help="PLAYER:UNIT:battle|duel (UNIT may be general)"),
                  vp: Optional[list[str]] = typer.Option(None, "--vp", help="PLAYER=POINTS"),
                  allocation: Optional[list[str]] = typer.Option(
                      None, "--allocation", help="With --auto: PLAYER:UNIT,UNIT... the units that take the losses first."),
                  resolver: str = typer.Option("simulation", "--resolver",
                                               help="With --auto: simulation (the seed's table) or wab (a WAB 2 fight)."),
                  reroll_terrain: bool = typer.Option(
                      False, "--reroll-terrain", help="Both players agree to generate the battlefield terrain again."),
                  hero_killed: Optional[list[str]] = typer.Option(
                      None, "--hero-killed", help="Gorges: PLAYER:ARMY whose legendary hero was killed (e.g. P1:G)."),
                  unit: Optional[list[str]] = typer.Option(
                      None, "--unit", help="Gorges: PLAYER:UNIT, a unit that fought (the first of the winner's "
                                           "takes the spoils; the loser's are drawn at random)."),
                  storm_of_magic: bool = typer.Option(False, "--storm-of-magic",
                                                      help="Gorges, autumn: a Storm of Magic game (relic points)."),
                  capture: Optional[str] = typer.Option(None, "--capture",
                                                        help="Gorges, event 51: the enemy territory captured."),
                  campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt,
                  json_: bool = JsonOpt) -> None:
    """Enter a battle's result, or auto-resolve it. / Saisir le résultat d'une bataille."""
    o = out(lang, json_)

    def gorges() -> dict[str, Any]:
        from ..core.errors import CampagneError
        if auto:
            return {"type": "auto-resolve", "player": "referee", "battle": territory}
        if not winner:
            raise CampagneError("order.missing", order="battle-result", field="--winner")
        units: dict[str, list[str]] = {}
        for item in unit or []:
            pid, sep, name = item.partition(":")
            if not sep or not name:
                raise CampagneError("cli.bad_pair", item=item, what="--unit")
            units.setdefault(pid, []).append(name)
        command: dict[str, Any] = {"type": "battle-result", "player": "referee", "battle": territory,
                                   "winner": winner, "heroes_killed": list(hero_killed or []), "units": units,
                                   "storm_of_magic": storm_of_magic}
        if capture:
            command["capture"] = capture
        return command

    def go() -> None:
        from ..core.errors import CampagneError
        if reroll_terrain:
            command: dict[str, Any] = {"type": "reroll-terrain", "player": "referee", "territory": territory}
        elif auto:
            order_of: dict[str, list[str]] = {}
            for item in allocation or []:
                pid, sep, units = item.partition(":")
                if not sep or not units:
                    raise CampagneError("cli.bad_pair", item=item, what="--allocation")
                order_of[pid] = [u for u in units.split(",") if u]
            command = {"type": "auto-resolve", "player": "referee", "territory": territory,
                       "general_indisposed": general_indisposed, "allocation": order_of}
            if resolver != "simulation":
                command["resolver"] = resolver
        else:
            if not winner:
                raise CampagneError("order.missing", order="battle-result", field="--winner")
            chars = []
            for item in character or []:
                parts = item.split(":")
                if len(parts) != 3:
                    raise CampagneError("cli.bad_pair", item=item, what="--character")
                chars.append({"player": parts[0], "unit": parts[1], "how": parts[2]})
            vps = {}
            for item in vp or []:
                pid, sep, n = item.partition("=")
                if not sep or not n.lstrip("-").isdigit():
                    raise CampagneError("cli.bad_pair", item=item, what="--vp")
                vps[pid] = int(n)
            command = {"type": "battle-result", "player": "referee", "territory": territory, "winner": winner,
                       "killed": _pairs(killed or [], "--killed"), "fled": _pairs(fled or [], "--fled"),
                       "characters": chars, "vp": vps}
        _run(o, campaign, lambda ruleset: gorges() if ruleset == "gorges" else command)
    run_safely(o, go)


@app.command()
def undo(campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Take back the last command. / Annuler la dernière commande."""
    o = out(lang, json_)

    def go() -> None:
        from .computers import play_computers, undo_last_person
        with _opened(o, campaign) as c:
            undone = undo_last_person(c)
            replayed = play_computers(c, after=c.file.entries[-1:] or [c.file.header.get("opening", {})])
            if o.json:
                o.data({"undone": undone[-1], "undone_entries": undone,
                        "replayed": [e.to_dict() for e in replayed], "view": c.game.view(None)})
            else:
                for e in reversed(undone):
                    o.text(o.t(f"Annulé : {e['command']}", f"Undone: {e['command']}"))
    run_safely(o, go)


@app.command()
def journal(as_: Optional[str] = typer.Option(None, "--as", help="See only what this player may see."),
            verify: bool = typer.Option(True, "--verify/--no-verify", help="Replay and check every line."),
            campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Print the journal, checked by replaying it. / Afficher le journal, vérifié en le rejouant."""
    o = out(lang, json_)

    def go() -> None:
        from ..render.text import entry_lines
        with _opened(o, campaign, verify=verify, viewers=(as_,)) as c:
            redact_entry = _game_module(c, "views").redact_entry
            entries = [redact_entry(e, as_) for e in c.file.entries]
            opening = redact_entry(c.file.header.get("opening", {}), as_)
        if o.json:
            o.data({"verified": verify, "opening": opening, "entries": entries})
            return
        for e in [opening] + entries:
            for line in entry_lines(e, o, _text(c).event_text):
                o.text(line)
        if verify:
            o.text(o.t("Journal vérifié : il se rejoue à l'identique.", "Journal verified: it replays identically."))
    run_safely(o, go)


@app.command()
def sheet(player: Optional[str] = typer.Option(None, "--player", help="Only this player's sheet."),
          fmt: str = typer.Option("md", "--format", help="md or html"),
          output: Optional[str] = typer.Option(None, "--out", help="Write to this file."),
          campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """The campaign sheets of the annex, from the journal. / Les feuilles de campagne, d'après le journal."""
    o = out(lang, json_)

    def go() -> None:
        from ..core.errors import CampagneError
        if fmt not in ("md", "html"):
            raise CampagneError("cli.bad_format", format=fmt)
        with _opened(o, campaign, viewers=(player,)) as c:
            game_sheet = _game_module(c, "sheet")
            sheets_html, sheets_markdown = game_sheet.sheets_html, game_sheet.sheets_markdown
            sheets = game_sheet.build_sheets(c.file.header, c.file.entries, c.game.state, o.lang)
        if player:
            sheets = [s for s in sheets if s["player"] == player]
        if o.json:
            o.data({"sheets": sheets})
            return
        text = sheets_html(sheets, o.lang) if fmt == "html" else sheets_markdown(sheets, o.lang)
        _write_or_print(o, text, output)
    run_safely(o, go)


def _write_or_print(o: Out, text: str, output: Optional[str]) -> None:
    from ..core.errors import CampagneError
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CampagneError("journal.unreadable", path=output, reason=exc.strerror or str(exc)) from None
        if not o.json:  # with --json the command answers with data only
            o.text(o.t(f"Écrit : {output}", f"Written: {output}"))
    else:
        o.text(text)


@app.command(name="map")
def map_(output: str = typer.Option("map.svg", "--out", help="SVG file to write."),
         as_: Optional[str] = typer.Option(None, "--as"),
         campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Draw the campaign map as SVG. / Dessiner la carte de la campagne en SVG."""
    o = out(lang, json_)

    def go() -> None:
        with _opened(o, campaign, verify=False, viewers=(as_,)) as c:
            svg = _game_module(c, "picture").campaign_svg(c.game.state, o.lang)
        _write_or_print(o, svg, output)
        if o.json:
            o.data({"svg": output})
    run_safely(o, go)


@app.command()
def play(stand_in: Optional[list[str]] = typer.Option(None, "--stand-in",
                                                      help="A computer decides for this (absent) person."),
         referee: bool = typer.Option(False, "--referee",
                                      help="Also close phases and auto-resolve battles."),
         until_turn: Optional[int] = typer.Option(None, "--until-turn",
                                                  help="With --referee: stop when this turn's reinforcements come."),
         campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Let computer players act until a person must. / Faire jouer les joueurs ordinateur."""
    o = out(lang, json_)

    def go() -> None:
        with _opened(o, campaign, viewers=tuple(stand_in or [])) as c:
            autoplay = _game_module(c, "ai").autoplay
            after = c.file.entries[-1:] if c.file.entries else [c.file.header.get("opening", {})]
            stop = until_turn if until_turn is not None else max(1, c.state.turn)
            entries = autoplay(c, c.game.seed, referee=referee, after=after, stop_turn=stop,
                               stand_in=frozenset(stand_in or []), end_at_stop=False)
            _print_entries(o, c, [e.to_dict() for e in entries])
    run_safely(o, go)


from ..core.errors import register_messages  # noqa: E402

register_messages({
    "cli.bad_player_spec": {"en": "Bad player {spec!r}: use ID[:CONTROLLER[:ARMY[:NAME]]].",
                            "fr": "Joueur {spec!r} invalide : utilisez ID[:CONTRÔLEUR[:ARMÉE[:NOM]]]."},
    "cli.bad_controller": {"en": "Bad controller {controller!r} in {spec!r} (human, random, greedy or absent).",
                           "fr": "Contrôleur {controller!r} invalide dans {spec!r} (human, random, greedy ou absent)."},
    "cli.extra_args": {"en": "Too many arguments for {order}: {extra}.", "fr": "Trop d'arguments pour {order} : {extra}."},
    "cli.bad_pair": {"en": "Bad {what} value {item!r}.", "fr": "Valeur {what} invalide {item!r}."},
    "cli.bad_format": {"en": "Unknown format {format!r} (md or html).", "fr": "Format inconnu {format!r} (md ou html)."},
})
