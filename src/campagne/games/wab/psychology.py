"""Tests of nerve of the WAB 2 reference sheet (seed 002): every one rolled on a `Dice`, and its exact odds.

Each test is a function ``xxx_test(dice, nerve, ...)`` returning a `TestResult` (outcome, the rolls,
a bilingual trace, the effects the battle must apply) and has an exact twin ``xxx_odds(nerve, ...)``
returning ``{outcome: Fraction}`` (the probabilities sum to 1). They share one set of rules: the
effective Leadership (`Nerve.effective_ld`) and the same decision functions.

The sheet's words, and how they are read (the full list is in `INTERPRETATIONS`):

- Basic test: "Lancez 2D6. Si votre résultat est inférieur ou égal au Commandement (Ld) de l'unité,
  le test est réussi" -> pass when 2D6 <= Ld + modifiers. A target of 12 or more always passes,
  below 2 always fails (no "double 1" rule on the sheet).
- Break test ("TEST DE MORAL"): 2D6 <= Ld - difference; "Les unités réduites à moins de cinq
  figurines sont automatiquement démoralisées"; fear: "Une unité vaincue en corps à romps par un ennemi
  supérieur en nombre et provoquant la peur est automatiquement démoralisée sans test de moral".
- General: "Toute unité (sauf des tirailleurs) se trouvant dans un rayon de 12ps du général peut
  utiliser son Commandement" -> every test uses max(unit Ld, general's Ld) (it "peut": never worse).
- Army standard ("Grande Bannière"): "peut relancer un test de Moral manqué mais pas un test de
  Psychologie" -> only the 2D6 break test is re-rolled (not panic, fear, terror, rally, nor the
  stubborn D6).
- Haine / Disciplines numbering: the flattened text prints "HAINE 1 2 3" and three lines ("L'unité fait
  ses tests de moral avec un Commandement de 10 (modifiable)", "Au 1er de combat, l'unité peut relancer
  une fois toutes les attaques ratées", "L'unité poursuit obligatoirement un ennemi haï qui s'enfuit
  (sauf pos. défensives)"), then "1 2", three more lines ("n'a pas à faire de test lorsqu'il y a des
  amis en fuite à moins de 4ps", "peut lâcher du terrain ...", "Si l'unité perd un tour de combat ...
  D6") and "DISCIPLINES 3 (Stubborn)" (a row header centred on its block lands between rows 2 and 3).
  Six numbers 1 2 3 / 1 2 3 for six lines, and no "4" anywhere near: each block has three rows, in
  the printed order. So Haine = {break tests on Ld 10 (modifiable) against the hated enemy, re-roll of
  the missed attacks in the first round, must pursue}; Stubborn = {no panic test for friends fleeing
  within 4", give ground, the D6}. (Reading the Ld 10 line as a Stubborn rule would leave Haine two rows
  for three numbers and Stubborn four rows for three numbers.) docs/rules/wab.md and data/tables.toml
  ([hatred] row 1) read it the same way.
- Stubborn: "L'unité peut lâcher du terrain si elle manque son test après un tour de combat" -> a
  failed break test may become "gives_ground" instead of "broken" (the unit's choice, `give_ground=`);
  "Si l'unité perd un tour de combat contre un adversaire qui devrait automatiquement la démoraliser,
  lancez un D6 : 1-3 Démoralisée / 4-6 Résiste" -> replaces the fear auto-break (the only automatic
  break *caused by an opponent*); the under-five-models auto-break is the unit's own state and stays
  (`Nerve(stubborn_d6="any")` applies the D6 to both).
- Under five: "Les unités réduites à moins de cinq figurines sont automatiquement démoralisées" ->
  a unit that started the battle with five models or more and has fewer than five when it tests
  (a unit raised smaller, such as three chariots, tests normally).

`odds.py` and `combat.py` take their break tests from here (`UnitState.nerve`), and `montecarlo.py`
reads the same `Nerve`, so exact, rolled and sampled break tests follow one reading.
"""

from __future__ import annotations

