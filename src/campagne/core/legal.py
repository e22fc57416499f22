"""Asking the rules rather than restating them: would `apply` accept this order now? (Tried on a copy of the
state, with throw-away dice; the state itself is never touched.) Games use it to filter the legal orders they
list, and the legal-orders property tests use it to check every order listed."""

from __future__ import annotations

import copy
from typing import Any

from .dice import Dice
from .errors import CampagneError


def accepts(ruleset: Any, state: Any, command: dict[str, Any]) -> bool:
    try:
        ruleset.apply(copy.deepcopy(state), command, Dice.seeded("legal-probe", 0))
    except CampagneError:
        return False
    return True
