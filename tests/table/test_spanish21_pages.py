"""Spanish 21 on the dealer's page: each hand with its cards, total, wagers and state; the 48-card
picker; irregularities naming a seat and hand; the round's record and sheet."""

import json
import re

import pytest
from django.urls import reverse

from games.engine.round_sheet import settle_sheet
from games.models import Round, Table
from tests.conftest import deal_at, start_round

pytestmark = pytest.mark.django_db

RULES = {"match_the_dealer": True, "decks": "6"}


@pytest.fixture
def spanish(db):
    return Table.objects.create(name="S21-9", game="spanish-21", rules=RULES)


def tap(client, rnd: Round, action: dict, **fields) -> str:
    rnd.refresh_from_db()
    response = client.post(reverse("round-act", args=[rnd.id]),
                           {"seq": rnd.seq, "action": json.dumps(action), **fields})
    assert response.status_code == 200
    return response.content.decode()


def started(client, cast, table) -> Round:
    deal_at(table, cast["dealer"])
    client.force_login(cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    rnd = table.rounds.get()
    client.post(reverse("round-act", args=[rnd.id]), {
        "seq": 0, "seat": 1, "step": "wagers", "wager": ["main", "match_the_dealer"], "amount_main": "10",
        "amount_match_the_dealer": "5"})
    rnd.refresh_from_db()
    client.post(reverse("round-act", args=[rnd.id]), {"seq": rnd.seq, "seat": 3, "step": "wagers",
                                                       "wager": ["main"], "amount_main": "25"})
    tap(client, rnd, {"type": "no_more_bets", "step": "wagers"})
    return rnd


def test_the_picker_offers_48_cards_no_ten_and_counts_a_card_seen_without_greying_it(client, cast, spanish):
    rnd = started(client, cast, spanish)
    page = tap(client, rnd, {"type": "cards", "step": "deal", "target": "seat:1"}, cards="8s 8d")
    picker = re.findall(r'data-card="(\w\w)"', page)
    assert len(picker) == 48 and not [code for code in picker if code.startswith("T")]
    eight = re.search(r'<button type="button" class="pick suit-s" data-card="8s"[^>]*>', page).group(0)
    assert "disabled" not in eight and 'aria-label="8s, 1 out"' in eight


def test_each_hand_shows_its_cards_total_wagers_and_state_and_the_hand_on_turn(client, cast, spanish):
    rnd = started(client, cast, spanish)
    tap(client, rnd, {"type": "cards", "step": "deal", "target": "seat:1"}, cards="8s 8d")
    tap(client, rnd, {"type": "cards", "step": "deal", "target": "seat:3"}, cards="5h 6c")
    tap(client, rnd, {"type": "cards", "step": "deal", "target": "dealer"}, cards="8h")
    tap(client, rnd, {"type": "settle", "step": "match"})
    page = tap(client, rnd, {"type": "play", "step": "play", "seat": 1, "hand": 1, "move": "split", "amount": "10"})
    assert 'Seat 1 hand 1 (<span class="suit-s">8♠</span>: split, waiting for its second card)' in page
    page = tap(client, rnd, {"type": "cards", "step": "play", "target": "seat:1", "hand": 1}, cards="3c")
    hand_1 = re.search(r'<div class="hand active" id="seat-1-hand-1".*?</div>\s*</div>', page, re.DOTALL).group(0)
    assert "hard 11" in hand_1 and "Spanish 21 Wager $10.00" in hand_1
    hand_2 = re.search(r'<div class="hand" id="seat-1-hand-2".*?</div>\s*</div>', page, re.DOTALL).group(0)
    assert "Split Wager $10.00" in hand_2 and "8♦" in hand_2
    # The Double Down of any amount up to the wager: the prompt's amount form names the hand.
    amount_form = re.search(r'<form class="amount-entry".*?</form>', page, re.DOTALL).group(0)
    assert "&quot;hand&quot;: 1" in amount_form and "&quot;move&quot;: &quot;double&quot;" in amount_form
    picker_action = re.search(r'<form class="picker".*?name="action" value="([^"]*)"', page, re.DOTALL).group(1)
    assert json.loads(picker_action.replace("&quot;", '"')) == {"type": "cards", "step": "play", "target": "seat:1",
                                                                "hand": 1}


def test_the_wager_form_names_its_step_and_a_late_one_is_refused(client, cast, spanish):
    rnd = started(client, cast, spanish)
    assert {event.action["step"] for event in rnd.events.filter(action__type="place_wager")} == {"wagers"}
    rnd.refresh_from_db()
    page = client.post(reverse("round-act", args=[rnd.id]), {
        "seq": rnd.seq, "seat": 5, "step": "wagers", "wager": ["main"], "amount_main": "10"}).content.decode()
    assert "Not now: the round is at &#x27;Deal from the shoe" in page
    assert not rnd.wagers.filter(seat=5).exists()


def test_a_hand_called_dead_is_reported_with_its_seat_and_hand(client, cast, spanish):
    rnd = started(client, cast, spanish)
    tap(client, rnd, {"type": "cards", "step": "deal", "target": "seat:1"}, cards="9s 4d")
    tap(client, rnd, {"type": "cards", "step": "deal", "target": "seat:3"}, cards="5h 6c")
    tap(client, rnd, {"type": "cards", "step": "deal", "target": "dealer"}, cards="7h")
    page = tap(client, rnd, {"type": "settle", "step": "match"})
    assert 'name="seat"' in page and 'name="hand"' in page
    page = tap(client, rnd, {"type": "irregularity", "step": "play", "kind": "card_not_dealt"}, seat="1", hand="1")
    assert "dead, wagers returned" in page
    assert 'Seat 3 (<span class="suit-h">5♥</span> <span class="suit-c">6♣</span>: hard 11)' in page
    assert list(rnd.lines.values_list("seat", "wager", "outcome")) == [(1, "match_the_dealer", "lose"),
                                                                        (1, "main", "returned")]


def test_a_closed_round_shows_every_hand_and_its_sheet_settles_the_same(client, cast, spanish):
    rnd = started(client, cast, spanish)
    for action, cards in [
        ({"type": "cards", "step": "deal", "target": "seat:1"}, "8s 8d"),
        ({"type": "cards", "step": "deal", "target": "seat:3"}, "5h 6c"),
        ({"type": "cards", "step": "deal", "target": "dealer"}, "8h"),
        ({"type": "settle", "step": "match"}, ""),
        ({"type": "play", "step": "play", "seat": 1, "hand": 1, "move": "split", "amount": "10"}, ""),
        ({"type": "cards", "step": "play", "target": "seat:1", "hand": 1}, "3c"),
        ({"type": "play", "step": "play", "seat": 1, "hand": 1, "move": "double", "amount": "10"}, ""),
        ({"type": "cards", "step": "play", "target": "seat:1", "hand": 1}, "9h"),
        ({"type": "play", "step": "play", "seat": 1, "hand": 1, "move": "stand"}, ""),
        ({"type": "cards", "step": "play", "target": "seat:1", "hand": 2}, "Kc"),
        ({"type": "play", "step": "play", "seat": 1, "hand": 2, "move": "stand"}, ""),
        ({"type": "play", "step": "play", "seat": 3, "hand": 1, "move": "stand"}, ""),
        ({"type": "cards", "step": "hole_card", "target": "dealer"}, "6d"),
        ({"type": "cards", "step": "dealer_draws", "target": "dealer"}, "Kd"),
        ({"type": "settle", "step": "settle"}, ""),
    ]:
        tap(client, rnd, action, **({"cards": cards} if cards else {}))
    page = tap(client, rnd, {"type": "close", "step": "close"})
    rnd.refresh_from_db()
    # Dealer 8 6 K = 24, over 21 (§ 635a.7(n)(1)): hand 1 (8 3 9 = 20, doubled) wins $10 and $10,
    # hand 2 (8 K = 18) wins $10 on its Split Wager, seat 3's 11 wins $25, all at 1 to 1
    # (§ 635a.12(a), § 635a.10(c), § 635a.11(e)).  The Match-the-Dealer $5 on 8s 8d against the 8h:
    # two matching cards of other suits, 4 to 1 each on six decks (§ 635a.12(e)(1)): $40.
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 40_00 + 10_00 * 3 + 25_00, 0)
    assert "(hand 2)" in page
    client.force_login(cast["super"])
    detail = client.get(reverse("round-detail", args=[rnd.id])).content.decode()
    assert "Hand 2: " in detail and "played: split, 3c, double, 9h, stand" in detail and "Board:" not in detail
    sheet = client.get(reverse("round-sheet", args=[rnd.id])).json()
    assert sheet["seats"]["1"]["hands"] == [["split", "3c", "double", "9h", "stand"], ["Kc", "stand"]]
    assert [line["amount_cents"] for line in settle_sheet(sheet)["lines"]] == list(
        rnd.lines.order_by("position").values_list("amount", flat=True))


