"""The campaign's papers, read from its journal: the journal itself, the campaign sheets, the map."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .main import app
from .opening import descriptor_of, opened, text_of
from .output import CampaignOpt, ForceOpt, JsonOpt, LangOpt, Out, out, run_safely
from .viewer import RefereeOpt, viewer_of


@app.command()
def journal(as_: Optional[str] = typer.Option(None, "--as", help="See only what this player may see."),
            referee: bool = RefereeOpt, verify: bool = typer.Option(True, "--verify/--no-verify", help="Replay and check every line."),
            campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Print the journal, checked by replaying it. / Afficher le journal, vérifié en le rejouant."""
    o = out(lang, json_)

    def go() -> None:
        from ..render.text import entry_lines, player_namer
        from ..render.words import typed_title
        from .. import session
        with opened(o, campaign, verify=verify, viewers=(as_,), any_game=True) as c:
            viewer = viewer_of(c, as_, referee)
            redact_entry = descriptor_of(c).load("redact_entry")
            entries = session.visible_entries(c, viewer, redact_entry)
            opening = redact_entry(c.file.header.get("opening", {}), viewer)
            dice = c.seed_known
            title = typed_title(text_of(c), descriptor_of(c).load("orders"), o)
            seen = c.game.view(viewer)
        if o.json:
            o.data({"verified": verify, "dice_verified": verify and dice, "opening": opening, "entries": entries})
            return
        namer = player_namer(text_of(c))
        for e in [opening] + entries:
            if e.get("undone"):
                o.text(o.t(f"#{e['n']} (annulé)", f"#{e['n']} (undone)"))
                continue
            for line in entry_lines(e, o, text_of(c).event_text, c.player_names, title, seen, namer):
                o.text(line)
        if verify and dice:
            o.text(o.t("Journal vérifié : il se rejoue à l'identique.", "Journal verified: it replays identically."))
        elif verify:
            o.text(o.t("Journal vérifié selon les règles, avec les dés qu'il a notés ; les dés eux-mêmes n'ont pas pu "
                       "être vérifiés : la graine est le secret de l'arbitre (son fichier n'est pas ici), révélée à la "
                       "fin de la campagne.",
                       "Journal verified against the rules, with the dice it recorded; the dice themselves could not "
                       "be checked: the seed is the referee's secret (his file is not here), revealed at the end of "
                       "the campaign."))
    run_safely(o, go)


@app.command()
def sheet(player: Optional[str] = typer.Option(None, "--player", help="Only this player's sheet."),
          as_: Optional[str] = typer.Option(None, "--as", help="Only this player's own sheet, from what he may see."),
          referee: bool = RefereeOpt,
          fmt: str = typer.Option("md", "--format", help="md or html"),
          output: Optional[str] = typer.Option(None, "--out", help="Write to this file."),
          force: bool = ForceOpt,
          campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """The campaign sheets of the annex, from the journal. / Les feuilles de campagne, d'après le journal."""
    o = out(lang, json_)

    def go() -> None:
        from ..core.errors import CampagneError
        if fmt not in ("md", "html"):
            raise CampagneError("cli.bad_format", format=fmt)
        if output and not o.json:  # refused before the campaign is opened
            from ..storage.out_file import check_target
            check_target(Path(output), force)
        with opened(o, campaign, viewers=(player, as_)) as c:
            viewer = viewer_of(c, as_, referee)
            descriptor = descriptor_of(c)
            game_sheet = descriptor.load("sheets")
            header, entries = dict(c.file.header), list(c.file.entries)
            if viewer is not None:  # built from the journal as this viewer may read it: his own sheet only
                redact = descriptor.load("redact_entry")
                entries = [seen for seen in (redact(e, viewer) for e in entries) if seen is not None]
                header["opening"] = redact(header.get("opening") or {}, viewer)
            sheets = game_sheet.build_sheets(header, entries, c.game.state, o.lang)
        for who in (player, viewer):
            if who is not None:
                sheets = [s for s in sheets if s["player"] == who]
        if o.json:
            o.data({"sheets": sheets})
            return
        text = game_sheet.sheets_html(sheets, o.lang) if fmt == "html" else game_sheet.sheets_markdown(sheets, o.lang)
        _write_or_print(o, text, output, force)
    run_safely(o, go)


def _write_or_print(o: Out, text: str, output: Optional[str], force: bool = False) -> None:
    if output:
        from ..storage.out_file import write_out
        write_out(output, text, force)
        if not o.json:  # with --json the command answers with data only
            o.text(o.t(f"Écrit : {output}", f"Written: {output}"))
    else:
        o.text(text)


@app.command(name="map")
def map_(output: str = typer.Option("map.svg", "--out", help="SVG file to write."),
         as_: Optional[str] = typer.Option(None, "--as", help="See only what this player may see."),
         referee: bool = RefereeOpt, force: bool = ForceOpt,
         campaign: Optional[str] = CampaignOpt, lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Draw the campaign map as SVG. / Dessiner la carte de la campagne en SVG."""
    o = out(lang, json_)

    def go() -> None:
        from ..storage.out_file import check_target
        check_target(Path(output), force)
        with opened(o, campaign, viewers=(as_,)) as c:
            svg = descriptor_of(c).load("picture")(c.game.state, o.lang, viewer_of(c, as_, referee))
        _write_or_print(o, svg, output, force)
        if o.json:
            o.data({"svg": output})
    run_safely(o, go)
