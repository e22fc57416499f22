"""Accounts: sign-up by the referee's invitation link, log-in and out, a password reset by the link the referee
hands over (Django's own token; mailed too where SMTP is configured)."""

from __future__ import annotations

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


class ResetView(auth_views.PasswordResetConfirmView):
    template_name = "club/reset.html"
    success_url = reverse_lazy("club:login")
    post_reset_login = False

    def form_valid(self, form: forms.Form) -> HttpResponse:
        messages.success(self.request, gettext_lazy("Password changed: sign in with it."))
        return super().form_valid(form)
