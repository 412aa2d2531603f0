"""A Texas Hold 'Em Bonus Poker round played on a dealer's tablet up to its settlement, shared by
the tablet browser tests (tests/e2e/test_browser_tablet_*.py).

Three seats, each Ante $10, Bonus $5 and a Flop Wager of $20 (twice the Ante, § 647a.11(b)), all
checking the Turn and the River.  Board K♠ 9♦ 5♣ 2♥ 7♠; the dealer Q♦ J♣: king high (K Q J 9 7).
The seats are then turned from the dealer's right (§ 647a.11(h)): seat 3, seat 2, seat 1, each
by the test, with the cards it needs.
"""

from playwright.sync_api import expect

# Paytable A; every seat's payout of $100.00 or more waits for a floorperson; a counting shuffler
# (no stub count to prompt for).
RULES = {"bonus_paytable": "A", "approval_threshold": "100.00", "counting_shuffler": True}
SEATS = (1, 2, 3)


def play_to_the_seats(dealer, *, started: bool = False) -> None:
    """From an idle table (or a round just started) to the prompt for seat 3's cards."""
    play_to_the_river(dealer, started=started)
    dealer.enter_cards("Qd", "Jc")
    expect(dealer.prompt).to_have_attribute("data-seat", "3")


def play_to_the_river(dealer, *, started: bool = False) -> None:
    """From an idle table (or a round just started) to the River entered (then the stub count,
    where one is due, or the dealer's cards)."""
    if not started:
        dealer.tap("Start round 1")
    for seat in SEATS:
        dealer.set_seat(seat, "10", "5")
    dealer.tap("No more bets")
    dealer.tap("Cards dealt")
    for seat in SEATS:
        dealer.tap(f"Seat {seat}: Flop Wager $20.00")
    dealer.enter_cards("Ks", "9d", "5c")
    for seat in SEATS:
        dealer.tap(f"Seat {seat}: Check")
    dealer.enter_cards("2h")
    for seat in SEATS:
        dealer.tap(f"Seat {seat}: Check")
    dealer.enter_cards("7s")
