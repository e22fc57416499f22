from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.static import serve

from . import accounts, battles, referee, settings, views

app_name = "club"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", referee.new_campaign, name="new"),
    path("c/<int:pk>/", views.campaign_page, name="campaign"),
    path("c/<int:pk>/live/", views.live, name="live"),
    path("c/<int:pk>/orders/", views.orders_view, name="orders"),
    path("c/<int:pk>/withdraw/", views.withdraw_view, name="withdraw"),
    path("c/<int:pk>/journal/", views.journal_page, name="journal"),
    path("c/<int:pk>/map.svg", views.map_svg, name="map"),
    path("c/<int:pk>/sheets/", views.sheets, name="sheets"),
    path("c/<int:pk>/view.json", views.view_json, name="view_json"),
    path("c/<int:pk>/undo/", referee.undo, name="undo"),
    path("c/<int:pk>/battle-result/", battles.battle_result, name="battle_result"),
    path("c/<int:pk>/stand-in/", referee.stand_in, name="stand_in"),
    path("c/<int:pk>/invite/", referee.invite, name="invite"),
    path("c/<int:pk>/reset-link/", referee.reset_link, name="reset_link"),
    path("c/<int:pk>/deadline/", referee.deadline, name="deadline"),
    path("c/<int:pk>/archive/", referee.archive, name="archive"),
    path("c/<int:pk>/advance-early/", referee.advance_early, name="advance_early"),
    path("c/<int:pk>/export.jsonl", referee.export, name="export"),
    path("c/<int:pk>/export.referee", referee.export_referee, name="export_referee"),
    path("join/<str:token>/", accounts.join, name="join"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("reset/<uidb64>/<token>/", accounts.ResetView.as_view(), name="reset"),
    path("static/<path:path>", serve, {"document_root": settings.HERE / "static"}, name="static"),
]
