"""Campaign commands: new, status, order, next, battle-result, undo, take-back, end, play (journal, sheet and map: campaign_papers)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional

import typer

from .main import app
from .output import (CampaignOpt, JsonOpt, LangOpt, Out, campaign_path, out, parse_seed, parse_sets,
                     run_safely)
from .opening import campaign_games, descriptor_of, opened, text_of, warn_journal
from .viewer import RefereeOpt, his_line, shown, viewer_of

def _player_spec(spec: str, what: str, default: str | None) -> dict[str, Any]:
    """ID[:CONTROLLER[:WHAT[:NAME]]] -> a player entry (CONTROLLER `search` may be followed by its seconds or iters=N:
    `alice:search:2:amazon`); WHAT is the game's first player field (an army, a race,
    a side), `default` when not given."""
    from ..computers import player_parts
    from ..core.errors import CampagneError
    parts = spec.split(":")
    if not parts[0]:
        raise CampagneError("cli.bad_player_spec", spec=spec)
    controller, parts = player_parts(parts)
    entry = {"id": parts[0], "controller": controller, "name": parts[3] if len(parts) > 3 else parts[0]}
    entry[what] = parts[2] if len(parts) > 2 and parts[2] else default
    return entry


@app.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
def new(ctx: typer.Context,
        ruleset: str = typer.Argument(..., help="A registered campaign (campagne games)."),
        player: list[str] = typer.Option(..., "--player", "-p",
                                         help="ID[:human|random|greedy|absent|search[:SECONDS|:iters=N][:WHAT[:NAME]]], "
                                              "WHAT the game's army list, race or side (campagne games); "
                                              "search: the search player (24 iterations per decision, N "
                                              "iterations, or SECONDS per decision)."),
        seed: Optional[str] = typer.Option(None, "--seed", help="A seed of your own, mixed with the referee's "
                                                                "secret salt (kept in the referee's file beside the "
                                                                "journal): nobody can foresee the dice from it."),
        public_dice: bool = typer.Option(False, "--public-dice",
                                         help="Dice anyone can foresee (tests, demos, studies): the seed is written "
                                              "in the journal, and every status says so."),
        referee: bool = RefereeOpt,
        campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Create a campaign journal; the game's own options follow (--map FILE...). / Créer le journal d'une
    campagne ; les options propres au jeu suivent (--map FICHIER...)."""
    o = out(lang, json_)

    def go() -> None:
        from .. import session
        from ..registry import game
        from .game_options import read_game_options
        descriptor = game(ruleset, kind="campaign")  # a battle starts with its own command
        what = descriptor.player_fields[0] if descriptor.player_fields else None
        players = [_player_spec(spec, what.name if what else "side", what.default if what else None)
                   for spec in player]
        setup = descriptor.load("setup")(players, read_game_options(descriptor.setup_options, list(ctx.args), descriptor.name, "new"))
        # the computers' first orders are written with the header, in one batch
        c = session.create(campaign_path(campaign), ruleset, setup, None if seed is None else parse_seed(seed),
                           public=public_dice)
        _report(o, c, o.t(f"Campagne créée : {c.path}", f"Campaign created: {c.path}"), viewer_of(c, None, referee))
    run_safely(o, go)


def _report(o: Out, c: Any, headline: str, viewer: Optional[str]) -> None:
    from ..render.text import naming
    from ..session import with_dice_notice
    view = c.game.view(viewer)
    if o.json:
        o.data({"campaign": str(c.path), "view": with_dice_notice(c, view)})
    else:
        o.text(headline)
        o.text(text_of(c).status_text(view, naming(o, text_of(c), c.player_names)))
        _dice_notice(o, c)


def _dice_notice(o: Out, c: Any) -> None:
    """Public dice are said plainly wherever a status is printed."""
    from ..session import PUBLIC_DICE
    if c.public_dice:
        o.text(o.t(PUBLIC_DICE["fr"], PUBLIC_DICE["en"]))


