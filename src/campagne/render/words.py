"""An order's title and help in the reader's language, from the game's text (`order_words`) or its orders' help
without what only the command line reads: the one place both the club's pages (`server.words.Words`) and the
command line's journal heads take them from. Nothing here names a game."""

from __future__ import annotations

import re
from typing import Any

_ASIDE = re.compile(r"\s*[(\[][^()\[\]]*(?:--|=)[^()\[\]]*[)\]]")  # "(--set relics=N: ...)": the command line's
_CODE = re.compile(r"--\w[\w-]*|\b\w+=\S*")


def plain(text: str) -> str:
    """A help text without what only the command line reads: its asides naming options, its `key=value`."""
    text = _ASIDE.sub("", text or "")
    if _CODE.search(text):
        text = _CODE.split(text)[0].rstrip(" ,;:(")
    return text.strip()


def said(fn: Any, *args: Any) -> str | None:
    """What a game's optional words function says, None when it says nothing (or fails: words are a courtesy)."""
    if fn is None:
        return None
    try:
        found = fn(*args)
    except Exception:  # a game's words are a courtesy: a form is still drawn without them
        return None
    return found if isinstance(found, str) and found.strip() else None


# The values orders share across games ("none": no owner, no choice; "all"), named here for every game: the
# game's own `choice_words` comes first, these when it says nothing (the club's forms and `order --list` alike).
CHOICE_WORDS: dict[str, tuple[str, str]] = {"none": ("aucun", "none"), "all": ("tous", "all")}


def choice_name(fn: Any, value: Any, o: Any, state: Any = None) -> str | None:
    """A game's `choice_words(value, o, state)` for one choice, else the words every game shares
    (`CHOICE_WORDS`), None when neither names it; a ruleset written before the state was given
    (`choice_words(value, o)`) is asked without it."""
    found = said(fn, value, o, state) if state is not None and _takes_state(fn) else said(fn, value, o)
    if found is None and isinstance(value, str) and value in CHOICE_WORDS:
        fr, en = CHOICE_WORDS[value]
        return fr if getattr(o, "lang", "en") == "fr" else en
    return found


_takes: dict[Any, bool] = {}


def _takes_state(fn: Any) -> bool:
    """Whether `fn` takes the state (read once per function: a page asks for hundreds of choices' names)."""
    found = _takes.get(fn)
    if found is None:
        import inspect
        try:
            found = len(inspect.signature(fn).parameters) >= 3
        except (TypeError, ValueError):
            found = False
        _takes[fn] = found
    return found


def order_help(specs: Any, kind: str, lang: str) -> str:
    """An order's help in `lang`, without its command-line asides ("" when it has none)."""
    spec = specs.get(kind) if hasattr(specs, "get") else None
    help_ = getattr(spec, "help", None)
    return plain(help_.get(lang, "")) if isinstance(help_, dict) else ""


def order_title(text: Any, specs: Any, kind: str, o: Any) -> str:
    """An order's title: the game's `order_words`, else its help capitalized, else its type word."""
    found = said(getattr(text, "order_words", None), kind, o)
    if found:
        return found
    helped = order_help(specs, kind, o.lang)
    return helped[:1].upper() + helped[1:] if helped else kind.replace("_", " ").replace("-", " ")


def typed_title(text: Any, specs: Any, o: Any) -> Any:
    """The command line's journal head for an order: the word its reader types, and in French its title beside
    it (the type words are English), e.g. `move — Déplacer une armée`; None in English (the word reads)."""
    if o.lang != "fr":
        return None

    def title(kind: str) -> str:
        words = order_title(text, specs, kind, o)
        return kind if words.lower() == kind.replace("_", " ").replace("-", " ").lower() else f"{kind} — {words}"
    return title
