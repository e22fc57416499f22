"""Campaigns in the club's database, read and changed through the same functions as the command line.

A campaign's journal is kept line by line (`JournalLine`), each line the very text of the JSON Lines file, so that
a journal imports from and exports to the file unchanged (an exported journal verifies with `campagne journal`).
The seed and its salt — the referee's file on the command line — are kept beside it, never shown to a player
before the end, when the reveal line is written as the command line writes it.

Every command on a campaign holds its lock (a lock per campaign in this process, and, for the server's several
processes, the campaign's row in the database, `select_for_update`, on PostgreSQL, or a lock on the database file
on SQLite, `_writers`): it applies the command and the computers' replies to a copy of the campaign
(`session.Campaign.push`, `computers.play_computers`), and appends the lines in one transaction, or nothing.
The replayed campaign is kept in memory, keyed by the journal's length; a journal that grew in another process
is caught up from its new lines (`_caught_up`), and replayed (`session.replay`, from the last snapshot) only by a
process that holds nothing of it, or when a line is not what the rules give again.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.db import connection, transaction

from .. import session
from ..core.errors import CampagneError, register_messages
from ..core.interface import GameDescriptor
from ..registry import game as registered
from ..storage import journal as jfile
from . import snapshots
from .models import Campaign, JournalLine

MAX_JOURNAL_BYTES = 20 * 1024 * 1024
SPECTATOR = "*spectator*"  # the viewer no player is: a spectator sees the view of no player

snapshots_on = True  # off: every replay reads the whole journal (the benchmark compares)
_guard = threading.Lock()
_locks: dict[int, threading.RLock] = {}
_cache: dict[int, tuple[tuple[int, Any], session.Campaign]] = {}


def _lock(pk: int) -> threading.RLock:
    with _guard:
        return _locks.setdefault(pk, threading.RLock())


def _publish(campaign: Campaign, c: session.Campaign) -> None:
    """`c` becomes the campaign every page reads, unless a newer one of the same journal is there already."""
    version = _version(campaign)
    with _guard:
        held = _cache.get(campaign.pk)
        if held is None or held[0][1] != version[1] or held[0][0] <= version[0]:
            _cache[campaign.pk] = (version, c)


def descriptor(campaign: Campaign) -> GameDescriptor:
    return registered(campaign.game)


def _label(campaign: Campaign) -> Path:
    return Path(f"{campaign.title}.jsonl")


def _file(campaign: Campaign, texts: list[str]) -> jfile.JournalFile:
    """The journal the lines kept make, read and checked as the command line reads the file (its chain too)."""
    found = jfile.parse([t.encode("utf-8") for t in texts], str(_label(campaign)))
    return jfile.JournalFile(_label(campaign), found.header, found.entries, reveal=found.reveal, links=found.links)


def seed_of(campaign: Campaign) -> Any:
    return json.loads(campaign.seed) if campaign.seed else None


def _replay(campaign: Campaign) -> session.Campaign:
    texts = list(JournalLine.objects.filter(campaign=campaign, number__lte=campaign.length).order_by("number")
                 .values_list("text", flat=True))
    file = _file(campaign, texts)
    header, entries, reveal = file.header, file.entries, file.reveal
    seed = seed_of(campaign)
    if seed is None:
        seed = header.get("seed", (reveal or {}).get("seed"))
    if snapshots_on:
        game = snapshots.game_from(campaign, session.ruleset(header["ruleset"]), header, entries, seed)
        if game is not None:
            return session.Campaign(file.path, file, game)
    return session.replay(file.path, file, seed, verify=seed is None)


def _version(campaign: Campaign) -> tuple[int, Any]:
    """What identifies a journal's lines: they are only ever appended to."""
    return campaign.length, campaign.created


def _caught_up(campaign: Campaign, version: tuple[int, Any], held: session.Campaign) -> session.Campaign | None:
    """The campaign held in memory brought up to the journal's length from the lines written since (by another of
    the server's processes): a copy given those commands (`_catch_up`). None when it cannot be: the journal is
    then replayed."""
    work = _working(held)
    return work if _catch_up(campaign, version, work) else None


