"""Snapshot and tail, and catching up: a campaign rebuilt from its last snapshot and the journal's lines after it,
or brought up to date from memory and the lines another process wrote, is the campaign the whole journal replays
to, for every game, an undo after the snapshot included."""

from __future__ import annotations

import json

import pytest

from server_kit import club

from campagne.registry import games
from campagne.server import snapshots, store
from campagne.server.models import Snapshot

pytestmark = pytest.mark.django_db


def _same(campaign, a, b) -> None:  # type: ignore[no-untyped-def]
    assert json.dumps(a.game.view(None), sort_keys=True, default=str) == \
        json.dumps(b.game.view(None), sort_keys=True, default=str)
    assert [e.to_dict() for e in a.game.entries] == [e.to_dict() for e in b.game.entries]
    assert a.game.undone == b.game.undone


def _two_turns_and_an_undo(campaign) -> None:  # type: ignore[no-untyped-def]
    """Computers play everybody, the referee too, to the second turn; then the referee takes the last line back."""
    with store.changing(campaign.pk) as (campaign, c):
        after = c.file.entries[-1:] or [c.file.header.get("opening", {})]
        store.descriptor(campaign).load("autoplay")(c, c.game.seed, referee=True, after=after, stop_turn=2,
                                                    stand_in=frozenset(store.seats(c)), end_at_stop=False)
    with store.changing(campaign.pk) as (campaign, c):
        c.undo(1, "test")


@pytest.mark.parametrize("game", sorted(g for g, d in games().items() if d.autoplay))
def test_snapshot_and_tail_and_catching_up_replay_like_the_whole_journal(game: str,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Two turns and an undo written: a process holding nothing rebuilds the campaign from the last snapshot and the
    lines after it; a process holding it as it was before (another process wrote the lines) brings it up to date
    from the lines written since, without replaying; both are what replaying the whole journal gives."""
    monkeypatch.setattr(snapshots, "EVERY", 3)
    store.forget()
    campaign, _clients = club(game)
    with store.viewing(campaign.pk) as (campaign, before):
        pass
    held = store._cache[campaign.pk]
    _two_turns_and_an_undo(campaign)
    assert Snapshot.objects.filter(campaign=campaign).count() == 1
    campaign.refresh_from_db()
    store._cache[campaign.pk] = held  # as another process left it: its memory older than the journal
    replays = []
    real = store._replay
    monkeypatch.setattr(store, "_replay", lambda campaign: replays.append(campaign) or None)
    with store.viewing(campaign.pk) as (campaign, caught):
        pass
    assert not replays and caught is not before
    assert len(caught.file.entries) == campaign.length - 1 > len(before.file.entries)  # `before` left unchanged
    monkeypatch.setattr(store, "_replay", real)
    from_snapshot = store._replay(campaign)
    monkeypatch.setattr(store, "snapshots_on", False)
    whole = store._replay(campaign)
    _same(campaign, from_snapshot, whole)
    _same(campaign, caught, whole)
    # and the next order after the snapshot is the same either way
    for c in (from_snapshot, whole):
        c.game.push({"type": "next", "player": "referee"}) if "next" in [
            lo.type for lo in store.descriptor(campaign).load("legal_orders")(c.state, "referee")] else None
    _same(campaign, from_snapshot, whole)


def test_a_line_that_differs_is_replayed_not_trusted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line in the database that the rules do not give again (another version wrote it): the commands of the
    journal are replayed, as a process that held nothing would."""
    from campagne.server.models import JournalLine
    store.forget()
    campaign, _clients = club("atlantis")
    held = store._cache[campaign.pk]
    from campagne.server.referee import play_for
    with store.changing(campaign.pk) as (campaign, c):
        assert play_for(campaign, c, frozenset(store.seats(c)))
    line = JournalLine.objects.get(campaign=campaign, number=campaign.length)
    line.text = line.text.replace('"events":[', '"events":[{"type":"forged"},', 1)
    line.save()
    store._cache[campaign.pk] = held
    replays = []
    real = store._replay
    monkeypatch.setattr(store, "_replay", lambda campaign: replays.append(1) or real(campaign))
    with store.viewing(campaign.pk) as (campaign, c):
        assert "forged" not in json.dumps([e.to_dict() for e in c.game.entries])
    assert replays  # the line was not taken as the rules' word: the journal's commands were replayed


def test_a_copy_made_ahead_of_the_lock_catches_up_with_the_orders_given_meanwhile() -> None:
    """An order's working copy is made before the campaign's lock is taken; orders given meanwhile are given to it
    under the lock, so that it is the campaign as the journal now says, not as the page saw it."""
    from campagne.server.referee import play_for
    store.forget()
    campaign, _clients = club("atlantis")
    with store.viewing(campaign.pk) as (campaign, seen):
        pass
    store.copy_ahead(campaign.pk, seen)
    ahead, store._ahead.held = store._ahead.held, None
    with store.changing(campaign.pk) as (campaign, c):  # another player's order, meanwhile
        assert play_for(campaign, c, frozenset(store.seats(c)))
    store._ahead.held = ahead
    with store.changing(campaign.pk) as (campaign, work):
        assert work is ahead[2]
        assert len(work.file.entries) == campaign.length - 1 > len(seen.file.entries)
        _same(campaign, work, store._replay(campaign))
    assert store._ahead.held is None  # used once
