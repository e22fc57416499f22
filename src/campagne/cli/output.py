"""Printing for the CLI: JSON or human text, French or English, and the one-sentence refusal."""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

import typer

# The options every command takes (the root takes them too, before the command).


@dataclass
class Out:
    lang: str
    json: bool

    typed = True  # the command line's reader types what a status hints at (core.i18n.Lang: a page's does not)

    @classmethod
    def make(cls, lang: str | None, json_: bool) -> Out:
        lang = lang or os.environ.get("CAMPAGNE_LANG") or "en"
        if lang not in ("fr", "en"):
            lang = "en"
        return cls(lang, json_ or os.environ.get("CAMPAGNE_JSON") == "1")

    def t(self, fr: str, en: str) -> str:
        return fr if self.lang == "fr" else en

    def data(self, payload: Any) -> None:
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2, default=_default) + "\n")

    def text(self, line: str = "") -> None:
        sys.stdout.write(line + "\n")

    def rich(self, renderable: Any) -> None:
        from rich.console import Console
        Console().print(renderable)

    def warn(self, message: str) -> None:
        sys.stderr.write(message + "\n")


LangOpt = typer.Option(None, "--lang", help="fr or en (default: $CAMPAGNE_LANG or en)")
JsonOpt = typer.Option(False, "--json", help="Machine-readable output.")
CampaignOpt = typer.Option(None, "--campaign", "-c", help="The campaign journal (default: campaign.jsonl).")
ForceOpt = typer.Option(False, "--force", help="Replace the --out file even if campagne did not write it (never a "
                                               "journal or a referee's file).")


def out(lang: Optional[str], json_: bool) -> Out:
    return Out.make(lang, json_)


def campaign_path(value: Optional[str]) -> Path:
    return Path(value or os.environ.get("CAMPAGNE_CAMPAIGN") or "campaign.jsonl")


def _default(value: Any) -> Any:
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, (set, tuple)):
        return list(value)
    return str(value)


def parse_seed(text: str) -> int | str:
    """A seed as given: a whole number when it reads as one in ASCII digits (so `--seed 7` and a journal's 7
    agree); any other text (`1_0`, `٣`) is a seed as it is, never read as a number."""
    from ..core.bounded import is_whole
    return int(text) if is_whole(text) and len(text) <= 100 else text


def parse_sets(items: list[str], list_keys: frozenset[str] = frozenset()) -> dict[str, Any]:
    """`--set KEY=VALUE` items: VALUE read as strict JSON, else as text (a comma list for `list_keys`). What a
    person may mean as a number or a yes/no but is neither in JSON (`NaN`, `1e999`, `1_0`, `٣`, `False`) is
    refused with one sentence, never kept as text or as a number no rule can take."""
    from ..core.errors import CampagneError
    fields: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise CampagneError("cli.bad_set", item=item)
        fields[key] = _set_value(key, raw, list_keys)
    return fields


def _set_value(key: str, raw: str, list_keys: frozenset[str]) -> Any:
    from ..core.bounded import NUMBER_LIMIT, loads_json
    from ..core.errors import CampagneError
    if raw.strip().lower() in ("true", "false") and raw not in ("true", "false"):
        raise CampagneError("cli.bad_bool", key=key, value=raw)
    try:
        value = loads_json(raw)
    except json.JSONDecodeError:
        if _number_to_python(raw):
            raise CampagneError("cli.bad_number", key=key, value=raw) from None
        return raw.split(",") if key in list_keys and "," in raw else raw
    except ValueError:  # NaN, Infinity, thousands of digits, nested too deep
        from ..core.bounded import is_whole
        if is_whole(raw):
            raise CampagneError("number.too_large", field=key, value=raw[:30]) from None
        code = "cli.bad_number" if _number_to_python(raw) else "cli.too_deep"
        raise CampagneError(code, key=key, value=raw[:40]) from None
    stack = [value]
    while stack:  # depth bounded by loads_json
        item = stack.pop()
        if isinstance(item, (dict, list)):
            stack.extend(item.values() if isinstance(item, dict) else item)
        elif isinstance(item, float) and not math.isfinite(item):  # 1e999 reads as Infinity
            raise CampagneError("cli.bad_number", key=key, value=raw)
        elif isinstance(item, (int, float)) and not isinstance(item, bool) and abs(item) >= NUMBER_LIMIT:
            raise CampagneError("number.too_large", field=key, value=raw[:30])
    return value


def _number_to_python(raw: str) -> bool:
    """Whether Python would read `raw` as a number though JSON does not (`1_0`, `٣`, `+5`, `nan`, `inf`)."""
    try:
        float(raw)
    except ValueError:
        return False
    return True


def fail(o: Out, message: str, code: str = "error", params: dict | None = None) -> None:
    if o.json:
        o.data({"error": code, "message": message, "params": params or {}})
    else:
        sys.stderr.write(message + "\n")


def _register() -> None:
    from ..core.errors import register_messages
    register_messages({
        "cli.bad_set": {"en": "--set needs KEY=VALUE, not {item!r}.", "fr": "--set demande CLÉ=VALEUR, pas {item!r}."},
        "cli.bad_bool": {"en": "--set {key}={value}: write true or false (in small letters), not {value}.",
                         "fr": "--set {key}={value} : écrivez true ou false (en minuscules), pas {value}."},
        "cli.bad_number": {"en": "--set {key}={value}: not a number campagne reads; write a number in plain digits "
                                 "0-9, as 10 or -3 (no NaN, Infinity, underscores or other digits).",
                           "fr": "--set {key}={value} : ce n'est pas un nombre que campagne lit ; écrivez-le en "
                                 "chiffres 0-9, comme 10 ou -3 (ni NaN, ni Infinity, ni soulignés, ni autres "
                                 "chiffres)."},
        "cli.too_deep": {"en": "--set {key}: the value nests lists or tables too deep.",
                         "fr": "--set {key} : la valeur imbrique trop profond listes ou tables."},
    })


_register()


def run_safely(o: Out, action: Callable[[], None]) -> None:
    """Run a command body; a CampagneError (bad input) becomes one sentence and exit status 2."""
    from ..core.errors import CampagneError
    try:
        action()
    except CampagneError as exc:
        fail(o, exc.message(o.lang), exc.code, exc.to_dict(o.lang)["params"])
        raise typer.Exit(2) from None
