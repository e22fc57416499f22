"""The referee's console: his orders (the game's own, from `legal_orders(state, "referee")`: close a phase, enter a
battle result, end), undo back to a chosen line with a recorded reason, a computer standing in for a player,
invitation and password-reset links, the phase's deadline, the archive; and the club's new campaigns (made as
`campagne new` makes them) and imported journals. Every action needs the referee's role and CSRF."""

from __future__ import annotations

import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from ..computers import CONTROLLERS as COMPUTER_CONTROLLERS
from ..computers import player_parts
from ..core.errors import CampagneError
from ..registry import games
from ..render.words import said
from . import battles, store
from .access import can_create, member, need_referee, posted_number, seat
from .models import Campaign, Invitation, Membership
from .views import lang, named, words_for

CONTROLLERS = COMPUTER_CONTROLLERS  # search: the search player, `search:SECONDS` or `search:iters=N` at a chosen strength


def console_context(campaign: Campaign, c: Any) -> dict[str, Any]:
    effective = c.game.effective
    words = words_for(campaign, c)
    return {"undoable": [{"n": e.n, "type": words.order(str(e.command.get("type"))),
                          "player": named(words, e.command.get("player"))}
                         for e in reversed(effective[-30:])],
            "seats": store.seats(c),
            "invitations": Invitation.objects.filter(campaign=campaign, used_by=None),
            "controllers": CONTROLLERS, "battle_forms": battles.forms(campaign, c, lang().lang)}


def _referee_campaign(request: HttpRequest, pk: int) -> Campaign:
    campaign, s = member(request.user, pk)
    need_referee(s)
    return campaign


def _done(request: HttpRequest, pk: int) -> HttpResponse:
    return redirect("club:campaign", pk=pk)


