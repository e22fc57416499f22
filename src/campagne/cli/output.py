"""Printing for the CLI: JSON or human text, French or English, and the one-sentence refusal."""

from __future__ import annotations

import json
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
    """A seed as given: a whole number when it reads as one (so `--seed 7` and a journal's 7 agree)."""
    return int(text) if text.lstrip("-").isdigit() else text


def parse_sets(items: list[str], list_keys: frozenset[str] = frozenset()) -> dict[str, Any]:
    """`--set KEY=VALUE` items: VALUE read as JSON, else as text (a comma list for `list_keys`)."""
    from ..core.errors import CampagneError
    fields: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise CampagneError("cli.bad_set", item=item)
        try:
            fields[key] = json.loads(raw)
        except json.JSONDecodeError:
            fields[key] = raw.split(",") if key in list_keys and "," in raw else raw
    return fields


def fail(o: Out, message: str, code: str = "error", params: dict | None = None) -> None:
    if o.json:
        o.data({"error": code, "message": message, "params": params or {}})
    else:
        sys.stderr.write(message + "\n")


def _register() -> None:
    from ..core.errors import register_messages
    register_messages({
        "cli.bad_set": {"en": "--set needs KEY=VALUE, not {item!r}.", "fr": "--set demande CLÉ=VALEUR, pas {item!r}."},
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
