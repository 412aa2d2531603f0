"""History is a record: a closed round shows what was written when it closed, whatever the engine
or its rules options have become since; recomputing it is a separate question with its own answer."""

import json
import re

import pytest
from django.urls import reverse

from games.engine import ENGINE_VERSION
from games.engine.core import WIN
from games.engine.registry import game_for
from games.floor import services as floor_services
from games.history import views as history_views
from games.models import Round, RoundEvent
from games.table import services
from tests.conftest import OPENING, play, reseal
from tests.test_pages import ROUND_END

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(cast, table):
    return play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)


@pytest.fixture
def richer_bonus(monkeypatch):
    """Today's engine pays $10 more on a winning Bonus Wager (as a paytable edit would)."""
    game = type(game_for("texas-holdem-bonus"))
    settle = game.settle_bonus

    def richer(self, rnd, seat):
        line = settle(self, rnd, seat)
        return line if line.outcome != WIN else type(line)(**{**line.__dict__, "amount": line.amount + 1000})

    monkeypatch.setattr(game, "settle_bonus", richer)


def round_page(client, user, rnd, name="round-detail"):
    client.force_login(user)
    response = client.get(reverse(name, args=[rnd.id]))
    assert response.status_code == 200
    # The round itself, without the page's chrome (whose CSRF token changes on every load).
    return re.search(r'<section class="card">.*</section>', response.content.decode(), re.S)[0]


def test_a_round_records_its_page_and_sheet_with_the_engine_version_when_it_closes(cast, played):
    assert played.engine_version == ENGINE_VERSION
    lines = [line for _, lines in played.record["page"]["settlement"] for line in lines]
    # The same lines as the materialised rows (board Ah Kd 7c 2s 9s, dealer Qs Qd; see test_pages).
    assert sorted((line["seat"], line["wager"], line["outcome"], line["amount"]) for line in lines) == sorted(
        played.lines.values_list("seat", "wager", "outcome", "amount"))
    assert played.record["sheet"]["seats"]["1"]["cards"] == ["Jd", "Js"]
    assert played.record["settlement"]["totals"] == {"paid": "$50.00", "collected": "$105.00"}


def test_an_open_round_has_no_record_yet(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING)
    assert (rnd.record, rnd.engine_version) == (None, "")


def test_a_void_round_records_its_void_and_recomputes_to_the_same(client, cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:5],
               {"type": "irregularity", "step": "flop_decision", "kind": "wrong_card_count"})
    floor_services.approval_decide(approval_id=rnd.approvals.get(kind="void").id, user=cast["floor"], approve=True)
    rnd = play(rnd, cast["dealer"], {"type": "close", "step": "close"})
    assert rnd.status == "void" and rnd.record["page"]["void"]["section"].startswith("§ 647a")
    assert rnd.record["sheet"]["irregularities"][0]["kind"] == "wrong_card_count"
    assert "exactly as recorded" in round_page(client, cast["super"], rnd, "round-recompute")


def test_a_closed_rounds_page_and_sheet_do_not_change_when_the_paytable_does(client, cast, played, request):
    page = round_page(client, cast["super"], played)
    sheet = client.get(reverse("round-sheet", args=[played.id])).content
    request.getfixturevalue("richer_bonus")
    assert round_page(client, cast["super"], played) == page
    assert client.get(reverse("round-sheet", args=[played.id])).content == sheet
    # Replaying the log, as the page did before it read the record, would now show $60.00.
    Round.objects.filter(pk=played.pk).update(record=None)
    reseal(played)
    assert "pay $60.00" in round_page(client, cast["super"], played) and "pay $60.00" not in page


def test_a_closed_rounds_page_survives_a_renamed_rules_option(client, cast, played):
    page = round_page(client, cast["super"], played)
    # The Bonus paytable option as a later engine might name it: the stored rules no longer say it.
    rules = {("bonus_pay_table" if key == "bonus_paytable" else key): value for key, value in played.rules.items()}
    Round.objects.filter(pk=played.pk).update(rules=rules)
    reseal(played)
    assert round_page(client, cast["super"], played) == page
    sheet = json.loads(client.get(reverse("round-sheet", args=[played.id])).content)
    assert sheet["rules"]["bonus_paytable"] == "A"


def test_recompute_settles_the_recorded_sheet_with_todays_engine_and_shows_the_difference(
        client, cast, played, request):
    same = round_page(client, cast["super"], played, "round-recompute")
    assert "settles this round's sheet exactly as recorded" in same
    request.getfixturevalue("richer_bonus")
    changed = round_page(client, cast["super"], played, "round-recompute")
    differences = re.search(r'<table class="recompute-differences">.*?</table>', changed, re.S)[0]
    assert "win $50.00 on $5.00" in differences and "win $60.00 on $5.00" in differences
    assert "paid $50.00" in differences and "paid $60.00" in differences
    # The record stands: the settlement the table was told is still shown, and nothing was written.
    played.refresh_from_db()
    assert played.record["settlement"]["totals"]["paid"] == "$50.00"


def test_only_a_supervisor_recomputes(client, cast, played):
    client.force_login(cast["floor"])
    assert client.get(reverse("round-recompute", args=[played.id])).status_code == 403
    assert "Recompute" not in client.get(reverse("round-detail", args=[played.id])).content.decode()


def test_an_edited_log_is_flagged_on_the_round_page(client, cast, played):
    assert "fails its check" not in round_page(client, cast["super"], played)
    event = RoundEvent.objects.get(round=played, action__type="cards", action__target="seat:1")
    RoundEvent.objects.filter(pk=event.pk).update(action={**event.action, "cards": ["As", "Ad"]})
    assert f"first at event {event.seq}: its action" in round_page(client, cast["super"], played)


def test_a_closed_round_is_shown_and_exported_without_replaying_its_log(client, cast, played, monkeypatch):
    def replay(*args, **kwargs):
        raise AssertionError("a closed round was replayed")

    monkeypatch.setattr(history_views, "engine_round", replay)
    monkeypatch.setattr(history_views, "sheet_from_log", replay)
    assert "pay $50.00" in round_page(client, cast["super"], played)
    assert json.loads(client.get(reverse("round-sheet", args=[played.id])).content)["seats"]["3"]["cards"] == [
        "3c", "4c"]
    assert b"".join(client.get(reverse("history-csv")).streaming_content).count(b"\n") == 2


def test_a_round_closed_before_records_were_kept_says_it_is_replayed(client, cast, played):
    Round.objects.filter(pk=played.pk).update(record=None, engine_version="")
    reseal(played)
    page = round_page(client, cast["super"], played)
    assert "Closed before records were kept" in page and "pay $50.00" in page
    assert "Recompute" not in page
