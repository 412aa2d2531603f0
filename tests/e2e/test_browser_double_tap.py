"""A second tap on a decision button never decides the next seat, and the guard against it never
swallows a tap the dealer meant.

The server answers in a few tens of milliseconds and the next seat's button is drawn where the
last one was, so a double tap (two taps 150 ms apart, or 60 ms) would land on a new, valid
button.  Each kind of decision button is double-tapped at the same spot; exactly one decision is
recorded, and the prompt has moved to the next seat, not past it.  The refused tap says so on
screen.  Taps on controls that were already on the screen (other seats' and wagers' chips) all go
through, however quickly they follow each other.
"""

import pytest
from playwright.sync_api import expect

from games.models import Round, RoundEvent, Table, Wager

pytestmark = pytest.mark.browser


def double_tap(tablet, label: str, gap_ms: int) -> None:
    """Tap the button twice where it is, ``gap_ms`` apart, as a finger would."""
    tablet.wait_for_guard()
    box = tablet.state.get_by_role("button", name=label, exact=True).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    tablet.page.mouse.click(x, y)
    tablet.page.wait_for_timeout(gap_ms)
    tablet.page.mouse.click(x, y)
    tablet.page.wait_for_timeout(700)  # both taps had every chance to reach the server


def decisions(table: Table) -> list[tuple[int, str]]:
    rnd = Round.objects.get(table=table, status="open")
    return [(event.action["seat"], event.action["choice"])
            for event in RoundEvent.objects.filter(round=rnd, action__type="decide").order_by("seq")]


@pytest.fixture
def holdem(transactional_db) -> Table:
    return Table.objects.create(name="TH-TAP", game="texas-holdem-bonus", rules={"counting_shuffler": True})


@pytest.fixture
def let_it_ride(transactional_db) -> Table:
    return Table.objects.create(name="LIR-TAP", game="let-it-ride", rules={"counting_shuffler": True})


@pytest.mark.parametrize("gap_ms", [150, 60])
def test_a_double_tap_on_a_holdem_decision_decides_one_seat(tablet, holdem, gap_ms):
    dealer = tablet("dealer", f"/tables/{holdem.id}/")
    dealer.tap("Start round 1")
    for seat in (1, 2, 3, 4):
        dealer.set_seat(seat, "10")
    dealer.tap("No more bets")
    dealer.tap("Cards dealt")
    double_tap(dealer, "Seat 1: Flop Wager $20.00", gap_ms)
    expect(dealer.prompt).to_contain_text("Seat 2 (Ante $10.00)")
    double_tap(dealer, "Seat 2: Fold", gap_ms)
    expect(dealer.prompt).to_contain_text("Seat 3 (Ante $10.00)")
    dealer.tap("Seat 3: Flop Wager $20.00")
    dealer.tap("Seat 4: Flop Wager $20.00")
    dealer.enter_cards("2c", "7d", "9h")
    double_tap(dealer, "Seat 1: Check", gap_ms)
    expect(dealer.prompt).to_contain_text("Seat 3 (Ante $10.00)")
    double_tap(dealer, "Seat 3: Turn Wager $10.00", gap_ms)
    expect(dealer.prompt).to_contain_text("Seat 4 (Ante $10.00)")
    assert decisions(holdem) == [(1, "flop"), (2, "fold"), (3, "flop"), (4, "flop"), (1, "check"), (3, "turn")]


def test_a_double_tap_on_pull_or_let_it_ride_decides_one_seat(tablet, let_it_ride):
    dealer = tablet("dealer", f"/tables/{let_it_ride.id}/")
    dealer.tap("Start round 1")
    for seat in (1, 2, 3):
        dealer.set_wagers(seat, bet1="10", bet2="10", bet3="10")
    dealer.tap("No more bets")
    dealer.tap("Cards dealt")
    double_tap(dealer, "Seat 1: Pull Bet 1", 150)
    expect(dealer.prompt).to_contain_text("Seat 2: withdraw Bet 1")
    double_tap(dealer, "Seat 2: Let It Ride", 150)
    expect(dealer.prompt).to_contain_text("Seat 3: withdraw Bet 1")
    assert decisions(let_it_ride) == [(1, "pull"), (2, "ride")]


def test_chips_tapped_200_ms_apart_for_different_seats_and_wagers_all_land(tablet, holdem):
    dealer = tablet("dealer", f"/tables/{holdem.id}/")
    dealer.tap("Start round 1")
    chips = [("Seat 1 Ante $10", (1, "ante"), 1000), ("Seat 2 Ante $25", (2, "ante"), 2500),
             ("Seat 1 Texas Hold 'Em Bonus Wager $5", (1, "bonus"), 500), ("Seat 3 Ante $10", (3, "ante"), 1000),
             ("Seat 2 Texas Hold 'Em Bonus Wager $5", (2, "bonus"), 500)]
    dealer.wait_for_guard()
    for label, _, _ in chips:
        dealer.state.get_by_role("button", name=label, exact=True).click()
        dealer.page.wait_for_timeout(200)
    dealer.page.wait_for_function("window.__e2e.inflight === 0")
    rnd = Round.objects.get(table=holdem)
    expect(dealer.state).to_have_attribute("data-seq", str(rnd.seq))
    assert {(w.seat, w.wager): w.amount for w in Wager.objects.filter(round=rnd)} == {
        where: amount for _, where, amount in chips}
    expect(dealer.page.locator("#net-error")).to_be_hidden()
    expect(dealer.state.locator(".error")).to_have_count(0)


def test_a_second_tap_on_the_button_that_replaced_the_first_is_refused_and_says_so(tablet, holdem):
    dealer = tablet("dealer", f"/tables/{holdem.id}/")
    dealer.tap("Start round 1")
    for seat in (1, 2):
        dealer.set_seat(seat, "10")
    dealer.tap("No more bets")
    dealer.tap("Cards dealt")
    dealer.wait_for_guard()
    box = dealer.state.get_by_role("button", name="Seat 1: Flop Wager $20.00", exact=True).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    dealer.page.mouse.click(x, y)
    # The second tap of the double tap lands as soon as seat 2's button is drawn where seat 1's was.
    dealer.page.wait_for_function("document.querySelector('#prompt')?.dataset.seat === '2'", polling="raf")
    assert dealer.state.get_by_role("button", name="Seat 2: Flop Wager $20.00", exact=True).bounding_box() == box
    dealer.page.mouse.click(x, y)
    problem = dealer.page.locator("#net-error")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("Not sent: “Seat 2: Flop Wager $20.00” appeared where you had just tapped "
                                    "“Seat 1: Flop Wager $20.00”")
    dealer.screenshot("double-tap-refused.png", full_page=False)
    dealer.page.wait_for_timeout(700)  # had it been sent, it would be recorded by now
    assert decisions(holdem) == [(1, "flop")]
    # Tapped again, deliberately: it goes through, and the message goes.
    dealer.tap("Seat 2: Flop Wager $20.00")
    assert decisions(holdem) == [(1, "flop"), (2, "flop")]
    expect(problem).to_be_hidden()
