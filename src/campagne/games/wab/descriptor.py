"""The WAB 2 battle tracker as the one game interface sees it (`campagne.core.interface`)."""

from ...core.interface import GameDescriptor, GameOption, PlayerField

GAME = GameDescriptor(
    name="wab",
    title={"fr": "Warhammer Ancient Battles 2 – une bataille", "en": "Warhammer Ancient Battles 2 – a battle"},
    noun={"fr": "une bataille WAB", "en": "a WAB battle"},
    seed="002_ee88188f0d3b4183.txt",
    players=(2, 2),
    kind="battle",
    ruleset="campagne.games.wab.tracker:WabBattle",
    orders="campagne.games.wab.tracker_commands:COMMANDS",
    legal_orders="campagne.games.wab.legal:legal_orders",
    view="campagne.games.wab.tracker_views:view",
    redact_entry="campagne.games.wab.tracker_views:redact_entry",
    # a WAB battle has no secret: both armies stand on the table and every test is rolled in front of both players
    secrets="campagne.core.interface:no_secrets",
    advice="campagne.games.wab.advice:advice",
    text="campagne.games.wab.text",
    setup="campagne.games.wab.inputs:build_setup",
    setup_options=(GameOption("table-dice", {"fr": "les dés sont lancés à la table : le suivi dit combien en lancer et "
                                                   "pour quoi, étape par étape, et on entre leurs faces",
                                             "en": "the dice are rolled at the table: the tracker says how many to roll "
                                                   "and what for, stage by stage, and their faces are entered"},
                              kind="bool"),),
    player_fields=(PlayerField("side", {"fr": "liste d'armée du camp (nom fourni ou fichier .toml)",
                                        "en": "the side's army list (a packaged name or a .toml file)"},
                               "mercenaires-atlantes",
                               ("mercenaires-atlantes", "mercenaires-sauvages", "atlante", "amazon", "assyrian",
                                "egyptian", "mycenaean", "mycenaean-1000")),),  # Atlantis's packaged lists
    outcome="campagne.games.wab.tracker_views:outcome",
    tools="campagne.games.wab.cli:register",
    # the most concrete orders of a type offered at once (agents' action numbers): a casualty report is each unit's
    # 1 to all of its models (32 values at most each), a reaction each charged unit's three
    agent_actions={"fact": 1 << 12},
)
