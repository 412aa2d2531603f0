"""What a round costs the dealer: the taps and typed keys of scripted three-seat rounds, counted in
the browser (every click and key a person would make, the confirming tap of "No more bets"
included).  The counts are recorded in docs/tablets.md ("Fewer taps").  The settlements are the
other browser tests' concern (test_browser_round.py, test_browser_other_games.py): here each
round only has to close.

Texas Hold 'Em Bonus Poker: three seats, each an Ante of $10 and a Bonus Wager of $5, each making
the Flop Wager (twice the Ante, § 647a.11(b)) and checking the Turn and the River, then the
round closed.  The first round's wagers come from the chips; the second round repeats them.
"""

import pytest
from playwright.sync_api import expect

from games.models import Round, RoundEvent, Table, Wager

pytestmark = pytest.mark.browser

SEATS = (1, 2, 3)
# No stub count to prompt for (a counting shuffler), and no payout large enough to wait for a floorperson.
RULES = {"bonus_paytable": "A", "approval_threshold": "5000.00", "counting_shuffler": True}
BOARD = (("Ks", "9d", "5c"), ("2h",), ("7s",))
DEALER = ("Qd", "Jc")
SEAT_CARDS = {3: ("4c", "4d"), 2: ("8h", "6d"), 1: ("3d", "3h")}  # turned from the dealer's right, § 647a.11(h)

# The most taps each round may take (issue: "a three-seat round in at most 25 taps").  The first
# round of a table places six wagers by chip; a round whose players repeat their wagers places
# them in one tap.
FIRST_ROUND_TAPS = 27
REPEATED_ROUND_TAPS = 25


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-TAPS", game="texas-holdem-bonus", rules=RULES)


def play_after_the_wagers(dealer, number: int) -> None:
    dealer.tap("No more bets")
    dealer.tap("Cards dealt")
    dealer.tap("Seats 1, 2, 3: Flop Wager $20.00")
    dealer.enter_cards(*BOARD[0])
    dealer.tap("Seats 1, 2, 3: Check")
    dealer.enter_cards(*BOARD[1])
    dealer.tap("Seats 1, 2, 3: Check")
    dealer.enter_cards(*BOARD[2])
    dealer.enter_cards(*DEALER)
    for seat, cards in SEAT_CARDS.items():
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
        dealer.enter_cards(*cards)
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")
    rnd = Round.objects.get(table__name="TH-TAPS", number=number)
    assert {(w.seat, w.wager): w.amount for w in Wager.objects.filter(round=rnd)} == {
        (seat, wager): amount for seat in SEATS
        for wager, amount in {"ante": 1000, "bonus": 500, "flop": 2000}.items()}


