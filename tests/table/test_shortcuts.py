"""The dealer's shortcuts (games/table/shortcuts.py): quick amounts and limits beside each wager, wagers
that must equal another filled in, last round's wagers in one tap, one tap for every seat that
decides alike.  Each goes through the same place_wager and decide actions as a tap would."""

import json
import re

import pytest
from django.urls import reverse

from games.engine.core import RoundState
from games.engine.registry import game_for
from games.models import Round, RoundEvent, Table, Wager
from games.table import services, shortcuts
from tests.conftest import OPENING, deal_at, play
from tests.test_pages import ROUND_END, login

pytestmark = pytest.mark.django_db


def act(client, rnd, data):
    rnd.refresh_from_db()
    return client.post(reverse("round-act", args=[rnd.id]), {"seq": rnd.seq, **data}).content.decode()


def chips(page, seat, wager):
    """The amounts of a seat's chips for a wager, as the buttons send them."""
    form = page.split(f'data-seat="{seat}"')[1].split("</form>")[0]
    return re.findall(rf'name="quick" value="{wager} ([0-9.]+)"', form)


def placed(rnd):
    return {(w.seat, w.wager): w.amount for w in Wager.objects.filter(round=rnd)}


@pytest.fixture
def limited(cast):
    """A Texas Hold 'Em Bonus table whose Rules Submission sets the Ante at $5 to $100 and the
    Bonus Wager at $2 to $15 (§ 647a.7: the table's minimum and maximum wagers)."""
    table = Table.objects.create(name="TH-Q", game="texas-holdem-bonus", rules={
        "bonus_paytable": "A", "min_ante": "5.00", "max_ante": "100.00", "min_bonus": "2.00", "max_bonus": "15.00"})
    deal_at(table, cast["dealer"])
    return table


def test_the_chips_are_the_minimum_and_its_multiples_within_the_maximum(client, cast, limited):
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[limited.id]))
    page = client.get(reverse("table", args=[limited.id])).content.decode()
    # Ante: 1, 2, 5 and 10 times $5 = $5, $10, $25, $50, all within $100.
    assert chips(page, 1, "ante") == ["5.00", "10.00", "25.00", "50.00"]
    # Bonus: $2, $4, $10; ten times ($20) passes the $15 maximum and is not offered.
    assert chips(page, 1, "bonus") == ["2.00", "4.00", "10.00"]
    assert '<span class="limits muted" data-limits="ante">$5–$100</span>' in page
    assert '<span class="limits muted" data-limits="bonus">$2–$15</span>' in page


def test_a_chip_places_its_amount_in_one_tap(client, cast, limited):
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[limited.id]))
    rnd = limited.rounds.get()
    act(client, rnd, {"step": "wagers", "seat": 2, "wager": ["ante", "bonus"], "amount_ante": "", "amount_bonus": "",
                      "quick": "ante 25.00"})
    assert placed(rnd) == {(2, "ante"): 2500}


def test_the_odds_wager_is_placed_equal_to_the_ante_without_being_asked(client, cast):
    wpt = Table.objects.create(name="WPT-Q", game="wpt-heads-up", rules={})
    deal_at(wpt, cast["dealer"])
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[wpt.id]))
    page = client.get(reverse("table", args=[wpt.id])).content.decode()
    form = page.split('data-seat="1"')[1].split("</form>")[0]
    assert 'name="amount_odds"' not in form and 'name="follows_odds" value="ante"' in form
    rnd = wpt.rounds.get()
    act(client, rnd, {"step": "wagers", "seat": 1, "wager": ["ante", "odds"], "follows_odds": "ante",
                      "quick": "ante 10.00"})
    # § 677a.7(d)(1): the Odds Wager equals the Ante.
    assert placed(rnd) == {(1, "ante"): 1000, (1, "odds"): 1000}


def test_one_amount_places_let_it_rides_three_equal_bets(client, cast):
    lir = Table.objects.create(name="LIR-Q", game="let-it-ride", rules={})
    deal_at(lir, cast["dealer"])
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[lir.id]))
    rnd = lir.rounds.get()
    act(client, rnd, {"step": "wagers", "seat": 4, "wager": ["bet1", "bet2", "bet3"], "amount_bet1": "15",
                      "follows_bet2": "bet1", "follows_bet3": "bet1"})
    # § 643a.7(d): three equal wagers.
    assert placed(rnd) == {(4, "bet1"): 1500, (4, "bet2"): 1500, (4, "bet3"): 1500}
    # Cleared, the three go together.
    act(client, rnd, {"step": "wagers", "seat": 4, "wager": ["bet1", "bet2", "bet3"], "amount_bet1": "",
                      "had_bet1": "1", "had_bet2": "1", "had_bet3": "1",
                      "follows_bet2": "bet1", "follows_bet3": "bet1"})
    assert placed(rnd) == {}


def play_round_one(table, dealer):
    return play(services.round_start(table_id=table.id, user=dealer), dealer, *OPENING, *ROUND_END)


def repeat_forms(page):
    """Each "as last round" form's actions, by the seat it names (0: all seats)."""
    found = {}
    for form in re.findall(r'<form class="repeat[^"]*"[^>]*>.*?</form>', page, re.S):
        seat = re.search(r'data-seat="(\d+)"', form)
        actions = re.search(r'name="actions" value="([^"]*)"', form)[1].replace("&quot;", '"')
        found[int(seat[1]) if seat else 0] = json.loads(actions)
    return found


