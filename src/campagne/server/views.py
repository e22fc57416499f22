"""The club's pages: the list of campaigns, a campaign's page (map, standing, orders, journal) and its live
fragments (HTMX), the sheets and the exports. Every page is drawn from the viewer's view and journal as the
game's descriptor redacts them (`access.Seat.viewer`); the server itself knows no game."""

from __future__ import annotations

import functools
import json
import secrets
from html import escape
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from ..core.errors import CampagneError
from ..core.names import natural
from ..render.text import entry_lines, naming, player_name, player_namer
from . import board, notify, orders, store
from .access import Seat, member, posted_number, seat
from .deadlines import computer_lines, due, note_order, notices
from .models import Campaign, Membership
from .words import Words


def lang() -> Any:
    return orders.lang_of(get_language())


def _text(campaign: Campaign) -> Any:
    d = store.descriptor(campaign)
    return d.load("text") if d.text else None


def awaiting_me(campaign: Campaign, c: Any, s: Seat) -> bool:
    return bool(s.actor and s.actor in c.game.awaiting())


@login_required
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    rows = []
    for campaign in Campaign.objects.filter(archived=False):
        s = seat(request.user, campaign)
        try:
            with store.viewing(campaign.pk) as (campaign, c):
                turn = awaiting_me(campaign, c, s)
        except CampagneError:
            turn = False
        rows.append({"campaign": campaign, "seat": s, "your_turn": turn,
                     "title": store.descriptor(campaign).title.get(lang().lang, campaign.game)})
    archived = Campaign.objects.filter(archived=True)
    from .access import can_create
    return render(request, "club/home.html", {"rows": rows, "archived": archived,
                                              "can_create": can_create(request.user)})


def _journal(campaign: Campaign, c: Any, s: Seat, last: int | None = None) -> list[dict[str, Any]]:
    d = store.descriptor(campaign)
    redact = d.load("redact_entry")
    o = lang()
    text = _text(campaign)
    reading = store.reading(campaign, c, s.viewer)
    mine = reading.entries  # his lines, numbered his way (made once per state)
    if last is None:
        shown = [redact(c.file.header.get("opening", {}), s.viewer)] + mine
    else:  # the latest lines only
        shown = ([redact(c.file.header.get("opening", {}), s.viewer)] if len(mine) < last else []) + mine[-last:]
        shown = shown[-last:]
    out = []
    undone, computer = c.game.undone, computer_lines(campaign)  # the journal's numbers
    if text is not None:  # the same for every line: the orders' titles, what the reader sees
        words = words_for(campaign, c)
        title, seen, namer = words.order, store.seen(campaign, c, s.viewer), player_namer(text)
    for e in shown:
        n = e.get("n")  # the reader's number
        journal_n = reading.journal_n(n) if isinstance(n, int) else None
        if e.get("undone"):
            out.append({"n": n, "lines": [_("#%(n)s (undone)") % {"n": n}], "undone": True})
            continue
        if text is not None:
            lines = entry_lines(e, o, text.event_text, c.player_names, title, seen, namer)
        else:
            lines = [json.dumps(e.get("command", {}), ensure_ascii=False)] + \
                [json.dumps(ev, ensure_ascii=False) for ev in e.get("events", [])]
        marks = []
        if journal_n in undone:  # the referee and the player concerned read it whole: marked as taken back
            marks.append(_("undone by the referee"))
        if journal_n in computer:
            marks.append(_("played by a computer for %(player)s") %
                         {"player": named(words, computer[journal_n]) if text is not None
                          else player_name(None, c.player_names, computer[journal_n], o)})
        out.append({"n": n, "lines": lines, "undone": journal_n in undone, "marks": marks})
    return out


def _status(campaign: Campaign, c: Any, s: Seat) -> str:
    view = store.seen(campaign, c, s.viewer)  # the view the journal's sentences read too: drawn once
    text = _text(campaign)
    if text is None:
        return json.dumps(view, ensure_ascii=False, indent=1, default=str)
    return text.status_text(view, naming(lang(), text, c.player_names))


def _map(campaign: Campaign, c: Any, s: Seat) -> str:
    return store.picture(campaign, c, lang().lang, s.viewer)


def _board(campaign: Campaign, c: Any, s: Seat) -> tuple[str, list[Any], board.Board, frozenset, frozenset]:
    """The map, the actor's legal orders and the pieces they are given to."""
    svg = _map(campaign, c, s)
    legal = store.legal(campaign, c, s.actor) if _orders_now(campaign, s) else []
    things, places = board.names(svg)
    key = (campaign.pk, len(c.file.entries), campaign.created, s.actor, lang().lang)  # once per state (polls)
    pieces = store.remembered(_pieces, key, 1024, lambda: board.sort(legal, things, places))
    return svg, legal, pieces, things, places


