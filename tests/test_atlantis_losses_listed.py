"""Issue 24, Atlantis: the standing order `losses` listed whenever the rules take it, and the deserters named in the
journal (seed 000, TABLE DU MANQUE DE RAVITAILLEMENT: « Désertion 1D6 figurines »)."""

from __future__ import annotations

from atlantis_rules_kit import campaign

from campagne.cli.output import Out
from campagne.core.legal import accepts
from campagne.games.atlantis.legal import legal_orders
from campagne.games.atlantis.rules import AtlantisRules
from campagne.games.atlantis.text import event_text
from campagne.render.text import Named


def test_losses_is_listed_during_the_set_up_where_the_rules_take_it():
    # the first eruption may strike right after the last `choose`: the owner names his losses before
    game = campaign("alice", "bob")
    s = game.state
    assert s.phase == "setup"
    for pid in ("alice", "bob"):  # the one choosing and the one waiting alike
        listed = [lo for lo in legal_orders(s, pid) if lo.type == "losses"]
        assert listed, pid
        first = listed[0].fields[0].choices[0]
        assert accepts(AtlantisRules(), s, {"type": "losses", "player": pid, "units": first})


def test_the_supply_line_names_how_many_models_deserted_and_from_which_units():
    ev = {"type": "supply", "player": "alice", "effect": "desertion", "spent": 0, "lookup": {"total": 4},
          "losses": [{"unit": "spearmen", "models": 2}, {"unit": "levy", "models": 1}]}
    # without a view of the army (a bare event), the units' own ids
    assert event_text(ev, Out("en", False)).endswith("— 3 model(s) desert: spearmen ×2, levy ×1")
    # the reader's view names the army's units (armies are public): their printed names, in his language
    army = {"units": [{"id": "spearmen", "name": "Spearmen", "name_fr": "Lanciers"},
                      {"id": "levy", "name": "Levy", "name_fr": "Levée"}]}
    seen = {"players": {"alice": {"army": army}}}
    assert event_text(ev, Named(Out("en", False), {}, seen)).endswith("— 3 model(s) desert: Spearmen ×2, Levy ×1")
    assert event_text(ev, Named(Out("fr", False), {}, seen)).endswith("— 3 figurine(s) désertent : Lanciers ×2, Levée ×1")
    quiet = dict(ev, effect="ld_halt", losses=[])
    assert "model(s) desert" not in event_text(quiet, Out("en", False))