def _catch_up(campaign: Campaign, version: tuple[int, Any], work: session.Campaign) -> bool:
    """Give `work`, a copy of the campaign at `version`, the commands of the lines written since, each checked to
    give the very line written. False when it cannot be (another journal, a line that differs, the seed's
    reveal): `work` is then to be thrown away."""
    if version[1] != campaign.created or version[0] > campaign.length:
        return False
    if version[0] == campaign.length:
        return True
    texts = list(JournalLine.objects.filter(campaign=campaign, number__gt=version[0], number__lte=campaign.length)
                 .order_by("number").values_list("text", flat=True))
    if len(texts) != campaign.length - version[0]:
        return False
    seed = work.game.seed
    for text in texts:
        line = json.loads(text)
        if not isinstance(line.get("command"), dict):
            return False
        try:
            entry = work.game.push(line["command"], atomic=False,
                                   recorded=None if seed is not None else line.get("rolls", ()))
        except CampagneError:
            return False
        mine = entry.to_dict()
        if jfile.chained([mine], jfile.last_link(work.file)) != [text]:
            return False
        work.file.entries.append(mine)
        work.file.links.append(jfile.link(text))
    return True


def _current(campaign: Campaign) -> session.Campaign:
    """The campaign replayed (from memory when the journal has not grown since, or from memory and the lines
    written since by another process)."""
    held = _cache.get(campaign.pk)
    if held is not None and held[0][1] == campaign.created and held[0][0] >= campaign.length:
        return held[1]  # the journal has not grown since (or the page's row was read before a command it holds)
    c = (_caught_up(campaign, held[0], held[1]) if held is not None else None) or _replay(campaign)
    _publish(campaign, c)
    return c


@contextmanager
def viewing(pk: int, row: Campaign | None = None) -> Iterator[tuple[Campaign, session.Campaign]]:
    """The campaign and its replayed game, to read (`row`: the campaign's row, when the page has just read it). The
    game handed out is never changed afterwards (a command works on a copy, published when written), so pages are
    drawn without holding the campaign's lock. A page still waits for a command of its own process under way (the
    lock is the campaign's): a command holds the lock for its whole transaction, and pages drawn meanwhile in the
    same process would share the processor with it, and make every other order wait longer (measured: an order's
    p95 under load 100 -> 130 ms when pages did not wait)."""
    with _lock(pk):
        campaign = row if row is not None and row.pk == pk else Campaign.objects.get(pk=pk)
        c = _current(campaign)
    yield campaign, c


class _Working(session.Campaign):
    """A copy of the campaign a command works on: the rules' state copied once, so each push needs no copy of its
    own to undo a refusal (a refused command throws the whole copy away)."""

    def push(self, command: dict[str, Any]) -> Any:
        entry = self.game.push(command, atomic=False)
        line = entry.to_dict()
        self.file.entries.append(line)
        self.unwritten.append(line)
        return entry


def _working(c: session.Campaign) -> _Working:
    return _Working(c.path, dataclasses.replace(c.file, entries=c.file.entries.copy(), links=list(c.file.links)),
                    c.game.copy(), list(c.warnings))


_ahead = threading.local()


def copy_ahead(pk: int, c: session.Campaign) -> None:
    """Make, before taking the campaign's lock, the working copy this thread's next `changing` will need: a copy of
    `c` (the campaign as a page just read it), brought up to date under the lock from the lines other commands
    wrote meanwhile, if any (copying outside the lock, where the other commands wait)."""
    held = _cache.get(pk)
    _ahead.held = (pk, held[0], _working(c)) if held is not None and held[1] is c else None


on_written: list[Callable[[Campaign, session.Campaign], None]] = []  # told of each state written (`ahead.start`)


