"""Pages: roles on every page, the dealer's taps over HTTP, history search, CSV and round sheets."""

import csv
import io
import json

import pytest
from django.urls import reverse

from games.common.calendar import gaming_day_of
from games.engine.round_sheet import settle_sheet
from games.table import services
from tests.conftest import OPENING, deal_at, play

pytestmark = pytest.mark.django_db

ROUND_END = [
    {"type": "decide", "step": "turn_decision", "seat": 1, "choice": "check"},
    {"type": "decide", "step": "turn_decision", "seat": 3, "choice": "check"},
    {"type": "cards", "step": "turn", "target": "board", "cards": ["2s"]},
    {"type": "decide", "step": "river_decision", "seat": 1, "choice": "check"},
    {"type": "decide", "step": "river_decision", "seat": 3, "choice": "check"},
    {"type": "cards", "step": "river", "target": "board", "cards": ["9s"]},
    {"type": "cards", "step": "reveal", "target": "dealer", "cards": ["Qs", "Qd"]},
    {"type": "cards", "step": "settle", "target": "seat:3", "cards": ["3c", "4c"]},
    {"type": "cards", "step": "settle", "target": "seat:1", "cards": ["Jd", "Js"]},
    {"type": "close", "step": "close"},
]


@pytest.fixture
def played(cast, table):
    return play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)


def login(client, user):
    client.force_login(user)
    return client


@pytest.mark.parametrize("name, args", [("home", []), ("pit", []), ("history", []), ("history-csv", [])])
def test_nobody_unauthenticated_sees_anything(client, table, name, args):
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_user_without_a_role_is_refused(client, cast, table):
    assert login(client, cast["stranger"]).get(reverse("table", args=[table.id])).status_code == 403


@pytest.mark.parametrize("user, name, status", [
    ("dealer", "pit", 403), ("dealer", "history", 403), ("floor", "pit", 200), ("super", "history", 200),
    ("floor", "table", 200), ("super", "table", 200),
])
def test_pages_follow_the_roles(client, cast, table, user, name, status):
    args = [table.id] if name == "table" else []
    assert login(client, cast[user]).get(reverse(name, args=args)).status_code == status


def test_a_floorperson_cannot_start_a_round(client, cast, table):
    assert login(client, cast["floor"]).post(reverse("round-start", args=[table.id])).status_code == 403


def test_the_dealer_places_wagers_and_sees_the_next_prompt(client, cast, table):
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    rnd = table.rounds.get()
    response = client.post(reverse("round-act", args=[rnd.id]), {
        "seq": 0, "step": "wagers", "seat": 2, "wager": ["ante", "bonus"], "amount_ante": "15", "amount_bonus": "5"})
    assert response.status_code == 200
    assert list(rnd.wagers.values_list("seat", "wager", "amount")) == [(2, "ante", 1500), (2, "bonus", 500)]
    assert "No more bets" in response.content.decode()


def test_clearing_every_field_of_a_let_it_ride_seat_removes_all_its_wagers_in_one_tap(client, cast, db):
    from games.models import Table

    lir = Table.objects.create(name="LIR-9", game="let-it-ride", rules={"three_card_bonus_paytable": "A"})
    deal_at(lir, cast["dealer"])
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[lir.id]))
    rnd = lir.rounds.get()
    wagers = ["bet1", "bet2", "bet3", "three_card_bonus"]
    client.post(reverse("round-act", args=[rnd.id]), {
        "seq": 0, "step": "wagers", "seat": 4, "wager": wagers, **{f"amount_{w}": "10" for w in wagers}})
    assert rnd.wagers.count() == 4
    # Every field emptied: Bet 1, which the others need (§ 643a.7(d)), is removed last.
    response = client.post(reverse("round-act", args=[rnd.id]), {
        "seq": 4, "step": "wagers", "seat": 4, "wager": wagers, **{f"had_{w}": "1" for w in wagers}})
    assert "error" not in response.content.decode().split('id="prompt"')[0]
    assert not rnd.wagers.exists()


