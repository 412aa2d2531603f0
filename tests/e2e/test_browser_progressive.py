"""A progressive jackpot on the tablets, in Debian's chromium: a royal flush at one table of a link
is paid from the meter at the player's turn; the other table's tablet sees the meter reset without
reloading; the floorperson validates the hit in the pit, where the packet shows the table, the
seat, the cards and hand, the meter's amount at the player's turn and what the cage pays.

Worked out by hand (§ 647a.12(d)): the meter starts at $10,000.00; seat 1's $5 Progressive Payout
Wager adds 10%, 50¢, at "no more bets" (§ 605a.7(a)(1)): $10,000.50.  Ah Kh with the Flop Th Jh Qh
is a royal flush, 100% of the meter (§ 647a.12(d)(1)): the cage pays $10,000.50 and the meter
restarts at its $10,000.00 reset amount.
"""

import pytest
from playwright.sync_api import expect

from games.models import Approval
from tests.conftest import play, start_round
from tests.progressives.progressive_play import ROYAL, linked_tables, opening, settle, to_settlement

pytestmark = pytest.mark.browser


def test_a_floorperson_validates_a_jackpot_while_the_other_tables_tablet_sees_the_meter_reset(tablet, people):
    _, meter, (table, other) = linked_tables(people["super"], "TH-1", "TH-2")
    seats = {1: True}
    rnd = play(start_round(table, people["dealer"]), people["dealer"], *opening(seats),
               *to_settlement(seats))
    dealer = tablet("dealer", f"/tables/{table.id}/")
    neighbour = tablet("dealer2", f"/tables/{other.id}/")
    floor = tablet("floor", "/pit/")
    shown = f"#meter-{meter.id} .meter-amount"
    for device in (dealer, neighbour, floor):
        expect(device.page.locator(shown)).to_have_text("$10,000.50")

    dealer.enter_cards(*ROYAL.split())  # seat 1's cards turned: its settlement, the claim answered

    expect(neighbour.page.locator(shown)).to_have_text("$10,000.00")  # reset, pushed without a reload
    expect(floor.page.locator(shown)).to_have_text("$10,000.00")
    expect(dealer.state.locator(".cage-paid")).to_contain_text(
        "the cage pays $10,000.50 (not from the table inventory). Keep seat 1's cards on the layout until the "
        "documentation is complete")
    item = floor.page.locator(".pit-item", has_text="Progressive Payout Wager payout to validate")
    expect(item).to_contain_text("Table TH-1")
    expect(item).to_contain_text("Seat 1: Progressive Payout Wager payout to validate: the cage pays $10,000.50")
    expect(item).to_contain_text("Royal flush (A♥ K♥ + 10♥ J♥ Q♥) (Paytable)")
    expect(item).to_contain_text("$10,000.50 on the meter at seat 1's turn")
    floor.screenshot("pit-progressive-validation.png", full_page=False)
    dealer.screenshot("table-progressive-jackpot.png")

    item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator(".pit-item", has_text="Progressive Payout Wager")).to_have_count(0)
    assert Approval.objects.get(round=rnd, seat=1).status == "approved"
    expect(dealer.prompt).to_contain_text("Close the round")  # no other hand qualifies for an Envy Bonus


def test_the_envy_bonuses_are_shown_approved_and_paid_and_a_released_line_stays_paid(tablet, people):
    """Two seats of a linked table, worked out by hand (§ 647a.12(d)): the meter is $10,000.00 plus
    two 50¢ contributions.  Seat 2's Ah Kh is a royal flush on the Flop, 100% of the meter: the cage
    pays $10,001.00.  Seat 1's 9c 8d is a straight, "30 for 1" on $5: $150.00 handed to the player
    (the wager was collected before the deal), with its $10 Ante and $20 Flop Wager won at even
    money: $180.00 in all.  Seat 1's Envy Bonus for seat 2's royal flush, on the $5 schedule
    (§ 647a.12(d)(5)): $5,000.00.  The table asks a floorperson's approval from $1,000.00."""
    _, _, (table,) = linked_tables(people["super"], "TH-1")
    table.rules = {**table.rules, "approval_threshold": "1000.00"}
    table.save()
    seats = {1: True, 2: True}
    play(start_round(table, people["dealer"]), people["dealer"], *opening(seats), *to_settlement(seats),
         settle(2, ROYAL))
    dealer = tablet("dealer", f"/tables/{table.id}/")
    floor = tablet("floor", "/pit/")

    dealer.enter_cards("9c", "8d")  # seat 1's straight: one figure, $150.00, wherever it is shown
    held = dealer.state.locator("#settlement tr[data-held][data-seat='1'][data-wager='progressive']")
    expect(held).to_contain_text("$150.00 once approved")
    straight = floor.page.locator(".pit-item", has_text="Seat 1: Progressive Payout Wager payout to validate")
    expect(straight).to_contain_text("pay $150.00 (the wager was collected before the deal)")
    expect(straight.locator(".pit-amount")).to_have_text("$180.00")

    # The Envy step shows what it pays, held for the floorperson already: no "paid" before the release.
    lines = dealer.prompt.locator("#prompt-lines tr[data-wager='progressive_envy']")
    expect(lines).to_have_count(1)
    expect(lines).to_contain_text("Seat 1")
    expect(lines).to_contain_text("seat 2: Royal flush (A♥ K♥ + 10♥ J♥ Q♥)")
    expect(lines).to_contain_text("$5 schedule")
    expect(lines).to_contain_text("WAIT — $5,000.00 once approved")
    expect(dealer.prompt).to_contain_text("Do not pay yet: a floorperson approves them first")
    expect(dealer.prompt.get_by_role("button", name="Envy Bonuses paid")).to_have_count(0)

    for item in (straight, floor.page.locator(".pit-item", has_text="Seat 2: payout of $10,001.00")):
        item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator(".pit-item")).to_have_count(1)
    expect(dealer.state.locator("#seat-total-1")).to_contain_text("then pay $5,000.00")
    expect(dealer.state.locator("#seat-total-1")).to_contain_text("Paid apart from the held lines: pay $180.00")
    released = dealer.state.locator("#settlement tr[data-seat='1'][data-wager='progressive']")
    expect(released).not_to_have_attribute("data-held", "1")
    expect(released).to_contain_text("pay $150.00 (the wager was collected before the deal)")
    envy = floor.page.locator(".pit-item", has_text="Seat 1: payout of $5,000.00")
    expect(envy.locator(".pit-amount")).to_have_text("$5,000.00")
    expect(envy.locator("table tr")).to_have_count(1)  # the Envy Bonus alone: what was paid is not asked again
    dealer.page.evaluate("window.scrollTo(0, 0)")  # the bar that stays on top drawn at the top of the page
    dealer.screenshot("table-envy-bonus-held.png")
    floor.screenshot("pit-envy-bonus.png", full_page=False)

    envy.get_by_role("button", name="Approve").click()
    expect(dealer.prompt).to_contain_text("The floorperson released them: pay them now")
    dealer.tap("Envy Bonuses paid")
    expect(dealer.prompt).to_contain_text("Close the round")