@contextmanager
def changing(pk: int, check: Callable[[Campaign, session.Campaign], None] | None = None
             ) -> Iterator[tuple[Campaign, session.Campaign]]:
    """The campaign under its lock, to give commands (`c.push`) on a working copy; the lines they made are written
    at the end, in one transaction, and the copy becomes the campaign, only if everything went through; otherwise
    nothing is written and the copy is thrown away. The copy is the one `copy_ahead` made for this thread, when it
    catches up, else made here. `check` may refuse (raise) from the campaign as it is now, under the lock, before
    anything is tried on the copy."""
    ahead, _ahead.held = getattr(_ahead, "held", None), None
    with _lock(pk), _writers():
        with transaction.atomic():
            campaign = Campaign.objects.select_for_update().get(pk=pk)
            if ahead is not None and ahead[0] == pk and _catch_up(campaign, ahead[1], ahead[2]):
                work = ahead[2]
                if check is not None:
                    check(campaign, work)
            else:
                current = _current(campaign)
                if check is not None:
                    check(campaign, current)
                work = _working(current)
            yield campaign, work
            if not work.unwritten:
                return  # nothing given (a deadline moved on): the campaign's row as the caller saved it
            _write(campaign, work)
        _publish(campaign, work)  # once written: pages never read a command its transaction did not keep
        for hook in on_written:
            hook(campaign, work)


@contextmanager
def _writers() -> Iterator[None]:
    """On SQLite, the server's processes wait for each other's commands at a lock on the database file (flock, which
    SQLite's own locks ignore), woken as soon as it is free: SQLite's busy writer sleeps and retries instead, up to
    tens of milliseconds late. PostgreSQL's row lock (`select_for_update`) queues them itself."""
    name = str(connection.settings_dict.get("NAME") or "")
    if connection.vendor != "sqlite" or not name or name == ":memory:" or name.startswith("file:"):
        yield
        return
    with jfile.locked(Path(name)):
        yield


_legal: dict[tuple[int, tuple[int, Any], str], list[Any]] = {}
_evicting = threading.Lock()
_MISSING = object()
_making: dict[tuple[int, Any], threading.Lock] = {}  # the keys being made now, each by one thread


def remembered(memo: dict[Any, Any], key: Any, limit: int, make: Callable[[], Any]) -> Any:
    """`memo[key]`, made once; past `limit` entries the oldest are forgotten first (the states a campaign has
    left behind), never the ones its players are looking at now. Made once even when several of the process's
    threads ask at once (people sharing a seat, or 8 readers of a new state): the others wait for the first one's
    result instead of each drawing it again on the same processor, which made every one of them late."""
    found = memo.get(key, _MISSING)
    if found is not _MISSING:
        return found
    slot = (id(memo), key)
    with _evicting:
        making = _making.setdefault(slot, threading.Lock())
    try:
        with making:
            found = memo.get(key, _MISSING)
            if found is _MISSING:
                found = make()
                with _evicting:
                    memo[key] = found
                    while len(memo) > limit:
                        del memo[next(iter(memo))]
    finally:
        with _evicting:
            if _making.get(slot) is making:
                del _making[slot]
    return found


def legal(campaign: Campaign, c: session.Campaign, actor: str) -> list[Any]:
    """The game's legal orders for `actor` now, drawn once per state (the journal's length names the state)."""
    key = (campaign.pk, (len(c.file.entries), campaign.created), actor)
    return remembered(_legal, key, 1024, lambda: descriptor(campaign).load("legal_orders")(c.state, actor))


_readings: dict[tuple[Any, ...], Any] = {}


def reading(campaign: Campaign, c: session.Campaign, viewer: str | None) -> Any:
    """The journal as `viewer` reads it — his lines, numbered his way, and the one translation between his numbers
    and the journal's (`campagne.reading`) — made once per state (pages and polls ask again)."""
    key = (campaign.pk, (len(c.file.entries), campaign.created), viewer)
    return remembered(_readings, key, 256,
                      lambda: session.reading_of(c, viewer, descriptor(campaign).load("redact_entry")))


_seen: dict[tuple[Any, ...], dict[str, Any]] = {}


def seen(campaign: Campaign, c: session.Campaign, viewer: str | None) -> dict[str, Any]:
    """What `viewer` sees of the campaign now (the game's view), once per state: the journal's sentences name the
    campaign's own places and units from it."""
    key = (campaign.pk, (len(c.file.entries), campaign.created), viewer)
    return remembered(_seen, key, 256, lambda: c.game.view(viewer))


_advice: dict[tuple[Any, ...], list[dict[str, Any]]] = {}


