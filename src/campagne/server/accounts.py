"""Accounts: sign-up by the referee's invitation link, log-in and out, a password reset by the link the referee
hands over (Django's own token; mailed too where SMTP is configured)."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..core.errors import CampagneError, register_messages
from .models import Invitation, Membership


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)


def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation link: a new account (or the signed-in one) takes the role it offers, once."""
    inv = get_object_or_404(Invitation, token=token)
    if inv.used_by_id is not None:
        return render(request, "club/message.html", {"message": _("This invitation has already been used.")},
                      status=410)
    form = SignUpForm(request.POST or None) if not request.user.is_authenticated else None
    if request.method == "POST":
        with transaction.atomic():
            inv = Invitation.objects.select_for_update().get(pk=inv.pk)
            if inv.used_by_id is not None:
                return render(request, "club/message.html",
                              {"message": _("This invitation has already been used.")}, status=410)
            if form is not None and not form.is_valid():
                return render(request, "club/join.html", {"form": form, "invitation": inv})
            user = form.save() if form is not None else request.user
            try:
                with transaction.atomic():
                    Membership.objects.create(user=user, campaign=inv.campaign, role=inv.role, player=inv.player)
            except IntegrityError:
                transaction.set_rollback(True)
                return render(request, "club/message.html",
                              {"message": _("You already have a role in this campaign, or its player is taken.")},
                              status=409)
            inv.used_by = user
            inv.save(update_fields=["used_by"])
        if form is not None:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to the campaign."))
        return redirect("club:campaign", pk=inv.campaign_id)
    return render(request, "club/join.html", {"form": form, "invitation": inv})


class LoginView(auth_views.LoginView):
    template_name = "club/login.html"
    redirect_authenticated_user = True


class SignInLockout(AxesStandaloneBackend):  # type: ignore[misc]
    """django-axes' lock-out for the sign-ins that come through the web (the log-in page, the admin's); a program
    of the machine's own that checks a password (a script, a test) has no request and no address to count."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None, password: str | None = None,
                     **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)  # type: ignore[no-any-return]


def client_address(request: HttpRequest) -> str:
    """The address the lock-out counts wrong passwords from: the connection's own, never a header a client may
    write (X-Forwarded-For would let each guess come from a new address). Behind a reverse proxy, every sign-in
    comes from the proxy's address: the lock-out is then the account's."""
    return str(request.META.get("REMOTE_ADDR") or "")


def locked_out(request: HttpRequest, original_response: HttpResponse | None = None,
               credentials: dict[str, str] | None = None) -> HttpResponse:
    """The answer to a sign-in while its account is locked out (django-axes): one sentence, 429."""
    from django.conf import settings

    from .views import lang
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = CampagneError("club.locked_out", minutes=minutes).message(lang().lang)
    return render(request, "club/message.html", {"message": message}, status=429)


class ResetView(auth_views.PasswordResetConfirmView):
    template_name = "club/reset.html"
    success_url = reverse_lazy("club:login")
    post_reset_login = False

    def form_valid(self, form: forms.Form) -> HttpResponse:
        messages.success(self.request, gettext_lazy("Password changed: sign in with it."))
        return super().form_valid(form)


register_messages({
    "club.locked_out": {
        "en": "Too many wrong passwords for this account: signing in is refused for {minutes} minutes, even with "
              "the right password (the club's organiser can lift it sooner).",
        "fr": "Trop de mots de passe erronés pour ce compte : la connexion est refusée pendant {minutes} minutes, "
              "même avec le bon mot de passe (l'organisateur du club peut la rétablir plus tôt)."},
})
