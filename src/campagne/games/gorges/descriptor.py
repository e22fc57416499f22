"""Gorges Tranchées as the one game interface sees it (`campagne.core.interface`)."""

from ...core.interface import GameDescriptor, PlayerField, GameOption
from ..skirmish.convert import engagements_option

_HAND = {"fr": "un résultat joué sur table", "en": "a result played on the table"}
_AUTO = {"fr": "une résolution automatique", "en": "an automatic resolution"}

# `campagne battle-result N ...` (games/gorges/inputs.py:battle_command reads them)
BATTLE_OPTIONS = (
    GameOption("winner", {"fr": "JOUEUR, le vainqueur", "en": "PLAYER, the winner"}, group=_HAND),
    GameOption("hero-killed", {"fr": "JOUEUR:ARMÉE dont le héros légendaire a été tué (ex. P1:G)",
                               "en": "PLAYER:ARMY whose legendary hero was killed (e.g. P1:G)"},
               kind="list", group=_HAND),
    GameOption("unit", {"fr": "JOUEUR:UNITÉ, une unité qui a combattu (la première du vainqueur prend le butin ; "
                                "celles du vaincu sont tirées au sort)",
                        "en": "PLAYER:UNIT, a unit that fought (the first of the winner's takes the spoils; the "
                              "loser's are drawn at random)"}, kind="list", group=_HAND),
    GameOption("storm-of-magic", {"fr": "automne : une partie Storm of Magic (points de reliques)",
                                  "en": "autumn: a Storm of Magic game (relic points)"}, kind="bool", group=_HAND),
    GameOption("capture", {"fr": "événement 51 : la case ennemie capturée par le vainqueur (q,r)",
                           "en": "event 51: the enemy cell the winner captures (q,r)"}, group=_HAND),
    GameOption("auto", {"fr": "résoudre la bataille par les règles du jeu", "en": "resolve it by the game's rules"},
               kind="bool", group=_AUTO),
    GameOption("resolver", {"fr": "table (la résolution automatique, 2D6) ou grid (une bataille sur grille, "
                                  "texte 004)",
                            "en": "table (the auto-resolve, 2D6) or grid (a grid battle, seed 004)"},
               default="table", choices=("table", "grid"), group=_AUTO),
    GameOption("players", {"fr": "avec --resolver grid : les deux joueurs livrent eux-mêmes la bataille sur le "
                                 "quadrillage (campagne order JOUEUR grid ...), l'ordinateur tenant le camp d'un absent",
                           "en": "with --resolver grid: the two players fight the battle on the grid themselves "
                                 "(campagne order PLAYER grid ...), the computer playing an absent player's camp"},
               kind="bool", group=_AUTO),
    engagements_option(_AUTO),
)

GAME = GameDescriptor(
    name="gorges",
    title={"fr": "Les Gorges Tranchées – le trésor du capitaine Crown",
           "en": "Gorges Tranchées – Captain Crown's treasure"},
    noun={"fr": "une campagne des Gorges Tranchées", "en": "a Gorges Tranchées campaign"},
    seed="001_f2b502a830cd0160.txt",
    players=(2, 8),
    kind="campaign",
    ruleset="campagne.games.gorges.rules:GorgesRules",
    orders="campagne.games.gorges.rules:ORDERS",
    legal_orders="campagne.games.gorges.legal:legal_orders",
    view="campagne.games.gorges.views:view",
    redact_entry="campagne.games.gorges.views:redact_entry",
    secrets="campagne.games.gorges.views:secrets",
    setup="campagne.games.gorges.inputs:build_setup",
    battle_command="campagne.games.gorges.inputs:battle_command",
    read_order="campagne.games.gorges.adjust:read_order",
    battle_options=BATTLE_OPTIONS,
    setup_options=(GameOption("map", {"fr": "l'île du club (TOML, même format que data/map.toml)",
                                       "en": "a club's own island (TOML, the format of data/map.toml)"},
                              file=True),
                   GameOption("hero", {"fr": "JOUEUR:ARMÉE=NOM, le héros légendaire à la tête de l'armée G, L1 ou L2",
                                        "en": "PLAYER:ARMY=NAME, the legendary hero leading army G, L1 or L2"},
                               kind="list")),
    player_fields=(PlayerField("race", {"fr": "race (clé, nom anglais ou français)",
                                        "en": "race (key, English or French name)"}, "empire",
                                       ("empire", "bretonnia", "dwarfs", "high_elves", "wood_elves", "dark_elves",
                                        "lizardmen", "skaven", "orcs_and_goblins", "ogre_kingdoms", "beastmen",
                                        "warriors_of_chaos", "daemons_of_chaos", "vampire_counts", "tomb_kings")),),
    text="campagne.games.gorges.text",
    picture="campagne.games.gorges.picture:campaign_svg",
    picture_public=True,
    sheets="campagne.games.gorges.sheet",
    outcome="campagne.games.gorges.standing:outcome",
    ended="campagne.games.gorges.standing:ended",
    computers={"random": "campagne.core.players:random_player", "greedy": "campagne.games.gorges.players:greedy",
               "absent": "campagne.games.gorges.players:greedy"},
    autoplay="campagne.games.gorges.ai:autoplay",
    information_state="campagne.games.gorges.views:information_state",
    expected="campagne.games.gorges.final:expected",
    advice="campagne.games.gorges.advice:advice",
    simulate="campagne.games.gorges.simulate:run",
    study="campagne.games.gorges.study",
    tools="campagne.games.gorges.cli:register",
)
