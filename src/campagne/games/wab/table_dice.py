"""Dice rolled at the table, entered stage by stage as the table rolls them (seed 002, "Ordre d'attaque":
"Jetez un D6 pour chaque attaque ... Jetez un D6 pour chaque touche réussie ... Lancez un D6 pour chaque
blessure").

A command's rolls fall into stages: one side's to-hit dice, the re-rolls of its misses, the second dice of
its sixes (a score of 7+), its to-wound dice, the enemy's saves, then each test's dice, each flee or pursuit
distance. `TableDice` gives the referee's faces to the rules in the order they ask for them; when the faces
run out it goes on with 1s (a 1 never asks for a further die) only to learn how many dice the stage that
ran short still needs, and `wanted` says so: the command is then kept waiting (`tracker.WabBattle.apply`)
and the referee enters the next stage's dice with `battle dice`. A face outside its die is refused with
that reason.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...core.dice import Dice
from ...core.errors import CampagneError, bilingual, register_messages

register_messages({
    "wab.dice.outside": {
        "en": "The face {face} is not on a D{sides} (1 to {sides}): it was given for {stage}; nothing was "
              "changed.",
        "fr": "La face {face} n'existe pas sur un D{sides} (1 à {sides}) : elle était donnée pour {stage} ; "
              "rien n'a changé.",
    },
    "wab.dice.not_a_face": {
        "en": "{value!r} is not a die face: give whole numbers separated by commas (e.g. 3,4,6); nothing was "
              "changed.",
        "fr": "{value!r} n'est pas une face de dé : donnez des nombres entiers séparés par des virgules (par "
              "ex. 3,4,6) ; rien n'a changé.",
    },
    "wab.dice.none_waiting": {
        "en": "No command is waiting for dice from the table: give the faces with the command that rolls them "
              "(roll, fight, fact shoot ... --faces 3,4 or --table).",
        "fr": "Aucune commande n'attend de dés de la table : donnez les faces avec la commande qui les lance "
              "(roll, fight, fact shoot ... --faces 3,4 ou --table).",
    },
    "wab.dice.waiting": {
        "en": "The tracker is waiting for the table's dice of the last command: {wanted}; enter them with "
              "`campagne battle dice F,F,...` (or `campagne battle dice --cancel`).",
        "fr": "Le suivi attend les dés de la table pour la dernière commande : {wanted} ; entrez-les avec "
              "`campagne battle dice F,F,...` (ou `campagne battle dice --cancel`).",
    },
})


# --------------------------------------------------------------------------- the stages, in words

_ROLE = {"attacker": "attaquant", "defender": "défenseur", "character": "personnage", "duel": "duel"}


def stage_key(purpose: str) -> str:
    """The stage a roll belongs to: its purpose without the attack's number (« attack 3/7: to hit 4+ »)."""
    return re.sub(r" \d+/\d+:", ":", purpose)


def _who(text: str) -> tuple[str, str]:
    text = text.removeprefix("WAB ").removesuffix(" attack")
    m = re.fullmatch(r"(.+) shoots (.+)", text)
    if m:
        return f"the shooting of {m[1]} at {m[2]}", f"le tir de {m[1]} sur {m[2]}"
    fr = re.sub(r"\((attacker|defender|character|duel)\)", lambda r: f"({_ROLE[r[1]]})", text)
    return f"the blows of {text}", f"les coups de {fr}"


def describe(expr: str, purpose: str, count: int) -> dict[str, str]:
    """What a stage's dice are for, in words: « 12 D6 to hit 4+ (Spearmen (attacker)) »."""
    key = stage_key(purpose)
    who, what = key.rsplit(": ", 1) if ": " in key else ("", key)
    dice = f"{count} D{_sides(expr)}"
    patterns: list[tuple[str, str, str]] = [
        (r"to hit (\d+)\+: 6, then", "{d}: the second die of each 6, needing {x}+",
         "{d} : le second dé de chaque 6, qui demande {x}+"),
        (r"re-roll to hit (\d+)\+", "{d}: the re-rolls of the misses, to hit {x}+",
         "{d} : les relances des attaques manquées, pour toucher sur {x}+"),
        (r"to hit (\d+)\+", "{d} to hit, each needing {x}+", "{d} pour toucher, chacun sur {x}+"),
        (r"to wound (\d+)\+", "{d} to wound, each needing {x}+", "{d} pour blesser, chacun sur {x}+"),
        (r"save (\d+)\+", "{d} for the saves of the unit struck, each needing {x}+",
         "{d} de sauvegarde pour l'unité touchée, chacun sur {x}+"),
        (r"2D6 <= (\d+)", "{d} (2D6), passed on {x} or less", "{d} (2D6), réussi sur {x} ou moins"),
        (r"D6 1-3 broken / 4-6 resists()", "{d}: 1 to 3 broken, 4 to 6 resists",
         "{d} : de 1 à 3 démoralisée, de 4 à 6 résiste"),
        (r"(\d*D6)\"", "{d}: the distance ({x}, in inches)", "{d} : la distance ({x}, en pouces)"),
    ]
    # a "then" follow-up keeps its own target after the comma
    m = re.search(r"6, then (\d+)\+$", purpose)
    if m:
        x = m[1]
        en, fr = patterns[0][1], patterns[0][2]
    else:
        for pat, en, fr in patterns[1:]:
            m = re.fullmatch(pat, what)
            if m:
                x = m[1]
                break
        else:
            x, en, fr = "", "{d}: " + what, "{d} : " + what
    wen, wfr = _who(who) if who else ("", "")
    if who.startswith("WAB ") and not re.search(r"attack|shoots", who):
        # a test or a distance: « WAB break test », « WAB a:levy flees »
        wen, wfr = _test_who(who.removeprefix("WAB "))
    tail_en = f" — {wen}" if wen else ""
    tail_fr = f" — {wfr}" if wfr else ""
    return {"en": en.format(d=dice, x=x) + tail_en, "fr": fr.format(d=dice, x=x) + tail_fr}


