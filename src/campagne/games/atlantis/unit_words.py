"""Atlantis's army units as the journal and status print them: by their printed names in the reader's language,
from what he sees (armies are public; the units that fought on a grid keep their names after the battle), the id
beside a name two units share, the id alone where no name is seen (a unit gone since)."""

from __future__ import annotations

from typing import Any

from ...core.i18n import Lang as Out


def unit_names_of(army: dict[str, Any] | None, ids: list[str], o: Out) -> list[str]:
    """An army's units by their printed names; the id beside a name two units share ("Spearmen (spearmen2)")."""
    key = "name_fr" if o.lang == "fr" else "name"
    named = {u["id"]: u.get(key) or u.get("name") or u["id"] for u in (army or {}).get("units", [])}
    return _printed(named, ids)


def _printed(named: dict[str, Any], ids: list[str]) -> list[str]:
    """Units by the names in `named` (id -> name): the id beside a name two of them share, the id itself where
    no name is known. Both ways of naming a unit (`unit_names_of`, `army_unit`) print through here."""
    shared = {n for n in named.values() if list(named.values()).count(n) > 1}
    return [f"{named[i]} ({i})" if named.get(i) in shared else named.get(i, i) for i in ids]


def units_text(items: list[dict[str, Any]], o: Out, pid: Any = None, army: dict[str, Any] | None = None) -> str:
    """Models per unit, the units by their printed names ("Lanciers ×2"): from `army` (a status's own player),
    else `pid`'s as the reader sees it (`army_unit`), else their ids."""
    if army is not None:
        names = unit_names_of(army, [i["unit"] for i in items], o)
    else:
        names = [army_unit(pid, i["unit"], o) if pid is not None else i["unit"] for i in items]
    return ", ".join(f"{n} ×{i['models']}" for n, i in zip(names, items))


def per_unit_text(pid: str, units: dict[str, Any], o: Out) -> str:
    """Each of `pid`'s army units' number, the units by their names: "Spearmen: 3, Archers: 2"."""
    colon = " : " if o.lang == "fr" else ": "
    return ", ".join(f"{army_unit(pid, u, o)}{colon}{n}" for u, n in units.items())


def army_unit(pid: str, uid: str, o: Out) -> str:
    """`pid`'s army unit `uid` by its printed name, from what the reader sees (`o.seen`): the names of the units
    that fought on the grid (kept after the battle), else his army as it stands; the id beside a name two of its
    units share ("Spearmen (spearmen2)"), the id itself when the reader sees no name (a unit gone since)."""
    seen = getattr(o, "seen", None) or {}
    army = ((seen.get("players") or {}).get(pid) or {}).get("army") or {}
    if uid == "general":
        general = army.get("general") or {}
        return str(general.get("name_fr" if o.lang == "fr" else "name") or o.t("le général", "the general"))
    key = "fr" if o.lang == "fr" else "en"
    names = {f"{pid}.{u['id']}": {"fr": u.get("name_fr") or u.get("name"), "en": u.get("name")}
             for u in army.get("units", [])}
    names.update({k: v for k, v in (seen.get("unit_names") or {}).items() if k.startswith(f"{pid}.")})
    return _printed({k[len(pid) + 1:]: v.get(key) or v.get("en") or k for k, v in names.items()}, [uid])[0]
