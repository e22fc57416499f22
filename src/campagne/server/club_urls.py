from django.contrib.auth import views as auth_views
from django.urls import path, register_converter

from . import accounts, battles, referee, views


class RowId:
    """A row's id in a path: the digits of a number a database column holds (1 to 2**63 - 1); anything longer or
    larger is a page that does not exist (404), never a number the database refuses (500)."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 0 < number < 2 ** 63:
            raise ValueError("out of range")  # the URL matches nothing: 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(RowId, "id")

app_name = "club"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", referee.new_campaign, name="new"),
    path("c/<id:pk>/", views.campaign_page, name="campaign"),
    path("c/<id:pk>/live/", views.live, name="live"),
    path("c/<id:pk>/orders/", views.orders_view, name="orders"),
    path("c/<id:pk>/withdraw/", views.withdraw_view, name="withdraw"),
    path("c/<id:pk>/journal/", views.journal_page, name="journal"),
    path("c/<id:pk>/map.svg", views.map_svg, name="map"),
    path("c/<id:pk>/sheets/", views.sheets, name="sheets"),
    path("c/<id:pk>/view.json", views.view_json, name="view_json"),
    path("c/<id:pk>/undo/", referee.undo, name="undo"),
    path("c/<id:pk>/battle-result/", battles.battle_result, name="battle_result"),
    path("c/<id:pk>/stand-in/", referee.stand_in, name="stand_in"),
    path("c/<id:pk>/invite/", referee.invite, name="invite"),
    path("c/<id:pk>/reset-link/", referee.reset_link, name="reset_link"),
    path("c/<id:pk>/deadline/", referee.deadline, name="deadline"),
    path("c/<id:pk>/archive/", referee.archive, name="archive"),
    path("c/<id:pk>/advance-early/", referee.advance_early, name="advance_early"),
    path("c/<id:pk>/export.jsonl", referee.export, name="export"),
    path("c/<id:pk>/export.referee", referee.export_referee, name="export_referee"),
    path("join/<str:token>/", accounts.join, name="join"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("reset/<uidb64>/<token>/", accounts.ResetView.as_view(), name="reset"),
]
