"""What a study plays: its options checked (each refusal one sentence) and its games as plain tasks."""

from __future__ import annotations

import inspect
import itertools
from dataclasses import dataclass
from typing import Any

from ..core.errors import CampagneError, register_messages
from ..core.interface import GameDescriptor

MAX_GAMES = 1_000_000
MAX_TURNS = 10_000
BUILT_IN_FIELDS = ("players", "turns")
# Controllers that never give an order (a person's seat, an absent player): a simulation would never end.
NOT_COMPUTERS = ("human", "absent")


@dataclass(frozen=True)
class Spec:
    """A study: `games` games of `game` for each set of `vary` values (field, values), in that order."""

    game: str
    games: int
    players: int
    turns: int
    seed: int | str
    controllers: tuple[str, ...]  # one for every seat, or one for all
    vary: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    def size(self) -> int:
        total = self.games
        for _, values in self.vary:
            total *= len(values)
        return total


def playable(name: str) -> GameDescriptor:
    """A registered game whose computers can play it through (its descriptor has `simulate`)."""
    from ..registry import games
    found = {n: g for n, g in games().items() if g.simulate}
    if name not in found:
        raise CampagneError("ruleset.unknown", name=name, known=", ".join(found))
    return found[name]


def option_fields(descriptor: GameDescriptor) -> dict[str, Any]:
    """The set-up options a study may vary: those of the game's set-up its simulation takes as keyword options
    (a simulation without `**options` takes none)."""
    takes = inspect.signature(descriptor.load("simulate")).parameters.values()
    if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in takes):
        return {}
    return {o.name: o for o in descriptor.setup_options}


def build(game: str, games: int, players: int | None, turns: int, seed: int | str,
          controllers: list[str] | tuple[str, ...] = (), vary: list[str] | tuple[str, ...] = ()) -> Spec:
    """The study these options ask for, or the one-sentence refusal of the first wrong one."""
    d = playable(game)
    if not 1 <= games <= MAX_GAMES:
        raise CampagneError("studies.games", count=games, most=MAX_GAMES)
    chosen = tuple(controllers) or ("greedy",)
    known = [c for c in d.computers if c not in NOT_COMPUTERS]
    for c in chosen:
        if c.partition(":")[0] not in known and not (c == "mixed" and len(chosen) == 1):
            raise CampagneError("studies.controller", game=game, controller=c,
                                known=", ".join([*known, "mixed"]))
    if players is None:
        players = len(chosen) if len(chosen) > 1 else len(d.seats) or max(d.players[0], min(4, d.players[1]))
    varied = _vary(d, vary)
    counts = dict(varied).get("players", (players,))
    for count in counts:
        if not d.players[0] <= count <= d.players[1]:
            raise CampagneError("studies.player_count", game=game, count=count, low=d.players[0], high=d.players[1])
        if len(chosen) > 1 and count != len(chosen):
            raise CampagneError("studies.controllers_count", given=len(chosen), count=count)
    if not 1 <= turns <= MAX_TURNS:
        raise CampagneError("studies.turns", value=turns, most=MAX_TURNS)
    return Spec(game, games, players, turns, seed, chosen, varied)


def _vary(d: GameDescriptor, items: list[str] | tuple[str, ...]) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    options = option_fields(d)
    allowed = [*BUILT_IN_FIELDS, *options]
    out: dict[str, tuple[Any, ...]] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name = name.strip()
        texts = [v.strip() for v in raw.split(",")]
        if not sep or not name or not all(texts):
            raise CampagneError("studies.bad_vary", item=item)
        if name not in allowed:
            raise CampagneError("studies.vary_field", game=d.name, field=name, allowed=", ".join(allowed))
        if name in out:
            raise CampagneError("studies.vary_twice", field=name)
        values = tuple(_value(name, t, options.get(name)) for t in texts)
        if len(set(values)) != len(values):
            raise CampagneError("studies.vary_twice", field=name)
        out[name] = values
    return tuple(out.items())


def _value(name: str, text: str, option: Any) -> Any:
    """One value of a varied field, as its simulation takes it."""
    if option is None or option.kind == "int":
        high = MAX_TURNS if option is None else 10**9
        if not (text.isascii() and text.isdigit() and 1 <= int(text) <= high):
            raise CampagneError("studies.vary_value", field=name, value=text, allowed="1..." + str(high))
        return int(text)
    if option.kind == "bool":
        if text not in ("true", "false"):
            raise CampagneError("studies.vary_value", field=name, value=text, allowed="true, false")
        return text == "true"
    if option.choices and text not in option.choices:
        raise CampagneError("studies.vary_value", field=name, value=text, allowed=", ".join(option.choices))
    return text


def tasks(spec: Spec) -> list[dict[str, Any]]:
    """Every game of the study as a plain (picklable) task, in the order of the rows. Game i of each set of
    values is played on the seed `SEED/i`: rows never depend on where or in what order they are played."""
    names = [name for name, _ in spec.vary]
    out = []
    for c, combo in enumerate(itertools.product(*(values for _, values in spec.vary))):
        values = dict(zip(names, combo))
        players = values.get("players", spec.players)
        controller: Any = spec.controllers[0] if len(spec.controllers) == 1 else list(spec.controllers)
        for i in range(spec.games):
            out.append({"game": spec.game, "index": c * spec.games + i, "seed": f"{spec.seed}/{i}",
                        "players": players, "turns": values.get("turns", spec.turns), "controller": controller,
                        "options": {k.replace("-", "_"): v for k, v in values.items() if k not in BUILT_IN_FIELDS},
                        "vary": values})
    return out


register_messages({
    "studies.games": {"en": "A study plays 1 to {most} games, not {count}.",
                      "fr": "Une étude joue de 1 à {most} parties, pas {count}."},
    "studies.turns": {"en": "A study's games last 1 to {most} turns, not {value}.",
                      "fr": "Les parties d'une étude durent de 1 à {most} tours, pas {value}."},
    "studies.controller": {"en": "{game} has no computer player called {controller} (known: {known}).",
                           "fr": "{game} n'a pas de joueur ordinateur nommé {controller} (connus : {known})."},
    "studies.player_count": {"en": "{game} is played by {low} to {high} players, not {count}.",
                             "fr": "{game} se joue de {low} à {high} joueurs, pas {count}."},
    "studies.controllers_count": {
        "en": "{given} controllers were given for {count} players: give one for every seat, or one for all.",
        "fr": "{given} contrôleurs donnés pour {count} joueurs : donnez-en un par place, ou un pour toutes."},
    "studies.bad_vary": {"en": "--vary needs FIELD=VALUE,VALUE..., not {item}.",
                         "fr": "--vary demande CHAMP=VALEUR,VALEUR..., pas {item}."},
    "studies.vary_field": {
        "en": "A study of {game} can vary {allowed} (the players, the turns or a set-up option its simulation "
              "takes), not {field}.",
        "fr": "Une étude de {game} peut faire varier {allowed} (les joueurs, les tours ou une option de mise en "
              "place que sa simulation prend), pas {field}."},
    "studies.vary_twice": {"en": "--vary {field} is given twice, or with a value twice.",
                           "fr": "--vary {field} est donné deux fois, ou avec deux fois la même valeur."},
    "studies.vary_value": {"en": "--vary {field}: {value} is not one of {allowed}.",
                           "fr": "--vary {field} : {value} n'est pas parmi {allowed}."},
})
