"""A whole Texas Hold 'Em Bonus Poker round on the tablets, in Debian's chromium.

The dealer plays the round on a tablet; the floorperson, on the pit page, sees the large payout
arrive without reloading and approves it; the dealer's tablet shows the answer at once and the
round is closed; the supervisor finds it in the history.  A second test keeps two dealer tablets
of one table in step.  Screenshots of the three screens go to docs/screenshots/.

The live server, the browser and the ``Tablet`` helper are in tests/e2e/conftest.py.
"""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from playwright.sync_api import expect

from games.floor import services as floor_services
from games.models import Approval, Round, Table
from games.table import services

pytestmark = pytest.mark.browser

# The table: Paytable A, Ante returned below a straight, a manual shoe, and every seat's payout of
# $150.00 or more waits for a floorperson.  The stub was last counted four rounds ago, so this
# round prompts for the count (at least once every five rounds, § 647a.8(f)).
RULES = {"bonus_paytable": "A", "ante_returned_below": "straight", "dealing_method": "manual_shoe",
         "approval_threshold": "150.00"}

# The cards, chosen so that the round shows every kind of line.
BOARD_FLOP, BOARD_TURN, BOARD_RIVER = ("Ks", "9d", "5c"), ("2h",), ("7s",)
DEALER_CARDS = ("Qd", "Jc")
SEAT_CARDS = {1: ("As", "Ad"), 3: ("8h", "6d"), 5: ("3c", "3d"), 6: ("4h", "3h")}

# Settlement, worked out by hand from 58 Pa. Code §§ 647a.11-647a.12 (amounts in cents):
#
# Board K♠ 9♦ 5♣ 2♥ 7♠; the dealer Q♦ J♣: best five K Q J 9 7, high card, king high.
#
# Seat 6 — Ante $5, Flop Wager $10 (twice the Ante, § 647a.11(b)), checks the Turn and River.
#   4♥ 3♥: best five K 9 7 5 4 (7 5 4 3 2 is no straight without a 6; three hearts are no flush).
#   King high against king high, then 9 against the dealer's queen: the seat loses, and
#   § 647a.11(h)(2)(i) collects the Ante $5.00 and the Flop Wager $10.00.
# Seat 3 — Ante $25, Flop Wager $50, checks the Turn, River Wager $25 (equal to the Ante, (f)).
#   8♥ 6♦: 9 8 7 6 5, a straight, beats high card.  § 647a.11(h)(2)(ii) with § 647a.12(a): each
#   wager paid 1 to 1, the Ante too since the hand is a straight (not below one):
#   Ante $25.00, Flop $50.00, River $25.00 = $100.00, under the $150.00 that needs approval.
# Seat 1 — Ante $10, Bonus $5, Flop Wager $20, Turn Wager $10, River Wager $10.
#   A♠ A♦: a pair of aces (A A K 9 7) beats high card, but is below a straight, so
#   § 647a.11(h)(2)(ii) returns the Ante (paid $0.00) and pays 1 to 1 (§ 647a.12(a)) on
#   Flop $20.00, Turn $10.00, River $10.00.
#   Bonus: ace-ace, and the dealer holds no ace, so the "Ace-ace" row of Paytable A,
#   30 to 1 (§ 647a.12(b)): 30 × $5 = $150.00.
#   Seat 1 is paid $20 + $10 + $10 + $150 = $190.00 ≥ $150.00: a floorperson must approve.
#   Far below the aggregate limit of § 647a.12(c) ($50,000), so no line is capped.
# Seat 5 — Ante $10, Bonus $5, folds at the Flop decision.
#   § 647a.11(b)(2): the Ante $10.00 is collected; (b)(2)(i)(A): the Bonus Wager stays, settled
#   at the end on the seat's two cards.  3♣ 3♦: "A pair of 10-10 through 2-2", 3 to 1 on
#   Paytable A (§ 647a.12(b)): 3 × $5 = $15.00.
#
# Paid: 1500 + 2500 + 5000 + 2500 + 2000 + 1000 + 1000 + 15000 = $305.00;
# collected: 1000 + 500 + 1000 = $25.00.
EXPECTED_LINES = {
    (6, "ante"): ("lose", 500),
    (6, "flop"): ("lose", 1000),
    (3, "ante"): ("win", 2500),
    (3, "flop"): ("win", 5000),
    (3, "river"): ("win", 2500),
    (1, "ante"): ("returned", 0),
    (1, "flop"): ("win", 2000),
    (1, "turn"): ("win", 1000),
    (1, "river"): ("win", 1000),
    (1, "bonus"): ("win", 15000),
    (5, "ante"): ("lose", 1000),
    (5, "bonus"): ("win", 1500),
}
# The same lines as the supervisor's round page words them: (seat, wager, outcome, what the dealer does).
EXPECTED_ROUND_PAGE = {
    ("6", "Ante", "lose", "collect $5.00"),
    ("6", "Flop Wager", "lose", "collect $10.00"),
    ("3", "Ante", "win", "pay $25.00"),
    ("3", "Flop Wager", "win", "pay $50.00"),
    ("3", "River Wager", "win", "pay $25.00"),
    ("1", "Ante", "returned", "return $10.00"),
    ("1", "Flop Wager", "win", "pay $20.00"),
    ("1", "Turn Wager", "win", "pay $10.00"),
    ("1", "River Wager", "win", "pay $10.00"),
    ("1", "Texas Hold 'Em Bonus Wager", "win", "pay $150.00"),
    ("5", "Ante", "lose", "collect $10.00"),
    ("5", "Texas Hold 'Em Bonus Wager", "win", "pay $15.00"),
}


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-E2E", game="texas-holdem-bonus", rules=RULES, training=False,
                                rounds_since_stub_count=4)


