"""Frenzy, hatred and stubbornness outside the tests (seed 002): the frenzied unit's extra attack, its compulsory
charge and immunity to psychology, hatred's re-roll of missed attacks, and who must pursue."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import bilingual


# --------------------------------------------------------------------------- stubborn, frenzy, hatred


FRENZY_ATTACK_BONUS = 1


def attacks_per_model(attacks: int, *, frenzied: bool = False, hand_weapons: int = 1) -> int:
    """Profile A, +1 for frenzy ("une attaque supplémentaire par figurine"), +1 for a weapon in each hand."""
    return attacks + (FRENZY_ATTACK_BONUS if frenzied else 0) + (1 if hand_weapons >= 2 else 0)


def must_charge(*, frenzied: bool, enemy_in_charge_reach: bool) -> bool:
    """Frenzy 1: "L'unité doit charger tout ennemi se trouvant à portée de charge"."""
    return frenzied and enemy_in_charge_reach


def psychology_immune(*, frenzied: bool, enemy_in_charge_reach: bool) -> bool:
    """Frenzy 4: no other psychological effect while the enemy is within charge reach."""
    return frenzied and enemy_in_charge_reach


def frenzied_after_break_test(frenzied: bool, broken: bool) -> bool:
    """Frenzy 5: "Si l'unité est démoralisée au corps à corps, elle n'est plus affectée par la Frénésie
    jusqu'à la fin de la bataille" -> the unit's frenzy flag after a break test."""
    return frenzied and not broken


def hatred_rerolls_misses(round_number: int, *, hates_enemy: bool) -> bool:
    """Haine 2: "Au 1er [tour] de combat, l'unité peut relancer une fois toutes les attaques ratées"."""
    return hates_enemy and round_number == 1


@dataclass(frozen=True)
class PursuitRule:
    must_pursue: bool
    test_allowed: bool
    reasons: tuple[dict[str, str], ...]


def pursuit_rule(*, frenzied: bool = False, hates_enemy: bool = False,
                 defensive_position: bool = False) -> PursuitRule:
    """Whether a victorious unit must pursue a fleeing enemy.

    Frenzy 3: "poursuit toujours un adversaire en fuite (aucun test n'est permis)"; Haine 3: "poursuit
    obligatoirement un ennemi haï qui s'enfuit (sauf pos. défensives)". Otherwise pursuit is the
    player's choice (the sheet gives no restraint test for other units).
    """
    reasons = []
    must = False
    if frenzied:
        must = True
        reasons.append(bilingual("frenzied: always pursues, no test allowed",
                                 "frénétique : poursuit toujours, aucun test n'est permis"))
    if hates_enemy and not defensive_position:
        must = True
        reasons.append(bilingual("must pursue the hated enemy", "poursuit obligatoirement l'ennemi haï"))
    elif hates_enemy:
        reasons.append(bilingual("hated enemy, but in a defensive position: free to stay",
                                 "ennemi haï, mais en position défensive : libre de rester"))
    return PursuitRule(must, not frenzied, tuple(reasons))
