"""What each choice costs, beside it: a Gorges army's walk (the cells it moves of its allowance) and an Atlantis
loot agreement (who pays, of what he holds), in `order --list` as on the club's forms (`Field.notes`)."""

from __future__ import annotations

import random

from campagne.cli.listing import _domain_text
from campagne.cli.output import Out
from campagne.core.interface import Field
from campagne.core.players import play_out, random_player
from campagne.registry import games


def _state(name: str, orders: int, seats: int = 3):  # type: ignore[no-untyped-def]
    d = games()[name]
    ids = ["alice", "bob", "carl"][:seats]
    players = [{"id": i, "controller": "human", "name": i, **{f.name: f.default for f in d.player_fields}}
               for i in ids]
    options = {o.name.replace("-", "_"): ([] if o.kind == "list" else o.default) for o in d.setup_options}
    return d, play_out(d, d.load("setup")(players, options), 5, {p: random_player for p in ids},
                       max_orders=orders, rng=random.Random(orders)).state


def test_a_path_is_listed_with_the_cost_noted_at_its_end() -> None:
    f = Field("path", choices=(["0,1"], ["0,1", "1,1"]),
              notes={"0,1": {"en": "1 cell of 3", "fr": "1 case sur 3"}, "1,1": {"en": "2 cells of 3", "fr": "2 cases sur 3"}})
    assert _domain_text(f, Out("en", False)) == "1 cell of 3: 0,1 · 2 cells of 3: 0,1 1,1"
    assert _domain_text(f, Out("fr", False)) == "1 case sur 3 : 0,1 · 2 cases sur 3 : 0,1 1,1"


def test_every_gorges_walk_says_the_cells_it_moves_of_the_allowance() -> None:
    d, state = _state("gorges", 30)
    moves = [lo for p in ("alice", "bob", "carl") for lo in d.load("legal_orders")(state, p) if lo.type == "move"]
    assert moves
    for lo in moves:
        f = lo.fields[0]
        for walk in f.choices:
            assert f.notes[walk[-1]]["en"].startswith(f"{len(walk)} cell"), (walk, f.notes.get(walk[-1]))
            assert f" sur " in f.notes[walk[-1]]["fr"]
        assert " of " in _domain_text(f, Out("en", False))


def test_an_atlantis_loot_agreement_says_who_pays_of_what_he_holds() -> None:
    from campagne.games.atlantis.legal import _diplomacy
    _d, state = _state("atlantis", 30, 2)  # the diplomacy's offers, whatever phase the game is in
    loot = [lo for lo in _diplomacy(state, state.players["alice"]) if lo.type == "agree" and "loot_from" in lo.fixed]
    assert len(loot) == 2  # alice pays bob, bob pays alice
    for lo in loot:
        f = next(f for f in lo.fields if f.name == "loot")
        payer = lo.fixed["loot_from"]
        held = state.players[payer].loot
        assert f.notes["each"] == {"fr": f"butin payé par {payer}, qui en a {held}",
                                   "en": f"loot paid by {payer}, who holds {held}"}
        assert f"loot paid by {payer}" in _domain_text(f, Out("en", False))


def test_order_list_names_the_ids_it_takes_beside_the_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from conformance.bad_input_kit import make_campaign, run
    path = make_campaign("arc", tmp_path / "arc.jsonl")
    for lang, name in (("en", "Allied barons' cavalry 1"), ("fr", "Cavalerie des barons alliés 1")):
        said = run("--lang", lang, "order", "bonnaire", "--list", "-c", path)
        assert said.code == 0, said
        assert f"  place allied_barons.1 <hex>  ({name})" in said.out, said.out[:300]


def test_a_gorges_challenge_names_the_army_that_made_it() -> None:
    from campagne.core.i18n import Lang
    d, state = _state("gorges", 120)  # a challenge made by then (seeded)
    view = d.load("view")(state, "alice")
    assert view["challenges"]
    lines = [line for line in d.load("text").status_text(view, Lang("en")).splitlines() if "Challenge #" in line]
    c = view["challenges"][0]
    assert lines and f"{c['challenger']}:{c['army']}" not in lines[0] and f"{c['challenger']}'s " in lines[0]