def test_a_round_with_a_floorperson_approval_and_the_supervisors_history(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    floor = tablet("floor", "/pit/")
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")
    dealer_token, floor_token = dealer.token, floor.token

    # Wagers, "no more bets" and the deal (§ 647a.7, § 647a.8(b), (d)).
    dealer.tap("Start round 1")
    dealer.set_seat(1, "10", "5")
    dealer.set_seat(3, "25")
    dealer.set_seat(5, "10", "5")
    dealer.set_seat(6, "5")
    dealer.tap("No more bets")
    expect(dealer.prompt).to_contain_text("seats 1, 3, 5, 6")
    dealer.tap("Cards dealt")

    # The Flop decisions, clockwise from the dealer's left (§ 647a.11(b)); then the Flop.
    expect(dealer.prompt).to_contain_text("§ 647a.11(b)")
    dealer.tap("Seat 1: Flop Wager $20.00")  # seat 1: twice its $10 Ante
    dealer.tap("Seat 3: Flop Wager $50.00")  # seat 3
    expect(dealer.prompt).to_contain_text("Seat 5")
    dealer.tap("Seat 5: Fold")  # seat 5
    dealer.tap("Seat 6: Flop Wager $10.00")  # seat 6
    expect(dealer.prompt).to_contain_text("§ 647a.11(c)")
    dealer.enter_cards(*BOARD_FLOP)

    # The Turn decisions (§ 647a.11(d)) and the Turn; the River decisions ((f)) and the River.
    dealer.tap("Seat 1: Turn Wager $10.00")  # seat 1
    expect(dealer.prompt).to_contain_text("Seat 3")
    dealer.tap("Seat 3: Check")  # seat 3
    expect(dealer.prompt).to_contain_text("Seat 6")
    dealer.tap("Seat 6: Check")  # seat 6
    dealer.enter_cards(*BOARD_TURN)
    dealer.tap("Seat 1: River Wager $10.00")  # seat 1
    dealer.tap("Seat 3: River Wager $25.00")  # seat 3
    expect(dealer.prompt).to_contain_text("Seat 6")
    dealer.tap("Seat 6: Check")  # seat 6
    dealer.enter_cards(*BOARD_RIVER)

    # The stub count (§ 647a.8(f)), the dealer's reveal, then each seat with a Flop Wager from
    # the dealer's right, counterclockwise (§ 647a.11(h)), and the folded seat's Bonus Wager last.
    expect(dealer.prompt).to_contain_text("§ 647a.8(f)")
    dealer.tap("52 cards: stub to the discard rack")
    expect(dealer.prompt).to_contain_text("dealer's two cards")
    dealer.enter_cards(*DEALER_CARDS)
    for seat in (6, 3, 1, 5):
        expect(dealer.prompt).to_have_attribute("data-seat", str(seat))  # that seat's turn, not "next: seat N"
        if seat == 1:
            expect(floor.page.locator("article.pit-item")).to_have_count(0)
        dealer.enter_cards(*SEAT_CARDS[seat])

    # Seat 1's payout waits for a floorperson; it reached the pit without a reload.
    expect(dealer.prompt).to_contain_text("Waiting for a floorperson")
    expect(dealer.state.get_by_role("button", name="Close the round", exact=True)).to_have_count(0)
    item = floor.page.locator("article.pit-item")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Table TH-E2E · Texas Hold 'Em Bonus Poker · round 1")
    expect(item).to_contain_text("Seat 1: payout of $190.00")
    expect(item).to_contain_text("Texas Hold 'Em Bonus Wager")
    expect(item).to_contain_text("$150.00")
    assert floor.token == floor_token, "the pit page was reloaded"

    lines = dealer.settlement()
    assert {(seat, wager): (outcome, amount) for seat, wager, outcome, amount in lines} == EXPECTED_LINES
    assert len(lines) == len(EXPECTED_LINES)
    settled_in_order = [seat for seat, *_ in lines if seat in (6, 3, 1)]
    assert sorted(set(settled_in_order), key=settled_in_order.index) == [6, 3, 1], "§ 647a.11(h) order"
    dealer.screenshot("dealer.png")
    floor.screenshot("floorperson.png", full_page=False)

    # The floorperson approves on the pit; the dealer's tablet shows it at once, pushed.
    item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator("#pit-state")).to_contain_text("Nothing waits for a floorperson")
    approved = dealer.page.locator("#approvals li[data-status=approved]")
    expect(approved).to_contain_text("Approved", timeout=5_000)
    expect(approved).to_contain_text("floor")
    assert dealer.token == dealer_token, "the dealer's tablet was reloaded"
    dealer.tap("Close the round")
    expect(dealer.state).to_have_attribute("data-status", "closed")

    rnd = Round.objects.get(table=table)
    assert (rnd.status, rnd.total_paid, rnd.total_collected) == (Round.Status.CLOSED, 30500, 2500)
    approval = Approval.objects.get(round=rnd)
    assert (approval.status, approval.seat, approval.decided_by.username) == ("approved", 1, "floor")

    # The supervisor finds the round in the history and opens it.
    supervisor = tablet("super", "/history/")
    row = supervisor.page.locator("table.history tbody tr", has_text="TH-E2E")
    expect(row).to_have_count(1)
    for text in ("Texas Hold 'Em Bonus Poker", "dealer", "Closed", "$305.00", "$25.00"):
        expect(row).to_contain_text(text)
    # Its CSV row, streamed by the server from a database cursor (an async iterator under ASGI).
    export = supervisor.page.request.get("/history.csv?table=TH-E2E")
    assert export.ok and export.headers["content-type"] == "text/csv"
    header, *rows = export.text().splitlines()
    assert header.startswith("table,round,game,dealer") and len(rows) == 1
    assert rows[0].startswith("TH-E2E,1,Texas Hold 'Em Bonus Poker,dealer,")
    # Paid $305, collected $25, no stake kept on a jackpot the cage paid: the house's win is -$280;
    # one approval, approved by the floorperson; the round's chain checked as it was exported.
    assert rows[0].endswith(",305.00,25.00,0.00,-280.00,,1,approved,floor,verified")
    row.get_by_role("link", name="1", exact=True).click()
    expect(supervisor.page.locator("h1")).to_contain_text("table TH-E2E · round 1")
    settlement = supervisor.page.locator("h2:text-is('Settlement') + table tbody tr")
    expect(settlement).to_have_count(len(EXPECTED_ROUND_PAGE))
    shown = {tuple(cells[:2] + cells[3:5]) for cells in
             settlement.evaluate_all("rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))")}
    assert shown == EXPECTED_ROUND_PAGE
    approvals = supervisor.page.locator("h2:text-is('Approvals') + ul")
    expect(approvals).to_contain_text("Approved — Seat 1: payout of $190.00")
    supervisor.screenshot("supervisor.png", until="h2:text-is('Approvals') + ul")  # the log is left out


