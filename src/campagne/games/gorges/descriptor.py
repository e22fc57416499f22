"""Gorges Tranchées as the one game interface sees it (`campagne.core.interface`)."""

from ...core.interface import GameDescriptor, PlayerField

GAME = GameDescriptor(
    name="gorges",
    title={"fr": "Les Gorges Tranchées – le trésor du capitaine Crown",
           "en": "Gorges Tranchées – Captain Crown's treasure"},
    seed="001_f2b502a830cd0160.txt",
    players=(2, 8),
    kind="campaign",
    ruleset="campagne.games.gorges.rules:GorgesRules",
    orders="campagne.games.gorges.rules:ORDERS",
    legal_orders="campagne.games.gorges.legal:legal_orders",
    view="campagne.games.gorges.views:view",
    redact_entry="campagne.games.gorges.views:redact_entry",
    setup="campagne.games.gorges.setup_input:build_setup",
    player_fields=(PlayerField("race", {"fr": "race (clé, nom anglais ou français)",
                                        "en": "race (key, English or French name)"}, "empire"),),
    text="campagne.games.gorges.text",
    picture="campagne.games.gorges.picture:campaign_svg",
    sheets="campagne.games.gorges.sheet",
    outcome="campagne.games.gorges.standing:outcome",
    computers={"random": "campagne.games.gorges.ai:decide", "greedy": "campagne.games.gorges.ai:decide",
               "absent": "campagne.games.gorges.ai:decide"},
    autoplay="campagne.games.gorges.ai:autoplay",
    tools="campagne.games.gorges.cli:register",
)
