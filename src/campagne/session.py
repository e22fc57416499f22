"""A campaign on disk: its journal, replayed into a `Game`, with commands appended under a lock.

This is the edge between the pure engine and storage; the CLI (and later the web server) use it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.errors import CampagneError, register_messages
from .core.game import Entry, Game
from .storage import journal as jfile

RULESETS = {"atlantis": "campagne.games.atlantis.rules:AtlantisRules",
            "gorges": "campagne.games.gorges.rules:GorgesRules",
            "wab": "campagne.games.wab.tracker:WabBattle"}
CAMPAIGNS = ("atlantis", "gorges")  # the rulesets the campaign commands (status, order, next...) serve
# What a journal holds, as a refusal names it.
KINDS = {"atlantis": ("une campagne d'Atlantis", "an Atlantis campaign"),
         "gorges": ("une campagne des Gorges Tranchées", "a Gorges Tranchées campaign"),
         "wab": ("une bataille WAB", "a WAB battle")}


def kind_of(rulesets: tuple[str, ...]) -> dict[str, str]:
    """'an Atlantis campaign or a Gorges Tranchées campaign', in both languages."""
    names = [KINDS.get(r, (repr(r), repr(r))) for r in rulesets]
    return {"fr": " ou d'".join(fr for fr, _ in names), "en": " or ".join(en for _, en in names)}


def ruleset(name: str) -> Any:
    if name not in RULESETS:
        raise CampagneError("ruleset.unknown", name=name, known=", ".join(RULESETS))
    module, _, cls = RULESETS[name].partition(":")
    import importlib
    return getattr(importlib.import_module(module), cls)()


@dataclass
class Campaign:
    path: Path
    file: jfile.JournalFile
    game: Game
    warnings: list[CampagneError] = field(default_factory=list)

    def push(self, command: dict[str, Any]) -> Entry:
        """Apply and journal one command; a refused command changes nothing, in memory or on disk."""
        entry = self.game.push(command)
        jfile.append(self.file, [entry.to_dict()])
        return entry

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def entries(self) -> list[Entry]:
        return self.game.entries

    def undo(self) -> dict[str, Any]:
        last = self.file.entries[-1] if self.file.entries else None
        self.game.undo()
        jfile.truncate_last(self.file)
        assert last is not None
        return last


def create(path: Path, ruleset_name: str, setup: dict[str, Any], seed: int | str) -> Campaign:
    rules = ruleset(ruleset_name)
    game = Game(rules, setup, seed)  # validates the setup before anything is written
    assert game.opening is not None
    with jfile.locked(path):
        jfile.create(path, {"ruleset": ruleset_name, "seed": seed, "setup": setup,
                            "opening": game.opening.to_dict()})
        file = jfile.read(path)
    return Campaign(path, file, game)


def load(path: Path, verify: bool = True, expect: str | tuple[str, ...] | None = None) -> Campaign:
    file = jfile.read(path)
    h = file.header
    wanted = (expect,) if isinstance(expect, str) else expect
    if wanted is not None and h.get("ruleset") not in wanted:
        raise CampagneError("journal.other_ruleset", path=str(path), ruleset=kind_of((h.get("ruleset"),)),
                            expect=kind_of(wanted))
    rules = ruleset(h["ruleset"])
    if verify:
        game = Game.verify(rules, h.get("setup", {}), h["seed"], file.entries, opening=h.get("opening"),
                           first_line=2)
    else:
        game = Game.replay(rules, h.get("setup", {}), h["seed"], [e["command"] for e in file.entries],
                           first_line=2)
    return Campaign(path, file, game, list(file.warnings))


@contextmanager
def open_campaign(path: Path, verify: bool = True, expect: str | tuple[str, ...] | None = None
                  ) -> Iterator[Campaign]:
    """Hold the campaign's lock while a command reads, decides and writes; `expect` names the
    ruleset the calling command is for (a battle journal is not a campaign)."""
    if not path.exists():
        raise CampagneError("journal.missing", path=str(path))
    with jfile.locked(path):
        yield load(path, verify, expect)


register_messages({
    "journal.other_ruleset": {"en": "{path} is the journal of {ruleset}, not of {expect}.",
                              "fr": "{path} est le journal d'{ruleset}, pas d'{expect}."},
})
