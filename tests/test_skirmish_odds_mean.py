"""The grid's odds before an attack (`combat.odds_of`, read by the grid's computers at every order) give a volley's
expected loss as n x p, the binomial's mean, instead of summing k x P(k) over `hp_lost`'s distribution: the same
fraction, so the same float shown and compared."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from campagne.games.skirmish.combat import _p_loss, hp_lost


@given(st.integers(0, 12), st.integers(0, 8), st.integers(0, 8), st.integers(0, 7))
def test_the_mean_loss_is_the_distributions_mean(dice: int, hit: int, save: int, protection: int) -> None:
    dist = hp_lost(dice, hit, save, protection)
    assert dice * _p_loss(hit, save, protection) == sum(k * p for k, p in enumerate(dist))
