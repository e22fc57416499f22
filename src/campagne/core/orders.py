"""What every game's order handlers share: reading an order's fields, and the generic refusals.

A game's handler context subclasses `OrderContext` and adds what its rules need (its players, its map).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bounded import whole_number
from .dice import Dice
from .errors import CampagneError, register_messages
from .names import did_you_mean


@dataclass
class OrderContext:
    state: Any
    cmd: dict[str, Any]
    dice: Dice

    def arg(self, name: str, kind: type = str, default: Any = ...) -> Any:
        """The order's field `name` as `kind` (str or int); missing without a default is refused."""
        if name not in self.cmd:
            if default is ...:
                raise CampagneError("order.missing", order=self.cmd.get("type"), field=name)
            return default
        value = self.cmd[name]
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                value = whole_number(value, name)  # `1_0`, `٣`, `nan` are no whole numbers, whatever int() says
        elif kind is str and not isinstance(value, str):
            raise CampagneError("order.bad_field", field=name, value=value)
        return value

    def roll(self, expr: str, purpose: str) -> int:
        return self.dice.roll(expr, purpose)


@dataclass(frozen=True)
class Arg:
    """One positional word of `campagne order PLAYER TYPE WORDS...` (and one input of a web form).

    kind: "str", "int", or "rest" (all the remaining words, as a list)."""

    name: str
    kind: str = "str"
    help: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Order:
    """An order declared as data: who gives it, in which phases, the handler that checks and applies it,
    and how people type it (its positional words and its help in French and English)."""

    handler: Callable[[Any], list[dict[str, Any]]]
    actor: str  # "player" or "referee"
    phases: tuple[str, ...] | None  # None: any phase of a running campaign
    args: tuple[Arg, ...] = ()
    help: Mapping[str, str] = field(default_factory=dict)


def command_from_words(orders: Mapping[str, Order], player: str, kind: str, words: list[str]) -> dict[str, Any]:
    """The command a person types as `PLAYER TYPE WORDS...`, read by the order's declared positional words."""
    if kind not in orders:
        raise CampagneError("order.unknown", order=kind, hint=did_you_mean(str(kind), orders))
    command: dict[str, Any] = {"type": kind, "player": player}
    rest = list(words)
    for arg in getattr(orders[kind], "args", ()):  # a game's orders may be bare handlers (no typed words)
        if arg.kind == "rest":
            command[arg.name], rest = rest, []
            break
        if not rest:
            raise CampagneError("order.missing", order=kind, field=arg.name)
        value: Any = rest.pop(0)
        if arg.kind == "int":
            value = whole_number(value, arg.name)
        command[arg.name] = value
    if rest:
        raise CampagneError("order.extra_words", order=kind, extra=" ".join(rest))
    return command


def fields_from_words(command: Mapping[str, Any], names: Sequence[str], integers: Collection[str] = ("value",)
                      ) -> dict[str, Any]:
    """An order whose words depend on what it names (`command["words"]`, the rest of the line, as the referee's
    `adjust WHAT WORDS...`): the words are, in turn, the fields `names` (those in `integers` whole numbers), then
    the reason (all the words left). A field is given by a word or by `--set`, not both; a field given neither
    way, or words left over once `--set` gave the reason, are refused with one sentence."""
    kind = command.get("type")
    out = {k: v for k, v in command.items() if k != "words"}
    words = [str(w) for w in command.get("words") or []]
    for name in names:
        if not words:
            if name not in out:
                raise CampagneError("order.missing", order=kind, field=name)
            continue
        if name in out:
            raise CampagneError("order.given_twice", field=name, value=words[0])
        value: Any = words.pop(0)
        if name in integers:
            value = whole_number(value, name)
        out[name] = value
    if words:
        if "reason" in out:
            raise CampagneError("order.extra_words", order=kind, extra=" ".join(words))
        out["reason"] = " ".join(words)
    if isinstance(out.get("reason"), (int, float)) and not isinstance(out.get("reason"), bool):
        out["reason"] = str(out["reason"])  # `--set reason=12` reads as a number
    return out


def order_for(orders: Mapping[str, Order], command: Any, phase: str, players: Collection[str],
              phase_label: Callable[..., dict[str, str]]) -> Order:
    """The declared order a command names, once the checks every campaign shares have passed: a known
    order, a campaign not over, the right phase, a known player — and no player giving the referee's."""
    if not isinstance(command, dict) or command.get("type") not in orders:
        kind = command.get("type") if isinstance(command, dict) else command
        raise CampagneError("order.unknown", order=kind, hint=did_you_mean(str(kind), orders))
    spec = orders[command["type"]]
    if phase == "ended":
        raise CampagneError("order.campaign_over")
    if spec.actor == "player" and command.get("player") not in players:  # a name before a phase or a field
        raise CampagneError("order.unknown_player", player=command.get("player"),
                            hint=did_you_mean(str(command.get("player")), players))
    if spec.phases is not None and phase not in spec.phases:
        raise CampagneError("order.wrong_phase", phase=phase_label(phase), allowed=phase_label(*spec.phases))
    if spec.actor == "referee" and command.get("player") in players:  # a player may not close a phase
        raise CampagneError("order.referee_only", player=command["player"], order=command["type"])
    return spec


register_messages({
    "cli.bad_pair": {"en": "Bad {what} value {item!r}.", "fr": "Valeur {what} invalide {item!r}."},
    "order.extra_words": {"en": "Too many arguments for {order}: {extra}.",
                          "fr": "Trop d'arguments pour {order} : {extra}."},
    "order.referee_only": {"en": "{player} cannot give the order {order}: it is the referee's.",
                           "fr": "{player} ne peut pas donner l'ordre {order} : il revient à l'arbitre."},
    "order.unknown": {"en": "Unknown order {order!r}{hint}.", "fr": "Ordre inconnu {order!r}{hint}."},
    "order.missing": {"en": "The order {order} needs {field}.", "fr": "L'ordre {order} demande {field}."},
    "order.given_twice": {"en": "{field} is given twice: by the word {value!r} and by --set {field}=...",
                          "fr": "{field} est donné deux fois : par le mot {value!r} et par --set {field}=..."},
    "order.not_int": {"en": "{field} must be a whole number, not {value!r}.",
                      "fr": "{field} doit être un nombre entier, pas {value!r}."},
    "order.bad_field": {"en": "Invalid value for {field}: {value!r}.", "fr": "Valeur invalide pour {field} : {value!r}."},
    "order.negative": {"en": "{field} cannot be negative ({value}).", "fr": "{field} ne peut pas être négatif ({value})."},
    "order.unknown_player": {"en": "Unknown player {player!r}{hint}.", "fr": "Joueur inconnu {player!r}{hint}."},
    "order.unknown_territory": {"en": "Unknown territory {territory!r}{hint}.",
                                "fr": "Territoire inconnu {territory!r}{hint}."},
    "order.wrong_phase": {"en": "Not possible in the {phase} phase (only in: {allowed}).",
                          "fr": "Impossible pendant la phase « {phase} » (seulement : {allowed})."},
    "order.campaign_over": {"en": "The campaign is over.", "fr": "La campagne est terminée."},
    "phase.waiting": {"en": "The {phase} phase is not finished: waiting for {players}.",
                      "fr": "La phase « {phase} » n'est pas terminée : on attend {players}."},
})