def advice(campaign: Campaign, c: session.Campaign, viewer: str, lang: str) -> list[dict[str, Any]]:
    """The game's odds and threats for `viewer` now, computed once per state (pages and polls ask again)."""
    d = descriptor(campaign)
    if not d.advice:
        return []
    state = (len(c.file.entries), campaign.created)
    key = (campaign.pk, state, viewer, lang)
    if not d.advice_facts:
        return remembered(_advice, key, 1024, lambda: d.load("advice")(c.state, viewer, lang))
    # the numbers once per state and viewer (most of the cost), the words once per language
    facts = remembered(_advice_facts, (campaign.pk, state, viewer), 512,
                       lambda: d.load("advice_facts")(c.state, viewer))
    return remembered(_advice, key, 1024, lambda: d.load("advice_words")(facts, lang))


_advice_facts: dict[tuple[Any, ...], Any] = {}


def cached_legal(campaign: Campaign, entries: int, actor: str) -> list[Any] | None:
    """The legal orders drawn for `actor` when the journal held `entries` commands, if they were drawn."""
    return _legal.get((campaign.pk, (entries, campaign.created), actor))


_pictures: dict[tuple[Any, ...], str] = {}


def picture(campaign: Campaign, c: session.Campaign, lang: str, viewer: str | None) -> str:
    """The game's map drawn for this viewer, once per state (once for every viewer where it draws no secret)."""
    _read_in.setdefault((campaign.pk, viewer), {})[lang] = None  # (every page asks its map, drawn or not)
    d = descriptor(campaign)
    if not d.picture:
        return ""
    key = (campaign.pk, len(c.file.entries), campaign.created, lang, "*" if d.picture_public else viewer)
    return remembered(_pictures, key, 256, lambda: d.load("picture")(c.state, lang, viewer))


_read_in: dict[tuple[int, str | None], dict[str, None]] = {}  # the languages each seat's pages were read in


def read_in(campaign: Campaign, viewer: str | None, default: str) -> list[str]:
    """The languages `viewer`'s pages of the campaign were read in by this process (`default` if none yet)."""
    return list(_read_in.get((campaign.pk, viewer)) or [default])


def phase_key(c: session.Campaign) -> str:
    """The turn and phase the campaign is in (a form names it, to be refused once the phase is over)."""
    turn, phase = c.game.phase()
    return f"{turn}:{phase}"


def ended(campaign: Campaign, c: session.Campaign) -> bool:
    d = descriptor(campaign)
    return bool(d.outcome and d.load("outcome")(c.state).ended)


def _write(campaign: Campaign, c: session.Campaign) -> None:
    lines = list(c.unwritten)
    c.unwritten = []
    over = ended(campaign, c)
    if over and c.file.reveal is None and campaign.seed and "seed_commitment" in c.file.header:
        reveal = {"seed": seed_of(campaign), "salt": campaign.salt}
        lines.append({"reveal": reveal})
        c.file.reveal = reveal
    if lines:
        texts = jfile.chained(lines, jfile.last_link(c.file))  # the very lines the file would hold
        JournalLine.objects.bulk_create([JournalLine(campaign=campaign, number=campaign.length + i, text=text)
                                         for i, text in enumerate(texts, start=1)])
        c.file.links.extend(jfile.link(text) for text in texts)
    campaign.length += len(lines)
    campaign.ended = over
    campaign.phase = phase_key(c)[:200]
    campaign.save(update_fields=["length", "ended", "phase"])
    snapshots.take(campaign, c, written=sum(1 for x in lines if "command" in x))


def create(title: str, game: str, players: list[dict[str, Any]], options: dict[str, Any] | None = None,
           seed: Any = None, public: bool = False) -> Campaign:
    """A new campaign of a registered game, made exactly as `campagne new` makes it (the computers' first
    orders included), then kept in the database. `seed` is mixed with the referee's secret salt, unless the dice
    are `public` (a demo's, a test's: anyone can foresee them)."""
    d = registered(game)
    defaults = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    setup = d.load("setup")(players, {**defaults, **(options or {})})
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "campaign.jsonl"
        session.create(path, game, setup, seed, public=public)
        return import_journal(title, path.read_bytes(), session.referee_file(path).read_bytes())


