"""Django's admin for the club's organiser: accounts, campaigns, memberships, invitations. Journal lines are
shown read-only: the journal is changed by orders only (an edit by hand would not replay)."""

from django.contrib import admin

from .models import Campaign, Invitation, JournalLine, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    fields = ("user", "role", "player", "on_time", "missed", "civil_disorder")


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("title", "game", "phase", "length", "ended", "archived", "deadline")
    list_filter = ("game", "ended", "archived")
    exclude = ("seed", "salt")
    readonly_fields = ("game", "length", "phase", "ended")
    inlines = [MembershipInline]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False  # a campaign starts from the club's page (its journal made by the rules) or an import


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "campaign", "role", "player", "on_time", "missed", "civil_disorder")
    list_filter = ("role",)


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("campaign", "role", "player", "created", "used_by")


@admin.register(JournalLine)
class JournalLineAdmin(admin.ModelAdmin):
    list_display = ("campaign", "number")
    readonly_fields = ("campaign", "number", "text")

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
