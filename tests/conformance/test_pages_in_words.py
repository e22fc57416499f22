"""Every page a member of the club reads is in words: no command line (`key=value`, `--set`, `campagne next`), no
Python's data (`{'`), in French and in English, for each member of a campaign of every game."""

from __future__ import annotations

import html
import re

import pytest

CODE = [re.compile(p) for p in (r"\b[a-z_]+=\S", r"--[a-z]", r"\{'", r"\bcampagne (?:next|end|undo|order|play|new|"
                                r"status|battle|journal|map|sheet|done)\b", r"\(campagne ")]


def visible(page: str) -> str:
    """The text a person reads on a page: no tags, scripts, styles nor attributes (a form's hidden values are the
    machine's), entities read."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<svg\b.*?</svg>", lambda m: " ".join(re.findall(r">([^<]+)<", m.group(0))), page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(page)


def code_in(text: str) -> list[str]:
    found = []
    for p in CODE:
        for m in p.finditer(text):
            found.append(text[max(0, m.start() - 60):m.end() + 40].replace("\n", " "))
    return found


def test_the_finder_finds_code() -> None:
    assert code_in(visible("<p>move unit=mpa.1 <b>x</b></p>"))
    assert code_in(visible("<p>help (--set text=...)</p>"))
    assert code_in(visible("<p>the referee closes it (campagne next)</p>"))
    assert not code_in(visible('<form><input type="hidden" name="a" value="x=1"><p>Move an army</p></form>'))


@pytest.mark.django_db
def test_every_page_each_member_reads_is_in_words(game: str) -> None:
    from server_kit import club, every_form  # noqa: F401

    from campagne.server import store
    store.forget()
    campaign, clients = club(game)
    pk = campaign.pk
    found = []
    for lang in ("en", "fr"):
        for who, client in clients.items():
            if who == "outsider":
                continue
            client.cookies["django_language"] = lang
            pages = {"page": client.get(f"/c/{pk}/"), "orders": client.get(f"/c/{pk}/orders/"),
                     "journal": client.get(f"/c/{pk}/journal/"), "live": client.get(f"/c/{pk}/live/")}
            if who == "referee":
                pages["new"] = client.get("/new/")
            for name, response in pages.items():
                if response.status_code != 200:
                    continue
                found += [f"{lang} {who} {name}: …{x}…" for x in code_in(visible(response.content.decode()))]
    assert not found, f"{len(found)} bits of code on {game}'s pages:\n" + "\n".join(sorted(set(found))[:40])
