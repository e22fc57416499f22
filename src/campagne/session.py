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

def kind_of(rulesets: tuple[str, ...]) -> dict[str, str]:
    """What journals of these games hold, in both languages ("an Atlantis campaign or a WAB battle")."""
    from .registry import games
    known = games()
    names = [(known[r].noun or known[r].title) if r in known else {"fr": repr(r), "en": repr(r)} for r in rulesets]
    return {"fr": " ou d'".join(n["fr"] for n in names), "en": " or ".join(n["en"] for n in names)}


def ruleset(name: str) -> Any:
    """The rules of the game registered as `name` (a `core.game.Ruleset`)."""
    from .registry import game
    return game(name).load("ruleset")()


@dataclass
class Campaign:
    """A campaign opened by one command. Its accepted commands (a person's, and the computers' replies) are
    written together by `flush`, in one append: a process killed in between leaves the journal as it was
    before the command, never with a person's order and only some of the computers' answers."""

    path: Path
    file: jfile.JournalFile
    game: Game
    warnings: list[CampagneError] = field(default_factory=list)
    unwritten: list[dict[str, Any]] = field(default_factory=list)

    def push(self, command: dict[str, Any]) -> Entry:
        """Apply a command (journaled at the next `flush`); a refused one changes nothing."""
        entry = self.game.push(command)
        line = entry.to_dict()
        self.file.entries.append(line)
        self.unwritten.append(line)
        return entry

    def flush(self) -> None:
        """Write the accepted commands not yet on disk, in one append."""
        if self.unwritten:
            jfile.append(self.file, self.unwritten, record=False)
            self.unwritten = []

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def entries(self) -> list[Entry]:
        return self.game.entries

    def undo(self) -> dict[str, Any]:
        last = self.file.entries[-1] if self.file.entries else None
        self.game.undo()
        if self.unwritten:
            self.unwritten.pop()
            self.file.entries.pop()
        else:
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
    _check_shape(path, h, file.entries)
    try:
        if verify:
            game = Game.verify(rules, h["setup"], h["seed"], file.entries, opening=h.get("opening", MISSING),
                               first_line=2)
        else:
            game = Game.replay(rules, h["setup"], h["seed"], [e["command"] for e in file.entries], first_line=2)
    except CampagneError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # A hand edit the rules' own checks did not foresee (a set-up of the wrong shape...): one sentence.
        raise CampagneError("journal.malformed", path=str(path), reason=f"{type(exc).__name__}: {exc}") from None
    return Campaign(path, file, game, list(file.warnings))


MISSING: dict[str, Any] = {"missing": True}  # a header without its opening: never what a set-up produces


def _check_shape(path: Path, header: dict[str, Any], entries: list[dict[str, Any]]) -> None:
    """The journal's lines have the shape every game's replay relies on."""
    if not isinstance(header.get("setup"), dict):
        raise CampagneError("journal.bad_setup", path=str(path))
    for line, entry in enumerate(entries, start=2):
        if not isinstance(entry.get("command"), dict) or not isinstance(entry.get("command", {}).get("type"), str):
            raise CampagneError("journal.bad_entry", path=str(path), line=line)


@contextmanager
def open_campaign(path: Path, verify: bool = True, expect: str | tuple[str, ...] | None = None
                  ) -> Iterator[Campaign]:
    """Hold the campaign's lock while a command reads, decides and writes; `expect` names the
    ruleset the calling command is for (a battle journal is not a campaign)."""
    if not path.exists():
        raise CampagneError("journal.missing", path=str(path))
    with jfile.locked(path):
        campaign = load(path, verify, expect)
        try:
            yield campaign
        finally:
            campaign.flush()  # what was accepted is written, in one append, even if printing fails


register_messages({
    "journal.bad_setup": {"en": "The journal {path} is damaged: its header's set-up is not a table.",
                          "fr": "Le journal {path} est endommagé : la mise en place de son en-tête n'est pas une table."},
    "journal.bad_entry": {"en": "The journal {path} is damaged: line {line} holds no command.",
                          "fr": "Le journal {path} est endommagé : la ligne {line} ne contient aucune commande."},
    "journal.malformed": {"en": "The journal {path} does not replay: it was edited into a shape campagne cannot "
                                "read ({reason}).",
                          "fr": "Le journal {path} ne se rejoue pas : il a été modifié dans une forme que campagne ne "
                                "sait pas lire ({reason})."},
    "journal.other_ruleset": {"en": "{path} is the journal of {ruleset}, not of {expect}.",
                              "fr": "{path} est le journal d'{ruleset}, pas d'{expect}."},
})