def import_journal(title: str, journal: bytes, referee: bytes | None = None) -> Campaign:
    """A journal file (and, where the referee has it, his file with the seed) checked by replaying every line, then
    kept as it is. A malformed, foreign, edited or too large file is refused with one sentence, and nothing kept."""
    if len(journal) > MAX_JOURNAL_BYTES or (referee is not None and len(referee) > 4096):
        raise CampagneError("club.too_big", limit=MAX_JOURNAL_BYTES // (1024 * 1024))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "campaign.jsonl"
        path.write_bytes(journal)
        if referee:
            session.referee_file(path).write_bytes(referee)
        try:
            c = session.load(path, verify=True)
            secret = session.referee_secret(path) if referee else None
        except CampagneError as exc:
            raise CampagneError("club.bad_journal", reason={lang: exc.message(lang).replace(tmp + "/", "")
                                                             for lang in ("fr", "en")}) from None
        except (TypeError, ValueError, KeyError, AttributeError) as exc:  # noqa: BLE001 - a file of any shape
            raise CampagneError("club.bad_journal", reason={"fr": type(exc).__name__, "en": type(exc).__name__}) from None
        if c.file.torn is not None:
            raise CampagneError("club.torn_journal")
        texts = journal.decode("utf-8").rstrip("\n").split("\n")
    game = c.file.header["ruleset"]
    with transaction.atomic():
        campaign = Campaign.objects.create(
            title=title[:200] or game, game=game, length=len(texts),
            seed=json.dumps(secret["seed"]) if secret else "", salt=str(secret["salt"]) if secret else "")
        JournalLine.objects.bulk_create([JournalLine(campaign=campaign, number=i, text=t)
                                         for i, t in enumerate(texts, start=1)])
        campaign.ended = ended(campaign, c)
        campaign.phase = phase_key(c)[:200]
        campaign.save(update_fields=["ended", "phase"])
    c.path = c.file.path = _label(campaign)
    campaign.refresh_from_db()
    snapshots.take(campaign, c)
    _publish(campaign, c)
    return campaign


def export_journal(campaign: Campaign) -> str:
    """The journal file, line for line: the referee's, with everything (the seed only once revealed)."""
    texts = JournalLine.objects.filter(campaign=campaign).order_by("number").values_list("text", flat=True)
    return "".join(t + "\n" for t in texts)


def referee_file(campaign: Campaign) -> str:
    """The referee's file to keep beside an exported journal (`campaign.jsonl.referee`): the seed and its salt, and
    the link to the journal's last line (a copy cut short or rewritten is found against it)."""
    if not campaign.seed:
        return ""
    kept: dict[str, Any] = {"journal": "campaign.jsonl", "seed": seed_of(campaign), "salt": campaign.salt}
    last = JournalLine.objects.filter(campaign=campaign).order_by("-number").values_list("number", "text").first()
    if last is not None:
        kept.update(lines=last[0], link=jfile.link(last[1]))
    return json.dumps(kept) + "\n"


def seats(c: session.Campaign) -> list[str]:
    """The players of the campaign, by the ids its orders use."""
    return list(c.game.view(None).get("players", {}))


def forget(pk: int | None = None) -> None:
    """Drop what is held in memory (tests; a database restored from a backup)."""
    for memo in (_legal, _advice, _advice_facts, _pictures, _readings, _seen, _read_in):
        memo.clear()
    if pk is None:
        _cache.clear()
    else:
        _cache.pop(pk, None)


register_messages({
    "club.too_big": {"en": "This file is too large (at most {limit} MB).",
                     "fr": "Ce fichier est trop gros ({limit} Mo au plus)."},
    "club.bad_journal": {"en": "This is not a journal the club can take: {reason}",
                         "fr": "Ce journal ne peut pas être accueilli par le club : {reason}"},
    "club.torn_journal": {"en": "This journal's last line is incomplete (a write was interrupted): mend it with a "
                                "command of `campagne` first.",
                          "fr": "La dernière ligne de ce journal est incomplète (une écriture interrompue) : "
                                "réparez-le d'abord avec une commande de `campagne`."},
})