_TESTS_FR = {"break": "moral", "panic": "panique", "fear": "peur", "terror": "terreur",
             "rally": "ralliement", "return": "retour", "reform": "reformation", "stubborn": "tenacité",
             "leadership": "commandement"}


def _test_who(text: str) -> tuple[str, str]:
    m = re.fullmatch(r"(\S+) (flees|keeps fleeing|pursues (\S+))", text)
    if m:
        verb = {"flees": "fuit", "keeps fleeing": "continue à fuir"}.get(m[2], f"poursuit {m[3]}")
        return f"{m[1]} {m[2]}", f"{m[1]} {verb}"
    name = text.removesuffix(" test")
    return f"{name} test", f"test de {_TESTS_FR.get(name, name.replace('_', ' '))}"


def _sides(expr: str) -> int:
    m = re.search(r"D(\d+)", expr)
    return int(m[1]) if m else 6


# --------------------------------------------------------------------------- the dice


@dataclass
class Wanted:
    """The dice a command still needs: how many, of which die, and what for."""

    count: int
    sides: int
    text: dict[str, str]

    def to_dict(self) -> dict[str, Any]:
        return {"count": self.count, "sides": self.sides, "en": self.text["en"], "fr": self.text["fr"]}


class TableDice(Dice):
    """The referee's faces, in the order the rules ask for them; past them, 1s that only count the stage."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(random.Random(0))
        self._faces = list(faces)
        self.given = len(self._faces)
        self.stages: list[tuple[str, str]] = []  # per face handed out: (expr, purpose)

    def faces_for(self, expr: str, purpose: str) -> Any:
        return _Rng(self, expr, purpose)

    @property
    def unused(self) -> list[int]:
        return list(self._faces)

    @property
    def short(self) -> bool:
        return len(self.stages) > self.given

    def wanted(self) -> Wanted:
        """The stage that ran short and how many of its dice are still to come."""
        expr, purpose = self.stages[self.given]
        key = stage_key(purpose)
        count = 0
        for e, p in self.stages[self.given:]:
            if stage_key(p) != key:
                break
            count += 1
        return Wanted(count, _sides(expr), describe(expr, purpose, count))


class _Rng:
    def __init__(self, dice: TableDice, expr: str, purpose: str) -> None:
        self.dice, self.expr, self.purpose = dice, expr, purpose

    def randint(self, lo: int, hi: int) -> int:
        d = self.dice
        d.stages.append((self.expr, self.purpose))
        if not d._faces:
            return lo  # past the faces given: a 1, only to count the stage that ran short
        v = d._faces.pop(0)
        if not lo <= v <= hi:
            said = describe(self.expr, self.purpose, 1)
            raise CampagneError("wab.dice.outside", face=v, sides=hi, stage=bilingual(said["en"], said["fr"]))
        return v


def parse_faces(text: str | None) -> list[int]:
    """The faces typed at the table, « 3,4,6 » (spaces ignored); a word that is no whole number is refused."""
    parts = [x for x in (text or "").replace(" ", "").split(",") if x]
    for x in parts:
        if not re.fullmatch(r"-?[0-9]{1,6}", x):
            raise CampagneError("wab.dice.not_a_face", value=x[:40])
    return [int(x) for x in parts]


DIE = "die_{}"  # a form's field for one die of the stage, numbered from 1 (`legal.dice_fields`)


def faces_of(command: Any) -> Any:
    """The faces a `dice` command gives: its list `faces` (typed on the command line), or its dice one field
    each, `die_1`, `die_2`... (a web form's boxes, one per die of the stage)."""
    if command.get("faces") is not None:
        return command["faces"]
    out, i = [], 1
    while DIE.format(i) in command:
        out.append(command[DIE.format(i)])
        i += 1
    return out or None


def check_faces(value: Any) -> list[int]:
    """The faces of a command: whole numbers from 1 (each is checked against its die when rolled)."""
    if not isinstance(value, list):
        raise CampagneError("wab.dice.not_a_face", value=str(value)[:40])
    for f in value:
        if isinstance(f, bool) or not isinstance(f, int):
            raise CampagneError("wab.dice.not_a_face", value=str(f)[:40])
        if f < 1:
            raise CampagneError("wab.dice.outside", face=f, sides=6, stage=bilingual("a D6", "un D6"))
    return list(value)