@login_required
@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back every command in force from the chosen line on (the computers' replies to them included), journaled
    as the referee's `undo` with its reason; players see only that lines were undone."""
    from ..computers import play_computers
    _referee_campaign(request, pk)
    reason = request.POST.get("reason", "").strip()[:300]
    first = posted_number(request.POST, "from")
    if first is None:
        messages.error(request, _("Choose the line to undo back to."))
        return _done(request, pk)
    if not reason:
        messages.error(request, _("An undo needs its reason (it is kept in the journal)."))
        return _done(request, pk)
    try:
        with store.changing(pk) as (campaign, c):
            count = sum(1 for e in c.game.effective if e.n >= first)
            c.undo(count, reason)
            if store.descriptor(campaign).autoplay:
                play_computers(c, after=[c.file.entries[-1]])
        messages.success(request, _("%(count)s command(s) undone.") % {"count": count})
    except CampagneError as exc:
        messages.error(request, exc.message(lang().lang))
    return _done(request, pk)


@login_required
@require_POST
def stand_in(request: HttpRequest, pk: int) -> HttpResponse:
    """A computer gives an absent player's orders until a person must act."""
    _referee_campaign(request, pk)
    player = request.POST.get("player", "")
    try:
        with store.changing(pk) as (campaign, c):
            stood = play_for(campaign, c, frozenset({player}))
        messages.success(request, _("A computer gave %(count)s order(s) for %(player)s.") %
                         {"count": len(stood), "player": player})
    except CampagneError as exc:
        messages.error(request, exc.message(lang().lang))
    return _done(request, pk)


def play_for(campaign: Campaign, c: Any, players: frozenset[str]) -> list[Any]:
    """The game's own loop lets computers act, standing in for `players` (as `campagne play --stand-in`)."""
    d = store.descriptor(campaign)
    if not d.autoplay:
        raise CampagneError("club.no_computers")
    seats = store.seats(c)
    if not players or not players <= set(seats):
        raise CampagneError("club.unknown_player")
    view = c.game.view(None)
    people = [p for p, v in view.get("players", {}).items()
              if isinstance(v, dict) and v.get("controller") == "human" and p not in players]
    after = c.file.entries[-1:] if c.file.entries else [c.file.header.get("opening", {})]
    stop = None if people else max(1, int(view.get("turn") or 0))
    return d.load("autoplay")(c, c.game.seed, referee=False, after=after, stop_turn=stop, stand_in=players,
                              end_at_stop=False)


@login_required
@require_POST
def invite(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _referee_campaign(request, pk)
    role = request.POST.get("role", "")
    player = request.POST.get("player", "") if role == Membership.PLAYER else ""
    with store.viewing(pk) as (_c, c):
        seats = store.seats(c)
    if role not in dict(Membership.ROLES) or (role == Membership.PLAYER and player not in seats):
        messages.error(request, _("Choose a role, and for a player one of the campaign's players."))
        return _done(request, pk)
    if player and Membership.objects.filter(campaign=campaign, player=player).exists():
        messages.error(request, _("Somebody already plays %(player)s.") % {"player": player})
        return _done(request, pk)
    inv = Invitation.objects.create(campaign=campaign, role=role, player=player, created_by=request.user)
    link = request.build_absolute_uri(reverse("club:join", args=[inv.token]))
    messages.success(request, _("Invitation link, to hand over: %(link)s") % {"link": link})
    return _done(request, pk)


@login_required
@require_POST
def reset_link(request: HttpRequest, pk: int) -> HttpResponse:
    """A password-reset link for a member of this campaign, handed over by the referee (no mail server needed)."""
    campaign = _referee_campaign(request, pk)
    m = Membership.objects.filter(campaign=campaign, pk=posted_number(request.POST, "member") or 0
                                  ).select_related("user").first()
    if m is None or m.user.is_superuser or m.user.is_staff or m.user == request.user:
        messages.error(request, _("Choose a member of this campaign."))
        return _done(request, pk)
    # A reset link gives the account: only for a member whose every campaign is one this referee referees.
    refereed = set(Membership.objects.filter(user=request.user, role=Membership.REFEREE)
                   .values_list("campaign_id", flat=True))
    if not request.user.is_superuser and \
            Membership.objects.filter(user=m.user).exclude(campaign_id__in=refereed).exists():
        messages.error(request, _("This member plays in campaigns you do not referee: the club's organiser makes "
                                  "his reset link."))
        return _done(request, pk)
    uid = urlsafe_base64_encode(force_bytes(m.user.pk))
    link = request.build_absolute_uri(reverse("club:reset", args=[uid, default_token_generator.make_token(m.user)]))
    messages.success(request, _("Password reset link for %(user)s, to hand over: %(link)s") %
                     {"user": m.user.get_username(), "link": link})
    from django.conf import settings
    if settings.MAIL_CONFIGURED and m.user.email:  # and mailed, where the club has a mail server
        from django.core.mail import send_mail
        send_mail("campagne — nouveau mot de passe / new password",
                  f"Votre arbitre vous envoie ce lien / your referee sends you this link:\n\n{link}\n", None,
                  [m.user.email], fail_silently=True)
    return _done(request, pk)


@login_required
@require_POST
def deadline(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _referee_campaign(request, pk)
    raw = request.POST.get("hours", "").strip()
    if raw == "":
        campaign.deadline = None
    else:
        try:
            hours = float(raw)
            if not 0 < hours <= 24 * 60:
                raise ValueError
        except ValueError:
            messages.error(request, _("A deadline is a number of hours from now (at most 60 days)."))
            return _done(request, pk)
        campaign.deadline = timezone.now() + timedelta(hours=hours)
    campaign.save(update_fields=["deadline"])
    messages.success(request, _("Deadline set."))
    return _done(request, pk)


@login_required
@require_POST
def advance_early(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _referee_campaign(request, pk)
    campaign.advance_early = not campaign.advance_early
    campaign.save(update_fields=["advance_early"])
    return _done(request, pk)


@login_required
@require_POST
def archive(request: HttpRequest, pk: int) -> HttpResponse:
    campaign = _referee_campaign(request, pk)
    campaign.archived = not campaign.archived
    campaign.save(update_fields=["archived"])
    return _done(request, pk)


@login_required
@require_GET
def export(request: HttpRequest, pk: int) -> HttpResponse:
    """The journal file (every line as the command line writes it): the referee's, and everybody's once the campaign
    is over (the seed is revealed in it then)."""
    campaign = get_object_or_404(Campaign, pk=pk)
    if not campaign.ended:
        need_referee(seat(request.user, campaign))
    response = HttpResponse(store.export_journal(campaign), content_type="application/x-ndjson; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="campaign-{campaign.pk}.jsonl"'
    return response


@login_required
@require_GET
def export_referee(request: HttpRequest, pk: int) -> HttpResponse:
    """The referee's file to keep beside the exported journal: the seed, his secret."""
    campaign = _referee_campaign(request, pk)
    response = HttpResponse(store.referee_file(campaign), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="campaign-{campaign.pk}.jsonl.referee"'
    return response


def parse_players(text: str) -> list[dict[str, Any]]:
    """One player a line, as `campagne new -p`: ID[:CONTROLLER[:WHAT[:NAME]]]."""
    out = []
    for line in text.splitlines():
        parts = [p.strip() for p in line.strip().split(":")]
        if not parts[0]:
            continue
        controller, parts = player_parts(parts)
        entry = {"id": parts[0][:64], "controller": controller, "name": parts[3] if len(parts) > 3 else parts[0]}
        if len(parts) > 2 and parts[2]:
            entry["what"] = parts[2]
        out.append(entry)
    return out


def controller_words() -> dict[str, str]:
    """Who may hold a seat, in words (the new-campaign page's choices and their help)."""
    return {"human": _("a person of the club"), "random": _("a computer playing at random"),
            "greedy": _("a computer taking the best order it sees now"),
            "search": _("a computer searching ahead (the strongest, the slowest)"),
            "absent": _("nobody: the seat gives no order")}


def _offered(d: Any) -> list[Any]:
    """The set-up options the page offers: all of them, each as it is given (a list's choice, a flag, a number,
    a file uploaded, a text with the game's packaged values suggested, a list one item a line)."""
    return list(d.setup_options)


MAX_OPTION_FILE = 1024 * 1024  # a club's map is a few kilobytes
MAX_OPTION_TEXT = 2000


def _option_help(opt: Any, o: Any) -> str:
    """An option's help as the page says it: a list's is given one item a line."""
    help_ = opt.help.get(o.lang, opt.name)
    return help_ + (_(" (one a line)") if opt.kind == "list" else "")


def _seat_choices(d: Any, what: Any, o: Any) -> list[tuple[str, str]]:
    """A seat's packaged choices, each with its printed name in the reader's language when the game's text says it
    (`seat_choice_words(field, value, o)`), its key otherwise: the form still posts the key."""
    named = getattr(d.load("text"), "seat_choice_words", None) if d.text else None
    return [(c, said(named, what.name, c, o) or c) for c in what.choices]


def _game_form(d: Any) -> dict[str, Any]:
    """The chosen game's seats, each with who holds it and what it plays, and its options, with their help."""
    o = lang()
    words = controller_words()
    controllers = [(c, words.get(c, c)) for c in ("human", *d.computers, *(("search",) if d.computers else ()))]
    if d.seats:
        ids, needed = list(d.seats), len(d.seats)
    else:
        ids, needed = [f"p{i}" for i in range(1, min(d.players[1], 8) + 1)], max(d.players[0], min(2, d.players[1]))
    what = d.player_fields[0] if d.player_fields else None
    return {"name": d.name, "title": d.title.get(o.lang, d.name), "fixed": bool(d.seats),
            "seats": [{"i": i, "id": pid, "needed": i < needed} for i, pid in enumerate(ids)],
            "controllers": controllers, "needed": needed,
            "what": {"help": what.help.get(o.lang, what.name), "choices": _seat_choices(d, what, o),
                     "default": what.default} if what is not None else None,
            "options": [{"name": opt.name, "kind": opt.kind, "choices": opt.choices, "default": opt.default,
                         "file": opt.file, "offers": opt.offers, "help": _option_help(opt, o)} for opt in _offered(d)],
            "files": any(opt.file for opt in _offered(d))}


def _posted_seats(post: Any, d: Any) -> list[dict[str, Any]]:
    """The players the seats of the form give (a seat held by nobody chosen is left out)."""
    out = []
    for i in range(len(d.seats) or min(d.players[1], 8)):
        pid = (d.seats[i] if d.seats else post.get(f"seat_{i}_id", "")).strip()[:64]
        controller = post.get(f"seat_{i}_controller", "")
        if not pid or not controller:
            continue
        if controller not in ("human", *d.computers, "search"):
            raise CampagneError("cli.bad_controller", spec=pid, controller=controller)
        entry = {"id": pid, "controller": controller, "name": post.get(f"seat_{i}_name", "").strip()[:64] or pid}
        if post.get(f"seat_{i}_what"):
            entry["what"] = post.get(f"seat_{i}_what")
        out.append(entry)
    return out


def _posted_options(post: Any, d: Any, files: Any = None, folder: Path | None = None) -> dict[str, Any]:
    """The options the form gives; an uploaded file is written into `folder`, its path given to the game as the
    command line gives it."""
    out: dict[str, Any] = {}
    for opt in _offered(d):
        raw = post.get(f"opt_{opt.name}", "")
        key = opt.name.replace("-", "_")
        bad = CampagneError("club.field_bad", field=opt.help.get(lang().lang, opt.name))
        if opt.file:
            upload = (files or {}).get(f"opt_{opt.name}")
            if upload is not None and folder is not None:
                if upload.size > MAX_OPTION_FILE:
                    raise CampagneError("club.too_big", limit=1)
                path = folder / f"{key}.toml"
                path.write_bytes(upload.read())
                out[key] = str(path)
        elif len(raw) > MAX_OPTION_TEXT:
            raise bad
        elif opt.kind == "list":
            out[key] = [line.strip() for line in raw.splitlines() if line.strip()]
        elif opt.kind == "bool":
            out[key] = raw in ("true", "on")
        elif raw != "" and opt.kind == "int":
            try:
                out[key] = int(raw)
            except ValueError:
                raise CampagneError("club.field_bad", field=opt.help.get(lang().lang, opt.name)) from None
        elif raw.strip() != "":
            if opt.choices and raw not in opt.choices:
                raise bad
            out[key] = raw.strip()
    return out


@login_required
def new_campaign(request: HttpRequest) -> HttpResponse:
    """A new campaign of a registered game, or an imported journal; its creator becomes its referee. The game is
    chosen first; its page then offers its seats (who holds each, what he plays) and its options, with their help."""
    if not can_create(request.user):
        raise PermissionDenied("organisers only")
    known = {n: g for n, g in games().items()}
    chosen = request.POST.get("game") or request.GET.get("game") or next(iter(known), "")
    ctx: dict[str, Any] = {"games": [(n, g.title.get(lang().lang, n)) for n, g in known.items()], "chosen": chosen,
                           "game": _game_form(known[chosen]) if chosen in known else None}
    if request.method == "POST":
        try:
            if request.FILES.get("journal"):
                journal = request.FILES["journal"]
                referee_file = request.FILES.get("referee")
                if journal.size > store.MAX_JOURNAL_BYTES:
                    raise CampagneError("club.too_big", limit=store.MAX_JOURNAL_BYTES // (1024 * 1024))
                campaign = store.import_journal(request.POST.get("title", "").strip(), journal.read(),
                                                referee_file.read(4097) if referee_file else None)
            else:
                name = request.POST.get("game", "")
                if name not in known:
                    raise CampagneError("ruleset.unknown", name=name, known=", ".join(known))
                d = known[name]
                # the seats of the form; a list typed as on the command line still works (scripts, old bookmarks)
                players = parse_players(request.POST["players"]) if "players" in request.POST else \
                    _posted_seats(request.POST, d)
                what = d.player_fields[0] if d.player_fields else None
                for p in players:
                    value = p.pop("what", None)
                    if what is not None:
                        p[what.name] = value or what.default
                with tempfile.TemporaryDirectory() as folder:  # an uploaded map, read by the game's set-up
                    options = _posted_options(request.POST, d, request.FILES, Path(folder))
                    campaign = store.create(request.POST.get("title", "").strip() or d.title.get(lang().lang, name),
                                            name, players, options)
            Membership.objects.get_or_create(user=request.user, campaign=campaign,
                                             defaults={"role": Membership.REFEREE})
            return redirect("club:campaign", pk=campaign.pk)
        except CampagneError as exc:
            ctx["error"] = exc.message(lang().lang)
            ctx["posted"] = request.POST
    return render(request, "club/new.html", ctx)


def users_without(campaign: Campaign) -> Any:
    return get_user_model().objects.exclude(memberships__campaign=campaign)


from ..core.errors import register_messages  # noqa: E402

register_messages({
    "club.no_computers": {"en": "This game has no computer players to stand in.",
                          "fr": "Ce jeu n'a pas de joueur ordinateur pour remplacer un absent."},
    "club.unknown_player": {"en": "Choose one of the campaign's players.",
                            "fr": "Choisissez l'un des joueurs de la campagne."},
    "club.ended": {"en": "The campaign is over: no more orders.", "fr": "La campagne est terminée : plus d'ordres."},
})
