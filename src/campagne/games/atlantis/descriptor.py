"""Atlantis as the one game interface sees it (`campagne.core.interface`)."""

from ...core.interface import GameDescriptor, PlayerField

GAME = GameDescriptor(
    name="atlantis",
    title={"fr": "Warhammer Ancient Battles – la conquête de l'Atlantide",
           "en": "Warhammer Ancient Battles – the conquest of Atlantis"},
    seed="000_dabd953c74445716.txt",
    players=(2, 10),
    kind="campaign",
    ruleset="campagne.games.atlantis.rules:AtlantisRules",
    orders="campagne.games.atlantis.rules:ORDERS",
    legal_orders="campagne.games.atlantis.legal:legal_orders",
    view="campagne.games.atlantis.views:view",
    redact_entry="campagne.games.atlantis.views:redact_entry",
    setup="campagne.games.atlantis.setup_input:build_setup",
    player_fields=(PlayerField("army", {"fr": "liste d'armée (nom fourni ou fichier .toml)",
                                        "en": "army list (a packaged name or a .toml file)"}, "mycenaean",
                               ("mycenaean", "egyptian", "assyrian", "amazon", "atlante", "mycenaean-1000",
                                "mercenaires-atlantes", "mercenaires-sauvages")),),
    text="campagne.games.atlantis.text",
    picture="campagne.games.atlantis.picture:campaign_svg",
    sheets="campagne.games.atlantis.sheet",
    outcome="campagne.games.atlantis.standing:outcome",
    computers={"random": "campagne.games.atlantis.ai:decide", "greedy": "campagne.games.atlantis.ai:decide",
               "absent": "campagne.games.atlantis.ai:decide"},
    autoplay="campagne.games.atlantis.ai:autoplay",
    tools="campagne.games.atlantis.cli:register",
)
