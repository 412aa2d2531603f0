"""Nothing typed or picked on a tablet is lost to a redraw.

Every tap's answer and every push redraws the table (or the pit); they are morphed into the page,
so a field keeps its element, its focus and what the person typed into it until their own form is
accepted.  Each case the floor met is played here in Debian's chromium: wagers typed for several
seats and one seat set; a push from the other dealer tablet while a wager is typed and the focus
moves on; the irregularity menu open with a card typed; a refused wager; a floorperson's note
typed on the pit while another request arrives; the dealer's half-picked cards when a floor
approval arrives.
"""

import pytest
from playwright.sync_api import expect

from games.models import Approval, Round, Table
from tests.e2e.tablet_rounds import RULES, play_to_the_seats

pytestmark = pytest.mark.browser



@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-KEEP", game="texas-holdem-bonus", rules=RULES)


def wager_field(tablet, seat: int, wager: str = "ante"):
    return tablet.page.locator(f"form.seat-wagers[data-seat='{seat}'] input[name=amount_{wager}]")


def test_wagers_typed_for_several_seats_survive_setting_one_seat(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    dealer.tap("Start round 1")
    wager_field(dealer, 1).fill("10")
    wager_field(dealer, 3).fill("25")
    wager_field(dealer, 3, "bonus").fill("5")
    wager_field(dealer, 2).fill("15")
    dealer.tap("Set seat 2")  # its answer and its push both redraw the table

    expect(dealer.page.locator("#seat-2")).to_contain_text("Ante $15.00")
    assert wager_field(dealer, 1).input_value() == "10"
    assert wager_field(dealer, 3).input_value() == "25"
    assert wager_field(dealer, 3, "bonus").input_value() == "5"
    # The seats typed before are set as typed, with no typing again.
    dealer.tap("Set seat 1")
    dealer.tap("Set seat 3")
    expect(dealer.page.locator("#seat-1")).to_contain_text("Ante $10.00")
    expect(dealer.page.locator("#seat-3")).to_contain_text("Ante $25.00")
    expect(dealer.page.locator("#seat-3")).to_contain_text("Texas Hold 'Em Bonus Wager $5.00")
    rnd = Round.objects.get(table=table)
    assert [(e.action["seat"], e.action["wager"], e.action["amount"])  # as the tablet sent them
            for e in rnd.events.filter(action__type="place_wager").order_by("seq")] == [
        ("2", "ante", "15"), ("1", "ante", "10"), ("3", "ante", "25"), ("3", "bonus", "5")]


def test_a_refused_wager_keeps_what_was_typed(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    dealer.tap("Start round 1")
    wager_field(dealer, 1).fill("10")
    wager_field(dealer, 2).fill("ten")
    dealer.wait_for_guard()
    dealer.state.get_by_role("button", name="Set seat 2", exact=True).click()
    expect(dealer.state.locator(".error")).to_be_visible()
    assert wager_field(dealer, 2).input_value() == "ten"  # to be corrected, not typed again
    assert wager_field(dealer, 1).input_value() == "10"
    wager_field(dealer, 2).fill("10")
    dealer.tap("Set seat 2")
    expect(dealer.page.locator("#seat-2")).to_contain_text("Ante $10.00")


def test_a_push_while_typing_keeps_the_amount_when_the_focus_moves_on(tablet, table):
    first = tablet("dealer", f"/tables/{table.id}/")
    second = tablet("dealer2", f"/tables/{table.id}/")
    first.tap("Start round 1")
    expect(second.page.locator("h1")).to_contain_text("round 1")

    # The second tablet types seat 4's Ante; the first sets seat 5 meanwhile (a push to the second).
    wager_field(second, 4).fill("20")
    first.set_seat(5, "10")
    expect(second.page.locator("#seat-5")).to_contain_text("Ante $10.00")
    # The focus moves to the next field (where a held push used to be applied, wiping the "20").
    wager_field(second, 4).press("Tab")
    second.page.wait_for_timeout(300)
    assert wager_field(second, 4).input_value() == "20"
    wager_field(second, 4, "bonus").fill("5")
    second.tap("Set seat 4")
    expect(first.page.locator("#seat-4")).to_contain_text("Ante $20.00")
    expect(first.page.locator("#seat-4")).to_contain_text("Texas Hold 'Em Bonus Wager $5.00")


def test_the_irregularity_menu_stays_open_with_its_card_through_a_push(tablet, table):
    first = tablet("dealer", f"/tables/{table.id}/")
    second = tablet("dealer2", f"/tables/{table.id}/")
    first.tap("Start round 1")
    expect(second.page.locator("h1")).to_contain_text("round 1")

    menu = second.page.locator("details.irregularity")
    menu.locator("summary").click()
    card = menu.locator("input[name=card]").first
    card.fill("Qs")
    first.set_seat(1, "10")  # a push to the second tablet
    expect(second.page.locator("#seat-1")).to_contain_text("Ante $10.00")
    expect(menu).to_have_attribute("open", "")
    assert card.input_value() == "Qs"


def test_a_note_on_the_pit_and_half_picked_cards_survive_requests_and_approvals(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    floor = tablet("floor", "/pit/")
    play_to_the_seats(dealer)

    # Seats are turned from the dealer's right (§ 647a.11(h)): seat 3 first.  A♠ A♦: a pair of
    # aces, the Ante returned below a straight, Flop $20 paid 1 to 1, Bonus "Ace-ace" 30 to 1
    # (§ 647a.12(b)): 30 x $5 = $150; $170 in all, over $100: a floorperson must approve.
    dealer.enter_cards("As", "Ad")
    items = floor.page.locator("article.pit-item")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Seat 3: payout of $170.00")
    first_request = Approval.objects.get(round__table=table, seat=3)

    # The floorperson types a note on it, and keeps the focus there.
    note = floor.page.locator(f"#pit-note-{first_request.id}")
    note.fill("aces checked")

    # Seat 2: A♥ K♥, Bonus "Ace-king (same suit)" 25 to 1: $125, Flop $20, Ante returned:
    # $145, a second request.  The dealer picks the first card, then the second.
    expect(dealer.prompt).to_have_attribute("data-seat", "2")
    dealer.page.locator("form.picker button.pick[data-card='Ah']").click()
    dealer.enter_cards("Kh")
    expect(items).to_have_count(2)  # the pit was redrawn with the new request...
    assert note.input_value() == "aces checked"  # ...and the note is still there, still focused
    assert note.evaluate("field => field === document.activeElement")

    # Seat 1: the dealer has picked one card of two when the floorperson approves seat 3.
    expect(dealer.prompt).to_have_attribute("data-seat", "1")
    picker = dealer.page.locator("form.picker")
    picker.locator("button.pick[data-card='8h']").click()
    expect(picker.locator(".picked")).to_have_text("8♥")
    seq = dealer.state.get_attribute("data-seq")
    floor.page.locator(f"#pit-decide-{first_request.id}").get_by_role("button", name="Approve").click()
    expect(dealer.page.locator("#approvals li[data-status=approved]")).to_have_count(1)
    assert dealer.state.get_attribute("data-seq") != seq, "the approval redrew the dealer's table"
    expect(picker.locator("button.pick[data-card='8h']")).to_have_class("pick suit-h selected")
    expect(picker.locator(".picked")).to_have_text("8♥")
    expect(picker.get_by_role("button", name="Enter cards")).to_be_disabled()
    first_request.refresh_from_db()
    assert (first_request.status, first_request.note) == ("approved", "aces checked")
    # The second request's form, untouched, is still there for the floorperson.
    expect(items).to_have_count(1)

    dealer.enter_cards("6d")  # 8♥ 6♦: a straight, 9 8 7 6 5
    expect(dealer.page.locator("#seat-1")).to_contain_text("8♥")
    expect(dealer.page.locator("#seat-1")).to_contain_text("6♦")
