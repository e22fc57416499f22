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
from .storage.text_file import loads_json, read_regular

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


def chosen_names(setup: dict[str, Any]) -> dict[str, str]:
    """Each player's name where he chose one other than his id (a set-up's `players`)."""
    players = setup.get("players") or []
    return {p["id"]: p["name"] for p in players if isinstance(p, dict) and isinstance(p.get("id"), str)
            and isinstance(p.get("name"), str) and p["name"].strip() and p["name"] != p["id"]}


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

    def flush(self, reveal: dict[str, Any] | None = None) -> None:
        """Write the accepted commands not yet on disk (and the seed's `reveal` line, at the end), in one append;
        the referee's file, where it is at hand, then notes how many lines the journal holds and the last one's
        digest (a line removed at the end of a copy is then found)."""
        lines = self.unwritten + ([{"reveal": reveal}] if reveal else [])
        if lines:
            jfile.append(self.file, lines, record=False)
            self.unwritten = []
            _note_length(self.path, self.file)
        if reveal:
            self.file.reveal = reveal

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

    @property
    def player_names(self) -> dict[str, str]:
        """Each player's name where he chose one other than his id (the set-up's `players`), for the sentences."""
        return chosen_names(self.file.header.get("setup") or {})

    @property
    def public_dice(self) -> bool:
        """Whether anyone can foresee the dice: the seed is in the header (a public game's, or a simulation's)."""
        return "seed" in self.file.header

def referee_file(path: Path) -> Path:
    """The referee's secret beside the journal (beside the file a symlink names): the campaign's dice seed, never
    in the journal until the end."""
    real = Path(os.path.realpath(path))
    return real.with_name(real.name + ".referee")


