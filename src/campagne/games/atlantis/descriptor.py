"""Atlantis as the one game interface sees it (`campagne.core.interface`)."""

from ...core.interface import GameDescriptor, PlayerField, GameOption
from ..skirmish.convert import engagements_option

_HAND = {"fr": "un résultat joué sur table", "en": "a result played on the table"}
_AUTO = {"fr": "une résolution automatique", "en": "an automatic resolution"}
_TERRAIN = {"fr": "un nouveau terrain", "en": "a new battlefield"}

# `campagne battle-result TERRITORY ...` (games/atlantis/inputs.py:battle_command reads them)
BATTLE_OPTIONS = (
    GameOption("winner", {"fr": "JOUEUR, le vainqueur", "en": "PLAYER, the winner"}, group=_HAND),
    GameOption("killed", {"fr": "JOUEUR:UNITÉ=N, figurines tuées", "en": "PLAYER:UNIT=N, models killed"},
               kind="list", group=_HAND),
    GameOption("fled", {"fr": "JOUEUR:UNITÉ=N, figurines d'unités en fuite à la fin",
                        "en": "PLAYER:UNIT=N, models of units fleeing at the end"}, kind="list", group=_HAND),
    GameOption("character", {"fr": "JOUEUR:UNITÉ:battle|duel, un personnage tué (UNITÉ peut être general)",
                             "en": "PLAYER:UNIT:battle|duel, a character killed (UNIT may be general)"},
               kind="list", group=_HAND),
    GameOption("vp", {"fr": "JOUEUR=POINTS, points de victoire", "en": "PLAYER=POINTS, victory points"},
               kind="list", group=_HAND),
    GameOption("mercenaries", {"fr": "JOUEUR:LISTE[:MEMBRE], un contingent de mercenaires de l'annexe aux côtés de "
                                     "JOUEUR (mercenaires-atlantes ou mercenaires-sauvages), joué par un MEMBRE du "
                                     "club ; sans membre : le renfort face à un testeur seul, sans général allié",
                               "en": "PLAYER:LIST[:MEMBER], a contingent of the annex's mercenaries beside PLAYER "
                                     "(mercenaires-atlantes or mercenaires-sauvages), played by a club MEMBER; with "
                                     "no member: the reinforcement against a lone tester, without its ally general"},
               kind="list", group=_HAND),
    GameOption("auto", {"fr": "résoudre la bataille par les règles du jeu", "en": "resolve it by the game's rules"},
               kind="bool", group=_AUTO),
    GameOption("general-indisposed", {"fr": "le général est indisposé", "en": "the general is indisposed"},
               kind="bool", group=_AUTO),
    GameOption("allocation", {"fr": "JOUEUR:UNITÉ,UNITÉ... les unités qui prennent les pertes d'abord",
                              "en": "PLAYER:UNIT,UNIT... the units that take the losses first"},
               kind="list", group=_AUTO),
    GameOption("resolver", {"fr": "simulation (la table du texte), wab (un combat WAB 2) ou grid (une bataille "
                                  "sur grille, texte 004)",
                            "en": "simulation (the seed's table), wab (a WAB 2 fight) or grid (a grid battle, "
                                  "seed 004)"},
               default="simulation", choices=("simulation", "wab", "grid"), group=_AUTO),
    GameOption("players", {"fr": "avec --resolver grid : les deux joueurs livrent eux-mêmes la bataille sur le "
                                 "quadrillage (campagne order JOUEUR grid ...), l'ordinateur tenant le camp d'un absent",
                           "en": "with --resolver grid: the two players fight the battle on the grid themselves "
                                 "(campagne order PLAYER grid ...), the computer playing an absent player's camp"},
               kind="bool", group=_AUTO),
    engagements_option(_AUTO),
    GameOption("reroll-terrain", {"fr": "les deux joueurs s'accordent pour générer de nouveau le terrain",
                                  "en": "both players agree to generate the battlefield terrain again"},
               kind="bool", group=_TERRAIN),
)

GAME = GameDescriptor(
    name="atlantis",
    title={"fr": "Warhammer Ancient Battles – la conquête de l'Atlantide",
           "en": "Warhammer Ancient Battles – the conquest of Atlantis"},
    noun={"fr": "une campagne d'Atlantis", "en": "an Atlantis campaign"},
    seed="000_dabd953c74445716.txt",
    players=(1, 9),
    kind="campaign",
    ruleset="campagne.games.atlantis.rules:AtlantisRules",
    orders="campagne.games.atlantis.rules:ORDERS",
    legal_orders="campagne.games.atlantis.legal:legal_orders",
    view="campagne.games.atlantis.views:view",
    redact_entry="campagne.games.atlantis.views:redact_entry",
    secrets="campagne.games.atlantis.views:secrets",
    setup="campagne.games.atlantis.inputs:build_setup",
    read_order="campagne.games.atlantis.inputs:read_order",
    battle_command="campagne.games.atlantis.inputs:battle_command",
    battle_options=BATTLE_OPTIONS,
    setup_options=(GameOption("map", {"fr": "la carte du club (TOML, même format que data/map.toml)",
                                       "en": "a club's own map (TOML, the format of data/map.toml)"},
                              file=True),),
    player_fields=(PlayerField("army", {"fr": "liste d'armée (nom fourni ou fichier .toml)",
                                        "en": "army list (a packaged name or a .toml file)"}, "mycenaean",
                               ("mycenaean", "egyptian", "assyrian", "amazon", "atlante", "mycenaean-1000",
                                "mercenaires-atlantes", "mercenaires-sauvages")),),
    text="campagne.games.atlantis.text",
    picture="campagne.games.atlantis.picture:campaign_svg",
    picture_public=True,
    sheets="campagne.games.atlantis.sheet",
    outcome="campagne.games.atlantis.standing:outcome",
    computers={"random": "campagne.core.players:random_player", "greedy": "campagne.games.atlantis.players:greedy",
               "absent": "campagne.games.atlantis.players:absent"},
    autoplay="campagne.games.atlantis.ai:autoplay",
    information_state="campagne.games.atlantis.views:information_state",
    determinize="campagne.games.atlantis.ai:determinize",
    advice="campagne.games.atlantis.advice:advice",
    simulate="campagne.games.atlantis.simulate:run",
    study="campagne.games.atlantis.study",
    tools="campagne.games.atlantis.cli:register",
)
