"""A campaign on disk: its journal, replayed into a `Game`, with commands appended under a lock.

This is the edge between the pure engine and storage; the CLI (and later the web server) use it.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
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
        """Write the accepted commands not yet on disk, in one append; the referee's file, where it is at hand,
        then notes how many lines the journal holds and the last one's digest (a line removed at the end of a
        copy is then found)."""
        if self.unwritten:
            jfile.append(self.file, self.unwritten, record=False)
            self.unwritten = []
            _note_length(self.path, self.file.entries)

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def entries(self) -> list[Entry]:
        return self.game.entries

    def undo(self, count: int, reason: str = "") -> Entry:
        """Take back the last `count` commands in force: the referee's `undo`, journaled with its reason (the
        entries it takes back stay in the journal, marked)."""
        effective = self.game.effective
        if count < 1 or count > len(effective):
            raise CampagneError("game.nothing_to_undo")
        return self.push({"type": "undo", "player": "referee", "entries": [e.n for e in effective[-count:]],
                          "reason": reason})

    @property
    def seed_known(self) -> bool:
        """Whether the dice were (and can be) checked against the seed: the referee's file is at hand, or the
        seed was revealed at the end, or the journal is a simulation's, seed included."""
        return self.game.seed is not None

def referee_file(path: Path) -> Path:
    """The referee's secret beside the journal (beside the file a symlink names): the campaign's dice seed, never
    in the journal until the end."""
    real = Path(os.path.realpath(path))
    return real.with_name(real.name + ".referee")


def commitment(seed: int | str, salt: str) -> str:
    return hashlib.sha256(f"{salt}:{seed}".encode("utf-8")).hexdigest()


