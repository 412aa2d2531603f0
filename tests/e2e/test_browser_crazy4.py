"""A whole round of Crazy 4 Poker (Chapter 657a) on the tablets.

The dealer plays one round with fixed cards entered as they become visible; one seat's Play Wager
is above its Ante on less than a pair of aces, which the engine finds when the seat's cards are
turned and a floorperson decides on the pit.  The settlement is checked against amounts worked out
by hand from the chapter's sections (the arithmetic is in the comments), then the supervisor's
round page and its round sheet.  Screenshots go where tests/e2e/conftest.py says.
"""

import pytest
from playwright.sync_api import expect
from test_browser_other_games import check_history, line_key

from games.models import Approval, Round, Table

pytestmark = pytest.mark.browser

# Queens Up on Paytable A, a manual shoe, no payout threshold.  The stub count is not due.
C4_RULES = {"queens_up_paytable": "A", "dealing_method": "manual_shoe"}
C4_DEALER = ("Qc", "Qs", "Th", "7c", "3d")
C4_SEATS = {1: ("Ah", "Ad", "9c", "5d", "2h"), 4: ("Kc", "Kh", "8d", "4s", "2c")}

# Settlement, worked out by hand from 58 Pa. Code §§ 657a.11-657a.12 (2014 text; amounts in cents):
#
# The dealer's Q♣ Q♠ 10♥ 7♣ 3♦: best four Q Q 10 7, a pair of queens, king high or better: the
# dealer qualifies (§ 657a.11(c)(3)(ii)).
#
# Seat 2 — Ante $25, Super Bonus $25; folds: § 657a.11(b)(1) collects both at once.
# Seat 4 (settled first, from the dealer's right, § 657a.11(c)) — Ante $5, Super Bonus $5; Play $15,
#   typed.  K♣ K♥ 8♦ 4♠ 2♣: a pair of kings, not a pair of aces, so the Play may not be more than the
#   Ante (§ 657a.11(b)); a floorperson approves: the Play stands at $5 and $10 is returned.  Kings
#   beat queens: Ante 1 to 1, $5.00; Play 1 to 1, $5.00 (§ 657a.12(a)); the Super Bonus is returned,
#   the winning hand being below a straight (§ 657a.11(c)(3)(ii)(B)).
# Seat 1 — Ante $10, Super Bonus $10, Queens Up $5; Play $30, three times the Ante, on A♥ A♦ 9♣ 5♦ 2♥:
#   a pair of aces may (§ 657a.11(b)).  Aces beat queens: Ante $10.00 and Play $30.00 at 1 to 1; the
#   Super Bonus returned; Queens Up, a pair of queens or better, 1 to 1 on Paytable A of
#   § 657a.12(c): $5.00.
#
# Paid 500 + 500 + 1000 + 3000 + 500 = $55.00; collected 2500 + 2500 = $50.00.
C4_EXPECTED = {  # (seat, wager): (stake, outcome, amount)
    (2, "ante"): (2500, "lose", 2500),
    (2, "super_bonus"): (2500, "lose", 2500),
    (4, "play_excess"): (1000, "returned", 0),
    (4, "ante"): (500, "win", 500),
    (4, "play"): (500, "win", 500),
    (4, "super_bonus"): (500, "push", 0),
    (1, "ante"): (1000, "win", 1000),
    (1, "play"): (3000, "win", 3000),
    (1, "super_bonus"): (1000, "push", 0),
    (1, "queens_up"): (500, "win", 500),
}


@pytest.fixture
def c4_table(transactional_db) -> Table:
    return Table.objects.create(name="C4-E2E", game="crazy-4-poker", rules=C4_RULES, training=False)


def test_a_crazy_4_poker_round_with_a_play_the_floorperson_decides(tablet, c4_table):
    dealer = tablet("dealer", f"/tables/{c4_table.id}/")
    floor = tablet("floor", "/pit/")

    # Wagers: an Ante and an equal Super Bonus, the optional Queens Up (§ 657a.7(d)).
    dealer.tap("Start round 1")
    expect(dealer.prompt).to_contain_text("Super Bonus Wager equal to it")
    dealer.set_wagers(1, ante="10", super_bonus="10", queens_up="5")
    dealer.set_wagers(2, ante="25", super_bonus="25")
    dealer.set_wagers(4, ante="5", super_bonus="5")
    dealer.tap("No more bets")
    expect(dealer.prompt).to_contain_text("§ 657a.8")
    expect(dealer.prompt).to_contain_text("procedure as commonly played")
    expect(dealer.prompt).to_contain_text("until each has five cards")
    expect(dealer.page.locator("#zone-dealer .card.back")).to_have_count(5)
    dealer.tap("Cards dealt")

    # The Play, clockwise: the Ante, or up to three times it with a pair of aces or better (§ 657a.11(b)).
    expect(dealer.prompt).to_contain_text("§ 657a.11(b)")
    expect(dealer.prompt).to_contain_text("Seat 1 (Ante $10.00): Play Wager up to $30.00, or Fold?")
    for amount in ("$10.00", "$20.00", "$30.00"):  # once, twice, three times the Ante: a button each
        expect(dealer.prompt.get_by_role("button", name=f"Seat 1: Play Wager {amount}", exact=True)).to_have_count(1)
    dealer.tap("Seat 1: Play Wager $30.00")
    expect(dealer.prompt).to_contain_text("Seat 2")
    dealer.screenshot("c4-mid-round.png")
    dealer.tap("Seat 2: Fold")
    expect(dealer.prompt).to_contain_text("Seat 4")
    dealer.place_amount("15")
    expect(dealer.page.locator("#seat-4")).to_contain_text("Play Wager $15.00")

    # The dealer's five cards, then each seat with a Play Wager from the dealer's right (§ 657a.11(c)).
    expect(dealer.prompt).to_contain_text("§ 657a.11(c)")
    dealer.enter_cards(*C4_DEALER)
    expect(dealer.prompt).to_have_attribute("data-seat", "4")
    dealer.enter_cards(*C4_SEATS[4])

    # Seat 4's $15 Play on a pair of kings waits for the floorperson.
    expect(dealer.prompt).to_contain_text("Waiting for a floorperson")
    item = floor.page.locator("article.pit-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Seat 4: Play Wager of $15.00 on pair of kings")
    floor.screenshot("c4-pit.png")
    item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")

    expect(dealer.prompt).to_have_attribute("data-seat", "1")
    dealer.enter_cards(*C4_SEATS[1])
    lines = dealer.settlement()
    assert line_key(lines) == {key: (outcome, amount) for key, (_, outcome, amount) in C4_EXPECTED.items()}
    assert len(lines) == len(C4_EXPECTED)
    dealer.screenshot("c4-settlement.png")
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")

    rnd = Round.objects.get(table=c4_table)
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 5500, 5000)
    approval = Approval.objects.get(round=rnd)
    assert (approval.kind, approval.status, approval.seat) == ("play_wager", "approved", 4)
    supervisor = check_history(tablet, rnd, C4_EXPECTED, "Crazy 4 Poker · table C4-E2E · round 1")
    supervisor.screenshot("c4-supervisor.png")