@app.command()
def status(as_: Optional[str] = typer.Option(None, "--as", help="See only what this player may see."),
           referee: bool = RefereeOpt, campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Where the campaign stands. / Où en est la campagne."""
    o = out(lang, json_)

    def go() -> None:
        from ..render.text import naming
        from ..session import with_dice_notice
        with opened(o, campaign, viewers=(as_,)) as c:
            view = c.game.view(viewer_of(c, as_, referee))
        if o.json:
            o.data(with_dice_notice(c, view))
        else:
            o.text(text_of(c).status_text(view, naming(o, text_of(c), c.player_names)))
            _dice_notice(o, c)
    run_safely(o, go)


def _push(o: Out, c: Any, command: dict[str, Any]) -> list[dict[str, Any]]:
    """Journal one command, then let computer players act; returns the entries written."""
    from ..computers import catch_up, play_computers
    warn_journal(o, c)
    behind = [e.to_dict() for e in catch_up(c)]
    first = c.push(command)
    return behind + [first.to_dict()] + [e.to_dict() for e in play_computers(c)]


def _run(o: Out, campaign: Optional[str],
         command: dict[str, Any] | Callable[[Any, Any], dict[str, Any]],
         viewer: Callable[[Any], Optional[str]]) -> None:
    """Open the campaign under its lock, journal one command (and the computers' replies), print them as
    `viewer(campaign)` may see them. `command` may be built by the campaign's game (its descriptor: orders read
    differently per game)."""
    from .. import session
    with session.open_campaign(campaign_path(campaign), expect=campaign_games()) as c:
        if callable(command):
            built = command(descriptor_of(c), c.state, c) if _takes_campaign(command) else command(descriptor_of(c), c.state)
        else:
            built = command
        _print_entries(o, c, _push(o, c, built), viewer(c))


def _takes_campaign(command: Callable[..., Any]) -> bool:
    import inspect
    return len(inspect.signature(command).parameters) == 3


def player_id(c: Any, word: str) -> str:
    """The player a typed word names: his id, or his name as the set-up gives it (`Alice` for alice); the word
    itself otherwise (the rules then refuse it, with the nearest ids)."""
    from ..core.names import pick
    if word == "referee":
        return word
    names = c.player_names
    ids = list(c.game.view(None).get("players") or names)
    return pick(word, ids, names) or word


def _print_entries(o: Out, c: Any, entries: list[dict[str, Any]], viewer: Optional[str]) -> None:
    from ..render.text import entry_lines, naming, player_namer
    from ..render.words import typed_title
    entries = shown(c, entries, viewer)
    if o.json:
        o.data({"entries": entries, "view": c.game.view(viewer)})
        return
    text = text_of(c)
    title = typed_title(text, descriptor_of(c).load("orders"), o)
    view, namer = c.game.view(viewer), player_namer(text)
    for e in entries:
        for line in entry_lines(e, o, text.event_text, c.player_names, title, view, namer):
            o.text(line)
    o.text(text.status_text(view, naming(o, text, c.player_names), brief=True))


# Island cells are 'q,r' with negative numbers ('-2,4'): such words are arguments, not unknown options.
@app.command(context_settings={"ignore_unknown_options": True})
def order(player: str = typer.Argument(..., help="The player giving the order."),
          kind: Optional[str] = typer.Argument(None, help="The order (campagne order PLAYER --list: those possible "
                                                          "now; --help of the game: campagne games)."),
          args: Optional[list[str]] = typer.Argument(None),
          list_: bool = typer.Option(False, "--list", help="The orders this player may give now, with their choices "
                                                           "and costs, and the odds and threats in short."),
          advice_: bool = typer.Option(False, "--advice", help="With --list: every odds and threat line."),
          bribe: Optional[int] = typer.Option(None, "--bribe", help="Loot spent on bribes."),
          set_: Optional[list[str]] = typer.Option(None, "--set", help="KEY=VALUE extra fields (JSON values)."),
          campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Give a player's order, or list those possible. / Donner l'ordre d'un joueur, ou lister les possibles."""
    o = out(lang, json_)

    def go() -> None:
        from ..core.errors import CampagneError
        if list_ or advice_:
            from .listing import list_orders
            return list_orders(o, campaign, player, advice_)
        if not kind:
            raise CampagneError("order.missing", order="order", field="TYPE")
        parse_sets(set_ or [])  # a mistyped value is refused before the campaign is even opened
        # printed as its giver may see it (the referee's own orders: as the referee)
        who: list[str] = [player]  # his id, once the campaign is open: typed by id or by name

        def command(descriptor: Any, state: Any, c: Any) -> dict[str, Any]:
            who[0] = player_id(c, player)
            return build_order(descriptor, who[0], kind, args or [], bribe, set_ or [], state)
        _run(o, campaign, command, lambda c: None if who[0] == "referee" else who[0])
    run_safely(o, go)


def build_order(descriptor: Any, player: str, kind: str, args: list[str], bribe: Optional[int],
                sets: list[str], state: Any = None) -> dict[str, Any]:
    """The command typed as `order PLAYER TYPE ARGS... [--bribe N] [--set K=V]`, read by the game's orders."""
    from ..core.orders import command_from_words
    command = command_from_words(descriptor.load("orders"), player, kind, args)
    if bribe is not None:
        command["bribe"] = bribe
    command.update(parse_sets(sets))
    return descriptor.load("read_order")(command, state) if descriptor.read_order else command


@app.command(name="next")
def next_(referee: bool = RefereeOpt,
          campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """End the current phase (the referee). / Clore la phase en cours (l'arbitre)."""
    o = out(lang, json_)

    run_safely(o, lambda: _run(o, campaign, {"type": "next", "player": "referee"},
                               lambda c: viewer_of(c, None, referee)))


@app.command()
def end(referee: bool = RefereeOpt,
        campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Declare the end of the campaign and give the standings. / Déclarer la fin de la campagne."""
    o = out(lang, json_)

    run_safely(o, lambda: _run(o, campaign, {"type": "end", "player": "referee"}, lambda c: viewer_of(c, None, referee)))


@app.command(name="battle-result", context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
def battle_result(ctx: typer.Context,
                  target: str = typer.Argument(..., help="The battle: its territory, or its number where the game "
                                                         "numbers them."),
                  referee: bool = RefereeOpt,
                  campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt,
                  json_: bool = JsonOpt) -> None:
    """Enter a battle's result, or auto-resolve it; the game's own options follow (campagne games NAME). /
    Saisir le résultat d'une bataille, ou la résoudre ; les options propres au jeu suivent (campagne games NOM)."""
    o = out(lang, json_)

    def command(descriptor: Any, _state: Any) -> dict[str, Any]:
        from ..core.errors import CampagneError
        from .game_options import read_game_options
        if target.startswith("--"):
            raise CampagneError("cli.battle_first", option=target)
        if not descriptor.battle_command:
            raise CampagneError("cli.no_battle_result", game=descriptor.name)
        options = read_game_options(descriptor.battle_options, list(ctx.args), descriptor.name, "battle-result")
        return descriptor.load("battle_command")(target, options)
    run_safely(o, lambda: _run(o, campaign, command, lambda c: viewer_of(c, None, referee)))


@app.command()
def undo(reason: str = typer.Option("", "--reason", help="Why (kept in the journal)."),
         referee: bool = RefereeOpt, campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Take back the last person's order (the referee's undo, journaled). / Annuler le dernier ordre."""
    o = out(lang, json_)

    def go() -> None:
        from ..render.text import undone_line
        from ..computers import play_computers, undo_last_person
        with opened(o, campaign) as c:
            undone = undo_last_person(c, reason)
            undo_entry = c.file.entries[-1]
            replayed = play_computers(c, after=[undo_entry])
            viewer = viewer_of(c, None, referee)
            if o.json:
                undone_seen = shown(c, undone, viewer)
                undo_seen = shown(c, [undo_entry], viewer)
                o.data({"undone": undone_seen[0] if undone_seen else None, "undone_entries": undone_seen,
                        "undo": undo_seen[0] if undo_seen else None,
                        "replayed": shown(c, [e.to_dict() for e in replayed], viewer), "view": c.game.view(viewer)})
            else:
                for e in shown(c, undone, viewer):  # the lines he reads, by his numbers
                    o.text(undone_line(e, o))
                if replayed:
                    _print_entries(o, c, [e.to_dict() for e in replayed], viewer)
    run_safely(o, go)


@app.command(name="take-back")
def take_back(player: str = typer.Argument(..., help="The player taking back his own order."),
              entry: Optional[int] = typer.Option(None, "--entry", help="The line (#N) of the order in his journal (journal --as PLAYER); "
                                                                         "his latest by default."),
              campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Take back one's own order of this phase (done too) until the phase resolves. / Reprendre un de ses ordres
    de la phase (done aussi) tant qu'elle n'est pas résolue."""
    o = out(lang, json_)

    def go() -> None:
        from ..takeback import withdraw
        with opened(o, campaign, viewers=(player,)) as c:
            # --entry is the line's number in his journal (`journal --as PLAYER`), as every number he is told
            _print_entries(o, c, withdraw(c, player, his_line(c, player, entry)), player)
    run_safely(o, go)


@app.command()
def play(stand_in: Optional[list[str]] = typer.Option(None, "--stand-in",
                                                      help="A computer decides for this (absent) person."),
         referee: bool = typer.Option(False, "--referee",
                                      help="Also close phases and auto-resolve battles (what it prints stays "
                                           "the lone person's view: `status --referee` shows the referee's)."),
         until_turn: Optional[int] = typer.Option(None, "--until-turn",
                                                  help="With --referee: stop when this turn's reinforcements come."),
         campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Let computer players act until a person must. / Faire jouer les joueurs ordinateur."""
    o = out(lang, json_)

    def go() -> None:
        with opened(o, campaign, viewers=tuple(stand_in or [])) as c:
            autoplay = descriptor_of(c).load("autoplay")
            after = c.file.entries[-1:] if c.file.entries else [c.file.header.get("opening", {})]
            view = c.game.view(None)
            people = [pid for pid, p in view["players"].items()
                      if p.get("controller") == "human" and pid not in (stand_in or [])]
            # Without --until-turn: to the next point where a person must act; with nobody but computers,
            # to the end of this turn (a campaign the referee ends would otherwise never stop).
            stop = until_turn if until_turn is not None else (None if people else max(1, view["turn"]))
            entries = autoplay(c, c.game.seed, referee=referee, after=after, stop_turn=stop,
                               stand_in=frozenset(stand_in or []), end_at_stop=False)
            shown_to = viewer_of(c)
            if not entries and not o.json:
                o.text(_why_nothing(c.game.view(shown_to), referee, o))
                return
            _print_entries(o, c, [e.to_dict() for e in entries], shown_to)
    run_safely(o, go)


def _why_nothing(view: dict[str, Any], referee: bool, o: Out) -> str:
    """Why `play` gave no order: the campaign is over, or the people it waits for must act themselves."""
    if view.get("phase") == "ended":
        return o.t("Rien à jouer : la campagne est terminée.", "Nothing to play: the campaign is over.")
    waiting = [w for w in view.get("awaiting", []) if w != "referee"]
    if waiting:
        names = ", ".join(waiting)
        return o.t(f"Rien à jouer : on attend {names}, qui doit agir (ou --stand-in {waiting[0]}).",
                   f"Nothing to play: waiting for {names}, a person who must act (or --stand-in {waiting[0]}).")
    if not referee:
        return o.t("Rien à jouer : c'est à l'arbitre (campagne next, ou play --referee).",
                   "Nothing to play: it is the referee's turn (campagne next, or play --referee).")
    return o.t("Rien à jouer pour l'instant.", "Nothing to play for now.")


from ..core.errors import register_messages  # noqa: E402

register_messages({
    "cli.bad_player_spec": {"en": "Bad player {spec!r}: use ID[:CONTROLLER[:ARMY[:NAME]]].",
                            "fr": "Joueur {spec!r} invalide : utilisez ID[:CONTRÔLEUR[:ARMÉE[:NOM]]]."},
    "cli.bad_controller": {"en": "Bad controller {controller!r} in {spec!r} (human, random, greedy, absent or search).",
                           "fr": "Contrôleur {controller!r} invalide dans {spec!r} (human, random, greedy, absent ou "
                                 "search)."},
    "cli.battle_first": {"en": "Name the battle before its options: campagne battle-result TARGET {option} ...",
                         "fr": "Nommez la bataille avant ses options : campagne battle-result CIBLE {option} ..."},
    "cli.no_battle_result": {"en": "{game} has no battle results to enter.",
                             "fr": "{game} n'a pas de résultat de bataille à saisir."},
    "cli.bad_format": {"en": "Unknown format {format!r} (md or html).", "fr": "Format inconnu {format!r} (md ou html)."},
})