_pieces: dict[tuple[Any, ...], board.Board] = {}


def _seen_by(campaign: Campaign, c: Any, s: Seat) -> tuple[Any, ...]:
    """What a page drawn from the campaign's state depends on: the state (the journal's length), who reads it (his
    view: secrets; his seat: his orders) and in which language. A new order, another reader or another language
    never gets another's page."""
    return (campaign.pk, len(c.file.entries), campaign.created, campaign.ended, s.viewer, s.actor, s.referee,
            get_language())


_lives: dict[tuple[Any, ...], str] = {}


def _live_state(campaign: Campaign, c: Any, s: Seat) -> tuple[str, bool]:
    """The live box's part drawn from the state alone (who is awaited, the map with the reader's pieces marked, the
    standing, the latest journal lines), drawn once per state and reader (`_seen_by`): 8 people reloading a page
    share it. The journal's marks of lines a computer played come from notices written in the same transaction as
    those lines: the journal's length names them too."""
    def draw() -> tuple[str, bool]:
        svg, _legal, pieces, _t, _p = _board(campaign, c, s)
        words = words_for(campaign, c)
        html = render_to_string("club/live_state.html", {
            "campaign": campaign, "status": _status(campaign, c, s), "svg": board.mark(svg, pieces.on_map),
            "awaiting": [named(words, a) for a in c.game.awaiting()],
            "journal": _journal(campaign, c, s, last=12)})
        return mark_safe(html), awaiting_me(campaign, c, s)
    return store.remembered(_lives, _seen_by(campaign, c, s), 128, draw)  # a map each: the states read now


def live_context(campaign: Campaign, c: Any, s: Seat) -> dict[str, Any]:
    state_html, your_turn = _live_state(campaign, c, s)
    return {"campaign": campaign, "seat": s, "state_html": state_html, "your_turn": your_turn,
            "seq": orders.seq_of(campaign, c, s.viewer),
            "notices": [notify.notice_text(n, lang().lang, notify.name_of(campaign, c, n.player, lang().lang))
                        for n in notices(campaign)]}


_picks: dict[tuple[Any, ...], Any] = {}
_boxes: dict[tuple[Any, ...], str] = {}  # 256 at most: a box with a hundred proposals pending weighs ~150 kB
# where each request's CSRF token goes in an orders box drawn once for every request of a state, reader and piece
# selected: random per process, so no text a player writes can name it
_CSRF_SLOT = f"csrf-{secrets.token_hex(16)}"


def orders_context(request: HttpRequest, campaign: Campaign, c: Any, s: Seat) -> dict[str, Any]:
    """The orders box: drawn once per state, reader (`_seen_by`) and piece selected, then given this request's
    CSRF token (a reload, a click, a poll after another's order draws nothing else again; a proposal pending is
    drawn once per state, not once per page)."""
    # one form per selected piece (the one clicked on the map, or chosen in the list), beside the orders of none
    key = f"board-{campaign.pk}"
    selected = _chosen(campaign, c, s, request.GET.get("sel") or request.session.get(key))
    if _orders_now(campaign, s) and request.GET.get("sel") and request.session.get(key) != selected:
        request.session[key] = selected
    return {"campaign": campaign, "seat": s, "your_turn": awaiting_me(campaign, c, s),
            "box": mark_safe(_box_drawn(campaign, c, s, selected).replace(_CSRF_SLOT, escape(get_token(request))))}


def draw_ahead(campaign: Campaign, c: Any, viewer: str | None, language: str) -> None:
    """The live part and the orders box of `viewer`'s page (None: the referee's), with the piece a first page
    selects, in `language`, drawn as his first page of this state would draw them (`ahead`), under the same keys."""
    s = Seat(Membership.REFEREE, "", None) if viewer is None else \
        Seat(Membership.PLAYER, viewer, None, campaign.ended)
    with translation.override(language):
        _live_state(campaign, c, s)
        _box_drawn(campaign, c, s, _chosen(campaign, c, s, None))


def _orders_now(campaign: Campaign, s: Seat) -> bool:
    """Whether this reader may give orders in the campaign now (a player or the referee, before its end)."""
    return s.actor is not None and not campaign.ended


def _chosen(campaign: Campaign, c: Any, s: Seat, wanted: str | None) -> Any:
    """The piece the page selects: `wanted` if it has orders now, else the first on the map that has (none for a
    reader who gives no orders)."""
    return board.chosen(_board(campaign, c, s)[2], wanted) if _orders_now(campaign, s) else None