def test_the_settlement_shows_one_total_per_seat_beside_its_lines(client, cast, table, played):
    page = login(client, cast["dealer"]).get(reverse("table-state", args=[table.id])).content.decode()
    # Board Ah Kd 7c 2s 9s, dealer Qs Qd (a pair of queens).  Seat 1, Jd Js, loses its $10 Ante and
    # $20 Flop Wager (§ 647a.11(h)(2)(i)) and wins 10 to 1 on its $5 Bonus Wager, jack-jack on
    # Paytable A (§ 647a.12(b)): $50.  Seat 3, ace high, loses its $25 Ante and $50 Flop Wager.
    assert "pay $50.00 · collect $30.00" in page.split('id="seat-total-1"')[1].split("</tr>")[0]
    assert "collect $75.00" in page.split('id="seat-total-3"')[1].split("</tr>")[0]


def test_a_refusal_is_shown_to_the_dealer_and_changes_nothing(client, cast, table):
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    rnd = table.rounds.get()
    response = client.post(reverse("round-act", args=[rnd.id]), {
        "seq": 0, "step": "wagers", "seat": 2, "wager": ["ante"], "amount_ante": "5000"})
    assert "outside the table&#x27;s limits" in response.content.decode()
    assert not rnd.wagers.exists()


@pytest.mark.parametrize("step, message", [
    (None, "The place_wager action names no step"),
    ("deal", "The deal step is not current"),
])
def test_a_seat_form_not_naming_the_current_step_is_refused_and_changes_nothing(client, cast, table, step, message):
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    rnd = table.rounds.get()
    form = {"seq": 0, "seat": 2, "wager": ["ante"], "amount_ante": "15"} | ({"step": step} if step else {})
    response = client.post(reverse("round-act", args=[rnd.id]), form)
    assert message in response.content.decode()
    rnd.refresh_from_db()
    assert rnd.seq == 0 and not rnd.wagers.exists()


def test_history_finds_rounds_by_table_dealer_game_and_date(client, cast, played):
    login(client, cast["super"])
    today = gaming_day_of(played.started_at).isoformat()  # dates are gaming days
    found = client.get(reverse("history"), {"table": "TH-9", "dealer": "dealer", "game": "texas-holdem-bonus",
                                            "from": today, "to": today})
    assert reverse("round-detail", args=[played.id]) in found.content.decode()
    missed = client.get(reverse("history"), {"dealer": "dealer2"})
    assert reverse("round-detail", args=[played.id]) not in missed.content.decode()


def test_history_exports_csv(client, cast, played):
    response = login(client, cast["super"]).get(reverse("history-csv"), {"table": "TH-9"})
    assert response.streaming  # read from the database as it is sent, never built whole in memory
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    # Board Ah Kd 7c 2s 9s, dealer Qs Qd: a pair of queens.  Seat 3 (3c 4c) has ace high and
    # loses Ante $25 + Flop $50 (§ 647a.11(h)(2)(i)); seat 1 (Jd Js) has a pair of jacks and loses
    # Ante $10 + Flop $20: $105 collected.  Seat 1's Bonus $5 on jack-jack wins 10 to 1
    # (§ 647a.12(b), Paytable A) = $50 paid.
    # Wagered: seat 1 Ante $10, Bonus $5 and a Flop Wager of twice the Ante (§ 647a.11(b)), $20;
    # seat 3 Ante $25 and Flop $50: a handle of $110.  The house's win: $105 - $50 = $55.
    assert rows == [{"table": "TH-9", "round": "1", "game": "Texas Hold 'Em Bonus Poker", "dealer": "dealer",
                     "started": rows[0]["started"], "closed": rows[0]["closed"], "status": "Closed",
                     "training": "no", "seats": "1, 3",
                     "wagers": "1: Ante 10.00, Texas Hold 'Em Bonus Wager 5.00, Flop Wager 20.00; "
                               "3: Ante 25.00, Flop Wager 50.00",
                     "handle": "110.00", "paid": "50.00", "collected": "105.00", "kept": "0.00", "win": "55.00",
                     "void": "",
                     "approvals": "0", "approval_statuses": "", "decided_by": "", "log": "verified"}]


