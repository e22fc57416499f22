"""Snapshot and tail: a campaign rebuilt from its last snapshot and the journal's lines after it is the campaign
the whole journal replays to, for every game, an undo after the snapshot included."""

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


@pytest.mark.parametrize("game", sorted(g for g, d in games().items() if d.autoplay))
def test_snapshot_and_tail_replay_like_the_whole_journal(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "EVERY", 3)
    store.forget()
    campaign, _clients = club(game)
    with store.changing(campaign.pk) as (campaign, c):
        after = c.file.entries[-1:] or [c.file.header.get("opening", {})]
        store.descriptor(campaign).load("autoplay")(c, c.game.seed, referee=True, after=after, stop_turn=2,
                                                    stand_in=frozenset(store.seats(c)), end_at_stop=False)
    with store.changing(campaign.pk) as (campaign, c):
        c.undo(1, "test")
    assert Snapshot.objects.filter(campaign=campaign).count() == 1
    store.forget()
    campaign.refresh_from_db()
    from_snapshot = store._replay(campaign)
    monkeypatch.setattr(store, "snapshots_on", False)
    whole = store._replay(campaign)
    _same(campaign, from_snapshot, whole)
    # and the next order after the snapshot is the same either way
    for c in (from_snapshot, whole):
        c.game.push({"type": "next", "player": "referee"}) if "next" in [
            lo.type for lo in store.descriptor(campaign).load("legal_orders")(c.state, "referee")] else None
    _same(campaign, from_snapshot, whole)
