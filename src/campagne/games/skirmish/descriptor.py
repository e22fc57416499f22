"""The grid battle (seed 004, « Les batailles ») as the one game interface sees it (`campagne.core.interface`)."""

from ...core.interface import GameDescriptor, PlayerField, SetupOption

GAME = GameDescriptor(
    name="skirmish",
    title={"fr": "Les batailles sur quadrillage", "en": "Grid battles"},
    noun={"fr": "une bataille sur quadrillage", "en": "a grid battle"},
    seed="004_836a6bece2b56f00.txt",
    players=(2, 4),
    kind="campaign",  # journaled like the campaigns: new, status, order, next, play...
    ruleset="campagne.games.skirmish.rules:SkirmishRules",
    orders="campagne.games.skirmish.rules:ORDERS",
    legal_orders="campagne.games.skirmish.legal:legal_orders",
    view="campagne.games.skirmish.views:view",
    advice="campagne.games.skirmish.advice:advice",
    redact_entry="campagne.games.skirmish.views:redact_entry",
    # nothing is hidden on a grid battlefield (seed 004): every counter, card and hit point is in plain sight
    secrets="campagne.core.interface:no_secrets",
    setup="campagne.games.skirmish.setup:build_setup",
    player_fields=(PlayerField("roster", {"fr": "la liste d'armée (garrison, warband, patrol, village, caravan)",
                                          "en": "the roster (garrison, warband, patrol, village, caravan)"},
                               "patrol", ("garrison", "warband", "patrol", "village", "caravan")),),
    setup_options=(
        SetupOption("battlefield", {"fr": "le champ de bataille (plain, forest, hills, mountain, river, swamp)",
                                    "en": "the battlefield (plain, forest, hills, mountain, river, swamp)"},
                    "str", "plain", ("plain", "forest", "hills", "mountain", "river", "swamp")),
        SetupOption("defender", {"fr": "le camp qui défend (déploie le premier ; par défaut le premier joueur)",
                                 "en": "the defending camp (deploys first; default: the first player)"}, "str", None),
        SetupOption("engagements", {"fr": "au plus autant de batailles engagées l'une après l'autre entre les survivants "
                                          "quand 5 rounds ne décident rien (1 à 9 ; par défaut 1)",
                                    "en": "at most this many battles engaged one after the other between the survivors "
                                          "when 5 rounds decide nothing (1 to 9; default 1)"}, "int", 1),
    ),
    text="campagne.games.skirmish.text",
    picture="campagne.games.skirmish.picture:picture_as",
    sheets="campagne.games.skirmish.sheet",
    battle_command="campagne.games.skirmish.setup:battle_command",
    outcome="campagne.games.skirmish.rules:outcome",
    computers={"random": "campagne.core.players:random_player", "greedy": "campagne.games.skirmish.ai:tactician",
               "absent": "campagne.games.skirmish.ai:absent"},
    autoplay="campagne.games.skirmish.ai:autoplay",
    simulate="campagne.games.skirmish.simulate:run",
    study="campagne.games.skirmish.study",
    tools="campagne.games.skirmish.cli:register",
)
