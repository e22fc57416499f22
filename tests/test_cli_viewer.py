"""Whose view a campaign command prints: one person against computers reads his own by default (`--referee` for the
referee's); with several people the referee's stays the default; an order prints from its giver's view."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from campagne.cli.main import app

RUNNER = CliRunner()
ENV = {"CAMPAGNE_JSON": None, "CAMPAGNE_LANG": None, "CAMPAGNE_CAMPAIGN": None}


def run(path: Path, *args: str, code: int = 0) -> str:
    r = RUNNER.invoke(app, [*args, "-c", str(path)], env=ENV)
    assert r.exit_code == code, (args, r.output)
    return r.stdout if code == 0 else r.output


def arc(tmp_path: Path, people: int) -> Path:
    path = tmp_path / f"arc{people}.jsonl"
    sides = ["bonnaire", "ulf", "fereira"]
    run(path, "new", "arc", "--seed", "3", "--public-dice", *(x for n, s in enumerate(sides)
                                            for x in ("-p", s if n < people else f"{s}:greedy")))
    return path


ULF_OBJECTIVE = "Koulnikov's leader counter"


def test_one_person_reads_his_own_view_by_default_and_the_referee_asks_for_his(tmp_path: Path) -> None:
    path = arc(tmp_path, people=1)
    assert json.loads(run(path, "status", "--json"))["viewer"] == "bonnaire"
    assert ULF_OBJECTIVE not in run(path, "status") and ULF_OBJECTIVE not in run(path, "journal", "--json")
    assert json.loads(run(path, "status", "--referee", "--json"))["viewer"] is None
    assert ULF_OBJECTIVE in run(path, "status", "--referee")
    made = run(tmp_path / "b.jsonl", "new", "arc", "--seed", "3", "--public-dice", "-p", "bonnaire",
               "-p", "ulf:greedy", "-p", "fereira:greedy", "--json")
    assert json.loads(made)["view"]["viewer"] == "bonnaire" and ULF_OBJECTIVE not in made


def test_his_order_prints_his_view_and_what_the_computers_did_as_he_may_see_it(tmp_path: Path) -> None:
    path = arc(tmp_path, people=1)
    for _ in range(4):  # his set-up closed, then the computers' hidden placements and moves
        status = json.loads(run(path, "status", "--referee", "--json"))
        if "bonnaire" not in status["awaiting"]:
            break
        out = json.loads(run(path, "order", "bonnaire", "done", "--json"))
        assert out["view"]["viewer"] == "bonnaire" and ULF_OBJECTIVE not in json.dumps(out)
        hidden = {u["id"] for u in status["units"] if u["hidden"] and u["side"] != "bonnaire"}
        for e in out["entries"]:
            for ev in e["events"]:
                assert "visible_to" not in ev or "bonnaire" in ev["visible_to"], ev
                assert not (ev.get("type") == "placed" and ev.get("unit") in hidden), ev


def test_several_people_keep_the_referees_view_by_default(tmp_path: Path) -> None:
    path = arc(tmp_path, people=2)
    assert json.loads(run(path, "status", "--json"))["viewer"] is None
    assert json.loads(run(path, "status", "--as", "ulf", "--json"))["viewer"] == "ulf"


def test_as_and_referee_together_are_refused_in_one_sentence(tmp_path: Path) -> None:
    path = arc(tmp_path, people=1)
    before = path.read_bytes()
    said = run(path, "status", "--as", "ulf", "--referee", code=2)
    assert "--referee" in said and "Traceback" not in said and said.count("\n") == 1
    assert path.read_bytes() == before