def test_two_dealer_tablets_of_one_table_stay_in_step(tablet, table):
    first = tablet("dealer", f"/tables/{table.id}/")
    second = tablet("dealer2", f"/tables/{table.id}/")
    first_token, second_token = first.token, second.token

    first.tap("Start round 1")
    expect(second.state).to_have_attribute("data-round", str(Round.objects.get(table=table).id))
    expect(second.page.locator("h1")).to_contain_text("round 1")

    second.set_seat(2, "15")
    expect(first.page.locator("#seat-2")).to_contain_text("Ante $15.00")
    first.set_seat(4, "20", "5")
    expect(second.page.locator("#seat-4")).to_contain_text("Texas Hold 'Em Bonus Wager $5.00")

    second.tap("No more bets")
    expect(first.prompt).to_contain_text("seats 2, 4")
    first.tap("Cards dealt")
    expect(second.prompt).to_contain_text("Seat 2 (Ante $15.00)")
    second.tap("Seat 2: Flop Wager $30.00")
    expect(first.page.locator("#seat-2")).to_contain_text("Flop Wager $30.00")
    expect(first.prompt).to_contain_text("Seat 4 (Ante $20.00)")

    # Each tablet's buttons carry the state it shows, so both now act on the same step.
    assert first.state.get_attribute("data-seq") == second.state.get_attribute("data-seq")
    assert (first.token, second.token) == (first_token, second_token), "a tablet was reloaded"