def test_last_rounds_wagers_are_offered_and_placed_again_exactly(client, cast, table):
    first = play_round_one(table, cast["dealer"])
    assert first.status == Round.Status.CLOSED
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    second = table.rounds.get(number=2)
    page = client.get(reverse("table", args=[table.id])).content.decode()
    forms = repeat_forms(page)
    assert sorted(forms) == [0, 1, 3]  # all seats, and seats 1 and 3: the seats of round 1
    assert "As last round: Ante $10.00 · Texas Hold &#x27;Em Bonus Wager $5.00" in page
    # The Flop, Turn and River Wagers of round 1 were placed by decisions: not before the deal.
    act(client, second, {"actions": json.dumps(forms[0])})
    assert placed(second) == {(1, "ante"): 1000, (1, "bonus"): 500, (3, "ante"): 2500}
    # Placed: nothing more is offered.
    assert repeat_forms(client.get(reverse("table", args=[table.id])).content.decode()) == {}


def test_one_seat_as_last_round_places_that_seats_wagers_only(client, cast, table):
    play_round_one(table, cast["dealer"])
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    second = table.rounds.get(number=2)
    forms = repeat_forms(client.get(reverse("table", args=[table.id])).content.decode())
    act(client, second, {"actions": json.dumps(forms[3])})
    assert placed(second) == {(3, "ante"): 2500}
    assert sorted(repeat_forms(client.get(reverse("table", args=[table.id])).content.decode())) == [1]


def test_last_rounds_wagers_outside_todays_limits_are_refused_and_none_is_placed(client, cast, table):
    play_round_one(table, cast["dealer"])
    table.rules = {**table.rules, "min_ante": "15.00", "max_ante": "500.00"}
    table.save()
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    second = table.rounds.get(number=2)
    forms = repeat_forms(client.get(reverse("table", args=[table.id])).content.decode())
    page = act(client, second, {"actions": json.dumps(forms[0])})
    # Seat 1's $10 Ante is below the new $15 minimum (§ 647a.7): refused, and seat 3's $25 not placed either.
    assert "Seat 1&#x27;s Ante of $10.00 is outside the table&#x27;s limits ($15.00 to $500.00)" in page
    assert placed(second) == {}
    second.refresh_from_db()
    assert second.seq == 0


def test_no_previous_round_offers_nothing_to_repeat(client, cast, table):
    login(client, cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    assert repeat_forms(client.get(reverse("table", args=[table.id])).content.decode()) == {}


def test_every_remaining_seat_checks_in_one_tap(client, cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING)
    login(client, cast["dealer"])
    page = client.get(reverse("table", args=[table.id])).content.decode()
    offers = re.findall(r'<form class="same-for-all".*?value="([^"]*)">\s*<button[^>]*>([^<]*)</button>', page, re.S)
    labels = [label for _, label in offers]
    # Seat 1 (Ante $10) may make a $10 Turn Wager, seat 3 (Ante $25) a $25 one: only Check is alike.
    assert labels == ["Seats 1, 3: Check"]
    act(client, rnd, {"actions": offers[0][0].replace("&quot;", '"')})
    events = RoundEvent.objects.filter(round=rnd, action__type="decide", action__step="turn_decision")
    decided = [(e.action["seat"], e.action["choice"]) for e in events.order_by("seq")]
    assert decided == [(1, "check"), (3, "check")]


def test_a_fold_is_never_offered_for_every_seat(client, cast, table):
    play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:5])
    login(client, cast["dealer"])
    page = client.get(reverse("table", args=[table.id])).content.decode()
    labels = re.findall(r'<form class="same-for-all".*?<button[^>]*>([^<]*)</button>', page, re.S)
    assert labels == []  # seat 1's Flop Wager is $20, seat 3's $50; Fold is never for all


def test_last_rounds_wagers_are_read_in_one_query(cast, table, django_assert_num_queries):
    from games.table.shortcuts import previous_wagers

    play_round_one(table, cast["dealer"])
    second = services.round_start(table_id=table.id, user=cast["dealer"])
    with django_assert_num_queries(1):
        found = previous_wagers(second)
    assert found == {1: {"ante": 1000, "bonus": 500, "flop": 2000}, 3: {"ante": 2500, "flop": 5000}}
    with django_assert_num_queries(0):  # every later render of the round: it cannot change while the round lives
        assert previous_wagers(second) == found


def test_one_tap_for_every_seat_gives_each_the_same_multiple_of_its_own_ante():
    # § 655a.1: a Street Wager is one, two or three times the seat's own Ante.  Seat 2's Ante is $5,
    # the others' $10: "$10.00" is once the Ante for seats 1 and 3 but twice it for seat 2, so the
    # button for all names the multiple, and each seat wagers its own: 1× gives $10, $5 and $10;
    # 3× gives $30, $15 and $30.
    state = RoundState(game_for("mississippi-stud"), {})
    for seat, ante in ((1, "10"), (2, "5"), (3, "10")):
        state = state.apply({"type": "place_wager", "step": "wagers", "seat": seat, "wager": "ante", "amount": ante})
    state = state.apply({"type": "no_more_bets", "step": "wagers"}).apply({"type": "deal", "step": "deal"})
    offers = {offer.label: offer.actions for offer in shortcuts.same_for_all(state)}
    assert list(offers) == ["Seats 1, 2, 3: 3rd Street Wager 1× each Ante",
                            "Seats 1, 2, 3: 3rd Street Wager 2× each Ante",
                            "Seats 1, 2, 3: 3rd Street Wager 3× each Ante"]
    for label, amounts in (("1×", (10_00, 5_00, 10_00)), ("3×", (30_00, 15_00, 30_00))):
        played = state
        for action in offers[f"Seats 1, 2, 3: 3rd Street Wager {label} each Ante"]:
            played = played.apply(action)
        assert tuple(played.seats[n].wagers["third_street"] for n in (1, 2, 3)) == amounts