@pytest.mark.parametrize("decks", ["6", "8"])
def test_training_mode_shuffles_a_shoe_of_six_or_eight_48_card_decks(cast, decks):
    table = Table.objects.create(name=f"S21-T{decks}", game="spanish-21", rules={"decks": decks}, training=True)
    rnd = start_round(table, cast["dealer"])
    assert len(rnd.shoe_order) == 48 * int(decks) and rnd.shoe_order.count("As") == int(decks)
    assert not any(code.startswith("T") for code in rnd.shoe_order)


def test_the_configuration_page_shows_match_the_dealers_return_for_six_and_eight_decks(client, cast, spanish):
    client.force_login(cast["super"])
    page = client.get(reverse("table-configure", args=[spanish.id])).content.decode()
    # § 635a.12(e) with the up card out: of the 48d - 1 cards left, d - 1 match it in rank and suit,
    # 3d in rank only, 44d not at all; each matching card is paid.  Six decks (5, 18, 264 of 287;
    # C(287, 2) = 41,041 pairs): 10 × 18 + 90 × 13 + 153 × 8 + 1,320 × 9 + 4,752 × 4 − 34,716
    # = −1,254 units: −3.0555%.  Eight decks (7, 24, 352 of 383; 73,153 pairs):
    # 21 × 24 + 168 × 15 + 276 × 6 + 2,464 × 12 + 8,448 × 3 − 61,776 = −2,184: −2.9855%.
    assert "-3.0555%" in page and "-2.9855%" in page
    client.post(reverse("table-configure", args=[spanish.id]), {
        "decks": "8", "match_the_dealer": "on", "additional_splits": "1", "settlement_order": "right_to_left",
        "adjacent_boxes": "1", "smallest_chip": "0.50", "min_main": "10", "max_main": "1000",
        "min_match_the_dealer": "1", "max_match_the_dealer": "50", "approval_threshold": ""})
    spanish.refresh_from_db()
    rules = spanish.rules
    assert (rules["decks"], rules["even_money"], rules["additional_splits"]) == ("8", False, "1")