def test_the_round_page_reconstructs_the_hand(client, cast, played):
    page = login(client, cast["super"]).get(reverse("round-detail", args=[played.id])).content.decode()
    for text in ("King-king, queen-queen or jack-jack", "§ 647a.11(h)(2)(i)", "dealer", "J♠", "Q♦"):
        assert text in page


def test_a_rounds_sheet_reproduces_its_own_settlement(client, cast, played):
    response = login(client, cast["super"]).get(reverse("round-sheet", args=[played.id]))
    settled = settle_sheet(json.loads(response.content))
    recorded = list(played.lines.values_list("seat", "wager", "outcome", "amount"))
    assert [(line["seat"], line["wager"], line["outcome"], line["amount_cents"]) for line in settled["lines"]] \
        == recorded


def test_a_supervisor_configures_the_table_within_the_regulation(client, cast, table):
    login(client, cast["super"])
    url = reverse("table-configure", args=[table.id])
    form = {"bonus_paytable": "B", "ante_returned_below": "flush", "min_ante": "10", "max_ante": "1000",
            "min_bonus": "5", "max_bonus": "100", "dealing_method": "hand", "approval_threshold": "0"}
    refused = client.post(url, form).content.decode()
    # A $0 threshold would send every seat's settlement to a floorperson: refused, by name.
    assert "approval threshold must be more than $0.00" in refused
    table.refresh_from_db()
    assert table.rules["bonus_paytable"] == "A"  # unchanged
    saved = client.post(url, {**form, "approval_threshold": "250"}).content.decode()
    table.refresh_from_db()
    assert (table.rules["bonus_paytable"], table.rules["dealing_method"], table.rules["counting_shuffler"]) == (
        "B", "hand", False)
    # § 647a.12(c) fixes the limit: $10 minimum Ante x 5 at 1 to 1 = $50, + $5 Bonus on B's top row
    # (30 to 1) = $150: below $50,000, so the page shows $50,000 as the chapter's, not an option.
    assert "$50,000.00" in saved and "§ 647a.12(c)" in saved and 'name="payout_limit"' not in saved


def test_only_a_supervisor_configures_a_table(client, cast, table):
    assert login(client, cast["floor"]).get(reverse("table-configure", args=[table.id])).status_code == 403


def test_the_configuration_page_shows_each_bonus_paytables_return(client, cast, table):
    page = login(client, cast["super"]).get(reverse("table-configure", args=[table.id])).content.decode()
    # § 647a.12(b) Paytable B over the 1,326 two-card hands, winnings per unit: AA 6 × 30,
    # AK suited 4 × 25, AQ/AJ suited 8 × 20, AK offsuit 12 × 15, KK/QQ/JJ 18 × 10,
    # AQ/AJ offsuit 24 × 5, 22-TT 54 × 3: 1,082 won; the other 1,200 hands lose their unit:
    # (1,082 − 1,200) / 1,326 = −8.8989%.
    assert "-8.8989%" in page


def test_a_dealer_marks_one_player_on_two_adjacent_heads_up_boxes(client, cast, db):
    from games.models import Table

    wpt = Table.objects.create(name="WPT-9", game="wpt-heads-up", rules={"adjacent_boxes": "2"})
    deal_at(wpt, cast["dealer"])
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[wpt.id]))
    rnd = wpt.rounds.get()
    both = {"wager": ["ante", "odds"], "amount_ante": "10", "amount_odds": "10"}
    client.post(reverse("round-act", args=[rnd.id]), {"seq": 0, "step": "wagers", "seat": 2, **both})
    page = client.post(reverse("round-act", args=[rnd.id]),
                       {"seq": 2, "step": "wagers", "seat": 3, "player": "2", **both})
    assert "same player as seat 2" in page.content.decode()
    rnd.refresh_from_db()
    assert [event.action["type"] for event in rnd.events.order_by("seq")][-1] == "same_player"
    assert services.engine_round(rnd).seats[3].player == 2  # § 677a.7(e): seat 3 is seat 2's player's
    # Clearing the box makes seat 3 its own player's again.
    client.post(reverse("round-act", args=[rnd.id]), {"seq": 5, "step": "wagers", "seat": 3, "had_player": "1", **both})
    rnd.refresh_from_db()
    assert services.engine_round(rnd).seats[3].player == 0
