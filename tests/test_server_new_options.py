"""The new-campaign page offers every set-up option a game declares (issue 23): a club's own map as an upload,
free text with the game's packaged values suggested (Arc's balance of forces), a list one item a line (Gorges's
heroes), each with its help in the reader's language; what it gives reaches the game as `campagne new` gives it."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from server_kit import user

from campagne.games.atlantis.map import default_map_text
from campagne.server import store
from campagne.server.models import Campaign

pytestmark = pytest.mark.django_db


def _organiser(language: str = "en") -> Client:
    c = Client()
    c.force_login(user("organiser", is_staff=True))
    c.cookies["django_language"] = language
    return c


def test_every_option_is_offered_with_its_help_in_both_languages() -> None:
    c = _organiser()
    atlantis = c.get("/new/", {"game": "atlantis"}).content.decode()
    assert 'enctype="multipart/form-data"' in atlantis and 'type="file" name="opt_map"' in atlantis
    assert "a club&#x27;s own map" in atlantis or "a club's own map" in atlantis
    assert "none: the game&#x27;s own" in atlantis or "none: the game's own" in atlantis
    arc = c.get("/new/", {"game": "arc"}).content.decode()
    assert 'name="opt_forces"' in arc and 'list="offers_forces"' in arc
    assert all(f'<option value="{v}">' in arc for v in ("unfavourable", "medium", "favourable"))
    gorges = c.get("/new/", {"game": "gorges"}).content.decode()
    assert '<textarea name="opt_hero"' in gorges and "(one a line)" in gorges
    skirmish = c.get("/new/", {"game": "skirmish"}).content.decode()
    assert 'name="opt_defender"' in skirmish
    fr = _organiser("fr").get("/new/", {"game": "gorges"}).content.decode()
    assert "(un par ligne)" in fr and "sans fichier : celle du jeu" in fr and "l&#x27;île du club" in fr


def test_a_map_uploaded_free_text_and_a_list_reach_the_game() -> None:
    c = _organiser()
    own = default_map_text().replace('name = "Mestoria"', 'name = "Mestoria-la-Neuve"')
    r = c.post("/new/", {"game": "atlantis", "title": "Own map", "seat_0_id": "ann", "seat_0_controller": "human",
                         "seat_1_id": "ben", "seat_1_controller": "greedy",
                         "opt_map": SimpleUploadedFile("club.toml", own.encode("utf-8"))})
    assert r.status_code == 302, r.content.decode()[:2000]
    with store.viewing(Campaign.objects.get(title="Own map").pk) as (_c, cc):
        assert "Mestoria-la-Neuve" in str(cc.file.header["setup"]["map"])
    r = c.post("/new/", {"game": "arc", "title": "Forces", "seat_0_controller": "human", "seat_1_controller": "greedy",
                         "seat_2_controller": "greedy", "opt_forces": "favourable"})
    assert r.status_code == 302, r.content.decode()[:2000]
    with store.viewing(Campaign.objects.get(title="Forces").pk) as (_c, cc):
        assert cc.file.header["setup"]["forces"] == "favourable"
    r = c.post("/new/", {"game": "gorges", "title": "Heroes", "seat_0_id": "ann", "seat_0_controller": "human",
                         "seat_1_id": "ben", "seat_1_controller": "greedy", "opt_hero": "ann:L1=Ulric\n\n"})
    assert r.status_code == 302, r.content.decode()[:2000]
    with store.viewing(Campaign.objects.get(title="Heroes").pk) as (_c, cc):
        assert "Ulric" in str(cc.file.header["setup"])


def test_a_bad_uploaded_map_or_text_is_one_sentence_and_no_campaign() -> None:
    c = _organiser()
    r = c.post("/new/", {"game": "atlantis", "title": "Bad map", "seat_0_id": "ann", "seat_0_controller": "human",
                         "seat_1_id": "ben", "seat_1_controller": "greedy",
                         "opt_map": SimpleUploadedFile("club.toml", b"not = [toml")})
    page = r.content.decode()
    assert r.status_code == 200 and 'class="msg error"' in page and "Traceback" not in page
    assert not Campaign.objects.filter(title="Bad map").exists()
    r = c.post("/new/", {"game": "arc", "title": "Bad forces", "seat_0_controller": "human",
                         "seat_1_controller": "greedy", "seat_2_controller": "greedy", "opt_forces": "overwhelming"})
    assert r.status_code == 200 and 'class="msg error"' in r.content.decode()
    assert not Campaign.objects.filter(title="Bad forces").exists()


def test_every_game_offers_every_option_it_declares() -> None:
    from campagne.registry import games
    c = _organiser()
    for name, d in games().items():
        page = c.get("/new/", {"game": name}).content.decode()
        for opt in d.setup_options:
            assert f'name="opt_{opt.name}"' in page, (name, opt.name)


def test_the_seats_offer_the_packaged_armies_and_races() -> None:
    from campagne.games.atlantis.army_file import packaged_army_names
    from campagne.games.gorges.data import races
    from campagne.registry import games
    assert set(games()["wab"].player_fields[0].choices) == set(packaged_army_names())
    assert set(games()["gorges"].player_fields[0].choices) == set(races())
    c = _organiser()
    assert '<select name="seat_0_what"' in c.get("/new/", {"game": "wab"}).content.decode()
    page = c.get("/new/", {"game": "gorges"}).content.decode()
    assert '<select name="seat_0_what"' in page and '<option value="wood_elves">Wood Elves</option>' in page
    r = c.post("/new/", {"game": "gorges", "title": "Races", "seat_0_id": "ann", "seat_0_controller": "human",
                         "seat_0_what": "wood_elves", "seat_1_id": "ben", "seat_1_controller": "greedy",
                         "seat_1_what": "dwarfs"})
    assert r.status_code == 302, r.content.decode()[:2000]
    with store.viewing(Campaign.objects.get(title="Races").pk) as (_c, cc):
        assert [p["race"] for p in cc.file.header["setup"]["players"]] == ["wood_elves", "dwarfs"]


def test_the_seats_packaged_choices_are_named_in_the_readers_language() -> None:
    """Races and army lists by their printed names, not their keys; the form still posts the key."""
    en, fr = _organiser(), _organiser("fr")
    gorges_en = en.get("/new/", {"game": "gorges"}).content.decode()
    gorges_fr = fr.get("/new/", {"game": "gorges"}).content.decode()
    assert '<option value="wood_elves">Wood Elves</option>' in gorges_en and ">wood_elves<" not in gorges_en
    assert '<option value="wood_elves">Elfes Sylvains</option>' in gorges_fr
    assert '<option value="empire" selected>' in gorges_en
    for game in ("wab", "atlantis"):
        page_en = en.get("/new/", {"game": game}).content.decode()
        page_fr = fr.get("/new/", {"game": game}).content.decode()
        assert '<option value="mercenaires-atlantes"' in page_en and ">mercenaires-atlantes<" not in page_en
        assert "Atlantean mercenaries (274 points)</option>" in page_en, game
        assert "Mercenaires atlantes (274 points)</option>" in page_fr, game
    r = en.post("/new/", {"game": "atlantis", "title": "Named", "seat_0_id": "ann", "seat_0_controller": "human",
                          "seat_0_what": "amazon", "seat_1_id": "ben", "seat_1_controller": "greedy",
                          "seat_1_what": "mycenaean-1000"})
    assert r.status_code == 302, r.content.decode()[:2000]
    with store.viewing(Campaign.objects.get(title="Named").pk) as (_c, cc):
        assert [p["army"]["people"] for p in cc.file.header["setup"]["players"]] == ["Amazon", "Mycenaean"]
