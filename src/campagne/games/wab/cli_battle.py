"""`campagne battle ...`: track a WAB 2 battle (seed 002) from the referee's facts, or fight it automatically.

    campagne battle new --a LIST --b LIST [--first a] [--player-a alice --player-b bob] -c battle.jsonl
    campagne battle status [--as a|b]
    campagne battle fact TYPE ARGS... [--set KEY=VALUE ...]     (campagne battle facts: the list)
    campagne battle roll [TEST_ID] [--all] [--faces 3,4]
    campagne battle fight [UNIT] [--faces ...] [--momentum a] [--high-ground b]
    campagne battle next
    campagne battle end [--winner a] [--quarters a=2,b=1] [--territory T]
    campagne battle result [--territory T]                       (the Atlantis battle-result command)
    campagne battle undo
    campagne battle auto --a LIST --b LIST --seed S [--attacker a] [--max-turns 6]

LIST is an army list shipped with the Atlantis campaign (mercenaires-atlantes, atlante, ...), an
Atlantis army file (.toml with points_per_model) or a WAB army list file (profiles.py's format,
units may carry `points`). Every command takes `--json` and `--lang fr|en`; the battle's journal is
`-c FILE` (default: $CAMPAGNE_CAMPAIGN, else battle.jsonl), replayed and checked like a campaign's.

Mounted on the command line by `campagne.games.wab.cli.register` (the `battle` group of `campagne`),
which the descriptor names as the game's tools.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

import typer

from ...cli.output import JsonOpt, LangOpt, Out, parse_seed, parse_sets, run_safely
from ...core.bounded import is_whole, strict_int
from ...core.errors import CampagneError, bilingual, register_messages
from .cli_battle_text import next_steps, print_entries, result_text, view_lines
from .inputs import load_side

battle_app = typer.Typer(no_args_is_help=True,
                         help="Track a WAB 2 battle, or fight it automatically. / Suivre une bataille WAB 2.")
out = Out.make

BattleOpt = typer.Option(None, "--campaign", "-c", help="The battle journal (default: battle.jsonl).")

register_messages({
    "wab.cli.extra_args": {
        "en": "Too many arguments for the fact {fact}: {extra}.",
        "fr": "Trop d'arguments pour le fait {fact} : {extra}.",
    },
    "wab.cli.bad_faces": {
        "en": "--faces needs die faces separated by commas (e.g. 3,4), not {value!r}.",
        "fr": "--faces demande des faces de dés séparées par des virgules (par ex. 3,4), pas {value!r}.",
    },
    "wab.cli.bad_attacks": {
        "en": "--attacks needs CHARACTER=UNIT:N,UNIT:N (e.g. a:general=b:levy:2,b:reserve:1), not {value!r}.",
        "fr": "--attacks demande PERSONNAGE=UNITÉ:N,UNITÉ:N (par ex. a:general=b:levy:2,b:reserve:1), pas {value!r}.",
    },
    "wab.cli.bad_quarters": {
        "en": "--quarters needs a=N,b=N, not {value!r}.",
        "fr": "--quarters demande a=N,b=N, pas {value!r}.",
    },
})


def battle_path(value: Optional[str]) -> Path:
    return Path(value or os.environ.get("CAMPAGNE_CAMPAIGN") or "battle.jsonl")


def _open(path: Path, verify: bool = True) -> Any:
    """The battle journal under its lock (a campaign's journal is refused before it is replayed)."""
    from ... import session
    return session.open_campaign(path, verify=verify, expect="wab")


def _run(o: Out, campaign: Optional[str], command: dict[str, Any]) -> None:
    path = battle_path(campaign)
    with _open(path) as c:
        for w in c.warnings:
            o.warn(w.message(o.lang))
        entry = c.push(command)
        print_entries(o, c, [entry.to_dict()])


# `--set` fields a fact takes as a list, also written "a,b,c" (not only JSON).
LIST_FIELDS = frozenset({"modifiers", "friends_fleeing", "enemies_within_8", "terrain"})


def _faces(value: Optional[str]) -> Optional[list[int]]:
    if value is None:
        return None
    try:
        faces = [strict_int(x) for x in value.replace(" ", "").split(",") if x]
    except ValueError:
        raise CampagneError("wab.cli.bad_faces", value=value) from None
    if not faces:
        raise CampagneError("wab.cli.bad_faces", value=value)
    return faces


def _attacks(items: list[str]) -> dict[str, dict[str, int]]:
    """`--attacks a:general=b:levy:2,b:reserve:1` → {"a:general": {"b:levy": 2, "b:reserve": 1}}."""
    out: dict[str, dict[str, int]] = {}
    for item in items:
        who, sep, rest = item.partition("=")
        shares: dict[str, int] = {}
        for part in rest.split(","):
            enemy, colon, n = part.rpartition(":")
            if not sep or not who or not colon or not enemy or not is_whole(n):
                raise CampagneError("wab.cli.bad_attacks", value=item)
            shares[enemy] = strict_int(n)
        out[who] = shares
    return out


def _command(kind: str, **fields: Any) -> dict[str, Any]:
    """A tracker command with the options that were given (a flag left off or an empty value is not)."""
    return {"type": kind, **{k: v for k, v in fields.items() if v}}


def _with_faces(command: dict[str, Any], faces: Optional[str], table: bool = False) -> dict[str, Any]:
    """Add the dice rolled at the table, when the referee entered them (`--table`: none yet, the tracker
    says which it wants first)."""
    f = _faces(faces)
    if f is not None:
        command["faces"] = f
    elif table:
        command["faces"] = []
    return command


TableOpt = typer.Option(False, "--table", help="The dice are rolled at the table: the tracker says which dice "
                                               "it wants, stage by stage (then: campagne battle dice F,F,...).")


# --------------------------------------------------------------------------- commands


@battle_app.command("new")
def new(a: Optional[str] = typer.Option(None, "--a", help="Side a's army list (packaged name or .toml)."),
        b: Optional[str] = typer.Option(None, "--b", help="Side b's army list."),
        from_campaign: Optional[str] = typer.Option(None, "--from-campaign",
                                                    help="An Atlantis or Gorges campaign's journal: its battle "
                                                         "(in --territory, or --gorges-battle, or its only one) "
                                                         "with both armies as they stand, losses included."),
        first: str = typer.Option("a", "--first", help="The side that plays the first turn (a or b)."),
        player_a: Optional[str] = typer.Option(None, "--player-a", help="Side a's campaign player."),
        player_b: Optional[str] = typer.Option(None, "--player-b", help="Side b's campaign player."),
        territory: Optional[str] = typer.Option(None, "--territory",
                                                help="The campaign territory fought for."),
        scenario: Optional[str] = typer.Option(None, "--scenario", help="The scenario (Pitched Battle...)."),
        gorges_battle: Optional[int] = typer.Option(None, "--gorges-battle",
                                                    help="A Gorges Tranchées battle: its number (battle end "
                                                         "then prints the Gorges battle-result command)."),
        army_a: Optional[str] = typer.Option(None, "--army-a", help="Gorges: side a's army (G, L1...)."),
        army_b: Optional[str] = typer.Option(None, "--army-b", help="Gorges: side b's army."),
        max_turns: Optional[int] = typer.Option(None, "--max-turns", help="The scenario's number of turns."),
        assume_within_12: bool = typer.Option(False, "--assume-within-12",
                                              help="Every unit starts within 12\" of its general and army "
                                                   "standard."),
        seed: Optional[str] = typer.Option(None, "--seed", help="A seed of your own, mixed with the referee's "
                                                                "secret salt: nobody can foresee the dice from it."),
        public_dice: bool = typer.Option(False, "--public-dice",
                                         help="Dice anyone can foresee (tests, demos, studies): the seed is written "
                                              "in the journal, and every status says so."),
        campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Set up a battle: two armies deployed. / Mettre en place une bataille."""
    o = out(lang, json_)

    def go() -> None:
        from ... import session
        if from_campaign is not None:
            from .gorges_armies import setup_from_gorges
            from .inputs import setup_from_atlantis
            found = session.load(Path(from_campaign), expect=("atlantis", "gorges"))
            state = found.game.state
            setup: dict[str, Any] = (setup_from_gorges(state, gorges_battle)
                                     if found.file.header["ruleset"] == "gorges" else setup_from_atlantis(state, territory))
            setup["first"] = first
            territory_ = setup["context"]["territory"]
        elif a is None or b is None:
            raise CampagneError("wab.cli.no_armies")
        else:
            setup = {"a": load_side(a), "b": load_side(b), "first": first}
            territory_ = territory
        if player_a:
            setup["a"]["player"] = player_a
        if player_b:
            setup["b"]["player"] = player_b
        context: dict[str, Any] = {**setup.get("context", {}),
                                   **{k: v for k, v in (("territory", territory_), ("scenario", scenario)) if v}}
        if gorges_battle is not None and context.get("campaign") != "gorges":
            context.update({"campaign": "gorges", "battle": gorges_battle,
                            "armies": {k: v for k, v in (("a", army_a), ("b", army_b)) if v}})
        if context:
            setup["context"] = context
        if max_turns is not None:
            setup["max_turns"] = max_turns
        if assume_within_12:
            setup["assume_within_12"] = True
        seed_value = None if seed is None else parse_seed(seed)
        c = session.create(battle_path(campaign), "wab", setup, seed_value, public=public_dice)
        view = c.game.view(None)
        if o.json:
            o.data({"battle": str(c.path), "view": session.with_dice_notice(c, view)})
            return
        o.text(o.t(f"Bataille créée : {c.path}", f"Battle created: {c.path}"))
        for line in view_lines(view, o):
            o.text(line)
        _dice_notice(o, c)
        for line in next_steps(str(c.path), o):
            o.text(line)
    run_safely(o, go)


@battle_app.command("status")
def status(as_: Optional[str] = typer.Option(None, "--as", help="a or b (or a player): that side's view."),
           campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Where the battle stands, the tests to take and their odds. / Où en est la bataille."""
    o = out(lang, json_)

    def go() -> None:
        from ... import session
        path = battle_path(campaign)
        with _open(path) as c:
            view = c.game.view(as_)
        if o.json:
            o.data(session.with_dice_notice(c, view))
            return
        for line in view_lines(view, o):
            o.text(line)
        _dice_notice(o, c)
    run_safely(o, go)


def _dice_notice(o: Any, c: Any) -> None:
    """Public dice are said plainly wherever a battle's status is printed."""
    from ...session import PUBLIC_DICE
    if c.public_dice:
        o.text(o.t(PUBLIC_DICE["fr"], PUBLIC_DICE["en"]))


@battle_app.command("facts")
def facts(lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """The facts a referee can report. / Les faits que l'arbitre peut signaler."""
    o = out(lang, json_)

    def go() -> None:
        from .tracker_commands import FACTS
        if o.json:
            o.data({k: {"args": list(v[1]), "en": v[2], "fr": v[3]} for k, v in FACTS.items()})
            return
        for k, v in FACTS.items():
            o.text(f"{k:<15} {' '.join(a.upper() for a in v[1]):<16} {o.t(v[3], v[2])}")
    run_safely(o, go)


def build_fact(kind: str, args: list[str], sets: list[str]) -> dict[str, Any]:
    from .tracker_commands import FACT_FIELDS, FACTS, INT_FACT_FIELDS
    if kind not in FACTS:
        raise CampagneError("wab.battle.unknown_fact", fact=kind, known=", ".join(FACTS))
    command: dict[str, Any] = {"type": "fact", "fact": kind}
    # `friend=b:levy` written among the arguments, as the tracker's hints print it, is a field like --set
    named = [a for a in args if a.partition("=")[0] in FACT_FIELDS[kind] and "=" in a]
    rest = [a for a in args if a not in named]
    sets = [*named, *sets]
    for name in FACTS[kind][1]:
        if not rest:
            break
        value: Any = rest.pop(0)
        if name in INT_FACT_FIELDS:
            try:
                value = strict_int(value)
            except ValueError:
                raise CampagneError("wab.battle.bad_field", field=name, value=value,
                                    reason=bilingual("a whole number", "un nombre entier")) from None
        command[name] = value
    if rest:
        raise CampagneError("wab.cli.extra_args", fact=kind, extra=" ".join(rest))
    command.update(parse_sets(sets, LIST_FIELDS))
    return command


@battle_app.command("fact")
def fact(kind: str = typer.Argument(...,
                                    help="charge, react, contact, move, near, shoot, casualties, killed, "
                                              "general_killed, friends_broke, left_table, caught, pursue, "
                                              "join, quarters, captured, formation (see: campagne battle facts)"),
         args: Optional[list[str]] = typer.Argument(None),
         set_: Optional[list[str]] = typer.Option(None, "--set",
                                                  help="KEY=VALUE extra fields (JSON values)."),
         faces: Optional[str] = typer.Option(None, "--faces", help="Dice rolled at the table: 3,4,..."),
         table: bool = TableOpt,
         campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Report a fact of the battle. / Signaler un fait de la bataille."""
    o = out(lang, json_)

    def go() -> None:
        _run(o, campaign, _with_faces(build_fact(kind, args or [], set_ or []), faces, table))
    run_safely(o, go)


@battle_app.command("roll")
def roll(test: Optional[str] = typer.Argument(None, help="The pending test (T3); default: the first one."),
         all_: bool = typer.Option(False, "--all", help="Roll every pending test, in order."),
         faces: Optional[str] = typer.Option(None, "--faces", help="Dice rolled at the table: 3,4,..."),
         table: bool = TableOpt,
         set_: Optional[list[str]] = typer.Option(None, "--set", help="The facts the test asks for, this turn: "
                                                  "general=true|false, army_standard=..., enemy_within_8=..."),
         campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Roll a pending test (or enter the dice rolled at the table). / Lancer un test en attente.

    A test that needs a distance fact nobody reported this turn (the general or the army standard within
    12", an enemy within 8" for a rally) asks for it: answer with --set general=true (or false)."""
    o = out(lang, json_)

    def go() -> None:
        command = _command("roll", test=test, all=all_)
        command.update(parse_sets(set_ or []))
        _run(o, campaign, _with_faces(command, faces, table))
    run_safely(o, go)


@battle_app.command("fight")
def fight(unit: Optional[str] = typer.Argument(None, help="Fight only this unit's combats (default: all)."),
          momentum: Optional[str] = typer.Option(None, "--momentum",
                                                 help="a or b: the side whose unit has the momentum (élan)."),
          high_ground: Optional[str] = typer.Option(None, "--high-ground",
                                                    help="a or b: the side whose unit stands higher."),
          difficult_terrain: bool = typer.Option(False, "--difficult-terrain"),
          attacks: Optional[list[str]] = typer.Option(
              None, "--attacks", help="A character fighting several units shares his attacks: "
                                      "CHARACTER=UNIT:N,UNIT:N (e.g. a:general=b:levy:2,b:reserve:1)."),
          faces: Optional[str] = typer.Option(None, "--faces", help="Dice rolled at the table: 3,4,..."),
          table: bool = TableOpt,
          campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Fight the close combats of this phase. / Livrer les corps à corps de la phase."""
    o = out(lang, json_)

    def go() -> None:
        _run(o, campaign, _with_faces(_command("fight", unit=unit, momentum=momentum, high_ground=high_ground,
                                                difficult_terrain=difficult_terrain,
                                                attacks=_attacks(attacks or [])), faces, table))
    run_safely(o, go)


@battle_app.command("dice")
def dice_(faces: Optional[str] = typer.Argument(None, help="The faces the table rolled for the stage the tracker "
                                                           "asked for: 3,4,6,..."),
          cancel: bool = typer.Option(False, "--cancel", help="Give up the command waiting for dice."),
          campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Enter the table's dice for the stage the tracker asks for. / Entrer les dés de la table.

    The order, as a table rolls them: for each side that strikes (or shoots), all its to-hit dice, the
    re-rolls of its misses, the second die of each 6 when it needs 7+, then its to-wound dice, then the
    enemy's saves; the other side likewise; then each test's dice (2D6, or the stubborn D6) and each flee
    or pursuit distance. The tracker says after each entry how many dice it wants next and what each needs.
    """
    o = out(lang, json_)

    def go() -> None:
        command: dict[str, Any] = {"type": "dice"}
        if cancel:
            command["cancel"] = True
        else:
            from .table_dice import parse_faces
            command["faces"] = parse_faces(faces)
        _run(o, campaign, command)
    run_safely(o, go)


@battle_app.command("next")
def next_(campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Go on to the next phase or turn. / Passer à la phase ou au tour suivant."""
    o = out(lang, json_)
    run_safely(o, lambda: _run(o, campaign, {"type": "next"}))


def _quarters(value: Optional[str]) -> Optional[dict[str, int]]:
    if value is None:
        return None
    out_: dict[str, int] = {}
    for item in value.split(","):
        k, sep, n = item.partition("=")
        if not sep or k not in ("a", "b") or not is_whole(n) or len(n) > 2:
            raise CampagneError("wab.cli.bad_quarters", value=value)
        out_[k] = int(n)
    return out_


@battle_app.command("end")
def end(winner: Optional[str] = typer.Option(None, "--winner", help="a or b, by the scenario's own rules."),
        quarters: Optional[str] = typer.Option(None, "--quarters", help="Table quarters held: a=N,b=N."),
        territory: Optional[str] = typer.Option(None, "--territory",
                                                help="Print the Atlantis battle-result command for this "
                                                     "territory."),
        campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """End the battle: victory points, winner, losses. / Terminer la bataille."""
    o = out(lang, json_)

    def go() -> None:
        from .tracker_views import atlantis_command, campaign_command_line
        command: dict[str, Any] = {"type": "end"}
        if winner:
            command["winner"] = winner
        q = _quarters(quarters)
        if q is not None:
            command["quarters"] = q
        path = battle_path(campaign)
        with _open(path) as c:
            # asked again once the battle is over: the same result, the line to paste with it
            entries = [] if c.game.state.phase == "ended" else [c.push(command).to_dict()]
            state = c.game.state
            where = territory or state.context.get("territory") or "?"
            payload = atlantis_command(state, where)
            line = campaign_command_line(state, territory)
            if o.json:
                o.data({"entries": entries, "result": state.result, "atlantis": payload,
                        "campaign_command": line, "view": c.game.view(None)})
                return
            result_text(o, state.result, payload, line)
    run_safely(o, go)


@battle_app.command("result")
def result(territory: Optional[str] = typer.Option(None, "--territory", help="The Atlantis territory."),
           campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """The battle's result and the campaign's command to paste. / Le résultat et la commande à coller."""
    o = out(lang, json_)

    def go() -> None:
        from .tracker_views import atlantis_command, campaign_command_line, final_result
        path = battle_path(campaign)
        with _open(path) as c:
            state = c.game.state
            payload = atlantis_command(state, territory or state.context.get("territory") or "?")
            if o.json:
                o.data(payload)
                return
            result = state.result or final_result(state)
            line = campaign_command_line(state, territory)
        if state.phase != "ended":
            o.text(o.t(f"La bataille n'est pas finie : voici son résultat tel qu'il est au tour {state.turn}.",
                       f"The battle is not over: this is its result as it stands in turn {state.turn}."))
        result_text(o, result, payload, line)
    run_safely(o, go)


@battle_app.command("undo")
def undo(reason: str = typer.Option("", "--reason", help="Why (kept in the journal)."),
         campaign: Optional[str] = BattleOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Take back the last command (journaled, with its reason). / Annuler la dernière commande."""
    o = out(lang, json_)

    def go() -> None:
        from ...render.text import undone_line
        path = battle_path(campaign)
        with _open(path) as c:
            effective = c.game.effective
            last = effective[-1].to_dict() if effective else None
            c.undo(1, reason)
            if o.json:
                o.data({"undone": last, "view": c.game.view(None)})
            else:
                o.text(undone_line(last or {}, o))
    run_safely(o, go)


@battle_app.command("auto")
def auto(a: str = typer.Option(..., "--a", help="Side a's army list."),
         b: str = typer.Option(..., "--b", help="Side b's army list."),
         seed: str = typer.Option("1", "--seed"),
         attacker: str = typer.Option("a", "--attacker", help="The side that plays first and charges first."),
         max_turns: int = typer.Option(6, "--max-turns"),
         player_a: Optional[str] = typer.Option(None, "--player-a"),
         player_b: Optional[str] = typer.Option(None, "--player-b"),
         trace: bool = typer.Option(False, "--trace", help="With --json: every command and its events."),
         lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Fight an abstract auto-battle (documented heuristic). / Livrer une bataille automatique abstraite."""
    o = out(lang, json_)

    def go() -> None:
        from ...core.dice import Dice
        from .autobattle import auto_battle
        players = {k: v for k, v in (("a", player_a), ("b", player_b)) if v}
        seed_value = parse_seed(seed)
        fight_ = auto_battle(load_side(a), load_side(b), Dice.seeded(seed_value, "wab-auto"),
                             attacker=attacker,
                             max_turns=max_turns, players=players)
        payload = fight_.atlantis_result()
        if o.json:
            data = {"reason": fight_.reason, "turns": fight_.state.turn, "plan": fight_.plan.to_dict(),
                    "result": fight_.result, "atlantis": payload, "summary": fight_.summary(o.lang)}
            if trace:
                data["trace"] = fight_.trace
            o.data(data)
            return
        for line in fight_.summary(o.lang):
            o.text(line)
        from .tracker_views import campaign_command_line
        result_text(o, fight_.result, payload, campaign_command_line(fight_.state))
    run_safely(o, go)
