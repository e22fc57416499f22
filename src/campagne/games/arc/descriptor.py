"""Le jeu du destin d'Arc as the one game interface sees it (`campagne.core.interface`)."""

from ...core.interface import GameDescriptor, GameOption

GAME = GameDescriptor(
    name="arc",
    title={"fr": "Le jeu du destin d'Arc", "en": "The game of Arc's fate"},
    noun={"fr": "une partie d'Arc", "en": "a game of Arc"},
    seed="003_38fec59a64b8cc8a.txt",
    players=(3, 3),
    seats=("bonnaire", "ulf", "fereira"),
    kind="campaign",  # journaled like the campaigns: new, status, order, next...
    ruleset="campagne.games.arc.rules:ArcRules",
    orders="campagne.games.arc.rules:ORDERS",
    legal_orders="campagne.games.arc.legal:legal_orders",
    view="campagne.games.arc.views:view",
    redact_entry="campagne.games.arc.views:redact_entry",
    secrets="campagne.games.arc.views:secrets",
    setup="campagne.games.arc.setup:build_setup",
    setup_options=(
        GameOption("forces", {"fr": "rapport de forces (table des bonus/malus) : unfavourable, medium ou "
                                     "favourable, pour tous ou par camp (bonnaire:favourable,ulf:medium)",
                               "en": "balance of forces (the bonus/malus table): unfavourable, medium or "
                                     "favourable, for all or per side (bonnaire:favourable,ulf:medium)"},
                    "str", "medium", offers=("unfavourable", "medium", "favourable")),
        GameOption("two-player", {"fr": "variante à deux : Ulf et Fereira alliés contre Bonnaire",
                                   "en": "two-player variant: Ulf and Fereira allied against Bonnaire"},
                    "bool", False),
    ),
    text="campagne.games.arc.text",
    picture="campagne.games.arc.picture:picture_as",
    sheets="campagne.games.arc.sheet",
    outcome="campagne.games.arc.victory:outcome",
    ended="campagne.games.arc.victory:ended",
    computers={"random": "campagne.games.arc.ai:random_player", "greedy": "campagne.games.arc.ai:greedy",
               "absent": "campagne.games.arc.ai:absent"},
    autoplay="campagne.games.arc.ai:autoplay",
    determinize="campagne.games.arc.ai:determinize",
    advice="campagne.games.arc.advice:advice",
    advice_facts="campagne.games.arc.advice:advice_facts",
    advice_words="campagne.games.arc.advice:advice_words",
    simulate="campagne.games.arc.simulate:run",
    study="campagne.games.arc.study",
    # the most concrete orders of a type offered at once (agents' action numbers): a spell is cast by each priest
    # at each target in reach (about 21,000 seen at most), a move is each counter to each hex it reaches
    agent_actions={"cast": 1 << 15, "cast-with": 1 << 15, "move": 1 << 13, "fly": 1 << 12},
    # each counter's drawing is kept in the state's memo and shared by the views, never changed (views.unit_views)
    frozen_view_items=("units",),
    tools="campagne.games.arc.cli:register",
)
