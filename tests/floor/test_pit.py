"""The floorperson's pit: each request with what decides it, the count of what waits, training
requests kept out of the live pit, each table's status, and training marked wherever it shows."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.floor import selectors
from games.floor import services as floor_services
from games.models import Table
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, deal_at, play

pytestmark = pytest.mark.django_db

# Seat 3 is turned and loses; seat 1's Ad Ks is turned last and waits for a floorperson.
TO_SEAT_1 = [*OPENING, *REST_OF_ROUND]


def awaiting_approval(table, dealer):
    return play(services.round_start(table_id=table.id, user=dealer), dealer, *TO_SEAT_1)


def training_void(cast, name="TR-1"):
    """A round at a training table whose void waits for a floorperson (§ 647a.13(c))."""
    table = Table.objects.create(name=name, game="texas-holdem-bonus", rules={"bonus_paytable": "A"}, training=True)
    deal_at(table, cast["dealer2"])
    rnd = services.round_start(table_id=table.id, user=cast["dealer2"])
    return play(rnd, cast["dealer2"],
                {"type": "place_wager", "step": "wagers", "seat": 2, "wager": "ante", "amount": "5"},
                {"type": "no_more_bets", "step": "wagers"},
                {"type": "irregularity", "step": "deal", "kind": "wrong_card_count"})


def test_a_request_carries_table_dealer_seat_cards_wagers_lines_amount_and_wait(client, cast, table):
    rnd = awaiting_approval(table, cast["dealer"])
    client.force_login(cast["floor"])
    page = client.get(reverse("pit")).content.decode()
    item = page[page.index('id="pit-item-'):page.index("</article>")]
    assert "Table TH-9" in item and f"round {rnd.number}" in item and "dealer dealer" in item and "seat 1" in item
    cards = dict(re.findall(r'id="pit-item-\d+-(seat|board|dealer)">(.*?)</div>', item))
    assert re.findall(r'data-card="(\w\w)"', cards["seat"]) == ["Ad", "Ks"]
    assert re.findall(r'data-card="(\w\w)"', cards["board"]) == ["Ah", "Kd", "7c", "2s", "9s"]
    assert re.findall(r'data-card="(\w\w)"', cards["dealer"]) == ["Qs", "Qd"]
    # The four-colour deck: the diamonds are told from the hearts by their class.
    assert 'class="pit-cards"' in item and 'suit-d" data-card="Ad"' in item
    assert ("Ante $10.00 · Texas Hold &#x27;Em Bonus Wager $5.00 · Flop Wager $20.00 · Turn Wager $10.00 · "
            "River Wager $10.00") in item
    # § 647a.11(h)(2)(ii): two pair pushes the Ante; Flop $20 + Turn $10 + River $10 win 1 to 1;
    # § 647a.12(b) paytable A: ace-king of different suits pays 15 to 1 on the $5 Bonus, $75.
    assert '<strong class="pit-amount">$115.00</strong>' in item
    assert "Two pair, aces and kings beats the dealer&#x27;s pair of queens" in item
    assert re.search(r'<time class="waited" datetime="\d{4}-\d\d-\d\dT[\d:.]+[+-]\d\d:\d\d">', item)
    assert '<span id="pit-count">1</span> waiting' in page
    assert 'id="pit-badge" data-waiting="1"' in page


def test_the_pit_is_read_in_as_many_queries_for_three_requests_as_for_one(client, cast, table):
    awaiting_approval(table, cast["dealer"])
    client.force_login(cast["floor"])

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(reverse("pit-state")).status_code == 200
        return len(captured)

    one = queries()
    for name in ("TH-1", "TH-2"):
        other = Table.objects.create(name=name, game="texas-holdem-bonus", rules=table.rules)
        deal_at(other, cast["dealer"])
        awaiting_approval(other, cast["dealer"])
    assert selectors.live_pending()["waiting"] == 3
    assert queries() == one


def test_a_training_request_is_kept_out_of_the_live_pit_and_marked(client, cast, table):
    live = awaiting_approval(table, cast["dealer"])
    training = training_void(cast)
    state = selectors.pit_state()
    assert [item.approval.round_id for item in state["items"]] == [live.id]
    assert [item.approval.round_id for item in state["training_items"]] == [training.id]
    assert selectors.live_pending() == {"waiting": 1, "newest": live.approvals.get().id}
    client.force_login(cast["floor"])
    page = client.get(reverse("pit")).content.decode()
    live_part, training_part = page.split('id="pit-training"')
    assert '<span id="pit-count">1</span>' in live_part and "Table TR-1" not in live_part
    assert "TRAINING" in training_part and "Table TR-1" in training_part
    assert client.get(reverse("pit-waiting")).json()["waiting"] == 1


def test_the_badge_is_in_the_nav_of_every_page_for_the_floor_only(client, cast, table):
    awaiting_approval(table, cast["dealer"])
    client.force_login(cast["super"])
    assert 'id="pit-badge" data-waiting="1"' in client.get(reverse("history")).content.decode()
    client.force_login(cast["dealer"])
    assert "pit-badge" not in client.get(reverse("table", args=[table.id])).content.decode()
    assert client.get(reverse("pit-waiting")).status_code == 403


def test_the_table_list_says_which_tables_are_idle_in_play_or_waiting(client, cast, table):
    idle = Table.objects.create(name="TH-1", game="texas-holdem-bonus", rules=table.rules)
    playing = Table.objects.create(name="TH-2", game="texas-holdem-bonus", rules=table.rules)
    deal_at(playing, cast["dealer2"])
    play(services.round_start(table_id=playing.id, user=cast["dealer2"]), cast["dealer2"], *OPENING[:2])
    awaiting_approval(table, cast["dealer"])
    client.force_login(cast["floor"])
    with CaptureQueriesContext(connection) as captured:
        page = client.get(reverse("home")).content.decode()
    for shown, status in ((idle, "idle"), (playing, "in play"), (table, "waiting")):
        assert f'id="table-{shown.id}-status">{status}</span>' in page
    # One more table, idle: the list is read in the same queries.
    Table.objects.create(name="TH-3", game="texas-holdem-bonus", rules=table.rules)
    with CaptureQueriesContext(connection) as again:
        client.get(reverse("home"))
    assert len(again) == len(captured)


def test_training_is_marked_on_the_table_the_round_the_history_and_the_sheet(client, cast, table):
    training = training_void(cast)
    floor_services.approval_decide(approval_id=training.approvals.get().id, user=cast["floor"], approve=True)
    training = play(training, cast["dealer2"], {"type": "close", "step": "close"})
    live = awaiting_approval(table, cast["dealer"])
    client.force_login(cast["super"])
    assert 'id="training-banner"' in client.get(reverse("table", args=[training.table_id])).content.decode()
    assert 'id="training-banner"' not in client.get(reverse("table", args=[table.id])).content.decode()
    assert 'id="training-banner"' in client.get(reverse("round-detail", args=[training.id])).content.decode()
    assert 'id="training-banner"' not in client.get(reverse("round-detail", args=[live.id])).content.decode()
    history = client.get(reverse("history"), {"training": "all"}).content.decode()
    rows = {row.split("</td>", 1)[0]: row for row in history.split("<tr><td>")[1:]}
    assert "TRAINING" in rows["TR-1"] and "TRAINING" not in rows["TH-9"]
    # Left out unless asked for.
    assert "TR-1" not in client.get(reverse("history")).content.decode().split("<tbody>", 1)[-1]
    assert client.get(reverse("round-sheet", args=[training.id])).json()["training"] is True
    assert "training" not in client.get(reverse("round-sheet", args=[live.id])).json()


def test_only_a_training_table_draws_its_hole_cards_and_the_quiz(client, cast, table):
    from games.engine.cards import RANK_CHARS, SUIT_CHARS
    from games.models import Round

    training = Table.objects.create(name="TR-2", game="texas-holdem-bonus", rules={"bonus_paytable": "A"},
                                    training=True)
    deal_at(training, cast["dealer2"])
    # The virtual shoe, stacked: seat 1's first card, the dealer's, seat 1's second, the dealer's,
    # a burn, the Flop, a burn, the Turn, a burn, the River.
    stacked = ["As", "2c", "Ad", "3d", "4s", "Kh", "9s", "5c", "8c", "7h", "6d", "Jd"]
    order = stacked + [rank + suit for suit in SUIT_CHARS for rank in RANK_CHARS if rank + suit not in stacked]
    rnd = Round.objects.create(table=training, number=1, game=training.game,
                               rules={**training.rules, "stub_count_due": False}, shoe_order=order,
                               dealer=cast["dealer2"])
    rnd = play(rnd, cast["dealer2"],
               {"type": "place_wager", "step": "wagers", "seat": 1, "wager": "ante", "amount": "10"},
               {"type": "no_more_bets", "step": "wagers"}, {"type": "deal", "step": "deal"},
               {"type": "decide", "step": "flop_decision", "seat": 1, "choice": "fold"})
    client.force_login(cast["dealer2"])
    page = client.get(reverse("table", args=[training.id])).content.decode()
    hole = page[page.index('id="seat-1-hole"'):]
    assert re.findall(r'virtual-hole suit-\w" data-card="(\w\w)"', hole)[:2] == ["As", "Ad"]
    assert 'id="hole-toggle"' in page
    # § 647a.11(b)(2): a fold forfeits the $10 Ante: the trainee is asked what to collect.
    assert 'data-answer="1000"' in page and "What do you collect from seat 1?" in page
    live = awaiting_approval(table, cast["dealer"])
    client.force_login(cast["dealer"])
    page = client.get(reverse("table", args=[live.table_id])).content.decode()
    assert "virtual-hole" not in page and "quiz" not in page and 'id="hole-toggle"' not in page