# the tests, their rules and reactions, where the tracker, the odds and the tests have always found them
from .nerve import (Nerve, ONE, TWO_D6, TestResult, ZERO, leadership_odds, leadership_test, nerve_of,
                    p_2d6_at_most)
from .nerve_tests import (FEAR_SITUATIONS, Failure, PANIC_TEXT, PanicTrigger, TERROR_FAILURE,
                          TERROR_SITUATIONS, break_odds, break_test, fear_odds, fear_test,
                          panic_from_friends_fleeing, panic_odds, panic_test, rally_odds, rally_test,
                          return_odds, return_test, shooting_panic, terror_odds, terror_test)
from .frenzy_hatred import (FRENZY_ATTACK_BONUS, PursuitRule, attacks_per_model, frenzied_after_break_test,
                            hatred_rerolls_misses, must_charge, psychology_immune, pursuit_rule)
from .charge_reactions import (ChargeFacts, FleeResult, MOUNTED_COUNTER, REACTION_NAMES, Reaction,
                               ReactionResult, check_reaction, flee_distance, flee_distance_odds,
                               flee_expression, legal_reactions, reaction_problems, resolve_reaction)
from .tests_due import (PHASES, Situation, TestDue, tests_due)

INTERPRETATIONS: tuple[dict[str, str], ...] = (
    {"rule": "basic", "fr": "Lancez 2D6. Si votre résultat est inférieur ou égal au Commandement (Ld) de "
     "l'unité, le test est réussi", "reading": "pass iff 2D6 <= target; target >= 12 always passes, < 2 "
     "always fails; no double-1 rule (not on the sheet)."},
    {"rule": "general", "fr": "Toute unité (sauf des tirailleurs) se trouvant dans un rayon de 12ps du "
     "général peut utiliser son Commandement (Ld)", "reading": "every test (break, panic, fear, terror, "
     "rally, return, reform) uses max(unit Ld, general Ld) unless skirmishers."},
    {"rule": "army_standard", "fr": "peut relancer un test de Moral manqué mais pas un test de Psychologie",
     "reading": "re-rolls a failed 2D6 break test once (skirmishers excluded); never panic, fear, terror, "
     "rally nor the stubborn D6."},
    {"rule": "hatred_ld", "fr": "L'unité fait ses tests de moral avec un Commandement de 10 (modifiable).",
     "reading": "Haine row 1 (see hatred_numbering): a unit beaten by the enemy it hates takes its break "
     "test on Ld 10 minus the difference; other tests on its own (or the general's) Ld."},
    {"rule": "stubborn_d6", "fr": "Si l'unité perd un tour de combat contre un adversaire qui devrait "
     "automatiquement la démoraliser, lancez un D6 : 1-3 Démoralisée / 4-6 Résiste",
     "reading": "replaces the fear auto-break (beaten by a feared enemy that outnumbers it); 4-6: the unit "
     "holds without further test. Under five models it still breaks automatically (its own state, "
     "not an adversary's); stubborn_d6='any' gives the D6 there too."},
    {"rule": "under_five", "fr": "Les unités réduites à moins de cinq figurines sont automatiquement "
     "démoralisées.", "reading": "'réduites': the unit started with 5+ models (starting_models, default "
     "models) and has fewer than 5 now."},
    {"rule": "give_ground", "fr": "L'unité peut lâcher du terrain si elle manque son test après un tour "
     "de combat.", "reading": "a stubborn unit failing its 2D6 break test (after the army standard "
     "re-roll) may give ground instead of breaking (outcome gives_ground); not after an automatic break."},
    {"rule": "hatred_numbering", "fr": "HAINE 1 2 3 ... 1 2 ... DISCIPLINES 3 (Stubborn)",
     "reading": "three rows each, in the printed order: Haine = Ld 10 (modifiable) for break tests, "
     "re-roll missed attacks in the 1st round, must pursue a hated enemy (except from defensive "
     "positions); Stubborn = no test for friends fleeing within 4\", give ground, the D6 (module docstring)."},
    {"rule": "panic_2_1", "fr": "Des amis (2 :1)sont en fuite dans un rayon de 4ps de l'unité au début "
     "de son tour", "reading": "fleeing friends within 4\" cause a test unless the testing unit outnumbers "
     "them by 2 to 1 or more (models of the unit >= 2 x fleeing models); switch off with ratio_rule=False."},
    {"rule": "panic_half", "fr": "Une unité réduite de moitié ou plus déduit 1 de son Commandement pour le "
     "test de panique.", "reading": "-1 when models * 2 <= starting models (panic and rally)."},
    {"rule": "fear_charged", "fr": "Si le test est un échec et que l'adversaire est supérieur en nombre, "
     "elle doit fuir Si elle est supérieure en nombre mais que le test est manqué, elle peut rester pour "
     "combattre, mais il faudra obtenir des 6 pour toucher", "reading": "failed: flees if the enemy has "
     "strictly more models; otherwise (equal numbers included) it holds and needs 6s to hit in the first "
     "round and with its reaction shots."},
    {"rule": "fear_break", "fr": "Une unité vaincue en corps à romps par un ennemi supérieur en nombre et "
     "provoquant la peur est automatiquement démoralisée", "reading": "beaten + feared enemy with strictly "
     "more models -> broken without test (stubborn: the D6)."},
    {"rule": "frenzy_immunity", "fr": "L'unité n'est pas affectée par les autres effets psychologiques si "
     "elles sont à portée de charge de l'ennemi.", "reading": "a frenzied unit within charge reach of the "
     "enemy (always so when charging, charged or in combat) takes no panic, fear or terror test and is not "
     "broken automatically by fear; break tests and rally are not psychology and still apply."},
    {"rule": "rally", "fr": "Une unité ralliée se reforme, mais elle ne peut rien faire ce tour",
     "reading": "a rallied unit reforms and may not move (except the reform), shoot or charge this turn."},
    {"rule": "fire_and_flee", "fr": "tire puis s'enfuit ce qui réduit sa distance de fuite (-1D6)",
     "reading": "one die fewer, as the DISTANCE DE FUITE table's 'Réduction' column prints it: "
     "D6\" (M 6\" or less) or 2D6\" (more than 6\") instead of 2D6\" / 3D6\"."},
    {"rule": "not_on_sheet", "fr": "-", "reading": "two conventions of the full rules that the sheet "
     "assumes: a fleeing unit takes no panic, fear or terror test (it is already fleeing), and a unit "
     "that itself causes terror takes no terror test (`Situation.causes_terror`)."},
    {"rule": "return", "fr": "Les unités qui ont quitté la table doivent faire un test pour y revenir.",
     "reading": "a plain Ld test (2D6 <= Ld); no modifier is given by the sheet."},
)


__all__ = ["INTERPRETATIONS", "ChargeFacts", "FEAR_SITUATIONS", "FRENZY_ATTACK_BONUS", "Failure", "FleeResult",
           "MOUNTED_COUNTER", "Nerve", "ONE", "PANIC_TEXT", "PHASES", "PanicTrigger", "PursuitRule",
           "REACTION_NAMES", "Reaction", "ReactionResult", "Situation", "TERROR_FAILURE",
           "TERROR_SITUATIONS", "TWO_D6", "TestDue", "TestResult", "ZERO", "attacks_per_model",
           "break_odds", "break_test", "check_reaction", "fear_odds", "fear_test", "flee_distance",
           "flee_distance_odds", "flee_expression", "frenzied_after_break_test", "hatred_rerolls_misses",
           "leadership_odds", "leadership_test", "legal_reactions", "must_charge", "nerve_of",
           "p_2d6_at_most", "panic_from_friends_fleeing", "panic_odds", "panic_test", "psychology_immune",
           "pursuit_rule", "rally_odds", "rally_test", "reaction_problems", "resolve_reaction",
           "return_odds", "return_test", "shooting_panic", "terror_odds", "terror_test", "tests_due"]