def create(path: Path, ruleset_name: str, setup: dict[str, Any], seed: int | str | None = None) -> Campaign:
    """A new campaign: the journal holds a commitment to the seed (a salted hash), the referee's file the seed
    itself — a random one unless a reproducible game was asked for."""
    rules = ruleset(ruleset_name)
    seed = secrets.token_hex(8) if seed is None else seed
    salt = secrets.token_hex(16)
    game = Game(rules, setup, seed)  # validates the setup before anything is written
    assert game.opening is not None
    with jfile.locked(path):
        if path.exists():
            raise CampagneError("journal.exists", path=str(path))
        secret = referee_file(path)
        try:
            fd = os.open(secret, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        except OSError as exc:
            raise CampagneError("journal.unreadable", path=str(secret), reason=exc.strerror or str(exc)) from None
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(json.dumps({"journal": path.name, "seed": seed, "salt": salt}) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        jfile.create(path, {"ruleset": ruleset_name, "seed_commitment": commitment(seed, salt), "setup": setup,
                            "opening": game.opening.to_dict()})
        file = jfile.read(path)
    return Campaign(path, file, game)


def _seed(path: Path, file: jfile.JournalFile) -> int | str | None:
    """The seed, where it may be known: in the header (a simulation's journal), revealed at the end, or in the
    referee's file beside the journal (checked against the commitment); None otherwise."""
    h = file.header
    if "seed" in h and "seed_commitment" in h:  # never written so: a seed added by hand
        raise CampagneError("journal.disagrees", line=1, what="seed")
    if "seed" in h:
        return h["seed"]
    for source in ([file.reveal] if file.reveal else []) + [_referee_secret(path)]:
        if source is None:
            continue
        if commitment(source.get("seed"), str(source.get("salt"))) != h.get("seed_commitment"):
            raise CampagneError("journal.bad_referee_file", path=str(path))
        return source["seed"]
    return None


def _digest(entry: dict[str, Any]) -> str:
    return hashlib.sha256(jfile.dumps(entry).encode("utf-8")).hexdigest()


def _note_length(path: Path, entries: list[dict[str, Any]]) -> None:
    secret = _referee_secret(path)
    if secret is None:
        return
    secret.update(entries=len(entries), last=_digest(entries[-1]) if entries else None)
    target = referee_file(path)
    tmp = target.with_name(target.name + ".new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(secret) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, target)


def _check_length(path: Path, entries: list[dict[str, Any]]) -> None:
    """The journal holds at least the lines the referee's file last noted, the last of them unchanged."""
    secret = _referee_secret(path)
    if not secret or "entries" not in secret:
        return
    noted = int(secret["entries"])
    if noted > len(entries) or (noted and _digest(entries[noted - 1]) != secret.get("last")):
        raise CampagneError("journal.cut", path=str(path), noted=noted, have=len(entries))


def _referee_secret(path: Path) -> dict[str, Any] | None:
    try:
        raw = json.loads(referee_file(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        raise CampagneError("journal.bad_referee_file", path=str(path)) from None
    return raw if isinstance(raw, dict) else None


def reveal_if_ended(c: Campaign, ended: bool) -> None:
    """At the end of the campaign the seed is written in the journal, so that anyone can check every die."""
    if not ended or c.file.reveal or "seed_commitment" not in c.file.header:
        return
    secret = _referee_secret(c.path)
    if secret is not None:
        jfile.append(c.file, [{"reveal": {"seed": secret["seed"], "salt": secret["salt"]}}], record=False)
        c.file.reveal = {"seed": secret["seed"], "salt": secret["salt"]}


def load(path: Path, verify: bool = True, expect: str | tuple[str, ...] | None = None) -> Campaign:
    file = jfile.read(path)
    h = file.header
    wanted = (expect,) if isinstance(expect, str) else expect
    if wanted is not None and h.get("ruleset") not in wanted:
        raise CampagneError("journal.other_ruleset", path=str(path), ruleset=kind_of((h.get("ruleset"),)),
                            expect=kind_of(wanted))
    _check_shape(path, h, file.entries)
    seed = _seed(path, file)
    _check_length(path, file.entries)
    return replay(path, file, seed, verify)


def replay(path: Path, file: jfile.JournalFile, seed: int | str | None, verify: bool = True) -> Campaign:
    """The campaign a journal read (from its file, or from the club server's database) replays to: verified line by
    line (with the seed, when known, every die too), or replayed from its commands."""
    h = file.header
    rules = ruleset(h["ruleset"])
    _check_shape(path, h, file.entries)
    try:
        if verify or seed is None:  # without the seed, a journal replays only from its recorded dice
            game = Game.verify(rules, h["setup"], seed, file.entries, opening=h.get("opening", MISSING),
                               first_line=2)
        else:
            game = Game.replay(rules, h["setup"], seed, [e["command"] for e in file.entries], first_line=2)
    except CampagneError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # A hand edit the rules' own checks did not foresee (a set-up of the wrong shape...): one sentence.
        raise CampagneError("journal.malformed", path=str(path), reason=f"{type(exc).__name__}: {exc}") from None
    return Campaign(path, file, game, list(file.warnings))


def _ended(c: Campaign) -> bool:
    from .registry import games
    descriptor = games().get(c.file.header.get("ruleset", ""))
    return bool(descriptor and descriptor.outcome and descriptor.load("outcome")(c.game.state).ended)


def visible_entries(c: Campaign, viewer: str | None, redact: Any, start: int = 0) -> list[dict[str, Any]]:
    """The journal's lines as `viewer` may read them (from the `start`-th on): the game redacts each (`redact`); an
    entry taken back by the referee's undo shows, to anyone but its owner and the referee, only that there was one."""
    out = []
    for e in c.file.entries[start:]:
        cmd = e.get("command", {})
        if viewer is not None and e.get("n") in c.game.undone and cmd.get("player") != viewer:
            seen = redact(e, viewer).get("command", {})  # its type and giver as the game lets him see them
            out.append({"n": e.get("n"), "command": {k: seen[k] for k in ("type", "player") if k in seen},
                        "undone": True, "events": [], "rolls": []})
        else:
            out.append(redact(e, viewer))
    return out


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
        yield campaign
        # Written only when the whole command went through: a person's order whose consequences are refused (a
        # computer's reply that needs the dice of an absent referee's file) leaves the journal as it was.
        campaign.flush()
        reveal_if_ended(campaign, _ended(campaign))


register_messages({
    "journal.cut": {"en": "The journal {path} has lost lines at its end: the referee's file noted {noted} commands, "
                          "the journal holds {have} as written then.",
                    "fr": "Le journal {path} a perdu des lignes à sa fin : le fichier d'arbitre a noté {noted} "
                          "commandes, le journal n'en garde que {have} telles qu'écrites alors."},
    "journal.bad_referee_file": {"en": "The referee's file beside {path} does not hold this campaign's seed (it does "
                                       "not match the journal's commitment).",
                                 "fr": "Le fichier d'arbitre à côté de {path} ne contient pas la graine de cette "
                                       "campagne (elle ne correspond pas à l'engagement du journal)."},
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