def test_a_push_is_drawn_at_once_and_keeps_the_amount_being_typed(tablet, table):
    first = tablet("dealer", f"/tables/{table.id}/")
    second = tablet("dealer2", f"/tables/{table.id}/")
    first.tap("Start round 1")
    expect(second.page.locator("h1")).to_contain_text("round 1")

    typed = second.page.locator("form.seat-wagers[data-seat='3'] input[name=amount_ante]")
    typed.fill("2")
    typed.press_sequentially("5")  # the field keeps the focus, as it does while a dealer types
    first.set_seat(1, "10")
    # The push is drawn at once (morphed in), and the field is the same one, still focused, still "25".
    expect(second.page.locator("#seat-1")).to_contain_text("Ante $10.00")
    assert typed.input_value() == "25"
    assert typed.evaluate("field => field === document.activeElement")
    typed.press_sequentially("0")
    assert typed.input_value() == "250"


def start_round_and_disconnect(table_id, user):
    try:
        floor_services.dealer_sign_in(table_id=table_id, user=user)  # a dealer acts only at their table
        services.round_start(table_id=table_id, user=user)
    finally:
        connection.close()


def test_a_tablet_that_lost_its_connection_shows_the_current_state_when_it_is_back(tablet, table, asgi_server,
                                                                                   people):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    token = dealer.token
    asgi_server.stop()  # every socket of the table drops, as in a restart or a network cut
    # Meanwhile the round starts (as from another tablet): no server is there to push it.  (In a
    # thread of its own: Playwright's event loop runs in this one, and the service's broadcast
    # after the commit must not.)
    with ThreadPoolExecutor(1) as pool:
        pool.submit(start_round_and_disconnect, table.id, people["dealer2"]).result()
    asgi_server.start()
    # The socket reconnects by itself and the server sends the state as it is now.
    expect(dealer.page.locator("h1")).to_contain_text("round 1", timeout=20_000)
    expect(dealer.prompt).to_contain_text("Place each seat's wagers")
    assert dealer.token == token, "the tablet was reloaded"