def _box_drawn(campaign: Campaign, c: Any, s: Seat, selected: Any) -> str:
    """The orders box with `selected`, drawn once per state, reader and piece (its CSRF token a slot)."""
    return store.remembered(_boxes, ("box", selected, *_seen_by(campaign, c, s)), 256,
                            lambda: _box(campaign, c, s, selected))


def _box(campaign: Campaign, c: Any, s: Seat, selected: Any) -> str:
    url = reverse("club:orders", args=[campaign.pk])
    ctx: dict[str, Any] = {"forms": "", "campaign": campaign, "seat": s, "orders_url": url, "selected": selected,
                           "csrf_slot": mark_safe(f'<input type="hidden" name="csrfmiddlewaretoken" '
                                                  f'value="{_CSRF_SLOT}">')}
    if not _orders_now(campaign, s):
        return render_to_string("club/orders_box.html", ctx)
    _svg, legal, pieces, things, places = _board(campaign, c, s)
    # (no piece selected when none has orders: the orders of none, once)
    shown = sorted(pieces.pieces[None] + (pieces.pieces.get(selected, []) if selected is not None else []))
    ids = {i: f"order-{i}" for i in shown}
    words = words_for(campaign, c)
    drawn = orders.forms([legal[i] for i in shown], words, _("Give"))
    forms = orders.page(drawn, url=url, csrf=_CSRF_SLOT, seq=orders.seq_of(campaign, c, s.viewer),
                        phase=store.phase_key(c), confirm_end=_("End the campaign? It cannot be taken back."),
                        ids=[ids[i] for i in shown])
    advice = _advice(campaign, c, s)
    spots = mark_safe(board.targets(legal, pieces.pieces.get(selected, []), ids, things, places, advice, words)
                      if selected else "")
    named_pieces = store.remembered(_picks, ("pieces", *_seen_by(campaign, c, s)), 1024, lambda: sorted(
        ((p, words.choice(p)) for p in pieces.orderable()), key=lambda x: natural(x[1])))
    ctx.update({"forms": forms, "mine": _mine(campaign, c, s), "withdraw_url": reverse("club:withdraw",
                                                                                       args=[campaign.pk]),
                "advice": advice, "pieces": named_pieces, "spots": spots})
    return render_to_string("club/orders_box.html", ctx)


def named(words: Words, player: Any) -> str:
    """Who is meant, as a page names him: the referee as the reader's language says it, a player by his name."""
    return _("referee") if player in (None, "referee") else words.choice(str(player))


def words_for(campaign: Campaign, c: Any) -> Words:
    """The words of this reader's forms: the game's text, his language, the players' printed names."""
    return Words(_text(campaign), lang(), store.descriptor(campaign).load("orders"), dict(c.player_names),
                 c.state, str(campaign.pk))


def _advice(campaign: Campaign, c: Any, s: Seat) -> list[dict[str, Any]]:
    """The exact odds beside this player's decisions and the threats he faces, from what he may know."""
    if s.actor is None or s.referee:
        return []
    return store.advice(campaign, c, s.viewer, lang().lang)


def _mine(campaign: Campaign, c: Any, s: Seat) -> list[dict[str, Any]]:
    """The player's own orders of this phase he may still take back to change, as his journal shows them."""
    if s.actor is None or s.referee:
        return []
    redact = store.descriptor(campaign).load("redact_entry")
    text = _text(campaign)
    o = lang()
    reading = store.reading(campaign, c, s.viewer)
    out, namer = [], player_namer(text)
    for e in orders.withdrawable(c, s.actor):  # his own orders: lines he reads, named by his numbers
        shown = {**(redact(e.to_dict(), s.viewer) or {}), "n": reading.reader_n(e.n)}
        lines = entry_lines(shown, o, text.event_text, c.player_names, namer=namer) \
            if text is not None else \
            [json.dumps(shown.get("command", {}), ensure_ascii=False)]
        out.append({"n": shown["n"], "text": lines[0] if lines else str(shown["n"])})
    return out


