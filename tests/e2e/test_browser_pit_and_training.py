"""The pit alerts a floorperson to a new request (a visible alert, a beep, the nav's badge), and a
training table is marked, shows its virtual hole cards on request and quizzes the trainee.

The live round is tests/e2e/tablet_rounds.py's: seat 3's A♠ A♦ is paid $170.00 (§ 647a.12), at
least the table's $100.00, so it waits for a floorperson.

The training round deals from a virtual shoe the test stacks, in the order the engine draws from
it: seat 1's first card, the dealer's, seat 1's second, the dealer's, a burn, the Flop, a burn,
the Turn, a burn, the River.  Seat 1 (Ante $10) holds A♠ A♦; the dealer 2♣ 3♦; the board
K♥ 9♠ 5♣ 7♥ J♦.  Seat 1 makes the Flop Wager ($20, twice the Ante, § 647a.11(b)) and checks the
Turn and the River.  A pair of aces beats the dealer's king high, below a straight: the Ante is
returned (§ 647a.11(h)(2)(ii)) and the Flop Wager paid 1 to 1 (§ 647a.12(a)): pay seat 1 $20.00.
"""

import pytest
from playwright.sync_api import expect

from games.engine.cards import RANK_CHARS, SUIT_CHARS
from games.models import Round, Table
from tests.e2e.tablet_rounds import RULES, play_to_the_seats

pytestmark = pytest.mark.browser

STACKED = ["As", "2c", "Ad", "3d", "4s", "Kh", "9s", "5c", "8c", "7h", "6d", "Jd"]


def test_a_new_request_alerts_the_floorperson_and_counts_in_the_nav(tablet, transactional_db):
    table = Table.objects.create(name="TH-PIT", game="texas-holdem-bonus", rules=RULES)
    dealer = tablet("dealer", f"/tables/{table.id}/")
    floor = tablet("floor", "/pit/")
    badge = floor.page.locator("#pit-badge")
    expect(badge).to_be_hidden()
    expect(floor.page.locator("#pit-alert")).to_be_hidden()
    floor.page.locator("main").click(position={"x": 5, "y": 5})  # a tap lets the tablet make sound
    status = floor.page.locator(f"#pit-table-{table.id}-status")
    expect(status).to_have_text("idle")
    play_to_the_seats(dealer)
    expect(status).to_have_text("in play")  # sent alone when the round started: the pit was not redrawn
    expect(floor.page.locator("#pit-alert")).to_be_hidden()
    dealer.enter_cards("As", "Ad")

    alert = floor.page.locator("#pit-alert")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("New request for a floorperson: 1 waiting in the pit")
    expect(alert).not_to_contain_text("tap anywhere")  # the beep sounded
    expect(badge).to_have_text("1")
    expect(badge).to_be_visible()
    expect(floor.page.locator("#pit-count")).to_have_text("1")
    item = floor.page.locator("article.pit-item")
    expect(item).to_contain_text("dealer dealer")
    expect(item).to_contain_text("$170.00")
    expect(item.locator("time.waited")).to_have_text("waited under 1 min")
    expect(status).to_have_text("waiting")
    assert floor.page.evaluate("window.dealerAssist.pitAlerts") == 1

    # Another page of the floorperson's shows the count in its nav too.
    floor.page.goto(floor.base_url + "/history/")
    expect(floor.page.locator("#pit-badge")).to_have_text("1")
    expect(floor.page.locator("#pit-alert")).to_be_hidden()  # already seen: no second alert


def test_a_training_table_is_marked_shows_hole_cards_on_request_and_quizzes_the_trainee(tablet, people):
    table = Table.objects.create(name="TR-QUIZ", game="texas-holdem-bonus", rules=RULES, training=True)
    order = STACKED + [rank + suit for suit in SUIT_CHARS for rank in RANK_CHARS if rank + suit not in STACKED]
    Round.objects.create(table=table, number=1, game=table.game, rules={**RULES, "stub_count_due": False},
                         shoe_order=order, dealer=people["dealer"])
    dealer = tablet("dealer", f"/tables/{table.id}/")
    expect(dealer.page.locator("#training-banner")).to_contain_text("TRAINING")

    dealer.set_wagers(1, ante="10", bonus="")
    dealer.tap("No more bets")
    dealer.tap("Deal from the virtual shoe")
    hole = dealer.page.locator("#seat-1-hole .virtual-hole")
    expect(hole).to_have_count(2)
    expect(hole.first).to_be_hidden()
    dealer.page.locator("#hole-toggle").click()
    expect(hole.first).to_be_visible()
    assert hole.evaluate_all("cards => cards.map(c => c.dataset.card)") == ["As", "Ad"]
    expect(dealer.page.locator("#hole-toggle")).to_have_attribute("aria-pressed", "true")

    dealer.tap("Seat 1: Flop Wager $20.00")
    dealer.tap("Deal from the virtual shoe")
    expect(dealer.page.locator("#hole-toggle")).to_have_attribute("aria-pressed", "true")  # kept through redraws
    dealer.tap("Seat 1: Check")
    dealer.tap("Deal from the virtual shoe")
    dealer.tap("Seat 1: Check")
    dealer.tap("Deal from the virtual shoe")
    dealer.tap("Dealer's cards turned")
    dealer.tap("Seat 1's cards turned")

    quiz = dealer.page.locator("form.quiz")
    expect(quiz).to_contain_text("What do you pay seat 1?")
    lines = dealer.page.locator("#settlement tr[data-seat='1']")
    expect(lines.first).to_be_hidden()
    dealer.wait_for_guard()
    quiz.locator("input[name=answer]").fill("25")
    quiz.get_by_role("button", name="Check").click()
    expect(quiz.locator(".quiz-result")).to_have_text("Not quite: you said $25.00; the answer is $20.00")
    expect(lines.first).to_be_visible()
    quiz.locator("input[name=answer]").fill("20")
    quiz.get_by_role("button", name="Check").click()
    expect(quiz.locator(".quiz-result")).to_have_text("Right: $20.00")
    assert dealer.settlement() == [(1, "ante", "returned", 0), (1, "flop", "win", 2000)]
    expect(dealer.page.locator("#settlement")).to_contain_text("Pair of aces beats the dealer's high card, king high")