def commitment(seed: int | str, salt: str, header: dict[str, Any] | None = None) -> str:
    """The journal's pledge to its seed: a salted hash of the seed and, from the second format on, of the whole
    header but this pledge (set-up and opening included), so that neither can be changed once the game began."""
    if header is None or header.get("format", jfile.FORMAT) < 2:
        return hashlib.sha256(f"{salt}:{seed}".encode("utf-8")).hexdigest()
    pledged = {k: v for k, v in header.items() if k != "seed_commitment"}
    text = json.dumps({"salt": salt, "seed": seed, "header": pledged}, ensure_ascii=False, sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def mixed_seed(typed: int | str, salt: str) -> str:
    """The dice's seed for a seed a person typed: mixed with the referee's secret salt, so that knowing or guessing
    the number tells nothing of the dice."""
    return hashlib.sha256(f"dice:{salt}:{typed}".encode("utf-8")).hexdigest()[:32]


def create(path: Path, ruleset_name: str, setup: dict[str, Any], seed: int | str | None = None,
           public: bool = False) -> Campaign:
    """A new campaign. Its dice are the referee's secret: the journal holds a commitment to their seed (a salted
    hash, covering the whole header), the referee's file the seed, its salt and the seed typed if one was (mixed
    with the salt, never used alone). `public`: dice anyone can foresee (tests, demos, studies), the seed in the
    header for all to read. The computer players' first orders are given before anything is written; the referee's
    file, then the journal (its header and those orders, one batch), are each created whole or not at all, never
    over an existing file or through a symlink."""
    from .registry import game as registered
    rules = ruleset(ruleset_name)
    salt = secrets.token_hex(16)
    if public:
        dice_seed: int | str = secrets.token_hex(8) if seed is None else seed
    else:
        dice_seed = secrets.token_hex(16) if seed is None else mixed_seed(seed, salt)
    game = Game(rules, setup, dice_seed)  # validates the setup before anything is written
    assert game.opening is not None
    header: dict[str, Any] = {"ruleset": ruleset_name}
    if public:
        header["seed"] = dice_seed
    body = {"setup": setup, "opening": game.opening.to_dict()}
    if not public:
        full = {"journal": "campagne", "format": jfile.FORMAT, **header, **body}
        header["seed_commitment"] = commitment(dice_seed, salt, full)
    header.update(body)
    c = Campaign(path, jfile.JournalFile(path, {"journal": "campagne", "format": jfile.FORMAT, **header}, []), game)
    if registered(ruleset_name).autoplay:
        from .computers import play_computers
        play_computers(c)
    texts = jfile.new_texts(header, c.unwritten)
    kept: dict[str, Any] = {"journal": path.name, "seed": dice_seed, "salt": salt}
    if seed is not None and not public:
        kept["typed_seed"] = seed
    if public:
        kept["public"] = True
    kept.update(lines=len(texts), link=jfile.link(texts[-1]))
    with jfile.locked(path, beside=[referee_file(path)]):
        if os.path.lexists(path):  # a dangling symlink too: never written through
            raise CampagneError("journal.exists", path=str(path))
        secret = json.dumps(kept) + "\n"
        jfile.create(path, header, c.unwritten, beside=[(referee_file(path), secret.encode("utf-8"), 0o600)])
        file = jfile.read(path)
    return Campaign(path, file, game)


def _seed(path: Path, file: jfile.JournalFile) -> int | str | None:
    """The seed, where it may be known: in the header (a simulation's journal, or public dice), revealed at the
    end, or in the referee's file beside the journal (checked against the commitment, which covers the header);
    None otherwise."""
    h = file.header
    if "seed" in h and "seed_commitment" in h:  # never written so: a seed added by hand
        raise CampagneError("journal.disagrees", line=1, what="seed")
    if "seed" in h:
        return h["seed"]
    for source in ([file.reveal] if file.reveal else []) + [referee_secret(path)]:
        if source is None:
            continue
        if "seed" not in source or commitment(source["seed"], str(source.get("salt")), h) != h.get("seed_commitment"):
            raise CampagneError("journal.not_referee_s" if source is not file.reveal else "journal.bad_commitment",
                                path=str(path))
        return source["seed"]
    return None


def _digest(entry: dict[str, Any]) -> str:
    return hashlib.sha256(jfile.dumps(entry).encode("utf-8")).hexdigest()


def _note_length(path: Path, file: jfile.JournalFile) -> None:
    """The referee's file, where it is at hand, notes how many lines the journal holds and the link to the last."""
    secret = referee_secret(path)
    if secret is None or not file.links:
        return
    secret.pop("entries", None)
    secret.pop("last", None)
    secret.update(lines=len(file.links), link=file.links[-1])
    target = referee_file(path)
    tmp = target.with_name(target.name + ".new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(secret) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, target)


def _check_length(path: Path, file: jfile.JournalFile) -> None:
    """The journal holds at least the lines the referee's file last noted, the last of them as it was written."""
    secret = referee_secret(path)
    if not secret:
        return
    if "link" in secret:
        noted = secret.get("lines")
        if type(noted) is not int or noted < 1 or noted > len(file.links) or \
                file.links[noted - 1] != secret["link"]:
            raise CampagneError("journal.not_as_noted", path=str(path),
                                noted=noted if type(noted) is int else "?")
        return
    if "entries" not in secret:
        return
    entries = file.entries  # a referee's file of the first format: the last entry's digest
    noted = int(secret["entries"])
    if noted > len(entries) or (noted and _digest(entries[noted - 1]) != secret.get("last")):
        raise CampagneError("journal.cut", path=str(path), noted=noted, have=len(entries))


def referee_secret(path: Path) -> dict[str, Any] | None:
    """The referee's file beside the journal (its salt), None when there is none; refused when unreadable."""
    try:
        raw = loads_json(read_regular(referee_file(path)))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):  # a FIFO, a device, too large, not JSON: refused before or while reading
        raise CampagneError("journal.bad_referee_file", path=str(path)) from None
    return raw if isinstance(raw, dict) else None


def reveal_if_ended(c: Campaign, ended: bool) -> dict[str, Any] | None:
    """At the end of the campaign the seed is written in the journal, so that anyone can check every die: the
    reveal to write (with the command that ended it, one batch), or None."""
    if not ended or c.file.reveal or "seed_commitment" not in c.file.header:
        return None
    secret = referee_secret(c.path)
    return None if secret is None else {"seed": secret["seed"], "salt": secret["salt"]}


def load(path: Path, verify: bool = True, expect: str | tuple[str, ...] | None = None) -> Campaign:
    file = jfile.read(path)
    h = file.header
    wanted = (expect,) if isinstance(expect, str) else expect
    if wanted is not None and h.get("ruleset") not in wanted:
        raise CampagneError("journal.other_ruleset", path=str(path), ruleset=kind_of((h.get("ruleset"),)),
                            expect=kind_of(wanted))
    _check_shape(path, h)
    seed = _seed(path, file)
    _check_length(path, file)
    return replay(path, file, seed, verify)


def replay(path: Path, file: jfile.JournalFile, seed: int | str | None, verify: bool = True) -> Campaign:
    """The campaign a journal read (from its file, or from the club server's database) replays to: verified line by
    line (with the seed, when known, every die too), or replayed from its commands."""
    h = file.header
    rules = ruleset(h["ruleset"])
    _check_shape(path, h)
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


def reading_of(c: Campaign, viewer: str | None, redact: Any) -> Any:
    """The journal as `viewer` reads it, and the one translation between his line numbers and the journal's
    (`campagne.reading`)."""
    from .reading import Reading
    return Reading(c.file.entries, viewer, redact)


def visible_entries(c: Campaign, viewer: str | None, redact: Any, start: int = 0) -> list[dict[str, Any]]:
    """The journal's lines as `viewer` may read them (from the journal's `start`-th on), numbered his way: the game
    redacts each (`redact`) and leaves out the lines he may not know exist; an entry taken back by the referee's
    undo shows, to anyone but its owner and the referee, only that there was one (`campagne.reading`)."""
    return reading_of(c, viewer, redact).since(start)


PUBLIC_DICE = {"fr": "Les dés de cette partie sont publics : n'importe qui peut les prévoir.",
               "en": "This game's dice are public: anyone can foresee them."}


def with_dice_notice(c: Campaign, view: dict[str, Any]) -> dict[str, Any]:
    """A status's view as printed with --json: it says when the dice are public (key "public_dice")."""
    return {**view, "public_dice": True} if c.public_dice else view


MISSING: dict[str, Any] = {"missing": True}  # a header without its opening: never what a set-up produces


def _check_shape(path: Path, header: dict[str, Any]) -> None:
    """The header holds the set-up every game's replay starts from (each line's own shape, a command among them, was
    checked as it was read: storage.lines)."""
    if not isinstance(header.get("setup"), dict):
        raise CampagneError("journal.bad_setup", path=str(path))


@contextmanager
def open_campaign(path: Path, verify: bool = True, expect: str | tuple[str, ...] | None = None
                  ) -> Iterator[Campaign]:
    """Hold the campaign's lock while a command reads, decides and writes; `expect` names the
    ruleset the calling command is for (a battle journal is not a campaign)."""
    if not path.exists():
        raise CampagneError("journal.missing", path=str(path))
    with jfile.locked(path, beside=[referee_file(path)]):
        campaign = load(path, verify, expect)
        yield campaign
        # Written only when the whole command went through: a person's order whose consequences are refused (a
        # computer's reply that needs the dice of an absent referee's file) leaves the journal as it was.
        campaign.flush(reveal_if_ended(campaign, _ended(campaign)))


register_messages({
    "journal.cut": {"en": "The journal {path} has lost lines at its end: the referee's file noted {noted} commands, "
                          "the journal holds {have} as written then.",
                    "fr": "Le journal {path} a perdu des lignes à sa fin : le fichier d'arbitre a noté {noted} "
                          "commandes, le journal n'en garde que {have} telles qu'écrites alors."},
    "journal.bad_referee_file": {"en": "The referee's file beside {path} does not hold this campaign's seed (it does "
                                       "not match the journal's commitment).",
                                 "fr": "Le fichier d'arbitre à côté de {path} ne contient pas la graine de cette "
                                       "campagne (elle ne correspond pas à l'engagement du journal)."},
    "journal.not_referee_s": {"en": "The journal {path} does not match the referee's file beside it: its header was "
                                    "changed since the campaign began, or that file is another campaign's.",
                              "fr": "Le journal {path} ne correspond pas au fichier d'arbitre à côté de lui : son "
                                    "en-tête a été modifié depuis le début de la campagne, ou ce fichier est celui "
                                    "d'une autre campagne."},
    "journal.bad_setup": {"en": "The journal {path} is damaged: its header's set-up is not a table.",
                          "fr": "Le journal {path} est endommagé : la mise en place de son en-tête n'est pas une table."},
    "journal.not_as_noted": {"en": "The journal {path} is not the one the referee's file last saw: its line {noted}, "
                                   "the last noted there, is missing or was changed (the journal was cut short or "
                                   "rewritten).",
                             "fr": "Le journal {path} n'est pas celui que le fichier d'arbitre a vu en dernier : sa "
                                   "ligne {noted}, la dernière notée, manque ou a été modifiée (le journal a été "
                                   "tronqué ou réécrit)."},
    "journal.bad_commitment": {"en": "The journal {path} has been altered: its header or its seed's reveal does not "
                                     "match the commitment written when the campaign began.",
                               "fr": "Le journal {path} a été modifié : son en-tête ou la révélation de sa graine ne "
                                     "correspond pas à l'engagement écrit au début de la campagne."},
    "journal.malformed": {"en": "The journal {path} does not replay: it was edited into a shape campagne cannot "
                                "read.",
                          "fr": "Le journal {path} ne se rejoue pas : il a été modifié dans une forme que campagne ne "
                                "sait pas lire."},
    "journal.other_ruleset": {"en": "{path} is the journal of {ruleset}, not of {expect}.",
                              "fr": "{path} est le journal d'{ruleset}, pas d'{expect}."},
})