@login_required
@require_GET
def campaign_page(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, s = member(request.user, pk)
    if due(pk, row=campaign):  # a passed deadline: extensions, then computer stand-ins
        campaign, s = member(request.user, pk)
    with store.viewing(pk, campaign) as (campaign, c):
        ctx = live_context(campaign, c, s)
        ctx.update(orders_context(request, campaign, c, s))
        d = store.descriptor(campaign)
        # the page's messages are said once, at its top (not again in the orders box it includes)
        ctx.update({"whole_page": True, "title": d.title.get(lang().lang, campaign.game), "has_sheets": bool(d.sheets) and
                    s.viewer is not store.SPECTATOR and s.viewer != store.SPECTATOR,
                    "members": _members(campaign)})
        if s.referee:
            from .referee import console_context
            ctx.update(console_context(campaign, c))
        if s.membership is not None and s.membership.seen_line != campaign.length:
            Membership.objects.filter(pk=s.membership.pk).update(seen_line=campaign.length)
    return render(request, "club/campaign.html", ctx)


def _members(campaign: Campaign) -> list[dict[str, Any]]:
    """The members table's rows (and the referee's console's), by one hand-written query: the ORM took ~0.5 ms of
    CPU a page to build it, and building a membership and a user per member as much again."""
    roles = dict(Membership.ROLES)
    with connection.cursor() as cursor:
        cursor.execute(_members_sql(), [campaign.pk])
        rows = cursor.fetchall()
    return [{"pk": pk, "username": name, "role": roles.get(role, role), "player": player, "civil_disorder": disorder,
             "on_time": on_time, "phases": on_time + missed}
            for pk, name, role, player, disorder, on_time, missed in rows]


@functools.cache
def _members_sql() -> str:
    m, u, q = Membership._meta, get_user_model()._meta, connection.ops.quote_name

    def col(name: str) -> str:
        return "m." + q(m.get_field(name).column)
    columns = ", ".join(col(f) for f in ("id", "user", "role", "player", "civil_disorder", "on_time", "missed"))
    columns = columns.replace(col("user"), f"u.{q(u.get_field(get_user_model().USERNAME_FIELD).column)}")
    return (f"SELECT {columns} FROM {q(m.db_table)} m JOIN {q(u.db_table)} u ON u.{q(u.pk.column)} = {col('user')} "
            f"WHERE {col('campaign')} = %s ORDER BY {col('id')}")


@login_required
@require_GET
def live(request: HttpRequest, pk: int) -> HttpResponse:
    """The live part of the campaign page (map, standing, latest journal lines), polled by HTMX."""
    campaign, s = member(request.user, pk)
    if due(pk, row=campaign):
        campaign, s = member(request.user, pk)
    with store.viewing(pk, campaign) as (campaign, c):
        ctx = live_context(campaign, c, s)
    response = render(request, "club/live.html", ctx)
    # the orders box says whether it was drawn for the player's turn: when that changed (his turn came, or went),
    # it draws itself again at once, without a reload (and not otherwise: a form being filled in stays)
    drawn = request.GET.get("turn")
    if s.actor is not None and drawn in ("0", "1") and drawn != ("1" if ctx["your_turn"] else "0"):
        response["HX-Trigger"] = "campagne-turn"
    return response


@login_required
def orders_view(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the orders form of the current phase; POST: give one (checked, then journaled, or nothing)."""
    campaign, s = member(request.user, pk)
    if request.method == "POST":
        if s.actor is None:
            return _refuse(request, pk, _("You give no orders in this campaign."), status=403)
        try:
            with store.viewing(pk, campaign) as (campaign, c):
                # outside the campaign's lock, where the other players' orders wait: the campaign caught up, a
                # stale form refused, the legal orders drawn, the state copied; under the lock they are found
                # done, unless another order got in first
                orders.check_open(campaign, c, s.actor, request.POST)
                orders.read_against(campaign, c, s.actor, request.POST)
                store.copy_ahead(pk, c)
            with store.changing(pk, check=lambda campaign, c: orders.check_open(campaign, c, s.actor, request.POST)
                                ) as (campaign, c):
                phase = store.phase_key(c)
                before = notify.awaited(c)
                written = orders.give(campaign, c, s.actor, request.POST)
                after = notify.awaited(c)
                note_order(campaign, s, phase)  # in the order's transaction: written with it, or not at all
                told = store.reading(campaign, c, s.viewer).reader_n(written[0]["n"])  # the number he reads it by
            messages.success(request, _("Order received: line #%(n)s of the journal.") % {"n": told})
            notify.newly_awaited(campaign, c, before, after,
                                 request.build_absolute_uri(reverse("club:campaign", args=[pk])))
        except CampagneError as exc:
            return _refuse(request, pk, exc.message(lang().lang))
    elif request.method != "GET":
        return HttpResponse(status=405)
    if request.method == "POST":
        return _changed(request, campaign)
    with store.viewing(pk, campaign) as (campaign, c):
        ctx = orders_context(request, campaign, c, s)
    return render(request, "club/orders.html", ctx)


@login_required
@require_POST
def withdraw_view(request: HttpRequest, pk: int) -> HttpResponse:
    """A player takes back one of his orders of this phase to give another (`orders.withdraw`)."""
    campaign, s = member(request.user, pk)
    if s.actor is None or s.referee:
        return _refuse(request, pk, _("Only a player takes back his own orders."), status=403)
    n = posted_number(request.POST, "entry")
    try:
        if n is None:
            raise CampagneError("club.not_yours")
        with store.changing(pk) as (campaign, c):
            if campaign.ended:
                raise CampagneError("club.ended")
            # the form names the line by his number for it (his journal's): the journal's number for it
            orders.withdraw(c, s.actor, store.reading(campaign, c, s.viewer).journal_n(n) or 0)
    except CampagneError as exc:
        return _refuse(request, pk, exc.message(lang().lang))
    messages.success(request, _("Your order is taken back: give another."))
    return _changed(request, campaign)


def _changed(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    """The answer to an accepted change: the campaign's page, or (HTMX) a word at once, the next form being drawn
    by a second request and the live part (map, standing, journal) redrawing itself."""
    if not request.headers.get("HX-Request"):
        return redirect("club:campaign", pk=campaign.pk)
    response = render(request, "club/order_given.html", {"pk": campaign.pk})
    response["HX-Trigger"] = "campagne-changed"
    return response


def _refuse(request: HttpRequest, pk: int, message: str, status: int = 409) -> HttpResponse:
    """A refused request: one sentence, nothing changed; then the current form, drawn by a second request as after
    an accepted order (a refusal answers at once, whatever the form costs to draw)."""
    messages.error(request, message)
    if not request.headers.get("HX-Request"):
        response = redirect("club:campaign", pk=pk)
        return response
    response = render(request, "club/order_given.html", {"pk": pk}, status=status)
    response["HX-Reswap"] = "innerHTML"
    return response


@login_required
@require_GET
def journal_page(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, s = member(request.user, pk)
    with store.viewing(pk, campaign) as (campaign, c):
        ctx = {"campaign": campaign, "seat": s, "journal": _journal(campaign, c, s)}
    return render(request, "club/journal.html", ctx)


@login_required
@require_GET
def map_svg(request: HttpRequest, pk: int) -> HttpResponse:
    campaign, s = member(request.user, pk)
    with store.viewing(pk, campaign) as (campaign, c):
        svg = _map(campaign, c, s)
    return HttpResponse(svg, content_type="image/svg+xml")


@login_required
@require_GET
def sheets(request: HttpRequest, pk: int) -> HttpResponse:
    """The campaign sheets: the referee's all of them; a player's own, built from the journal as he may read it;
    a spectator's none."""
    campaign, s = member(request.user, pk)
    with store.viewing(pk, campaign) as (campaign, c):
        d = store.descriptor(campaign)
        if not d.sheets or s.viewer == store.SPECTATOR:
            return HttpResponse(_("No sheet to show."), content_type="text/plain; charset=utf-8", status=404)
        module = d.load("sheets")
        header, entries = dict(c.file.header), list(c.file.entries)
        if s.viewer is not None:
            redact = d.load("redact_entry")
            entries = [seen for seen in (redact(e, s.viewer) for e in entries) if seen is not None]
            header["opening"] = redact(header.get("opening") or {}, s.viewer)
        built = module.build_sheets(header, entries, c.game.state, lang().lang)
        if s.viewer is not None:
            built = [sh for sh in built if sh.get("player") == s.viewer]
        html = module.sheets_html(built, lang().lang)
    return HttpResponse(html, content_type="text/html; charset=utf-8")


@login_required
@require_GET
def view_json(request: HttpRequest, pk: int) -> HttpResponse:
    """This viewer's view and journal as data (what a player's own tools may read)."""
    campaign, s = member(request.user, pk)
    with store.viewing(pk, campaign) as (campaign, c):
        d = store.descriptor(campaign)
        redact = d.load("redact_entry")
        data = {"campaign": campaign.pk, "game": campaign.game, "view": c.game.view(s.viewer),
                "opening": redact(c.file.header.get("opening", {}), s.viewer),
                "entries": store.reading(campaign, c, s.viewer).entries}
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False, "default": str})


@login_required
@require_POST
def set_seen(request: HttpRequest, pk: int) -> HttpResponse:
    Membership.objects.filter(user=request.user, campaign_id=pk).update(
        seen_line=get_object_or_404(Campaign, pk=pk).length)
    return HttpResponse(status=204)