def test_a_three_seat_holdem_round_takes_at_most_25_taps_and_no_typing(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")

    before = dealer.counts()
    dealer.tap("Start round 1")
    for seat in SEATS:
        dealer.tap(f"Seat {seat} Ante $10")
        dealer.tap(f"Seat {seat} Texas Hold 'Em Bonus Wager $5")
    play_after_the_wagers(dealer, 1)
    taps, keys = (now - then for now, then in zip(dealer.counts(), before, strict=True))
    # Start 1, chips 6, No more bets 2 (it asks for a confirming tap), Cards dealt 1, Flop Wagers 1,
    # Flop 3, Checks 1, Turn 1, Checks 1, River 1, the dealer's cards 2, the seats' 6, Close 1.
    assert (taps, keys) == (FIRST_ROUND_TAPS, 0)

    before = dealer.counts()
    dealer.tap("Start round 2")
    dealer.screenshot("wagers-as-last-round.png")
    dealer.tap("All seats as last round: seats 1, 2, 3")
    play_after_the_wagers(dealer, 2)
    taps, keys = (now - then for now, then in zip(dealer.counts(), before, strict=True))
    # As above, with the six chips replaced by one tap: 22.
    assert taps <= REPEATED_ROUND_TAPS and keys == 0
    assert taps == 22


def test_the_picker_sends_once_and_a_card_taken_back_in_time_sends_nothing(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    dealer.tap("Start round 1")
    dealer.tap("Seat 1 Ante $10")
    dealer.tap("No more bets")
    dealer.tap("Cards dealt")
    dealer.tap("Seat 1: Flop Wager $20.00")
    picker = dealer.page.locator("form.picker")
    seq = dealer.state.get_attribute("data-seq")

    # The Flop's third card picked: the picker counts down; that card tapped again is taken back.
    dealer.wait_for_guard()
    for code in ("Ks", "9d", "5c"):
        picker.locator(f"button.pick[data-card='{code}']").click()
    expect(picker.locator(".countdown")).to_contain_text("Sending in")
    dealer.screenshot("picker-sending.png", full_page=False)
    picker.locator("button.pick[data-card='5c']").click()
    expect(picker.locator(".countdown")).to_have_text("")
    dealer.page.wait_for_timeout(2000)  # past the moment: nothing was sent
    assert dealer.state.get_attribute("data-seq") == seq
    expect(picker.locator(".picked")).to_have_text("K♠ 9♦")

    picks = picker.locator("button.pick[data-card^='A']").evaluate_all(
        "buttons => buttons.map(b => [b.dataset.card, getComputedStyle(b).color])")
    assert sorted(picks) == [["Ac", "rgb(19, 115, 51)"], ["Ad", "rgb(26, 79, 196)"], ["Ah", "rgb(179, 38, 30)"],
                             ["As", "rgb(27, 27, 27)"]]

    # Another third card: sent by itself, once.
    dealer.enter_cards("6c")
    dealer.page.wait_for_timeout(2000)
    flops = RoundEvent.objects.filter(round__table=table, action__type="cards", action__step="flop")
    assert [event.action["cards"] for event in flops] == [["Ks", "9d", "6c"]]
    expect(dealer.state.locator(".error")).to_have_count(0)

    # Four colours: spades black, hearts red, diamonds blue, clubs green (static/css/dealer-assist.css).
    colours = dealer.page.locator("#zone-board .card").evaluate_all(
        "cards => cards.map(c => [c.className, getComputedStyle(c).color])")
    assert colours == [["card suit-s", "rgb(27, 27, 27)"], ["card suit-d", "rgb(26, 79, 196)"],
                       ["card suit-c", "rgb(19, 115, 51)"]]


def rounds_taps(dealer, play) -> tuple[int, int]:
    before = dealer.counts()
    play()
    return tuple(now - then for now, then in zip(dealer.counts(), before, strict=True))


def test_a_three_seat_let_it_ride_round_takes_21_taps_and_no_typing(tablet, transactional_db):
    """Three seats of three $10 bets (one chip: Bets 2 and 3 equal Bet 1, § 643a.7(d)), all letting
    it ride at both decisions (§ 643a.11(b), (d))."""
    table = Table.objects.create(name="LIR-TAPS", game="let-it-ride",
                                 rules={"counting_shuffler": True, "approval_threshold": "5000.00"})
    dealer = tablet("dealer", f"/tables/{table.id}/")

    def play():
        dealer.tap("Start round 1")
        for seat in SEATS:
            dealer.tap(f"Seat {seat} Bet 1 $10")
        dealer.tap("No more bets")
        dealer.tap("Cards dealt")
        dealer.tap("Seats 1, 2, 3: Let It Ride")
        dealer.enter_cards("Kh")
        dealer.tap("Seats 1, 2, 3: Let It Ride")
        dealer.enter_cards("2c")
        for seat, cards in {3: ("As", "Ad", "7c"), 2: ("9s", "8s", "4d"), 1: ("Jh", "Jd", "3c")}.items():
            expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
            dealer.enter_cards(*cards)
        dealer.tap("Close the round")
        expect(dealer.state).to_have_attribute("data-status", "closed")

    # Start 1, chips 3, No more bets 2, Cards dealt 1, Let It Ride 1, a card 1, Let It Ride 1,
    # a card 1, the seats' cards 9, Close 1.
    assert rounds_taps(dealer, play) == (21, 0)
    rnd = Round.objects.get(table=table)
    assert {(w.seat, w.wager): w.amount for w in Wager.objects.filter(round=rnd)} == {
        (seat, bet): 1000 for seat in SEATS for bet in ("bet1", "bet2", "bet3")}


def test_a_three_seat_world_poker_tour_round_takes_24_taps_and_no_typing(tablet, transactional_db):
    """Three seats of a $10 Ante (one chip: the Odds Wager equals it, § 677a.7(d)(1)), all checking
    before and after the Flop (§ 677a.11(b), (d)) and raising the Ante after the River ((f))."""
    table = Table.objects.create(name="WPT-TAPS", game="wpt-heads-up",
                                 rules={"counting_shuffler": True, "approval_threshold": "5000.00"})
    dealer = tablet("dealer", f"/tables/{table.id}/")

    def play():
        dealer.tap("Start round 1")
        for seat in SEATS:
            dealer.tap(f"Seat {seat} Ante $10")
        dealer.tap("No more bets")
        dealer.tap("Cards dealt")
        dealer.tap("Seats 1, 2, 3: Check")
        dealer.enter_cards("9h", "8h", "2h")
        dealer.tap("Seats 1, 2, 3: Check")
        dealer.enter_cards("9c", "5s")
        dealer.tap("Seats 1, 2, 3: Raise Wager $10.00")
        dealer.enter_cards("Ah", "Kh")
        for seat, cards in {3: ("7d", "6c"), 2: ("9d", "8d"), 1: ("Qc", "Jc")}.items():
            expect(dealer.prompt).to_have_attribute("data-seat", str(seat))
            dealer.enter_cards(*cards)
        dealer.tap("Close the round")
        expect(dealer.state).to_have_attribute("data-status", "closed")

    # Start 1, chips 3, No more bets 2, Cards dealt 1, Checks 1, Flop 3, Checks 1, Turn and
    # River 2, Raises 1, the dealer's cards 2, the seats' 6, Close 1.
    assert rounds_taps(dealer, play) == (24, 0)
    rnd = Round.objects.get(table=table)
    assert {(w.seat, w.wager): w.amount for w in Wager.objects.filter(round=rnd)} == {
        (seat, wager): 1000 for seat in SEATS for wager in ("ante", "odds", "raise")}
