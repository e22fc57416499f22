"""The command line's journal heads in the reader's language (issue 23): in French an order's head gives its
title beside the word its reader types (`#1 choose — Choisir son royaume…`), as the club's pages title it, from
the same words (`render.words`); in English the typed word reads as it is."""

from __future__ import annotations

from pathlib import Path

from test_cli import Cli

from campagne.registry import games
from campagne.render.words import order_title, typed_title
from campagne.server.words import Words
from campagne.core.i18n import Lang


def _heads(cli: Cli, *args: str) -> list[str]:
    return [line for line in cli.run(*args).stdout.splitlines() if line.startswith("#")]


def test_french_journal_heads_title_the_order_english_ones_keep_the_word(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "c.jsonl")
    cli.run("new", "atlantis", "--seed", "2026", "-p", "alice", "-p", "bob:human:egyptian")
    first = cli.status()["awaiting"][0]
    given = _heads(cli, "order", first, "choose", "mestor", "mestoria", "--lang", "fr")  # the order's echo
    assert given == [f"#1 choose — Choisir son royaume et le territoire de son armée ({first})"], given
    fr = _heads(cli, "journal", "--lang", "fr")
    assert f"#1 choose — Choisir son royaume et le territoire de son armée ({first})" in fr, fr
    assert f"#1 choose ({first})" in _heads(cli, "journal", "--lang", "en")


def test_the_pages_and_the_command_line_title_an_order_alike() -> None:
    for name, d in games().items():
        specs, text = d.load("orders"), d.load("text") if d.text else None
        o = Lang("fr")
        title = typed_title(text, specs, o)
        for kind in specs:
            words = Words(text, o, specs).order(kind)
            assert words == order_title(text, specs, kind, o)
            assert title(kind) in (kind, f"{kind} — {words}"), (name, kind)
        assert typed_title(text, specs, Lang("en")) is None


def test_a_journal_head_names_the_player_by_his_seat_where_he_chose_no_name(tmp_path: Path) -> None:
    """Arc's players are its sides: a head names « le Directorat (Bonnaire) », not the id `bonnaire`; the opening
    line is the set-up in words in both languages."""
    cli = Cli(tmp_path / "c.jsonl")
    cli.run("new", "arc", "--seed", "7", "-p", "bonnaire", "-p", "ulf:greedy", "-p", "fereira:greedy")
    cli.run("order", "bonnaire", "done")
    fr, en = _heads(cli, "journal", "--lang", "fr"), _heads(cli, "journal", "--lang", "en")
    assert fr[0] == "#0 mise en place" and en[0] == "#0 set-up", (fr, en)
    assert any(h.endswith("(le Directorat (Bonnaire))") for h in fr), fr
    assert any(h.endswith("(the Directorate (Bonnaire))") for h in en), en
    assert not any("(bonnaire)" in h for h in fr + en)
